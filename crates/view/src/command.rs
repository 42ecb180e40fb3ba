//! The text view's typed lines, whatever the ruleset (a screen reader's way
//! to play, after lichess's blind mode): a space to place the tile ("1,0",
//! "1,0 90"), the word of an option (a number, "no", "cw", a piece such as
//! "farmer", the space of a tile to pick), a question ("board", "look 1,0",
//! "tile", "options", "followers", "walls", "scores", "last", "help"), plus
//! "undo" and "hint". The grammar and the answers both games give alike
//! live here; each ruleset tells its own game in words through
//! [`TextGame`] (`city::command`, `classic::command`).

use super::log::LogTurn;
use super::survey::{self, TextFeature};
use super::words::{cell_name, turn_name};
use engine::core::geom::{Cell, Rotation};
use engine::core::sort;
use i18n::msg::command as m;

/// Whether a typed word is one of a command's words: its English ones
/// (always taken) or the chosen language's (`translated`: the message of
/// its words, space-separated, lower case).
pub(crate) fn means(word: &str, english: &[&str], translated: &str) -> bool {
    english.contains(&word) || translated.split_whitespace().any(|w| w == word)
}

/// How an option's key is written in the chosen language: "no", "yes",
/// "cw", "ccw" as its first typed word ("nein" in German); any other key
/// (a number, a space, a wall's end) as it is.
pub fn key_word(key: &str) -> &str {
    let words = match key {
        "no" => m::words_no(),
        "yes" => m::words_yes(),
        "cw" => m::words_cw(),
        "ccw" => m::words_ccw(),
        _ => return key,
    };
    words.split_whitespace().next().unwrap_or(key)
}

/// A message of typed words.
type Words = fn() -> &'static str;

/// The pieces an option may also be taken by (`TextOption::also`), with
/// the message of their words in the chosen language.
const PIECES: [(&str, Words); 5] = [
    ("thief", m::words_thief),
    ("knight", m::words_knight),
    ("monk", m::words_monk),
    ("farmer", m::words_farmer),
    ("guesthouse", m::words_guesthouse),
];

/// What a typed line asks for.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Command<C> {
    /// Take this choice.
    Play(C),
    /// Answer in words (a question, or why the line is not a move).
    Say(String),
    Undo,
    Hint,
    /// Short answers (true) or full ones from now on.
    Terse(bool),
}

impl<C> Command<C> {
    /// The same command with its choice turned into another type's.
    pub fn map<D>(self, f: impl Fn(C) -> D) -> Command<D> {
        match self {
            Command::Play(c) => Command::Play(f(c)),
            Command::Say(s) => Command::Say(s),
            Command::Undo => Command::Undo,
            Command::Hint => Command::Hint,
            Command::Terse(on) => Command::Terse(on),
        }
    }
}

/// One thing that may be done now (the tile's placements aside), with the
/// word that takes it.
#[derive(Clone, Debug, PartialEq)]
pub struct TextOption {
    /// What to type: "1", "cw", "yes", "no", a tile's space ("1,0").
    pub key: String,
    /// Another word that takes it, when no other option has it too: its
    /// piece ("farmer"); empty for none.
    pub also: &'static str,
    pub words: String,
    /// Its index among the game's legal choices.
    pub choice: usize,
}

/// One legal placement of the tile in hand: where, turned how, the choice
/// that makes it, and what it spends beside the tile (classic's wood, in
/// words: "with a wall on its west side").
#[derive(Clone, Debug, PartialEq)]
pub struct TextPlacement {
    pub cell: Cell,
    pub rot: Rotation,
    /// Its index among the game's legal choices.
    pub choice: usize,
    pub wood: Option<String>,
}

