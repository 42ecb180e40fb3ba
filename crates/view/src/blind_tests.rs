//! The text view for a player who cannot see the board (issue 38, "Without
//! sight"): moves typed while the computer decides, features named apart,
//! Old City's bridge and plaza in words, and the board surveyed (a row, a
//! column, the 3×3 round a space, the unfinished features, a placement's
//! preview, the tiles left, short answers). Natively, over seeded games.

use crate::classic::describe;
use crate::command::{command, command_reading, Command, Reading, TextGame};
use computer::{choose, Level};
use engine::classic::{Catalogue, Choice, Decision, Expansions, Game, Options, Setup};
use engine::TileGame;

const NAMES: [&str; 4] = ["Aude", "Bernat", "Cécile", "Dolça"];

fn names(n: usize) -> Vec<String> {
    NAMES[..n].iter().map(|s| s.to_string()).collect()
}

/// Classic with both expansions, dealt from `seed`.
fn new_game(players: usize, seed: u64) -> Game {
    let cat = Catalogue::builtin().unwrap();
    let expansions = Expansions::parse("city-gates old-city").unwrap();
    let setup =
        Setup::from_seed(cat, names(players), expansions, Options::default(), seed).unwrap();
    Game::new(cat, setup).unwrap()
}

/// Every position of seeded games (random and greedy moves), 2 to 4
/// players, each handed to `f` until it returns true; whether one did.
fn any_position(seeds: std::ops::Range<u64>, mut f: impl FnMut(&Game) -> bool) -> bool {
    for seed in seeds {
        let players = 2 + (seed % 3) as usize;
        let mut g = new_game(players, seed);
        let mut k = 0u64;
        loop {
            if f(&g) {
                return true;
            }
            if g.is_over() {
                break;
            }
            let level = if k.is_multiple_of(2) {
                Level::Random
            } else {
                Level::Greedy
            };
            g.play(choose(&g, level, seed * 1000 + k)).unwrap();
            k += 1;
        }
    }
    false
}

fn said(g: &Game, names: &[String], line: &str) -> String {
    match command(g, names, line, None) {
        Command::Say(s) => s,
        other => panic!("{line:?}: {other:?}"),
    }
}

#[test]
fn a_move_typed_while_the_computer_decides_is_refused_naming_it_and_questions_answered() {
    let g = new_game(2, 7);
    let names = names(2);
    let how = Reading {
        waiting: Some("Bernat".into()),
        ..Reading::default()
    };
    let place = g.placements_text_first();
    for line in [place.as_str(), "5,5", "no", "1"] {
        assert_eq!(
            command_reading(&g, &names, line, None, &how),
            Command::Say(
                "Bernat (the computer) is deciding: wait for your turn. Questions are answered meanwhile."
                    .into()
            ),
            "{line}"
        );
    }
    assert_eq!(
        command_reading(&g, &names, "look 5,5", None, &how),
        Command::Say("5,5 is empty.".into())
    );
    // Not waiting: the same space is a move.
    assert!(matches!(
        command(&g, &names, &place, None),
        Command::Play(_)
    ));
}

trait FirstPlace {
    fn placements_text_first(&self) -> String;
}

impl FirstPlace for Game {
    fn placements_text_first(&self) -> String {
        let p = &TextGame::placements(self)[0];
        crate::words::cell_name(p.cell)
    }
}

#[test]
fn the_four_gate_tile_is_a_city_in_the_middle_not_on_no_side() {
    let cat = Catalogue::builtin().unwrap();
    let mut found = 0;
    for t in 0..cat.tiles.len() {
        let id = cat.id(t as _);
        let words = describe::tile_words(cat, t as _, engine::classic::Rotation::ALL[0]);
        assert!(!words.contains("no side"), "{id}: {words}");
        if words.contains("a city in the middle") {
            found += 1;
        }
    }
    assert!(found > 0, "no tile has a city behind four gates");
}

