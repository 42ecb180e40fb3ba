//! The static evaluation and the greedy player, for any ruleset.
//!
//! A *move* is what one player decides in a row: a tile placement with the
//! decisions of the same player that follow it in one go (`Playable::
//! continues_move`: The City's follower after a tile, guard after a wall
//! piece), or a single choice. Evaluating whole moves matters because the
//! engines score a tile's completions only after the follower step, so the
//! position between the two halves under-counts.

use super::Playable;
use engine::core::rng::{below, Pcg64};
use engine::core::rules::MAX_SEATS;
use engine::Seat;

/// A move: the choice at the current decision and, when the same player
/// decides next as part of one move, that choice too.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Move<C> {
    pub first: C,
    pub then: Option<C>,
    /// The greedy value of the position after it, for the player to move.
    pub value: f64,
}

/// Points a follower in supply is worth while many tiles are left: a follower
/// put on a feature must earn more than this.
pub const FOLLOWER_VALUE: f64 = 1.5;

/// The value of `game` for seat `me`: projected score (its final scoring
/// applied; `game` is a copy made to be valued) minus the best opponent's,
/// plus `follower_value` per follower in supply, worth less as the tiles
/// run out.
pub fn value_of<G: Playable>(game: G, me: Seat, follower_value: f64) -> f64 {
    let kept = kept_followers(&game, me, follower_value);
    margin(&game.into_projected_scores(), me) + kept
}

/// `me`'s score minus the best opponent's.
fn margin(scores: &[u32], me: Seat) -> f64 {
    let mine = scores[me as usize] as f64;
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != me as usize)
        .map(|(_, &s)| s)
        .max()
        .unwrap_or(0) as f64;
    mine - best_other
}

/// What `me`'s followers in supply are worth (nothing once the game is over).
fn kept_followers<G: Playable>(game: &G, me: Seat, follower_value: f64) -> f64 {
    if game.is_over() {
        0.0
    } else {
        follower_value * supply_weight(game) * game.supply(me) as f64
    }
}

/// `value_of` for every seat at once (one projection of the final scoring, on
/// `game` itself): what a playout's leaf is worth to each player.
pub fn values_into<G: Playable>(game: G, follower_value: f64, out: &mut Vec<f64>) {
    let weight = if game.is_over() {
        0.0
    } else {
        follower_value * supply_weight(&game)
    };
    // Read before the final scoring, which returns the followers.
    let mut supply = [0u32; MAX_SEATS];
    for (s, n) in supply.iter_mut().enumerate().take(game.player_count()) {
        *n = game.supply(s as Seat);
    }
    let scores = game.into_projected_scores();
    out.clear();
    for (me, &kept) in supply.iter().enumerate().take(scores.len()) {
        out.push(margin(&scores, me as Seat) + weight * kept as f64);
    }
}

/// Each seat's projected score plus what its followers in supply are worth
/// (as `values_into` weighs them); `me`'s minus the best other seat's. The
/// margin a game review reads: `value_of` counts `me`'s followers only,
/// which ranks `me`'s moves alike but is no margin.
pub fn net_value<G: Playable>(game: G, me: Seat, follower_value: f64) -> f64 {
    let weight = if game.is_over() {
        0.0
    } else {
        follower_value * supply_weight(&game)
    };
    let mut supply = [0u32; MAX_SEATS];
    for (s, n) in supply.iter_mut().enumerate().take(game.player_count()) {
        *n = game.supply(s as Seat);
    }
    let scores = game.into_projected_scores();
    let worth = |s: usize| scores[s] as f64 + weight * supply[s] as f64;
    let best_other = (0..scores.len())
        .filter(|&s| s != me as usize)
        .map(worth)
        .fold(f64::NEG_INFINITY, f64::max);
    let mine = scores.get(me as usize).map_or(0.0, |_| worth(me as usize));
    if best_other.is_finite() {
        mine - best_other
    } else {
        mine
    }
}

