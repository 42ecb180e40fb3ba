//! The game's end in pictures (issue 30), for both games: each player's
//! score turn by turn (a line chart), their points by where they came from
//! (stacked bars) and a few facts, from the game's record replayed once and
//! the panel's breakdown. Players are told apart by dashes and marks
//! (`review::seat_marks`), categories by patterns, not colour alone.

use crate::geometry::num;
use engine::any::{AnyChoice, AnyGame};
use engine::city::Choice as CityChoice;
use engine::classic::Choice as ClassicChoice;
use i18n::msg;

/// The score chart's size in its own units.
pub const SCORE_W: f64 = 640.0;
pub const SCORE_H: f64 = 220.0;
const PAD_L: f64 = 40.0;
const PAD_R: f64 = 10.0;
const PAD_T: f64 = 10.0;
const PAD_B: f64 = 28.0;

/// What a replay of the record tells: the scores after each turn (the
/// first row the start, the last the end with the final scoring), and
/// counts of what was done, per seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    pub scores: Vec<Vec<u32>>,
    pub tiles: Vec<u32>,
    pub followers: Vec<u32>,
    /// The City's wall pieces, towers and guards (zero in classic).
    pub walls: Vec<u32>,
    pub towers: Vec<u32>,
    pub guards: Vec<u32>,
    /// Followers back in supply before the end (scored, or removed).
    pub returned: Vec<u32>,
    /// Points from scorings that paid more than one player.
    pub shared: Vec<u32>,
    /// The tiles of the largest feature each player scored (farms aside).
    pub largest: Vec<u32>,
}

/// The game replayed once, decision by decision.
pub fn history(game: &AnyGame) -> History {
    let players = game.players().len();
    // (Its event log kept: the scorings' facts are read from it.)
    let mut g = game.at(0);
    let mut h = History {
        scores: vec![g.scores()],
        tiles: vec![0; players],
        followers: vec![0; players],
        walls: vec![0; players],
        towers: vec![0; players],
        guards: vec![0; players],
        returned: vec![0; players],
        shared: vec![0; players],
        largest: vec![0; players],
    };
    let mut turn = g.turn();
    for c in game.history() {
        let seat = g.to_move() as usize;
        if g.play(c).is_err() || seat >= players {
            break;
        }
        let count = match c {
            AnyChoice::City(CityChoice::Place { .. })
            | AnyChoice::Classic(ClassicChoice::Place(_)) => Some(&mut h.tiles),
            AnyChoice::City(CityChoice::Follower(Some(_)))
            | AnyChoice::Classic(ClassicChoice::Follower(Some(_))) => Some(&mut h.followers),
            AnyChoice::City(CityChoice::Wall(_)) => Some(&mut h.walls),
            AnyChoice::City(CityChoice::Tower(Some(_))) => Some(&mut h.towers),
            AnyChoice::City(CityChoice::Guard(true)) => Some(&mut h.guards),
            _ => None,
        };
        if let Some(count) = count {
            count[seat] += 1;
        }
        // Placed, less those on the board: back in supply (until the end,
        // whose scoring returns everyone's).
        if !g.is_over() {
            let mut on_board = vec![0u32; players];
            for p in followers_of(&g) {
                if let Some(n) = on_board.get_mut(p as usize) {
                    *n += 1;
                }
            }
            for (i, r) in h.returned.iter_mut().enumerate() {
                *r = h.followers[i].saturating_sub(on_board[i]);
            }
        }
        if g.turn() != turn {
            turn = g.turn();
            h.scores.push(g.scores());
        }
    }
    // The end (the final scoring) or the turn in progress.
    if h.scores.last() != Some(&g.scores()) {
        h.scores.push(g.scores());
    }
    scorings(&g, &mut h);
    h
}

/// The seat of each follower on the board.
fn followers_of(g: &AnyGame) -> Vec<u8> {
    match g {
        AnyGame::City(g) => g.followers().iter().map(|f| f.player).collect(),
        AnyGame::Classic(g) => g.followers().iter().map(|f| f.player).collect(),
    }
}

/// Points shared and the largest feature, from the scoring events of
/// `game` (replayed with its log).
fn scorings(game: &AnyGame, h: &mut History) {
    use engine::TileGame;
    // Each scoring as (tiles, when a feature; what each seat was paid).
    let mut each = |tiles: Option<u32>, paid: &[u32]| {
        let shared = paid.iter().filter(|&&p| p > 0).count() > 1;
        for (seat, &p) in paid.iter().enumerate().take(h.shared.len()) {
            if p == 0 {
                continue;
            }
            if shared {
                h.shared[seat] += p;
            }
            if let Some(t) = tiles {
                h.largest[seat] = h.largest[seat].max(t);
            }
        }
    };
    match game {
        AnyGame::City(g) => {
            use engine::city::Event;
            for l in g.events() {
                if let Event::FeatureScored {
                    tiles,
                    points,
                    winners,
                    ..
                } = l.event
                {
                    let paid: Vec<u32> = (0..8)
                        .map(|i| if winners & (1 << i) != 0 { points } else { 0 })
                        .collect();
                    each(Some(tiles), &paid);
                }
            }
        }
        AnyGame::Classic(g) => {
            use engine::classic::events::Event;
            for l in g.events() {
                match l.event {
                    Event::FeatureScored { tiles, paid, .. } => each(Some(tiles), &paid),
                    Event::FarmScored { paid, .. } => each(None, &paid),
                    _ => {}
                }
            }
        }
    }
}

