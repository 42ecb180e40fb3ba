//! The rules engine of Carcassonne: The City (RULES.md), pure Rust.
//!
//! Grid geometry (`geom`, `board`) and the feature graph (`features`) know no
//! rules of The City; the rules live in `game`, `walls` and `scoring`.

pub mod board;
pub mod deck;
pub mod events;
pub mod features;
pub mod game;
pub mod geom;
pub mod options;
pub mod random;
pub mod scoring;
pub mod tiles;
pub mod walls;

pub use events::{EndReason, Event, Logged, ScoreCause};
pub use game::{Choice, Decision, Game, IllegalChoice, Setup, SetupError};
pub use geom::{Cell, Dir, Rotation, Side, Vertex};
pub use options::Options;
pub use scoring::Breakdown;
pub use tiles::{Catalogue, TileType};
pub use walls::End;
