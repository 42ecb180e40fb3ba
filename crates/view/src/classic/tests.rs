//! The classic view checked against the engine, natively: in seeded games
//! with both expansions, at every decision, every legal choice is offered
//! exactly once (a target or a button) and nothing else is; the scene shows
//! every tile, follower and piece where it belongs; and a few hand-checked
//! positions from the rule records (E13's bridge, wall and guesthouse, the
//! wyvern and its veil).

use super::*;
use crate::geometry;
use crate::prompt::Prompt;
use crate::scene::{Scene, ScenePiece};
use crate::targets::Targets;
use computer::{choose, Level};
use engine::classic::{
    Axis, Bridge, Catalogue, Cell, Decision, Dir, Event, Expansions, Options, Rotation, Setup,
    Spot, Wood,
};

const NAMES: [&str; 4] = ["Aude", "Bernat", "Cécile", "Dolça"];

/// `n` seats (the names again past the fourth: records seat up to five).
fn seats(n: usize) -> Vec<Seat> {
    NAMES
        .iter()
        .cycle()
        .take(n)
        .zip(PlayerColour::ALL)
        .map(|(n, c)| Seat {
            name: n.to_string(),
            colour: c,
            computer: None,
        })
        .collect()
}

fn names(n: usize) -> Vec<String> {
    NAMES[..n].iter().map(|s| s.to_string()).collect()
}

/// A game with both expansions dealt from `seed`.
fn new_game(players: usize, seed: u64) -> Game {
    let cat = Catalogue::builtin().unwrap();
    let expansions = Expansions::parse("city-gates old-city").unwrap();
    let setup =
        Setup::from_seed(cat, names(players), expansions, Options::default(), seed).unwrap();
    Game::new(cat, setup).unwrap()
}

/// The game of a rule record (tests/records/classic), played to its end.
fn record(text: &str) -> Game {
    formats::notation::read(text)
        .unwrap()
        .game
        .as_classic()
        .unwrap()
        .clone()
}

/// The first position of `g`'s history where `want` holds.
fn first_where(g: &Game, want: impl Fn(&Game) -> bool) -> Game {
    (0..=g.history().len())
        .map(|n| g.at(n))
        .find(|x| want(x))
        .expect("no position of the record is the one asked for")
}

fn view(g: &Game) -> GameView<Choice> {
    game_view(g, &seats(g.player_count()))
}

fn inside(p: geometry::Pt, cell: Cell) -> bool {
    let (x, y) = (cell.x as f64 * 100.0, cell.y as f64 * 100.0);
    p.0 >= x && p.0 <= x + 100.0 && p.1 >= y && p.1 <= y + 100.0
}

fn count(pieces: &[ScenePiece], kind: &str) -> usize {
    pieces.iter().filter(|p| p.kind == kind).count()
}

// ------------------------------------------------------------ invariants

/// Every legal choice of the position is offered exactly once, by a target
/// or a button, and every target and button is a legal choice.
fn check_choices(
    g: &Game,
    t: &Targets<Choice>,
    p: &Prompt<Choice>,
    placements: &[(Cell, Rotation)],
) {
    let legal = g.legal_choices();
    let mut offered: Vec<Choice> = Vec::new();
    offered.extend(t.placements.iter().map(|x| x.choice));
    offered.extend(t.regions.iter().map(|x| x.choice));
    offered.extend(t.sides.iter().map(|x| x.choice));
    offered.extend(t.vertices.iter().map(|x| x.choice));
    offered.extend(t.tiles.iter().map(|x| x.choice));
    offered.extend(p.buttons.iter().map(|x| x.choice));
    for c in &legal {
        let n = offered.iter().filter(|&o| o == c).count();
        assert_eq!(n, 1, "{c:?} offered {n} times at {:?}", g.decision());
    }
    for o in &offered {
        assert!(legal.contains(o), "{o:?} is offered but not legal");
    }
    // The board's cells: exactly the legal (cell, rotation) pairs, each once.
    let key = |&(c, r): &(Cell, Rotation)| (c.x, c.y, r.quarter_turns());
    let mut pairs: Vec<(Cell, Rotation)> = legal
        .iter()
        .filter_map(|c| match c {
            Choice::Place(p) => Some((p.cell, p.rot)),
            _ => None,
        })
        .collect();
    pairs.sort_by_key(key);
    pairs.dedup();
    let mut got = placements.to_vec();
    got.sort_by_key(key);
    assert_eq!(got, pairs);
    // Variants on one cell and rotation say what sets them apart.
    for (i, a) in t.placements.iter().enumerate() {
        for b in &t.placements[i + 1..] {
            if (a.cell, a.rot) == (b.cell, b.rot) {
                assert_ne!(a.label, b.label, "{a:?} {b:?}");
            }
        }
        if let Choice::Place(p) = a.choice {
            assert_eq!(a.label.is_some(), !p.wood.is_none(), "{a:?}");
            assert_eq!(a.pieces.len(), p.wood.pieces().count_ones() as usize);
        }
    }
}

/// Rings on the new tile, inside it, apart, each with its region's outline
/// among the feature it would join.
fn check_regions(g: &Game, t: &Targets<Choice>) {
    let Some(last) = g.board().placed().last() else {
        return;
    };
    let idx = g.board().placed().len() - 1;
    for (i, r) in t.regions.iter().enumerate() {
        assert!(inside(r.pos, last.cell), "{r:?}");
        assert!(!r.shape.d.is_empty() && !r.label.is_empty(), "{r:?}");
        assert!(r.feature.contains(&r.shape), "{r:?}");
        assert_eq!(r.feature.len(), g.feature_regions(idx, r.region).len());
        // The ring shows its piece, and its words name it: no two rings of
        // a tile sound alike.
        let piece = r.piece.expect("a ring's piece");
        assert!(
            r.label.starts_with(&format!("a {piece} "))
                || r.label.starts_with(&format!("the {piece} ")),
            "{r:?}"
        );
        for o in &t.regions[i + 1..] {
            let d = ((r.pos.0 - o.pos.0).powi(2) + (r.pos.1 - o.pos.1).powi(2)).sqrt();
            assert!(d >= crate::targets::RING_GAP - 0.5, "{d}");
            assert_ne!(r.label, o.label, "{r:?} {o:?}");
        }
    }
    if !t.regions.is_empty() {
        assert_eq!(t.zoom, Some(last.cell));
    }
}

