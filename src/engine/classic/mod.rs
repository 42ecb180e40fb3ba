//! Classic Carcassonne (CLASSIC.md) over the core: the catalogue and its
//! checks, setup and options, the decision loop with its hook points,
//! scoring, farms and the event log; The City Gates (`city_gates.rs`) and
//! Old City (`old_city.rs`, its wood in `wood.rs`) plugged in at the hook
//! points.

pub mod city_gates;
pub mod events;
pub mod farms;
pub mod features;
pub mod game;
pub mod old_city;
pub mod options;
pub mod random;
pub mod scoring;
pub mod setup;
pub mod tile_checks;
pub mod tiles;
pub mod wood;

pub use crate::engine::core::geom::{Cell, Dir, Rotation, Side};
pub use events::{EndReason, Event, Logged};
pub use features::FollowerSpot;
pub use game::{Choice, Decision, Game, Placement, PlayerState, Spot, Turn, TurnRecord};
pub use old_city::Parts;
pub use options::{Expansions, FarmScoring, OldCityOptions, Options, SmallCity};
pub use scoring::Breakdown;
pub use setup::{Setup, SetupError, FOLLOWERS};
pub use tiles::{Catalogue, FeatureKind, RegionIdx, RegionKind, SideKind, TileDef, TileType};
pub use wood::{Axis, Bridge, Wood};

/// Classic's grid (the table's, `features::ClassicTable`): 96 tiles from
/// (0,0) stay inside ±97 (`Grid::in_range`).
pub type Board = crate::engine::core::grid::Grid<100>;
