//! Game review (issue 30): every decision of every seat, the computer's
//! too, set against the move a level plays there.
//!
//! - **Best**: what the review's level plays at the position, seeded as the
//!   app seeds it (`position_seed`): the hint the app would give, and the
//!   computer's own move when it played at that level.
//! - **Values**: the margin the seat can expect at the end (its projected
//!   score and followers in supply against the best other seat's,
//!   `eval::net_value`) after the ruleset's normal playouts
//!   (`ReviewConfig::playouts`), whatever the level. The played and the best
//!   move are valued on the *same* determinizations with the same playout
//!   seeds, a paired difference: **loss** = best − played, at least 0, and
//!   exactly 0 when the played move is the level's.
//! - **A move's follow-up**: a tile placement and the follower after it are
//!   separate decisions. A choice is valued with the rest of the move
//!   completed as the level completes it (`Playable::continues_move`): the
//!   played placement with the level's own choice at the step after it, the
//!   best with the follow-up its search had in mind. So the placement's loss
//!   and the follower's add up to the whole move's, and neither counts the
//!   other's mistake.
//! - **Luck**: at a tile decision, the margin expected with the tile drawn
//!   against the margin expected before the draw (the decision that drew
//!   replayed with the unseen tiles, this one among them, redealt), each
//!   the position after the greedy move for the tile in hand, valued
//!   without playouts (the projected scores and the followers in supply,
//!   `eval::net_value`): a draw's worth is mostly at once, and playouts
//!   would bury it in their noise. The first tile, dealt with the setup, has
//!   no luck.
//!
//! Decisions with one legal choice are not reviewed. There is no clock:
//! `Reviewer::step` does a bounded amount of work and hands back a
//! decision's review once one is ready, so a Web Worker runs it in slices
//! and can stop at any time (drop it):
//!
//! ```text
//! let mut r = AnyReviewer::new(&game, Level::Normal);
//! while !r.is_done() && !slice_over() {
//!     if let Some(d) = r.step(1) { send(d, r.progress()) }
//! }
//! ```
//!
//! The same game, level and settings give the same review, however it is
//! sliced, natively and in wasm.

