//! The search of `normal` and `hard` (issue 14): determinized Monte Carlo
//! with playouts to the end of the game, a budget counted in units of work,
//! and an optional tree below the root (information-set MCTS).
//!
//! 1. The greedy evaluation ranks every move (`eval::greedy_moves`); the best
//!    `candidates` are kept.
//! 2. Sequential halving spends the budget on them in rounds: every surviving
//!    move gets the same determinizations (`redeal_unseen`, one per batch,
//!    with one playout seed for all: common random numbers), then the worse
//!    half is dropped. A round lasts until it has spent its share of the
//!    work, so decisions take about the same time early in the game (long
//!    playouts) and late (short ones).
//! 3. Below each root move, when `depth > 0`, a tree of the decisions that
//!    follow (keyed by what the player then sees was drawn:
//!    `Playable::chance_key`) is walked by UCB over the greedy ranking of the
//!    moves there, widened progressively; a node is expanded once the edge
//!    to it has been taken `expand_after` times.
//! 4. A playout continues with the ruleset's fast policy
//!    (`Playable::playout_choice`) for `horizon` tiles (to the end of the game
//!    by default) and the position reached is valued by `Playable::leaf_value`
//!    for every seat.
//!
//! Work is counted, never timed: one unit per decision played in a playout
//! or in the tree, `LEAF_WORK` per position valued, one per move the greedy
//! ranking of a new tree node values. Same position, seed and settings, same
//! move, however the search is sliced.

use super::eval::{apply, greedy_moves, moves_on, net_values_into, shuffle_ties, value_of, Move};
use super::{Playable, Progress};
use engine::core::rng::{below, rng_for_seed, Pcg64};
use engine::Seat;
use rand_core::Rng;

/// The budget and shape of a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeepConfig {
    /// Moves kept after the greedy ranking.
    pub candidates: usize,
    /// Work per kept move (the budget grows with the moves kept) …
    pub work_per_move: u32,
    /// … up to this much in all.
    pub work: u32,
    /// Tiles placed in a playout before it is valued (large: to the end).
    pub horizon: u32,
    /// Points a follower in supply is worth (greedy ranking and leaf value).
    pub follower_value: f64,
    /// How often the playout policy puts a follower down when it may.
    pub playout_follower: f64,
    /// 0: a leaf is worth its value (score difference); otherwise
    /// `shaping · tanh(value / shaping)`: a win matters more than its margin.
    pub shaping: f64,
    /// Added to a leaf's value for each seat that won the game there, taken
    /// off for each that lost, once a playout reaches the end: close games
    /// are decided by who wins, not by the margin (`leaf_worth`).
    pub win_bonus: f64,
    /// Decision levels of tree below each root move (0: flat).
    pub depth: u32,
    /// Visits of an edge before the node after it is expanded.
    pub expand_after: u32,
    /// Moves kept at an inner node (greedy order).
    pub children: usize,
    /// UCB exploration, in points.
    pub explore: f64,
    /// Progressive widening: moves tried at an inner node = 1 + visits^widen.
    pub widen: f64,
    /// With the fast policy: the ruleset's hinted one
    /// (`Playable::hinted_playout_choice`; The City puts a guard only on a
    /// line worth it) rather than the plain one the old search plays.
    pub playout_hints: bool,
    /// The playout policy: 0 plays the ruleset's fast random policy
    /// (`Playable::playout_choice`); n > 0 values up to n of the legal
    /// choices (all when there are no more, else a random sample) for the
    /// player to move and plays the best: both sides play sensibly in the
    /// playout, so a move that leaves a feature to be taken is seen to.
    pub policy_samples: u32,
    /// Value a root move as a game review values a line
    /// (`review::ReviewConfig::reply`, `eval::net_values_into`): the seat
    /// to move after it first plays its greedy reply (found once per tile
    /// in hand and kept), and a leaf is worth the net margin, every seat's
    /// followers in supply counted. The review's judge (issue 40): its best
    /// move is then best by the review's own valuation.
    pub review_leaf: bool,
}

/// What valuing a position costs, in decisions played.
pub const LEAF_WORK: u32 = 8;

