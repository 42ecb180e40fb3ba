//! Puzzles from games (issue 40): a decision whose best move is clearly
//! better than every other, as lichess picks its puzzles.
//!
//! A decision that starts a move (a tile placement, The City's wall piece)
//! is judged in three passes, every move valued as the review values one
//! (`ReviewConfig::playouts` of the ruleset, the margin `net_value` of the
//! seat to move, the same determinizations and playout seeds for every
//! move: common random numbers):
//!
//! 1. **screen**: every whole move (a placement with its follower) on a few
//!    determinizations; moves that reach the same position (a tile turned
//!    alike) are one candidate, and the `candidates` best go on;
//! 2. **value**: those on more determinizations; the best must be at least
//!    `min_gain` (5) points above the second;
//! 3. **recheck** (stable): the same candidates on new determinizations,
//!    four times as many; the same best, again `min_gain` above the second.
//!    `best_gain` is this pass's gap.
//!
//! A puzzle's **theme** is what its best move does, from the engine's own
//! aids before and after it (`theme`), and its first **rating** an estimate
//! of how hard it is (`first_rating`); the player's answers then move it
//! (Glicko-2, `glicko`).

use super::deep::{playout_with, DeepConfig};
use super::eval::{apply, moves_on, net_value, Move};
use super::review::position_seed;
use super::Playable;
use engine::any::{AnyChoice, AnyGame};
use engine::core::aids::{aids, Aided, Aids, Kind};
use engine::core::rng::{rng_for_seed, Pcg64};
use engine::{city, classic, Cell, Seat};
use rand_core::Rng;
use serde::{Deserialize, Serialize};

/// What a puzzle's best move does (the first that applies, in this order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// The City's wall pieces, guards, towers and gates.
    Walls,
    /// Scores the mover's feature now.
    Completing,
    /// Puts a farmer on a field (classic).
    Farming,
    /// Dooms an opponent's feature or lowers the best opponent's score if
    /// the game ended now.
    Blocking,
    /// Joins a feature an opponent holds (to share or take it).
    Joining,
    /// Puts a follower on a feature of the mover's own.
    Claiming,
    /// None of these: a tile laid for later.
    Building,
}

impl Theme {
    pub const ALL: [Theme; 7] = [
        Theme::Walls,
        Theme::Completing,
        Theme::Farming,
        Theme::Blocking,
        Theme::Joining,
        Theme::Claiming,
        Theme::Building,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Theme::Walls => "walls",
            Theme::Completing => "completing",
            Theme::Farming => "farming",
            Theme::Blocking => "blocking",
            Theme::Joining => "joining",
            Theme::Claiming => "claiming",
            Theme::Building => "building",
        }
    }

    pub fn from_name(s: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// How much a puzzle's judgement samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleConfig {
    /// Determinizations of the screening pass (every move).
    pub screen_samples: u32,
    /// Candidates kept after the screen.
    pub candidates: usize,
    /// Determinizations of the valuing pass, and of the recheck.
    pub samples: u32,
    pub recheck_samples: u32,
    /// The least gap between the best move and the second, in points.
    pub min_gain: f64,
    /// The playouts that value a move (the review's).
    pub playouts: DeepConfig,
    /// When set, a decision goes to the playouts only if the greedy
    /// ranking's best move is at least this many points above the next
    /// move valued otherwise (a cheap screen for mining many games; it
    /// misses puzzles whose gain shows only later).
    pub prefilter: Option<f64>,
}

/// The least gap of a puzzle: 5 points, a "mistake" of the review.
pub const MIN_GAIN: f64 = super::review::Class::MISTAKE;

impl PuzzleConfig {
    /// The mining budget (`city puzzles`): 8 screening samples, 8
    /// candidates, 48 samples, rechecked on 192 new ones.
    pub fn mining<G: Playable>() -> PuzzleConfig {
        PuzzleConfig {
            screen_samples: 8,
            candidates: 8,
            samples: 48,
            recheck_samples: 192,
            min_gain: MIN_GAIN,
            playouts: G::REVIEW.playouts,
            prefilter: None,
        }
    }
}

/// What a ruleset tells the puzzles beyond `Playable` and `Aided`.
pub trait Puzzled: Playable + Aided {
    /// Whether a choice builds or guards a wall (The City's `walls` theme).
    fn is_wall(_c: Self::Choice) -> bool {
        false
    }
    /// The cell a placement lays its tile on.
    fn cell_of(c: Self::Choice) -> Option<Cell>;
}

