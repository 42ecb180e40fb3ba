//! Classic Carcassonne's tile catalogue (`static/tiles/classic.json`, format
//! of tiles/FORMAT-2.md): the tile types with their regions and slots, the
//! per-rotation masks placement reads. `load.rs` builds them from the file
//! (`Catalogue::builtin`, `Catalogue::parse`), reading it as far as the game
//! needs; every other check of FORMAT-2.md and check2.py is the native-only
//! `catalogue_check::classic`.

use crate::core::geom::{Dir, Rotation};
use crate::core::reason::Thing;
use crate::core::shape::TURN_MAP_MAX;
pub use crate::core::shape::{CatalogueError, RegionIdx, Shape, TileType};

/// The project's own copy of the catalogue, embedded at build time.
pub const BUILTIN_JSON: &str = include_str!("../../../../static/tiles/classic.json");

/// The set a tile type comes from (B1.3, G1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileSet {
    Base,
    CityGates,
}

impl TileSet {
    pub fn name(self) -> &'static str {
        match self {
            TileSet::Base => "base",
            TileSet::CityGates => "city-gates",
        }
    }
}

/// What a region of a tile is (B2.3, G1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionKind {
    /// A road segment; `bridge` when drawn crossing a city (City Gates).
    Road {
        bridge: bool,
    },
    /// A city segment with its pennants and, rarely, a fixed score (G3.1).
    City {
        pennants: u8,
        points: Option<u8>,
    },
    Field,
    /// A cloister; `city` names the city it is drawn inside, if any.
    Cloister {
        city: Option<RegionIdx>,
    },
    /// A city gate (G1.2): a closed edge of `city`, no feature of its own.
    Gate {
        city: RegionIdx,
    },
}

/// What a region joins into (B4.1); a gate joins nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum FeatureKind {
    Road,
    City,
    Field,
    Cloister,
}

impl FeatureKind {
    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Field => "field",
            FeatureKind::Cloister => "cloister",
        }
    }

    /// The feature's kind in a rule's reason.
    pub fn thing(self) -> Thing {
        match self {
            FeatureKind::Road => Thing::Road,
            FeatureKind::City => Thing::City,
            FeatureKind::Field => Thing::Field,
            FeatureKind::Cloister => Thing::Cloister,
        }
    }

    /// The follower's role on such a feature (B5.1).
    pub fn role(self) -> &'static str {
        match self {
            FeatureKind::Road => "thief",
            FeatureKind::City => "knight",
            FeatureKind::Field => "farmer",
            FeatureKind::Cloister => "monk",
        }
    }
}

impl RegionKind {
    /// The feature kind, or `None` for a gate.
    pub fn feature(self) -> Option<FeatureKind> {
        match self {
            RegionKind::Road { .. } => Some(FeatureKind::Road),
            RegionKind::City { .. } => Some(FeatureKind::City),
            RegionKind::Field => Some(FeatureKind::Field),
            RegionKind::Cloister { .. } => Some(FeatureKind::Cloister),
            RegionKind::Gate { .. } => None,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            RegionKind::Road { .. } => "road",
            RegionKind::City { .. } => "city",
            RegionKind::Field => "field",
            RegionKind::Cloister { .. } => "cloister",
            RegionKind::Gate { .. } => "gate",
        }
    }
}

/// The kind of a tile side, from its centre slot (B2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SideKind {
    City = 0,
    Road = 1,
    Field = 2,
    Gate = 3,
}

impl SideKind {
    pub const ALL: [SideKind; 4] = [
        SideKind::City,
        SideKind::Road,
        SideKind::Field,
        SideKind::Gate,
    ];

    pub fn from_index(i: usize) -> SideKind {
        SideKind::ALL[i & 3]
    }

    /// One bit per kind, for the 4-bit sets of [`SideKind::may_face`].
    pub fn bit(self) -> u16 {
        1 << self as u16
    }

    /// The side's kind in a rule's reason.
    pub fn thing(self) -> Thing {
        match self {
            SideKind::City => Thing::City,
            SideKind::Road => Thing::Road,
            SideKind::Field => Thing::Field,
            SideKind::Gate => Thing::Gate,
        }
    }

