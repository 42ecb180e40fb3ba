//! Classic Game Notation (NOTATION-CLASSIC.md, CGN-C), classic's grammar
//! over the shared syntax: read a record by replaying it through the
//! engine's rules, write one from a game, and summarise a replay.
//!
//! A bad record gives `line N: reason (rule id)` and keeps nothing; no
//! input panics.

use super::syntax::{
    check_turn_number, err, parse_cell, parse_rotation, tag_line, RecordError, RecordProblem,
    Sections, Syntax, Tags,
};
pub use super::DeckTag;
use engine::classic::setup::{check_players, shuffled};
use engine::classic::{
    Axis, Bridge, Catalogue, Choice, Decision, Expansions, Game, Options, Placement, Setup, Spot,
    TileDef, Turn, TurnRecord, Wood,
};
use engine::core::geom::{Cell, Dir};
use engine::core::reason::OptionProblem;
use engine::TileGame;
use serde::Serialize;

/// The `Game` tag's value.
pub const GAME_NAME: &str = "Carcassonne";

/// A record read and replayed: the game at its last position, and the tags
/// the engine does not interpret (`Date`, `Note`, ...), in order.
#[derive(Clone, Debug)]
pub struct Record {
    pub game: Game,
    pub extra_tags: Vec<(String, String)>,
}

const KNOWN_TAGS: [&str; 8] = [
    "Aids",
    "Game",
    "Format",
    "Players",
    "Expansions",
    "Options",
    "Seed",
    "Deck",
];

/// Read a CGN-C record and replay it.
pub fn read(text: &str) -> Result<Record, RecordError> {
    let catalogue = Catalogue::builtin()
        .map_err(|e| RecordError::new(0, RecordProblem::Catalogue(e.to_string())))?;
    read_sections(catalogue, Sections::read(text)?)
}

/// The grammar after the tag section was read (the caller may have read the
/// `Game` tag to pick this grammar).
pub fn read_sections(
    catalogue: &'static Catalogue,
    sections: Sections,
) -> Result<Record, RecordError> {
    let tag_end = sections.tag_end();
    let mut setup = setup_from_tags(catalogue, &sections.tags, tag_end)?;
    setup.aids = super::syntax::aids_from_tags(&sections.tags)?;
    let mut game = Game::new(catalogue, setup).map_err(|e| RecordError::new(tag_end, e))?;
    for (expected, line) in (1usize..).zip(sections.turn_lines()) {
        let (no, line) = line?;
        play_turn_line(&mut game, &line, expected, no)?;
    }
    let extra_tags = sections.tags.extra(&KNOWN_TAGS);
    Ok(Record { game, extra_tags })
}

fn setup_from_tags(
    catalogue: &'static Catalogue,
    tags: &Tags,
    tag_end: usize,
) -> Result<Setup, RecordError> {
    let at = |l: usize| move |problem: OptionProblem| RecordError::new(l, problem);
    match tags.get("Game") {
        Some((_, GAME_NAME)) => {}
        Some((l, v)) => {
            return err(
                l,
                Syntax::GameMustBeOne {
                    game: GAME_NAME,
                    value: v.to_string(),
                },
            )
        }
        None => return err(tag_end, Syntax::GameTagMissing),
    }
    match tags.get("Format") {
        Some((_, "1")) => {}
        Some((l, v)) => {
            return err(
                l,
                Syntax::FormatUnknown {
                    value: v.to_string(),
                },
            )
        }
        None => return err(tag_end, Syntax::TagMissing { tag: "Format" }),
    }
    let (pl, players) = tags
        .get("Players")
        .ok_or_else(|| RecordError::new(tag_end, Syntax::TagMissing { tag: "Players" }))?;
    let players: Vec<String> = players.split(',').map(|s| s.trim().to_string()).collect();
    check_players(&players).map_err(|e| RecordError::new(pl, e))?;
    let expansions = match tags.get("Expansions") {
        None => Expansions::BASE,
        Some((l, v)) => Expansions::parse(v).map_err(at(l))?,
    };
    let options = match tags.get("Options") {
        None => Options::default(),
        Some((l, v)) => Options::parse(v, expansions).map_err(at(l))?,
    };
    // Strict: a malformed Seed is an error even beside a Deck.
    let seed = match tags.get("Seed") {
        None => None,
        Some((l, v)) => Some((
            l,
            v.parse::<u64>().map_err(|_| {
                RecordError::new(
                    l,
                    Syntax::SeedNotNumber {
                        value: v.to_string(),
                    },
                )
            })?,
        )),
    };
    if let Some((l, deck)) = tags.get("Deck") {
        let mut ids = Vec::new();
        for id in deck.split_whitespace() {
            match catalogue.by_id(id) {
                Some(t) => ids.push(t),
                None => return err(l, Syntax::UnknownTileInDeck { id: id.to_string() }),
            }
        }
        let mut setup = Setup::from_deck(catalogue, players, expansions, options, ids)
            .map_err(|e| RecordError::new(l, e))?;
        // Both tags: the Deck is the game; it was dealt from the Seed when
        // it is that seed's whole pile.
        if let Some((_, s)) = seed {
            if shuffled(catalogue, expansions, s) == setup.deck {
                setup.seed = Some(s);
            }
        }
        Ok(setup)
    } else if let Some((l, s)) = seed {
        Setup::from_seed(catalogue, players, expansions, options, s)
            .map_err(|e| RecordError::new(l, e))
    } else {
        err(tag_end, Syntax::SeedOrDeck)
    }
}

