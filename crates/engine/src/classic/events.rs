//! What happened, for a game log a UI can show: tiles removed or returned,
//! placed with their wood, guesthouses, coins, the wyvern, followers put
//! down, what scored for whom and why, and the end.

use super::options::FarmScoring;
use super::pieces::Wood;
use super::scoring::ValuedBy;
use super::tiles::{FeatureKind, RegionIdx, TileType};
use crate::core::geom::{Cell, Rotation};
use crate::core::rules::MAX_SEATS;
pub use crate::core::table::FeatureAt;
use serde::{Deserialize, Serialize};

/// Why the game ended (B7.1; O1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// The pile is empty (B7.1).
    PileEmpty,
    /// Every tile of the pile was drawn once and none was playable (O1.5).
    NoPlayable,
}

impl EndReason {
    /// The name the replay summary writes (`ended_by`).
    pub fn name(self) -> &'static str {
        match self {
            EndReason::PileEmpty => "pile-empty",
            EndReason::NoPlayable => "no-playable",
        }
    }
}

/// One thing that happened. `winners` is a bit set of seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// B3.3: a drawn tile with no legal placement left the game.
    TileRemoved {
        tile: TileType,
    },
    /// O1.4: a drawn tile the player could not place went to the bottom.
    TileReturned {
        tile: TileType,
    },
    /// A placement, with the wood it used (O3).
    TilePlaced {
        player: u8,
        tile: TileType,
        cell: Cell,
        rot: Rotation,
        wood: Wood,
    },
    /// O5.1: a guesthouse on region `region` of the tile at `cell`.
    GuesthousePlaced {
        player: u8,
        cell: Cell,
        region: RegionIdx,
    },
    /// O4.1: coins taken for completing regal cities.
    CoinsTaken {
        player: u8,
        coins: u8,
    },
    /// O6.2: the wyvern moved to a tile, or was set aside (`None`).
    WyvernMoved {
        to: Option<Cell>,
    },
    FollowerPlaced {
        player: u8,
        cell: Cell,
        region: RegionIdx,
        kind: FeatureKind,
    },
    /// A road, city or cloister scored: completed in play (B6) or
    /// incomplete at the end (B8.1, `at_end`). `proportional` (O2.1):
    /// `points` was shared out, each follower earning its part rounded up.
    FeatureScored {
        kind: FeatureKind,
        /// The feature scored.
        at: FeatureAt,
        tiles: u32,
        pennants: u32,
        points: u32,
        /// The rule that set `points`, where not the base game's count.
        by: ValuedBy,
        winners: u8,
        /// What each seat was paid: `points` to each winner by majority,
        /// each one's share when proportional.
        paid: [u32; MAX_SEATS],
        /// Followers of anyone's that went back to supply.
        returned: u32,
        at_end: bool,
        proportional: bool,
    },
    /// B9: farm points under `rule`: per farm (B9.1, `cities` adjacent
    /// completed cities) or per completed city (B9.2, B9.3, `cities` = 1);
    /// `proportional` (O2.2): per farm, `points` shared out among farmers.
    FarmScored {
        rule: FarmScoring,
        /// What scored: the farm (B9.1, O2.2) or the completed city (B9.2,
        /// B9.3), and its tiles.
        at: FeatureAt,
        tiles: u32,
        cities: u32,
        points: u32,
        winners: u8,
        /// What each seat was paid (see `FeatureScored`).
        paid: [u32; MAX_SEATS],
        proportional: bool,
    },
    /// O4.4: a player's coins scored at the end.
    CoinsScored {
        player: u8,
        coins: u8,
        points: u32,
    },
    GameEnded {
        by: EndReason,
    },
}

/// An event with the turn it belongs to (tiles placed by the players so far).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    pub turn: u32,
    pub event: Event,
}