/// A ruleset's game told in words, for the text view's answers. (Used as
/// `dyn TextGame`: the reader's code is in the page once for both games.)
pub trait TextGame {
    /// What "help" says.
    fn help(&self) -> &'static str;
    /// The tile in hand turned `rot`, in words (`None`: no tile in hand).
    fn hand(&self, rot: Rotation) -> Option<String>;
    /// Every placed tile in words, by its cell, in any order.
    fn tiles(&self) -> Vec<(Cell, String)>;
    /// What stands on the tile at `cell`; `None` for an empty space.
    fn on_space(&self, cell: Cell, names: &[String]) -> Option<String>;
    fn followers_words(&self, names: &[String]) -> String;
    /// The City's wall; `None` in a game without one.
    fn walls_words(&self, names: &[String]) -> Option<String>;
    fn scores_words(&self, names: &[String]) -> String;
    /// The chronicle's turns in sentences.
    fn log_turns(&self, names: &[String]) -> Vec<LogTurn>;
    fn over(&self) -> bool;
    /// The legal placements of the tile in hand (empty at other decisions).
    fn placements(&self) -> Vec<TextPlacement>;
    /// The other decisions' options, each with the word that takes it.
    fn options(&self, names: &[String]) -> Vec<TextOption>;
    /// The seat whose decision it is.
    fn seat(&self) -> u8;
    /// The unfinished features: roads, cities, cloisters, streets,
    /// markets; fields and residential areas when they have a follower.
    fn features(&self) -> Vec<TextFeature>;
    /// What a placement would do, before it is made
    /// (`survey::preview_words`).
    fn preview(&self, names: &[String], p: &TextPlacement) -> String;
    /// The tiles left, in words: by type (classic), by stack (The City).
    fn tiles_left_words(&self) -> String;
    /// The same while the tile in hand is not known here: it is counted
    /// with the tiles still to come (The City's stacks count it already).
    fn tiles_unseen_words(&self) -> String {
        self.tiles_left_words()
    }
}

/// "1,0", "1 0", "-1,2": a cell.
pub fn parse_cell(s: &str) -> Option<Cell> {
    let mut it = s
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty());
    let x = it.next()?.replace('−', "-").parse().ok()?;
    let y = it.next()?.replace('−', "-").parse().ok()?;
    it.next().is_none().then_some(Cell::new(x, y))
}

/// "90", "90°", "r1": a clockwise turn.
fn parse_turn(s: &str) -> Option<Rotation> {
    let t = s.trim().trim_end_matches('°');
    if let Some(q) = t.strip_prefix('r') {
        return Rotation::new(q.parse().ok()?);
    }
    match t.parse::<u32>().ok()? {
        d if d % 90 == 0 && d < 360 => Rotation::new((d / 90) as u8),
        _ => None,
    }
}

/// A cell, then maybe a turn: "1,0 90", "1 0 r2".
fn parse_placement(s: &str) -> Option<(Cell, Option<Rotation>)> {
    let words: Vec<&str> = s.split_whitespace().collect();
    if let Some((last, init)) = words.split_last() {
        if !init.is_empty() {
            if let (Some(r), Some(c)) = (parse_turn(last), parse_cell(&init.join(" "))) {
                return Some((c, Some(r)));
            }
        }
    }
    parse_cell(s).map(|c| (c, None))
}

/// Where the tile fits, space by space from the north-west, each with its
/// turns and the wood a turn spends: "0,-1 (0°, 180°); 1,0 (90° with a
/// wall on its west side)".
fn fits_words(fits: &[(Cell, Rotation, Option<&str>)]) -> String {
    let mut cells: Vec<Cell> = fits.iter().map(|f| f.0).collect();
    sort::sort_by(&mut cells, |a, b| (a.y, a.x) < (b.y, b.x));
    cells.dedup();
    let parts: Vec<String> = cells
        .iter()
        .map(|&cell| {
            let turns: Vec<String> = fits
                .iter()
                .filter(|f| f.0 == cell)
                .map(|f| match f.2 {
                    Some(w) => format!("{} {w}", turn_name(f.1)),
                    None => turn_name(f.1),
                })
                .collect();
            format!("{} ({})", cell_name(cell), turns.join(", "))
        })
        .collect();
    parts.join("; ")
}

/// The decision and its options in words: what the text view lists.
pub fn options_words(game: &dyn TextGame, names: &[String]) -> String {
    options_said(game, names, false)
}

