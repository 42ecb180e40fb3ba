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

use super::deep::{playout_with, DeepConfig, Replies};
use super::eval::{apply, moves_on, net_value, net_values_into, Move};
use super::{think, think_plan, Level, Plan, Playable, Thinker};
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

/// The seed of the review's own judge (issue 40), apart from every seat's
/// (`position_seed`): the judge at decision `n` is seeded with
/// `judge_seed(n)`, whatever the game's deal and the seats' levels.
pub const JUDGE_SEED: u64 = 0x4A0D_6E5E_ED40_0040;

/// The judge's seed at the position after `decisions` decisions.
pub fn judge_seed(decisions: usize) -> u64 {
    JUDGE_SEED.wrapping_add((decisions as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Whose move a review sets each played move against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Judge {
    /// A level, seeded as the app seeds the computer and its hints
    /// (`position_seed`; issue 30's review): a computer of that level
    /// reviews as flawless.
    Level(Level),
    /// The review's own judge (issue 40): the deep search with these
    /// settings (the ruleset's `Playable::JUDGE`),
    /// seeded with `judge_seed`, apart from every seat.
    Deep(DeepConfig),
}

impl Judge {
    /// The ruleset's judge.
    pub fn of<G: Playable>() -> Judge {
        Judge::Deep(G::JUDGE)
    }

    /// What `city review --json` and the screen call it: a level's name,
    /// or "judge".
    pub fn name(&self) -> &'static str {
        match self {
            Judge::Level(l) => l.name(),
            Judge::Deep(_) => "judge",
        }
    }
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
    /// Whether the seat to move after a line first plays the greedy move
    /// before the playout goes on (issue 40): the random policy's first
    /// move gave the seat that had just moved a bonus of 2 to 3 points
    /// over the seat to move, whose own best move then took it back.
    pub reply: bool,
}

/// How bad a decision was, by the points it lost (`Class::of`), best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
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

    /// The class of a move that is not the judge's and lost `loss`
    /// points: `Good` at best, however it was valued (issue 40: a move the
    /// computer would not play is not called best).
    pub fn of_other(loss: f64) -> Class {
        match Class::of(loss) {
            Class::Best => Class::Good,
            c => c,
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
    /// `Best` only for the judge's own move; a move valued as high as the
    /// judge's but not its own is `Good` (issue 40).
    pub class: Class,
    /// Every seat's expected margin, in seat order, on the same
    /// determinizations: before the decision, after the move played and
    /// after the best (issue 40). `played[seat]` is `played_value`.
    pub values: SeatValues,
}

/// Every seat's expected margin at three points of a decision (issue 40):
/// one valuation for every seat, so a game's values form one curve and
/// add up (`balance`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeatValues {
    /// The position before the decision, the seat to move playing the
    /// greedy move there (or, inside a move, the move's line so far with
    /// the judge's follow-up: the decision before's played line).
    pub before: Vec<f64>,
    pub played: Vec<f64>,
    pub best: Vec<f64>,
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
            values: self.values.clone(),
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
    judge: Judge,
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
    /// The first decision to review (`starting_at`).
    from: usize,
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
    /// (with their follow-ups), whether they are the same move, and the
    /// index of the line before it; only reviewed positions are read.
    pairs: Vec<(usize, usize, bool, usize)>,
    players: usize,
    /// The choices from `pos[0]` of each line valued, no two alike.
    lines: Vec<Vec<G::Choice>>,
    sums: Vec<f64>,
    /// Per position: the paired differences best − played for the seat to
    /// move, summed and squared (their standard error).
    diffs: Vec<(f64, f64)>,
    /// Every line's values on the last determinization.
    last: Vec<f64>,
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
    /// Per line: the greedy reply found after it, by what the
    /// determinization changed there (`ReplyKey`): most redeals of a
    /// sample repeat a tile in hand, and the greedy ranking of every move
    /// was a fifth of a judged review's time.
    replies: Replies<G::Choice>,
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
        Reviewer::judged_by(game, Judge::Level(level), game_seed, cfg)
    }

    /// Reviews every decision of `game` against the ruleset's own judge
    /// (`Playable::JUDGE`, issue 40), with the ruleset's settings.
    pub fn judged(game: &G) -> Reviewer<G> {
        Reviewer::judged_by(game, Judge::of::<G>(), None, G::REVIEW)
    }

    /// Reviews every decision of `game` against `judge` (`game_seed` seeds
    /// a `Judge::Level` as the app seeds the computer; the samples are
    /// seeded from it too).
    pub fn judged_by(
        game: &G,
        judge: Judge,
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
            judge,
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
            from: 0,
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
    pub fn part(self, part: usize, parts: usize) -> Reviewer<G> {
        let mut r = self;
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

    /// The same review of the moves that start at decision `n` or later
    /// only (a test's planted turn): the moves before are walked past.
    pub fn starting_at(mut self, n: usize) -> Reviewer<G> {
        let mut g = self.cur.clone();
        let mut choices = Vec::new();
        let mut total = 0;
        for (k, &c) in self.history.iter().enumerate() {
            g.legal_choices_into(&mut choices);
            total += usize::from(k >= n && choices.len() > 1);
            g.play_unchecked(c);
        }
        self.total = total;
        self.from = n;
        self
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
            return self.start_move(m, pos, reviewed, after, j);
        }
    }

    /// Sets up the move of the decisions `m..=j` (walked by `walk_move`);
    /// one before `starting_at`'s is walked past to the next.
    fn start_move(
        &mut self,
        m: usize,
        pos: Vec<G>,
        reviewed: Vec<bool>,
        after: G,
        j: usize,
    ) -> bool {
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
        if m < self.from {
            // Before the decisions asked for: walked past, not reviewed.
            return self.start_job();
        }
        let n = pos.len();
        self.job = Some(Job {
            m,
            me,
            pos,
            reviewed,
            best: vec![None; n],
            thinker: None,
            pairs: Vec::new(),
            players: self.cur.player_count(),
            lines: Vec::new(),
            sums: Vec::new(),
            diffs: Vec::new(),
            last: Vec::new(),
            samples: 0,
            luck,
            luck_before: 0.0,
            luck_after: 0.0,
            luck_samples: 0,
            luck_counted: 0,
            rng: rng_for_seed(position_seed(self.game_seed, m) ^ 0x2E71_E3ED_5EED),
            choices: Vec::new(),
            scratch: Vec::new(),
            replies: Vec::new(),
        });
        true
    }

    /// One unit of work on the current move; its reviews once it is done.
    fn work(&mut self) {
        let Some(job) = self.job.as_mut() else { return };
        let cfg = &self.cfg;
        if let Some(i) = job.best.iter().position(Option::is_none) {
            // 1. The level's move at each position, seeded as in the app.
            // The judge's follow-up, when the move so far is its own, is
            // its move there: its search chose the two together.
            if let (Judge::Deep(_), Some(Some(prev))) =
                (self.judge, i.checked_sub(1).map(|p| job.best[p]))
            {
                if let (Some(then), true) = (
                    prev.then,
                    self.history.get(job.m + i - 1) == Some(&prev.first),
                ) {
                    job.best[i] = Some(Move {
                        first: then,
                        then: None,
                        value: prev.value,
                    });
                    if job.best.iter().all(Option::is_some) {
                        job.make_lines(&self.history);
                    }
                    return;
                }
            }
            if job.thinker.is_none() {
                job.thinker = match self.judge {
                    Judge::Level(level) => {
                        think(&job.pos[i], level, position_seed(self.game_seed, job.m + i))
                    }
                    Judge::Deep(cfg) => {
                        think_plan(&job.pos[i], Plan::Deep(cfg), judge_seed(job.m + i))
                    }
                };
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
                    self.pairs.push((0, 0, true, 0));
                    continue;
                }
            };
            // Before it: the move's line so far, with the judge's choice
            // here when the decision before was reviewed (its played line),
            // else as the valuation plays it.
            let before = if i > 0 && self.reviewed[i - 1] {
                self.pairs[i - 1].0
            } else {
                self.line(history[self.m..self.m + i].to_vec())
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
            self.pairs.push((p, b, same, before));
        }
        self.sums = vec![0.0; self.lines.len() * self.players];
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
        let mut values = Vec::with_capacity(self.players);
        self.replies.resize(self.lines.len(), Vec::new());
        for k in 0..self.lines.len() {
            let mut g = det.clone();
            let mut whole = true;
            for &c in &self.lines[k] {
                // Legal on every determinization (no tile is drawn inside a
                // move); checked all the same, so nothing odd can follow.
                if g.play(c).is_err() {
                    whole = false;
                    break;
                }
            }
            self.leaf(g, whole.then_some(k), cfg, play_seed, &mut values);
            let at = k * self.players;
            self.last.resize(self.sums.len(), 0.0);
            for (s, v) in values.iter().enumerate().take(self.players) {
                self.sums[at + s] += v;
                self.last[at + s] = *v;
            }
        }
        let me = self.me as usize;
        self.diffs.resize(self.pairs.len(), (0.0, 0.0));
        for (i, &(p, b, same, _)) in self.pairs.iter().enumerate() {
            if !same {
                let d = self.last[b * self.players + me] - self.last[p * self.players + me];
                self.diffs[i].0 += d;
                self.diffs[i].1 += d * d;
            }
        }
        self.samples += 1;
    }

    /// Every seat's value of `g` (after the whole of line `line`, if
    /// `Some`) after the reply and the playout.
    fn leaf(
        &mut self,
        mut g: G,
        line: Option<usize>,
        cfg: &ReviewConfig,
        play_seed: u64,
        out: &mut Vec<f64>,
    ) {
        let p = &cfg.playouts;
        if cfg.reply && !g.is_over() {
            // The seat to move replies as the greedy player would: the
            // same footing for whoever moves next.
            let key = (g.chance_key(), g.tiles_left());
            let known = line.and_then(|k| {
                let r = self.replies[k].iter().find(|e| e.0 == key)?;
                Some(r.1)
            });
            let reply = known.unwrap_or_else(|| {
                let r = greedy_reply(&g, p.follower_value);
                if let Some(k) = line {
                    self.replies[k].push((key, r));
                }
                r
            });
            if let Some(m) = reply {
                apply(&mut g, &m);
            }
        }
        playout_with(
            &mut g,
            p,
            &mut self.choices,
            &mut self.scratch,
            &mut rng_for_seed(play_seed),
        );
        net_values_into(g, p.follower_value, out);
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
        let n = self.samples.max(1) as f64;
        let mean = |k: usize| -> Vec<f64> {
            (0..self.players)
                .map(|s| self.sums.get(k * self.players + s).copied().unwrap_or(0.0) / n)
                .collect()
        };
        let luck = (self.luck.is_some() && self.luck_counted > 0)
            .then(|| self.luck_after - self.luck_before / self.luck_counted as f64);
        let mut out = Vec::new();
        for (i, g) in self.pos.iter().enumerate() {
            let (Some(&played), true) = (history.get(self.m + i), self.reviewed[i]) else {
                continue;
            };
            let best = self.best[i].expect("searched");
            let (p, b, same, before) = self.pairs[i];
            let played_values = mean(p);
            let best_values = if same { played_values.clone() } else { mean(b) };
            let me = self.me as usize;
            let played_value = played_values.get(me).copied().unwrap_or(0.0);
            let best_value = best_values.get(me).copied().unwrap_or(0.0);
            // A difference within two standard errors of the paired
            // differences is the valuation's noise, not points lost (issue
            // 40: a follower declined is not a loss when nothing tells it
            // from putting one).
            let noise = match self.diffs.get(i) {
                Some(&(sum, sq)) if self.samples > 1 => {
                    let k = self.samples as f64;
                    let var = (sq - sum * sum / k).max(0.0) / (k - 1.0);
                    2.0 * (var / k).sqrt()
                }
                _ => 0.0,
            };
            let diff = best_value - played_value;
            let loss = if diff > noise { diff } else { 0.0 };
            let values = SeatValues {
                before: mean(before),
                played: played_values,
                best: best_values,
            };
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
                class: if same {
                    Class::Best
                } else {
                    Class::of_other(loss)
                },
                values,
            });
        }
        out
    }
}

