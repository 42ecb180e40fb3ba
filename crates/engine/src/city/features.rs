//! The City's features over the core's feature graph: streets, markets and
//! residential areas (R4.1, R4.2), with the goods a market shows (R5.5).

use super::tiles::{Catalogue, FeatureKind, RegionIdx};
pub use crate::core::features::Node;
use crate::core::features::{self, Payload};
use crate::core::geom::Dir;
use crate::core::grid::{Grid, Placed};
use crate::core::table::{Layout, Table};
use serde::{Deserialize, Serialize};

/// What The City keeps per feature beside the common counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub kind: FeatureKind,
    /// Bit per goods kind (R5.5).
    pub goods: u8,
}

impl Payload for Area {
    fn merge(&mut self, other: &Self) {
        self.goods |= other.goods;
    }
}

pub type Feature = features::Feature<Area>;
pub type Features = features::Features<Area>;

/// The City's table: the grid keeps the exterior and outline walls need.
pub type CityTable = Table<Area, Role, 80>;

/// The City's grid, the table's: 75 tiles from (0,0) stay well inside ±80,
/// and it keeps the exterior, holes and outline that walls need (R2.3, R2.4).
pub type Board = Grid<80>;

/// The City's tiles meet their sides as the catalogue says; facing slots of
/// the same feature kind join (R4.1).
impl Layout for Catalogue {
    fn region_count(&self, p: &Placed, _tile: usize) -> usize {
        self.get(p.tile).regions.len()
    }

    fn slots(&self, p: &Placed, _tile: usize, side: Dir) -> [RegionIdx; 3] {
        self.get(p.tile).slots(p.rot, side)
    }

    fn reach(&self, p: &Placed, _tile: usize, region: RegionIdx) -> u8 {
        self.get(p.tile).reach(p.rot, region)
    }

    fn joins(&self, a: (&Placed, RegionIdx), b: (&Placed, RegionIdx)) -> bool {
        let ka = self.get(a.0.tile).regions[a.1 as usize].kind.feature();
        let kb = self.get(b.0.tile).regions[b.1 as usize].kind.feature();
        ka == kb
    }
}

impl features::Feature<Area> {
    pub fn kind(&self) -> FeatureKind {
        self.data.kind
    }

    pub fn goods_count(&self) -> u32 {
        self.data.goods.count_ones()
    }

    /// Streets and markets are complete with no open side (R5.1, R5.2);
    /// residential areas never are.
    pub fn is_complete(&self) -> bool {
        self.open == 0 && self.data.kind != FeatureKind::Residential
    }
}

/// What a follower is called by the feature it stands on (R4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    Citizen,
    Seller,
    Steward,
}

impl Role {
    pub fn of(kind: FeatureKind) -> Role {
        match kind {
            FeatureKind::Street => Role::Citizen,
            FeatureKind::Market => Role::Seller,
            FeatureKind::Residential => Role::Steward,
        }
    }
}