use super::deep::{playout_with, DeepConfig};
use super::eval::{apply, moves_on, net_value, Move};
use super::{think, Level, Playable, Thinker};
use engine::any::{AnyChoice, AnyGame};
use engine::core::rng::{rng_for_seed, Pcg64};
use engine::Seat;
use rand_core::Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// The seed the app gives the computer (and a hint) at a position: the
/// game's deal seed (`0x0C17` for a game dealt from an explicit pile) plus
/// the decisions taken, plus one, times the golden ratio
/// (`src/ui/state/engine.rs`, `engine_ask`). The review's best move at a
/// decision is its level's choice with this seed.
pub fn position_seed(game_seed: Option<u64>, decisions: usize) -> u64 {
    game_seed
        .unwrap_or(0x0C17)
        .wrapping_add((decisions as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// How much a review samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewConfig {
    /// Determinizations on which a decision's played and best moves are
    /// valued (the same ones for both).
    pub samples: u32,
    /// Redeals on which a draw's luck is valued (before and after the draw).
    pub luck_samples: u32,
    /// The playouts that value a position: horizon, policy, follower value.
    pub playouts: DeepConfig,
}

/// How bad a decision was, by the points it lost (`Class::of`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Nothing lost: the level's move, or one valued at least as high.
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Class {
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];
    /// The least loss, in expected points, of an inaccuracy, a mistake and a
    /// blunder (README, "Game review"; the measurements in docs/ai.md).
    pub const INACCURACY: f64 = 2.0;
    pub const MISTAKE: f64 = 5.0;
    pub const BLUNDER: f64 = 10.0;

    /// The class of a decision that lost `loss` points.
    pub fn of(loss: f64) -> Class {
        if loss <= 0.0 {
            Class::Best
        } else if loss < Class::INACCURACY {
            Class::Good
        } else if loss < Class::MISTAKE {
            Class::Inaccuracy
        } else if loss < Class::BLUNDER {
            Class::Mistake
        } else {
            Class::Blunder
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// One decision reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionReview<C> {
    /// Decisions taken before it: the game before it is `game.at(n)`.
    pub n: usize,
    /// The turn it belongs to, as records and the chronicle number turns.
    pub turn: usize,
    pub seat: Seat,
    /// The choice made.
    pub played: C,
    /// The level's choice there, and the follow-up its search had in mind
    /// (the follower after a tile, the guard after a wall piece), if any.
    pub best: C,
    pub best_then: Option<C>,
    /// The margin the seat can expect at the end after the played move and
    /// after the best (equal when they are the same move).
    pub played_value: f64,
    pub best_value: f64,
    /// best_value − played_value, at least 0.
    pub loss: f64,
    /// At a tile decision: the margin expected with the tile drawn minus the
    /// margin expected before the draw. `None` at other decisions.
    pub luck: Option<f64>,
    pub class: Class,
}

impl<C: Copy> DecisionReview<C> {
    /// The same review with its choices mapped (to `AnyChoice`).
    pub fn map<D>(&self, f: impl Fn(C) -> D) -> DecisionReview<D> {
        DecisionReview {
            n: self.n,
            turn: self.turn,
            seat: self.seat,
            played: f(self.played),
            best: f(self.best),
            best_then: self.best_then.map(&f),
            played_value: self.played_value,
            best_value: self.best_value,
            loss: self.loss,
            luck: self.luck,
            class: self.class,
        }
    }
}

/// How far a review has got: decisions reviewed of those to review.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewProgress {
    pub done: usize,
    pub total: usize,
}

/// A game being reviewed, a little at a time (`step`).
pub struct Reviewer<G: Playable> {
    level: Level,
    cfg: ReviewConfig,
    game_seed: Option<u64>,
    history: Vec<G::Choice>,
    /// The position before the next decision to look at, and the one before
    /// the decision before it (a draw's luck replays the decision that drew).
    cur: G,
    before: Option<G>,
    next: usize,
    job: Option<Job<G>>,
    ready: VecDeque<DecisionReview<G::Choice>>,
    done: usize,
    total: usize,
    /// This reviewer's share of the moves when several split a review
    /// (`Reviewer::part`): moves `k` with `k % parts == part`; the moves
    /// started so far, its own or not.
    part: usize,
    parts: usize,
    moves: usize,
}

/// One move under review: the decisions of one seat that the level plays as
/// one move (`Playable::continues_move`), valued on shared determinizations.
struct Job<G: Playable> {
    /// The decision the move starts at.
    m: usize,
    me: Seat,
    /// The positions before each of the move's decisions; when the record
    /// ends inside the move, also the position after its last (searched for
    /// the follow-up, not reviewed).
    pos: Vec<G>,
    reviewed: Vec<bool>,
    /// The level's move at each position, once searched.
    best: Vec<Option<Move<G::Choice>>>,
    thinker: Option<Thinker<G>>,
    /// Per position: indices into `lines` of the played and the best move
    /// (with their follow-ups), and whether they are the same move; only
    /// reviewed positions are read.
    pairs: Vec<(usize, usize, bool)>,
    /// The choices from `pos[0]` of each line valued, no two alike.
    lines: Vec<Vec<G::Choice>>,
    sums: Vec<f64>,
    samples: u32,
    /// The position before the decision that drew this move's tile, and
    /// that decision, when the move begins with a draw to value.
    luck: Option<(G, G::Choice)>,
    luck_before: f64,
    luck_after: f64,
    /// Redeals done, and those whose draw could be replayed (all of them).
    luck_samples: u32,
    luck_counted: u32,
    rng: Pcg64,
    choices: Vec<G::Choice>,
    scratch: Vec<G::Choice>,
}

impl<G: Playable> Reviewer<G> {
    /// Reviews every decision of `game` (its whole history) at `level`, with
    /// the ruleset's settings (`Playable::REVIEW`). `game_seed`: the seed
    /// its pile was dealt from (`None` for an explicit pile), which seeds
    /// the level as the app does (`position_seed`).
    pub fn new(game: &G, level: Level, game_seed: Option<u64>) -> Reviewer<G> {
        Reviewer::with_config(game, level, game_seed, G::REVIEW)
    }

    pub fn with_config(
        game: &G,
        level: Level,
        game_seed: Option<u64>,
        cfg: ReviewConfig,
    ) -> Reviewer<G> {
        let history = game.history().to_vec();
        let mut cur = game.restart();
        cur.set_logging(false);
        let mut g = cur.clone();
        let mut total = 0;
        let mut choices = Vec::new();
        for &c in &history {
            g.legal_choices_into(&mut choices);
            total += usize::from(choices.len() > 1);
            g.play_unchecked(c);
        }
        Reviewer {
            level,
            cfg,
            game_seed,
            history,
            cur,
            before: None,
            next: 0,
            job: None,
            ready: VecDeque::new(),
            done: 0,
            total,
            part: 0,
            parts: 1,
            moves: 0,
        }
    }

    /// One of `parts` reviewers that split a review between them (the
    /// app's engine workers, one per core): this one reviews every
    /// `parts`-th move from move `part` (moves dealt round the table, so
    /// each part has early and late ones), skipping the others. Each
    /// decision's review is the one the whole review gives: a move's work
    /// is seeded by its own position.
    pub fn part(
        game: &G,
        level: Level,
        game_seed: Option<u64>,
        part: usize,
        parts: usize,
    ) -> Reviewer<G> {
        let mut r = Reviewer::new(game, level, game_seed);
        r.parts = parts.max(1);
        r.part = part % r.parts;
        // Count this part's decisions by walking the moves as `start_job` does.
        let mut cur = r.cur.clone();
        let (mut next, mut k, mut total) = (0, 0, 0);
        while next < r.history.len() {
            let (_, reviewed, after, j) = walk_move(&cur, &r.history, next);
            if k % r.parts == r.part {
                total += reviewed[..=j - next].iter().filter(|&&x| x).count();
            }
            cur = after;
            next = j + 1;
            k += 1;
        }
        r.total = total;
        r
    }

    /// Samples with `cfg` instead (before the first step).
    pub fn set_config(&mut self, cfg: ReviewConfig) {
        self.cfg = cfg;
    }

    /// Every decision before this is handed back, of those this reviewer
    /// reviews: a page merging several parts shows the decisions before
    /// the least of their `covered`, in order.
    pub fn covered(&self) -> usize {
        if let Some(r) = self.ready.front() {
            r.n
        } else if let Some(job) = &self.job {
            job.m
        } else if self.is_done() {
            self.history.len()
        } else {
            self.next
        }
    }

    pub fn progress(&self) -> ReviewProgress {
        ReviewProgress {
            done: self.done,
            total: self.total,
        }
    }

    /// Whether every decision's review has been handed back.
    pub fn is_done(&self) -> bool {
        self.done == self.total
    }

    /// Works for at most `budget` units (a batch of a search, the playouts
    /// of one determinization, or one sample of a draw's luck; at least one)
    /// and hands back the next decision's review once it is ready, in
    /// decision order. `None`: not ready yet, or the review is over
    /// (`is_done`).
    pub fn step(&mut self, budget: u32) -> Option<DecisionReview<G::Choice>> {
        let mut left = budget.max(1);
        loop {
            if let Some(r) = self.ready.pop_front() {
                self.done += 1;
                return Some(r);
            }
            if left == 0 || (self.job.is_none() && !self.start_job()) {
                return None;
            }
            left -= 1;
            self.work();
        }
    }

    /// Every review, in decision order.
    pub fn run_all(mut self) -> Vec<DecisionReview<G::Choice>> {
        let mut out = Vec::with_capacity(self.total);
        while !self.is_done() {
            match self.step(64) {
                Some(r) => out.push(r),
                None if self.job.is_none() && self.next >= self.history.len() => break,
                None => {}
            }
        }
        out
    }

    /// Sets up the move that begins at the next decision (of this part's
    /// moves); false at the end.
    fn start_job(&mut self) -> bool {
        loop {
            let m = self.next;
            if m >= self.history.len() {
                return false;
            }
            let (pos, reviewed, after, j) = walk_move(&self.cur, &self.history, m);
            let mine = self.moves % self.parts == self.part;
            self.moves += 1;
            if !mine {
                self.before = Some(pos[j - m].clone());
                self.cur = after;
                self.next = j + 1;
                continue;
            }
            self.start_move(m, pos, reviewed, after, j);
            return true;
        }
    }

    fn start_move(&mut self, m: usize, pos: Vec<G>, reviewed: Vec<bool>, after: G, j: usize) {
        let me = pos[0].to_move();
        let luck = match &self.before {
            Some(b) if reviewed[0] && pos[0].at_placement() => {
                Some((b.clone(), self.history[m - 1]))
            }
            _ => None,
        };
        self.before = Some(pos[j - m].clone());
        self.cur = after;
        self.next = j + 1;
        let n = pos.len();
        self.job = Some(Job {
            m,
            me,
            pos,
            reviewed,
            best: vec![None; n],
            thinker: None,
            pairs: Vec::new(),
            lines: Vec::new(),
            sums: Vec::new(),
            samples: 0,
            luck,
            luck_before: 0.0,
            luck_after: 0.0,
            luck_samples: 0,
            luck_counted: 0,
            rng: rng_for_seed(position_seed(self.game_seed, m) ^ 0x2E71_E3ED_5EED),
            choices: Vec::new(),
            scratch: Vec::new(),
        });
    }

    /// One unit of work on the current move; its reviews once it is done.
    fn work(&mut self) {
        let Some(job) = self.job.as_mut() else { return };
        let cfg = &self.cfg;
        if let Some(i) = job.best.iter().position(Option::is_none) {
            // 1. The level's move at each position, seeded as in the app.
            if job.thinker.is_none() {
                let seed = position_seed(self.game_seed, job.m + i);
                job.thinker = think(&job.pos[i], self.level, seed);
            }
            let decided = match job.thinker.as_mut() {
                Some(t) => t.run(1),
                // Never: every position of a move waits for a decision.
                None => Some(Move {
                    first: self.history[job.m + i],
                    then: None,
                    value: 0.0,
                }),
            };
            if let Some(m) = decided {
                job.best[i] = Some(m);
                job.thinker = None;
                if job.best.iter().all(Option::is_some) {
                    job.make_lines(&self.history);
                }
            }
        } else if job.samples < cfg.samples && !job.lines.is_empty() {
            // 2. The played and best lines on one more determinization.
            job.value_sample(cfg);
        } else if job.luck.is_some() && job.luck_samples < cfg.luck_samples {
            // 3. The draw's luck, one redeal at a time.
            job.luck_sample(cfg);
        } else {
            let job = self.job.take().expect("a job");
            self.ready.extend(job.reviews(&self.history));
        }
    }
}

/// The move that begins at decision `m` of `history` (at position `cur`):
/// the positions before each of its decisions (and, when the record ends
/// inside the move, the position after its last), whether each is
/// reviewed, the position after the move, and its last decision.
fn walk_move<G: Playable>(
    cur: &G,
    history: &[G::Choice],
    m: usize,
) -> (Vec<G>, Vec<bool>, G, usize) {
    let me = cur.to_move();
    let mut pos = vec![cur.clone()];
    let mut reviewed = vec![cur.legal_choices().len() > 1];
    // The last decision of the record in this move.
    let mut j = m;
    let after = loop {
        let here = &pos[pos.len() - 1];
        let mut g = here.clone();
        g.play_unchecked(history[j]);
        let continues = g.to_move() == me
            && matches!((here.decision(), g.decision()),
                (Some(a), Some(b)) if G::continues_move(a, b));
        if !continues {
            break g;
        }
        if j + 1 < history.len() {
            j += 1;
            reviewed.push(g.legal_choices().len() > 1);
            pos.push(g);
        } else {
            // The record stops inside the move: its follow-up is still
            // the level's.
            reviewed.push(false);
            pos.push(g.clone());
            break g;
        }
    };
    (pos, reviewed, after, j)
}

impl<G: Playable> Job<G> {
    /// The lines to value: per position, the played choice with the level's
    /// follow-up (its move at the next position of the move) and the level's
    /// move with the follow-up its search had in mind.
    fn make_lines(&mut self, history: &[G::Choice]) {
        let n = self.pos.len();
        for i in 0..n {
            let played = match history.get(self.m + i) {
                Some(&c) if self.reviewed[i] => c,
                _ => {
                    self.pairs.push((0, 0, true));
                    continue;
                }
            };
            let mut line = history[self.m..self.m + i].to_vec();
            let mut best_line = line.clone();
            let best = self.best[i].expect("searched");
            best_line.push(best.first);
            best_line.extend(best.then);
            line.push(played);
            let follow = self.best.get(i + 1).copied().flatten();
            if let Some(next) = follow {
                line.push(next.first);
                line.extend(next.then);
            }
            let played_move = Move {
                first: played,
                then: follow.map(|m| m.first),
                value: 0.0,
            };
            let same = played == best.first || self.pos[i].same_move(&played_move, &best);
            let p = self.line(line);
            let b = if same { p } else { self.line(best_line) };
            self.pairs.push((p, b, same));
        }
        self.sums = vec![0.0; self.lines.len()];
    }

    fn line(&mut self, line: Vec<G::Choice>) -> usize {
        match self.lines.iter().position(|l| *l == line) {
            Some(k) => k,
            None => {
                self.lines.push(line);
                self.lines.len() - 1
            }
        }
    }

    /// Values every line on one determinization of the move's first
    /// position, with one playout seed for all (common random numbers).
    fn value_sample(&mut self, cfg: &ReviewConfig) {
        let deal_seed = self.rng.next_u64();
        let play_seed = self.rng.next_u64();
        let det = self.pos[0].redeal_unseen(&mut rng_for_seed(deal_seed));
        for k in 0..self.lines.len() {
            let mut g = det.clone();
            for &c in &self.lines[k] {
                // Legal on every determinization (no tile is drawn inside a
                // move); checked all the same, so nothing odd can follow.
                if g.play(c).is_err() {
                    break;
                }
            }
            self.sums[k] += self.leaf(g, cfg, play_seed);
        }
        self.samples += 1;
    }

    /// The value for the seat under review of `g` after the playout.
    fn leaf(&mut self, mut g: G, cfg: &ReviewConfig, play_seed: u64) -> f64 {
        let p = &cfg.playouts;
        playout_with(
            &mut g,
            p,
            &mut self.choices,
            &mut self.scratch,
            &mut rng_for_seed(play_seed),
        );
        net_value(g, self.me, p.follower_value)
    }

    /// One redeal of the draw: the decision that drew replayed on a copy
    /// whose unseen tiles (this move's tile among them) are reshuffled, and
    /// the position it reaches valued as the greedy ranking values it (the
    /// best move for the tile in hand); the first sample values the tile
    /// drawn the same way.
    fn luck_sample(&mut self, cfg: &ReviewConfig) {
        let Some((before, drew)) = self.luck.as_ref() else {
            return;
        };
        let fv = cfg.playouts.follower_value;
        let mut b = before.redeal_unseen(&mut self.rng);
        if b.play(*drew).is_ok() {
            self.luck_before += greedy_value(b, self.me, fv);
            self.luck_counted += 1;
        }
        if self.luck_samples == 0 {
            self.luck_after = greedy_value(self.pos[0].clone(), self.me, fv);
        }
        self.luck_samples += 1;
    }

    /// The move's reviewed decisions.
    fn reviews(self, history: &[G::Choice]) -> Vec<DecisionReview<G::Choice>> {
        let mean = |k: usize| self.sums.get(k).copied().unwrap_or(0.0) / self.samples.max(1) as f64;
        let luck = (self.luck.is_some() && self.luck_counted > 0)
            .then(|| self.luck_after - self.luck_before / self.luck_counted as f64);
        let mut out = Vec::new();
        for (i, g) in self.pos.iter().enumerate() {
            let (Some(&played), true) = (history.get(self.m + i), self.reviewed[i]) else {
                continue;
            };
            let best = self.best[i].expect("searched");
            let (p, b, same) = self.pairs[i];
            let played_value = mean(p);
            let best_value = if same { played_value } else { mean(b) };
            let loss = (best_value - played_value).max(0.0);
            out.push(DecisionReview {
                n: self.m + i,
                turn: engine::replay::turn_of(g),
                seat: self.me,
                played,
                best: best.first,
                best_then: best.then,
                played_value,
                best_value,
                loss,
                luck: if i == 0 { luck } else { None },
                class: Class::of(loss),
            });
        }
        out
    }
}

/// What `g` is worth to `me` after the greedy move when `me` is to place a
/// tile (a redeal may also end the game or pass the seat by).
fn greedy_value<G: Playable>(mut g: G, me: Seat, follower_value: f64) -> f64 {
    if g.at_placement() && g.to_move() == me {
        if let Some(m) = moves_on(&g, follower_value, true).first() {
            apply(&mut g, m);
        }
    }
    net_value(g, me, follower_value)
}

/// One seat's review in figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    pub seat: Seat,
    /// Decisions reviewed.
    pub decisions: usize,
    /// Points lost in all, and per decision.
    pub loss: f64,
    pub mean_loss: f64,
    /// Decisions of each class, in the order of `Class::ALL`.
    pub classes: [usize; 5],
    /// The luck of the seat's draws, summed.
    pub luck: f64,
}

/// Per seat (`players` of them): decisions, points lost, classes, luck.
pub fn summarize<C>(reviews: &[DecisionReview<C>], players: usize) -> Vec<SeatSummary> {
    let mut out: Vec<SeatSummary> = (0..players)
        .map(|s| SeatSummary {
            seat: s as Seat,
            ..SeatSummary::default()
        })
        .collect();
    for r in reviews {
        let Some(s) = out.get_mut(r.seat as usize) else {
            continue;
        };
        s.decisions += 1;
        s.loss += r.loss;
        s.luck += r.luck.unwrap_or(0.0);
        let k = Class::ALL.iter().position(|&c| c == r.class).unwrap_or(0);
        s.classes[k] += 1;
    }
    for s in &mut out {
        s.mean_loss = s.loss / s.decisions.max(1) as f64;
    }
    out
}

/// The moments a review points out: decisions by their `n`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyMoments {
    /// The five largest losses, largest first (only decisions that lost).
    pub losses: Vec<usize>,
    /// The three largest swings of luck either way, largest first.
    pub luck: Vec<usize>,
}

