//! Carcassonne: The City (RULES.md) over the core: its catalogue, setup,
//! the decision loop, walls, towers and guards, and scoring.

pub mod aids;
pub mod events;
pub mod features;
pub mod game;
pub mod options;
pub mod random;
pub mod scoring;
pub mod setup;
pub mod tiles;
pub mod walls;

pub use crate::core::geom::{Cell, Dir, Rotation, Side, Vertex};
pub use events::{EndReason, Event, Logged, ScoreCause};
pub use features::{Board, Role};
pub use game::{Choice, Decision, FollowerSpot, Game, PlayerState, TurnRecord, WallAction};
pub use options::Options;
pub use scoring::Breakdown;
pub use setup::{Setup, SetupError, DEFAULT_STACKS, FOLLOWERS};
pub use tiles::{Catalogue, FeatureKind, RegionIdx, RegionKind, TileDef, TileType};
pub use walls::End;