/// What follows `|` on a turn line (Old City), in the order written.
#[derive(Default)]
struct Extras {
    guesthouse: Option<Spot>,
    wyvern: Option<Cell>,
}

fn parse_extras(
    text: &str,
    tile: &engine::classic::TileDef,
    no: usize,
) -> Result<Extras, RecordError> {
    let mut x = Extras::default();
    for part in text.split(';') {
        let part = part.trim();
        let tokens: Vec<&str> = part.split_whitespace().collect();
        match tokens[..] {
            ["guesthouse", id] => {
                if x.guesthouse.is_some() {
                    return err(no, Syntax::GuesthouseTwice);
                }
                if x.wyvern.is_some() {
                    return err(no, Syntax::ExtrasOrder);
                }
                x.guesthouse = Some(spot_of(tile, id, no)?);
            }
            ["wyvern", cell] => {
                if x.wyvern.is_some() {
                    return err(no, Syntax::WyvernTwice);
                }
                let c = parse_cell(cell).ok_or_else(|| {
                    RecordError::new(
                        no,
                        Syntax::NotCell {
                            value: cell.to_string(),
                        },
                    )
                })?;
                x.wyvern = Some(c);
            }
            _ => {
                return err(
                    no,
                    Syntax::NotExtra {
                        value: part.to_string(),
                    },
                )
            }
        }
    }
    Ok(x)
}

/// `bridge` or a region id of the tile placed.
fn spot_of(tile: &engine::classic::TileDef, id: &str, no: usize) -> Result<Spot, RecordError> {
    if id == "bridge" {
        return Ok(Spot::Bridge);
    }
    tile.region_index(id).map(Spot::Region).ok_or_else(|| {
        RecordError::new(
            no,
            Syntax::NoRegionRule {
                tile: tile.id.clone(),
                id: id.to_string(),
            },
        )
    })
}

/// The wood tokens of a turn line, named from the tile placed at `cell`.
fn parse_wood(tokens: &[&str], cell: Cell, no: usize) -> Result<Wood, RecordError> {
    let mut wood = Wood::NONE;
    let mut seen: Vec<&str> = Vec::new();
    for group in tokens.chunks(3) {
        let [piece, at, dir] = group[..] else {
            return err(no, Syntax::WoodForm);
        };
        if !matches!(piece, "bridge" | "wall" | "gate") {
            return err(
                no,
                Syntax::NotWood {
                    value: piece.to_string(),
                },
            );
        }
        if seen.contains(&piece) {
            return err(
                no,
                Syntax::WoodTwice {
                    piece: piece.to_string(),
                },
            );
        }
        seen.push(piece);
        let c = parse_cell(at).ok_or_else(|| {
            RecordError::new(
                no,
                Syntax::NotCell {
                    value: at.to_string(),
                },
            )
        })?;
        // Which side of the tile placed `c` is across, if any.
        let towards = Dir::ALL.into_iter().find(|&d| cell.neighbour(d) == c);
        if piece == "bridge" {
            let axis = Axis::from_name(dir).ok_or_else(|| {
                RecordError::new(
                    no,
                    Syntax::NotBridgeAxis {
                        value: dir.to_string(),
                    },
                )
            })?;
            if c != cell && towards.is_none() {
                return err(no, Syntax::BridgeWhere { cell: c });
            }
            wood.bridge = Some(Bridge { on: towards, axis });
            continue;
        }
        let side = Dir::from_letter(dir).ok_or_else(|| {
            RecordError::new(
                no,
                Syntax::NotSide {
                    value: dir.to_string(),
                },
            )
        })?;
        let own = if c == cell {
            Some(side)
        } else {
            towards.filter(|d| d.opposite() == side)
        };
        let Some(own) = own else {
            return err(
                no,
                Syntax::NotPlacedSide {
                    what: format!("{piece} {c} {side}"),
                },
            );
        };
        if piece == "wall" {
            wood.wall = Some(own);
        } else {
            wood.gate = Some(own);
        }
    }
    Ok(wood)
}