impl DeepConfig {
    pub const HARD: DeepConfig = DeepConfig {
        candidates: 12,
        work_per_move: 100_000,
        work: 1_000_000,
        horizon: 1000,
        follower_value: 3.0,
        playout_follower: 0.25,
        shaping: 0.0,
        win_bonus: 0.0,
        depth: 0,
        expand_after: 4,
        children: 8,
        explore: 10.0,
        widen: 0.5,
        policy_samples: 0,
        playout_hints: true,
        review_leaf: false,
    };
    pub const NORMAL: DeepConfig = DeepConfig {
        candidates: 8,
        work_per_move: 25_000,
        work: 150_000,
        ..DeepConfig::HARD
    };
}

/// What a greedy reply after a line depends on besides the line: the tile
/// in hand of the seat to move (`Playable::chance_key`) and the tiles left
/// (a tile set aside before it changes them). The rest of the pile's order
/// is read only when a ranked move draws the next tile, through the tiles
/// left when a drawn one has no place (set aside), which no two moves of
/// one ranking tell apart in practice.
pub(crate) type ReplyKey = (u32, u32);

/// Per line (a root move, a review's line): the greedy reply found after
/// it, by `ReplyKey`.
pub(crate) type Replies<C> = Vec<Vec<(ReplyKey, Option<Move<C>>)>>;

/// How a search begins: with the answer at once (a single candidate), or
/// with work to do.
pub enum DeepStarted<G: Playable> {
    Decided(Move<G::Choice>),
    Searching(Box<Deep<G>>),
}

/// A search in progress, run a batch at a time (`run`).
pub struct Deep<G: Playable> {
    cfg: DeepConfig,
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
    /// Work spent in this round.
    round_work: u64,
    done: u64,
    total: u64,
    finished: bool,
    /// The tree below the root moves, in an arena.
    nodes: Vec<Node<G::Choice>>,
    /// Per root move: (chance key, node) of the decisions after it.
    root_next: Vec<Vec<(u32, u32)>>,
    root_visits: Vec<u32>,
    /// Per root move, with `review_leaf`: the greedy reply after it by the
    /// tile in hand and the tiles left (what a redeal changes there).
    replies: Replies<G::Choice>,
    /// Scratch.
    values: Vec<f64>,
    path: Vec<(u32, usize)>,
    choices: Vec<G::Choice>,
    scratch: Vec<G::Choice>,
}

/// A decision inside the tree: the player to move, their moves in greedy
/// order and what they were worth to that player.
struct Node<C> {
    player: Seat,
    moves: Vec<Move<C>>,
    visits: u32,
    n: Vec<u32>,
    sum: Vec<f64>,
    /// Per move: (chance key, node) of the decisions reached after it.
    next: Vec<Vec<(u32, u32)>>,
}

