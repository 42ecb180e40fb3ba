//! What happened, for a game log a UI can show: what was scored, for whom,
//! how many points and why.

use super::tiles::{FeatureKind, RegionIdx, TileType};
use super::walls::End;
use crate::core::geom::{Cell, Rotation, Side, Vertex};
pub use crate::core::table::FeatureAt;
use serde::{Deserialize, Serialize};

/// Why a street or market was scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScoreCause {
    /// The tile placed this turn completed it (R5.7).
    Tile,
    /// The gate completed it.
    Gate,
    /// A wall piece completed it (R6.8).
    Wall,
    /// The closing walls at the end of the game completed it (R11.2).
    Closing,
}

/// Why the game ended (R11.1), in the order of precedence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    Closed,
    LastWall,
    Gap,
    LastTile,
}

impl EndReason {
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Closed => "closed",
            EndReason::LastWall => "last-wall",
            EndReason::Gap => "gap",
            EndReason::LastTile => "last-tile",
        }
    }
}

/// One thing that happened. `winners` and `players` are bit sets of seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TileSetAside {
        tile: TileType,
    },
    TilePlaced {
        player: u8,
        tile: TileType,
        cell: Cell,
        rot: Rotation,
    },
    FollowerPlaced {
        player: u8,
        cell: Cell,
        region: RegionIdx,
        kind: FeatureKind,
    },
    FeatureScored {
        kind: FeatureKind,
        /// The street or market scored.
        at: FeatureAt,
        tiles: u32,
        goods: u32,
        points: u32,
        winners: u8,
        /// Followers of anyone's that went back to supply.
        returned: u32,
        cause: ScoreCause,
    },
    WallRoundStarted {
        builder: u8,
        /// Completions that started it (R6.1).
        completions: u32,
        pieces: u32,
    },
    GatePlaced {
        player: u8,
        side: Side,
    },
    WallPlaced {
        player: u8,
        side: Side,
        arm: End,
    },
    GuardPlaced {
        player: u8,
        side: Side,
    },
    TowerPlaced {
        player: u8,
        vertex: Vertex,
        arm: End,
        points: u32,
    },
    GameEnded {
        by: EndReason,
    },
    /// R11.2: sides walled by the closing, imagined or real.
    ClosingWalls {
        sides: u32,
    },
    /// R11.3: a follower removed without points from an incomplete feature.
    FollowerRemoved {
        player: u8,
        kind: FeatureKind,
    },
    /// R12.1: stewards' owners of a residential area.
    StewardsScored {
        players: u8,
        markets: u32,
        points: u32,
    },
    /// R12.3: one guard's line.
    GuardScored {
        player: u8,
        public: u32,
        historic: u32,
        points: u32,
    },
}

/// An event with the turn (1-based, tiles placed so far) it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    pub turn: u32,
    pub event: Event,
}