/// Every tile inside the bounds, every follower at a point of its tile,
/// every Old City piece of the game drawn.
fn check_scene(g: &Game, s: &Scene) {
    let placed = g.board().placed();
    assert_eq!(s.tiles.len(), placed.len());
    for t in &s.tiles {
        assert!(
            (s.bounds.min.x..=s.bounds.max.x).contains(&t.cell.x)
                && (s.bounds.min.y..=s.bounds.max.y).contains(&t.cell.y)
        );
    }
    assert_eq!(s.followers.len(), g.followers().len());
    for (f, sf) in g.followers().iter().zip(&s.followers) {
        assert!(inside(sf.pos, placed[f.tile].cell), "{sf:?}");
        assert_eq!(sf.player, f.player);
        assert!(["thief", "knight", "monk", "farmer"].contains(&sf.role));
    }
    let bridges = (0..placed.len())
        .filter(|&i| g.bridge_on(i).is_some())
        .count();
    assert_eq!(count(&s.pieces, "bridge"), bridges);
    let walls = g
        .records()
        .iter()
        .filter(|r| r.placement.wood.wall.is_some());
    assert_eq!(count(&s.pieces, "wall"), walls.count());
    let gates = g
        .records()
        .iter()
        .filter(|r| r.placement.wood.gate.is_some());
    assert_eq!(count(&s.pieces, "wooden-gate"), gates.count());
    assert_eq!(count(&s.pieces, "guesthouse"), g.guesthouses().len());
    assert_eq!(
        count(&s.pieces, "wyvern"),
        usize::from(g.wyvern().is_some())
    );
    let veiled = g.wyvern().map_or(0, |c| {
        let w = g.board().tile_at(c);
        g.followers().iter().filter(|f| Some(f.tile) == w).count()
    });
    assert_eq!(count(&s.pieces, "veil"), veiled);
    // O2.3: the plaza's mark on tile C, once it is placed, with proportional
    // scoring only.
    let c = g.catalogue().by_id("C");
    let plaza: Vec<Cell> = placed
        .iter()
        .filter(|p| Some(p.tile) == c && g.parts().proportional)
        .map(|p| p.cell)
        .collect();
    let marks: Vec<&ScenePiece> = s.pieces.iter().filter(|p| p.kind == "plaza").collect();
    assert_eq!(marks.len(), plaza.len());
    for (m, &cell) in marks.iter().zip(&plaza) {
        assert!(inside(m.pos, cell), "{m:?} is not on tile C at {cell:?}");
        for f in &s.followers {
            let d = ((f.pos.0 - m.pos.0).powi(2) + (f.pos.1 - m.pos.1).powi(2)).sqrt();
            assert!(d > 20.0, "the plaza's mark covers a follower: {m:?} {f:?}");
        }
    }
    for p in &s.pieces {
        let on_board = s.tiles.iter().any(|t| inside(p.pos, t.cell));
        assert!(on_board, "{p:?} is on no tile");
        if p.kind == "guesthouse" {
            assert!(p.owner.is_some());
        }
    }
}

/// The prompt names the decision the game waits for.
fn check_prompt(g: &Game, p: &Prompt<Choice>) {
    let key = match g.decision() {
        None => "over",
        Some(Decision::Place { .. }) => "place",
        Some(Decision::Guesthouse) => "guesthouse",
        Some(Decision::Wyvern) => "wyvern",
        Some(Decision::Follower) => "follower",
    };
    assert_eq!(p.decision, key);
    assert!(!p.title.is_empty());
    assert_eq!(p.player.is_some(), !g.is_over());
}

/// What the seeded games met, to be sure the checks saw every kind.
#[derive(Default, Debug)]
struct Seen {
    decisions: [usize; 4],
    wood: usize,
    bridges_on_board: usize,
    guesthouses: usize,
    veils: usize,
    /// Rings whose words name their place on the tile.
    told_apart: usize,
    plazas: usize,
}

#[test]
fn at_every_decision_of_seeded_games_each_legal_choice_is_offered_exactly_once() {
    let mut seen = Seen::default();
    for seed in 0..8u64 {
        let players = 2 + (seed % 3) as usize;
        let mut g = new_game(players, seed);
        let mut k = 0u64;
        loop {
            let v = view(&g);
            check_choices(&g, &v.base_targets, &v.prompt_base, &v.placements);
            check_regions(&g, &v.base_targets);
            check_scene(&g, &v.scene);
            check_prompt(&g, &v.prompt_base);
            assert_eq!(v.panel.players.len(), players);
            if g.is_over() {
                break;
            }
            let i = match g.decision() {
                Some(Decision::Place { .. }) => 0,
                Some(Decision::Guesthouse) => 1,
                Some(Decision::Wyvern) => 2,
                _ => 3,
            };
            seen.decisions[i] += 1;
            let t = &v.base_targets;
            seen.wood += t.placements.iter().filter(|p| p.label.is_some()).count();
            let s = &v.scene;
            seen.bridges_on_board = seen.bridges_on_board.max(count(&s.pieces, "bridge"));
            seen.guesthouses = seen.guesthouses.max(count(&s.pieces, "guesthouse"));
            seen.veils += count(&s.pieces, "veil");
            seen.told_apart += t
                .regions
                .iter()
                .filter(|r| r.label.contains(", in the tile's"))
                .count();
            seen.plazas += count(&s.pieces, "plaza");
            let level = if k.is_multiple_of(2) {
                Level::Random
            } else {
                Level::Greedy
            };
            g.play(choose(&g, level, seed * 1000 + k)).unwrap();
            k += 1;
        }
        // The end: the log tells it, the panel names a winner.
        let v = view(&g);
        assert!(v.panel.players.iter().any(|p| p.winner));
        let last = v.log.last().unwrap();
        assert!(last
            .lines
            .iter()
            .any(|l| l.text.starts_with("The game ends")));
    }
    // Seen once: decisions [672, 51, 117, 318], 2075 wood placements
    // offered, 4 bridges on a board, 4 guesthouses, 935 veils.
    assert!(seen.decisions.iter().all(|&n| n > 5), "{seen:?}");
    assert!(seen.wood > 0 && seen.bridges_on_board > 0, "{seen:?}");
    assert!(seen.guesthouses > 0 && seen.veils > 0, "{seen:?}");
    assert!(seen.told_apart > 0, "{seen:?}");
    assert!(seen.plazas > 0, "{seen:?}");
}