impl Puzzled for city::Game {
    fn is_wall(c: city::Choice) -> bool {
        matches!(
            c,
            city::Choice::Wall(_)
                | city::Choice::Guard(true)
                | city::Choice::Tower(Some(_))
                | city::Choice::Gate(_)
        )
    }
    fn cell_of(c: city::Choice) -> Option<Cell> {
        match c {
            city::Choice::Place { cell, .. } => Some(cell),
            _ => None,
        }
    }
}

impl Puzzled for classic::Game {
    fn cell_of(c: classic::Choice) -> Option<Cell> {
        match c {
            classic::Choice::Place(p) => Some(p.cell),
            _ => None,
        }
    }
}

/// A decision judged a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged<C> {
    /// The best move, and the moves that reach the same position (a tile
    /// turned alike): each is a right answer.
    pub best: Move<C>,
    pub alike: Vec<Move<C>>,
    /// The second best move (the best of the others).
    pub second: Move<C>,
    /// The gap between the two in the valuing pass and in the recheck.
    pub gain: f64,
    pub recheck_gain: f64,
    /// The recheck's values of the best and the second.
    pub best_value: f64,
    pub second_value: f64,
    /// Whether the greedy player's first choice is a right answer (an
    /// easier puzzle).
    pub greedy_finds_it: bool,
}

/// Whether the decision at `g` starts a move of its seat (so a puzzle may
/// start there): a placement, or a decision after another seat's or after
/// a move ended. `prev`: the position before the decision before.
pub fn starts_move<G: Playable>(prev: Option<&G>, g: &G) -> bool {
    let Some(p) = prev else { return true };
    match (p.decision(), g.decision()) {
        (Some(a), Some(b)) => !(p.to_move() == g.to_move() && G::continues_move(a, b)),
        _ => true,
    }
}

