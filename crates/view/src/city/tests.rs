//! The view of The City checked against the engine, natively: the targets
//! handed to the board are exactly the legal choices of each decision, and
//! the prompt names the decision and offers the right buttons.

use super::log::end_reason;
use super::*;
use crate::geometry;
use crate::prompt::Prompt;
use crate::targets::{self, InHand, Targets};
use crate::words::turn_name;
use engine::any::AnyGame;
use engine::city::events::Event;
use engine::city::tiles::{Catalogue, RegionKind, TileType};
use engine::city::walls::{self, End};
use engine::city::{Decision, Options, Setup};
use engine::core::geom::{Cell, Rotation};
use engine::core::random;
use engine::core::rng::below;

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
        // On the new tile, where the artwork puts the region's follower
        // (moved apart from the others when two rings would overlap).
        let spot = art::anchor(cat, last.tile, r.region);
        let anchor = geometry::on_board(last.cell, last.rot, spot);
        let apart = v.base_targets.regions.iter().all(|o| {
            let a = geometry::on_board(last.cell, last.rot, art::anchor(cat, last.tile, o.region));
            o.region == r.region
                || ((a.0 - anchor.0).powi(2) + (a.1 - anchor.1).powi(2)).sqrt() >= targets::RING_GAP
        });
        if apart {
            assert_eq!(r.pos, anchor);
        }
        let (x, y) = (last.cell.x as f64 * 100.0, last.cell.y as f64 * 100.0);
        assert!(
            r.pos.0 >= x + 14.0
                && r.pos.0 <= x + 86.0
                && r.pos.1 >= y + 14.0
                && r.pos.1 <= y + 86.0
        );
        // Named by its role, its feature's size and where it goes.
        let kind = &cat.get(last.tile).regions[r.region as usize].kind;
        let role = match kind {
            RegionKind::Street => "a citizen on the street of ",
            RegionKind::Market(_) => "a seller on the ",
            RegionKind::Residential { .. } => "a steward on the residential area of ",
        };
        assert!(r.label.starts_with(role), "{}", r.label);
        assert_eq!(r.label, follower_label(&g, r.region));
        assert_eq!(r.piece, None);
        // The feature it would join includes the region itself.
        let own = art::region_outline(cat, last.tile, r.region).0;
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
    assert!(p
        .detail
        .ends_with(&format!("{supply} followers in supply.")));
    // In taps for a touch screen, in clicks for a mouse.
    let touch = game_view_on(&g, &seats(&NAMES[..2]), Pointer::Touch).prompt_base;
    assert!(touch.detail.starts_with("Tap a ring"), "{}", touch.detail);
    assert!(p.detail.starts_with("Click a ring"), "{}", p.detail);
    assert_eq!(button_ids(p), ["no-follower"]);
    assert_eq!(p.buttons[0].choice, Choice::Follower(None));
    assert!(legal.contains(&p.buttons[0].choice));
    assert_eq!(p.declining(), Some(Choice::Follower(None)));
}

/// No follower ring covers another on the tile, and none sounds like
/// another (its words are its accessible name), in any follower decision.
#[test]
fn follower_rings_on_a_tile_do_not_cover_one_another() {
    let mut checked = 0;
    for seed in 1..30 {
        let mut g = new_game(2, seed);
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            if g.decision() == Some(Decision::Follower) {
                let t = view(&g).base_targets;
                for (i, a) in t.regions.iter().enumerate() {
                    for b in &t.regions[i + 1..] {
                        let d = ((a.pos.0 - b.pos.0).powi(2) + (a.pos.1 - b.pos.1).powi(2)).sqrt();
                        assert!(d >= targets::RING_GAP - 0.5, "seed {seed}: {d}");
                        assert_ne!(a.label, b.label, "seed {seed}");
                    }
                }
                checked += 1;
            }
            let c = g.legal_choices();
            g.play(c[below(&mut rng, c.len() as u64) as usize]).unwrap();
        }
    }
    assert!(checked > 200);
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
    let piece = g.walls().pieces.last().unwrap().side;
    assert_eq!(v.base_targets.mark, Some(piece));
    let p = &v.prompt_base;
    assert_eq!(p.decision, "guard");
    let legal = g.legal_choices();
    let allowed = legal.contains(&Choice::Guard(true));
    let expected: Vec<&str> = if allowed {
        vec!["guard-yes", "guard-no"]
    } else {
        vec!["guard-no"]
    };
    assert_eq!(button_ids(p), expected);
    assert!(p.buttons.iter().all(|b| legal.contains(&b.choice)));
    assert_eq!(p.declining(), Some(Choice::Guard(false)));
    assert_eq!(
        p.buttons.iter().find(|b| b.primary).map(|b| b.choice),
        allowed.then_some(Choice::Guard(true))
    );
    // The board offers the new piece itself for the guard (so the keyboard
    // and a click can post one), with the line it would watch.
    assert_eq!(v.base_targets.focusable(), usize::from(allowed));
    if allowed {
        let t = &v.base_targets.sides[0];
        assert_eq!(
            (t.side, t.choice, t.key.as_str()),
            (piece, Choice::Guard(true), "guard")
        );
    }
    let line = guard_line(&g, piece);
    assert_eq!(v.base_targets.line, line.cells);
    assert_eq!(
        line.cells.first(),
        Some(&piece.cell),
        "the line starts behind the piece"
    );
}

