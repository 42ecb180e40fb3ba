//! The players' aids (issue 39) for the screens: the engine's aids of a
//! position (`engine::core::aids`) made into what the board draws — a mark
//! per open space (dead, only one tile left), the doomed features' tiles,
//! the holdings' tiles with their owners — and into words: a space's fits
//! and odds, the dead spaces and what they doom, who holds what, the score
//! if the game ended now. Either game; nothing here when the game's setup
//! has the aids off (`Setup::aids`).

use crate::palette::PlayerColour;
use crate::words::{cell_name, list_words};
use engine::any::{AnyGame, Ruleset};
use engine::core::aids::{Aids, Doomed, Holding, Kind, Space};
use engine::core::geom::Cell;
use engine::core::sort;
use i18n::msg::aids as m;

/// An open space as the board marks it, with its words.
#[derive(Clone, Debug, PartialEq)]
pub struct SpaceMark {
    pub cell: Cell,
    pub dead: bool,
    /// Only one tile still to come can fill it.
    pub last: bool,
    /// What fits and the odds, in a sentence.
    pub words: String,
    /// The same with at most a few tile types named (the board's box).
    pub short: String,
}

/// A feature's tiles marked on the board, with the seats it concerns.
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureMark {
    pub tiles: Vec<Cell>,
    /// Dead spaces it needs (a doomed feature's), else empty.
    pub needs: Vec<Cell>,
    /// Owners' colours (marks and colours: the board draws both).
    pub owners: Vec<PlayerColour>,
    pub words: String,
}

/// Every aid of a position for the screens.
#[derive(Clone, Debug, PartialEq)]
pub struct AidsView {
    pub spaces: Vec<SpaceMark>,
    pub doomed: Vec<FeatureMark>,
    pub holdings: Vec<FeatureMark>,
    /// Each seat's score if the game ended now.
    pub projected: Vec<u32>,
    /// Each seat's breakdown if the game ended now (the panel's sources).
    pub breakdown: Vec<Vec<u32>>,
    /// "Dead spaces: …" and what they doom, in sentences.
    pub dead_words: String,
    pub owners_words: String,
    pub ended_words: String,
}

impl AidsView {
    /// The aids of `game` for players `names` with `colours`; `None` when
    /// its setup has them off.
    pub fn of(game: &AnyGame, names: &[String], colours: &[PlayerColour]) -> Option<AidsView> {
        AidsView::of_hand(game, names, colours, true)
    }

    /// The same, `known`: whether the tile in hand is the game's. In a fair
    /// game waiting for another device's reveal it is a stand-in: then it
    /// is counted with the tiles still to come, unseen ([`hide_hand`]), and
    /// nothing is said of it.
    pub fn of_hand(
        game: &AnyGame,
        names: &[String],
        colours: &[PlayerColour],
        known: bool,
    ) -> Option<AidsView> {
        if !game.aids_on() {
            return None;
        }
        let mut a = game.aids();
        if !known {
            hide_hand(&mut a);
        }
        let ruleset = game.ruleset();
        let colour = |p: usize| colours.get(p).copied().unwrap_or(PlayerColour::Black);
        let owners = |mask: u8| -> Vec<usize> {
            (0..names.len()).filter(|p| mask & (1 << p) != 0).collect()
        };
        let projected_game = game.projected();
        let breakdown = breakdown_of(&projected_game, names.len());
        Some(AidsView {
            spaces: a
                .spaces
                .iter()
                .map(|s| SpaceMark {
                    cell: s.cell,
                    dead: s.dead,
                    last: !s.dead && s.last_chance(),
                    words: space_words(ruleset, &a, s, usize::MAX),
                    short: space_words(ruleset, &a, s, SHORT_LIST),
                })
                .collect(),
            doomed: a
                .doomed
                .iter()
                .map(|d| FeatureMark {
                    tiles: d.tiles.clone(),
                    needs: d.needs.clone(),
                    owners: owners(d.owners).into_iter().map(colour).collect(),
                    words: doomed_words(d, names),
                })
                .collect(),
            holdings: a
                .holdings
                .iter()
                .map(|h| FeatureMark {
                    tiles: h.tiles.clone(),
                    needs: Vec::new(),
                    owners: owners(h.owners).into_iter().map(colour).collect(),
                    words: holding_words(h, names),
                })
                .collect(),
            dead_words: dead_words(&a, names),
            owners_words: owners_words(&a, names),
            ended_words: ended_words(&a, names),
            projected: a.projected,
            breakdown,
        })
    }