/// [`options_words`], short when `terse`: the spaces the tile fits on
/// without their turns and wood (the long list of a big board).
pub fn options_said(game: &dyn TextGame, names: &[String], terse: bool) -> String {
    let places = game.placements();
    if terse && !places.is_empty() {
        let mut cells: Vec<Cell> = places.iter().map(|p| p.cell).collect();
        sort::sort_by(&mut cells, |a, b| (a.y, a.x) < (b.y, b.x));
        cells.dedup();
        let list: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
        return i18n::msg::survey::fits_terse(cells.len(), &list.join("; "));
    }
    if !places.is_empty() {
        let fits: Vec<(Cell, Rotation, Option<&str>)> = places
            .iter()
            .map(|p| (p.cell, p.rot, p.wood.as_deref()))
            .collect();
        return m::fits_on(&fits_words(&fits));
    }
    let v: Vec<String> = game
        .options(names)
        .iter()
        .map(|o| format!("{}: {}", key_word(&o.key), o.words))
        .collect();
    if v.is_empty() {
        return m::nothing_to_decide().into();
    }
    m::type_one_of(&v.join("; "))
}

/// The tile in hand: its features as drawn, and on how many spaces it fits.
pub fn hand_words(game: &dyn TextGame) -> Option<String> {
    let tile = game.hand(Rotation::ALL[0])?;
    let mut cells: Vec<Cell> = game.placements().iter().map(|p| p.cell).collect();
    sort::sort_by(&mut cells, |a, b| (a.y, a.x) < (b.y, b.x));
    cells.dedup();
    Some(m::hand(&tile, cells.len()))
}

/// What stands at a cell; for an empty one, whether and how the tile in
/// hand fits there (each turn with the wood it spends).
pub fn look_words(game: &dyn TextGame, cell: Cell, names: &[String]) -> String {
    if let Some(words) = game.on_space(cell, names) {
        return m::on_space(&cell_name(cell), &words);
    }
    let ways: Vec<String> = game
        .placements()
        .iter()
        .filter(|p| p.cell == cell)
        .map(|p| {
            let tile = game.hand(p.rot).unwrap_or_default();
            match &p.wood {
                Some(w) => m::turned_with(&turn_name(p.rot), w, &tile),
                None => m::turned(&turn_name(p.rot), &tile),
            }
        })
        .collect();
    if ways.is_empty() {
        return m::empty(&cell_name(cell));
    }
    m::empty_fits(&cell_name(cell), &ways.join(&format!("; {} ", m::or())))
}

/// Every tile, row by row from the north, west to east (`tiles`: each
/// placed tile's cell and words).
pub fn board_words(mut tiles: Vec<(Cell, String)>) -> String {
    if tiles.is_empty() {
        return m::board_empty().into();
    }
    sort::sort_by(&mut tiles, |a, b| (a.0.y, a.0.x) < (b.0.y, b.0.x));
    let (mut lo, mut hi) = (tiles[0].0, tiles[0].0);
    for (c, _) in &tiles {
        (lo.x, lo.y, hi.x, hi.y) = (lo.x.min(c.x), lo.y.min(c.y), hi.x.max(c.x), hi.y.max(c.y));
    }
    let mut out = m::board(tiles.len(), &cell_name(lo), &cell_name(hi));
    let mut row = None;
    for (cell, words) in &tiles {
        if row != Some(cell.y) {
            row = Some(cell.y);
            out.push('\n');
            out.push_str(&m::row(&cell.y.to_string()));
        }
        out.push_str(&format!(" {}, {words}.", cell_name(*cell)));
    }
    out
}

/// The last turn of the chronicle in words.
fn last_words(turns: &[LogTurn]) -> String {
    match turns.last() {
        Some(t) => {
            let lines: Vec<&str> = t.lines.iter().map(|l| l.text.as_str()).collect();
            m::last_turn(t.turn, &lines.join(" "))
        }
        None => m::nothing_yet().into(),
    }
}

/// The option a typed word takes: its key (a space typed as the options
/// write it), else the one option with that other word; or why none.
fn pick<'a>(options: &'a [TextOption], input: &str) -> Result<&'a TextOption, String> {
    let key = if means(input, &["n", "none"], m::words_no()) {
        "no".to_string()
    } else if means(input, &["y"], m::words_yes()) {
        "yes".into()
    } else if means(input, &["clockwise"], m::words_cw()) {
        "cw".into()
    } else if means(
        input,
        &["counter-clockwise", "counterclockwise"],
        m::words_ccw(),
    ) {
        "ccw".into()
    } else if let Some((piece, _)) = PIECES.iter().find(|(_, w)| means(input, &[], w())) {
        piece.to_string()
    } else {
        parse_cell(input).map_or_else(|| input.to_string(), cell_name)
    };
    if let Some(o) = options.iter().find(|o| o.key == key) {
        return Ok(o);
    }
    let also: Vec<&TextOption> = options.iter().filter(|o| o.also == key).collect();
    match also.as_slice() {
        [one] => Ok(one),
        [] => Err(String::new()),
        many => {
            let keys: Vec<&str> = many.iter().map(|o| key_word(&o.key)).collect();
            Err(m::more_than_one(
                &crate::words::echo(input),
                &keys.join(&format!(" {} ", m::or())),
            ))
        }
    }
}