/// A guard's preview is what the guard scores at the end if nothing
/// changes: the line's public and historic buildings, 2 and 3 points each
/// (R12.3), shown on the board ("+N") and in the prompt.
#[test]
fn a_guard_preview_shows_its_line_and_the_points_it_would_score_now() {
    let mut seen = 0;
    for seed in 1..120 {
        let mut g = new_game(2, seed);
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            if g.decision() == Some(Decision::Guard)
                && g.legal_choices().contains(&Choice::Guard(true))
            {
                let piece = g.walls().pieces.last().unwrap().side;
                let line = guard_line(&g, piece);
                let v = view(&g);
                let t = &v.base_targets.sides[0];
                assert_eq!(
                    t.label.as_deref(),
                    Some(format!("+{}", line.points).as_str())
                );
                assert_eq!(
                    v.prompt_base.buttons[0].label,
                    format!("Post a guard (+{} now)", line.points)
                );
                assert!(
                    v.prompt_base.detail.contains(GuardLine::word(piece)),
                    "{}",
                    v.prompt_base.detail
                );
                // Post it, play on to the end: with the line unchanged, it
                // scores what the preview said.
                let mut h = g.clone();
                h.play(Choice::Guard(true)).unwrap();
                let mut r = random::choice_rng(seed + 1000);
                random::play_out(&mut h, &mut r);
                if guard_line(&h, piece).cells == line.cells {
                    let lines = final_lines(&h, &names(2));
                    let me = g.to_move();
                    let side = side_name(piece);
                    assert!(
                        lines
                            .iter()
                            .any(|l| l.paid == [(me, line.points)] && l.text.contains(&side)),
                        "{lines:?}"
                    );
                    seen += 1;
                }
            }
            let c = g.legal_choices();
            g.play(c[below(&mut rng, c.len() as u64) as usize]).unwrap();
        }
        if seen >= 3 {
            return;
        }
    }
    panic!("too few guards checked: {seen}");
}

fn names(n: usize) -> Vec<String> {
    NAMES[..n].iter().map(|s| s.to_string()).collect()
}

/// When the engine skips a guard step (no guard is possible), the next
/// prompt says why (R8.1, R8.4).
#[test]
fn a_guard_that_could_not_be_posted_is_explained() {
    for seed in 1..300 {
        let mut g = new_game(2, seed);
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            let c = g.legal_choices();
            let choice = c[below(&mut rng, c.len() as u64) as usize];
            g.play(choice).unwrap();
            if matches!(choice, Choice::Wall(_))
                && g.decision() != Some(Decision::Guard)
                && !g.is_over()
            {
                let piece = *g.walls().pieces.last().unwrap();
                let note = view(&g).prompt_base.note.expect("a note");
                assert!(note.contains("could post no guard"), "{note}");
                assert!(note.contains(&side_name(piece.side)), "{note}");
                let opposite = walls::opposite_piece(g.board(), g.walls(), piece.side)
                    .is_some_and(|i| g.walls().pieces[i].guard.is_some());
                assert_eq!(note.contains("already has a guard"), opposite, "{note}");
                return;
            }
        }
    }
    panic!("no skipped guard step found");
}