// ------------------------------------------------------- hand-checked

const E13: &str =
    include_str!("../../../../tests/records/classic/o3_e13_bridge_and_wall_seed_turn.cgn");

#[test]
fn e13_the_placement_with_wood_says_which_and_shows_it() {
    let g = record(E13);
    // Turn 4: Yellow's K, before it is placed.
    let at = first_where(&g, |x| x.turns() == 3 && x.at_placement());
    let v = view(&at);
    let k = v
        .base_targets
        .placements
        .iter()
        .find(|p| p.cell == Cell::new(0, -2) && p.rot == Rotation::ALL[1])
        .expect("K r1 at 0,-2 is legal");
    assert_eq!(
        k.label.as_deref(),
        Some("with a bridge (east–west) across the tile to the west and a wall on its south side")
    );
    // The bridge on E at -1,-2, turned east–west; the wall on K's south side.
    assert!(k.pieces.contains(&ScenePiece {
        kind: "bridge",
        pos: geometry::cell_centre(Cell::new(-1, -2)),
        rot: Rotation::ALL[1],
        owner: None,
    }));
    assert!(k.pieces.contains(&ScenePiece {
        kind: "wall",
        pos: geometry::cell_centre(Cell::new(0, -2)),
        rot: Rotation::ALL[2],
        owner: None,
    }));
    let p = &v.prompt_base;
    assert!(p.detail.contains("wood"), "{}", p.detail);
    assert_eq!(p.title, "Dolça: place your tile");
}

#[test]
fn e13_the_guesthouse_goes_on_the_open_road_or_nowhere() {
    let g = record(E13);
    let at = first_where(&g, |x| x.decision() == Some(Decision::Guesthouse));
    let v = view(&at);
    let k = at.catalogue().get(at.board().placed().last().unwrap().tile);
    let road = k.region_index("1").unwrap();
    assert!(v.base_targets.regions.iter().any(|r| r.choice
        == Choice::Guesthouse(Some(Spot::Region(road)))
        && r.label == "the guesthouse on the road of 2 tiles going north and west"
        && r.piece == Some("guesthouse")
        && r.shape.street));
    let p = &v.prompt_base;
    assert_eq!(p.decision, "guesthouse");
    assert_eq!(p.declining(), Some(Choice::Guesthouse(None)));
    assert_eq!(p.buttons.len(), 1);
    // The wood of the placement is on the board already.
    assert_eq!(count(&v.scene.pieces, "bridge"), 1);
    assert_eq!(count(&v.scene.pieces, "wall"), 1);
}

#[test]
fn e13_the_guesthouse_stands_beside_the_thief_on_its_road() {
    let g = record(E13);
    let at = first_where(&g, |x| x.turns() == 4 && x.at_placement());
    let s = view(&at).scene;
    let k = Cell::new(0, -2);
    let thief = s.followers.iter().find(|f| inside(f.pos, k)).unwrap();
    assert_eq!((thief.role, thief.player), ("thief", 3));
    let house = s.pieces.iter().find(|p| p.kind == "guesthouse").unwrap();
    assert_eq!(house.owner, Some(3));
    assert!(inside(house.pos, k));
    let d = ((house.pos.0 - thief.pos.0).powi(2) + (house.pos.1 - thief.pos.1).powi(2)).sqrt();
    assert!(d >= 21.0, "{d}");
}

#[test]
fn e13_the_wyvern_flies_to_a_glowing_tile_and_veils_the_thief_there() {
    let g = record(E13);
    let at = first_where(&g, |x| x.decision() == Some(Decision::Wyvern));
    let v = view(&at);
    let cells: Vec<Cell> = v.base_targets.tiles.iter().map(|t| t.cell).collect();
    assert!(cells.contains(&Cell::new(0, -2)), "{cells:?}");
    assert_eq!(v.base_targets.focusable(), cells.len());
    assert_eq!(v.base_targets.choice_at(0), Some(Choice::Wyvern(cells[0])));
    assert_eq!(
        v.base_targets.point_at(0),
        Some(geometry::cell_centre(cells[0]))
    );
    assert_eq!(v.prompt_base.decision, "wyvern");
    assert!(v.prompt_base.buttons.is_empty());

    // Its follower step: the wyvern on K, Yellow's thief under its veil.
    let after = first_where(&g, |x| {
        x.wyvern().is_some() && x.decision() == Some(Decision::Follower)
    });
    let s = view(&after).scene;
    let k = Cell::new(0, -2);
    let wyvern = s.pieces.iter().find(|p| p.kind == "wyvern").unwrap();
    assert!(inside(wyvern.pos, k));
    let thief = s.followers.iter().find(|f| inside(f.pos, k)).unwrap();
    let veil = s.pieces.iter().find(|p| p.kind == "veil").unwrap();
    assert_eq!((veil.pos, veil.owner), (thief.pos, Some(3)));
    assert!(wyvern.pos != thief.pos);
    // Gone at the end (O6.7).
    assert_eq!(count(&view(&g).scene.pieces, "wyvern"), 0);
}