/// [`command`] with its choice as the game's own (`legal_choices()[i]`):
/// what each ruleset's text view asks (view/city/command.rs,
/// view/classic/command.rs).
pub fn command_choice<G: TextGame + engine::TileGame>(
    game: &G,
    names: &[String],
    line: &str,
    rot: Option<Rotation>,
) -> Command<G::Choice> {
    let legal = game.legal_choices();
    command(game, names, line, rot).map(|i| legal[i])
}

/// Puts the option "no" last (the engines list it first), for the text
/// view's list of options.
pub fn no_last(options: &mut Vec<TextOption>) {
    if let Some(i) = options.iter().position(|o| o.key == "no") {
        let no = options.remove(i);
        options.push(no);
    }
}

/// What the text view knows besides the game and the line typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The computer seat deciding now, by name: a move typed meanwhile is
    /// refused, saying whose turn it is (questions are answered).
    pub waiting: Option<String>,
    /// Short answers (the text view's setting): the options without their
    /// long words.
    pub terse: bool,
    /// The tile in hand is not known here (a fair game waiting for another
    /// device's reveal: a stand-in): neither it nor its options are said,
    /// and it counts with the tiles still to come.
    pub hand_unknown: bool,
}

/// The command a typed line asks for, its choice as an index among the
/// game's legal choices. `rot`: the tile in hand's turn now (a space typed
/// without a turn takes it when it fits there).
pub fn command(
    game: &dyn TextGame,
    names: &[String],
    line: &str,
    rot: Option<Rotation>,
) -> Command<usize> {
    command_reading(game, names, line, rot, &Reading::default())
}