/// Issue 13: on a game's last action the tower's "+N" showed the whole end
/// of the game's scoring (+40 for an arm of 14 pieces); it is what the
/// tower itself scores, as the engine then scores it (R9.2).
#[test]
fn a_tower_on_the_games_last_action_previews_only_its_own_points() {
    let mut regressions = 0;
    for seed in 1..200 {
        let mut g = new_game(2, seed);
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            if g.decision() == Some(Decision::Tower) {
                let v = view(&g);
                for t in &v.base_targets.vertices {
                    let mut h = g.clone();
                    h.play(t.choice).unwrap();
                    let scored = h.events().iter().rev().find_map(|l| match l.event {
                        Event::TowerPlaced { points, .. } => Some(points),
                        _ => None,
                    });
                    let points = scored.expect("a tower was placed");
                    assert_eq!(t.label, format!("+{points}"), "seed {seed}");
                    let b = v
                        .prompt_base
                        .buttons
                        .iter()
                        .find(|b| b.choice == t.choice)
                        .unwrap();
                    assert!(b.label.ends_with(&format!("(+{points})")), "{}", b.label);
                    let me = g.to_move() as usize;
                    if h.is_over() && h.players()[me].score - g.players()[me].score > points {
                        regressions += 1;
                    }
                }
            }
            let c = g.legal_choices();
            g.play(c[below(&mut rng, c.len() as u64) as usize]).unwrap();
        }
        if regressions >= 2 {
            return;
        }
    }
    panic!("no game whose last action is a tower followed by more end-of-game points");
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
    for t in &v.base_targets.vertices {
        let Choice::Tower(Some(e)) = t.choice else {
            unreachable!()
        };
        assert_eq!(Some(t.vertex), g.walls().end_vertex(e));
        assert_eq!(t.label, format!("+{}", g.walls().tower_points(e)));
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

/// "final now" does not jump inside a turn: what the tile or a wall piece
/// completed counts before its follower or guard step, as after it.
#[test]
fn the_projected_score_is_steady_through_a_turn() {
    let mut checked = 0;
    for seed in 1..40 {
        let mut g = new_game(3, seed);
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            let no = match g.decision() {
                Some(Decision::Follower) => Some(Choice::Follower(None)),
                Some(Decision::Guard) => Some(Choice::Guard(false)),
                _ => None,
            };
            if let Some(no) = no {
                let mut h = g.clone();
                h.play(no).unwrap();
                assert_eq!(projected(&g), projected(&h), "seed {seed}");
                checked += 1;
            }
            let c = g.legal_choices();
            g.play(c[below(&mut rng, c.len() as u64) as usize]).unwrap();
        }
    }
    assert!(checked > 100);
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
    let Some(Choice::Follower(Some(r))) = g
        .legal_choices()
        .into_iter()
        .find(|c| matches!(c, Choice::Follower(Some(_))))
    else {
        unreachable!()
    };
    let label = follower_label(&g, r);
    assert!(label.contains(" of "), "{label}");
    assert_eq!(
        hint_words(&g, Choice::Follower(Some(r))),
        format!("put {label}")
    );
    assert_eq!(
        hint_words(&g, Choice::Follower(None)),
        "keep your followers"
    );
    assert_eq!(
        hint_words(&g, Choice::Wall(End::Ccw)),
        "build at the counter-clockwise end"
    );
    // A placement: the space and the turn.
    assert_eq!(
        hint_words(
            &g,
            Choice::Place {
                cell: Cell::new(2, -1),
                rot: Rotation::ALL[3]
            }
        ),
        "place the tile on 2,-1 turned 270°"
    );
}

// ------------------------------------------------- what just happened

