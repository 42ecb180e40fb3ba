//! Where a follower (B5.1) or a guesthouse (O5.1) goes on the tile just
//! placed: one of its printed regions, or the bridge built on it (O3.9),
//! whose region is one past the printed ones (`TileDef::bridge_region`).

use super::pieces::Axis;
use super::tiles::{RegionIdx, TileDef};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spot {
    Region(RegionIdx),
    Bridge,
}

impl Spot {
    /// The region the spot names on tile `def` with `bridge` built on it,
    /// if the tile has it.
    pub fn region(self, def: &TileDef, bridge: Option<Axis>) -> Option<RegionIdx> {
        match self {
            Spot::Bridge => bridge.map(|_| def.bridge_region()),
            Spot::Region(r) => ((r as usize) < def.regions.len()).then_some(r),
        }
    }
}

/// The spot region `r` of a tile whose bridge region is `bridge` names.
pub fn spot_of(bridge: RegionIdx, r: RegionIdx) -> Spot {
    if r == bridge {
        Spot::Bridge
    } else {
        Spot::Region(r)
    }
}