/// [`command`], knowing what the text view knows (`how`).
pub fn command_reading(
    game: &dyn TextGame,
    names: &[String],
    line: &str,
    rot: Option<Rotation>,
    how: &Reading,
) -> Command<usize> {
    // By Unicode's rules: "PLÄTTCHEN" and a phone's capital "Żaden" are
    // words too (the text view's words are in the records chunk, fetched
    // when it opens, so the tables cost nothing before the first screen).
    let input = line.trim().to_lowercase();
    let (word, rest) = match input.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (input.as_str(), ""),
    };
    let say = |s: String| Command::Say(s);
    let is = |english: &[&str], translated: &str| means(word, english, translated);
    if is(&["", "help", "?", "h"], m::words_help()) {
        return say(game.help().into());
    }
    let tile_asked = is(&["tile", "t"], m::words_tile());
    if how.hand_unknown && (tile_asked || is(&["options", "o", "moves", "m"], m::words_options())) {
        return say(m::no_tile().into());
    }
    if is(&["options", "o", "moves", "m"], m::words_options()) {
        return say(options_said(game, names, how.terse));
    }
    if is(&["board", "b"], m::words_board()) {
        return say(board_words(game.tiles()));
    }
    if is(&["followers", "f"], m::words_followers()) {
        return say(game.followers_words(names));
    }
    if is(&["walls", "w", "wall"], m::words_walls()) {
        return say(game
            .walls_words(names)
            .unwrap_or_else(|| m::no_wall().into()));
    }
    if is(&["scores", "s", "score"], m::words_scores()) {
        return say(game.scores_words(names));
    }
    if is(&["tile", "t"], m::words_tile()) {
        return say(hand_words(game).unwrap_or_else(|| m::no_tile().into()));
    }
    if is(&["look", "l", "at"], m::words_look()) {
        return say(match parse_cell(rest) {
            Some(c) => look_words(game, c, names),
            None => m::which_space().into(),
        });
    }
    if is(&["last", "log"], m::words_last()) {
        return say(last_words(&game.log_turns(names)));
    }
    // The board surveyed (`survey`): a row, a column, the 3×3 round a cell,
    // the unfinished features (all, or the player's to move), the tiles left.
    let number = |s: &str| s.trim().replace('−', "-").parse::<i32>().ok();
    if is(&["row", "r"], m::words_row()) {
        return say(match number(rest) {
            Some(y) => survey::line_words(game.tiles(), Some(y), None),
            None => m::which_row().into(),
        });
    }
    if is(&["column", "col", "c"], m::words_column()) {
        return say(match number(rest) {
            Some(x) => survey::line_words(game.tiles(), None, Some(x)),
            None => m::which_column().into(),
        });
    }
    if is(&["around", "near"], m::words_around()) {
        return say(match parse_cell(rest) {
            Some(c) => survey::around_words(game, c),
            None => m::which_space().into(),
        });
    }
    if is(&["open", "unfinished"], m::words_open()) {
        return say(survey::features_words(game, names, None));
    }
    if is(&["mine", "my"], m::words_mine()) {
        return say(survey::features_words(game, names, Some(game.seat())));
    }
    if is(&["tiles", "pile"], m::words_tiles()) {
        return say(match how.hand_unknown {
            true => game.tiles_unseen_words(),
            false => game.tiles_left_words(),
        });
    }
    if is(&["terse", "short"], m::words_terse()) {
        return Command::Terse(true);
    }
    if is(&["verbose", "long"], m::words_verbose()) {
        return Command::Terse(false);
    }
    // "try 1,0 90", or "1,0 90?": what the placement would do.
    let trying = is(&["try", "preview"], m::words_try());
    let asked = input.strip_suffix('?').filter(|_| !trying);
    if trying || asked.is_some() {
        let what = asked.unwrap_or(rest).trim();
        let places = game.placements();
        if game.over() || places.is_empty() {
            return say(m::nothing_to_try().into());
        }
        let Some((cell, turn)) = parse_placement(what) else {
            return say(m::not_a_space(what, &options_said(game, names, how.terse)));
        };
        return say(match survey::placement_named(&places, cell, turn, rot) {
            Some(p) => game.preview(names, p),
            None => m::does_not_fit(&cell_name(cell), &options_said(game, names, how.terse)),
        });
    }
    if is(&["undo"], m::words_undo()) {
        return Command::Undo;
    }
    if is(&["hint"], m::words_hint()) {
        return Command::Hint;
    }
    if game.over() {
        return say(m::over().into());
    }
    if let Some(who) = &how.waiting {
        return say(m::computer_deciding(who));
    }
    let places = game.placements();
    if !places.is_empty() {
        let Some((cell, turn)) = parse_placement(&input) else {
            return say(m::not_a_space(
                &crate::words::echo(line.trim()),
                &options_said(game, names, how.terse),
            ));
        };
        let fits: Vec<&TextPlacement> = places.iter().filter(|p| p.cell == cell).collect();
        let chosen = match turn {
            Some(r) => fits.iter().find(|p| p.rot == r),
            None => fits.iter().find(|p| Some(p.rot) == rot).or(fits.first()),
        };
        return match chosen {
            Some(p) => Command::Play(p.choice),
            None if fits.is_empty() => say(m::does_not_fit(
                &cell_name(cell),
                &options_said(game, names, how.terse),
            )),
            None => say(m::not_turned(
                &cell_name(cell),
                &fits
                    .iter()
                    .map(|p| turn_name(p.rot))
                    .collect::<Vec<_>>()
                    .join(&format!(" {} ", m::or())),
            )),
        };
    }
    match pick(&game.options(names), &input) {
        Ok(o) => Command::Play(o.choice),
        Err(why) if !why.is_empty() => say(why),
        Err(_) => say(m::not_an_option(
            &crate::words::echo(line.trim()),
            &options_said(game, names, how.terse),
        )),
    }
}