#[test]
fn what_scored_and_what_was_built_since_a_position_is_marked() {
    let colours: Vec<PlayerColour> = PlayerColour::ALL[..2].to_vec();
    let (mut scored, mut built) = (0, 0);
    for seed in 1..20 {
        let mut g = new_game(2, seed);
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            let before = g.clone();
            let c = g.legal_choices();
            g.play(c[below(&mut rng, c.len() as u64) as usize]).unwrap();
            let r = recent::recent(&before, &g, &colours);
            let new = &g.events()[before.events().len()..];
            let mut points = 0;
            for l in new {
                match l.event {
                    Event::FeatureScored {
                        points: p, winners, ..
                    } if winners != 0 && p > 0 => {
                        points += p;
                    }
                    Event::WallPlaced { side, .. } => {
                        assert!(r.walls.contains(&side));
                        built += 1;
                    }
                    Event::TowerPlaced { vertex, .. } => assert!(r.towers.contains(&vertex)),
                    Event::GuardPlaced { side, .. } => assert!(r.guards.contains(&side)),
                    _ => {}
                }
            }
            assert_eq!(
                r.scored
                    .iter()
                    .flat_map(|s| s.scorers.iter().map(|c| c.points).take(1))
                    .sum::<u32>(),
                points,
                "seed {seed}"
            );
            for s in &r.scored {
                assert!(!s.shapes.is_empty() && !s.scorers.is_empty());
                scored += 1;
            }
            // Nothing is recent between a position and itself.
            assert!(recent::recent(&g, &g, &colours).is_empty());
        }
    }
    assert!(scored > 50 && built > 50, "{scored} {built}");
}

// ---------------------------------------------------------- the text view

/// Every legal choice can be typed: a space and a turn for the tile, the
/// option's word for everything else; nonsense is answered with the options.
#[test]
fn every_legal_choice_can_be_typed_in_the_text_view() {
    use super::describe::options;
    use crate::command::{command_choice as command, Command};
    let names = names(3);
    let mut typed = 0;
    for seed in 1..6 {
        let mut g = new_game(3, seed);
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            for (i, c) in g.legal_choices().into_iter().enumerate() {
                let line = match c {
                    Choice::Place { cell, rot } => {
                        format!("{},{} {}", cell.x, cell.y, turn_name(rot))
                    }
                    _ => {
                        options(&g)
                            .into_iter()
                            .find(|o| o.choice == i)
                            .expect("an option")
                            .key
                    }
                };
                assert_eq!(command(&g, &names, &line, None), Command::Play(c), "{line}");
                typed += 1;
            }
            match command(&g, &names, "nonsense", None) {
                Command::Say(s) => assert!(s.contains("is not"), "{s}"),
                c => panic!("{c:?}"),
            }
            let c = g.legal_choices();
            g.play(c[below(&mut rng, c.len() as u64) as usize]).unwrap();
        }
        assert_eq!(
            command(&g, &names, "1", None),
            Command::Say("The game is over: nothing more can be played.".into())
        );
    }
    assert!(typed > 1000);
}

#[test]
fn the_text_view_describes_tiles_the_board_and_the_wall() {
    use super::describe::*;
    use crate::command::{command_choice as command, Command};
    let cat = Catalogue::builtin().unwrap();
    let names = names(2);
    // A straight street tile, turned: the street's ends turn with it.
    let s = cat.by_id("S2").unwrap();
    let words = tile_words(cat, s, Rotation::ALL[0]);
    let turned = tile_words(cat, s, Rotation::ALL[1]);
    assert!(
        words.contains("a street from east to west")
            || words.contains("a street from north to south"),
        "{words}"
    );
    assert_ne!(words, turned);
    assert!(tile_words(cat, cat.by_id("X1").unwrap(), Rotation::ALL[0])
        .contains("meeting at a crossing"));
    let g = find(|g| g.walls().pieces.len() >= 3 && g.at_placement());
    let b = crate::command::board_words(crate::command::TextGame::tiles(&g));
    assert!(b.starts_with(&format!("{} tiles placed", g.turns())), "{b}");
    let w = walls_words(&g, &names);
    assert!(w.starts_with("The gate is on the "), "{w}");
    let cell = g.board().placed()[0].cell;
    match command(&g, &names, &format!("look {},{}", cell.x, cell.y), None) {
        Command::Say(s) => assert!(s.starts_with(&format!("{},{}: ", cell.x, cell.y)), "{s}"),
        c => panic!("{c:?}"),
    }
    // The tile in hand fits where it is offered, with its turns.
    let Some(Decision::PlaceTile { tile }) = g.decision() else {
        unreachable!()
    };
    let (c, r) = g.placements(tile)[0];
    match command(&g, &names, &format!("look {},{}", c.x, c.y), None) {
        Command::Say(s) => assert!(s.contains(&format!("turned {}", turn_name(r))), "{s}"),
        c => panic!("{c:?}"),
    }
    // A space typed without a turn takes the turn in hand when it fits.
    assert_eq!(
        command(&g, &names, &format!("{} {}", c.x, c.y), Some(r)),
        Command::Play(Choice::Place { cell: c, rot: r })
    );
    assert!(crate::command::options_words(&g, &names).starts_with("The tile fits on: "));
    assert_eq!(command(&g, &names, "undo", None), Command::Undo);
    assert!(
        matches!(command(&g, &names, "scores", None), Command::Say(s) if s.starts_with("Scores: Aude "))
    );
}

