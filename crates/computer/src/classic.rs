//! Classic Carcassonne's hints for the computer (CLASSIC.md): a tile
//! placement and the same player's steps after it (Old City's guesthouse
//! and wyvern, then the follower) are one move; in a playout a follower goes
//! down now and then, on any legal region (a farmer included).

use super::review::ReviewConfig;
use super::{DeepConfig, Move, Playable};
use engine::classic::{Choice, Decision, Game, Spot, Wood};
use engine::core::rng::{below, unit, Pcg64};
use engine::core::shape::RegionIdx;
use engine::{Seat, TileGame};

impl Playable for Game {
    /// Playouts of 15 tiles in which both sides play sensibly (the best of 16
    /// sampled choices): random followers (farmers above all) make random
    /// playouts misjudge classic's features. 8 candidates, 1 M units of work
    /// (about 0.6 s a decision natively). With this budget 16 samples beat 8
    /// and 8 beat 4 (docs/ai.md, issue 14); normal's is too small for the dearer
    /// playouts.
    const HARD: DeepConfig = DeepConfig {
        candidates: 8,
        work_per_move: 150_000,
        work: 1_000_000,
        horizon: 15,
        policy_samples: 16,
        ..DeepConfig::HARD
    };
    /// Informed playouts of 10 tiles, 6 candidates, 25 k units of work.
    const NORMAL: DeepConfig = DeepConfig {
        candidates: 6,
        work_per_move: 5_000,
        work: 25_000,
        horizon: 10,
        policy_samples: 4,
        ..DeepConfig::HARD
    };

    /// The review values moves with normal's playouts (informed, 10 tiles)
    /// on 128 determinizations: a standard error of about 0.4 points on a
    /// loss.
    const REVIEW: ReviewConfig = ReviewConfig {
        samples: 128,
        luck_samples: 32,
        playouts: <Game as Playable>::NORMAL,
        reply: true,
    };
    /// The review's judge: hard's work, wider (10 candidates against 8),
    /// each valued as the review values a line (`review_leaf`: the greedy
    /// reply, the review's playouts, normal's, and the net margin). With
    /// hard's playouts it was 92% at least as good as hard by the review's
    /// valuation; with the review's own, 99 of 100 on the same decisions
    /// (docs/ai.md, "The judge").
    const JUDGE: DeepConfig = DeepConfig {
        candidates: 10,
        work_per_move: 100_000,
        work: 1_000_000,
        review_leaf: true,
        horizon: <Game as Playable>::NORMAL.horizon,
        policy_samples: <Game as Playable>::NORMAL.policy_samples,
        ..<Game as Playable>::HARD
    };

    fn continues_move(first: Decision, next: Decision) -> bool {
        // The greedy ranking looks one step past the placement: the step
        // right after it, whichever it is.
        matches!(first, Decision::Place { .. }) && !matches!(next, Decision::Place { .. })
    }

    fn supply(&self, seat: Seat) -> u32 {
        self.players()[seat as usize].supply as u32
    }

    fn tiles_left(&self) -> u32 {
        Game::tiles_left(self) as u32
    }

    fn tiles_total(&self) -> u32 {
        self.setup().deck.len() as u32
    }

    fn chance_key(&self) -> u32 {
        self.in_hand().map_or(0, |t| t as u32 + 1)
    }

    fn same_move(&self, a: &Move<Choice>, b: &Move<Choice>) -> bool {
        // Wood is laid relative to the tile's turn: only plain tiles.
        let (Choice::Place(p), Choice::Place(q), Some(t)) = (a.first, b.first, self.in_hand())
        else {
            return false;
        };
        if p.cell != q.cell || p.wood != Wood::default() || q.wood != Wood::default() {
            return false;
        }
        let Some(map) = self.catalogue().get(t).alike_regions(p.rot, q.rot) else {
            return false;
        };
        // The follow-up on `a`'s tile, moved to where it lies on `b`'s.
        let moved = |spot: Option<Spot>| match spot {
            Some(Spot::Region(r)) => Some(Spot::Region(
                map.get(r as usize).copied().unwrap_or(RegionIdx::MAX),
            )),
            other => other,
        };
        let then = match a.then {
            Some(Choice::Follower(spot)) => Some(Choice::Follower(moved(spot))),
            Some(Choice::Guesthouse(spot)) => Some(Choice::Guesthouse(moved(spot))),
            other => other,
        };
        then == b.then
    }

    fn playout_choice(&self, choices: &[Choice], follower_rate: f64, rng: &mut Pcg64) -> Choice {
        match self.decision() {
            // The engine lists "none" first (B5.1).
            Some(Decision::Follower) if choices.len() > 1 => {
                if unit(rng) >= follower_rate {
                    choices[0]
                } else {
                    choices[1 + below(rng, choices.len() as u64 - 1) as usize]
                }
            }
            _ => choices[below(rng, choices.len() as u64) as usize],
        }
    }
}
