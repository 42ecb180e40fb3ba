//! The view of The City checked against the engine, natively: the targets
//! handed to the board are exactly the legal choices of each decision, and
//! the prompt names the decision and offers the right buttons.

use super::*;
use crate::engine::city::{Options, Setup};
use crate::engine::core::geom::{Cell, Rotation};
use crate::engine::core::random;
use crate::engine::core::rng::below;
use crate::view::targets::{self, InHand};

fn seats(names: &[&str]) -> Vec<Seat> {
    names
        .iter()
        .zip(PlayerColour::ALL)
        .map(|(n, c)| Seat {
            name: n.to_string(),
            colour: c,
            computer: None,
        })
        .collect()
}

const NAMES: [&str; 3] = ["Aude", "Bernat", "Cécile"];

fn new_game(players: usize, seed: u64) -> Game {
    let cat = Catalogue::builtin().unwrap();
    let names = NAMES[..players].iter().map(|s| s.to_string()).collect();
    let setup = Setup::from_seed(cat, names, seed, [30, 25, 20], Options::default()).unwrap();
    Game::new(cat, setup).unwrap()
}

/// Random play (seeded) until `stop` says so or the game ends.
fn play_until(game: &mut Game, seed: u64, stop: impl Fn(&Game) -> bool) {
    let mut rng = random::choice_rng(seed);
    while !game.is_over() && !stop(game) {
        let c = game.legal_choices();
        game.play(c[below(&mut rng, c.len() as u64) as usize])
            .unwrap();
    }
}

/// A 2-player game from the first seed whose random play reaches a
/// position where `want` holds.
fn find(want: impl Fn(&Game) -> bool) -> Game {
    for seed in 1..300 {
        let mut g = new_game(2, seed);
        play_until(&mut g, seed, &want);
        if !g.is_over() && want(&g) {
            return g;
        }
    }
    panic!("no seed reaches the position asked for");
}

fn view(g: &Game) -> GameView<Choice> {
    game_view(g, &seats(&NAMES[..g.player_count()]))
}

fn placements(g: &Game) -> Vec<(Cell, Rotation)> {
    g.legal_choices()
        .into_iter()
        .filter_map(|c| match c {
            Choice::Place { cell, rot } => Some((cell, rot)),
            _ => None,
        })
        .collect()
}

fn drawn(g: &Game) -> TileType {
    match g.decision() {
        Some(Decision::PlaceTile { tile }) => tile,
        d => panic!("not a tile placement: {d:?}"),
    }
}

fn button_ids(p: &Prompt<Choice>) -> Vec<&str> {
    p.buttons.iter().map(|b| b.testid.as_str()).collect()
}

// ------------------------------------------------------------ placement

#[test]
fn at_the_start_the_board_offers_the_first_tile_on_0_0_in_the_rotation_in_hand() {
    let g = new_game(2, 7);
    let v = view(&g);
    let legal = placements(&g);
    assert_eq!(*v.placements, legal);
    assert!(legal.iter().all(|&(c, _)| c == Cell::new(0, 0)));
    // The rotation put in hand: the first one clockwise from north that fits.
    let first = targets::first_rotation(&v.placements, Rotation::ALL[0]).unwrap();
    let expected = Rotation::ALL
        .into_iter()
        .find(|&r| legal.contains(&(Cell::new(0, 0), r)))
        .unwrap();
    assert_eq!(first, expected);
    let tile = drawn(&g);
    for &rot in &Rotation::ALL {
        let in_hand = InHand {
            tile,
            rot,
            tried: None,
            follower: None,
        };
        let t = v.base_targets.with_tile(&v.placements, in_hand);
        let legal_now = legal.contains(&(Cell::new(0, 0), rot));
        assert_eq!(
            t.cells,
            vec![targets::CellTarget {
                cell: Cell::new(0, 0),
                now: legal_now
            }]
        );
        assert_eq!(t.hand, Some((tile, rot)));
        assert_eq!(t.ghost, None, "nothing is tried yet");
    }
    assert!(v.base_targets.regions.is_empty() && v.base_targets.sides.is_empty());
    assert_eq!(v.base_targets.colour, Some(PlayerColour::ALL[0]));
}