#[test]
fn a_follower_and_a_guesthouse_may_go_on_the_bridge_just_built() {
    let g = record(include_str!(
        "../../../../tests/records/classic/o3_9_o5_1_the_guesthouse_may_go_on_a_bridge.cgn"
    ));
    let at = first_where(&g, |x| x.decision() == Some(Decision::Guesthouse));
    let t = view(&at).base_targets;
    let on_bridge = t
        .regions
        .iter()
        .find(|r| r.choice == Choice::Guesthouse(Some(Spot::Bridge)))
        .unwrap();
    assert_eq!(
        on_bridge.label,
        "the guesthouse on the bridge's road of 2 tiles going east and west"
    );
    // B r0 at 1,0 with its bridge east–west: a line across the tile.
    assert_eq!(on_bridge.shape.d, "M0 50L100 50");
    assert!(on_bridge.shape.street);
    let at = first_where(&g, |x| x.decision() == Some(Decision::Follower));
    let t = view(&at).base_targets;
    let thief = t
        .regions
        .iter()
        .find(|r| r.choice == Choice::Follower(Some(Spot::Bridge)))
        .unwrap();
    assert_eq!(
        thief.label,
        "a thief on the bridge's road of 2 tiles going east and west"
    );
    assert_eq!(thief.piece, Some("thief"));
    // At the end: the thief on the bridge at the tile's centre.
    let s = view(&g).scene;
    assert_eq!(s.followers[0].pos, (150.0, 50.0));
    assert_eq!(s.followers[0].role, "thief");
}

#[test]
fn wood_in_words() {
    let bridge = |on, axis| Wood {
        bridge: Some(Bridge { on, axis }),
        ..Wood::NONE
    };
    assert_eq!(wood_words(Wood::NONE), None);
    assert_eq!(
        wood_words(bridge(None, Axis::NorthSouth)).as_deref(),
        Some("with a bridge (north–south) across this tile")
    );
    assert_eq!(
        wood_words(Wood {
            gate: Some(Dir::E),
            ..Wood::NONE
        })
        .as_deref(),
        Some("with a wooden gate on its east side")
    );
    assert_eq!(
        wood_words(Wood {
            wall: Some(Dir::N),
            gate: Some(Dir::S),
            ..bridge(Some(Dir::W), Axis::EastWest)
        })
        .as_deref(),
        Some("with a bridge (east–west) across the tile to the west, a wall on its north side and a wooden gate on its south side")
    );
}

#[test]
fn a_bridge_outline_turns_with_its_tile() {
    let ns = |r: usize, a| art::bridge_outline(Rotation::ALL[r], a).0;
    assert_eq!(ns(0, Axis::NorthSouth), "M50 0L50 100");
    assert_eq!(ns(1, Axis::NorthSouth), "M0 50L100 50");
    assert_eq!(ns(3, Axis::EastWest), "M50 0L50 100");
}

#[test]
fn the_end_lists_what_scored_and_the_prompt_names_the_winner() {
    let g = record(E13);
    let v = view(&g);
    let p = &v.prompt_base;
    assert_eq!(p.decision, "over");
    // Scores 5 0 0 3: Blue (the first seat) wins.
    assert_eq!(p.title, "The game is over: Aude wins");
    assert_eq!(p.detail, "It ended because the pile is empty.");
    let lines: Vec<(&[(u8, u32)], &str)> = v
        .end_lines
        .iter()
        .map(|l| (l.paid.as_slice(), l.text.as_str()))
        .collect();
    // The guesthouse road scores nothing and says why (O5.3); Blue's
    // knight in M's open city scores 1 (O4.3: its pennant none); Yellow's
    // coin 3 (O4.4).
    assert_eq!(
        lines,
        [
            (&[(3, 0)][..], "Unfinished at the end, the road of 2 tiles at -1,-2 (east and west) scores nothing for Dolça: a road with a guesthouse scores only when completed."),
            (&[(0, 1)][..], "Unfinished at the end, the city of 1 tile with 1 pennant at 0,1 (east and south) (with coins, pennants score nothing): Aude scores 1 point."),
            (&[(3, 3)][..], "Dolça's 1 coin: 3 points."),
        ]
    );
    let yellow = &v.panel.players[3];
    assert_eq!(yellow.breakdown, [0, 0, 0, 0, 3]);
    assert_eq!((yellow.score, yellow.supply), (3, 5));
    assert!(!yellow.winner && v.panel.players[0].winner);
    assert_eq!(v.panel.sources, SOURCES);
    // Yellow used the bridge, the wall and the guesthouse: the gate is left.
    assert_eq!(
        yellow.held,
        [
            ("coins", 1),
            ("bridge", 0),
            ("wall", 0),
            ("wooden gate", 1),
            ("guesthouse", 0)
        ]
    );
    // One coin of the ten was taken.
    assert_eq!(v.panel.common, [("coins", Some(9))]);
    assert_eq!(v.panel.tiles_left, [0]);
    assert_eq!((v.panel.placed, v.panel.stacks.as_slice()), (5, &[5][..]));
}

#[test]
fn the_log_tells_the_wood_the_guesthouse_the_coins_and_the_wyvern() {
    let g = record(E13);
    let turns = log_turns(g.events(), &g, &names(4));
    let text: Vec<&str> = turns
        .iter()
        .flat_map(|t| t.lines.iter().map(|l| l.text.as_str()))
        .collect();
    for want in [
        "Dolça placed a tile at 0,-2 with a bridge (east–west) across the tile to the west and a wall on its south side.",
        "Dolça built their guesthouse on its road.",
        "Dolça takes 1 coin for the pennants of the cities completed.",
        "Dolça put a thief on the road.",
        "The wyvern flies to the tile at 0,-2.",
        "The game ends: the pile is empty.",
    ] {
        assert!(text.contains(&want), "{want:?} not in {text:#?}");
    }
    let t4 = turns.iter().find(|t| t.turn == 4).unwrap();
    assert_eq!(t4.player, Some(3));
}