/// A step for at most five ticks over `span`: 1, 2, 5, 10, 20, 50, ...
fn tick_step(span: f64) -> f64 {
    let mut step = 1.0;
    loop {
        for m in [1.0, 2.0, 5.0] {
            if span / (step * m) <= 5.0 {
                return step * m;
            }
        }
        step *= 10.0;
    }
}

/// A line chart of the scores: per seat its path and its points.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreChart {
    pub lines: Vec<(String, Vec<(f64, f64)>)>,
    pub y_ticks: Vec<(f64, String)>,
    pub x_ticks: Vec<(f64, String)>,
}

/// The chart of `scores` (rows of per-seat scores, the first the start).
pub fn score_chart(scores: &[Vec<u32>], players: usize) -> ScoreChart {
    let top = scores.iter().flatten().copied().max().unwrap_or(0) as f64;
    let step = tick_step(top.max(1.0));
    let hi = ((top / step).ceil() * step).max(step);
    let n = scores.len().saturating_sub(1).max(1) as f64;
    let x_of = |i: usize| PAD_L + (SCORE_W - PAD_L - PAD_R) * i as f64 / n;
    let y_of = |v: f64| PAD_T + (SCORE_H - PAD_T - PAD_B) * (hi - v) / hi;
    let lines = (0..players)
        .map(|s| {
            let mut d = String::new();
            let mut points = Vec::new();
            for (i, row) in scores.iter().enumerate() {
                let (x, y) = (x_of(i), y_of(row.get(s).copied().unwrap_or(0) as f64));
                let cmd = if d.is_empty() { 'M' } else { 'L' };
                d.push_str(&format!("{cmd}{} {}", num(x), num(y)));
                points.push((x, y));
            }
            (d, points)
        })
        .collect();
    let mut y_ticks = Vec::new();
    let mut v = 0.0;
    while v <= hi + step / 2.0 {
        y_ticks.push((y_of(v), num(v)));
        v += step;
    }
    let turns = scores.len().saturating_sub(1);
    let every = [1, 2, 5, 10, 20, 50]
        .into_iter()
        .find(|k| turns / k <= 10)
        .unwrap_or(100);
    let x_ticks = (0..=turns)
        .filter(|t| t % every == 0)
        .map(|t| (x_of(t), t.to_string()))
        .collect();
    ScoreChart {
        lines,
        y_ticks,
        x_ticks,
    }
}

/// The bar chart's size in its own units.
pub const BARS_H: f64 = 200.0;
pub const BAR_W: f64 = 56.0;
const BAR_GAP: f64 = 28.0;

/// One player's stacked bar: its segments (source, y, height, points),
/// bottom up, and where its label goes.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub x: f64,
    pub segments: Vec<(usize, f64, f64, u32)>,
    pub total: u32,
}

/// The bars of the players' points by source, on one scale; the chart's
/// width.
pub fn bars(breakdowns: &[Vec<u32>]) -> (Vec<Bar>, f64) {
    let top = breakdowns
        .iter()
        .map(|b| b.iter().sum::<u32>())
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let plot = BARS_H - PAD_T - PAD_B;
    let bars = breakdowns
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let mut y = BARS_H - PAD_B;
            let segments = b
                .iter()
                .enumerate()
                .filter(|(_, &v)| v > 0)
                .map(|(k, &v)| {
                    let h = plot * v as f64 / top;
                    y -= h;
                    (k, y, h, v)
                })
                .collect();
            Bar {
                x: PAD_L + i as f64 * (BAR_W + BAR_GAP),
                segments,
                total: b.iter().sum(),
            }
        })
        .collect();
    let width = PAD_L + breakdowns.len() as f64 * (BAR_W + BAR_GAP);
    (bars, width)
}

