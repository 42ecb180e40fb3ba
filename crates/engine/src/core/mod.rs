//! The mechanics of any tile-laying game on a square grid, with no rule of
//! either game: geometry, the named PRNG and the deal, tile shapes from
//! slots, the grid with its outline, the feature graph, and the decision
//! loop's trait.

pub mod aids;
pub mod deal;
pub mod features;
pub mod geom;
pub mod grid;
pub mod random;
pub mod reason;
pub mod rng;
pub mod roomy;
pub mod rules;
pub mod setup_error;
pub mod shape;
pub mod sort;
pub mod table;

pub use geom::{Cell, Dir, Rotation, Side, Vertex};
pub use reason::{
    BridgeProblem, Game, OptionProblem, PlacementProblem, Reason, SetupProblem, Step, Thing,
    WoodPiece, WoodProblem,
};
pub use rules::{IllegalChoice, Seat, TileGame, MAX_SEATS};
pub use setup_error::{SetupError, SetupPart};
pub use shape::{CatalogueError, RegionIdx, Shape, TileType};