#[test]
fn the_end_lists_each_guard_and_stewards_area_with_its_points() {
    let names = names(3);
    for seed in 1..8 {
        let mut g = new_game(3, seed);
        random::play_out(&mut g, &mut random::choice_rng(seed));
        let lines = final_lines(&g, &names);
        for (i, p) in g.players().iter().enumerate() {
            let sum: u32 = lines
                .iter()
                .flat_map(|l| &l.paid)
                .filter(|&&(p, _)| p as usize == i)
                .map(|&(_, points)| points)
                .sum();
            assert_eq!(
                sum,
                p.breakdown.guards + p.breakdown.stewards,
                "seed {seed} player {i}: {lines:?}"
            );
        }
    }
}

#[test]
fn sentences_count_in_good_english() {
    let names = names(2);
    let one = sentence(&Event::ClosingWalls { sides: 1 }, &names)
        .unwrap()
        .text;
    assert_eq!(
        one,
        "The last open side of the outline is walled in for the final scoring."
    );
    let two = sentence(&Event::ClosingWalls { sides: 2 }, &names)
        .unwrap()
        .text;
    assert_eq!(
        two,
        "The last 2 open sides of the outline are walled in for the final scoring."
    );
    let none = sentence(
        &Event::GuardScored {
            player: 0,
            public: 0,
            historic: 0,
            points: 0,
        },
        &names,
    )
    .unwrap()
    .text;
    assert_eq!(
        none,
        "Aude's guard overlooks no public or historic building: 0 points."
    );
    let g = find(|g| {
        g.decision() == Some(Decision::Tower) && g.players()[g.to_move() as usize].towers == 1
    });
    let p = view(&g).prompt_base;
    assert!(p.detail.ends_with(" 1 tower left."), "{}", p.detail);
}

/// What "Save record" downloads of The City's game `g`.
fn download(g: &Game) -> (Game, String, Option<String>) {
    match crate::any::record_download(&AnyGame::City(g.clone())) {
        (AnyGame::City(whole), name, note) => (whole, name, note),
        _ => unreachable!("The City's record is The City's"),
    }
}

/// "Save record" in the middle of a turn: the file is named for the whole
/// turns it holds and the player is told the turn in progress is left out.
#[test]
fn a_record_saved_in_the_middle_of_a_turn_says_what_it_holds() {
    let g = find(|g| g.decision() == Some(Decision::Follower) && g.turns() >= 9);
    let (whole, name, note) = download(&g);
    let seed = g.setup().seed.unwrap();
    assert_eq!(whole.turns(), g.turns() - 1);
    assert_eq!(name, format!("the-city-{seed}-turn-{}.cgn", g.turns() - 1));
    let note = note.expect("a note");
    assert!(
        note.contains(&format!("turn {}, in progress, is not in it", g.turns())),
        "{note}"
    );
    // Between turns the record is the whole game, and nothing is said.
    let g = find(|g| g.at_placement() && g.turns() >= 3);
    let (whole, name, note) = download(&g);
    assert_eq!(whole.history(), g.history());
    assert!(name.ends_with(&format!("-turn-{}.cgn", g.turns())));
    assert_eq!(note, None);
}

