//! The City's hints for the computer (RULES.md): a tile placement and its
//! follower, or a wall piece and its guard, are one move; towers in a
//! playout go where they score most.

use super::review::ReviewConfig;
use super::{DeepConfig, Playable};
use engine::city::{Choice, Decision, Game};
use engine::core::rng::{below, unit, Pcg64};
use engine::{Seat, TileGame};

/// The points (2 per public building, 3 per historic one, R12.3) a line
/// must already hold for a playout to put a guard on it.
pub(crate) const GUARD_LINE_MIN: u32 = 6;

impl Playable for Game {
    /// Playouts of 20 tiles with the fast random policy, six candidates.
    const HARD: DeepConfig = DeepConfig {
        candidates: 6,
        horizon: 20,
        ..DeepConfig::HARD
    };
    const NORMAL: DeepConfig = DeepConfig {
        work_per_move: 30_000,
        work: 180_000,
        ..<Game as Playable>::HARD
    };

    /// The review values moves with normal's playouts (random, 20 tiles)
    /// on 128 determinizations: a standard error of about 1 point on a
    /// loss, for a twelfth of the time normal's searches take.
    const REVIEW: ReviewConfig = ReviewConfig {
        samples: 128,
        luck_samples: 32,
        playouts: <Game as Playable>::NORMAL,
        reply: true,
    };
    /// The review's judge: hard's playouts (the review's too), wider (8
    /// candidates against 6), each valued as the review values a line
    /// (`review_leaf`: the greedy reply, the net margin), on half hard's
    /// work: at least as good as hard by the review's valuation at 472 of
    /// 500 decisions (the judge with hard's work and leaf: 473), the whole
    /// review in 0.69 of its CPU (issue 40's 60 s for a review in the
    /// app); its follow-up is its own (docs/ai.md, "The judge").
    const JUDGE: DeepConfig = DeepConfig {
        candidates: 8,
        work_per_move: 75_000,
        work: 300_000,
        review_leaf: true,
        ..<Game as Playable>::HARD
    };

    fn continues_move(first: Decision, next: Decision) -> bool {
        matches!(
            (first, next),
            (Decision::PlaceTile { .. }, Decision::Follower) | (Decision::Wall, Decision::Guard)
        )
    }

    /// `playout_choice`, but a guard goes only on a line whose buildings
    /// already score `GUARD_LINE_MIN` (R12.3): a guard never comes back, and
    /// random guards (half of the wall pieces) spent the playouts'
    /// followers, so the search undervalued keeping them.
    fn hinted_playout_choice(
        &self,
        choices: &[Choice],
        follower_rate: f64,
        rng: &mut Pcg64,
    ) -> Choice {
        match (self.decision(), choices) {
            (Some(Decision::Guard), &[none, guard]) => {
                if self.last_guard_line_points() >= GUARD_LINE_MIN {
                    guard
                } else {
                    none
                }
            }
            _ => self.playout_choice(choices, follower_rate, rng),
        }
    }

    fn supply(&self, seat: Seat) -> u32 {
        self.players()[seat as usize].supply as u32
    }

    fn tiles_left(&self) -> u32 {
        Game::tiles_left(self).iter().sum()
    }

    fn tiles_total(&self) -> u32 {
        self.setup().stacks.iter().sum()
    }

    fn chance_key(&self) -> u32 {
        self.drawn().map_or(0, |(t, _)| t as u32 + 1)
    }

    fn playout_choice(&self, choices: &[Choice], follower_rate: f64, rng: &mut Pcg64) -> Choice {
        match self.decision() {
            Some(Decision::Follower) => {
                if choices.len() == 1 || unit(rng) >= follower_rate {
                    choices[0]
                } else {
                    choices[1 + below(rng, choices.len() as u64 - 1) as usize]
                }
            }
            Some(Decision::Tower) => {
                let walls = self.walls();
                let mut best = choices[0];
                let mut best_pts = 0;
                for &c in choices {
                    if let Choice::Tower(Some(e)) = c {
                        let p = walls.tower_points(e);
                        if p > best_pts {
                            best_pts = p;
                            best = c;
                        }
                    }
                }
                best
            }
            _ => choices[below(rng, choices.len() as u64) as usize],
        }
    }
}
