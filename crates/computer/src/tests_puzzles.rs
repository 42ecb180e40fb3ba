//! Puzzles (issue 40): the criteria, the themes, Glicko-2 against the
//! paper's worked example.

use super::eval::Move;
use super::glicko::{answer, Rating};
use super::puzzles::{first_rating, judge, starts_move, theme, PuzzleConfig, Theme, MIN_GAIN};
use super::*;
use engine::{city, classic, TileGame};
use formats::notation;

fn record(name: &str) -> AnyGame {
    let path = format!(
        "{}/../../tests/records/review/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    notation::read(&text).unwrap().game
}

/// Glickman's example (2013): a 1500 player, RD 200, σ 0.06, τ 0.5, beats
/// a 1400 (RD 30), loses to a 1550 (RD 100) and a 1700 (RD 300): 1464.06,
/// RD 151.52, σ 0.05999.
#[test]
fn glicko2_matches_the_papers_worked_example() {
    let me = Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let opp = |r, d| Rating {
        rating: r,
        deviation: d,
        volatility: 0.06,
    };
    let after = me.after(
        &[
            (opp(1400.0, 30.0), 1.0),
            (opp(1550.0, 100.0), 0.0),
            (opp(1700.0, 300.0), 0.0),
        ],
        0.5,
    );
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    // No game: only the deviation grows.
    let idle = me.after(&[], 0.5);
    assert_eq!(idle.rating, 1500.0);
    assert!(idle.deviation > 200.0 && idle.deviation < 201.0);
}

#[test]
fn an_answer_moves_both_ratings_and_stays_bounded() {
    let p = Rating::NEW_PLAYER;
    let z = Rating::puzzle(1500.0);
    let (won, lost_puzzle) = answer(p, z, true);
    assert!(won.rating > 1500.0 && lost_puzzle.rating < 1500.0);
    let (lost, won_puzzle) = answer(p, z, false);
    assert!(lost.rating < 1500.0 && won_puzzle.rating > 1500.0);
    // A rating read back damaged is made whole.
    let bad = Rating {
        rating: f64::NAN,
        deviation: -3.0,
        volatility: f64::INFINITY,
    }
    .bounded();
    assert_eq!(bad.rating, 1500.0);
    assert_eq!(bad.deviation, Rating::MIN_DEVIATION);
    assert_eq!(bad.volatility, 0.06);
    // Many wins never push the deviation under its floor.
    let mut r = p;
    for _ in 0..200 {
        r = answer(r, z, true).0;
    }
    assert!(r.deviation >= Rating::MIN_DEVIATION && r.rating.is_finite());
}

#[test]
fn first_ratings_say_easier_when_the_greedy_move_is_right() {
    assert!(first_rating(6.0, true) < first_rating(6.0, false));
    assert!(first_rating(30.0, false) < first_rating(6.0, false));
    assert_eq!(first_rating(MIN_GAIN, true), 1300.0);
}

/// A light judgement for the dev profile.
fn light<G: Playable>() -> PuzzleConfig {
    PuzzleConfig {
        screen_samples: 4,
        candidates: 6,
        samples: 16,
        recheck_samples: 32,
        ..PuzzleConfig::mining::<G>()
    }
}

/// The planted blunder of classic: closing a 16-point city of one's own is
/// worth far more than anything else there, so the position is a puzzle whose
/// best move completes the city, and its theme says so.
#[test]
fn a_city_left_open_is_a_completing_puzzle() {
    let AnyGame::Classic(g) = record("classic_placement_blunder.cgn") else {
        panic!("a classic record")
    };
    // The planted decision: the review finds it (tests_review.rs).
    let reviews = Reviewer::new(&g, Level::Greedy, g.setup().seed).run_all();
    let worst = reviews
        .iter()
        .max_by(|a, b| a.loss.total_cmp(&b.loss))
        .unwrap();
    let pos = g.at(worst.n);
    let j = judge(&pos, &light::<classic::Game>(), 7).expect("a puzzle");
    assert!(j.recheck_gain >= MIN_GAIN && j.gain >= MIN_GAIN);
    assert!(j.best_value - j.second_value >= MIN_GAIN);
    assert_eq!(theme(&pos, &j.best), Theme::Completing);
    // The same position and seed, the same judgement.
    assert_eq!(judge(&pos, &light::<classic::Game>(), 7), Some(j));
}

/// The opening of a game is no puzzle: many moves are worth about the same.
#[test]
fn a_quiet_opening_is_no_puzzle() {
    let AnyGame::City(g) = record("city_normal_vs_hard.cgn") else {
        panic!("a City record")
    };
    assert_eq!(judge(&g.at(0), &light::<city::Game>(), 1), None);
}

#[test]
fn themes_name_what_the_move_does() {
    // The City: every wall piece is `walls`.
    let AnyGame::City(g) = record("city_normal_vs_hard.cgn") else {
        panic!()
    };
    let mut walls = 0;
    let mut themes = std::collections::HashSet::new();
    let mut prev: Option<city::Game> = None;
    for n in 0..g.history().len() {
        let pos = g.at(n);
        let c = g.history()[n];
        if starts_move(prev.as_ref(), &pos) {
            let mut after = pos.clone();
            after.play_unchecked(c);
            let then = (after.to_move() == pos.to_move()
                && matches!(after.decision(), Some(city::Decision::Follower)))
            .then(|| g.history().get(n + 1).copied())
            .flatten();
            let t = theme(
                &pos,
                &Move {
                    first: c,
                    then,
                    value: 0.0,
                },
            );
            if matches!(c, city::Choice::Wall(_)) {
                assert_eq!(t, Theme::Walls);
                walls += 1;
            }
            themes.insert(t);
        }
        prev = Some(pos);
    }
    assert!(walls > 0, "a game of The City builds walls");
    for t in [Theme::Completing, Theme::Claiming, Theme::Building] {
        assert!(themes.contains(&t), "{t:?} in {themes:?}");
    }
    // Classic: a farmer is `farming`.
    let AnyGame::Classic(c) = record("classic_normal_vs_hard.cgn") else {
        panic!()
    };
    let mut farming = 0;
    for n in 0..c.history().len() {
        let pos = c.at(n);
        if let (Some(classic::Decision::Place { .. }), Some(&then)) =
            (pos.decision(), c.history().get(n + 1))
        {
            let first = c.history()[n];
            let mut after = pos.clone();
            after.play_unchecked(first);
            if after.decision() != Some(classic::Decision::Follower) {
                continue;
            }
            let m = Move {
                first,
                then: Some(then),
                value: 0.0,
            };
            let t = theme(&pos, &m);
            let on_field = {
                let mut h = after.clone();
                h.play_unchecked(then);
                let before = engine::core::aids::aids(&after);
                let a = engine::core::aids::aids(&h);
                let fields = |x: &engine::core::aids::Aids| {
                    x.holdings
                        .iter()
                        .filter(|h| h.kind == engine::core::aids::Kind::Field)
                        .map(|h| h.followers[pos.to_move() as usize] as u32)
                        .sum::<u32>()
                };
                fields(&a) > fields(&before) && h.scores() == after.scores()
            };
            if on_field {
                assert_eq!(t, Theme::Farming, "decision {n}");
                farming += 1;
            }
        }
    }
    assert!(farming > 0, "someone farms in a whole classic game");
}

#[test]
fn theme_names_read_back() {
    for t in Theme::ALL {
        assert_eq!(Theme::from_name(t.name()), Some(t));
    }
    assert_eq!(Theme::from_name("nothing"), None);
}

/// A review split between parts (the app's engine workers) gives each
/// decision the review the whole gives, every decision once, and `covered`
/// never passes a decision not yet handed back.
#[test]
fn a_review_split_in_parts_is_the_whole_review() {
    use super::review::ReviewConfig;
    let AnyGame::Classic(g) = record("classic_placement_blunder.cgn") else {
        panic!()
    };
    let cfg = ReviewConfig {
        samples: 8,
        luck_samples: 4,
        ..<classic::Game as Playable>::REVIEW
    };
    let whole = Reviewer::with_config(&g, Level::Greedy, g.setup().seed, cfg).run_all();
    for parts in [2, 3] {
        let mut merged = Vec::new();
        for part in 0..parts {
            let mut r = Reviewer::new(&g, Level::Greedy, g.setup().seed).part(part, parts);
            r.set_config(cfg);
            let total = r.progress().total;
            let mut mine = Vec::new();
            while !r.is_done() {
                let covered = r.covered();
                if let Some(d) = r.step(3) {
                    assert!(d.n >= covered, "covered {covered} passed {}", d.n);
                    mine.push(d);
                }
            }
            assert_eq!(mine.len(), total);
            assert_eq!(r.covered(), g.history().len());
            merged.extend(mine);
        }
        merged.sort_by_key(|d| d.n);
        assert_eq!(merged, whole, "{parts} parts");
    }
}

/// A player's own puzzles (issue 40) meet the shipped puzzles' criteria:
/// a mistake's move is kept when its best is 5 points above every other
/// (the same judgement `mine` gives there), never when the move played is
/// a right answer, and a follower's mistake is judged from its tile.
#[test]
fn own_puzzles_are_judged_as_the_shipped_ones() {
    use super::puzzles::{mine, move_starts, own_at};
    let game = record("classic_placement_blunder.cgn");
    let n = game.history().len() - 2; // Ben's tile put away from the city
    let budget = 0.5;
    let f = own_at(&game, n, budget).expect("a puzzle");
    assert!(f.best_gain >= MIN_GAIN && f.first_gain >= MIN_GAIN, "{f:?}");
    assert_eq!((f.n, f.seat), (n, 1));
    let mined = mine(&game, budget, None, &mut |_, _| ());
    assert_eq!(mined.iter().find(|m| m.n == n), Some(&f));
    // The follower decision of that move starts nowhere: its tile does.
    let c = game.as_classic().unwrap();
    assert!(c.at(2).at_placement() && !c.at(3).at_placement());
    assert_eq!(move_starts(&game, &[n + 1, n, 3]), vec![2, n]);
    assert_eq!(own_at(&game, n + 1, budget), None);
    // Had Ben played the best move, it is no puzzle of his mistakes.
    let mut right = game.at(n);
    right.play(f.best).unwrap();
    if let Some(t) = f.best_then {
        right.play(t).unwrap();
    }
    assert_eq!(own_at(&right, n, budget), None);
    // A decision whose moves are close is none either (the criteria, not
    // the loss: every decision `mine` passes over).
    for k in 0..n {
        if !mined.iter().any(|m| m.n == k) {
            assert_eq!(own_at(&game, k, budget), None, "decision {k}");
        }
    }
}