#[test]
fn the_cell_targets_are_exactly_the_legal_placements_of_the_rotation_in_hand() {
    for seed in [3, 11, 29] {
        let mut g = new_game(3, seed);
        play_until(&mut g, seed, |g| g.turns() >= 12 && g.at_placement());
        let v = view(&g);
        let legal = placements(&g);
        assert!(!legal.is_empty());
        assert_eq!(*v.placements, legal);
        let tile = drawn(&g);
        let mut any_cell: Vec<Cell> = legal.iter().map(|&(c, _)| c).collect();
        any_cell.sort_by_key(|c| (c.y, c.x));
        any_cell.dedup();
        for &rot in &Rotation::ALL {
            let t = v.base_targets.with_tile(
                &v.placements,
                InHand {
                    tile,
                    rot,
                    tried: None,
                    follower: None,
                },
            );
            let now: Vec<Cell> = t.cells.iter().filter(|c| c.now).map(|c| c.cell).collect();
            let mut expected: Vec<Cell> = legal
                .iter()
                .filter(|&&(_, r)| r == rot)
                .map(|&(c, _)| c)
                .collect();
            expected.sort_by_key(|c| (c.y, c.x));
            assert_eq!(now, expected, "seed {seed} rotation {rot:?}");
            assert_eq!(targets::cells_for(&v.placements, rot), expected);
            // Every cell legal in some rotation is offered once, those of
            // the rotation in hand first.
            let mut all: Vec<Cell> = t.cells.iter().map(|c| c.cell).collect();
            assert!(t.cells.windows(2).all(|w| w[0].now >= w[1].now));
            all.sort_by_key(|c| (c.y, c.x));
            assert_eq!(all, any_cell, "seed {seed}");
        }
    }
}

#[test]
fn a_tried_tile_is_a_ghost_only_where_it_is_legal_in_its_rotation() {
    let mut g = new_game(2, 5);
    play_until(&mut g, 5, |g| g.turns() >= 6 && g.at_placement());
    let v = view(&g);
    let tile = drawn(&g);
    let rot = targets::first_rotation(&v.placements, Rotation::ALL[0]).unwrap();
    let (cell, _) = *v.placements.iter().find(|p| p.1 == rot).unwrap();
    let hand = |tried| InHand {
        tile,
        rot,
        tried: Some(tried),
        follower: Some((cell, rot, (50.0, 20.0))),
    };
    let t = v.base_targets.with_tile(&v.placements, hand(cell));
    let ghost = t.ghost.unwrap();
    assert_eq!((ghost.tile, ghost.cell, ghost.rot), (tile, cell, rot));
    // The hint's follower is drawn on the ghost, turned with it.
    assert_eq!(
        ghost.follower,
        Some(geometry::on_board(cell, rot, (50.0, 20.0)))
    );
    // A cell with no legal placement shows no ghost.
    let nowhere = Cell::new(40, 40);
    let t = v.base_targets.with_tile(&v.placements, hand(nowhere));
    assert_eq!(t.ghost, None);
}

#[test]
fn the_placement_prompt_names_the_player_and_has_no_buttons() {
    let g = new_game(2, 7);
    let p = view(&g).prompt_base;
    assert_eq!(p.decision, "place");
    assert_eq!(p.player, Some(0));
    assert_eq!(p.title, "Aude: place your tile");
    assert!(p.detail.starts_with("The first tile starts the city"));
    assert!(p.buttons.is_empty());
    assert_eq!(p.why, None);
    assert_eq!(p.declining(), None);
}

// ------------------------------------------------------------- follower