/// The worth to the seat to move of each of `moves` (a choice at `game`
/// and its follow-up), valued as a review values them (`cfg`: the reply,
/// the playouts, the net margin) on the same `samples` redeals with the
/// same playout seeds: paired, so their differences are what counts. The
/// judge's strength test values the judge's move and hard's this way with
/// more samples than a review takes.
pub fn value_moves<G: Playable>(
    game: &G,
    moves: &[Move<G::Choice>],
    samples: u32,
    cfg: &ReviewConfig,
    seed: u64,
) -> Vec<f64> {
    let me = game.to_move() as usize;
    let mut base = game.clone();
    base.set_logging(false);
    let mut rng = rng_for_seed(seed);
    let mut sums = vec![0.0; moves.len()];
    let (mut choices, mut scratch, mut values) = (Vec::new(), Vec::new(), Vec::new());
    let p = &cfg.playouts;
    for _ in 0..samples {
        let deal_seed = rng.next_u64();
        let play_seed = rng.next_u64();
        let det = base.redeal_unseen(&mut rng_for_seed(deal_seed));
        for (k, m) in moves.iter().enumerate() {
            let mut g = det.clone();
            apply(&mut g, m);
            if cfg.reply && !g.is_over() {
                if let Some(r) = moves_on(&g, p.follower_value, true).first() {
                    apply(&mut g, r);
                }
            }
            playout_with(
                &mut g,
                p,
                &mut choices,
                &mut scratch,
                &mut rng_for_seed(play_seed),
            );
            net_values_into(g, p.follower_value, &mut values);
            sums[k] += values.get(me).copied().unwrap_or(0.0);
        }
    }
    sums.iter().map(|s| s / samples.max(1) as f64).collect()
}