#[test]
fn two_options_two_rings_two_scorings_are_never_named_alike() {
    let mut ring_decisions = 0;
    let mut endings = 0;
    any_position(0..12, |g| {
        let names = names(g.players().len());
        let options = describe::options(g, &names);
        let words: Vec<&str> = options.iter().map(|o| o.words.as_str()).collect();
        for (i, w) in words.iter().enumerate() {
            assert!(!w.contains("no side"), "{w}");
            assert!(
                !words[i + 1..].contains(w),
                "two options read alike: {words:?}"
            );
        }
        if g.decision() == Some(Decision::Follower) && words.len() > 2 {
            ring_decisions += 1;
        }
        if g.is_over() {
            endings += 1;
            let lines = crate::classic::log::final_lines(g, &names);
            let heads: Vec<&str> = lines
                .iter()
                .map(|l| l.text.split(':').next().unwrap_or(""))
                .collect();
            for (i, h) in heads.iter().enumerate() {
                assert!(!heads[i + 1..].contains(h), "two scorings named alike: {h}");
            }
        }
        false
    });
    assert!(
        ring_decisions > 10 && endings == 12,
        "{ring_decisions} {endings}"
    );
}

#[test]
fn a_follower_on_one_of_several_roads_of_a_tile_is_told_by_its_road() {
    let found = any_position(0..30, |g| {
        let names = names(g.players().len());
        g.followers().iter().any(|f| {
            let cell = g.board().placed()[f.tile].cell;
            let text = describe::cell_words(g, cell, &names).unwrap();
            // A junction: more than one road region on the tile.
            let def = g.catalogue().get(g.board().placed()[f.tile].tile);
            let roads = (0..def.regions.len() as u8)
                .filter(|&r| matches!(def.kind(r), Some(engine::classic::RegionKind::Road { .. })))
                .count();
            roads > 2
                && f.role == engine::classic::FeatureKind::Road
                && text.contains("'s thief stands on the road (")
        })
    });
    assert!(found, "no thief on a junction told by its road");
}

#[test]
fn the_board_in_words_names_old_citys_bridges_and_the_plaza() {
    let bridge = any_position(0..30, |g| {
        let i = (0..g.board().placed().len()).find(|&i| g.bridge_on(i).is_some());
        i.is_some_and(|i| {
            let cell = g.board().placed()[i].cell;
            TextGame::tiles(g)
                .iter()
                .any(|(c, w)| *c == cell && w.contains("a bridge (") && w.contains(") across it"))
        })
    });
    assert!(bridge, "no bridge in the board's words");
    let plaza = any_position(0..30, |g| {
        let cat = g.catalogue();
        let c = cat.by_id("C");
        let Some(p) = g.board().placed().iter().find(|p| Some(p.tile) == c) else {
            return false;
        };
        assert!(
            g.parts().proportional,
            "Old City's proportional scoring is on by default"
        );
        let names = names(g.players().len());
        let look = said(g, &names, &format!("look {},{}", p.cell.x, p.cell.y));
        let board = said(g, &names, "board");
        assert!(
            look.contains("The fountain marks its city as Old City's plaza city"),
            "{look}"
        );
        assert!(
            board.contains("the fountain: its city is the plaza city"),
            "{board}"
        );
        true
    });
    assert!(plaza, "tile C never placed");
}

#[test]
fn a_row_a_column_and_the_space_round_a_cell() {
    let found = any_position(0..3, |g| {
        if g.board().placed().len() < 8 || TextGame::placements(g).is_empty() {
            return false;
        }
        let names = names(g.players().len());
        let row = said(g, &names, "row 0");
        assert!(
            row.starts_with("Row 0: ") && row.contains(" 0,0, "),
            "{row}"
        );
        let column = said(g, &names, "column 0");
        assert!(
            column.starts_with("Column 0: ") && column.contains(" 0,0, "),
            "{column}"
        );
        assert_eq!(said(g, &names, "row 99"), "Row 99: no tile.");
        assert_eq!(said(g, &names, "row"), "Say which row, such as “row 0”.");
        let p = &TextGame::placements(g)[0];
        let around = said(g, &names, &format!("around {},{}", p.cell.x, p.cell.y));
        assert!(around.starts_with(&format!("Around {},{}, row by row", p.cell.x, p.cell.y)));
        assert!(
            around.contains(&format!(
                "{},{}: empty; the tile in hand fits turned ",
                p.cell.x, p.cell.y
            )),
            "{around}"
        );
        // Nine spaces, from the north-west.
        let nw = format!("{},{}", p.cell.x - 1, p.cell.y - 1);
        let se = format!("{},{}", p.cell.x + 1, p.cell.y + 1);
        assert!(
            around.find(&nw).unwrap() < around.find(&se).unwrap(),
            "{around}"
        );
        true
    });
    assert!(found);
}