fn play_turn_line(
    game: &mut Game,
    line: &str,
    expected: usize,
    no: usize,
) -> Result<(), RecordError> {
    let (main, extras) = match line.split_once('|') {
        Some((m, x)) => (m, Some(x)),
        None => (line, None),
    };
    let tokens: Vec<&str> = main.split_whitespace().collect();
    if tokens.len() < 5 || !(tokens.len() - 5).is_multiple_of(3) {
        return err(no, Syntax::TurnLineClassic);
    }
    check_turn_number(tokens[0], expected, no)?;
    let catalogue = game.catalogue();
    let Some(Decision::Place { tile: drawn }) = game.decision() else {
        return err(no, Syntax::PileEmpty);
    };
    let def = catalogue.get(drawn);
    if tokens[1] != def.id {
        return err(
            no,
            Syntax::PileGives {
                pile: def.id.clone(),
                record: tokens[1].to_string(),
            },
        );
    }
    let cell = parse_cell(tokens[2]).ok_or_else(|| {
        RecordError::new(
            no,
            Syntax::NotCell {
                value: tokens[2].to_string(),
            },
        )
    })?;
    let rot = parse_rotation(tokens[3]).ok_or_else(|| {
        RecordError::new(
            no,
            Syntax::NotRotation {
                value: tokens[3].to_string(),
            },
        )
    })?;
    let wood = parse_wood(&tokens[4..tokens.len() - 1], cell, no)?;
    let follower = match tokens[tokens.len() - 1] {
        "-" => None,
        f => {
            let id = f
                .strip_prefix('@')
                .filter(|id| !id.is_empty())
                .ok_or_else(|| {
                    RecordError::new(
                        no,
                        Syntax::NotFollowerClassic {
                            value: f.to_string(),
                        },
                    )
                })?;
            Some(spot_of(def, id, no)?)
        }
    };
    let extras = match extras {
        Some(x) => parse_extras(x, def, no)?,
        None => Extras::default(),
    };
    let turn = Turn {
        placement: Placement { cell, rot, wood },
        guesthouse: extras.guesthouse,
        wyvern: extras.wyvern,
        follower,
    };
    game.play_turn(&turn).map_err(|e| RecordError::new(no, e))
}