/// Every position of every rule record that reads (tests/records/classic):
/// the view holds the same invariants, whatever the options and positions.
#[test]
fn every_position_of_every_classic_rule_record_keeps_the_invariants() {
    let mut positions = 0;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/records/classic");
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let Ok(r) = formats::notation::read(&text) else {
            continue;
        };
        let Some(g) = r.game.as_classic() else {
            continue;
        };
        for n in 0..=g.history().len() {
            let at = g.at(n);
            let v = view(&at);
            check_choices(&at, &v.base_targets, &v.prompt_base, &v.placements);
            check_regions(&at, &v.base_targets);
            check_scene(&at, &v.scene);
            check_prompt(&at, &v.prompt_base);
            positions += 1;
        }
    }
    assert!(positions > 300, "{positions}");
}

#[test]
fn prompts_speak_of_clicks_or_taps() {
    let g = record(E13);
    let follower = first_where(&g, |x| x.decision() == Some(Decision::Follower));
    let legal = follower.legal_choices();
    let touch = prompt_on(&follower, &legal, &names(4), Pointer::Touch);
    let mouse = prompt(&follower, &legal, &names(4));
    assert_eq!(mouse.title, "Aude: put a follower on the new tile?");
    assert!(mouse.detail.starts_with("Click a ring"), "{}", mouse.detail);
    assert!(mouse.detail.ends_with("6 followers in supply."));
    assert!(touch.detail.starts_with("Tap a ring"), "{}", touch.detail);
    assert_eq!(mouse.declining(), Some(Choice::Follower(None)));
    let wyvern = first_where(&g, |x| x.decision() == Some(Decision::Wyvern));
    let legal = wyvern.legal_choices();
    let touch = prompt_on(&wyvern, &legal, &names(4), Pointer::Touch);
    assert!(touch.detail.contains("tap the glowing tile") || touch.detail.contains("tap one of"));
}

// ---------------------------------------------------------- the text view

