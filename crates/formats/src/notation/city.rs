//! City Game Notation (NOTATION.md), The City's grammar over the shared
//! syntax: read a record by replaying it through the engine's rules, write
//! one from a game, and summarise a replay.
//!
//! A bad record gives `line N: reason` and keeps nothing; no input panics.

use super::syntax::{
    check_turn_number, err, parse_cell, parse_rotation, tag_line, RecordError, RecordProblem,
    Sections, Syntax, Tags,
};
pub use super::DeckTag;
use engine::city::{Catalogue, End, Options};
use engine::city::{Choice, Decision, Game, Setup, TurnRecord, WallAction, DEFAULT_STACKS};
use engine::core::geom::{Dir, Side};
use engine::core::SetupPart;
use engine::TileGame;
use serde::Serialize;

pub const GAME_NAME: &str = "Carcassonne: The City";

/// A record read and replayed: the game at its last position, and the tags
/// the engine does not interpret (`Date`, `Note`, ...), in order.
#[derive(Clone, Debug)]
pub struct Record {
    pub game: Game,
    pub extra_tags: Vec<(String, String)>,
}

/// Read a CGN record and replay it.
pub fn read(text: &str) -> Result<Record, RecordError> {
    let catalogue = Catalogue::builtin()
        .map_err(|e| RecordError::new(0, RecordProblem::Catalogue(e.to_string())))?;
    read_with(catalogue, text)
}