    /// The mark of the open space `cell`, if it is one.
    pub fn space(&self, cell: Cell) -> Option<&SpaceMark> {
        self.spaces.iter().find(|s| s.cell == cell)
    }

    /// What the text view says of `cell` ("fits 2,3").
    pub fn space_words(&self, cell: Cell) -> String {
        match self.space(cell) {
            Some(s) => s.words.clone(),
            None => m::not_open(&cell_name(cell)),
        }
    }
}

/// The aids of a position whose tile in hand is not known here (a fair
/// game's stand-in draw, issue 37): that tile is one of the tiles still to
/// come as far as this device knows, so it goes back into the pile's
/// counts (the space it fits gains a copy) and is no longer "in hand".
/// Without this the pile would miss a tile, and the stand-in's type.
pub fn hide_hand(a: &mut Aids) {
    let Some(t) = a.in_hand.take() else { return };
    if let Some(c) = a.pile.get_mut(t as usize) {
        *c += 1;
    }
    for s in &mut a.spaces {
        // (`hand_fits` is the tile fitting for the seat to move, as `fits`.)
        if std::mem::take(&mut s.hand_fits) {
            if let Err(i) = s.fits.binary_search(&t) {
                s.fits.insert(i, t);
            }
            s.copies += 1;
        }
    }
}

/// Each seat's points by source in the game ended now (the panel's order).
fn breakdown_of(g: &AnyGame, n: usize) -> Vec<Vec<u32>> {
    let v: Vec<Vec<u32>> = match g {
        AnyGame::City(g) => g
            .players()
            .iter()
            .map(|p| {
                let b = p.breakdown;
                vec![b.streets, b.markets, b.towers, b.stewards, b.guards]
            })
            .collect(),
        AnyGame::Classic(g) => g
            .players()
            .iter()
            .map(|p| {
                let b = p.breakdown;
                vec![b.roads, b.cities, b.cloisters, b.farms, b.coins]
            })
            .collect(),
    };
    v.into_iter().take(n).collect()
}

/// A chance as a percentage in the language's way, at least 1 when not 0.
fn percent(copies: u32, total: u32) -> String {
    if total == 0 {
        return m::percent(0u32);
    }
    let p = ((copies as f64 * 100.0 / total as f64).round() as u32).max(u32::from(copies > 0));
    m::percent(p)
}

/// Tile types a space's box on the board names at most (The City has many
/// types of one copy each); the text view names them all.
const SHORT_LIST: usize = 8;

/// A space's fits: "2,3: 5 tiles still to come fit there (C ×2, D ×3); the
/// chance that the next tile fits: 8%." and whether only one can fill it,
/// whether the tile in hand fits. At most `most` types named, then "…".
pub fn space_words(ruleset: Ruleset, a: &Aids, s: &Space, most: usize) -> String {
    let cell = cell_name(s.cell);
    let mut out = if s.fits.is_empty() && !s.hand_fits {
        m::dead_space(&cell)
    } else {
        let mut types: Vec<String> = s
            .fits
            .iter()
            .take(most)
            .map(|&t| {
                format!(
                    "{} ×{}",
                    crate::any::tile_name(ruleset, t),
                    a.pile[t as usize]
                )
            })
            .collect();
        if s.fits.len() > most {
            types.push("…".into());
        }
        m::fits(
            &cell,
            s.copies,
            &types.join(", "),
            &percent(s.copies, a.pile_total()),
        )
    };
    if s.hand_fits {
        out.push(' ');
        out.push_str(m::hand_fits());
    }
    if s.last_chance() {
        out.push(' ');
        out.push_str(m::last_chance());
    }
    out
}

pub(crate) fn kind_words(k: Kind) -> &'static str {
    match k {
        Kind::Road => m::kind_road(),
        Kind::City => m::kind_city(),
        Kind::Cloister => m::kind_cloister(),
        Kind::Field => m::kind_farm(),
        Kind::Street => m::kind_street(),
        Kind::Market => m::kind_market(),
        Kind::Residential => m::kind_residential(),
        Kind::Guard => m::kind_guard(),
    }
}

fn who(mask: u8, names: &[String]) -> Option<String> {
    let v: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|(p, _)| mask & (1 << p) != 0)
        .map(|(_, n)| n.as_str())
        .collect();
    list_words(&v)
}

