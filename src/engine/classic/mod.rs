//! Classic Carcassonne (CLASSIC.md), base game, over the core: the
//! catalogue and its checks, setup and options, the decision loop with the
//! hook points The City Gates and Old City plug into (issue 11), scoring,
//! farms and the event log.

pub mod events;
pub mod farms;
pub mod features;
pub mod game;
pub mod options;
pub mod random;
pub mod scoring;
pub mod setup;
pub mod tile_checks;
pub mod tiles;

pub use crate::engine::core::geom::{Cell, Dir, Rotation, Side};
pub use events::{EndReason, Event, Logged};
pub use features::FollowerSpot;
pub use game::{
    Axis, Bridge, Choice, Decision, Game, Placement, PlayerState, Spot, TurnRecord, Wood,
};
pub use options::{Expansions, FarmScoring, OldCityOptions, Options, SmallCity};
pub use scoring::Breakdown;
pub use setup::{Setup, SetupError, FOLLOWERS};
pub use tiles::{Catalogue, FeatureKind, RegionIdx, RegionKind, SideKind, TileDef, TileType};

/// Classic's grid (the table's, `features::ClassicTable`): 96 tiles from
/// (0,0) stay inside ±97 (`Grid::in_range`).
pub type Board = crate::engine::core::grid::Grid<100>;