/// The greedy move of the seat to move at `g` (the first of the best,
/// as `moves_on` ranks them), if any.
fn greedy_reply<G: Playable>(g: &G, follower_value: f64) -> Option<Move<G::Choice>> {
    moves_on(g, follower_value, true).first().copied()
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

/// The judge of a ruleset's reviews and its budget, as `city review
/// --json` writes it under "judge" and the screen says it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct JudgeBudget {
    /// Candidate moves kept after the greedy ranking.
    pub candidates: u32,
    /// Units of work of its search at a decision, at most (a decision
    /// played in a playout, a position valued).
    pub work: u32,
    /// Tiles each of its playouts plays.
    pub horizon: u32,
    /// Redeals on which the played and the best move are valued.
    pub samples: u32,
    /// The seed it is seeded from (`JUDGE_SEED`).
    pub seed: u64,
}

impl JudgeBudget {
    pub fn of<G: Playable>() -> JudgeBudget {
        let j = G::JUDGE;
        JudgeBudget {
            candidates: j.candidates as u32,
            work: j
                .work
                .min(j.work_per_move.saturating_mul(j.candidates as u32)),
            horizon: j.horizon,
            samples: G::REVIEW.samples,
            seed: JUDGE_SEED,
        }
    }
}

/// A seat's result taken apart (issue 40): `skill + luck + rest = margin`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Balance {
    pub seat: Seat,
    /// The seat's score minus the best other seat's: final once the game
    /// is over, else as the review expects it at the end.
    pub margin: f64,
    /// What the players' decisions did to the margin, against the judge's:
    /// minus the seat's own points lost, plus what the other seats' lost
    /// moves gave it (in two players, the other's points lost).
    pub skill: f64,
    /// The seat's luck of the draw, less the others' (their mean).
    pub luck: f64,
    /// The rest: the margin the game started with, what the best moves
    /// were worth beyond the valuation's own play, and the valuation's
    /// noise (margin − skill − luck).
    pub rest: f64,
    /// 0 to 100, from the points lost at each decision (`accuracy`).
    pub accuracy: f64,
}