fn cells_words(cells: &[Cell]) -> String {
    let mut v = cells.to_vec();
    sort::sort_by(&mut v, |a, b| (a.y, a.x) < (b.y, b.x));
    v.iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A doomed feature: what, where, what it needs, who loses what.
fn doomed_words(d: &Doomed, names: &[String]) -> String {
    let mut out = m::doomed(
        kind_words(d.kind),
        &cell_name(d.cell),
        &cells_words(&d.needs),
    );
    out.push(' ');
    match who(d.owners, names) {
        Some(owners) => {
            out.push_str(&m::lost(&owners, d.lost));
            let stuck: u32 = d.followers.iter().map(|&n| n as u32).sum();
            out.push(' ');
            out.push_str(&m::stuck(stuck));
        }
        None => out.push_str(m::unowned()),
    }
    out
}

/// A holding: what, where, whose, what each would score.
fn holding_words(h: &Holding, names: &[String]) -> String {
    let owners = who(h.owners, names).unwrap_or_default();
    let points: Vec<String> = names
        .iter()
        .enumerate()
        .filter(|(p, _)| h.followers[*p] > 0 || h.paid[*p] > 0)
        .map(|(p, n)| format!("{n} {}", h.paid[p]))
        .collect();
    m::holding(
        kind_words(h.kind),
        &cell_name(h.cell),
        &owners,
        &points.join(", "),
    )
}

/// "dead": the dead spaces, then each doomed feature.
fn dead_words(a: &Aids, names: &[String]) -> String {
    let dead: Vec<Cell> = a.dead().collect();
    if dead.is_empty() {
        return m::no_dead().into();
    }
    let mut out = m::dead_list(&cells_words(&dead));
    for d in &a.doomed {
        out.push(' ');
        out.push_str(&doomed_words(d, names));
    }
    out
}

/// "owners": each holding.
fn owners_words(a: &Aids, names: &[String]) -> String {
    if a.holdings.is_empty() {
        return m::no_holdings().into();
    }
    a.holdings
        .iter()
        .map(|h| holding_words(h, names))
        .collect::<Vec<_>>()
        .join(" ")
}

/// "if it ended now": each seat's projected score beside its score.
fn ended_words(a: &Aids, names: &[String]) -> String {
    let v: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(p, n)| {
            m::ended_one(
                n,
                a.projected.get(p).copied().unwrap_or(0),
                a.scores.get(p).copied().unwrap_or(0),
            )
        })
        .collect();
    m::ended(&v.join(", "))
}

/// The text view's answer to an aid's question ("fits 2,3", "dead",
/// "owners", "if it ended now"; "help" adds the aids' words to the game's
/// `help`), or `None` for a line that asks none.
pub fn text_answer(game: &AnyGame, help: &str, names: &[String], line: &str) -> Option<String> {
    text_answer_hand(game, help, names, line, true)
}

/// The same, `known`: whether the tile in hand is the game's (see
/// [`AidsView::of_hand`]).
pub fn text_answer_hand(
    game: &AnyGame,
    help: &str,
    names: &[String],
    line: &str,
    known: bool,
) -> Option<String> {
    use crate::command::{means, parse_cell};
    use i18n::msg::command;
    // ASCII lower case, as the text view reads every line.
    let input = line.trim().to_ascii_lowercase();
    let (word, rest) = match input.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (input.as_str(), ""),
    };
    let is = |english: &[&str], translated: &str| means(word, english, translated);
    let help_asked = is(&["", "help", "?", "h"], command::words_help());
    let fits = is(&["fits", "fit"], command::words_fits());
    let dead = is(&["dead"], command::words_dead());
    let owners = is(
        &["owners", "owner", "farms", "farm"],
        command::words_owners(),
    );
    let ended = is(&["if", "ended", "projected"], command::words_ended());
    if !(help_asked || fits || dead || owners || ended) {
        return None;
    }
    let view = AidsView::of_hand(game, names, &[], known);
    let Some(v) = view else {
        return (!help_asked).then(|| m::off().to_string());
    };
    Some(if help_asked {
        format!("{help} {}", m::help())
    } else if fits {
        match parse_cell(rest) {
            Some(cell) => v.space_words(cell),
            None => m::which_space().into(),
        }
    } else if dead {
        v.dead_words
    } else if owners {
        v.owners_words
    } else {
        v.ended_words
    })
}

