//! Moves and questions typed in the text view (a screen reader's way to
//! play, after lichess's blind mode): a space to place the tile ("1,0",
//! "1,0 90"), the word of an option ("2", "cw", "yes", "no"), or a question
//! ("board", "look 1,0", "tile", "options", "scores", "walls",
//! "followers", "help"), plus "undo" and "hint".

use super::describe;
use super::log::log_turns;
use crate::engine::city::{Choice, Decision, Game};
use crate::engine::core::geom::{Cell, Rotation};
use crate::engine::TileGame;
use crate::view::words::{cell_name, turn_name};

/// What a typed line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Take this choice.
    Play(Choice),
    /// Answer in words (a question, or why the line is not a move).
    Say(String),
    Undo,
    Hint,
}

/// What the text view's "help" says.
pub const HELP: &str = "Type a move or a question, then Enter. To place the tile: a space such as “1,0”, with a turn if you like (“1,0 90”; turns are clockwise). Otherwise the word of an option: a number, “cw” or “ccw”, “yes” or “no”. Questions: “options” (what you may do), “tile” (the tile in hand), “look 1,0” (a space), “board” (every tile), “followers”, “walls”, “scores”, “last” (the last turn). Also “undo” and “hint”.";

/// "1,0", "1 0", "-1,2": a cell.
fn parse_cell(s: &str) -> Option<Cell> {
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

/// The command a typed line asks for. `rot`: the tile in hand's turn now
/// (a space typed without a turn takes it when it fits there).
pub fn command(game: &Game, names: &[String], line: &str, rot: Option<Rotation>) -> Command {
    // ASCII: the commands are English words and board names; Unicode's case
    // tables would cost the page some 13 KB gzipped.
    let input = line.trim().to_ascii_lowercase();
    let (word, rest) = match input.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (input.as_str(), ""),
    };
    let say = |s: String| Command::Say(s);
    match word {
        "" => return say(HELP.into()),
        "help" | "?" | "h" => return say(HELP.into()),
        "options" | "o" | "moves" | "m" => return say(describe::options_words(game)),
        "board" | "b" => return say(describe::board_words(game)),
        "followers" | "f" => return say(describe::followers_words(game, names)),
        "walls" | "w" | "wall" => return say(describe::walls_words(game, names)),
        "scores" | "s" | "score" => return say(describe::scores_words(game, names)),
        "tile" | "t" => {
            return say(
                describe::hand_words(game).unwrap_or_else(|| "No tile is in hand now.".into())
            )
        }
        "look" | "l" | "at" => {
            return match parse_cell(rest) {
                Some(c) => say(describe::cell_words(game, c, names)),
                None => say("Say which space, such as “look 1,0”.".into()),
            }
        }
        "last" | "log" => {
            return say(match log_turns(game.events(), names).last() {
                Some(t) => {
                    let lines: Vec<&str> = t.lines.iter().map(|l| l.text.as_str()).collect();
                    format!("Turn {}: {}", t.turn, lines.join(" "))
                }
                None => "Nothing has happened yet.".into(),
            })
        }
        "undo" => return Command::Undo,
        "hint" => return Command::Hint,
        _ => {}
    }
    let Some(decision) = game.decision() else {
        return say("The game is over: nothing more can be played.".into());
    };
    if let Decision::PlaceTile { tile } = decision {
        let Some((cell, turn)) = parse_placement(&input) else {
            return say(format!(
                "“{}” is not a space. {}",
                line.trim(),
                describe::options_words(game)
            ));
        };
        let fits: Vec<Rotation> = game
            .placements(tile)
            .into_iter()
            .filter(|p| p.0 == cell)
            .map(|p| p.1)
            .collect();
        let chosen = match turn {
            Some(r) => fits.contains(&r).then_some(r),
            None => rot.filter(|r| fits.contains(r)).or(fits.first().copied()),
        };
        return match chosen {
            Some(rot) => Command::Play(Choice::Place { cell, rot }),
            None if fits.is_empty() => say(format!(
                "The tile does not fit on {}. {}",
                cell_name(cell),
                describe::options_words(game)
            )),
            None => say(format!(
                "Not turned that way: on {} the tile fits turned {}.",
                cell_name(cell),
                fits.iter()
                    .map(|&r| turn_name(r))
                    .collect::<Vec<_>>()
                    .join(" or ")
            )),
        };
    }
    let options = describe::options(game);
    let key = match input.as_str() {
        "n" | "none" => "no",
        "y" => "yes",
        "clockwise" => "cw",
        "counter-clockwise" | "counterclockwise" => "ccw",
        k => k,
    };
    match options.iter().find(|o| o.key == key) {
        Some(o) => Command::Play(o.choice),
        None => say(format!(
            "“{}” is not one of the options. {}",
            line.trim(),
            describe::options_words(game)
        )),
    }
}