/// Write a game as a CGN-C record (its whole turns).
pub fn write(game: &Game, extra_tags: &[(String, String)], deck: DeckTag) -> String {
    let setup = game.setup();
    let catalogue = game.catalogue();
    let mut out = format!("[Game \"{GAME_NAME}\"]\n[Format \"1\"]\n");
    out.push_str(&format!("[Players \"{}\"]\n", setup.players.join(", ")));
    if !setup.expansions.is_base() {
        out.push_str(&format!("[Expansions \"{}\"]\n", setup.expansions.to_tag()));
    }
    out.push_str(&format!(
        "[Options \"{}\"]\n",
        setup.options.to_tag(setup.expansions)
    ));
    out.push_str(super::syntax::aids_tag(setup.aids));
    match (setup.seed, deck) {
        (Some(seed), DeckTag::Auto) => out.push_str(&format!("[Seed \"{seed}\"]\n")),
        (_, DeckTag::Fair) => {}
        _ => {
            let ids: Vec<&str> = setup.deck.iter().map(|&t| catalogue.id(t)).collect();
            out.push_str(&format!("[Deck \"{}\"]\n", ids.join(" ")));
        }
    }
    for (name, value) in extra_tags {
        if !KNOWN_TAGS.contains(&name.as_str()) {
            if let Some(line) = tag_line(name, value) {
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    out.push('\n');
    // A record holds whole turns: in the middle of a turn (its follower step
    // pending) it ends before that turn and reads back to the position
    // before its tile.
    let mid_turn = !game.is_over() && !game.at_placement();
    let records = game.records();
    let whole = &records[..records.len() - usize::from(mid_turn && !records.is_empty())];
    for (i, t) in whole.iter().enumerate() {
        out.push_str(&turn_line(game, i + 1, t));
        out.push('\n');
    }
    out
}

/// One turn as `N. TILE X,Y rR [WOOD ...] FOLLOWER [| EXTRA[; EXTRA]]`:
/// wood in the order bridge, wall, gate, sides named from the tile placed;
/// extras in the order guesthouse, wyvern.
pub fn turn_line(game: &Game, n: usize, t: &TurnRecord) -> String {
    let def = game.catalogue().get(t.tile);
    let mut s = format!("{n}. {}", placement_text(def, t.placement));
    s.push(' ');
    s.push_str(&follower_text(def, t.follower));
    let mut extras = Vec::new();
    if let Some(spot) = t.guesthouse {
        extras.push(format!("guesthouse {}", spot_name(def, spot)));
    }
    if let Some(c) = t.wyvern {
        extras.push(format!("wyvern {c}"));
    }
    if !extras.is_empty() {
        s.push_str(" | ");
        s.push_str(&extras.join("; "));
    }
    s
}

/// `TILE X,Y rR [WOOD ...]`: wood in the order bridge, wall, gate.
fn placement_text(def: &TileDef, p: Placement) -> String {
    let Placement { cell, rot, wood } = p;
    let mut s = format!("{} {cell} {rot}", def.id);
    if let Some(b) = wood.bridge {
        let on = b.on.map_or(cell, |d| cell.neighbour(d));
        s.push_str(&format!(" bridge {on} {}", b.axis.name()));
    }
    if let Some(d) = wood.wall {
        s.push_str(&format!(" wall {cell} {d}"));
    }
    if let Some(d) = wood.gate {
        s.push_str(&format!(" gate {cell} {d}"));
    }
    s
}

fn spot_name(def: &TileDef, spot: Spot) -> &str {
    match spot {
        Spot::Bridge => "bridge",
        Spot::Region(r) => def.regions.get(r as usize).map_or("?", |x| x.id.as_str()),
    }
}

/// `@ID` or `-`.
fn follower_text(def: &TileDef, spot: Option<Spot>) -> String {
    spot.map_or("-".to_string(), |s| format!("@{}", spot_name(def, s)))
}

/// A decision's choice as it reads in a turn line, at `game` (the position
/// before it): `E 2,-1 r1` (the tile in hand, with its wood), `@c` or `-`
/// (on the tile placed last), `guesthouse c` (`guesthouse -` for none),
/// `wyvern 1,0`. A choice the position cannot take is written as far as it
/// can be.
pub fn choice_text(game: &Game, choice: Choice) -> String {
    let cat = game.catalogue();
    let placed = game.records().last().map(|t| cat.get(t.tile));
    match choice {
        Choice::Place(p) => match game.in_hand() {
            Some(t) => placement_text(cat.get(t), p),
            None => format!("? {} {}", p.cell, p.rot),
        },
        Choice::Follower(spot) => match (placed, spot) {
            (Some(def), _) => follower_text(def, spot),
            (None, None) => "-".to_string(),
            (None, Some(_)) => "@?".to_string(),
        },
        Choice::Guesthouse(spot) => format!(
            "guesthouse {}",
            match (placed, spot) {
                (_, None) => "-",
                (Some(def), Some(s)) => spot_name(def, s),
                (None, Some(_)) => "?",
            }
        ),
        Choice::Wyvern(c) => format!("wyvern {c}"),
    }
}

/// A move as it reads in a turn line: its choice and the follow-up of the
/// same player (`E 2,-1 r1 @c`; `E 2,-1 r1 | guesthouse c`).
pub fn move_text(game: &Game, first: Choice, then: Option<Choice>) -> String {
    let text = choice_text(game, first);
    let Some(then) = then else { return text };
    let mut after = game.clone();
    if after.play(first).is_err() {
        return text;
    }
    let next = choice_text(&after, then);
    match then {
        Choice::Follower(_) => format!("{text} {next}"),
        _ => format!("{text} | {next}"),
    }
}

/// Points by source for one player, as the summary writes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SummaryBreakdown {
    pub roads: u32,
    pub cities: u32,
    pub cloisters: u32,
    pub farms: u32,
    pub coins: u32,
}

/// The summary of a replay (NOTATION-CLASSIC.md "Summary of a replay").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub players: Vec<String>,
    pub scores: Vec<u32>,
    pub breakdown: Vec<SummaryBreakdown>,
    pub coins_held: Vec<u32>,
    /// Tiles placed (the start tile and unplayable tiles not counted).
    pub turns: usize,
    /// Tiles removed as unplayable (B3.3).
    pub removed: usize,
    /// Tiles still in the pile, a drawn one in hand included.
    pub left: usize,
    pub ended_by: Option<&'static str>,
}

/// The summary of a game: the reader has already drawn ahead (the engine
/// draws for the next turn as soon as a turn ends), so a game the last
/// draw ended is summarised with its final scoring.
pub fn summary(game: &Game) -> Summary {
    Summary {
        players: game.setup().players.clone(),
        scores: game.scores(),
        breakdown: game
            .players()
            .iter()
            .map(|p| SummaryBreakdown {
                roads: p.breakdown.roads,
                cities: p.breakdown.cities,
                cloisters: p.breakdown.cloisters,
                farms: p.breakdown.farms,
                coins: p.breakdown.coins,
            })
            .collect(),
        coins_held: game.players().iter().map(|p| p.coins as u32).collect(),
        turns: game.turns(),
        removed: game.removed().len(),
        left: game.tiles_left(),
        ended_by: game.ended_by().map(|e| e.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::random;

    /// A move written alone reads as its turn line does: every turn of
    /// random base games, its tile with its follower.
    #[test]
    fn a_move_reads_as_its_turn_line() {
        let cat = Catalogue::builtin().unwrap();
        for seed in 0..12u64 {
            let players = (0..(2 + seed % 4)).map(|i| format!("P{i}")).collect();
            let setup =
                Setup::from_seed(cat, players, Expansions::BASE, Options::default(), seed).unwrap();
            let mut g = Game::new(cat, setup).unwrap();
            random::play_out(&mut g, &mut random::choice_rng(seed));
            let history = g.history();
            let mut turn = 0;
            let mut at = g.restart();
            for (k, &c) in history.iter().enumerate() {
                if let Choice::Place(_) = c {
                    turn += 1;
                    let follower = match history.get(k + 1) {
                        Some(&f @ Choice::Follower(_)) => Some(f),
                        _ => None,
                    };
                    let text = move_text(&at, c, follower);
                    let text = if follower.is_some() {
                        text
                    } else {
                        format!("{text} -")
                    };
                    let line = turn_line(&g, turn, &g.records()[turn - 1]);
                    assert_eq!(format!("{turn}. {text}"), line);
                }
                at.play(c).unwrap();
            }
        }
    }
    #[test]
    fn write_then_read_reproduces_random_games() {
        let cat = Catalogue::builtin().unwrap();
        for seed in 0..30u64 {
            let players = (0..(2 + seed % 4)).map(|i| format!("P{i}")).collect();
            let setup =
                Setup::from_seed(cat, players, Expansions::BASE, Options::default(), seed).unwrap();
            let mut g = Game::new(cat, setup).unwrap();
            random::play_out(&mut g, &mut random::choice_rng(seed));
            for deck in [DeckTag::Auto, DeckTag::Deck] {
                let text = write(&g, &[], deck);
                let back = read(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
                assert_eq!(back.game.scores(), g.scores());
                assert_eq!(back.game.history(), g.history());
                assert_eq!(write(&back.game, &[], deck), text);
            }
        }
    }

    #[test]
    fn garbage_is_an_error_with_a_line() {
        for bad in [
            "",
            "[Game \"Carcassonne\"]",
            "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"A\"]\n[Seed \"1\"]\n",
            "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"A, B\"]\n[Deck \"Z\"]\n",
            "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"A, B\"]\n[Deck \"E\"]\n1. E 0,-1 r0 bridge 0,-1\n",
        ] {
            let e = read(bad).unwrap_err();
            assert!(e.line > 0 || bad.is_empty(), "{bad:?}: {e:?}");
        }
    }
}