/// The facts worth a line: (what, per player, all players), only those
/// that happened; "all" is the sum, or for the largest feature the largest.
/// (In the chosen language: called at each drawing.)
pub fn facts(h: &History) -> Vec<(&'static str, Vec<u32>, u32)> {
    let sum = |v: &Vec<u32>| v.iter().sum::<u32>();
    [
        (msg::pictures::tiles_placed(), &h.tiles, sum(&h.tiles)),
        (
            msg::pictures::followers_placed(),
            &h.followers,
            sum(&h.followers),
        ),
        (
            msg::pictures::followers_back(),
            &h.returned,
            sum(&h.returned),
        ),
        (
            msg::pictures::largest(),
            &h.largest,
            h.largest.iter().copied().max().unwrap_or(0),
        ),
        (msg::pictures::shared(), &h.shared, sum(&h.shared)),
        (msg::pictures::walls(), &h.walls, sum(&h.walls)),
        (msg::pictures::towers(), &h.towers, sum(&h.towers)),
        (msg::pictures::guards(), &h.guards, sum(&h.guards)),
    ]
    .into_iter()
    .filter(|(_, v, _)| v.iter().any(|&n| n > 0))
    .map(|(k, v, all)| (k, v.clone(), all))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::any::AnySetup;
    use engine::core::random;

    fn random_game(city: bool, seed: u64) -> AnyGame {
        if city {
            let cat = engine::city::Catalogue::builtin().unwrap();
            let setup = engine::city::Setup::from_seed(
                cat,
                vec!["A".into(), "B".into()],
                seed,
                [12, 10, 8],
                Default::default(),
            )
            .unwrap();
            let mut g = engine::city::Game::new(cat, setup).unwrap();
            random::play_out(&mut g, &mut random::choice_rng(seed));
            AnyGame::replay(
                AnySetup::City(g.setup().clone()),
                &AnyGame::City(g).history(),
            )
            .unwrap()
        } else {
            let cat = engine::classic::Catalogue::builtin().unwrap();
            let setup = engine::classic::Setup::from_seed(
                cat,
                vec!["A".into(), "B".into(), "C".into()],
                Default::default(),
                Default::default(),
                seed,
            )
            .unwrap()
            .first_tiles(20);
            let mut g = engine::classic::Game::new(cat, setup).unwrap();
            random::play_out(&mut g, &mut random::choice_rng(seed));
            AnyGame::replay(
                AnySetup::Classic(g.setup().clone()),
                &AnyGame::Classic(g).history(),
            )
            .unwrap()
        }
    }

    #[test]
    fn the_history_ends_at_the_final_scores_and_counts_what_was_done() {
        for city in [false, true] {
            for seed in 1..4 {
                let game = random_game(city, seed);
                assert!(game.is_over());
                let h = history(&game);
                assert_eq!(h.scores.first().unwrap(), &vec![0; game.players().len()]);
                assert_eq!(h.scores.last().unwrap(), &game.scores());
                // Scores never go down.
                for w in h.scores.windows(2) {
                    assert!(w[0].iter().zip(&w[1]).all(|(a, b)| a <= b), "{w:?}");
                }
                let placed = game
                    .history()
                    .iter()
                    .filter(|c| crate::any::placement_of(**c).is_some())
                    .count();
                assert_eq!(h.tiles.iter().sum::<u32>() as usize, placed);
                assert!(h.scores.len() <= game.turns() + 2);
                if !city {
                    assert!(h.walls.iter().all(|&n| n == 0));
                }
                let f = facts(&h);
                assert_eq!(f[0].0, "Tiles placed");
                assert!(f.iter().all(|(_, v, _)| v.iter().any(|&n| n > 0)));
                // Every follower placed came back or is still out.
                for (r, p) in h.returned.iter().zip(&h.followers) {
                    assert!(r <= p, "{h:?}");
                }
                // Whoever scored scored something of at least a tile.
                assert!(h.largest.iter().any(|&t| t > 0), "{h:?}");
                let largest = f.iter().find(|r| r.0.starts_with("Largest")).unwrap();
                assert_eq!(largest.2, *h.largest.iter().max().unwrap());
            }
        }
    }

    #[test]
    fn the_score_chart_stays_in_its_box() {
        let game = random_game(true, 5);
        let h = history(&game);
        let c = score_chart(&h.scores, 2);
        assert_eq!(c.lines.len(), 2);
        for (d, points) in &c.lines {
            assert!(d.starts_with('M'));
            assert_eq!(points.len(), h.scores.len());
            for &(x, y) in points {
                assert!((PAD_L..=SCORE_W - PAD_R).contains(&x));
                assert!((PAD_T..=SCORE_H - PAD_B).contains(&y));
            }
        }
        assert_eq!(c.y_ticks.first().map(|t| t.1.as_str()), Some("0"));
        assert!(!c.x_ticks.is_empty());
        // Nothing to draw: no panic.
        let empty = score_chart(&[], 3);
        assert_eq!(empty.lines.len(), 3);
    }

    #[test]
    fn bars_stack_each_source_to_the_total() {
        let (b, width) = bars(&[vec![3, 0, 7], vec![10, 5, 5], vec![0, 0, 0]]);
        assert_eq!(b.len(), 3);
        assert!(width > b[2].x);
        assert_eq!(b[0].segments.len(), 2);
        assert_eq!(b[0].total, 10);
        // The tallest bar fills the plot; segments sit on one another.
        let top: f64 = b[1].segments.iter().map(|s| s.2).sum();
        assert!((top - (BARS_H - PAD_T - PAD_B)).abs() < 1e-9);
        for bar in &b {
            for w in bar.segments.windows(2) {
                assert!((w[0].1 - (w[1].1 + w[1].2)).abs() < 1e-9);
            }
        }
        assert!(b[2].segments.is_empty());
    }
}