/// `net_value` for every seat at once, in seat order, into `out` (one
/// projection of the final scoring, on `game` itself): the review's
/// values, the same footing for every seat (issue 40).
pub fn net_values_into<G: Playable>(game: G, follower_value: f64, out: &mut Vec<f64>) {
    let weight = if game.is_over() {
        0.0
    } else {
        follower_value * supply_weight(&game)
    };
    let mut supply = [0u32; MAX_SEATS];
    for (s, n) in supply.iter_mut().enumerate().take(game.player_count()) {
        *n = game.supply(s as Seat);
    }
    let scores = game.into_projected_scores();
    let worth = |s: usize| scores[s] as f64 + weight * supply[s] as f64;
    out.clear();
    for me in 0..scores.len() {
        let best_other = (0..scores.len())
            .filter(|&s| s != me)
            .map(worth)
            .fold(f64::NEG_INFINITY, f64::max);
        out.push(if best_other.is_finite() {
            worth(me) - best_other
        } else {
            worth(me)
        });
    }
}

/// 1 early in the game, falling towards 0 as the tiles run out.
fn supply_weight<G: Playable>(game: &G) -> f64 {
    let total = game.tiles_total();
    let left = game.tiles_left();
    if total == 0 {
        return 0.0;
    }
    (2.0 * left as f64 / total as f64).min(1.0)
}

/// Every move at the current decision with its greedy value (`value_of` with
/// `follower_value`), best first (ties keep the order of the legal choices).
///
/// A move that ends the turn draws the next tile, so the moves are played on
/// a copy whose unseen tiles `rng` shuffles (`redeal_unseen`): even the
/// greedy player never reads the real draw order.
pub fn greedy_moves<G: Playable>(
    game: &G,
    rng: &mut Pcg64,
    follower_value: f64,
) -> Vec<Move<G::Choice>> {
    let mut det = game.redeal_unseen(rng);
    det.set_logging(false);
    moves_on(&det, follower_value, true)
}

/// Every move at the current decision of `det` (already determinized) with
/// its greedy value for the player to move; best first when `sort`.
pub(crate) fn moves_on<G: Playable>(
    det: &G,
    follower_value: f64,
    sort: bool,
) -> Vec<Move<G::Choice>> {
    let me = det.to_move();
    let mut moves = Vec::new();
    let mut firsts = Vec::new();
    det.legal_choices_into(&mut firsts);
    let mut thens = Vec::new();
    let before = det.decision();
    for &first in &firsts {
        let mut g = det.clone();
        g.play_unchecked(first);
        let follow_up = match (before, g.decision()) {
            (Some(a), Some(b)) => G::continues_move(a, b),
            _ => false,
        } && g.to_move() == me;
        if follow_up {
            g.legal_choices_into(&mut thens);
            for &then in &thens {
                let mut h = g.clone();
                h.play_unchecked(then);
                moves.push(Move {
                    first,
                    then: Some(then),
                    value: value_of(h, me, follower_value),
                });
            }
        } else {
            moves.push(Move {
                first,
                then: None,
                value: value_of(g, me, follower_value),
            });
        }
    }
    if sort {
        // A stable sort: equal values keep the legal order.
        moves.sort_by(|a, b| b.value.total_cmp(&a.value));
    }
    moves
}

/// The greedy choice: the best move's first choice, ties broken by `rng`.
pub fn greedy_choice<G: Playable>(game: &G, rng: &mut Pcg64) -> G::Choice {
    greedy_move(game, rng).first
}

/// The greedy player's whole move (with its follow-up), ties broken by `rng`.
pub fn greedy_move<G: Playable>(game: &G, rng: &mut Pcg64) -> Move<G::Choice> {
    let moves = greedy_moves(game, rng, FOLLOWER_VALUE);
    let best = moves[0].value;
    let tied = moves.iter().take_while(|m| m.value >= best - 1e-9).count();
    moves[below(rng, tied as u64) as usize]
}

/// Shuffles each run of moves of equal value (the moves sorted best first),
/// so that the seed breaks ties.
pub(crate) fn shuffle_ties<C>(moves: &mut [Move<C>], rng: &mut Pcg64) {
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

/// Plays a move: its choice and its follow-up.
pub(crate) fn apply<G: Playable>(g: &mut G, m: &Move<G::Choice>) {
    g.play_unchecked(m.first);
    if let Some(t) = m.then {
        g.play_unchecked(t);
    }
}
