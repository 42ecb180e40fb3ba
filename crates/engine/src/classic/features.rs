//! Classic features over the core's feature graph (B4): roads, cities,
//! fields (farms) and cloisters, with the pennants a city shows (B4.2), a
//! city's fixed points (G3.1) and whether it is the plaza city (O2.3). A
//! gate (G1.2) has a node too but joins nothing and is no feature. With Old
//! City's wood every placed tile has one more node, the road a bridge on it
//! makes (O3.4), dormant until one is built.

use super::pieces::Axis;
pub use super::tiles::FeatureKind;
use super::tiles::{Catalogue, RegionIdx};
pub use crate::core::features::Node;
use crate::core::features::{self, Payload};
use crate::core::geom::Dir;
use crate::core::grid::{Grid, Placed};
use crate::core::table::{Follower, Layout, Table};

/// What classic keeps per feature beside the common counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// `None` for a gate's node.
    pub kind: Option<FeatureKind>,
    /// B4.2: the sum of its city regions' pennants.
    pub pennants: u8,
    /// G3.1: a city's fixed score when completed (0: none).
    pub points: u8,
    /// O2.3: the city holds tile C (with proportional scoring on).
    pub plaza: bool,
}

impl Part {
    /// A gate's node, or a bridge's before it is built.
    pub const NONE: Part = Part {
        kind: None,
        pennants: 0,
        points: 0,
        plaza: false,
    };
}

impl Payload for Part {
    fn merge(&mut self, other: &Self) {
        self.pennants = self.pennants.saturating_add(other.pennants);
        self.points = self.points.max(other.points);
        self.plaza |= other.plaza;
    }
}

pub type Feature = features::Feature<Part>;
pub type Features = features::Features<Part>;

/// Classic's table: 96 tiles from (0,0) stay inside ±97 of a grid of half
/// width 100 (`Grid::in_range`); no outline tracking (no walls round a city).
/// A follower's role is the kind of the feature it stands on (B5.1).
pub type ClassicTable = Table<Part, FeatureKind, 100>;

/// Classic's grid, the table's (`ClassicTable::grid`).
pub type Board = Grid<100>;

/// A follower on a region of a placed tile; its `role` is the feature kind
/// (thief, knight, monk, farmer: `FeatureKind::role`).
pub type FollowerSpot = Follower<FeatureKind>;

/// How classic's placed tiles meet their sides: the catalogue's slots
/// (facing slots of the same feature kind join, B4.1; a gate joins
/// nothing, G2.2), with Old City's bridges laid over them (O3.4): a bridge
/// on a tile is its region `bridge_region()`, a road in the centre slots of
/// the two sides it ends on; the fields keep their other slots.
#[derive(Clone, Copy)]
pub struct TileLayout<'a> {
    pub catalogue: &'a Catalogue,
    /// Per placed tile, its bridge; empty without Old City's wood.
    pub bridges: &'a [Option<Axis>],
    /// Every tile has the bridge's node (Old City's wood is on).
    pub bridge_nodes: bool,
}

impl TileLayout<'_> {
    fn bridge(&self, tile: usize) -> Option<Axis> {
        self.bridges.get(tile).copied().flatten()
    }

    fn kind(&self, (p, r): (&Placed, RegionIdx)) -> Option<FeatureKind> {
        let def = self.catalogue.get(p.tile);
        if r == def.bridge_region() {
            return Some(FeatureKind::Road);
        }
        def.kind(r).and_then(|k| k.feature())
    }
}

impl Layout for TileLayout<'_> {
    fn region_count(&self, p: &Placed, _tile: usize) -> usize {
        self.catalogue.get(p.tile).regions.len() + usize::from(self.bridge_nodes)
    }

    fn slots(&self, p: &Placed, tile: usize, side: Dir) -> [RegionIdx; 3] {
        let def = self.catalogue.get(p.tile);
        let mut s = def.slots(p.rot, side);
        if self.bridge(tile).is_some_and(|a| a.crosses(side)) {
            s[1] = def.bridge_region();
        }
        s
    }

    fn reach(&self, p: &Placed, tile: usize, region: RegionIdx) -> u8 {
        let def = self.catalogue.get(p.tile);
        if region == def.bridge_region() {
            return self.bridge(tile).map_or(0, |a| a.mask());
        }
        def.reach(p.rot, region)
    }

    fn joins(&self, a: (&Placed, RegionIdx), b: (&Placed, RegionIdx)) -> bool {
        let ka = self.kind(a);
        ka.is_some() && ka == self.kind(b)
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
