//! Determinized Monte Carlo search over the moves of the current decision.
//!
//! 1. The greedy evaluation ranks every move (`eval::greedy_moves`); the best
//!    `top_k` are kept.
//! 2. Sequential halving: in each round every surviving move gets the same
//!    number of playouts, then the worse half is dropped. Each batch uses one
//!    determinization (`redeal_unseen`) and one playout seed for all the
//!    moves (common random numbers), so the moves are compared on the same
//!    draws.
//! 3. A playout applies the move, plays `horizon` more tiles with a fast
//!    policy (`playout`) and scores the position with `eval::value_of`.

use super::eval::{apply, greedy_moves, shuffle_ties, value_of, Move};
use super::{Playable, Progress};
use engine::core::rng::{rng_for_seed, Pcg64};
use engine::Seat;
use rand_core::Rng;

/// The budget and shape of a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Moves kept after the greedy ranking.
    pub top_k: usize,
    /// Playouts per kept move (the budget grows with the moves kept) …
    pub playouts_per_move: u32,
    /// … up to this many in all.
    pub max_playouts: u32,
    /// Tiles placed in a playout after the move before it is evaluated.
    pub horizon: u32,
    /// Points a follower in supply is worth at the end of a playout.
    pub follower_value: f64,
    /// How often the playout policy puts a follower down when it may.
    pub playout_follower: f64,
}

impl SearchConfig {
    /// About 80 short playouts.
    pub const EASY: SearchConfig = SearchConfig {
        top_k: 4,
        playouts_per_move: 20,
        max_playouts: 80,
        horizon: 6,
        follower_value: 3.0,
        playout_follower: 0.25,
    };
    /// About 300 playouts of 12 tiles.
    pub const NORMAL_V1: SearchConfig = SearchConfig {
        top_k: 5,
        playouts_per_move: 60,
        max_playouts: 300,
        horizon: 12,
        follower_value: 3.0,
        playout_follower: 0.25,
    };
    /// About 1200 playouts of 20 tiles.
    pub const HARD_V1: SearchConfig = SearchConfig {
        top_k: 6,
        playouts_per_move: 200,
        max_playouts: 1200,
        horizon: 20,
        follower_value: 3.0,
        playout_follower: 0.25,
    };
}

/// How a search begins: with the answer at once (a single candidate), or
/// with playouts to run.
pub enum Started<G: Playable> {
    Decided(Move<G::Choice>),
    Searching(Box<Search<G>>),
}

/// A search in progress, run a few batches at a time (`run`), so that a
/// caller can stop between batches: the Web Worker answers messages (a
/// cancel) between slices. Running it in slices of any size gives the same
/// move as running it at once.
pub struct Search<G: Playable> {
    cfg: SearchConfig,
    me: Seat,
    moves: Vec<Move<G::Choice>>,
    base: G,
    rng: Pcg64,
    /// Indices of the moves still in the race, best first after each round.
    alive: Vec<usize>,
    sum: Vec<f64>,
    count: Vec<u32>,
    rounds: u32,
    round: u32,
    /// Batches run in this round, of `per_move` (0: the round has not begun).
    batch: u32,
    per_move: u32,
    done: u32,
    total: u32,
    finished: bool,
}

impl<G: Playable> Search<G> {
    /// Ranks the moves and keeps the best `top_k`. `None` when the game is
    /// over. `rng` is advanced; the search then draws from its own copy.
    pub fn start(game: &G, cfg: &SearchConfig, rng: &mut Pcg64) -> Option<Started<G>> {
        let me = game.to_move();
        let mut moves = greedy_moves(game, rng, cfg.follower_value);
        if moves.is_empty() {
            return None;
        }
        // Shuffle moves of equal greedy value so ties are broken by the seed,
        // then keep the best.
        shuffle_ties(&mut moves, rng);
        moves.truncate(cfg.top_k.max(1));
        if moves.len() == 1 || cfg.playouts_per_move == 0 {
            return Some(Started::Decided(moves[0]));
        }
        let total = (cfg.playouts_per_move * moves.len() as u32).min(cfg.max_playouts);
        let mut base = game.clone();
        base.set_logging(false);
        let n = moves.len();
        Some(Started::Searching(Box::new(Search {
            cfg: *cfg,
            me,
            base,
            rng: rng.clone(),
            alive: (0..n).collect(),
            sum: vec![0.0; n],
            count: vec![0; n],
            rounds: (usize::BITS - (n - 1).leading_zeros()).max(1),
            round: 0,
            batch: 0,
            per_move: 0,
            done: 0,
            total,
            moves,
            finished: false,
        })))
    }

    /// Playouts done of the total (`done == total` once finished).
    pub fn progress(&self) -> Progress {
        let done = if self.finished { self.total } else { self.done };
        Progress {
            done,
            total: self.total,
        }
    }

    /// Runs at most `batches` batches (one determinization tried on every
    /// surviving move); the best move once the search is over.
    pub fn run(&mut self, batches: u32) -> Option<Move<G::Choice>> {
        let mut left = batches;
        loop {
            if self.per_move == 0 {
                // A round begins, unless the race is over.
                if self.round >= self.rounds || self.alive.len() == 1 {
                    self.finished = true;
                    return Some(self.moves[self.alive[0]]);
                }
                self.per_move = (self.total / self.rounds / self.alive.len() as u32).max(1);
            }
            if left == 0 {
                return None;
            }
            self.run_batch();
            left -= 1;
            self.batch += 1;
            if self.batch == self.per_move {
                let (sum, count) = (&self.sum, &self.count);
                let mean = |i: usize| sum[i] / count[i].max(1) as f64;
                // Stable: equal means keep the greedy order.
                self.alive.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
                self.alive.truncate(self.alive.len().div_ceil(2));
                self.round += 1;
                self.batch = 0;
                self.per_move = 0;
            }
        }
    }

    fn run_batch(&mut self) {
        let deal_seed = self.rng.next_u64();
        let play_seed = self.rng.next_u64();
        let det = self.base.redeal_unseen(&mut rng_for_seed(deal_seed));
        for &i in &self.alive {
            let mut g = det.clone();
            apply(&mut g, &self.moves[i]);
            playout(&mut g, &self.cfg, &mut rng_for_seed(play_seed));
            self.sum[i] += value_of(g, self.me, self.cfg.follower_value);
            self.count[i] += 1;
        }
        self.done = (self.done + self.alive.len() as u32).min(self.total);
    }
}

/// Play `horizon` more tiles with the playout policy, stopping at a tile
/// decision (no half-scored turn) or at the end of the game.
pub(crate) fn playout<G: Playable>(g: &mut G, cfg: &SearchConfig, rng: &mut Pcg64) {
    super::deep::playout(g, cfg.horizon, cfg.playout_follower, &mut Vec::new(), rng);
}
