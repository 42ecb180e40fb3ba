//! The computer opponent: pure Rust, deterministic for a given seed and
//! wasm-friendly (no threads, no clock: every budget is a number of
//! playouts). Written once for any ruleset (`Playable`: the decision loop's
//! `TileGame` plus a few hints per ruleset, in one adapter file each:
//! `city.rs`, `classic.rs`), monomorphic in the search's hot loop.
//!
//! The levels:
//! - `random`: a uniformly random legal choice;
//! - `greedy`: the best immediate gain (`eval`): each *move* (a tile
//!   placement with its follower, a wall piece with its guard, a gate, a
//!   follower, a guard, a tower) is applied to a copy and the position after
//!   it is valued with `projected_scores` (own score minus the best
//!   opponent's) plus a little per follower kept in supply;
//! - `easy` and `hard-v1` (the hard of before issue 14, kept as a
//!   measurement baseline, not offered in the app): determinized Monte Carlo
//!   search (`search`): the greedy value keeps the few most promising moves,
//!   then sequential halving spends a budget of playouts on them
//!   (`SearchConfig`): each playout plays the move on a copy of the game
//!   whose unseen tiles are freshly shuffled (`redeal_unseen`), continues for
//!   a number of tiles with a fast random policy and values the position
//!   reached;
//! - `normal` and `hard`: the same idea with a budget counted in units of
//!   work and each ruleset's own settings (`deep`, `Playable::NORMAL`,
//!   `Playable::HARD`): The City's playouts are random, classic's are
//!   informed (both sides play the best of a few sampled choices).
//!
//! No level reads the real draw order: even the greedy player plays its
//! candidate moves on a redealt copy (a move that ends the turn draws a tile).

mod city;
mod classic;
mod deep;
mod eval;
pub mod glicko;
pub mod puzzles;
pub mod review;
mod search;
pub mod selfplay;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_classic;
#[cfg(test)]
mod tests_puzzles;
#[cfg(test)]
mod tests_review;

use engine::any::{AnyChoice, AnyGame};
use engine::core::rng::{below, rng_for_seed, Pcg64};
use engine::{Seat, TileGame};
use serde::{Deserialize, Serialize};

/// What the computer needs of a ruleset beyond the decision loop.
pub trait Playable: TileGame {
    /// Whether the player who took a `first` decision, when the game then
    /// waits for `next` from the same player, is still making one move (a
    /// follower after the tile placed): the greedy ranking values the two
    /// together.
    fn continues_move(first: Self::Decision, next: Self::Decision) -> bool;
    /// Followers `seat` has in supply.
    fn supply(&self, seat: Seat) -> u32;
    /// Tiles still to be drawn, and in the whole game (a follower in supply
    /// is worth less as the tiles run out).
    fn tiles_left(&self) -> u32;
    fn tiles_total(&self) -> u32;
    /// The fast policy of a playout: mostly uniform, a follower put down at
    /// `follower_rate` when one may be.
    fn playout_choice(
        &self,
        choices: &[Self::Choice],
        follower_rate: f64,
        rng: &mut Pcg64,
    ) -> Self::Choice;
    /// The deep search's fast policy (`DeepConfig::playout_hints`):
    /// `playout_choice`, with the ruleset's sense where a random choice
    /// misleads the search. The old search keeps `playout_choice`.
    fn hinted_playout_choice(
        &self,
        choices: &[Self::Choice],
        follower_rate: f64,
        rng: &mut Pcg64,
    ) -> Self::Choice {
        self.playout_choice(choices, follower_rate, rng)
    }
    /// What the player to move sees that a determinization chose (the tile
    /// in hand), so that a search tree keeps apart the decisions of
    /// different draws; 0 when nothing was drawn.
    fn chance_key(&self) -> u32;
    /// Whether moves `a` and `b` at this decision reach the same position
    /// (a tile turned to a rotation that looks the same): the deep search
    /// keeps only the first as a candidate. No two differ by default.
    fn same_move(&self, _a: &Move<Self::Choice>, _b: &Move<Self::Choice>) -> bool {
        false
    }
    /// This ruleset's settings of the deep search for `normal` and `hard`
    /// (each game's budget is tuned to its own cost per decision).
    const NORMAL: DeepConfig;
    const HARD: DeepConfig;
    /// How much a game review samples (`review`).
    const REVIEW: review::ReviewConfig;
    /// The review's own judge (issue 40): a deep search that values
    /// its candidates as the review does, seeded apart from every seat (`review::Judge`).
    const JUDGE: DeepConfig;
    /// What the position is worth to every seat (`eval::value_of` for each,
    /// in seat order), into `out`; the final scoring is applied to `self`.
    fn leaf_values(self, follower_value: f64, out: &mut Vec<f64>)
    where
        Self: Sized,
    {
        eval::values_into(self, follower_value, out);
    }
}