/// E13's game (Old City: a bridge, a wall, a guesthouse, the wyvern) played
/// from its start by typed lines only, each question answered in words:
/// every command of classic's text view, with the answer it gives.
#[test]
fn the_text_view_plays_e13_by_typed_moves_and_answers_every_question() {
    let help = super::command::help();
    let end = record(include_str!(
        "../../../../tests/records/classic/o3_e13_bridge_and_wall_seed_turn.cgn"
    ));
    let names: Vec<String> = ["Blue", "Red", "Green", "Yellow"]
        .map(String::from)
        .to_vec();
    // Where the first tile (F, a city east–west with a pennant) fits, with
    // the wood each space needs.
    let first_fits = "The tile fits on: 0,-1 (90°, 270°); -1,0 (0° with a wooden gate on its east side, 90° with a bridge (east–west) across this tile, 180° with a wooden gate on its east side, 270° with a bridge (east–west) across this tile); 1,0 (0° with a wooden gate on its west side, 90° with a bridge (east–west) across this tile, 180° with a wooden gate on its west side, 270° with a bridge (east–west) across this tile); 0,1 (0°, 90° with a wall on its north side, 180°, 270° with a wall on its north side). Type a space to place it there, with a turn if you like (“1,0 90”).";
    let knight_or_farmers = "Type one of: 1: a knight in the city of 2 tiles on the north and south; 2: a farmer on the field of 1 tile on the east; 3: a farmer on the field of 1 tile on the west; no: no follower.";
    let guesthouse = "Type one of: 1: the guesthouse on the road of 2 tiles going north and west; no: no guesthouse.";
    let wyvern = "Type one of: 0,-2: the tile at 0,-2, veiling Yellow's thief.";
    let unused = "unused: bridge, wall, wooden gate, guesthouse";
    let scores_at_start = format!("Scores: Blue 0 (0 if the game ended now; 6 followers left, 0 coins; {unused}), Red 0 (0 if the game ended now; 6 followers left, 0 coins; {unused}), Green 0 (0 if the game ended now; 6 followers left, 0 coins; {unused}), Yellow 0 (0 if the game ended now; 6 followers left, 0 coins; {unused}).");
    let scores_at_end = format!("Scores: Blue 5 (5 if the game ended now; 5 followers left, 0 coins; {unused}), Red 0 (0 if the game ended now; 6 followers left, 0 coins; {unused}), Green 0 (0 if the game ended now; 6 followers left, 0 coins; {unused}), Yellow 3 (3 if the game ended now; 5 followers left, 1 coin; unused: wooden gate).");
    let script: &[(&str, &str)] = &[
        // Turn 1, Blue: F. Questions first; Enter alone says the help.
        ("", help),
        ("help", help),
        ("board", "1 tile placed, from 0,0 in the north-west to 0,0 in the south-east (x grows to the east, y to the south).\nRow 0: 0,0, a road to the east and west; a city on the north."),
        ("tile", "The tile in hand, unturned: a city on the east and west with a pennant. It fits on 4 spaces."),
        ("options", first_fits),
        ("look 0,-1", "0,-1 is empty. The tile in hand fits there turned 90°: a city on the north and south with a pennant; or turned 270°: a city on the north and south with a pennant."),
        ("look 0,0", "0,0: a road to the east and west; a city on the north."),
        ("look 5,5", "5,5 is empty."),
        ("look", "Say which space, such as “look 1,0”."),
        ("followers", "No follower is on the board."),
        ("scores", &scores_at_start),
        ("last", "Nothing has happened yet."),
        ("walls", "This game has no city wall."),
        ("hint", "hint"),
        ("north", &format!("“north” is not a space. {first_fits}")),
        ("3,3", &format!("The tile does not fit on 3,3. {first_fits}")),
        ("0,-1 45", &format!("“0,-1 45” is not a space. {first_fits}")),
        ("0,-1 180", "Not turned that way: on 0,-1 the tile fits turned 90° or 270°."),
        ("0,-1 90", "played"),
        // Its follower: a knight, or a farmer on either field.
        ("options", knight_or_farmers),
        ("farmer", "More than one option is a farmer: type 2 or 3."),
        ("thief", &format!("“thief” is not one of the options. {knight_or_farmers}")),
        ("knight", "played"),
        ("last", "Turn 1: Blue placed a tile at 0,-1. Blue put a knight on the city."),
        // Turns 2 and 3: B (a turn typed in degrees) and E (no turn typed).
        ("-1,-1 0", "played"),
        ("no", "played"),
        ("-1,-2", "played"),
        ("none", "played"),
        // Turn 4, Yellow: K fits at 0,-2 only with wood.
        ("tile", "The tile in hand, unturned: a road to the south and west; a city on the north. It fits on 8 spaces."),
        ("options", "The tile fits on: -1,-3 (180°); -2,-2 (0°, 180° with a bridge (east–west) across the tile to the east, 270° with a bridge (east–west) across the tile to the east); 0,-2 (0° with a bridge (east–west) across the tile to the west and a wooden gate on its south side, 90° with a bridge (east–west) across the tile to the west and a wall on its south side, 180°); -2,-1 (0°); 1,-1 (180°); -1,0 (270°); 1,0 (0°, 90°); 0,1 (270°). Type a space to place it there, with a turn if you like (“1,0 90”)."),
        ("look 0,-2", "0,-2 is empty. The tile in hand fits there turned 0° with a bridge (east–west) across the tile to the west and a wooden gate on its south side: a road to the south and west; a city on the north; or turned 90° with a bridge (east–west) across the tile to the west and a wall on its south side: a road to the north and west; a city on the east; or turned 180°: a road to the north and east; a city on the south."),
        ("0,-2 90", "played"),
        // The guesthouse on its road, taken back, built again.
        ("options", guesthouse),
        ("1", "played"),
        ("options", "Type one of: 1: a thief on the road of 2 tiles going north and west; 2: a knight in the city of 1 tile on the east; 3: a farmer on the field of 4 tiles on the north, south and west; 4: a farmer on the field of 4 tiles on the north and west; no: no follower."),
        ("undo", "undo"),
        ("options", guesthouse),
        ("guesthouse", "played"),
        ("thief", "played"),
        ("look 0,-2", "0,-2: a road to the north and west; a city on the east. A wall stands on its south side. Yellow's thief stands on the road. A guesthouse stands on its road."),
        ("look -1,-2", "-1,-2: a city on the north. A bridge (east–west) crosses it."),
        // Turn 5, Blue: M has a pennant, so the wyvern flies, to a tile
        // typed as its space.
        ("0,1 180", "played"),
        ("options", wyvern),
        ("7,7", &format!("“7,7” is not one of the options. {wyvern}")),
        ("0,-2", "played"),
        ("look 0,-2", "0,-2: a road to the north and west; a city on the east. A wall stands on its south side. Yellow's thief stands on the road. A guesthouse stands on its road. The wyvern is here: a follower on this tile counts for nobody."),
        ("followers", "Yellow's thief at 0,-2 on a road of 2 tiles, 2 sides still open, veiled by the wyvern."),
        ("options", "Type one of: 1: a knight in the city of 1 tile on the east and south; 2: a farmer on the field of 2 tiles on the north and west; no: no follower."),
        ("knight", "played"),
        // The pile is empty: the game is over.
        ("followers", "Yellow's thief at 0,-2 on a road of 2 tiles, 2 sides still open. Blue's knight at 0,1 on a city of 1 tile with 1 pennant, 2 sides still open."),
        ("scores", &scores_at_end),
        ("board", "6 tiles placed, from -1,-2 in the north-west to 0,1 in the south-east (x grows to the east, y to the south).\nRow -2: -1,-2, a city on the north; a bridge (east–west) across it. 0,-2, a road to the north and west; a city on the east.\nRow -1: -1,-1, a cloister. 0,-1, a city on the north and south with a pennant.\nRow 0: 0,0, a road to the east and west; a city on the north.\nRow 1: 0,1, a city on the east and south with a pennant."),
        ("tile", "No tile is in hand now."),
        ("options", "Nothing to decide: the game is over."),
        ("1", "The game is over: nothing more can be played."),
        ("last", "Turn 5: Blue placed a tile at 0,1. The wyvern flies to the tile at 0,-2. Blue put a knight on the city. The game ends: the pile is empty. Unfinished at the end, the road of 2 tiles at -1,-2 (east and west) scores nothing for Yellow: a road with a guesthouse scores only when completed. Unfinished at the end, the city of 1 tile with 1 pennant at 0,1 (east and south) (with coins, pennants score nothing): Blue scores 1 point. Yellow's 1 coin: 3 points."),
    ];
    let g = crate::command::check_script(end.at(0), &names, script);
    assert_eq!(g.history(), end.history());
}

/// Every legal choice of seeded games with both expansions can be typed:
/// a space and a turn for the tile (its wood comes with it), the option's
/// word for everything else; nonsense is answered with the options, and
/// no two options say the same.
#[test]
fn every_legal_choice_can_be_typed_in_the_text_view() {
    use crate::command::command_choice as command;
    use crate::command::{Command, TextGame};
    use crate::words::turn_name;
    let names = names(3);
    let mut typed = 0;
    for seed in 0..6u64 {
        let mut g = new_game(3, seed);
        let mut k = 0;
        while !g.is_over() {
            let options = g.options(&names);
            for (i, o) in options.iter().enumerate() {
                assert!(
                    options[i + 1..].iter().all(|p| p.words != o.words),
                    "{options:?}"
                );
            }
            for (i, c) in g.legal_choices().into_iter().enumerate() {
                let line = match c {
                    Choice::Place(p) => format!("{},{} {}", p.cell.x, p.cell.y, turn_name(p.rot)),
                    _ => options
                        .iter()
                        .find(|o| o.choice == i)
                        .expect("an option")
                        .key
                        .clone(),
                };
                assert_eq!(command(&g, &names, &line, None), Command::Play(c), "{line}");
                typed += 1;
            }
            match command(&g, &names, "nonsense", None) {
                Command::Say(s) => assert!(s.contains("is not"), "{s}"),
                c => panic!("{c:?}"),
            }
            g.play(choose(&g, Level::Random, seed * 1000 + k)).unwrap();
            k += 1;
        }
    }
    assert!(typed > 1000, "{typed}");
}