/// Judges the decision at `pos` (it must start a move): the best move and
/// its gain when it is a puzzle by `cfg`, else `None`. The same position,
/// settings and seed give the same answer.
pub fn judge<G: Puzzled>(pos: &G, cfg: &PuzzleConfig, seed: u64) -> Option<Judged<G::Choice>> {
    if pos.is_over() || pos.legal_choices().len() < 2 {
        return None;
    }
    let me = pos.to_move();
    let mut rng = rng_for_seed(seed ^ 0x9022_1E5E_ED00);
    let mut det = pos.redeal_unseen(&mut rng);
    det.set_logging(false);
    let all = moves_on(&det, cfg.playouts.follower_value, true);
    let greedy_top = all.first().copied();
    if let (Some(min), Some(top)) = (cfg.prefilter, greedy_top) {
        let next = all
            .iter()
            .map(|m| m.value)
            .find(|&v| v < top.value - 1e-9)
            .unwrap_or(f64::NEG_INFINITY);
        if top.value - next < min {
            return None;
        }
    }
    // 1. Screen every move. Moves with the same value on every sample that
    // the ruleset calls alike, or that start on the same cell (a tile
    // turned to a rotation that looks the same), reach the same position:
    // one candidate, each a right answer.
    let screen = values(pos, &all, me, cfg.screen_samples, &cfg.playouts, &mut rng);
    // Per candidate: its move, the moves alike, its index in `all`.
    let mut groups: Vec<Group<G::Choice>> = Vec::new();
    for (k, m) in all.iter().enumerate() {
        let same = groups.iter_mut().find(|(b, _, i)| {
            pos.same_move(b, m) || (screen[*i] == screen[k] && same_cell::<G>(b, m))
        });
        match same {
            Some((_, alike, _)) => alike.push(*m),
            None => groups.push((*m, Vec::new(), k)),
        }
    }
    if groups.len() < 2 {
        return None;
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    groups.sort_by(|a, b| mean(&screen[b.2]).total_cmp(&mean(&screen[a.2])));
    groups.truncate(cfg.candidates.max(2));
    let cands: Vec<Move<G::Choice>> = groups.iter().map(|g| g.0).collect();
    // 2. Value the candidates.
    let first = ranked(&values(
        pos,
        &cands,
        me,
        cfg.samples,
        &cfg.playouts,
        &mut rng,
    ));
    if first.gain < cfg.min_gain {
        return None;
    }
    // 3. Recheck on new determinizations, four times as many.
    let mut fresh = rng_for_seed(seed ^ 0x5EC0_4DC4_ECC5);
    let again = ranked(&values(
        pos,
        &cands,
        me,
        cfg.recheck_samples,
        &cfg.playouts,
        &mut fresh,
    ));
    if again.best != first.best || again.gain < cfg.min_gain {
        return None;
    }
    let (b, alike, _) = groups[again.best].clone();
    let right = |m: &Move<G::Choice>| is_answer(&b, &alike, m);
    Some(Judged {
        best: b,
        greedy_finds_it: greedy_top.is_some_and(|g| right(&g)),
        alike,
        second: groups[again.second].0,
        gain: first.gain,
        recheck_gain: again.gain,
        best_value: again.best_value,
        second_value: again.second_value,
    })
}

/// A candidate: its move, the moves alike, its index among all moves.
type Group<C> = (Move<C>, Vec<Move<C>>, usize);

/// Whether move `m` is the best move `best` or one of those alike.
pub fn is_answer<C: PartialEq>(best: &Move<C>, alike: &[Move<C>], m: &Move<C>) -> bool {
    let eq = |a: &Move<C>| a.first == m.first && a.then == m.then;
    eq(best) || alike.iter().any(eq)
}

/// Whether two moves lay their tile on the same cell (or neither lays one):
/// valued alike on every sample, they are one move turned alike.
fn same_cell<G: Puzzled>(a: &Move<G::Choice>, b: &Move<G::Choice>) -> bool {
    G::cell_of(a.first) == G::cell_of(b.first)
}

/// The best of some valued moves, the second, and the gap.
struct Ranked {
    best: usize,
    second: usize,
    gain: f64,
    best_value: f64,
    second_value: f64,
}

fn ranked(v: &[Vec<f64>]) -> Ranked {
    let mean = |k: usize| v[k].iter().sum::<f64>() / v[k].len().max(1) as f64;
    let mut order: Vec<usize> = (0..v.len()).collect();
    // Stable: ties keep the candidates' order.
    order.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
    let (best, second) = (order[0], order.get(1).copied().unwrap_or(order[0]));
    Ranked {
        best,
        second,
        gain: mean(best) - mean(second),
        best_value: mean(best),
        second_value: mean(second),
    }
}

/// Each move's value for `me` on each of `samples` determinizations of
/// `pos`, the same ones and the same playout seed for every move.
fn values<G: Playable>(
    pos: &G,
    moves: &[Move<G::Choice>],
    me: Seat,
    samples: u32,
    p: &DeepConfig,
    rng: &mut Pcg64,
) -> Vec<Vec<f64>> {
    let mut out = vec![Vec::with_capacity(samples as usize); moves.len()];
    let (mut choices, mut scratch) = (Vec::new(), Vec::new());
    for _ in 0..samples {
        let deal_seed = rng.next_u64();
        let play_seed = rng.next_u64();
        let mut det = pos.redeal_unseen(&mut rng_for_seed(deal_seed));
        det.set_logging(false);
        for (k, m) in moves.iter().enumerate() {
            let mut g = det.clone();
            apply(&mut g, m);
            playout_with(
                &mut g,
                p,
                &mut choices,
                &mut scratch,
                &mut rng_for_seed(play_seed),
            );
            out[k].push(net_value(g, me, p.follower_value));
        }
    }
    out
}

/// What the move `m` does at `pos`, from the aids before and after it.
pub fn theme<G: Puzzled>(pos: &G, m: &Move<G::Choice>) -> Theme {
    if G::is_wall(m.first) || m.then.is_some_and(G::is_wall) {
        return Theme::Walls;
    }
    let me = pos.to_move() as usize;
    let before = aids(pos);
    let mut g = pos.clone();
    g.set_logging(false);
    apply(&mut g, m);
    let after = aids(&g);
    let scored = |a: &Aids| a.scores.get(me).copied().unwrap_or(0);
    if scored(&after) >= scored(&before) + 2 {
        return Theme::Completing;
    }
    // My followers in holdings of a kind, and in holdings an opponent shares.
    let mine = |a: &Aids, field: Option<bool>| -> u32 {
        a.holdings
            .iter()
            .filter(|h| field.is_none_or(|f| (h.kind == Kind::Field) == f))
            .map(|h| h.followers[me] as u32)
            .sum()
    };
    if mine(&after, Some(true)) > mine(&before, Some(true)) {
        return Theme::Farming;
    }
    let others_doomed = |a: &Aids| -> u32 {
        a.doomed
            .iter()
            .map(|d| {
                d.followers
                    .iter()
                    .enumerate()
                    .filter(|&(s, _)| s != me)
                    .map(|(_, &n)| n as u32)
                    .sum::<u32>()
            })
            .sum()
    };
    let best_other = |a: &Aids| -> u32 {
        a.projected
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != me)
            .map(|(_, &p)| p)
            .max()
            .unwrap_or(0)
    };
    if others_doomed(&after) > others_doomed(&before) || best_other(&after) < best_other(&before) {
        return Theme::Blocking;
    }
    let shared = |a: &Aids| -> u32 {
        a.holdings
            .iter()
            .filter(|h| {
                h.owners & !(1u8 << me) != 0
                    || h.followers
                        .iter()
                        .enumerate()
                        .any(|(s, &n)| s != me && n > 0)
            })
            .map(|h| h.followers[me] as u32)
            .sum()
    };
    if shared(&after) > shared(&before) {
        return Theme::Joining;
    }
    if mine(&after, None) > mine(&before, None) {
        return Theme::Claiming;
    }
    Theme::Building
}

