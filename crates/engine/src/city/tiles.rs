//! The City's tile catalogue (`static/tiles/the-city.json`, format of
//! tiles/FORMAT.md): loading, every check FORMAT.md asks for, and rotated
//! slot look-ups (through the core's `Shape`).

use crate::core::geom::{Dir, Rotation};
use crate::core::shape::parse_sides;
pub use crate::core::shape::{CatalogueError, RegionIdx, Shape, TileType};
use serde::Deserialize;
use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;

/// The project's own copy of the catalogue, embedded at build time.
pub const BUILTIN_JSON: &str = include_str!("../../../../static/tiles/the-city.json");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Goods {
    Fish,
    Grain,
    Livestock,
}

impl Goods {
    pub fn name(self) -> &'static str {
        match self {
            Goods::Fish => "fish",
            Goods::Grain => "grain",
            Goods::Livestock => "livestock",
        }
    }

    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionKind {
    Street,
    Market(Goods),
    Residential {
        public: u8,
        historic: Option<String>,
    },
}

/// The coarse type of a region: what joins what across a side (R4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum FeatureKind {
    Street,
    Market,
    Residential,
}

impl FeatureKind {
    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::Street => "street",
            FeatureKind::Market => "market",
            FeatureKind::Residential => "residential area",
        }
    }
}