/// A hint names the space, the turn and the wood of a placement, and what
/// the guesthouse or a follower would stand on as the rings name it.
#[test]
fn hints_say_the_choice_in_words() {
    use super::describe::hint_words;
    let g = record(E13);
    let before = first_where(&g, |x| x.turns() == 3 && x.at_placement());
    let place = g.history()[before.history().len()];
    assert_eq!(
        hint_words(&before, place),
        "place the tile on 0,-2 turned 90° with a bridge (east–west) across the tile to the west and a wall on its south side"
    );
    let at = first_where(&g, |x| x.decision() == Some(Decision::Guesthouse));
    let road = Spot::Region(
        at.catalogue()
            .get(at.board().placed()[4].tile)
            .region_index("1")
            .unwrap(),
    );
    assert_eq!(
        hint_words(&at, Choice::Guesthouse(Some(road))),
        "put the guesthouse on the road of 2 tiles going north and west"
    );
    assert_eq!(
        hint_words(&at, Choice::Guesthouse(None)),
        "build no guesthouse"
    );
    let at = first_where(&g, |x| {
        x.turns() == 4 && x.decision() == Some(Decision::Follower)
    });
    assert_eq!(
        hint_words(&at, Choice::Follower(Some(road))),
        "put a thief on the road of 2 tiles going north and west"
    );
    assert_eq!(
        hint_words(&at, Choice::Follower(None)),
        "keep your followers"
    );
    let at = first_where(&g, |x| x.decision() == Some(Decision::Wyvern));
    assert_eq!(
        hint_words(&at, Choice::Wyvern(Cell::new(0, -2))),
        "send the wyvern to the tile at 0,-2"
    );
}

/// The short words of the text view's questions answer as the long ones.
#[test]
fn the_text_views_short_words_answer_as_the_long_ones() {
    use crate::command::command_choice as command;
    let g = record(E13).at(9);
    let names = names(4);
    for (short, long) in [
        ("?", "help"),
        ("h", "help"),
        ("o", "options"),
        ("m", "options"),
        ("moves", "options"),
        ("b", "board"),
        ("f", "followers"),
        ("w", "walls"),
        ("wall", "walls"),
        ("s", "scores"),
        ("score", "scores"),
        ("t", "tile"),
        ("l 0,-1", "look 0,-1"),
        ("at 0,-1", "look 0,-1"),
        ("LOOK 0 -1", "look 0,-1"),
        ("log", "last"),
    ] {
        assert_eq!(
            command(&g, &names, short, None),
            command(&g, &names, long, None),
            "{short}"
        );
    }
}

/// The end's lines of a rule record (tests/records/classic/NAME.cgn), as
/// (who was paid what, sentence).
fn end_lines_of(name: &str) -> Vec<(Vec<(u8, u32)>, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/records/classic")
        .join(format!("{name}.cgn"));
    let g = record(&std::fs::read_to_string(path).unwrap());
    final_lines(&g, &["Ann".to_string(), "Bob".to_string()])
        .into_iter()
        .map(|l| (l.paid, l.text))
        .collect()
}

/// A shared scoring is one line naming every winner, with what each was
/// paid; the farms of the 1st and 2nd editions name their city (B9.2,
/// B9.3), the 3rd edition's its farm (B9.1).
#[test]
fn the_end_tells_each_scoring_once_naming_its_feature_and_every_winner() {
    let one = |name: &str| {
        let lines = end_lines_of(name);
        assert_eq!(lines.len(), 1, "{lines:?}");
        lines.into_iter().next().unwrap()
    };
    assert_eq!(
        one("b9_2_second_edition_scores_a_city_for_each_farm_leader"),
        (
            vec![(0, 3), (1, 3)],
            "The completed city of 2 tiles at 0,0 (north), for the most farmers in a farm beside it: Ann and Bob score 3 points each.".to_string()
        )
    );
    assert_eq!(
        one("b9_3_first_edition_counts_farmers_round_a_city_together"),
        (
            vec![(0, 4)],
            "The completed city of 2 tiles at 0,0 (north), for the most farmers in its farms together: Ann scores 4 points.".to_string()
        )
    );
    assert_eq!(
        end_lines_of("b9_1_e5_third_edition_each_farm_scores_3_per_completed_city"),
        [
            (
                vec![(0, 6)],
                "The farm of 2 tiles at 0,-1 (north, east and west), beside 2 completed cities: Ann scores 6 points."
                    .to_string()
            ),
            (
                vec![(0, 3)],
                "The farm of 1 tile at 1,-2 (north, east and south), beside 1 completed city: Ann scores 3 points."
                    .to_string()
            ),
        ]
    );
    // O2.2: what each farmer's owner is paid, after rounding up.
    assert_eq!(
        end_lines_of("o2_2_o6_5_e15_a_veiled_farmer_shares_the_farm_at_the_end")[0],
        (
            vec![(0, 5), (1, 5)],
            "The farm of 3 tiles at 0,-1 (north, east and west), beside 3 completed cities: Ann and Bob score 5 points each, 9 points shared out by their farmers, each one's part rounded up.".to_string()
        )
    );
}

/// O2.3: an unfinished plaza city scores nothing, and the end and the
/// chronicle say why; a completed one tells each knight's share.
#[test]
fn the_plaza_city_says_why_it_scores_nothing_unfinished() {
    let why = "Unfinished at the end, the plaza city of 4 tiles with 1 pennant at 0,0 (north) scores nothing for Ann and Bob: a plaza city scores only when completed.";
    assert_eq!(
        end_lines_of("o2_3_e18_an_incomplete_plaza_city_scores_0"),
        [(vec![(0, 0), (1, 0)], why.to_string())]
    );
    let chronicle = |name: &str| -> Vec<String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/records/classic")
            .join(format!("{name}.cgn"));
        let g = record(&std::fs::read_to_string(path).unwrap());
        let names = ["Ann".to_string(), "Bob".to_string()];
        log_turns(g.events(), &g, &names)
            .into_iter()
            .flat_map(|t| t.lines.into_iter().map(|l| l.text))
            .collect()
    };
    assert!(chronicle("o2_3_e18_an_incomplete_plaza_city_scores_0").contains(&why.to_string()));
    let done = chronicle("o2_3_e18_the_plaza_city_scores_3_a_tile_shared_8_each");
    let want = "The plaza city of 5 tiles with 1 pennant at 0,0 (north) was completed: Ann and Bob score 8 points each, 15 points shared out by their knights, each one's part rounded up. 2 followers go home.";
    assert!(done.contains(&want.to_string()), "{done:#?}");
}