/// One decision's accuracy, 0 to 100, from the points it lost: lichess's
/// curve (`103.1668 · e^(−0.04354 · x) − 3.1669`, x the winning chances
/// lost in percent) with 3 percent a point: 100 for nothing lost, about 87
/// for 1 point, 50 for 5, 25 for 10, 4 for 20 (docs/ai.md).
pub fn accuracy(loss: f64) -> f64 {
    if loss <= 0.0 {
        100.0
    } else {
        // Below 100 for any loss: the curve's top is 99.9999.
        (103.1668 * (-0.04354 * 3.0 * loss).exp() - 3.1669).max(0.0)
    }
}

/// Each seat's score minus the best other seat's.
pub fn margins(scores: &[u32]) -> Vec<f64> {
    (0..scores.len())
        .map(|s| {
            let best_other = (0..scores.len())
                .filter(|&o| o != s)
                .map(|o| scores[o])
                .max()
                .unwrap_or(0);
            scores[s] as f64 - best_other as f64
        })
        .collect()
}

/// The margins a review reconciles: the final ones (`margins(scores)`)
/// when the game is `over`, else what the last decision reviewed expects
/// at the end for every seat.
pub fn end_margins<C>(reviews: &[DecisionReview<C>], scores: &[u32], over: bool) -> Vec<f64> {
    match reviews.last() {
        Some(r) if !over && r.values.played.len() == scores.len() => r.values.played.clone(),
        _ => margins(scores),
    }
}