    /// The side kinds that may face this one across a shared side: B3.2
    /// (city–city, road–road, field–field) and G2.1 (a gate faces a road, a
    /// field or a gate, never a city). The placement-allowed hook of Old
    /// City's wood (O3) widens this per side.
    pub fn may_face(self) -> u16 {
        match self {
            SideKind::City => SideKind::City.bit(),
            SideKind::Road => SideKind::Road.bit() | SideKind::Gate.bit(),
            SideKind::Field => SideKind::Field.bit() | SideKind::Gate.bit(),
            SideKind::Gate => SideKind::Road.bit() | SideKind::Field.bit() | SideKind::Gate.bit(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The id written in the catalogue and in CGN-C (`1`, `c`, `f`, `W`...).
    pub id: String,
    pub kind: RegionKind,
}

/// What the loader read of one tile, checked, before the look-ups are built.
pub(super) struct Parts {
    pub id: String,
    pub set: TileSet,
    pub count: u8,
    pub start: bool,
    pub crossing: bool,
    pub note: String,
    pub regions: Vec<Region>,
    pub sides: [[RegionIdx; 3]; 4],
    pub touches: Vec<(RegionIdx, RegionIdx)>,
}

/// One tile type with its slots, unrotated, and look-ups per rotation.
#[derive(Clone, Debug)]
pub struct TileDef {
    pub id: String,
    pub set: TileSet,
    pub count: u8,
    /// One copy is the start tile (B1.4).
    pub start: bool,
    /// Roads meet at a junction (a drawing hint).
    pub crossing: bool,
    pub note: String,
    /// In the catalogue's id order (digits, then gates' capitals, then letters).
    pub regions: Vec<Region>,
    pub shape: Shape,
    /// `(field, city)` pairs that share a border inside the tile (B4.4).
    pub touches: Vec<(RegionIdx, RegionIdx)>,
    /// Per rotation: side d's kind as a one-hot nibble at bits 4d..4d+3.
    edges: [u16; 4],
    /// Per rotation: side d's kind index (0–3) at bits 2d..2d+1.
    kinds: [u8; 4],
    /// Pennants on the tile (O1.6: a regal tile has some).
    pub pennants: u8,
    /// The cloister region, if any.
    pub cloister: Option<RegionIdx>,
}

impl TileDef {
    /// The regions in the three slots of `side` after rotating by `rot`.
    pub fn slots(&self, rot: Rotation, side: Dir) -> [RegionIdx; 3] {
        self.shape.slots(rot, side)
    }

    /// Bit d set when `region` has a slot on rotated side d.
    pub fn reach(&self, rot: Rotation, region: RegionIdx) -> u8 {
        self.shape.reach(rot, region)
    }

    /// The kind of rotated side `side`.
    pub fn side_kind(&self, rot: Rotation, side: Dir) -> SideKind {
        SideKind::from_index(
            (self.kinds[rot.quarter_turns() as usize] >> (2 * side.index())) as usize,
        )
    }

    /// Every side's kind as a one-hot nibble per side (side d at bits 4d..).
    pub fn edges(&self, rot: Rotation) -> u16 {
        self.edges[rot.quarter_turns() as usize]
    }

    /// Where each region of the tile turned by `a` lies on the tile turned
    /// by `b` (`Shape::turn_map`), when the two look the same: every side of
    /// the same kind, each region in the other's place of the same kind,
    /// touching alike. A straight road turned half way round swaps its two
    /// fields. `None` when they differ. The computer tries only one of two
    /// turns that look the same.
    pub fn alike_regions(&self, a: Rotation, b: Rotation) -> Option<[RegionIdx; TURN_MAP_MAX]> {
        if Dir::ALL
            .iter()
            .any(|&d| self.side_kind(a, d) != self.side_kind(b, d))
        {
            return None;
        }
        let map = self.shape.turn_map(a, b)?;
        let kinds_alike = self.regions.iter().enumerate().all(|(x, r)| {
            self.regions
                .get(map[x] as usize)
                .is_some_and(|y| y.kind == r.kind)
        });
        let touch_alike = self
            .touches
            .iter()
            .all(|&(f, c)| self.touches.contains(&(map[f as usize], map[c as usize])));
        (kinds_alike && touch_alike).then_some(map)
    }

    pub fn region_index(&self, id: &str) -> Option<RegionIdx> {
        self.regions
            .iter()
            .position(|r| r.id == id)
            .map(|i| i as RegionIdx)
    }

    pub fn kind(&self, region: RegionIdx) -> Option<RegionKind> {
        self.regions.get(region as usize).map(|r| r.kind)
    }

    /// The region index a bridge built on this tile takes (O3.4): one past
    /// its printed regions.
    pub fn bridge_region(&self) -> RegionIdx {
        self.regions.len() as RegionIdx
    }

    /// The pennants of region `region` (0 unless a city with some).
    pub fn pennants_of(&self, region: RegionIdx) -> u8 {
        match self.kind(region) {
            Some(RegionKind::City { pennants, .. }) => pennants,
            _ => 0,
        }
    }

    /// The tile's side kinds N E S W unrotated as letters (`CRFR` for D).
    pub fn edge_letters(&self) -> String {
        Dir::ALL
            .iter()
            .map(|&d| match self.side_kind(Rotation::ALL[0], d) {
                SideKind::City => 'C',
                SideKind::Road => 'R',
                SideKind::Field => 'F',
                SideKind::Gate => 'G',
            })
            .collect()
    }

    /// Build a tile from parts the loader read (`load.rs`: every reference
    /// resolves).
    pub(super) fn new(parts: Parts) -> TileDef {
        let Parts {
            id,
            set,
            count,
            start,
            crossing,
            note,
            regions,
            sides,
            touches,
        } = parts;
        let shape = Shape::new(sides, regions.len());
        let kind_of_centre = |side: [RegionIdx; 3]| -> SideKind {
            match regions.get(side[1] as usize).map(|r| r.kind) {
                Some(RegionKind::City { .. }) => SideKind::City,
                Some(RegionKind::Road { .. }) => SideKind::Road,
                Some(RegionKind::Gate { .. }) => SideKind::Gate,
                _ => SideKind::Field,
            }
        };
        let mut edges = [0u16; 4];
        let mut kinds = [0u8; 4];
        for rot in Rotation::ALL {
            let q = rot.quarter_turns() as usize;
            for side in Dir::ALL {
                let k = kind_of_centre(shape.slots(rot, side));
                edges[q] |= k.bit() << (4 * side.index());
                kinds[q] |= (k as u8) << (2 * side.index());
            }
        }
        let pennants = regions
            .iter()
            .map(|r| match r.kind {
                RegionKind::City { pennants, .. } => pennants,
                _ => 0,
            })
            .sum();
        let cloister = regions
            .iter()
            .position(|r| matches!(r.kind, RegionKind::Cloister { .. }))
            .map(|i| i as RegionIdx);
        TileDef {
            id,
            set,
            count,
            start,
            crossing,
            note,
            regions,
            shape,
            touches,
            edges,
            kinds,
            pennants,
            cloister,
        }
    }
}

/// A validated catalogue.
#[derive(Clone, Debug)]
pub struct Catalogue {
    pub tiles: Vec<TileDef>,
    /// The type one copy of which starts the game at 0,0 (B1.4).
    pub start: TileType,
    /// Copies Old City takes out (O1.1), per tile type.
    pub old_city_remove: Vec<u8>,
}

impl Catalogue {
    pub fn get(&self, t: TileType) -> &TileDef {
        &self.tiles[t as usize]
    }

    /// The tile type with this id (the first so named; the embedded
    /// catalogue's ids are unique).
    /// A search: the catalogue is short and a map's code is not.
    pub fn by_id(&self, id: &str) -> Option<TileType> {
        self.tiles
            .iter()
            .position(|t| t.id == id)
            .map(|i| i as TileType)
    }

    pub fn id(&self, t: TileType) -> &str {
        self.tiles.get(t as usize).map_or("?", |d| d.id.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_catalogue_loads_with_its_96_tiles() {
        let c = Catalogue::builtin().expect("the embedded catalogue is valid");
        assert_eq!(c.tiles.len(), 48);
        let total: u32 = c.tiles.iter().map(|t| t.count as u32).sum();
        assert_eq!(total, 96);
        assert_eq!(c.id(c.start), "D");
        assert_eq!(c.old_city_remove.iter().map(|&n| n as u32).sum::<u32>(), 11);
        let d = c.get(c.by_id("D").unwrap());
        assert_eq!(d.edge_letters(), "CRFR");
        let r1 = Rotation::new(1).unwrap();
        assert_eq!(d.side_kind(r1, Dir::E), SideKind::City);
        assert_eq!(d.side_kind(r1, Dir::N), SideKind::Road);
        assert_eq!(d.edges(Rotation::ALL[0]) & 0xF, SideKind::City.bit());
    }

    #[test]
    fn b3_2_and_g2_1_side_pairs() {
        use SideKind::*;
        let may = |a: SideKind, b: SideKind| a.may_face() & b.bit() != 0;
        for (a, b, ok) in [
            (City, City, true),
            (Road, Road, true),
            (Field, Field, true),
            (City, Road, false),
            (City, Field, false),
            (Road, Field, false),
            (Gate, Road, true),
            (Gate, Field, true),
            (Gate, Gate, true),
            (Gate, City, false),
        ] {
            assert_eq!(may(a, b), ok, "{a:?} facing {b:?}");
            assert_eq!(may(b, a), ok, "{b:?} facing {a:?}");
        }
    }
}