/// The key moments of a review (ties: the earlier decision first).
pub fn key_moments<C>(reviews: &[DecisionReview<C>]) -> KeyMoments {
    let top = |key: &dyn Fn(&DecisionReview<C>) -> f64, k: usize| {
        let mut v: Vec<&DecisionReview<C>> = reviews.iter().filter(|r| key(r) > 0.0).collect();
        // Stable: equal keys keep the decision order. (The engine's small
        // sort: the page shows key moments, and the standard sort would
        // cost it several KB.)
        engine::core::sort::sort_by(&mut v, |a, b| key(b).total_cmp(&key(a)).is_lt());
        v.iter().take(k).map(|r| r.n).collect()
    };
    KeyMoments {
        losses: top(&|r| r.loss, 5),
        luck: top(&|r| r.luck.map_or(0.0, f64::abs), 3),
    }
}

/// A review of either ruleset's game: what the Web Worker holds. One
/// `match` per call; the work inside is the ruleset's own, monomorphic.
pub enum AnyReviewer {
    City(Box<Reviewer<engine::city::Game>>),
    Classic(Box<Reviewer<engine::classic::Game>>),
}

impl AnyReviewer {
    /// Reviews every decision of `game` at `level`, seeded from its deal
    /// as the app seeds the computer.
    pub fn new(game: &AnyGame, level: Level) -> AnyReviewer {
        let seed = game.seed();
        match game {
            AnyGame::City(g) => AnyReviewer::City(Box::new(Reviewer::new(g, level, seed))),
            AnyGame::Classic(g) => AnyReviewer::Classic(Box::new(Reviewer::new(g, level, seed))),
        }
    }