#[test]
fn open_and_my_features_list_owners_and_open_sides() {
    let found = any_position(0..6, |g| {
        let names = names(g.players().len());
        let seat = g.to_move() as usize;
        let mine = g
            .followers()
            .iter()
            .any(|f| f.player as usize == seat && !g.feature_of(f.tile, f.region).done);
        if !mine || g.board().placed().len() < 10 {
            return false;
        }
        let open = said(g, &names, "open");
        assert!(open.starts_with("Unfinished: "), "{open}");
        assert!(
            open.contains("side still open") || open.contains("sides still open"),
            "{open}"
        );
        assert!(open.contains(": no follower"), "{open}");
        let mine = said(g, &names, "mine");
        let who = &names[seat];
        assert!(
            mine.starts_with(&format!("{who}'s unfinished features: ")),
            "{mine}"
        );
        assert!(!mine.contains(": no follower"), "{mine}");
        // Every item is its own: no two named alike.
        let items: Vec<&str> = open
            .trim_start_matches("Unfinished: ")
            .split("; ")
            .map(|i| i.split(": ").next().unwrap())
            .collect();
        for (i, a) in items.iter().enumerate() {
            assert!(!items[i + 1..].contains(a), "{a} twice in {open}");
        }
        true
    });
    assert!(found);
}

#[test]
fn a_placement_is_previewed_with_what_it_joins_completes_and_scores() {
    let mut joined = 0;
    let mut scored = 0;
    any_position(0..8, |g| {
        let names = names(g.players().len());
        for p in TextGame::placements(g) {
            let line = format!(
                "try {},{} {}",
                p.cell.x,
                p.cell.y,
                p.rot.quarter_turns() as u32 * 90
            );
            let preview = said(g, &names, &line);
            assert!(
                preview.starts_with(&format!(
                    "{},{} turned {}°",
                    p.cell.x,
                    p.cell.y,
                    p.rot.quarter_turns() as u32 * 90
                )),
                "{preview}"
            );
            // The same with a question mark.
            let again = said(
                g,
                &names,
                &format!(
                    "{},{} {}?",
                    p.cell.x,
                    p.cell.y,
                    p.rot.quarter_turns() as u32 * 90
                ),
            );
            assert_eq!(preview, again);
            if preview.contains(": it would join the ") {
                joined += 1;
            }
            if preview.contains(" was completed") && preview.contains(" scores ") {
                scored += 1;
                // What the preview says is what the turn then says.
                let mut after = g.clone();
                after.play(g.legal_choices()[p.choice]).unwrap();
                while after.to_move() == g.to_move() && !after.is_over() {
                    let no = match after.decision() {
                        Some(Decision::Follower) => Choice::Follower(None),
                        Some(Decision::Guesthouse) => Choice::Guesthouse(None),
                        _ => break,
                    };
                    after.play(no).unwrap();
                }
                let last = said(&after, &names, "last");
                let completed = preview
                    .split(". ")
                    .find(|s| s.contains(" was completed"))
                    .unwrap();
                assert!(last.contains(completed), "{preview}\n{last}");
            }
        }
        joined > 3 && scored > 3
    });
    assert!(joined > 3 && scored > 3, "{joined} {scored}");
}