#[test]
fn at_a_follower_decision_the_region_targets_are_exactly_the_legal_followers() {
    let g = find(|g| g.decision() == Some(Decision::Follower) && g.turns() >= 4);
    let v = view(&g);
    let legal = g.legal_choices();
    let offered: Vec<Choice> = v.base_targets.regions.iter().map(|r| r.choice).collect();
    let expected: Vec<Choice> = legal
        .iter()
        .copied()
        .filter(|c| matches!(c, Choice::Follower(Some(_))))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(offered, expected);
    assert!(v.base_targets.cells.is_empty() && v.base_targets.sides.is_empty());

    let cat = g.catalogue();
    let last = *g.board().placed().last().unwrap();
    for r in &v.base_targets.regions {
        assert_eq!(r.choice, Choice::Follower(Some(r.region)));
        // On the new tile, where the artwork puts the region's follower.
        let spot = tile_art::anchor(cat, last.tile, r.region);
        assert_eq!(r.pos, geometry::on_board(last.cell, last.rot, spot));
        let kind = &cat.get(last.tile).regions[r.region as usize].kind;
        assert_eq!(r.label, region_label(kind));
        // The feature it would join includes the region itself.
        let own = tile_art::region_outline(cat, last.tile, r.region).0;
        assert!(r
            .feature
            .iter()
            .any(|s| s.d == own && s.transform == geometry::tile_transform(last.cell, last.rot)));
        assert_eq!(
            r.feature.len(),
            g.feature_regions(g.board().placed().len() - 1, r.region)
                .len()
        );
    }

    // The prompt: whose follower, how many in supply, and "No follower".
    let p = &v.prompt_base;
    let who = NAMES[g.to_move() as usize];
    assert_eq!(p.decision, "follower");
    assert_eq!(p.player, Some(g.to_move()));
    assert_eq!(p.title, format!("{who}: put a follower on the new tile?"));
    let supply = g.players()[g.to_move() as usize].supply;
    assert!(p.detail.ends_with(&format!("{supply} in supply.")));
    assert_eq!(button_ids(p), ["no-follower"]);
    assert_eq!(p.buttons[0].choice, Choice::Follower(None));
    assert!(legal.contains(&p.buttons[0].choice));
    assert_eq!(p.declining(), Some(Choice::Follower(None)));
}

#[test]
fn the_focus_cycles_through_the_targets_in_order() {
    let g = find(|g| g.decision() == Some(Decision::Follower) && g.legal_choices().len() > 2);
    let t = view(&g).base_targets;
    assert_eq!(t.focusable(), t.regions.len());
    for (i, r) in t.regions.iter().enumerate() {
        assert_eq!(t.choice_at(i), Some(r.choice));
    }
    assert_eq!(t.choice_at(t.focusable()), None);
}

// ----------------------------------------------------------- wall rounds

#[test]
fn a_gate_decision_offers_every_legal_outline_side_and_says_why() {
    let g = find(|g| g.decision() == Some(Decision::Gate));
    let v = view(&g);
    let gates: Vec<Choice> = g
        .legal_choices()
        .into_iter()
        .filter(|c| matches!(c, Choice::Gate(_)))
        .collect();
    let offered: Vec<Choice> = v.base_targets.sides.iter().map(|s| s.choice).collect();
    assert_eq!(offered, gates);
    for s in &v.base_targets.sides {
        assert_eq!(s.choice, Choice::Gate(s.side));
        assert_eq!((s.key.as_str(), s.label.as_deref()), ("gate", None));
    }
    let p = &v.prompt_base;
    assert_eq!(p.decision, "gate");
    let who = NAMES[g.to_move() as usize];
    assert_eq!(p.title, format!("{who}: place the city gate"));
    assert!(p.buttons.is_empty());
    // Why a wall round: the turn, whose tile, what it completed, which piece.
    let (builder, _) = g.wall_round().unwrap();
    let why = p.why.as_deref().unwrap();
    let turn = g.turns();
    assert!(
        why.starts_with(&format!(
            "Wall round on turn {turn}: {}'s tile completed ",
            NAMES[builder as usize]
        )),
        "{why}"
    );
    assert!(why.ends_with(&round_step(&g)), "{why}");
}

