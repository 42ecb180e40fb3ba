//! EXPERIMENT: the new search (issue 14), generic over `Playable`.

use super::eval::{greedy_moves, value, Move};
use super::search::playout_with;
use super::{Playable, Progress};
use crate::engine::core::rng::{below, rng_for_seed, Pcg64};
use crate::engine::Seat;
use rand_core::Rng;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeepConfig {
    pub candidates: usize,
    pub per_move: u32,
    pub budget: u32,
    pub horizon: u32,
    pub follower_value: f64,
    pub playout_follower: f64,
    /// Moves after the candidate played greedily in a playout.
    pub reply: u32,
    /// 0: the score difference; otherwise tanh(diff / shaping) * shaping
    pub shaping: f64,
}

impl DeepConfig {
    pub const HARD: DeepConfig = DeepConfig {
        candidates: 12,
        per_move: 1000,
        budget: 12000,
        horizon: 20,
        follower_value: 3.0,
        playout_follower: 0.25,
        reply: 0,
        shaping: 0.0,
    };
}

pub struct Deep<G: Playable> {
    cfg: DeepConfig,
    me: Seat,
    moves: Vec<Move<G::Choice>>,
    base: G,
    rng: Pcg64,
    alive: Vec<usize>,
    sum: Vec<f64>,
    count: Vec<u32>,
    rounds: u32,
    round: u32,
    batch: u32,
    per_move: u32,
    done: u32,
    total: u32,
    finished: bool,
}

pub enum DeepStarted<G: Playable> {
    Decided(Move<G::Choice>),
    Searching(Box<Deep<G>>),
}

impl<G: Playable> Deep<G> {
    pub fn start(game: &G, cfg: &DeepConfig, rng: &mut Pcg64) -> Option<DeepStarted<G>> {
        let me = game.to_move();
        let mut moves = greedy_moves(game, rng, cfg.follower_value);
        if moves.is_empty() {
            return None;
        }
        shuffle_ties(&mut moves, rng);
        moves.truncate(cfg.candidates.max(1));
        if moves.len() == 1 || cfg.per_move == 0 {
            return Some(DeepStarted::Decided(moves[0]));
        }
        let total = (cfg.per_move * moves.len() as u32).min(cfg.budget);
        let mut base = game.clone();
        base.set_logging(false);
        let n = moves.len();
        Some(DeepStarted::Searching(Box::new(Deep {
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

    pub fn progress(&self) -> Progress {
        let done = if self.finished { self.total } else { self.done };
        Progress {
            done,
            total: self.total,
        }
    }

    pub fn run(&mut self, batches: u32) -> Option<Move<G::Choice>> {
        let mut left = batches;
        loop {
            if self.per_move == 0 {
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
            let m = self.moves[i];
            g.play_unchecked(m.first);
            if let Some(t) = m.then {
                g.play_unchecked(t);
            }
            let mut rng = rng_for_seed(play_seed);
            for _ in 0..self.cfg.reply {
                if g.is_over() {
                    break;
                }
                let r = best_move(&g, self.cfg.follower_value);
                g.play_unchecked(r.first);
                if let Some(t) = r.then {
                    g.play_unchecked(t);
                }
            }
            playout_with(
                &mut g,
                self.cfg.horizon,
                self.cfg.playout_follower,
                &mut rng,
            );
            let v = value(&g, self.me, self.cfg.follower_value);
            let v = if self.cfg.shaping > 0.0 {
                (v / self.cfg.shaping).tanh() * self.cfg.shaping
            } else {
                v
            };
            self.sum[i] += v;
            self.count[i] += 1;
        }
        self.done = (self.done + self.alive.len() as u32).min(self.total);
    }
}

/// The greedy move on a determinized game (no redeal), first of the best.
fn best_move<G: Playable>(g: &G, follower_value: f64) -> Move<G::Choice> {
    super::eval::moves_on(g, follower_value, true)
        .into_iter()
        .next()
        .expect("a decision")
}

fn shuffle_ties<C>(moves: &mut [Move<C>], rng: &mut Pcg64) {
    let mut start = 0;
    while start < moves.len() {
        let v = moves[start].value;
        let mut end = start + 1;
        while end < moves.len() && moves[end].value >= v - 1e-9 {
            end += 1;
        }
        let run = &mut moves[start..end];
        for i in (1..run.len()).rev() {
            let j = below(rng, i as u64 + 1) as usize;
            run.swap(i, j);
        }
        start = end;
    }
}