/// Issue 13's regression record: a game whose last action is a tower that
/// scores 16, followed by the end-of-game scoring. At the tower decision the
/// preview says +16, not the whole end of the game.
#[test]
fn the_tower_preview_regression_record() {
    let text = include_str!("../../../../tests/fixtures/view/tower_preview_on_the_last_action.cgn");
    let record = formats::notation::city::read(text).unwrap();
    let full = record.game;
    assert!(full.is_over());
    let history = full.history().to_vec();
    let g = full.undo().unwrap();
    assert_eq!(g.decision(), Some(Decision::Tower));
    let last = *history.last().unwrap();
    let v = view(&g);
    let target = v
        .base_targets
        .vertices
        .iter()
        .find(|t| t.choice == last)
        .unwrap();
    assert_eq!(target.label, "+16");
    let me = g.to_move() as usize;
    assert!(full.players()[me].score - g.players()[me].score > 16 + 10);
}

/// R8.1's game (a gate round and a wall round with guards) played from its
/// start by typed lines only, each question answered in words: every
/// command of The City's text view, with the answer it gives.
#[test]
fn the_text_view_plays_r8_1_by_typed_moves_and_answers_every_question() {
    use super::command::HELP;
    let end = formats::notation::read(include_str!(
        "../../../../tests/records/city/r8_1_a_guard_goes_on_the_piece_just_placed_and_stays.cgn"
    ))
    .unwrap()
    .game
    .as_city()
    .unwrap()
    .clone();
    let names: Vec<String> = ["Ann", "Bob"].map(String::from).to_vec();
    let script: &[(&str, &str)] = &[
        // Turn 1, Ann: questions first; Enter alone says the help.
        ("", HELP),
        ("help", HELP),
        ("board", "The board is empty: the first tile goes on 0,0."),
        ("tile", "The tile in hand, unturned: a street from the south ending on the tile; a residential area with 1 public building on the north, east, south and west. It fits on 1 space."),
        ("options", "The tile fits on: 0,0 (0°, 90°, 180°, 270°). Type a space to place it there, with a turn if you like (“1,0 90”)."),
        ("look 0,0", "0,0 is empty. The tile in hand fits there turned 0°: a street from the south ending on the tile; a residential area with 1 public building on the north, east, south and west; or turned 90°: a street from the west ending on the tile; a residential area with 1 public building on the north, east, south and west; or turned 180°: a street from the north ending on the tile; a residential area with 1 public building on the north, east, south and west; or turned 270°: a street from the east ending on the tile; a residential area with 1 public building on the north, east, south and west."),
        ("walls", "No wall yet: the first wall round starts with the gate. 70 wall pieces in the supply."),
        ("followers", "No follower is on the board."),
        ("scores", "Scores: Ann 0 (0 if the game ended now; 7 followers and 6 towers left), Bob 0 (0 if the game ended now; 7 followers and 6 towers left)."),
        ("last", "Nothing has happened yet."),
        ("hint", "hint"),
        // The first tile, then no follower; turns 2 to 5 alike (a space
        // typed without a turn takes the one it fits).
        ("0,0 0", "played"),
        ("options", "Type one of: 1: a citizen on the street of 1 tile going south; 2: a steward on the residential area of 1 tile on the north, east, south and west; no: no follower."),
        ("no", "played"),
        ("1,0 0", "played"),
        ("no", "played"),
        ("2,0", "played"),
        ("no", "played"),
        ("3,0 0", "played"),
        ("no", "played"),
        ("3,1 0", "played"),
        ("no", "played"),
        // Turn 6, Bob: his tile completes a street: the gate round.
        ("0,1 180", "played"),
        ("options", "Type one of: 1: a steward on the residential area of 6 tiles on the north, east, south and west; no: no follower."),
        ("no", "played"),
        ("options", "Type one of: 1: the gate on the north side of 0,0; 2: the gate on the west side of 0,0; 3: the gate on the north side of 1,0; 4: the gate on the south side of 1,0; 5: the gate on the north side of 2,0; 6: the gate on the south side of 2,0; 7: the gate on the north side of 3,0; 8: the gate on the east side of 3,0; 9: the gate on the east side of 3,1; 10: the gate on the south side of 3,1; 11: the gate on the west side of 3,1; 12: the gate on the east side of 0,1; 13: the gate on the south side of 0,1; 14: the gate on the west side of 0,1."),
        ("look 0,0", "0,0: a street from the south ending on the tile; a residential area with 1 public building on the north, east, south and west."),
        // The gate, then pieces at either end, a guard posted on the first.
        ("1", "played"),
        ("options", "Type one of: cw: a piece at the clockwise end, on the north side of 1,0; ccw: a piece at the counter-clockwise end, on the west side of 0,0."),
        ("walls", "The gate is on the north side of 0,0. The clockwise arm has 0 pieces; its next piece goes on the north side of 1,0. The counter-clockwise arm has 0 pieces; its next piece goes on the west side of 0,0. The gap is 13; 70 wall pieces left in the supply."),
        ("clockwise", "played"),
        ("options", "Type one of: yes: post a guard: it watches the column of 1 tile south of it: 1 public building, 2 points now; no: no guard."),
        ("yes", "played"),
        ("options", "Type one of: cw: a piece at the clockwise end, on the north side of 2,0; ccw: a piece at the counter-clockwise end, on the west side of 0,0."),
        ("ccw", "played"),
        ("options", "Type one of: yes: post a guard: it watches the row of 4 tiles east of it: 4 public buildings, 8 points now; no: no guard."),
        ("n", "played"),
        ("options", "Type one of: cw: a piece at the clockwise end, on the north side of 2,0; ccw: a piece at the counter-clockwise end, on the west side of 0,1."),
        ("cw", "played"),
        ("options", "Type one of: yes: post a guard: it watches the column of 1 tile south of it: 2 public buildings, 4 points now; no: no guard."),
        ("no", "played"),
        ("followers", "Ann's guard on the north side of 1,0 watches the column of 1 tile south of it: 1 public building: 2 points now."),
        ("walls", "The gate is on the north side of 0,0. The clockwise arm has 2 pieces; its next piece goes on the north side of 3,0. The counter-clockwise arm has 1 piece; its next piece goes on the west side of 0,1. The gap is 10; 67 wall pieces left in the supply."),
        ("last", "Turn 6: Bob placed a tile at 0,1. A street of 2 tiles was completed by the tile: nobody had a follower on it. Bob's tile completed 1 street or market: a wall round of 4 pieces begins. Bob set the city gate on the north side of 0,0. Ann built a wall piece at the clockwise end, on the north side of 1,0. Ann posted a guard on it. Bob built a wall piece at the counter-clockwise end, on the west side of 0,0. Ann built a wall piece at the clockwise end, on the north side of 2,0."),
        ("look 1,0", "1,0: a residential area with 1 public building on the north, east, south and west. A wall piece is on its north side, with Ann's guard."),
        ("options", "Type one of: cw: a tower at the clockwise end, 2 points; ccw: a tower at the counter-clockwise end, 1 point; no: no tower."),
        ("tile", "No tile is in hand now."),
        // The last guard taken back and declined again; no tower.
        ("undo", "undo"),
        ("options", "Type one of: yes: post a guard: it watches the column of 1 tile south of it: 2 public buildings, 4 points now; no: no guard."),
        ("no", "played"),
        ("3,3", "“3,3” is not one of the options. Type one of: cw: a tower at the clockwise end, 2 points; ccw: a tower at the counter-clockwise end, 1 point; no: no tower."),
        ("no", "played"),
        // Turn 7, Ann: the last tile, its round, and the end.
        ("3,3", "The tile does not fit on 3,3. The tile fits on: 3,-1 (90°, 180°, 270°); 4,0 (0°, 180°, 270°); -1,1 (0°, 90°, 180°); 1,1 (0°, 270°); 2,1 (0°, 90°); 4,1 (0°, 180°, 270°); 0,2 (0°, 90°, 270°); 3,2 (180°). Type a space to place it there, with a turn if you like (“1,0 90”)."),
        ("3,2 90", "Not turned that way: on 3,2 the tile fits turned 180°."),
        ("3,2 r2", "played"),
        ("options", "Type one of: 1: a steward on the residential area of 7 tiles on the north, east, south and west; no: no follower."),
        ("no", "played"),
        ("options", "Type one of: cw: a piece at the clockwise end, on the north side of 3,0; ccw: a piece at the counter-clockwise end, on the west side of 0,1."),
        ("cw", "played"),
        ("options", "Type one of: yes: post a guard: it watches the column of 3 tiles south of it: 2 public buildings, 4 points now; no: no guard."),
        ("no", "played"),
        ("ccw", "played"),
        ("yes", "played"),
        ("options", "Type one of: cw: a piece at the clockwise end, on the east side of 3,0; ccw: a piece at the counter-clockwise end, on the south side of 0,1."),
        ("cw", "played"),
        ("options", "Type one of: yes: post a guard: it watches the row of 4 tiles west of it: 4 public buildings, 8 points now; no: no guard."),
        ("no", "played"),
        ("options", "Type one of: cw: a piece at the clockwise end, on the east side of 3,1; ccw: a piece at the counter-clockwise end, on the south side of 0,1."),
        ("ccw", "played"),
        ("options", "Type one of: yes: post a guard: it watches the column of 2 tiles north of it: 2 public buildings, 4 points now; no: no guard."),
        ("no", "played"),
        ("options", "Type one of: cw: a tower at the clockwise end, 4 points; ccw: a tower at the counter-clockwise end, 3 points; no: no tower."),
        ("no", "played"),
        ("options", "Nothing to decide: the game is over."),
        ("1", "The game is over: nothing more can be played."),
        ("scores", "Scores: Ann 2 (2 if the game ended now; 6 followers and 6 towers left), Bob 2 (2 if the game ended now; 6 followers and 6 towers left)."),
        ("followers", "Ann's guard on the north side of 1,0 watches the column of 1 tile south of it: 1 public building: 2 points now. Bob's guard on the west side of 0,1 watches the row of 1 tile east of it: 1 public building: 2 points now."),
        ("last", "Turn 7: Ann placed a tile at 3,2. A street of 2 tiles was completed by the tile: nobody had a follower on it. Ann's tile completed 1 street or market: a wall round of 4 pieces begins. Ann built a wall piece at the clockwise end, on the north side of 3,0. Bob built a wall piece at the counter-clockwise end, on the west side of 0,1. Bob posted a guard on it. Ann built a wall piece at the clockwise end, on the east side of 3,0. Bob built a wall piece at the counter-clockwise end, on the south side of 0,1. The game ends: no tile is left to place. The last 8 open sides of the outline are walled in for the final scoring. Ann's guard overlooks 1 public building: 2 points. Bob's guard overlooks 1 public building: 2 points."),
    ];
    let g = crate::command::check_script(end.at(0), &names, script);
    assert_eq!(g.history(), end.history());
}