pub use deep::{playouts, Deep, DeepConfig, DeepStarted};
pub use eval::{greedy_choice, greedy_move, greedy_moves, Move};
pub use review::{AnyReviewer, Class, DecisionReview, Judge, Reviewer};
pub use search::{Search, SearchConfig, Started};
pub use selfplay::{selfplay, SelfplayResult};

pub use formats::level::{Level, UnknownLevel};

/// How a level decides.
pub fn plan(level: Level) -> Plan {
    match level {
        Level::Random => Plan::Random,
        Level::Greedy => Plan::Greedy,
        Level::Easy => Plan::V1(SearchConfig::EASY),
        Level::Normal => Plan::Tuned(Tuned::Normal),
        Level::Hard => Plan::Tuned(Tuned::Hard),
        Level::HardV1 => Plan::V1(SearchConfig::HARD_V1),
    }
}

/// How a level decides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Plan {
    Random,
    Greedy,
    /// The search of the levels before issue 14 (`search`).
    V1(SearchConfig),
    Deep(DeepConfig),
    /// The deep search with the ruleset's own settings (`Playable::NORMAL`,
    /// `Playable::HARD`).
    Tuned(Tuned),
}

/// Which of a ruleset's deep search settings (`Plan::Tuned`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tuned {
    Normal,
    Hard,
}

/// How far a decision has got: `done` of `total` playouts. The searching
/// levels report `done: 0` first, then after every batch of playouts (one
/// determinization tried on every surviving move), and `done == total` last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub done: u32,
    pub total: u32,
}

/// The computer's choice for the player to move. The same position and seed
/// always give the same choice. Panics if the game is over.
pub fn choose<G: Playable>(game: &G, level: Level, seed: u64) -> G::Choice {
    choose_with(game, level, seed, &mut |_| true).expect("a search that is never cancelled")
}

