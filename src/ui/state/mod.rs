//! The app's state and its reducer.
//!
//! Three kinds of state are kept apart:
//! - game state: the engine's `Game`, replaced (never mutated) on each move;
//! - UI state ([`UiState`]): the rotation of the drawn tile, the tentative
//!   placement, the keyboard focus, overlays;
//! - drawing state: the camera, owned by the board's parent (`camera.rs`).
//!
//! Everything the components show is derived from the game once per move
//! (`view::GameView`: the board's scene, the panel, the log, the prompt) and
//! from the game plus UI state (`view::targets::Targets`: what the board
//! offers to click), by the view model (`view`). The board gets only
//! that: it knows no rules.
//!
//! - app.rs: the reducer, [`AppState`] and [`Action`];
//! - play.rs: the game being played, [`Play`] (moves, rotation, focus, undo);
//! - engine.rs: what the engine worker is asked (computer seats, hints) and
//!   what its answers do;
//! - session.rs: saves and links; notice.rs: what a notice is about; replay.rs: the replay's position;
//!   star.rs: a game on three to five devices beside its fair game;
//!   review.rs: the game review (issue 30); variation.rs: a variation tried
//!   from a reviewed decision (issue 40).
//!
//! Nothing here imports a component: components import the state.

pub mod app;
pub mod engine;
pub mod notice;
pub mod play;
pub mod puzzle;
pub mod replay;
pub mod review;
pub mod session;
pub mod star;
pub mod variation;

pub use app::{random_seed, Action, AppState, NewGame, Speed};
pub use engine::{EngineAsk, HINT_LEVEL};
pub use notice::Notice;
pub use play::{Play, UiState};
pub use replay::Replay;
pub use review::Review;
pub use session::{Opened, Saving};