impl<G: Playable> Deep<G> {
    /// Ranks the moves and keeps the best `candidates`. `None` when the game
    /// is over. `rng` is advanced; the search then draws from its own copy.
    pub fn start(game: &G, cfg: &DeepConfig, rng: &mut Pcg64) -> Option<DeepStarted<G>> {
        let me = game.to_move();
        let mut moves = greedy_moves(game, rng, cfg.follower_value);
        if moves.is_empty() {
            return None;
        }
        shuffle_ties(&mut moves, rng);
        keep_distinct(game, &mut moves, cfg.candidates.max(1));
        if moves.len() == 1 || cfg.work_per_move == 0 {
            return Some(DeepStarted::Decided(moves[0]));
        }
        let n = moves.len();
        let total = (cfg.work_per_move as u64 * n as u64).min(cfg.work as u64);
        let mut base = game.clone();
        base.set_logging(false);
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
            round_work: 0,
            done: 0,
            total,
            moves,
            finished: false,
            nodes: Vec::new(),
            root_next: vec![Vec::new(); n],
            root_visits: vec![0; n],
            replies: vec![Vec::new(); n],
            values: Vec::new(),
            path: Vec::new(),
            choices: Vec::new(),
            scratch: Vec::new(),
        })))
    }

    /// Work done of the total, scaled to fit (`done == total` once finished).
    pub fn progress(&self) -> Progress {
        let scale = |w: u64| (w / 16).min(u32::MAX as u64) as u32;
        let total = scale(self.total).max(1);
        let done = if self.finished {
            total
        } else {
            scale(self.done).min(total - 1)
        };
        Progress { done, total }
    }

    /// Runs at most `batches` batches (one determinization tried on every
    /// surviving move); the best move once the search is over.
    pub fn run(&mut self, batches: u32) -> Option<Move<G::Choice>> {
        let mut left = batches;
        loop {
            if self.round >= self.rounds || self.alive.len() == 1 {
                self.finished = true;
                return Some(self.moves[self.alive[0]]);
            }
            if left == 0 {
                return None;
            }
            self.run_batch();
            left -= 1;
            if self.round_work * self.rounds as u64 >= self.total {
                let (sum, count) = (&self.sum, &self.count);
                let mean = |i: usize| sum[i] / count[i].max(1) as f64;
                // Stable: equal means keep the greedy order.
                self.alive.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
                self.alive.truncate(self.alive.len().div_ceil(2));
                self.round += 1;
                self.round_work = 0;
            }
        }
    }

    fn run_batch(&mut self) {
        let deal_seed = self.rng.next_u64();
        let play_seed = self.rng.next_u64();
        let det = self.base.redeal_unseen(&mut rng_for_seed(deal_seed));
        let mut work = 0u64;
        for k in 0..self.alive.len() {
            let i = self.alive[k];
            let mut g = det.clone();
            apply(&mut g, &self.moves[i]);
            self.path.clear();
            if self.cfg.review_leaf && !g.is_over() {
                work += self.reply(i, &mut g) as u64;
            }
            if self.cfg.depth > 0 {
                self.root_visits[i] += 1;
                work += self.descend(i, &mut g) as u64;
            }
            work += playout_with(
                &mut g,
                &self.cfg,
                &mut self.choices,
                &mut self.scratch,
                &mut rng_for_seed(play_seed),
            ) as u64;
            work += LEAF_WORK as u64;
            let over = g.is_over();
            if self.cfg.review_leaf {
                net_values_into(g, self.cfg.follower_value, &mut self.values);
            } else {
                g.leaf_values(self.cfg.follower_value, &mut self.values);
            }
            let shape = |v: f64| leaf_worth(v, over, &self.cfg);
            self.sum[i] += shape(self.values[self.me as usize]);
            self.count[i] += 1;
            for &(node, j) in &self.path {
                let nd = &mut self.nodes[node as usize];
                nd.visits += 1;
                nd.n[j] += 1;
                nd.sum[j] += shape(self.values[nd.player as usize]);
            }
        }
        self.round_work += work;
        self.done += work;
    }

    /// Plays the greedy reply of the seat to move on `g` (after root move
    /// `i`), ranked once per tile in hand; returns the work done (one unit
    /// per move a new ranking valued, one per choice played).
    fn reply(&mut self, i: usize, g: &mut G) -> u32 {
        let key = (g.chance_key(), g.tiles_left());
        let mut work = 0;
        let m = match self.replies[i].iter().find(|e| e.0 == key) {
            Some(e) => e.1,
            None => {
                let moves = moves_on(g, self.cfg.follower_value, true);
                work += moves.len() as u32;
                let m = moves.first().copied();
                self.replies[i].push((key, m));
                m
            }
        };
        if let Some(m) = m {
            apply(g, &m);
            work += 1 + m.then.is_some() as u32;
        }
        work
    }

    /// Walks the tree below root move `i` on `g` (choosing by UCB, expanding
    /// a node once the edge to it has been taken often enough), noting the
    /// path; returns the work done.
    fn descend(&mut self, i: usize, g: &mut G) -> u32 {
        let cfg = self.cfg;
        let mut work = 0;
        let mut parent: Option<(u32, usize)> = None;
        for _ in 0..cfg.depth {
            if g.is_over() {
                break;
            }
            let key = g.chance_key();
            let (edge_visits, next) = match parent {
                None => (self.root_visits[i], &self.root_next[i]),
                Some((node, j)) => {
                    let nd = &self.nodes[node as usize];
                    (nd.n[j] + 1, &nd.next[j])
                }
            };
            let node = match next.iter().find(|e| e.0 == key) {
                Some(&(_, node)) => node,
                None if edge_visits < cfg.expand_after => break,
                None => {
                    let mut moves = moves_on(g, cfg.follower_value, true);
                    work += moves.len() as u32;
                    moves.truncate(cfg.children.max(1));
                    let n = moves.len();
                    let id = self.nodes.len() as u32;
                    self.nodes.push(Node {
                        player: g.to_move(),
                        moves,
                        visits: 0,
                        n: vec![0; n],
                        sum: vec![0.0; n],
                        next: vec![Vec::new(); n],
                    });
                    match parent {
                        None => self.root_next[i].push((key, id)),
                        Some((p, j)) => self.nodes[p as usize].next[j].push((key, id)),
                    }
                    id
                }
            };
            let j = self.nodes[node as usize].select(&cfg);
            let m = self.nodes[node as usize].moves[j];
            apply(g, &m);
            work += 1 + m.then.is_some() as u32;
            self.path.push((node, j));
            parent = Some((node, j));
        }
        work
    }
}