/// As `choose`, reporting progress now and then (searching levels only;
/// random and greedy answer at once); `progress` returning false cancels the
/// search (`None`). Also `None` when the game is over. Given the same
/// position and seed it returns what `choose` returns.
pub fn choose_with<G: Playable>(
    game: &G,
    level: Level,
    seed: u64,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<G::Choice> {
    think(game, level, seed)?.finish(progress)
}

/// The searched choice for the player to move with a search of one's own
/// (tuning, tests); `None` when `progress` cancels or the game is over.
pub fn search_choice<G: Playable>(
    game: &G,
    cfg: &SearchConfig,
    rng: &mut Pcg64,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<G::Choice> {
    Thinker::started(Search::start(game, cfg, rng)?).finish(progress)
}

/// The choice a plan makes for the player to move, seeded as the levels are
/// (`choose`). Panics if the game is over.
pub fn choose_plan<G: Playable>(game: &G, plan: Plan, seed: u64) -> G::Choice {
    think_plan(game, plan, seed)
        .expect("a game that is not over")
        .finish(&mut |_| true)
        .expect("a search that is never cancelled")
}

/// The choice the search before issue 14 makes with `cfg`, seeded as the
/// levels seeded it (the pinned decisions of the old levels).
pub fn choose_v1<G: Playable>(game: &G, cfg: &SearchConfig, seed: u64) -> G::Choice {
    choose_plan(game, Plan::V1(*cfg), seed)
}

/// A decision being thought about, run a slice at a time so that the caller
/// can report progress and stop in between (the Web Worker does).
pub struct Thinker<G: Playable> {
    decided: Option<Move<G::Choice>>,
    search: Option<Running<G>>,
}

enum Running<G: Playable> {
    V1(Box<Search<G>>),
    Deep(Box<Deep<G>>),
}

/// Starts thinking about the decision of the player to move (`None` when the
/// game is over). Random and greedy decide at once; the searching levels
/// need `Thinker::run`. Same position and seed, same move, however the run is
/// sliced.
pub fn think<G: Playable>(game: &G, level: Level, seed: u64) -> Option<Thinker<G>> {
    think_plan(game, plan(level), seed)
}

/// As `think`, with a plan of one's own (tuning).
pub fn think_plan<G: Playable>(game: &G, plan: Plan, seed: u64) -> Option<Thinker<G>> {
    let choices = game.legal_choices();
    if choices.is_empty() {
        return None;
    }
    let decided = |m: Move<G::Choice>| Thinker {
        decided: Some(m),
        search: None,
    };
    if choices.len() == 1 {
        return Some(decided(Move {
            first: choices[0],
            then: None,
            value: 0.0,
        }));
    }
    let mut rng = rng_for_seed(seed ^ 0xA1_C0DE_5EED);
    match plan {
        Plan::Random => Some(decided(Move {
            first: choices[below(&mut rng, choices.len() as u64) as usize],
            then: None,
            value: 0.0,
        })),
        Plan::Greedy => Some(decided(greedy_move(game, &mut rng))),
        Plan::V1(cfg) => Some(Thinker::started(Search::start(game, &cfg, &mut rng)?)),
        Plan::Tuned(t) => think_plan(
            game,
            Plan::Deep(match t {
                Tuned::Normal => G::NORMAL,
                Tuned::Hard => G::HARD,
            }),
            seed,
        ),
        Plan::Deep(cfg) => Some(match Deep::start(game, &cfg, &mut rng)? {
            DeepStarted::Decided(m) => decided(m),
            DeepStarted::Searching(s) => Thinker {
                decided: None,
                search: Some(Running::Deep(s)),
            },
        }),
    }
}

impl<G: Playable> Thinker<G> {
    fn started(s: Started<G>) -> Thinker<G> {
        match s {
            Started::Decided(m) => Thinker {
                decided: Some(m),
                search: None,
            },
            Started::Searching(s) => Thinker {
                decided: None,
                search: Some(Running::V1(s)),
            },
        }
    }

    /// Runs to the end, a batch at a time, reporting progress after each
    /// (searching levels only; first `done: 0`, last `done == total`);
    /// `progress` returning false cancels (`None`).
    pub fn finish(mut self, progress: &mut dyn FnMut(Progress) -> bool) -> Option<G::Choice> {
        if self.is_searching() && !progress(self.progress()) {
            return None;
        }
        loop {
            if let Some(m) = self.run(1) {
                if self.is_searching() {
                    progress(self.progress());
                }
                return Some(m.first);
            }
            if !progress(self.progress()) {
                return None;
            }
        }
    }

    /// Whether playouts are run (progress means something).
    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    pub fn progress(&self) -> Progress {
        match &self.search {
            Some(Running::V1(s)) => s.progress(),
            Some(Running::Deep(s)) => s.progress(),
            None => Progress { done: 1, total: 1 },
        }
    }

    /// Runs at most `batches` batches of playouts; the move (the choice now
    /// and, when the same player decides next, the follow-up the search had
    /// in mind: the follower after a tile, the guard after a piece) once
    /// decided.
    pub fn run(&mut self, batches: u32) -> Option<Move<G::Choice>> {
        if let Some(m) = self.decided {
            return Some(m);
        }
        let m = match self.search.as_mut()? {
            Running::V1(s) => s.run(batches),
            Running::Deep(s) => s.run(batches),
        }?;
        self.decided = Some(m);
        Some(m)
    }
}

/// A decision of either ruleset being thought about: what the Web Worker
/// holds. One `match` per call; the search inside is the ruleset's own,
/// monomorphic.
pub enum AnyThinker {
    City(Thinker<engine::city::Game>),
    Classic(Thinker<engine::classic::Game>),
}

impl AnyThinker {
    /// Starts thinking about the decision of the player to move (`None` when
    /// the game is over), as `think` does.
    pub fn new(game: &AnyGame, level: Level, seed: u64) -> Option<AnyThinker> {
        match game {
            AnyGame::City(g) => think(g, level, seed).map(AnyThinker::City),
            AnyGame::Classic(g) => think(g, level, seed).map(AnyThinker::Classic),
        }
    }

    pub fn progress(&self) -> Progress {
        match self {
            AnyThinker::City(t) => t.progress(),
            AnyThinker::Classic(t) => t.progress(),
        }
    }

    /// Runs at most `batches` batches; the choice and its follow-up once
    /// decided (see `Thinker::run`).
    pub fn run(&mut self, batches: u32) -> Option<(AnyChoice, Option<AnyChoice>)> {
        match self {
            AnyThinker::City(t) => t
                .run(batches)
                .map(|m| (AnyChoice::City(m.first), m.then.map(AnyChoice::City))),
            AnyThinker::Classic(t) => t
                .run(batches)
                .map(|m| (AnyChoice::Classic(m.first), m.then.map(AnyChoice::Classic))),
        }
    }
}