/// Plays a script of typed lines on `game`, as the text view does, and
/// checks each answer: the words said, or `"played"` (the choice is played
/// on), `"undo"` (the last decision is taken back), `"hint"`. Every
/// mismatch is listed before the test fails.
#[cfg(test)]
pub fn check_script<G: TextGame + engine::TileGame>(
    mut game: G,
    names: &[String],
    script: &[(&str, &str)],
) -> G {
    let mut wrong = Vec::new();
    for (n, &(line, want)) in script.iter().enumerate() {
        let got = match command(&game, names, line, None) {
            Command::Play(c) => {
                game.play(game.legal_choices()[c]).unwrap();
                "played".to_string()
            }
            Command::Say(s) => s,
            Command::Undo => {
                game = game.undo().expect("something to undo");
                "undo".into()
            }
            Command::Hint => "hint".into(),
            Command::Terse(on) => format!("terse {on}"),
        };
        if got != want {
            wrong.push(format!(
                "line {n}: {line:?}\n  want {want:?}\n  got  {got:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_and_turns_are_read_as_typed() {
        assert_eq!(parse_cell("1,0"), Some(Cell::new(1, 0)));
        assert_eq!(parse_cell(" -1 , 2 "), Some(Cell::new(-1, 2)));
        assert_eq!(parse_cell("−3,4"), Some(Cell::new(-3, 4)));
        assert_eq!(parse_cell("1"), None);
        assert_eq!(parse_cell("1,2,3"), None);
        assert_eq!(parse_cell("a,b"), None);
        let r = |q| Rotation::new(q);
        assert_eq!(parse_placement("1,0 90"), Some((Cell::new(1, 0), r(1))));
        assert_eq!(parse_placement("1 0 270°"), Some((Cell::new(1, 0), r(3))));
        assert_eq!(parse_placement("1,0 r2"), Some((Cell::new(1, 0), r(2))));
        assert_eq!(parse_placement("1 0"), Some((Cell::new(1, 0), None)));
        // "1,0 45": no turn of a quarter, and no space of three numbers.
        assert_eq!(parse_placement("1,0 45"), None);
        assert_eq!(parse_placement("north"), None);
    }

    #[test]
    fn the_board_is_read_row_by_row_from_the_north_west() {
        let b = board_words(vec![
            (Cell::new(1, 0), "B".into()),
            (Cell::new(0, -1), "A".into()),
            (Cell::new(0, 0), "C".into()),
        ]);
        assert_eq!(
            b,
            "3 tiles placed, from 0,-1 in the north-west to 1,0 in the south-east (x grows to the east, y to the south).\nRow -1: 0,-1, A.\nRow 0: 0,0, C. 1,0, B."
        );
        assert_eq!(
            board_words(Vec::new()),
            "The board is empty: the first tile goes on 0,0."
        );
    }

    #[test]
    fn an_option_is_taken_by_its_key_or_its_only_other_word() {
        let o = |key: &str, also, choice| TextOption {
            key: key.into(),
            also,
            words: String::new(),
            choice,
        };
        let options = [
            o("1", "thief", 1),
            o("2", "farmer", 2),
            o("3", "farmer", 3),
            o("-1,2", "", 4),
            o("no", "", 0),
        ];
        assert_eq!(pick(&options, "1").map(|o| o.choice), Ok(1));
        assert_eq!(pick(&options, "thief").map(|o| o.choice), Ok(1));
        assert_eq!(pick(&options, "none").map(|o| o.choice), Ok(0));
        assert_eq!(pick(&options, "-1 2").map(|o| o.choice), Ok(4));
        assert_eq!(
            pick(&options, "farmer").map(|o| o.choice),
            Err("More than one option is a farmer: type 2 or 3.".into())
        );
        assert_eq!(pick(&options, "monk").map(|o| o.choice), Err(String::new()));
    }

    /// Runs `f` in German, then back in English.
    pub fn in_german<T>(f: impl FnOnce() -> T) -> T {
        i18n::speaking(i18n::Language::De, f)
    }

    #[test]
    fn german_words_are_taken_beside_the_english_ones() {
        let o = |key: &str, also, choice| TextOption {
            key: key.into(),
            also,
            words: String::new(),
            choice,
        };
        let options = [o("1", "thief", 1), o("2", "farmer", 2), o("no", "", 0)];
        in_german(|| {
            assert_eq!(pick(&options, "bauer").map(|o| o.choice), Ok(2));
            assert_eq!(pick(&options, "wegelagerer").map(|o| o.choice), Ok(1));
            assert_eq!(pick(&options, "nein").map(|o| o.choice), Ok(0));
            assert_eq!(pick(&options, "no").map(|o| o.choice), Ok(0));
            assert_eq!(key_word("no"), "nein");
            assert_eq!(
                board_words(Vec::new()),
                "Das Spielbrett ist leer: Das erste Plättchen kommt auf 0,0."
            );
        });
        assert_eq!(key_word("no"), "no");
    }
}