/// Over random games of every expansion mix: the end's lines pay each
/// player exactly what the end of the game added to their score, one line
/// per scoring (no text twice), each naming a player.
#[test]
fn the_end_lines_add_up_to_the_final_scoring() {
    for seed in 0..16u64 {
        let (exp, opts) = [
            ("", "farm-scoring=1st"),
            ("", "farm-scoring=2nd small-city=2"),
            ("city-gates old-city", ""),
            ("old-city", "oc-proportional=off oc-coins=off"),
        ][(seed % 4) as usize];
        let cat = Catalogue::builtin().unwrap();
        let expansions = Expansions::parse(exp).unwrap();
        let options = Options::parse(opts, expansions).unwrap();
        let players = 2 + (seed % 3) as usize;
        let setup = Setup::from_seed(cat, names(players), expansions, options, seed).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        let mut rng = engine::core::random::choice_rng(seed);
        let mut before = g.clone();
        while !g.is_over() {
            before = g.clone();
            let legal = g.legal_choices();
            let c = legal[engine::core::rng::below(&mut rng, legal.len() as u64) as usize];
            g.play(c).unwrap();
        }
        // What the end added: the last decision's gain less its scorings in
        // play (before the game ended).
        let new = &g.events()[before.events().len()..];
        let ended = new
            .iter()
            .position(|l| matches!(l.event, Event::GameEnded { .. }))
            .unwrap();
        let mut end: Vec<u32> = g
            .players()
            .iter()
            .zip(before.players())
            .map(|(now, was)| now.score - was.score)
            .collect();
        for l in &new[..ended] {
            if let Event::FeatureScored { paid, .. } = l.event {
                for (e, x) in end.iter_mut().zip(paid) {
                    *e -= x;
                }
            }
        }
        let scorings = new[ended..]
            .iter()
            .filter(|l| match l.event {
                Event::FeatureScored { winners, .. } | Event::FarmScored { winners, .. } => {
                    winners != 0
                }
                Event::CoinsScored { .. } => true,
                _ => false,
            })
            .count();
        let lines = final_lines(&g, &names(players));
        let mut texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), lines.len(), "seed {seed}: a line twice");
        let mut paid = vec![0u32; players];
        for l in &lines {
            assert!(!l.paid.is_empty());
            for &(p, x) in &l.paid {
                paid[p as usize] += x;
            }
        }
        assert_eq!(paid, end, "seed {seed}: {lines:#?}");
        assert_eq!(lines.len(), scorings, "seed {seed}: one line per scoring");
    }
}

// ---------------------------------------------------------- in German

/// Runs `f` in German, then back in English.
fn in_german<T>(f: impl FnOnce() -> T) -> T {
    i18n::speaking(i18n::Language::De, f)
}

/// Classic's words come out in German when the German file is chosen, and
/// a German typed move is taken.
#[test]
fn classic_words_in_german() {
    let end = record(include_str!(
        "../../../../tests/records/classic/o3_e13_bridge_and_wall_seed_turn.cgn"
    ));
    let names: Vec<String> = ["Blue", "Red", "Green", "Yellow"]
        .map(String::from)
        .to_vec();
    let gh = first_where(&end, |x| x.decision() == Some(Decision::Guesthouse));
    let wyvern = first_where(&end, |x| x.decision() == Some(Decision::Wyvern));
    in_german(|| {
        let p = prompt_on(&gh, &gh.legal_choices(), &names, Pointer::Touch);
        assert_eq!(p.title, "Yellow: Dein Gasthaus an der neuen Straße bauen?");
        assert!(p.detail.starts_with("Tippe auf eine leuchtende Straße"));
        assert_eq!(p.buttons[0].label, "Kein Gasthaus");
        let p = prompt_on(&wyvern, &wyvern.legal_choices(), &names, Pointer::Mouse);
        assert_eq!(p.title, "Blue: Bewege den Lindwurm");
        assert!(
            p.detail.contains("Klicke auf das leuchtende Plättchen"),
            "{}",
            p.detail
        );
        assert_eq!(super::command::help(), i18n::msg::classic_command::help());
        assert!(super::command::help().starts_with("Tippe einen Zug"));
        // The board's rings and the text view's options.
        let options = crate::command::options_words(&gh, &names);
        assert!(
            options.starts_with(
                "Tippe eines davon: 1: das Gasthaus an die Straße aus 2 Plättchen nach "
            ),
            "{options}"
        );
        assert!(options.contains("; nein: "), "{options}");
        // The text view's descriptions.
        let scores = super::describe::scores_words(&gh, &names);
        assert!(scores.starts_with("Punkte: Blue "), "{scores}");
        assert!(scores.contains("wenn das Spiel jetzt endete"), "{scores}");
        let look = super::describe::cell_words(&wyvern, Cell::new(0, -2), &names).unwrap();
        assert!(
            look.contains("Der Wegelagerer von Yellow steht auf der Straße."),
            "{look}"
        );
        // The chronicle.
        let turns = Adapter::log(&gh, &names);
        let first = &turns[0].lines;
        assert_eq!(first[0].text, "Blue legte ein Plättchen auf 0,-1.");
        assert_eq!(first[1].text, "Blue setzte einen Ritter in die Stadt.");
        // "nein" declines the guesthouse, as "no" does.
        let after = crate::command::check_script(gh.clone(), &names, &[("nein", "played")]);
        assert_eq!(after.decision(), Some(Decision::Follower));
    });
}