/// "· piece 2 of 3.": the step of the wall round in play, from the events.
fn round_step(g: &Game) -> String {
    let (_, left) = g.wall_round().unwrap();
    let pieces = g
        .events()
        .iter()
        .rev()
        .find_map(|l| match l.event {
            Event::WallRoundStarted { pieces, .. } => Some(pieces as usize),
            _ => None,
        })
        .unwrap();
    format!("· piece {} of {pieces}.", pieces - left + 1)
}

#[test]
fn a_wall_decision_offers_the_next_side_of_each_legal_end_and_its_buttons() {
    let g = find(|g| g.decision() == Some(Decision::Wall));
    let v = view(&g);
    let ends: Vec<End> = g
        .legal_choices()
        .into_iter()
        .filter_map(|c| match c {
            Choice::Wall(e) => Some(e),
            _ => None,
        })
        .collect();
    assert!(!ends.is_empty());
    let sides = &v.base_targets.sides;
    assert_eq!(sides.len(), ends.len());
    for (s, &e) in sides.iter().zip(&ends) {
        assert_eq!(s.choice, Choice::Wall(e));
        assert_eq!(Some(s.side), g.next_wall_side(e));
        assert_eq!(s.key, e.name());
    }
    let p = &v.prompt_base;
    assert_eq!(p.decision, "wall");
    let ids: Vec<String> = ends.iter().map(|e| format!("wall-{}", e.name())).collect();
    assert_eq!(button_ids(p), ids);
    assert!(p
        .buttons
        .iter()
        .zip(&ends)
        .all(|(b, &e)| b.choice == Choice::Wall(e) && !b.declines));
    assert!(p.detail.contains(&format!(
        "{} wall pieces left in the supply; the gap is {}.",
        g.walls().supply,
        g.gap().unwrap()
    )));
    let why = p.why.as_deref().unwrap();
    assert!(why.starts_with("Wall round on turn "), "{why}");
    assert!(why.ends_with(&round_step(&g)), "{why}");
}

#[test]
fn a_guard_decision_marks_the_new_piece_and_offers_yes_and_no() {
    let g = find(|g| g.decision() == Some(Decision::Guard));
    let v = view(&g);
    assert_eq!(v.base_targets.mark, g.walls().pieces.last().map(|p| p.side));
    assert_eq!(v.base_targets.focusable(), 0);
    let p = &v.prompt_base;
    assert_eq!(p.decision, "guard");
    let legal = g.legal_choices();
    let expected: Vec<&str> = if legal.contains(&Choice::Guard(true)) {
        vec!["guard-yes", "guard-no"]
    } else {
        vec!["guard-no"]
    };
    assert_eq!(button_ids(p), expected);
    assert!(p.buttons.iter().all(|b| legal.contains(&b.choice)));
    assert_eq!(p.declining(), Some(Choice::Guard(false)));
    assert_eq!(
        p.buttons.iter().find(|b| b.primary).map(|b| b.choice),
        legal
            .contains(&Choice::Guard(true))
            .then_some(Choice::Guard(true))
    );
}

#[test]
fn a_tower_decision_offers_the_wall_ends_with_the_points_they_would_score() {
    let g = find(|g| g.decision() == Some(Decision::Tower) && !g.walls().tower_ends().is_empty());
    let v = view(&g);
    let towers: Vec<Choice> = g
        .legal_choices()
        .into_iter()
        .filter(|c| matches!(c, Choice::Tower(Some(_))))
        .collect();
    let offered: Vec<Choice> = v.base_targets.vertices.iter().map(|t| t.choice).collect();
    assert_eq!(offered, towers);
    let me = g.to_move() as usize;
    for t in &v.base_targets.vertices {
        let Choice::Tower(Some(e)) = t.choice else {
            unreachable!()
        };
        assert_eq!(Some(t.vertex), g.walls().end_vertex(e));
        let mut h = g.clone();
        h.play(t.choice).unwrap();
        let gained = h.players()[me].score - g.players()[me].score;
        assert_eq!(t.label, format!("+{gained}"));
    }
    let p = &v.prompt_base;
    assert_eq!(p.decision, "tower");
    assert_eq!(button_ids(p).last(), Some(&"tower-none"));
    assert_eq!(p.buttons.len(), towers.len() + 1);
    assert_eq!(p.declining(), Some(Choice::Tower(None)));
    assert!(p
        .why
        .as_deref()
        .unwrap()
        .ends_with("· the round's pieces are built."));
}

