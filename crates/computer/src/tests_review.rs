//! The game review (issue 30): a planted blunder is found and named, the
//! weaker player loses more, the best move is the level's own, and the same
//! record always gives the same review.

use super::review::{self, key_moments, position_seed, summarize, KeyMoments, ReviewConfig};
use super::*;
use engine::classic::{self, Choice};
use engine::{city, TileGame};
use formats::notation;

/// A review light enough for the dev profile.
fn light<G: Playable>() -> ReviewConfig {
    ReviewConfig {
        samples: 24,
        luck_samples: 8,
        ..G::REVIEW
    }
}

fn record(name: &str) -> AnyGame {
    let path = format!(
        "{}/../../tests/records/review/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    notation::read(&text).unwrap().game
}

/// A 2-player base game of classic from `seed`, its pile cut to `tiles`.
fn short_classic(seed: u64, tiles: usize) -> classic::Game {
    let cat = classic::Catalogue::builtin().unwrap();
    let names = vec!["A".to_string(), "B".to_string()];
    let setup = classic::Setup::from_seed(
        cat,
        names,
        classic::Expansions::default(),
        classic::Options::default(),
        seed,
    )
    .unwrap()
    .first_tiles(tiles);
    classic::Game::new(cat, setup).unwrap()
}

/// A 2-player game of The City from `seed` with small stacks.
fn short_city(seed: u64) -> city::Game {
    let cat = city::Catalogue::builtin().unwrap();
    let names = vec!["A".to_string(), "B".to_string()];
    let setup =
        city::Setup::from_seed(cat, names, seed, [5, 4, 3], city::Options::default()).unwrap();
    city::Game::new(cat, setup).unwrap()
}

/// `g` played to its end, seat 0 by `a` and seat 1 by `b`.
fn played<G: Playable>(mut g: G, a: Level, b: Level, seed: u64) -> G {
    while !g.is_over() {
        let level = if g.to_move() == 0 { a } else { b };
        let c = choose(&g, level, seed ^ g.history().len() as u64);
        g.play(c).unwrap();
    }
    g
}

/// Ben's last turn in a planted record: his tile decision and his follower
/// decision.
fn last_turn(game: &AnyGame) -> (DecisionReview<Choice>, DecisionReview<Choice>) {
    let g = game.as_classic().unwrap();
    let reviews = Reviewer::new(g, Level::Normal, game.seed()).run_all();
    let n = g.history().len();
    let at = |k: usize| reviews.iter().find(|r| r.n == k).cloned().unwrap();
    let (tile, follower) = (at(n - 2), at(n - 1));
    assert_eq!(game.players()[tile.seat as usize], "Ben");
    assert_eq!(follower.seat, tile.seat);
    (tile, follower)
}

/// Points seat `seat` scores at once by `choices` played at decision `n`.
fn gain(game: &AnyGame, n: usize, choices: &[Choice], seat: usize) -> u32 {
    let mut g = game.as_classic().unwrap().at(n);
    let before = g.scores()[seat];
    for &c in choices {
        g.play(c).unwrap();
    }
    g.scores()[seat] - before
}

#[test]
fn a_city_closed_for_nobody_is_a_blunder_and_the_knight_on_it_is_best() {
    let game = record("classic_follower_blunder.cgn");
    let (tile, follower) = last_turn(&game);
    assert_eq!(
        tile.class,
        Class::Best,
        "closing the city was right: {tile:?}"
    );
    assert_eq!(follower.played, Choice::Follower(None));
    assert_eq!(follower.class, Class::Blunder, "{follower:?}");
    assert!(follower.loss >= 12.0, "{follower:?}");
    let seat = follower.seat as usize;
    assert_eq!(gain(&game, follower.n, &[follower.best], seat), 16);
}

#[test]
fn a_tile_put_away_from_the_city_it_closes_is_a_blunder_with_that_placement_best() {
    let game = record("classic_placement_blunder.cgn");
    let (tile, _) = last_turn(&game);
    assert_eq!(tile.class, Class::Blunder, "{tile:?}");
    let Choice::Place(p) = tile.best else {
        panic!("{tile:?}")
    };
    assert_eq!((p.cell.x, p.cell.y, p.rot.quarter_turns()), (-1, -2, 2));
    let then = tile.best_then.expect("a follower in mind");
    assert_eq!(
        gain(&game, tile.n, &[tile.best, then], tile.seat as usize),
        16
    );
}

#[test]
fn random_loses_clearly_more_than_greedy() {
    let mut loss = [0.0f64; 2];
    let mut count = [0usize; 2];
    for seed in 0..2u64 {
        // Greedy in seat 0 of one game and seat 1 of the other.
        let (a, b) = if seed == 0 {
            (Level::Greedy, Level::Random)
        } else {
            (Level::Random, Level::Greedy)
        };
        let g = played(short_classic(40 + seed, 24), a, b, seed);
        let reviews =
            Reviewer::with_config(&g, Level::Normal, None, light::<classic::Game>()).run_all();
        for r in &reviews {
            let random = (r.seat == 0) == (a == Level::Random);
            loss[random as usize] += r.loss;
            count[random as usize] += 1;
        }
    }
    let mean = |i: usize| loss[i] / count[i] as f64;
    assert!(
        mean(1) > 2.0 * mean(0) && mean(1) > mean(0) + 1.0,
        "greedy loses {:.2} a decision, random {:.2}",
        mean(0),
        mean(1)
    );
}

/// At every decision reviewed, the review's best is what the level
/// chooses there with the app's seed.
fn best_is_the_levels_move<G: Playable>(g: &G, level: Level, seed: Option<u64>) {
    let reviews = Reviewer::with_config(g, level, seed, light::<G>()).run_all();
    assert!(!reviews.is_empty());
    for r in &reviews {
        let at = g.at(r.n);
        assert_eq!(
            r.best,
            choose(&at, level, position_seed(seed, r.n)),
            "{r:?}"
        );
        assert_eq!(r.played, g.history()[r.n]);
    }
}

#[test]
fn the_best_move_is_the_move_the_level_plays_there() {
    let c = played(short_classic(7, 16), Level::Greedy, Level::Random, 7);
    best_is_the_levels_move(&c, Level::Normal, Some(7));
    best_is_the_levels_move(&c, Level::Easy, None);
    let t = played(short_city(8), Level::Random, Level::Greedy, 8);
    best_is_the_levels_move(&t, Level::Greedy, Some(8));
    best_is_the_levels_move(&t, Level::Easy, Some(8));
}

#[test]
fn the_computers_own_moves_at_the_review_level_lose_nothing() {
    // Seeded as the app seeds it, so played == best at every decision.
    let mut g = short_classic(9, 16);
    while !g.is_over() {
        let n = g.history().len();
        g.play(choose(&g, Level::Normal, position_seed(Some(9), n)))
            .unwrap();
    }
    let reviews =
        Reviewer::with_config(&g, Level::Normal, Some(9), light::<classic::Game>()).run_all();
    for r in &reviews {
        assert_eq!(
            (r.loss, r.class, r.played),
            (0.0, Class::Best, r.best),
            "{r:?}"
        );
        assert_eq!(r.played_value, r.best_value);
    }
}

#[test]
fn the_same_record_gives_the_same_review_however_it_is_sliced() {
    let g = played(short_city(3), Level::Greedy, Level::Random, 3);
    let cfg = light::<city::Game>();
    let once = Reviewer::with_config(&g, Level::Easy, Some(3), cfg).run_all();
    let again = Reviewer::with_config(&g, Level::Easy, Some(3), cfg).run_all();
    assert_eq!(once, again);
    let mut sliced = Vec::new();
    let mut r = Reviewer::with_config(&g, Level::Easy, Some(3), cfg);
    let mut last = r.progress();
    assert_eq!(last.done, 0);
    while !r.is_done() {
        if let Some(d) = r.step(1) {
            sliced.push(d);
        }
        let p = r.progress();
        assert!(p.done >= last.done && p.total == last.total && p.done <= p.total);
        last = p;
    }
    assert_eq!(sliced, once);
    assert_eq!(r.step(1), None);
    // From a move on (a tile drawn starts one): the same reviews.
    let k = once
        .iter()
        .skip(once.len() / 2)
        .find(|r| r.luck.is_some())
        .expect("a tile decision in the second half")
        .n;
    let tail = Reviewer::with_config(&g, Level::Easy, Some(3), cfg)
        .starting_at(k)
        .run_all();
    let want: Vec<_> = once.iter().filter(|r| r.n >= k).cloned().collect();
    assert_eq!(tail, want);
}

#[test]
fn every_decision_with_a_choice_is_reviewed_once_in_order() {
    let g = played(short_classic(5, 20), Level::Random, Level::Greedy, 5);
    let reviews = AnyReviewer::new(&AnyGame::Classic(g.clone()), Level::Greedy).run_all();
    let mut at = g.restart();
    let mut expected = Vec::new();
    for (n, &c) in g.history().iter().enumerate() {
        if at.legal_choices().len() > 1 {
            expected.push(n);
        }
        at.play(c).unwrap();
    }
    let got: Vec<usize> = reviews.iter().map(|r| r.n).collect();
    assert_eq!(got, expected);
    for r in &reviews {
        assert!(r.loss >= 0.0 && r.loss.is_finite());
        // The difference, or 0 when it is within the valuation's noise.
        assert!(
            r.loss == 0.0 || r.loss == r.best_value - r.played_value,
            "{r:?}"
        );
        // Best only for the level's own move (issue 40).
        if r.class == Class::Best {
            assert_eq!(r.loss, 0.0);
        } else {
            assert_eq!(r.class, Class::of_other(r.loss), "{r:?}");
        }
        let tile = matches!(r.played, AnyChoice::Classic(Choice::Place(_)));
        // The first tile came with the setup: no luck to it.
        assert_eq!(r.luck.is_some(), tile && r.n > 0, "{r:?}");
    }
}

#[test]
fn a_placement_is_valued_with_the_levels_follower_so_the_two_losses_add_up() {
    // The placement's played value is the position after it with the
    // level's follower: exactly the follower decision's best value.
    let g = played(short_classic(11, 24), Level::Random, Level::Random, 11);
    let reviews =
        Reviewer::with_config(&g, Level::Greedy, None, light::<classic::Game>()).run_all();
    let mut pairs = 0;
    for w in reviews.windows(2) {
        if let (Choice::Place(_), Choice::Follower(_)) = (w[0].played, w[1].played) {
            if w[1].n == w[0].n + 1 {
                assert_eq!(w[0].played_value, w[1].best_value, "{w:?}");
                pairs += 1;
            }
        }
    }
    assert!(pairs >= 5, "{pairs} pairs");
}

#[test]
fn classes_by_points_lost() {
    for (loss, class) in [
        (0.0, Class::Best),
        (0.01, Class::Good),
        (Class::INACCURACY - 0.01, Class::Good),
        (Class::INACCURACY, Class::Inaccuracy),
        (Class::MISTAKE, Class::Mistake),
        (Class::BLUNDER - 0.01, Class::Mistake),
        (Class::BLUNDER, Class::Blunder),
        (100.0, Class::Blunder),
    ] {
        assert_eq!(Class::of(loss), class, "{loss}");
    }
}

fn review(n: usize, seat: Seat, loss: f64, luck: Option<f64>) -> DecisionReview<u8> {
    DecisionReview {
        n,
        turn: n / 2 + 1,
        seat,
        played: 0,
        best: 1,
        best_then: None,
        played_value: -loss,
        best_value: 0.0,
        loss,
        luck,
        class: Class::of(loss),
        values: Default::default(),
    }
}

#[test]
fn key_moments_are_the_largest_losses_and_swings_of_luck() {
    let losses = [3.0, 0.0, 12.0, 1.0, 12.0, 0.5, 7.0, 2.0];
    let lucks = [
        Some(-9.0),
        None,
        Some(2.0),
        None,
        Some(9.0),
        None,
        Some(-1.0),
        None,
    ];
    let reviews: Vec<_> = (0..8)
        .map(|n| review(n, (n % 2) as Seat, losses[n], lucks[n]))
        .collect();
    assert_eq!(
        key_moments(&reviews),
        KeyMoments {
            losses: vec![2, 4, 6, 0, 7],
            luck: vec![0, 4, 2],
        }
    );
    let s = summarize(&reviews, 3);
    assert_eq!(s.len(), 3);
    assert_eq!((s[0].decisions, s[1].decisions, s[2].decisions), (4, 4, 0));
    assert_eq!(s[0].loss, 3.0 + 12.0 + 12.0 + 7.0);
    assert_eq!(s[1].mean_loss, (0.0 + 1.0 + 0.5 + 2.0) / 4.0);
    assert_eq!(s[0].luck, -9.0 + 2.0 + 9.0 - 1.0);
    assert_eq!(s[1].classes, [1, 2, 1, 0, 0]);
    assert_eq!(s[0].classes, [0, 0, 1, 1, 2]);
}

/// A review cheap enough for many games in the dev profile: greedy's move
/// as the best, a few redeals.
fn cheap<G: Playable>() -> ReviewConfig {
    ReviewConfig {
        samples: 6,
        luck_samples: 3,
        ..G::REVIEW
    }
}

/// The identity of issue 40 and its mirror in two players: skill + luck +
/// rest = margin for every seat, the margin the final scores' (or, before
/// the end, the expected one); in two players each term is the other
/// seat's with its sign turned, and skill is the other's points lost less
/// one's own.
fn adds_up<G: Playable>(g: &G, reviews: &[DecisionReview<G::Choice>]) {
    let scores = g.scores();
    let margins = review::end_margins(reviews, &scores, g.is_over());
    if g.is_over() {
        assert_eq!(margins, review::margins(&scores));
    }
    let b = review::balance(reviews, &margins);
    let lost = |s: Seat| -> f64 { reviews.iter().filter(|r| r.seat == s).map(|r| r.loss).sum() };
    for x in &b {
        assert!((x.skill + x.luck + x.rest - x.margin).abs() <= 0.5, "{x:?}");
        assert!((0.0..=100.0).contains(&x.accuracy), "{x:?}");
    }
    if scores.len() == 2 {
        let close = |a: f64, b: f64| (a + b).abs() < 1e-6;
        assert!(close(b[0].margin, b[1].margin), "{b:?}");
        assert!(close(b[0].skill, b[1].skill), "{b:?}");
        assert!(close(b[0].luck, b[1].luck), "{b:?}");
        assert!(close(b[0].rest, b[1].rest), "{b:?}");
        assert!((b[0].skill - (lost(1) - lost(0))).abs() < 1e-6, "{b:?}");
    }
}

#[test]
fn skill_luck_and_the_rest_add_up_to_the_margin_on_100_random_games() {
    for seed in 0..100u64 {
        let levels = [Level::Random, Level::Greedy];
        let (a, b) = (levels[(seed % 2) as usize], levels[(seed / 2 % 2) as usize]);
        if seed % 2 == 0 {
            let mut g = played(
                short_classic(100 + seed, 8 + (seed % 5) as usize),
                a,
                b,
                seed,
            );
            if seed % 10 == 4 {
                // An unfinished game: the margin is the expected one.
                g = g.at(g.history().len() - 3);
            }
            let cfg = cheap::<classic::Game>();
            let r = Reviewer::with_config(&g, Level::Greedy, Some(seed), cfg).run_all();
            adds_up(&g, &r);
        } else {
            let cat = city::Catalogue::builtin().unwrap();
            let names: Vec<String> = (0..2 + seed % 3).map(|i| format!("P{i}")).collect();
            let setup =
                city::Setup::from_seed(cat, names, seed, [3, 2, 2], city::Options::default())
                    .unwrap();
            let g = played(city::Game::new(cat, setup).unwrap(), a, b, seed);
            let cfg = cheap::<city::Game>();
            let r = Reviewer::with_config(&g, Level::Greedy, Some(seed), cfg).run_all();
            adds_up(&g, &r);
        }
    }
}

#[test]
fn the_seat_to_move_starts_from_the_value_the_last_move_left_it() {
    // The same baseline for every seat (issue 40): the judge's best move
    // for the seat to move is worth, on average over a game's moves, what
    // the move before it left that seat (the draw's luck aside). Without
    // the greedy reply in the valuation it was worth 2 to 3 points more: the
    // playout's random first move after a line, given to the seat that moves
    // next, which its own best move then took back.
    let bonus = |reply: bool| {
        let mut gap = (0.0, 0u32);
        for seed in 0..3u64 {
            let g = played(
                short_classic(60 + seed, 20),
                Level::Greedy,
                Level::Greedy,
                seed,
            );
            let cfg = ReviewConfig {
                samples: 24,
                reply,
                ..G_REVIEW_CLASSIC
            };
            let r = Reviewer::with_config(&g, Level::Greedy, Some(seed), cfg).run_all();
            for w in r.windows(2) {
                let (a, b) = (&w[0], &w[1]);
                if a.seat != b.seat && b.n == a.n + 1 {
                    let s = b.seat as usize;
                    gap.0 += b.values.best[s] - a.values.played[s] - b.luck.unwrap_or(0.0);
                    gap.1 += 1;
                }
            }
        }
        assert!(gap.1 > 20, "{} moves", gap.1);
        gap.0 / gap.1 as f64
    };
    let (with, without) = (bonus(true), bonus(false));
    eprintln!("the seat to move's bonus: {without:.2} without the reply, {with:.2} with");
    assert!(with.abs() < 1.0, "a bonus of {with:.2} with the reply");
    assert!(
        without > with + 1.0,
        "{without:.2} without the reply, {with:.2} with"
    );
}

const G_REVIEW_CLASSIC: ReviewConfig = <classic::Game as Playable>::REVIEW;

/// The planted blunders of issue 40 (tests/records/review/, made by
/// examples/plant_blunders.rs): the last turn of each record, reviewed by
/// the judge, is a mistake or a blunder, and the judge's best move is the
/// right one: for a feature of one's own left open late, a move that
/// scores for the seat at once; for the other seat's completed, a move
/// that gives the other seat nothing at once.
fn planted<G: Playable>(g: &G, own: bool) {
    let last_tile = (0..g.history().len())
        .rev()
        .find(|&k| g.at(k).at_placement())
        .unwrap();
    planted_at(g, last_tile, own);
}

/// As `planted`, at decision `at` (a tile placement) of the record: the
/// points the best move scores the seat at once.
fn planted_at<G: Playable>(g: &G, at: usize, own: bool) -> u32 {
    let reviews = Reviewer::judged(g).starting_at(at).run_all();
    let r = reviews.iter().find(|r| r.n == at).expect("reviewed");
    assert!(r.class >= Class::Mistake, "{r:?}");
    let before = g.at(r.n);
    let me = r.seat as usize;
    let mut after = before.clone();
    after.play(r.best).unwrap();
    if let Some(t) = r.best_then {
        after.play(t).unwrap();
    }
    // The rest of the turn as "no follower", so that it scores.
    while !after.is_over() && after.to_move() as usize == me && after.turns() == before.turns() {
        let c = after.legal_choices()[0];
        after.play(c).unwrap();
    }
    let (s0, s1) = (before.scores(), after.scores());
    if own {
        assert!(s1[me] > s0[me], "the best scores for the seat: {r:?}");
    } else {
        assert_eq!(
            s1[1 - me],
            s0[1 - me],
            "the best gives the other nothing: {r:?}"
        );
    }
    s1[me] - s0[me]
}

#[test]
fn planted_blunders_of_both_games_are_mistakes_with_the_right_best_move() {
    let g = record("classic_own_left_open.cgn");
    planted(g.as_classic().unwrap(), true);
    let g = record("classic_theirs_completed.cgn");
    planted(g.as_classic().unwrap(), false);
    let g = record("city_own_left_open.cgn");
    planted(g.as_city().unwrap(), true);
    let g = record("city_theirs_completed.cgn");
    planted(g.as_city().unwrap(), false);
}

/// The judge's strength in small (issue 40; the full measure is
/// examples/judge_strength.rs): at decisions of a short game of The City,
/// the judge's move is worth at least hard's, by the review's valuation on
/// more redeals, within half a point, at all but one of them, and never
/// more than two points below.
#[test]
fn judge_is_at_least_as_good_as_hard_on_a_few_decisions() {
    let mut g = short_city(12);
    let (mut judged, mut passed) = (0, 0);
    while !g.is_over() && judged < 6 {
        let n = g.history().len();
        let choices = g.legal_choices();
        let seed = position_seed(Some(12), n);
        let hard = think(&g, Level::Hard, seed).unwrap().run(u32::MAX).unwrap();
        if choices.len() > 2 && g.at_placement() {
            let judge = think_plan(&g, Plan::Deep(city::Game::JUDGE), review::judge_seed(n))
                .unwrap()
                .run(u32::MAX)
                .unwrap();
            judged += 1;
            let same =
                judge.first == hard.first && judge.then == hard.then || g.same_move(&judge, &hard);
            let v = review::value_moves(&g, &[judge, hard], 256, &city::Game::REVIEW, n as u64);
            assert!(same || v[0] >= v[1] - 2.0, "decision {n}: {v:?}");
            passed += usize::from(same || v[0] >= v[1] - 0.5);
        }
        g.play(hard.first).unwrap();
    }
    assert!(judged == 6 && passed + 1 >= judged, "{passed} of {judged}");
}

/// A follower wasted (issue 40; tests/records/review/*_wasted_follower.cgn,
/// made by `plant_blunders classic wasted` and `the-city wasted-stands`):
/// the record's last decision puts
/// the seat's last follower on a feature where it scores nothing, where the
/// same tile's other feature would have scored it points (at once in
/// classic, as the board stands in The City). The judge classes it a
/// mistake or a blunder, and its best move leaves the seat at least 5
/// points more, as the board stands, than the follower wasted.
fn wasted<G: Playable>(g: &G) {
    let n = g.history().len() - 1;
    let placed = (0..=n).rev().find(|&k| g.at(k).at_placement()).unwrap();
    let before = g.at(n);
    let me = before.to_move();
    assert_eq!(before.supply(me), 1, "the seat's last follower");
    let reviews = Reviewer::judged(g).starting_at(placed).run_all();
    let r = reviews.iter().find(|r| r.n == n).expect("reviewed");
    assert!(r.class >= Class::Mistake, "{r:?}");
    assert_eq!(r.played, g.history()[n]);
    // The follower played stays on the board for nothing.
    let mut played = before.clone();
    played.play(r.played).unwrap();
    assert_eq!(played.supply(me), 0, "{r:?}");
    let mut best = before.clone();
    best.play(r.best).unwrap();
    let (p, b) = (
        played.clone().into_projected_scores()[me as usize],
        best.clone().into_projected_scores()[me as usize],
    );
    assert!(
        b >= p + 5,
        "the best leaves {b}, the follower wasted {p}: {r:?}"
    );
}

#[test]
fn a_wasted_follower_is_a_mistake_in_both_games() {
    let g = record("classic_wasted_follower.cgn");
    wasted(g.as_classic().unwrap());
    let g = record("city_wasted_follower.cgn");
    wasted(g.as_city().unwrap());
}

/// Features holding followers of two seats or more (classic's table).
fn shared_features(g: &classic::Game) -> usize {
    let t = g.table();
    shared_of(
        t.followers()
            .iter()
            .map(|f| (f.player, t.features().find(f.node)))
            .collect(),
    )
}

/// The same on The City's table.
fn shared_city_features(g: &city::Game) -> usize {
    let t = g.table();
    shared_of(
        t.followers()
            .iter()
            .map(|f| (f.player, t.features().find(f.node)))
            .collect(),
    )
}

/// How many features (root nodes) hold followers of two seats or more.
fn shared_of(roots: Vec<(Seat, u16)>) -> usize {
    let mut shared: Vec<u16> = roots
        .iter()
        .filter(|a| roots.iter().any(|b| b.1 == a.1 && b.0 != a.0))
        .map(|a| a.1)
        .collect();
    shared.sort_unstable();
    shared.dedup();
    shared.len()
}

/// Not completing one's own large city that the other seat then joins
/// (issue 40; tests/records/review/classic_own_joined.cgn, `plant_blunders
/// classic joined`): at its decision 90 Anna leaves her 18-point city open
/// for a quiet tile, and Ben's later move joins a follower of his to it.
/// The judge classes the quiet tile a mistake or a blunder, its best move
/// scores her 8 points or more at once, and by the record's end the city
/// is shared.
#[test]
fn a_city_of_ones_own_left_open_and_joined_is_a_mistake() {
    let game = record("classic_own_joined.cgn");
    let g = game.as_classic().unwrap();
    let gain = planted_at(g, 90, true);
    assert!(gain >= 8, "the best move scores {gain}");
    assert!(
        shared_features(g) > shared_features(&g.at(91)),
        "the other seat joined a feature"
    );
}

/// The same in The City (tests/records/review/city_own_joined.cgn,
/// `plant_blunders the-city joined 601 5`: no join of 8 points or more was
/// found in 600 seeds): at its decision 45 Ben leaves his feature open for
/// 12 points for a quiet tile, and Anna's later move joins it.
#[test]
fn a_feature_of_ones_own_left_open_and_joined_is_a_mistake_in_the_city() {
    let game = record("city_own_joined.cgn");
    let g = game.as_city().unwrap();
    let gain = planted_at(g, 45, true);
    assert!(gain >= 5, "the best move scores {gain}");
    assert!(
        shared_city_features(g) > shared_city_features(&g.at(46)),
        "the other seat joined a feature"
    );
}