pub fn read_with(catalogue: &'static Catalogue, text: &str) -> Result<Record, RecordError> {
    let sections = Sections::read(text)?;
    read_sections(catalogue, sections)
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

const KNOWN_TAGS: [&str; 8] = [
    "Aids", "Game", "Format", "Players", "Seed", "Deck", "Stacks", "Options",
];

fn setup_from_tags(
    catalogue: &'static Catalogue,
    tags: &Tags,
    tag_end: usize,
) -> Result<Setup, RecordError> {
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
    let stacks = match tags.get("Stacks") {
        None => DEFAULT_STACKS,
        Some((l, v)) => parse_stacks(v).map_err(|r| RecordError::new(l, r))?,
    };
    let options = match tags.get("Options") {
        None => Options::default(),
        Some((l, v)) => Options::parse(v).map_err(|r| RecordError::new(l, r))?,
    };
    let result = if let Some((l, deck)) = tags.get("Deck") {
        let mut ids = Vec::new();
        for id in deck.split_whitespace() {
            match catalogue.by_id(id) {
                Some(t) => ids.push(t),
                None => return err(l, Syntax::UnknownTileInDeck { id: id.to_string() }),
            }
        }
        Setup::from_deck(catalogue, players, ids, stacks, options).map_err(|e| (l, e))
    } else if let Some((l, seed)) = tags.get("Seed") {
        let seed: u64 = seed.parse().map_err(|_| {
            RecordError::new(
                l,
                Syntax::SeedNotNumber {
                    value: seed.to_string(),
                },
            )
        })?;
        Setup::from_seed(catalogue, players, seed, stacks, options).map_err(|e| (l, e))
    } else {
        return err(tag_end, Syntax::SeedOrDeck);
    };
    result.map_err(|(l, e)| {
        // A problem with the players is on the Players tag's line; any
        // other (stacks, pile) on the Seed's or Deck's.
        let line = if e.part == SetupPart::Players { pl } else { l };
        RecordError::new(line, e)
    })
}

pub fn parse_stacks(v: &str) -> Result<[u32; 3], Syntax> {
    let parts: Vec<&str> = v.split_whitespace().collect();
    if parts.len() != 3 {
        return Err(Syntax::StacksThree {
            value: v.to_string(),
        });
    }
    let mut s = [0u32; 3];
    for (k, p) in parts.iter().enumerate() {
        s[k] = p
            .parse()
            .ok()
            .filter(|&n: &u32| n <= 75)
            .ok_or_else(|| Syntax::StackSize {
                value: p.to_string(),
            })?;
    }
    Ok(s)
}

fn play_turn_line(
    game: &mut Game,
    line: &str,
    expected: usize,
    no: usize,
) -> Result<(), RecordError> {
    let (main, walls) = match line.split_once('|') {
        Some((m, w)) => (m, Some(w)),
        None => (line, None),
    };
    let tokens: Vec<&str> = main.split_whitespace().collect();
    let [num, tile, cell, rot, follower] = tokens[..] else {
        return err(no, Syntax::TurnLineCity);
    };
    check_turn_number(num, expected, no)?;
    let catalogue = game.catalogue();
    let Some(Decision::PlaceTile { tile: drawn }) = game.decision() else {
        return err(no, Syntax::GameOverNoTurns);
    };
    let drawn_id = &catalogue.get(drawn).id;
    if tile != drawn_id {
        return err(
            no,
            Syntax::TileDrawn {
                drawn: drawn_id.clone(),
                tile: tile.to_string(),
            },
        );
    }
    let cell = parse_cell(cell).ok_or_else(|| {
        RecordError::new(
            no,
            Syntax::NotCell {
                value: cell.to_string(),
            },
        )
    })?;
    let rot = parse_rotation(rot).ok_or_else(|| {
        RecordError::new(
            no,
            Syntax::NotRotation {
                value: rot.to_string(),
            },
        )
    })?;
    let play = |game: &mut Game, c: Choice| game.play(c).map_err(|e| RecordError::new(no, e));
    let def = catalogue.get(drawn);
    let region = match follower {
        "-" => None,
        f => {
            let id = f.strip_prefix('@').ok_or_else(|| {
                RecordError::new(
                    no,
                    Syntax::NotFollower {
                        value: f.to_string(),
                    },
                )
            })?;
            Some(def.region_index(id).ok_or_else(|| {
                RecordError::new(
                    no,
                    Syntax::NoRegion {
                        tile: def.id.clone(),
                        id: id.to_string(),
                    },
                )
            })?)
        }
    };
    // Ask before placing: the engine skips a follower step with no choice.
    let follower_problem = region.and_then(|r| game.follower_problem_after(cell, rot, r));
    play(game, Choice::Place { cell, rot })?;
    if let Some(e) = follower_problem {
        return err(no, e);
    }
    if game.decision() == Some(Decision::Follower) {
        play(game, Choice::Follower(region))?;
    }
    let in_round = |g: &Game| {
        matches!(
            g.decision(),
            Some(Decision::Gate | Decision::Wall | Decision::Guard | Decision::Tower)
        )
    };
    match walls {
        None if in_round(game) => err(no, Syntax::WallActionsMissing),
        None => Ok(()),
        Some(w) => {
            if !in_round(game) {
                return err(no, Syntax::NoWallRound);
            }
            for action in w.split(';') {
                let action = action.trim();
                play_wall_action(game, action, no)?;
            }
            if game.decision() == Some(Decision::Guard) {
                play(game, Choice::Guard(false))?;
            }
            if game.decision() == Some(Decision::Tower) {
                play(game, Choice::Tower(None))?;
            }
            if in_round(game) {
                let decision = game.decision().map(|d| d.step());
                return err(no, Syntax::RoundNotFinished { decision });
            }
            Ok(())
        }
    }
}

fn play_wall_action(game: &mut Game, action: &str, no: usize) -> Result<(), RecordError> {
    let play = |game: &mut Game, c: Choice| game.play(c).map_err(|e| RecordError::new(no, e));
    // A guard not written means none.
    let tokens: Vec<&str> = action.split_whitespace().collect();
    if tokens.first() != Some(&"wall") && game.decision() == Some(Decision::Guard) {
        play(game, Choice::Guard(false))?;
    }
    let in_round = matches!(
        game.decision(),
        Some(Decision::Gate | Decision::Wall | Decision::Guard | Decision::Tower)
    );
    // `tower -` after a round whose tower step had no choice (no tower left,
    // or no free end) is what the writer puts: accept it.
    if !in_round && tokens[..] == ["tower", "-"] {
        return Ok(());
    }
    if !in_round {
        return err(
            no,
            Syntax::RoundOver {
                action: action.to_string(),
            },
        );
    }
    match tokens[..] {
        ["gate", cell, side] => {
            let cell = parse_cell(cell).ok_or_else(|| {
                RecordError::new(
                    no,
                    Syntax::NotCell {
                        value: cell.to_string(),
                    },
                )
            })?;
            let dir = Dir::from_letter(side).ok_or_else(|| {
                RecordError::new(
                    no,
                    Syntax::NotSide {
                        value: side.to_string(),
                    },
                )
            })?;
            if game.decision() != Some(Decision::Gate) {
                return err(no, Syntax::GatePlaced);
            }
            play(game, Choice::Gate(Side::new(cell, dir)))
        }
        ["wall", end] | ["wall", end, "+"] => {
            let e = End::from_name(end).ok_or_else(|| {
                RecordError::new(
                    no,
                    Syntax::NotWallEnd {
                        value: end.to_string(),
                    },
                )
            })?;
            if game.decision() == Some(Decision::Guard) {
                play(game, Choice::Guard(false))?;
            }
            match game.decision() {
                Some(Decision::Wall) => {}
                Some(Decision::Gate) => return err(no, Syntax::GateFirst),
                _ => {
                    return err(
                        no,
                        Syntax::NoWallPiece {
                            action: action.to_string(),
                        },
                    )
                }
            }
            let placer = game.to_move() as usize;
            let supply = game.players()[placer].supply;
            play(game, Choice::Wall(e))?;
            let guard = tokens.len() == 3;
            if game.decision() == Some(Decision::Guard) {
                play(game, Choice::Guard(guard))
            } else if guard && supply == 0 {
                err(no, Syntax::NoGuardSupply)
            } else if guard {
                err(no, Syntax::NoGuardOpposite)
            } else {
                Ok(())
            }
        }
        ["tower", end] => {
            let choice = match end {
                "-" => None,
                e => Some(End::from_name(e).ok_or_else(|| {
                    RecordError::new(
                        no,
                        Syntax::NotTowerEnd {
                            value: e.to_string(),
                        },
                    )
                })?),
            };
            if game.decision() != Some(Decision::Tower) {
                return if choice.is_none() && game.decision() != Some(Decision::Wall) {
                    Ok(())
                } else {
                    err(
                        no,
                        Syntax::PiecesNotPlaced {
                            action: action.to_string(),
                        },
                    )
                };
            }
            play(game, Choice::Tower(choice))
        }
        _ => err(
            no,
            Syntax::NotWallAction {
                action: action.to_string(),
            },
        ),
    }
}

/// Write a game as a CGN record.
pub fn write(game: &Game, extra_tags: &[(String, String)], deck: DeckTag) -> String {
    let setup = game.setup();
    let catalogue = game.catalogue();
    let mut out = String::new();
    out.push_str(&format!("[Game \"{GAME_NAME}\"]\n[Format \"1\"]\n"));
    out.push_str(&format!("[Players \"{}\"]\n", setup.players.join(", ")));
    match (setup.seed, deck) {
        (Some(seed), DeckTag::Auto) => out.push_str(&format!("[Seed \"{seed}\"]\n")),
        (_, DeckTag::Fair) => {}
        _ => {
            let ids: Vec<&str> = setup
                .deck
                .iter()
                .map(|&t| catalogue.get(t).id.as_str())
                .collect();
            out.push_str(&format!("[Deck \"{}\"]\n", ids.join(" ")));
        }
    }
    let s = setup.stacks;
    out.push_str(&format!("[Stacks \"{} {} {}\"]\n", s[0], s[1], s[2]));
    out.push_str(&format!("[Options \"{}\"]\n", setup.options.to_tag()));
    out.push_str(super::syntax::aids_tag(setup.aids));
    for (name, value) in extra_tags {
        if !KNOWN_TAGS.contains(&name.as_str()) {
            if let Some(line) = tag_line(name, value) {
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    out.push('\n');
    for (i, t) in game.records().iter().enumerate() {
        out.push_str(&turn_line(game, i + 1, t));
        out.push('\n');
    }
    out
}

/// One turn as `N. TILE X,Y rR FOLLOWER [| WALLS]`.
pub fn turn_line(game: &Game, n: usize, t: &TurnRecord) -> String {
    let def = game.catalogue().get(t.tile);
    let follower = t.follower.map_or("-".to_string(), |r| {
        format!("@{}", def.regions[r as usize].id)
    });
    let mut s = format!("{n}. {} {} {} {follower}", def.id, t.cell, t.rot);
    if let Some(walls) = &t.walls {
        let actions: Vec<String> = walls
            .iter()
            .map(|a| match a {
                WallAction::Gate(side) => format!("gate {} {}", side.cell, side.dir),
                WallAction::Wall { end, guard } => {
                    format!("wall {end}{}", if *guard { " +" } else { "" })
                }
                WallAction::Tower(e) => format!("tower {}", e.map_or("-", |e| e.name())),
            })
            .collect();
        s.push_str(" | ");
        s.push_str(&actions.join("; "));
    }
    s
}

/// A decision's choice as it reads in a turn line, at `game` (the position
/// before it): `T12 2,-1 r1` (the tile in hand), `@m` or `-` (on the tile
/// placed last), `gate 1,0 N`, `wall cw`, a guard with its piece (`wall
/// cw +`, `wall cw`), `tower ccw` or `tower -`. A choice the position cannot
/// take is written as far as it can be.
pub fn choice_text(game: &Game, choice: Choice) -> String {
    let cat = game.catalogue();
    match choice {
        Choice::Place { cell, rot } => {
            let tile = game.drawn().map_or("?", |(t, _)| cat.get(t).id.as_str());
            format!("{tile} {cell} {rot}")
        }
        Choice::Follower(None) => "-".to_string(),
        Choice::Follower(Some(r)) => {
            let id = game
                .records()
                .last()
                .and_then(|t| cat.get(t.tile).regions.get(r as usize))
                .map_or("?", |x| x.id.as_str());
            format!("@{id}")
        }
        Choice::Gate(side) => format!("gate {} {}", side.cell, side.dir),
        Choice::Wall(end) => format!("wall {end}"),
        Choice::Guard(on) => {
            let end = game.walls().pieces.last().map_or("?", |p| p.arm.name());
            format!("wall {end}{}", if on { " +" } else { "" })
        }
        Choice::Tower(e) => format!("tower {}", e.map_or("-", |e| e.name())),
    }
}

/// A move as it reads in a turn line: its choice and the follow-up of the
/// same player (`T12 2,-1 r1 @m`, `wall cw +`).
pub fn move_text(game: &Game, first: Choice, then: Option<Choice>) -> String {
    let text = choice_text(game, first);
    let Some(then) = then else { return text };
    let mut after = game.clone();
    if after.play(first).is_err() {
        return text;
    }
    match then {
        // The guard is written with its piece.
        Choice::Guard(_) => choice_text(&after, then),
        _ => format!("{text} {}", choice_text(&after, then)),
    }
}

/// Points by source for one player, as the summary writes them.
#[derive(Serialize)]
pub struct SummaryBreakdown {
    pub streets: u32,
    pub markets: u32,
    pub towers: u32,
    pub stewards: u32,
    pub guards: u32,
}

/// The summary of a replay (NOTATION.md "Summary of a replay").
#[derive(Serialize)]
pub struct Summary {
    pub players: Vec<String>,
    pub scores: Vec<u32>,
    pub breakdown: Vec<SummaryBreakdown>,
    pub turns: usize,
    pub walls: usize,
    pub ended_by: Option<&'static str>,
}

pub fn summary(game: &Game) -> Summary {
    Summary {
        players: game.setup().players.clone(),
        scores: game.scores(),
        breakdown: game
            .players()
            .iter()
            .map(|p| SummaryBreakdown {
                streets: p.breakdown.streets,
                markets: p.breakdown.markets,
                towers: p.breakdown.towers,
                stewards: p.breakdown.stewards,
                guards: p.breakdown.guards,
            })
            .collect(),
        turns: game.turns(),
        walls: game.walls().pieces.len(),
        ended_by: game.ended_by().map(|e| e.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::random;
    use engine::core::reason::SetupProblem;
    use engine::replay;

    /// A move written alone reads as its turn line does: every turn of
    /// random games, its tile with its follower, and each wall action.
    #[test]
    fn a_move_reads_as_its_turn_line() {
        let cat = Catalogue::builtin().unwrap();
        for seed in 0..12u64 {
            let players = (0..(2 + seed % 3)).map(|i| format!("P{i}")).collect();
            let setup =
                Setup::from_seed(cat, players, seed, DEFAULT_STACKS, Options::default()).unwrap();
            let mut g = Game::new(cat, setup).unwrap();
            random::play_out(&mut g, &mut random::choice_rng(seed));
            let history = g.history();
            let lines: Vec<String> = g
                .records()
                .iter()
                .enumerate()
                .map(|(i, t)| turn_line(&g, i + 1, t))
                .collect();
            let mut turn = 0;
            let mut at = g.restart();
            for (k, &c) in history.iter().enumerate() {
                if let Choice::Place { .. } = c {
                    turn += 1;
                    let line = &lines[turn - 1];
                    let body = line.split(" | ").next().unwrap();
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
                    assert_eq!(format!("{turn}. {text}"), body);
                } else if !matches!(c, Choice::Follower(_)) {
                    let text = match (c, history.get(k + 1)) {
                        (Choice::Wall(_), Some(&Choice::Guard(on))) => {
                            move_text(&at, c, Some(Choice::Guard(on)))
                        }
                        (Choice::Guard(_), _) => {
                            at.play(c).unwrap();
                            continue;
                        }
                        _ => choice_text(&at, c),
                    };
                    assert!(
                        lines[turn - 1].contains(&text),
                        "{text} in {}",
                        lines[turn - 1]
                    );
                }
                at.play(c).unwrap();
            }
        }
    }
    #[test]
    fn write_then_read_reproduces_random_games() {
        let cat = Catalogue::builtin().unwrap();
        for seed in 0..40u64 {
            let players = (0..(2 + seed % 3)).map(|i| format!("P{i}")).collect();
            let setup =
                Setup::from_seed(cat, players, seed, DEFAULT_STACKS, Options::default()).unwrap();
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

    /// A finished 2-player game from `seed` (random choices).
    fn finished(seed: u64) -> Game {
        engine::city::random::random_game(Catalogue::builtin().unwrap(), seed, ["Ann", "Bob"])
            .unwrap()
    }

    /// An export in the middle of a turn (follower, wall round) writes the
    /// whole turns before it; the record reads back to that very position.
    #[test]
    fn a_record_of_whole_turns_reads_back_to_the_same_position() {
        let g = finished(8);
        let h = g.history();
        let mut mid = 0;
        for n in 0..=h.len() {
            let at = replay::game_at(&g, n);
            let whole = replay::whole_turns(&at);
            let back = read(&write(&whole, &[], DeckTag::Auto)).unwrap().game;
            assert_eq!(back.history(), whole.history(), "position {n}");
            assert!(at.history().starts_with(whole.history()));
            if whole.history().len() < n {
                mid += 1;
                assert!(matches!(h[whole.history().len()], Choice::Place { .. }));
            } else {
                assert_eq!(whole.history().len(), n);
            }
        }
        assert!(mid > 10, "positions inside a turn: {mid}");
    }

    /// A setup problem is on the line of the tag that holds it: the
    /// players' on the Players tag, the stacks' on the Seed tag.
    #[test]
    fn a_setup_error_names_its_tags_line() {
        let head = "[Game \"Carcassonne: The City\"]\n[Format \"1\"]\n";
        let e = read(&format!("{head}[Players \"A\"]\n[Seed \"1\"]\n")).unwrap_err();
        assert_eq!(e, RecordError::new(3, SetupProblem::PlayersCity { n: 1 }));
        let e = read(&format!(
            "{head}[Players \"A, B\"]\n[Stacks \"30 30 30\"]\n[Seed \"1\"]\n"
        ))
        .unwrap_err();
        assert_eq!(
            e,
            RecordError::new(
                5,
                SetupProblem::StacksOver {
                    stacks: [30, 30, 30],
                    all: 75
                }
            )
        );
    }

    #[test]
    fn garbage_is_an_error_with_a_line() {
        for bad in [
            "",
            "[Game \"x\"]",
            "1. T1 0,0 r0 -",
            "[Game \"Carcassonne: The City\"]\n[Format \"1\"]\n[Players \"A\"]\n[Seed \"1\"]\n",
        ] {
            let e = read(bad).unwrap_err();
            assert!(e.line > 0 || bad.is_empty(), "{bad:?}: {e:?}");
        }
    }
}
