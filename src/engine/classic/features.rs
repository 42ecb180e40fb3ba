//! Classic features over the core's feature graph (B4): roads, cities,
//! fields (farms) and cloisters, with the pennants a city shows (B4.2). A
//! gate (G1.2) has a node too but joins nothing and is no feature.

pub use super::tiles::FeatureKind;
use super::tiles::{Catalogue, RegionIdx};
pub use crate::engine::core::features::Node;
use crate::engine::core::features::{self, Payload};
use crate::engine::core::geom::Dir;
use crate::engine::core::grid::Placed;
use crate::engine::core::table::{Follower, Layout, Table};

/// What classic keeps per feature beside the common counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// `None` for a gate's node.
    pub kind: Option<FeatureKind>,
    /// B4.2: the sum of its city regions' pennants.
    pub pennants: u8,
}

impl Payload for Part {
    fn merge(&mut self, other: &Self) {
        self.pennants = self.pennants.saturating_add(other.pennants);
    }
}

pub type Feature = features::Feature<Part>;
pub type Features = features::Features<Part>;

/// Classic's table: 96 tiles from (0,0) stay inside ±97 of a grid of half
/// width 100 (`Grid::in_range`); no outline tracking (no walls round a city).
/// A follower's role is the kind of the feature it stands on (B5.1).
pub type ClassicTable = Table<Part, FeatureKind, 100>;

/// A follower on a region of a placed tile; its `role` is the feature kind
/// (thief, knight, monk, farmer: `FeatureKind::role`).
pub type FollowerSpot = Follower<FeatureKind>;

/// Classic's tiles meet their sides as the catalogue says; facing slots of
/// the same feature kind join (B4.1); a gate joins nothing (G2.2). Old
/// City's bridges and walls (O3.4, O3.7) will make this depend on the tile
/// placed (the `tile` index).
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
        let ka = self.get(a.0.tile).kind(a.1).and_then(|k| k.feature());
        let kb = self.get(b.0.tile).kind(b.1).and_then(|k| k.feature());
        ka.is_some() && ka == kb
    }
}

impl features::Feature<Part> {
    pub fn kind(&self) -> Option<FeatureKind> {
        self.data.kind
    }

    /// B4.3: a road or city with no open slot, a cloister with its eight
    /// neighbours placed (its `open` counts the empty ones); a field never.
    pub fn is_complete(&self) -> bool {
        self.open == 0
            && matches!(
                self.data.kind,
                Some(FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister)
            )
    }
}