/// Keeps the first `n` moves, skipping a move that is the same as one kept
/// (`Playable::same_move`): a candidate twice would take two shares of the
/// budget to learn nothing more.
pub(crate) fn keep_distinct<G: Playable>(game: &G, moves: &mut Vec<Move<G::Choice>>, n: usize) {
    let mut kept: Vec<Move<G::Choice>> = Vec::with_capacity(n);
    for m in moves.iter() {
        if kept.len() == n {
            break;
        }
        if !kept.iter().any(|k| game.same_move(k, m)) {
            kept.push(*m);
        }
    }
    *moves = kept;
}

impl<C> Node<C> {
    /// UCB1 among the first moves of the greedy order that progressive
    /// widening allows; an untried one first.
    fn select(&self, cfg: &DeepConfig) -> usize {
        let allowed = ((1.0 + (self.visits as f64).powf(cfg.widen)) as usize)
            .min(self.moves.len())
            .max(1);
        if let Some(j) = (0..allowed).find(|&j| self.n[j] == 0) {
            return j;
        }
        let ln = (self.visits.max(1) as f64).ln();
        let mut best = 0;
        let mut best_u = f64::NEG_INFINITY;
        for j in 0..allowed {
            let n = self.n[j] as f64;
            let u = self.sum[j] / n + cfg.explore * (ln / n).sqrt();
            if u > best_u {
                best_u = u;
                best = j;
            }
        }
        best
    }
}

/// What a playout's leaf is worth to a seat whose value there is `v`
/// (`Playable::leaf_values`): shaped by `cfg.shaping`, and with
/// `cfg.win_bonus` added when the game is `over` and the seat won (its
/// margin over the best other seat is above 0), taken off when it lost.
pub(crate) fn leaf_worth(v: f64, over: bool, cfg: &DeepConfig) -> f64 {
    let shaped = if cfg.shaping > 0.0 {
        cfg.shaping * (v / cfg.shaping).tanh()
    } else {
        v
    };
    if !over || cfg.win_bonus == 0.0 || v == 0.0 {
        shaped
    } else {
        shaped + cfg.win_bonus.copysign(v)
    }
}

/// Plays `horizon` more tiles with the fast random policy, stopping at a
/// tile decision (no half-scored turn) or at the end of the game; returns
/// the decisions played.
pub(crate) fn playout<G: Playable>(
    g: &mut G,
    horizon: u32,
    playout_follower: f64,
    choices: &mut Vec<G::Choice>,
    rng: &mut Pcg64,
) -> u32 {
    play_out(g, horizon, choices, |g, choices| {
        (g.playout_choice(choices, playout_follower, rng), 1)
    })
}

/// `playout` with the hinted fast policy (`DeepConfig::playout_hints`).
fn hinted_playout<G: Playable>(
    g: &mut G,
    horizon: u32,
    playout_follower: f64,
    choices: &mut Vec<G::Choice>,
    rng: &mut Pcg64,
) -> u32 {
    play_out(g, horizon, choices, |g, choices| {
        (g.hinted_playout_choice(choices, playout_follower, rng), 1)
    })
}