/// A puzzle's first rating, before any answer: 1500, easier (−200) when the
/// greedy player finds the move (the immediate gain shows it), harder
/// (+200) when it does not; a larger gap is easier to see (−8 a point above
/// 5, at most −200).
pub fn first_rating(gain: f64, greedy_finds_it: bool) -> f64 {
    let base = if greedy_finds_it { 1300.0 } else { 1700.0 };
    (base - 8.0 * extra(gain)).round()
}

/// The gap above `MIN_GAIN`, from 0 to 25 points.
#[allow(clippy::manual_clamp)] // f64::clamp is disallowed (clippy.toml)
fn extra(gain: f64) -> f64 {
    let x = gain - MIN_GAIN;
    if x < 0.0 {
        0.0
    } else if x > 25.0 {
        25.0
    } else {
        x
    }
}

/// A puzzle found in a game: where, the answer, its gain, theme and rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Found {
    /// Decisions before it: the puzzle's position is `game.at(n)`.
    pub n: usize,
    pub turn: usize,
    pub seat: Seat,
    pub best: AnyChoice,
    pub best_then: Option<AnyChoice>,
    /// Every right answer (the best and the moves alike), as choices.
    pub answers: Vec<(AnyChoice, Option<AnyChoice>)>,
    pub second: AnyChoice,
    pub second_then: Option<AnyChoice>,
    /// The recheck's gap (the best's value above the second's), and the
    /// valuing pass's.
    pub best_gain: f64,
    pub first_gain: f64,
    pub theme: Theme,
    pub rating: f64,
}

/// Every puzzle of `game`'s history (decisions that start a move), judged
/// with the ruleset's mining settings scaled by `budget` (1.0: `mining`).
/// `each` hears each decision looked at (for progress).
/// `prefilter`: `PuzzleConfig::prefilter`.
pub fn mine(
    game: &AnyGame,
    budget: f64,
    prefilter: Option<f64>,
    each: &mut dyn FnMut(usize, usize),
) -> Vec<Found> {
    match game {
        AnyGame::City(g) => mine_in(g, game.seed(), budget, prefilter, AnyChoice::City, each),
        AnyGame::Classic(g) => mine_in(g, game.seed(), budget, prefilter, AnyChoice::Classic, each),
    }
}

fn scaled<G: Playable>(budget: f64, prefilter: Option<f64>) -> PuzzleConfig {
    let c = PuzzleConfig {
        prefilter,
        ..PuzzleConfig::mining::<G>()
    };
    let s = |n: u32| ((n as f64 * budget).round() as u32).max(2);
    PuzzleConfig {
        screen_samples: s(c.screen_samples),
        samples: s(c.samples),
        recheck_samples: s(c.recheck_samples),
        ..c
    }
}

fn mine_in<G: Puzzled>(
    game: &G,
    seed: Option<u64>,
    budget: f64,
    prefilter: Option<f64>,
    any: fn(G::Choice) -> AnyChoice,
    each: &mut dyn FnMut(usize, usize),
) -> Vec<Found> {
    let cfg = scaled::<G>(budget, prefilter);
    let history = game.history().to_vec();
    let mut g = game.restart();
    g.set_logging(false);
    let mut prev: Option<G> = None;
    let mut out = Vec::new();
    for (n, &c) in history.iter().enumerate() {
        each(n, history.len());
        if starts_move(prev.as_ref(), &g) {
            out.extend(found_at(&g, n, &cfg, seed, any));
        }
        let mut next = g.clone();
        next.play_unchecked(c);
        prev = Some(std::mem::replace(&mut g, next));
    }
    out
}