/// Each seat's margin as skill, luck and the rest (`Balance`), with its
/// accuracy; `margins` one per seat (`end_margins`).
pub fn balance<C>(reviews: &[DecisionReview<C>], margins: &[f64]) -> Vec<Balance> {
    let players = margins.len();
    let others = (players.max(2) - 1) as f64;
    let mut out: Vec<Balance> = (0..players)
        .map(|s| Balance {
            seat: s as Seat,
            margin: margins[s],
            ..Balance::default()
        })
        .collect();
    let mut acc = vec![(0.0, 0usize); players];
    for r in reviews {
        let mover = r.seat as usize;
        if mover >= players {
            continue;
        }
        acc[mover].0 += accuracy(r.loss);
        acc[mover].1 += 1;
        for (s, b) in out.iter_mut().enumerate() {
            if s == mover {
                b.skill -= r.loss;
                b.luck += r.luck.unwrap_or(0.0);
            } else {
                // What the mover's loss did to this seat, on the same
                // redeals (in two players, exactly the loss).
                if r.loss > 0.0 {
                    let v = &r.values;
                    b.skill += match (v.played.get(s), v.best.get(s)) {
                        (Some(p), Some(q)) => p - q,
                        _ => r.loss / others,
                    };
                }
                b.luck -= r.luck.unwrap_or(0.0) / others;
            }
        }
    }
    for (b, (sum, n)) in out.iter_mut().zip(acc) {
        b.rest = b.margin - b.skill - b.luck;
        b.accuracy = if n == 0 { 100.0 } else { sum / n as f64 };
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

    /// `Reviewer::part` of the judge's review (`judged`): part `part` of
    /// `parts` splitting it.
    pub fn part(game: &AnyGame, part: usize, parts: usize) -> AnyReviewer {
        match game {
            AnyGame::City(g) => AnyReviewer::City(Box::new(Reviewer::judged(g).part(part, parts))),
            AnyGame::Classic(g) => {
                AnyReviewer::Classic(Box::new(Reviewer::judged(g).part(part, parts)))
            }
        }
    }

    /// `Reviewer::starting_at`: only the moves that start at decision `n`
    /// or later (`city review --from N`).
    pub fn starting_at(self, n: usize) -> AnyReviewer {
        match self {
            AnyReviewer::City(r) => AnyReviewer::City(Box::new(r.starting_at(n))),
            AnyReviewer::Classic(r) => AnyReviewer::Classic(Box::new(r.starting_at(n))),
        }
    }

    /// `Reviewer::covered`.
    pub fn covered(&self) -> usize {
        match self {
            AnyReviewer::City(r) => r.covered(),
            AnyReviewer::Classic(r) => r.covered(),
        }
    }

    /// Reviews every decision of `game` against the ruleset's own judge
    /// (issue 40: `Playable::JUDGE`, seeded apart from every seat).
    pub fn judged(game: &AnyGame) -> AnyReviewer {
        match game {
            AnyGame::City(g) => AnyReviewer::City(Box::new(Reviewer::judged(g))),
            AnyGame::Classic(g) => AnyReviewer::Classic(Box::new(Reviewer::judged(g))),
        }
    }

    /// The judge of a review of `game` by `judged` and what it spends: for
    /// `city review --json` and the screen.
    pub fn judge_of(game: &AnyGame) -> JudgeBudget {
        match game {
            AnyGame::City(_) => JudgeBudget::of::<engine::city::Game>(),
            AnyGame::Classic(_) => JudgeBudget::of::<engine::classic::Game>(),
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