/// A playout with `cfg`'s policy (informed, hinted or plain); returns the
/// work done.
pub(crate) fn playout_with<G: Playable>(
    g: &mut G,
    cfg: &DeepConfig,
    choices: &mut Vec<G::Choice>,
    scratch: &mut Vec<G::Choice>,
    rng: &mut Pcg64,
) -> u32 {
    if cfg.policy_samples > 0 {
        informed_playout(g, cfg, choices, scratch, rng)
    } else if cfg.playout_hints {
        hinted_playout(g, cfg.horizon, cfg.playout_follower, choices, rng)
    } else {
        playout(g, cfg.horizon, cfg.playout_follower, choices, rng)
    }
}

/// `playout` with the informed policy (`DeepConfig::policy_samples`);
/// returns the work done: a unit per decision, `LEAF_WORK` per position
/// valued.
pub(crate) fn informed_playout<G: Playable>(
    g: &mut G,
    cfg: &DeepConfig,
    choices: &mut Vec<G::Choice>,
    scratch: &mut Vec<G::Choice>,
    rng: &mut Pcg64,
) -> u32 {
    play_out(g, cfg.horizon, choices, |g, choices| {
        let (c, valued) = informed_choice(g, choices, cfg, scratch, rng);
        (c, 1 + valued * LEAF_WORK)
    })
}

/// The loop of every playout: `pick` chooses each decision (and says what
/// it cost) until `horizon` more tiles are placed or the game ends; returns
/// the summed cost.
fn play_out<G: Playable>(
    g: &mut G,
    horizon: u32,
    choices: &mut Vec<G::Choice>,
    mut pick: impl FnMut(&G, &[G::Choice]) -> (G::Choice, u32),
) -> u32 {
    let stop = g.turns().saturating_add(horizon as usize);
    let mut work = 0;
    while !g.is_over() {
        if g.turns() >= stop && g.at_placement() {
            break;
        }
        g.legal_choices_into(choices);
        if choices.is_empty() {
            break;
        }
        let (c, cost) = pick(g, choices);
        g.play_unchecked(c);
        work += cost;
    }
    work
}

/// The informed policy's choice among `choices` (the legal ones) and how
/// many positions it valued: the best for the player to move of at most
/// `policy_samples` of them, each completed as a move with the follow-up's
/// first choice (no follower: the engines score a tile's completions after
/// the follower step).
pub(crate) fn informed_choice<G: Playable>(
    g: &G,
    choices: &[G::Choice],
    cfg: &DeepConfig,
    scratch: &mut Vec<G::Choice>,
    rng: &mut Pcg64,
) -> (G::Choice, u32) {
    let n = choices.len();
    if n == 1 {
        return (choices[0], 0);
    }
    let me = g.to_move();
    let before = g.decision();
    let samples = cfg.policy_samples as usize;
    let mut best = choices[0];
    let mut best_value = f64::NEG_INFINITY;
    let mut valued = 0;
    for k in 0..n.min(samples) {
        let c = if n <= samples {
            choices[k]
        } else {
            choices[below(rng, n as u64) as usize]
        };
        let mut h = g.clone();
        h.play_unchecked(c);
        if h.to_move() == me {
            if let (Some(a), Some(b)) = (before, h.decision()) {
                if G::continues_move(a, b) {
                    h.legal_choices_into(scratch);
                    if let Some(&first) = scratch.first() {
                        h.play_unchecked(first);
                    }
                }
            }
        }
        let v = value_of(h, me, cfg.follower_value);
        valued += 1;
        if v > best_value {
            best_value = v;
            best = c;
        }
    }
    (best, valued)
}

/// Runs `n` playouts from `game` as a search with `cfg` runs them (each on
/// a fresh determinization, `cfg.horizon` tiles with `cfg`'s policy, then
/// the leaf valued); returns the work done. The benchmark of
/// `examples/ai_time.rs` (playouts per second).
pub fn playouts<G: Playable>(game: &G, cfg: &DeepConfig, n: u32, seed: u64) -> u64 {
    let mut rng = rng_for_seed(seed);
    let mut base = game.clone();
    base.set_logging(false);
    let (mut choices, mut scratch, mut values) = (Vec::new(), Vec::new(), Vec::new());
    let mut work = 0;
    for _ in 0..n {
        let mut g = base.redeal_unseen(&mut rng);
        work += playout_with(&mut g, cfg, &mut choices, &mut scratch, &mut rng) as u64;
        g.leaf_values(cfg.follower_value, &mut values);
        work += LEAF_WORK as u64;
    }
    work
}