/// Runs `f` in German, then back in English.
fn in_german<T>(f: impl FnOnce() -> T) -> T {
    i18n::speaking(i18n::Language::De, f)
}

#[test]
fn the_citys_words_come_out_in_german() {
    let start = new_game(2, 1);
    let g = find(|g| g.decision() == Some(Decision::Gate));
    let (placing, gate) = in_german(|| (view(&start).prompt_base, view(&g).prompt_base));
    assert_eq!(placing.title, "Aude: Lege dein Plättchen");
    assert!(placing
        .detail
        .starts_with("Das erste Plättchen gründet die Stadt"));
    assert!(
        gate.title.ends_with(": Setze das Stadttor"),
        "{}",
        gate.title
    );
    let why = gate.why.unwrap();
    assert!(why.starts_with("Mauerrunde (Zug "), "{why}");
    assert!(why.contains("Mauerstück 1 von "), "{why}");
    in_german(|| {
        let side = engine::core::geom::Side {
            cell: Cell::new(2, -1),
            dir: engine::core::geom::Dir::N,
        };
        assert_eq!(side_name(side), "der Nordseite von 2,-1");
        assert_eq!(
            end_reason(engine::city::events::EndReason::Closed),
            "die Stadtmauer ist geschlossen"
        );
        assert_eq!(crate::words::dirs_words(0b0011), "Norden und Osten");
        let by = engine::city::events::EndReason::LastTile;
        let line = sentence(&Event::GameEnded { by }, &names(2)).unwrap();
        assert_eq!(
            line.text,
            "Das Spiel endet: es ist kein Plättchen mehr zu legen."
        );
        assert_eq!(crate::names::source("guards"), "Wächter");
        let walls = super::describe::walls_words(&start, &names(2));
        assert!(walls.starts_with("Noch keine Mauer: "), "{walls}");
        assert_eq!(
            super::describe::hint_words(&start, Choice::Tower(None)),
            "keinen Turm bauen"
        );
    });
    // And English again.
    assert_eq!(view(&start).prompt_base.title, "Aude: place your tile");
}