/// The decision at `g` (decision `n` of its game, the start of a move)
/// judged by `cfg`: the puzzle, if it is one.
fn found_at<G: Puzzled>(
    g: &G,
    n: usize,
    cfg: &PuzzleConfig,
    seed: Option<u64>,
    any: fn(G::Choice) -> AnyChoice,
) -> Option<Found> {
    let j = judge(g, cfg, position_seed(seed, n))?;
    Some(Found {
        n,
        turn: engine::replay::turn_of(g),
        seat: g.to_move(),
        best: any(j.best.first),
        best_then: j.best.then.map(any),
        answers: std::iter::once(&j.best)
            .chain(&j.alike)
            .map(|m| (any(m.first), m.then.map(any)))
            .collect(),
        second: any(j.second.first),
        second_then: j.second.then.map(any),
        best_gain: j.recheck_gain,
        first_gain: j.gain,
        theme: theme(g, &j.best),
        rating: first_rating(j.recheck_gain, j.greedy_finds_it),
    })
}

/// The decisions that start the moves of `decisions` (numbers of
/// decisions of `game`): a follower's mistake is a puzzle from its tile's
/// placement. Each once, in order.
pub fn move_starts(game: &AnyGame, decisions: &[usize]) -> Vec<usize> {
    match game {
        AnyGame::City(g) => starts_in(g, decisions),
        AnyGame::Classic(g) => starts_in(g, decisions),
    }
}

fn starts_in<G: Playable>(game: &G, decisions: &[usize]) -> Vec<usize> {
    let len = game.history().len();
    let mut out: Vec<usize> = decisions
        .iter()
        .filter(|&&n| n < len)
        .map(|&n| {
            let mut k = n;
            while k > 0 && !starts_move(Some(&game.at(k - 1)), &game.at(k)) {
                k -= 1;
            }
            k
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// A player's own puzzle (issue 40) at decision `n` of `game`, the start
/// of a move of theirs the review found a mistake: judged by the shipped
/// puzzles' criteria (`mine`'s settings scaled by `budget`, 1.0 as `city
/// puzzles` mines: the best at least `MIN_GAIN` above every other move,
/// rechecked on four times the samples, the same best), and kept only when
/// the move played there is not one of its right answers. The same game
/// and decision give the same puzzle as `mine` finds there.
pub fn own_at(game: &AnyGame, n: usize, budget: f64) -> Option<Found> {
    match game {
        AnyGame::City(g) => own_in(g, game.seed(), n, budget, AnyChoice::City),
        AnyGame::Classic(g) => own_in(g, game.seed(), n, budget, AnyChoice::Classic),
    }
}

fn own_in<G: Puzzled>(
    game: &G,
    seed: Option<u64>,
    n: usize,
    budget: f64,
    any: fn(G::Choice) -> AnyChoice,
) -> Option<Found> {
    let history = game.history();
    let &first = history.get(n)?;
    let mut pos = game.at(n);
    pos.set_logging(false);
    let prev = n.checked_sub(1).map(|k| game.at(k));
    if !starts_move(prev.as_ref(), &pos) {
        return None;
    }
    // The move played: its first choice and its follow-up, if any.
    let mut after = pos.clone();
    after.play_unchecked(first);
    let follows = match (pos.decision(), after.decision()) {
        (Some(a), Some(b)) => G::continues_move(a, b) && after.to_move() == pos.to_move(),
        _ => false,
    };
    let played = (
        any(first),
        history.get(n + 1).copied().filter(|_| follows).map(any),
    );
    let f = found_at(&pos, n, &scaled::<G>(budget, None), seed, any)?;
    (!f.answers.contains(&played)).then_some(f)
}

/// The theme of a move at `game`'s position (either ruleset); `None` when
/// the move does not fit the position's rulesets.
pub fn theme_any(game: &AnyGame, first: AnyChoice, then: Option<AnyChoice>) -> Option<Theme> {
    match (game, first) {
        (AnyGame::City(g), AnyChoice::City(c)) => {
            let then = match then {
                Some(AnyChoice::City(t)) => Some(t),
                None => None,
                _ => return None,
            };
            Some(theme(
                g,
                &Move {
                    first: c,
                    then,
                    value: 0.0,
                },
            ))
        }
        (AnyGame::Classic(g), AnyChoice::Classic(c)) => {
            let then = match then {
                Some(AnyChoice::Classic(t)) => Some(t),
                None => None,
                _ => return None,
            };
            Some(theme(
                g,
                &Move {
                    first: c,
                    then,
                    value: 0.0,
                },
            ))
        }
        _ => None,
    }
}
