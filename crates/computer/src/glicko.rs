//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
//! 2013): the puzzles' ratings and the player's, each answer a game between
//! the two (issue 40). Deterministic and small: no table, a handful of
//! floating-point steps, the same natively and in wasm.

use serde::{Deserialize, Serialize};

/// The Glicko scale's factor: 400 / ln 10.
const SCALE: f64 = 173.7178;
/// The system constant τ: how much the volatility may change (the paper
/// suggests 0.3 to 1.2; lichess's puzzles use 0.75, the paper's example 0.5).
pub const TAU: f64 = 0.75;
/// The convergence tolerance of the volatility's iteration (the paper's).
const EPSILON: f64 = 0.000_001;

/// A rating on the Glicko scale: r, its deviation RD, the volatility σ.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Rating {
    /// A new player: 1500, RD 350, σ 0.06 (the paper's defaults).
    pub const NEW_PLAYER: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };
    /// The least and the most deviation kept: a rating never becomes so
    /// sure that it stops moving, nor less sure than a new player's.
    pub const MIN_DEVIATION: f64 = 45.0;
    pub const MAX_DEVIATION: f64 = 350.0;

    /// A puzzle's starting rating from its mined estimate: surer than a
    /// new player's (RD 150), as lichess starts its puzzles.
    pub fn puzzle(rating: f64) -> Rating {
        Rating {
            rating,
            deviation: 150.0,
            volatility: 0.06,
        }
    }

    /// The rating after one period of `games`: each the opponent's rating
    /// and this side's score (1 a win, 0 a loss, 0.5 a draw), with system
    /// constant `tau`. No game: only the deviation grows (step 6).
    pub fn after(self, games: &[(Rating, f64)], tau: f64) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: phi_star * SCALE,
                ..self
            };
        }
        // Steps 3 and 4: the estimated variance v and the improvement Δ.
        let g =
            |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
        let mut v_inv = 0.0;
        let mut delta_sum = 0.0;
        for &(o, s) in games {
            let mu_j = (o.rating - 1500.0) / SCALE;
            let phi_j = o.deviation / SCALE;
            let gj = g(phi_j);
            let e = 1.0 / (1.0 + (-gj * (mu - mu_j)).exp());
            v_inv += gj * gj * e * (1.0 - e);
            delta_sum += gj * (s - e);
        }
        let v = 1.0 / v_inv;
        let delta = v * delta_sum;
        // Step 5: the new volatility, by the Illinois algorithm.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 && k < 1000.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let mut fa = f(big_a);
        let mut fb = f(big_b);
        let mut rounds = 0;
        while (big_b - big_a).abs() > EPSILON && rounds < 200 {
            let c = big_a + (big_a - big_b) * fa / (fb - fa);
            let fc = f(c);
            if fc * fb <= 0.0 {
                big_a = big_b;
                fa = fb;
            } else {
                fa /= 2.0;
            }
            big_b = c;
            fb = fc;
            rounds += 1;
        }
        let sigma_new = (big_a / 2.0).exp();
        // Steps 6 to 8.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * delta_sum;
        Rating {
            rating: mu_new * SCALE + 1500.0,
            deviation: phi_new * SCALE,
            volatility: sigma_new,
        }
    }

    /// The deviation kept within `MIN_DEVIATION..=MAX_DEVIATION`, and every
    /// field a finite number (a rating read back from storage may not be).
    pub fn bounded(self) -> Rating {
        let ok = |x: f64, lo: f64, hi: f64, d: f64| {
            if x.is_finite() {
                x.max(lo).min(hi)
            } else {
                d
            }
        };
        Rating {
            rating: ok(self.rating, 100.0, 3500.0, 1500.0),
            deviation: ok(
                self.deviation,
                Rating::MIN_DEVIATION,
                Rating::MAX_DEVIATION,
                Rating::MAX_DEVIATION,
            ),
            volatility: ok(self.volatility, 0.01, 0.2, 0.06),
        }
    }
}

/// One answer to a puzzle: the player and the puzzle each rated as the
/// other's opponent (`solved`: the player won), bounded.
pub fn answer(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let s = if solved { 1.0 } else { 0.0 };
    (
        player.after(&[(puzzle, s)], TAU).bounded(),
        puzzle.after(&[(player, 1.0 - s)], TAU).bounded(),
    )
}