#[cfg(test)]
mod hidden_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::rng::{below, rng_for_seed};
    use engine::{classic, TileGame};

    fn game(seed: u64, turns: usize) -> AnyGame {
        let cat = classic::Catalogue::builtin().unwrap();
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let setup =
            classic::Setup::from_seed(cat, names, Default::default(), Default::default(), seed)
                .unwrap();
        let mut g = classic::Game::new(cat, setup).unwrap();
        let mut rng = rng_for_seed(seed);
        while g.turns() < turns && !g.is_over() {
            let c = g.legal_choices();
            g.play(c[below(&mut rng, c.len() as u64) as usize]).unwrap();
        }
        AnyGame::Classic(g)
    }

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Bob".into()]
    }

    const COLOURS: [PlayerColour; 2] = [PlayerColour::Red, PlayerColour::Blue];

    #[test]
    fn a_space_says_what_fits_and_the_odds() {
        let g = game(3, 12);
        let v = AidsView::of(&g, &names(), &COLOURS).unwrap();
        let a = g.aids();
        let s = a.spaces.iter().find(|s| !s.fits.is_empty()).unwrap();
        let words = v.space_words(s.cell);
        assert!(
            words.starts_with(&format!("{}: {} tile", cell_name(s.cell), s.copies)),
            "{words}"
        );
        assert!(
            words.contains("the chance that the next tile fits"),
            "{words}"
        );
        assert_eq!(
            v.space_words(Cell::new(40, 40)),
            "40,40 is not an open space beside the tiles."
        );
        assert!(
            v.ended_words.starts_with("If the game ended now: Ann "),
            "{}",
            v.ended_words
        );
        assert_eq!(v.breakdown.len(), 2);
        assert_eq!(
            v.breakdown
                .iter()
                .map(|b| b.iter().sum::<u32>())
                .collect::<Vec<_>>(),
            a.projected
        );
    }

    #[test]
    fn the_aids_speak_german() {
        let g = game(5, 20);
        let v = i18n::speaking(i18n::Language::De, || {
            AidsView::of(&g, &names(), &COLOURS).unwrap()
        });
        assert!(
            v.ended_words
                .starts_with("Wenn das Spiel jetzt endete: Ann "),
            "{}",
            v.ended_words
        );
        let s = &v.spaces[0];
        assert!(
            s.words.contains("noch kommende") || s.words.contains("totes Feld"),
            "{}",
            s.words
        );
    }

    #[test]
    fn aids_off_shows_none() {
        let g = game(3, 4).with_aids(false);
        assert!(AidsView::of(&g, &names(), &COLOURS).is_none());
        assert_eq!(
            text_answer(&g, "Help.", &names(), "dead").as_deref(),
            Some("The aids are off in this game (chosen at its start).")
        );
        assert_eq!(text_answer(&g, "Help.", &names(), "help").as_deref(), None);
    }

    /// The text view's questions, in English and in German.
    #[test]
    fn the_text_view_answers_the_aids_questions() {
        let g = game(7, 30);
        let n = names();
        let a = g.aids();
        let cell = a.spaces[0].cell;
        let typed = format!("fits {},{}", cell.x, cell.y);
        let v = AidsView::of(&g, &n, &[]).unwrap();
        assert_eq!(text_answer(&g, "H.", &n, &typed), Some(v.space_words(cell)));
        assert_eq!(
            text_answer(&g, "H.", &n, "dead"),
            Some(v.dead_words.clone())
        );
        assert_eq!(
            text_answer(&g, "H.", &n, "farms"),
            Some(v.owners_words.clone())
        );
        assert_eq!(
            text_answer(&g, "H.", &n, "if it ended now"),
            Some(v.ended_words.clone())
        );
        assert!(text_answer(&g, "H.", &n, "help")
            .unwrap()
            .starts_with("H. Aids: “fits 1,0”"));
        assert_eq!(
            text_answer(&g, "H.", &n, "fits"),
            Some("Say which space, such as “fits 1,0”.".into())
        );
        assert_eq!(text_answer(&g, "H.", &n, "board"), None);
        i18n::speaking(i18n::Language::De, || {
            let v = AidsView::of(&g, &n, &[]).unwrap();
            let typed = format!("passt {},{}", cell.x, cell.y);
            assert_eq!(text_answer(&g, "H.", &n, &typed), Some(v.space_words(cell)));
            assert_eq!(text_answer(&g, "H.", &n, "tot"), Some(v.dead_words.clone()));
            assert_eq!(
                text_answer(&g, "H.", &n, "besitzer"),
                Some(v.owners_words.clone())
            );
            let ended = text_answer(&g, "H.", &n, "wenn es jetzt endete").unwrap();
            assert!(
                ended.starts_with("Wenn das Spiel jetzt endete: "),
                "{ended}"
            );
        });
    }
}