#[test]
fn the_tiles_left_in_words_and_short_answers() {
    let g = new_game(2, 3);
    let names = names(2);
    let tiles = said(&g, &names, "tiles");
    // (The pile without the tile in hand.)
    let left: u32 = g.pile_counts().iter().sum();
    assert!(
        tiles.starts_with(&format!(
            "{left} tiles in the pile (the tile in hand not counted): "
        )),
        "{tiles}"
    );
    let counted: u32 = tiles
        .split_once(": ")
        .unwrap()
        .1
        .split(". ")
        .filter_map(|i| i.split(" × ").next()?.parse::<u32>().ok())
        .sum();
    assert_eq!(counted, left, "{tiles}");
    assert!(tiles.contains(" × a city on the "), "{tiles}");
    assert_eq!(command(&g, &names, "terse", None), Command::Terse(true));
    assert_eq!(command(&g, &names, "verbose", None), Command::Terse(false));
    let short = crate::command::options_said(&g, &names, true);
    assert!(short.starts_with("Fits on "), "{short}");
    assert!(!short.contains('°'), "{short}");
    // In German too.
    i18n::speaking(i18n::Language::De, || {
        assert_eq!(command(&g, &names, "knapp", None), Command::Terse(true));
        let t = said(&g, &names, "stapel");
        assert!(t.contains("Plättchen im Stapel"), "{t}");
        let o = said(&g, &names, "offen");
        assert!(
            o.starts_with("Unfertig: ") || o.starts_with("Auf dem Spielbrett"),
            "{o}"
        );
    });
}

#[test]
fn the_city_answers_the_survey_too() {
    use engine::city::tiles::Catalogue as CityCat;
    use engine::city::{Game as City, Setup as CitySetup};
    let cat = CityCat::builtin().unwrap();
    let setup = CitySetup::from_seed(cat, names(2), 11, [8, 6, 6], Default::default()).unwrap();
    let mut g = City::new(cat, setup).unwrap();
    for k in 0..30u64 {
        if g.is_over() {
            break;
        }
        g.play(choose(&g, Level::Greedy, k)).unwrap();
    }
    let names = names(2);
    let say = |line: &str| match command(&g, &names, line, None) {
        Command::Say(s) => s,
        other => panic!("{other:?}"),
    };
    let tiles = say("tiles");
    assert!(
        tiles.starts_with("Tiles left: ") && tiles.contains(" in stack III."),
        "{tiles}"
    );
    let open = say("open");
    assert!(open.starts_with("Unfinished: the "), "{open}");
    let row = say("row 0");
    assert!(
        row.starts_with("Row 0: ") && row.contains(" 0,0, "),
        "{row}"
    );
}

#[test]
fn an_announcement_names_a_computers_tile_and_the_wyverns_veil() {
    use engine::any::AnyGame;
    // The City: the second seat a computer, after its placement.
    use engine::city::tiles::Catalogue as CityCat;
    use engine::city::{Game as City, Setup as CitySetup};
    let cat = CityCat::builtin().unwrap();
    let setup = CitySetup::from_seed(cat, names(2), 11, [8, 6, 6], Default::default()).unwrap();
    let mut g = City::new(cat, setup).unwrap();
    let mut said = None;
    for k in 0..12u64 {
        let placing = g.at_placement();
        let seat = g.to_move();
        g.play(choose(&g, Level::Greedy, k)).unwrap();
        let extra =
            crate::any::announce_extra(&AnyGame::City(g.clone()), &names(2), &[false, true]);
        if placing && seat == 1 {
            said = extra;
            break;
        }
        assert_eq!(extra, None, "a person's tile is not announced");
    }
    let said = said.expect("the computer placed a tile");
    assert!(said.starts_with("The tile: ") && said.len() > 30, "{said}");
    // Classic: the wyvern's veil.
    let found = any_position(0..30, |g| {
        let Some(cell) = g.wyvern() else { return false };
        let last = g.events().last().map(|l| l.turn);
        let flew = g.events().iter().any(|l| {
            Some(l.turn) == last
                && matches!(l.event, engine::classic::Event::WyvernMoved { to: Some(c) } if c == cell)
        });
        let veiled = g
            .followers()
            .iter()
            .any(|f| g.board().placed()[f.tile].cell == cell);
        if !(flew && veiled) {
            return false;
        }
        let extra = crate::any::announce_extra(
            &AnyGame::Classic(g.clone()),
            &names(g.players().len()),
            &[false; 4],
        )
        .unwrap_or_default();
        assert!(extra.starts_with("The wyvern veils "), "{extra}");
        true
    });
    assert!(found, "the wyvern never flew onto a follower");
}