    /// `Reviewer::part`: part `part` of `parts` splitting the review.
    pub fn part(game: &AnyGame, level: Level, part: usize, parts: usize) -> AnyReviewer {
        let seed = game.seed();
        match game {
            AnyGame::City(g) => {
                AnyReviewer::City(Box::new(Reviewer::part(g, level, seed, part, parts)))
            }
            AnyGame::Classic(g) => {
                AnyReviewer::Classic(Box::new(Reviewer::part(g, level, seed, part, parts)))
            }
        }
    }

    /// `Reviewer::covered`.
    pub fn covered(&self) -> usize {
        match self {
            AnyReviewer::City(r) => r.covered(),
            AnyReviewer::Classic(r) => r.covered(),
        }
    }

    pub fn progress(&self) -> ReviewProgress {
        match self {
            AnyReviewer::City(r) => r.progress(),
            AnyReviewer::Classic(r) => r.progress(),
        }
    }

    pub fn is_done(&self) -> bool {
        match self {
            AnyReviewer::City(r) => r.is_done(),
            AnyReviewer::Classic(r) => r.is_done(),
        }
    }

    /// `Reviewer::step`.
    pub fn step(&mut self, budget: u32) -> Option<DecisionReview<AnyChoice>> {
        match self {
            AnyReviewer::City(r) => r.step(budget).map(|d| d.map(AnyChoice::City)),
            AnyReviewer::Classic(r) => r.step(budget).map(|d| d.map(AnyChoice::Classic)),
        }
    }

    /// Every review, in decision order.
    pub fn run_all(self) -> Vec<DecisionReview<AnyChoice>> {
        match self {
            AnyReviewer::City(r) => r.run_all().iter().map(|d| d.map(AnyChoice::City)).collect(),
            AnyReviewer::Classic(r) => r
                .run_all()
                .iter()
                .map(|d| d.map(AnyChoice::Classic))
                .collect(),
        }
    }
}

/// The level the app's review and the puzzles judge with: one place, so a
/// stronger judge is set here once for the screen, its workers and the
/// mining (`city review` takes `--level` besides).
pub const JUDGE: Level = Level::Normal;
