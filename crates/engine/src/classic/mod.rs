//! Classic Carcassonne (CLASSIC.md) over the core: the catalogue and its
//! checks, setup and options, the decision loop with its hook points,
//! scoring, farms and the event log; The City Gates (`city_gates.rs`) and
//! Old City (`old_city.rs`, its wood in `wood.rs`) plugged in at the hook
//! points.
//!
//! Plain types sit at the leaves (`pieces.rs`: Old City's pieces and wood;
//! `spot.rs`; `tiles.rs`, `features.rs`), the rules over them take what
//! they read as parameters (`old_city::OldCity`'s methods, `wood::Laid`,
//! `scoring.rs`, `farms.rs`), and `game.rs` on top holds the state and
//! calls them at its hook points: no module below `game.rs` imports it.

pub mod aids;
pub mod city_gates;
pub mod events;
pub mod farms;
pub mod features;
pub mod game;
pub mod load;
pub mod old_city;
pub mod options;
pub mod pieces;
pub mod random;
pub mod scoring;
pub mod setup;
pub mod spot;
pub mod tiles;
pub mod wood;

pub use crate::core::geom::{Cell, Dir, Rotation, Side};
pub use events::{EndReason, Event, Logged};
pub use features::{Board, FollowerSpot};
pub use game::{Choice, Decision, Game, Placement, PlayerState, Turn, TurnRecord};
pub use old_city::Parts;
pub use options::{Expansions, FarmScoring, OldCityOptions, Options, SmallCity};
pub use pieces::{Axis, Bridge, Wood};
pub use scoring::Breakdown;
pub use setup::{Setup, SetupError, FOLLOWERS};
pub use spot::Spot;
pub use tiles::{Catalogue, FeatureKind, RegionIdx, RegionKind, SideKind, TileDef, TileType};