impl RegionKind {
    pub fn feature(&self) -> FeatureKind {
        match self {
            RegionKind::Street => FeatureKind::Street,
            RegionKind::Market(_) => FeatureKind::Market,
            RegionKind::Residential { .. } => FeatureKind::Residential,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Region {
    /// The id written in the catalogue and in CGN (`1`, `a`, ...).
    pub id: String,
    pub kind: RegionKind,
}

/// One tile type with its slots, unrotated, plus derived look-ups for each rotation.
#[derive(Clone, Debug)]
pub struct TileDef {
    pub id: String,
    pub count: u8,
    pub crossing: bool,
    pub regions: Vec<Region>,
    /// Where the regions meet the sides, with rotation look-ups.
    pub shape: Shape,
    /// Pairs of areas that share a border inside the tile.
    pub touches: Vec<(RegionIdx, RegionIdx)>,
    /// Per rotation: bit d set when rotated side d has a street in its centre.
    street_mask: [u8; 4],
}

impl TileDef {
    /// The regions in the three slots of `side` after rotating the tile by `rot`.
    pub fn slots(&self, rot: Rotation, side: Dir) -> [RegionIdx; 3] {
        self.shape.slots(rot, side)
    }

    pub fn has_street(&self, rot: Rotation, side: Dir) -> bool {
        self.street_mask[rot.quarter_turns() as usize] & (1 << side.index()) != 0
    }

    /// Bit d set when rotated side d has a street.
    pub fn street_mask(&self, rot: Rotation) -> u8 {
        self.street_mask[rot.quarter_turns() as usize]
    }

    /// Bit d set when `region` has a slot on rotated side d.
    pub fn reach(&self, rot: Rotation, region: RegionIdx) -> u8 {
        self.shape.reach(rot, region)
    }

    pub fn region_index(&self, id: &str) -> Option<RegionIdx> {
        self.regions
            .iter()
            .position(|r| r.id == id)
            .map(|i| i as RegionIdx)
    }

    pub fn public_buildings(&self) -> u32 {
        self.regions
            .iter()
            .map(|r| match r.kind {
                RegionKind::Residential { public, .. } => public as u32,
                _ => 0,
            })
            .sum()
    }

    pub fn historic_buildings(&self) -> u32 {
        self.regions
            .iter()
            .filter(|r| {
                matches!(
                    r.kind,
                    RegionKind::Residential {
                        historic: Some(_),
                        ..
                    }
                )
            })
            .count() as u32
    }
}

/// A validated tile catalogue.
#[derive(Clone, Debug)]
pub struct Catalogue {
    pub set: String,
    pub tiles: Vec<TileDef>,
}

/// The seven named historic buildings of the game.
pub const HISTORIC: [&str; 7] = [
    "Bâtiment",
    "Château Comtal",
    "Grand Puits",
    "Petit Puits",
    "Saint Nazaire",
    "Saint Sernin",
    "Tour Carrée",
];

pub const TOTAL_TILES: u32 = 75;
pub const TOTAL_PUBLIC: u32 = 32;

#[derive(Deserialize)]
struct RawCatalogue {
    format: serde_json::Value,
    set: serde_json::Value,
    tiles: Vec<RawTile>,
}

#[derive(Deserialize)]
struct RawTile {
    id: String,
    count: i64,
    #[serde(default)]
    crossing: bool,
    regions: BTreeMap<String, RawRegion>,
    sides: BTreeMap<String, Vec<String>>,
    touches: Vec<Vec<String>>,
}

#[derive(Deserialize)]
struct RawRegion {
    #[serde(rename = "type")]
    kind: String,
    goods: Option<String>,
    public: Option<i64>,
    historic: Option<String>,
}

impl Catalogue {
    /// The embedded catalogue, parsed and checked once.
    ///
    /// Natively from the JSON with every check; in wasm32 (the browser)
    /// from the table build.rs compiles from the same file, which the
    /// native tests check gives the same catalogue: the page then carries
    /// neither the JSON nor a JSON reader (docs/loading.md has what that
    /// saves).
    pub fn builtin() -> Result<&'static Catalogue, CatalogueError> {
        static BUILTIN: OnceLock<Result<Catalogue, CatalogueError>> = OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                if cfg!(target_arch = "wasm32") {
                    Ok(compiled::catalogue())
                } else {
                    Catalogue::parse(BUILTIN_JSON)
                }
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Parse and check a catalogue; every failed check of FORMAT.md is reported.
    pub fn parse(json: &str) -> Result<Catalogue, CatalogueError> {
        let raw: RawCatalogue = serde_json::from_str(json)
            .map_err(|e| CatalogueError(vec![format!("not a catalogue: {e}")]))?;
        let mut errors = Vec::new();
        if raw.format != serde_json::json!(1) {
            errors.push(format!("format must be 1, got {}", raw.format));
        }
        let set = match raw.set.as_str() {
            Some(s) if !s.is_empty() => s.to_string(),
            _ => {
                errors.push("set must be a non-empty string".into());
                String::new()
            }
        };
        if raw.tiles.len() > 255 {
            errors.push("more than 255 tile types".into());
            return Err(CatalogueError(errors));
        }
        let mut tiles = Vec::new();
        let mut ids = HashSet::new();
        for t in &raw.tiles {
            if !ids.insert(t.id.clone()) {
                errors.push(format!("tile {}: duplicate id", t.id));
            }
            if let Some(def) = check_tile(t, &mut errors) {
                tiles.push(def);
            }
        }
        if errors.is_empty() {
            check_totals(&tiles, &mut errors);
        }
        if errors.is_empty() {
            Ok(Catalogue { set, tiles })
        } else {
            Err(CatalogueError(errors))
        }
    }

    pub fn get(&self, t: TileType) -> &TileDef {
        &self.tiles[t as usize]
    }

    /// The tile type with this id (ids are unique: a checked catalogue).
    /// A search: the catalogue is short and a map's code is not.
    pub fn by_id(&self, id: &str) -> Option<TileType> {
        self.tiles
            .iter()
            .position(|t| t.id == id)
            .map(|i| i as TileType)
    }

    /// Every copy of every tile, in catalogue order (the unshuffled box).
    pub fn all_copies(&self) -> Vec<TileType> {
        crate::core::deal::box_of(self.tiles.iter().map(|t| t.count))
    }
}

fn check_tile(t: &RawTile, errors: &mut Vec<String>) -> Option<TileDef> {
    let w = format!("tile {}", t.id);
    let before = errors.len();
    if t.id.is_empty() {
        errors.push("a tile has an empty id".into());
    }
    if !(1..=75).contains(&t.count) {
        errors.push(format!(
            "{w}: count must be a positive integer, got {}",
            t.count
        ));
    }
    if t.regions.is_empty() || t.regions.len() > 16 {
        errors.push(format!("{w}: needs 1 to 16 regions"));
        return None;
    }
    let mut regions = Vec::new();
    for (rid, r) in &t.regions {
        let kind = match r.kind.as_str() {
            "street" => {
                if !matches!(rid.as_str(), "1" | "2" | "3" | "4") {
                    errors.push(format!("{w}: street region id {rid:?} must be one of 1..4"));
                }
                if r.goods.is_some() || r.public.is_some() || r.historic.is_some() {
                    errors.push(format!(
                        "{w}: street {rid:?} may not have goods or buildings"
                    ));
                }
                RegionKind::Street
            }
            "market" => {
                check_area_id(&w, rid, errors);
                if r.public.is_some() || r.historic.is_some() {
                    errors.push(format!("{w}: market {rid:?} may not have buildings"));
                }
                let goods = match r.goods.as_deref() {
                    Some("fish") => Goods::Fish,
                    Some("grain") => Goods::Grain,
                    Some("livestock") => Goods::Livestock,
                    other => {
                        errors.push(format!(
                            "{w}: market {rid:?} needs goods fish, grain or livestock, got {other:?}"
                        ));
                        Goods::Fish
                    }
                };
                RegionKind::Market(goods)
            }
            "residential" => {
                check_area_id(&w, rid, errors);
                if r.goods.is_some() {
                    errors.push(format!("{w}: residential {rid:?} may not have goods"));
                }
                let public = r.public.unwrap_or(0);
                if !(0..=9).contains(&public) {
                    errors.push(format!(
                        "{w}: residential {rid:?}: public must be an integer from 0 to 9"
                    ));
                }
                if let Some(h) = &r.historic {
                    if !HISTORIC.contains(&h.as_str()) {
                        errors.push(format!(
                            "{w}: residential {rid:?}: unknown historic building {h:?}"
                        ));
                    }
                }
                RegionKind::Residential {
                    public: public.clamp(0, 9) as u8,
                    historic: r.historic.clone(),
                }
            }
            other => {
                errors.push(format!("{w}: region {rid:?} has unknown type {other:?}"));
                RegionKind::Street
            }
        };
        regions.push(Region {
            id: rid.clone(),
            kind,
        });
    }
    let index = |rid: &str| regions.iter().position(|r| r.id == rid);
    let sides = parse_sides(&w, &t.sides, index, errors)?;
    // Every region in a slot; streets only in centre slots, on at most two sides.
    for (r, region) in regions.iter().enumerate() {
        let mut on_sides = 0;
        let mut anywhere = false;
        for (d, slots) in sides.iter().enumerate() {
            for (i, &slot) in slots.iter().enumerate() {
                if slot as usize == r {
                    anywhere = true;
                    if region.kind == RegionKind::Street {
                        if i != 1 {
                            errors.push(format!(
                                "{w}: street {:?} in a non-centre slot of side {}",
                                region.id,
                                Dir::from_index(d)
                            ));
                        } else {
                            on_sides += 1;
                        }
                    }
                }
            }
        }
        if !anywhere {
            errors.push(format!("{w}: region {:?} appears in no slot", region.id));
        }
        if on_sides > 2 {
            errors.push(format!(
                "{w}: street {:?} named on {on_sides} sides (at most 2)",
                region.id
            ));
        }
    }
    let mut touches = Vec::new();
    let mut seen = HashSet::new();
    for pair in &t.touches {
        let (Some(a), Some(b)) = (
            pair.first().and_then(|a| index(a)),
            pair.get(1).and_then(|b| index(b)),
        ) else {
            errors.push(format!(
                "{w}: touches entry {pair:?} is not a pair of region ids"
            ));
            continue;
        };
        if pair.len() != 2 || a == b {
            errors.push(format!(
                "{w}: touches entry {pair:?} is not a pair of two areas"
            ));
            continue;
        }
        let (ka, kb) = (regions[a].kind.feature(), regions[b].kind.feature());
        if ka == FeatureKind::Street || kb == FeatureKind::Street {
            errors.push(format!("{w}: touches pair {pair:?} names a street"));
            continue;
        }
        if ka == kb {
            errors.push(format!(
                "{w}: areas {pair:?} are both {} and touch: they would be one feature",
                ka.name()
            ));
        }
        if !seen.insert((a.min(b), a.max(b))) {
            errors.push(format!("{w}: touches pair {pair:?} listed twice"));
        }
        touches.push((a as RegionIdx, b as RegionIdx));
    }
    if errors.len() > before {
        return None;
    }
    Some(TileDef::new(
        t.id.clone(),
        t.count as u8,
        t.crossing,
        regions,
        sides,
        touches,
    ))
}

impl TileDef {
    /// A tile from what its catalogue entry says (checked, or compiled from
    /// the checked builtin file), with its look-ups.
    fn new(
        id: String,
        count: u8,
        crossing: bool,
        regions: Vec<Region>,
        sides: [[RegionIdx; 3]; 4],
        touches: Vec<(RegionIdx, RegionIdx)>,
    ) -> TileDef {
        let shape = Shape::new(sides, regions.len());
        let street_mask = shape.centre_masks(|r| regions[r as usize].kind == RegionKind::Street);
        TileDef {
            id,
            count,
            crossing,
            regions,
            shape,
            touches,
            street_mask,
        }
    }
}

/// The builtin catalogue as build.rs compiles it from `BUILTIN_JSON`: what
/// the file says, regions in id order, references as region indices.
mod compiled {
    use super::{Catalogue, Goods, Region, RegionIdx, RegionKind, TileDef};

    enum Kind {
        Street,
        Market(Goods),
        /// Public buildings, historic building.
        Residential(u8, Option<&'static str>),
    }

    struct Compiled {
        id: &'static str,
        count: u8,
        crossing: bool,
        regions: &'static [(&'static str, Kind)],
        sides: [[RegionIdx; 3]; 4],
        touches: &'static [(RegionIdx, RegionIdx)],
    }

    include!(concat!(env!("OUT_DIR"), "/city_tiles.rs"));

    pub(super) fn catalogue() -> Catalogue {
        let tiles = TILES
            .iter()
            .map(|t| {
                let regions = t
                    .regions
                    .iter()
                    .map(|(id, kind)| Region {
                        id: id.to_string(),
                        kind: match *kind {
                            Kind::Street => RegionKind::Street,
                            Kind::Market(goods) => RegionKind::Market(goods),
                            Kind::Residential(public, historic) => RegionKind::Residential {
                                public,
                                historic: historic.map(str::to_string),
                            },
                        },
                    })
                    .collect();
                TileDef::new(
                    t.id.to_string(),
                    t.count,
                    t.crossing,
                    regions,
                    t.sides,
                    t.touches.to_vec(),
                )
            })
            .collect();
        Catalogue {
            set: SET.to_string(),
            tiles,
        }
    }
}

fn check_area_id(w: &str, rid: &str, errors: &mut Vec<String>) {
    let mut chars = rid.chars();
    let ok = matches!((chars.next(), chars.next()), (Some(c), None) if c.is_ascii_lowercase());
    if !ok {
        errors.push(format!(
            "{w}: area id {rid:?} must be one lower-case letter"
        ));
    }
}

fn check_totals(tiles: &[TileDef], errors: &mut Vec<String>) {
    let count: u32 = tiles.iter().map(|t| t.count as u32).sum();
    if count != TOTAL_TILES {
        errors.push(format!("counts sum to {count}, not {TOTAL_TILES}"));
    }
    let public: u32 = tiles
        .iter()
        .map(|t| t.public_buildings() * t.count as u32)
        .sum();
    if public != TOTAL_PUBLIC {
        errors.push(format!(
            "public buildings sum to {public}, not {TOTAL_PUBLIC}"
        ));
    }
    for name in HISTORIC {
        let holders: Vec<&TileDef> = tiles
            .iter()
            .filter(|t| {
                t.regions.iter().any(|r| {
                    matches!(&r.kind, RegionKind::Residential { historic: Some(h), .. } if h == name)
                })
            })
            .collect();
        let on_regions: usize = tiles
            .iter()
            .flat_map(|t| &t.regions)
            .filter(
                |r| matches!(&r.kind, RegionKind::Residential { historic: Some(h), .. } if h == name),
            )
            .count();
        if on_regions != 1 {
            errors.push(format!(
                "historic building {name:?} appears {on_regions} times, not once"
            ));
        } else if holders[0].count != 1 {
            errors.push(format!(
                "historic building {name:?} is on tile {} whose count is not 1",
                holders[0].id
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_catalogue_passes_every_check() {
        let c = Catalogue::builtin().expect("the embedded catalogue is valid");
        assert_eq!(c.all_copies().len(), 75);
        assert_eq!(c.tiles.len(), 54);
    }

    #[test]
    fn broken_catalogue_is_an_error_not_a_panic() {
        for bad in [
            "",
            "{",
            "[]",
            r#"{"format": 2, "set": "x", "tiles": []}"#,
            &BUILTIN_JSON.replace("\"count\": 2", "\"count\": 3"),
            &BUILTIN_JSON.replace("Saint Sernin", "Saint Nobody"),
            &BUILTIN_JSON.replacen("\"goods\": \"fish\"", "\"goods\": \"wine\"", 1),
            &BUILTIN_JSON.replacen("[\"a\", \"1\", \"b\"]", "[\"1\", \"a\", \"b\"]", 1),
        ] {
            let e = Catalogue::parse(bad).expect_err("must be rejected");
            assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn the_compiled_table_is_the_json_catalogue() {
        let json = Catalogue::parse(BUILTIN_JSON).expect("the embedded catalogue is valid");
        let table = compiled::catalogue();
        assert_eq!(format!("{:?}", table.tiles), format!("{:?}", json.tiles));
        assert_eq!(table.set, json.set);
    }

    #[test]
    fn rotation_moves_slots_clockwise() {
        let c = Catalogue::builtin().unwrap();
        let t = c.get(c.by_id("T1").unwrap());
        let r1 = Rotation::new(1).unwrap();
        // Unrotated N is all `t`; after a quarter turn it faces east.
        assert_eq!(t.slots(r1, Dir::E), t.shape.sides[Dir::N.index()]);
        assert!(!t.has_street(r1, Dir::E));
        assert!(t.has_street(Rotation::ALL[0], Dir::E));
    }
}