// --------------------------------------------------------------- the end

#[test]
fn the_game_over_prompt_names_the_winners_and_why_it_ended() {
    for seed in 1..6 {
        let mut g = new_game(3, seed);
        random::play_out(&mut g, &mut random::choice_rng(seed));
        let v = view(&g);
        let p = &v.prompt_base;
        assert_eq!(p.decision, "over");
        assert_eq!(p.player, None);
        assert!(p.buttons.is_empty() && p.why.is_none());
        let winners: Vec<&str> = (0..3)
            .filter(|&i| g.winners() & (1 << i) != 0)
            .map(|i| NAMES[i])
            .collect();
        let title = match winners.as_slice() {
            [one] => format!("The game is over: {one} wins"),
            [a, b] => format!("The game is over: {a} and {b} share the win"),
            [a, b, c] => format!("The game is over: {a}, {b} and {c} share the win"),
            _ => unreachable!(),
        };
        assert_eq!(p.title, title, "seed {seed}");
        let reason = end_reason(g.ended_by().unwrap());
        assert_eq!(p.detail, format!("It ended because {reason}."));
        // Nothing to click, nobody's colour.
        assert_eq!(v.base_targets, Targets::default());
        assert!(v.placements.is_empty());
        // The panel: final scores, winners, the breakdown by source.
        for (i, row) in v.panel.players.iter().enumerate() {
            let s = &g.players()[i];
            assert_eq!((row.score, row.projected), (s.score, s.score));
            assert_eq!(row.breakdown.iter().sum::<u32>(), s.breakdown.total());
            assert_eq!(row.breakdown.len(), v.panel.sources.len());
            assert_eq!(row.winner, g.winners() & (1 << i) != 0);
            assert!(!row.to_move);
        }
    }
}

// ------------------------------------------------------------ log, hints

#[test]
fn the_log_tells_every_turn_in_sentences_and_who_placed_its_tile() {
    let mut g = new_game(2, 4);
    random::play_out(&mut g, &mut random::choice_rng(4));
    let names: Vec<String> = NAMES[..2].iter().map(|s| s.to_string()).collect();
    let turns = log_turns(g.events(), &names);
    assert_eq!(
        turns.first().map(|t| (t.turn, t.player)),
        Some((1, Some(0)))
    );
    assert_eq!(turns[0].lines[0].text, "Aude placed a tile at 0,0.");
    for t in &turns {
        assert!(!t.lines.is_empty());
        assert!(t.lines.iter().all(|l| l.text.ends_with('.')), "{t:?}");
    }
    assert!(turns.windows(2).all(|w| w[0].turn < w[1].turn));
    let last = turns.last().unwrap();
    assert!(last
        .lines
        .iter()
        .any(|l| l.text.starts_with("The game ends: ")));
}

#[test]
fn hints_say_the_choice_in_words() {
    let g = find(|g| g.decision() == Some(Decision::Follower));
    let cat = g.catalogue();
    let last = g.board().placed().last().unwrap().tile;
    let Some(Choice::Follower(Some(r))) = g
        .legal_choices()
        .into_iter()
        .find(|c| matches!(c, Choice::Follower(Some(_))))
    else {
        unreachable!()
    };
    let label = region_label(&cat.get(last).regions[r as usize].kind);
    assert_eq!(
        hint_words(&g, cat, Choice::Follower(Some(r)), None),
        format!("put {label}")
    );
    assert_eq!(
        hint_words(&g, cat, Choice::Follower(None), None),
        "keep your followers"
    );
    assert_eq!(
        hint_words(&g, cat, Choice::Wall(End::Ccw), None),
        "build at the counter-clockwise end"
    );
}
