//! Reads classic's catalogue (tiles/FORMAT-2.md) as far as the game needs
//! to run safely: the file's shape, each tile's regions, slots and
//! `touches` as references that resolve, counts, the start tile, Old City's
//! list as numbers of base tiles. Broken input is a `CatalogueError` listing
//! every problem, never a panic. Every other check of FORMAT-2.md and
//! check2.py (naming, geometry, the sets' totals, the JCloisterZone table)
//! is the native-only `catalogue_check::classic`, which reads with this and
//! checks the rest; the embedded catalogue passes it in the native tests.

use super::tiles::{
    Catalogue, Parts, Region, RegionKind, TileDef, TileSet, TileType, BUILTIN_JSON,
};
use crate::core::shape::{CatalogueError, RegionIdx};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// Sides in the file's order.
pub const SIDES: [char; 4] = ['N', 'E', 'S', 'W'];
/// The engine's own limits: region indices fit a u16 mask, tile types a u8.
const MAX_REGIONS: usize = 16;
const MAX_TYPES: usize = 255;

/// A tile as read, before its look-ups are built (`TileDef::new`).
pub struct Draft {
    pub id: String,
    pub set: TileSet,
    pub count: u8,
    pub start: bool,
    pub crossing: bool,
    pub note: String,
    pub regions: Vec<Region>,
    pub sides: [[usize; 3]; 4],
    pub touches: Vec<Value>,
    /// `touches` as (field, city) region indices.
    pub touch_pairs: Vec<(usize, usize)>,
}

/// A file read tile by tile: every tile that read, and every problem met.
pub struct Reading {
    /// The file (the full check reads more of it).
    pub data: Value,
    pub tiles: Vec<Draft>,
    pub errors: Vec<String>,
}

/// Collects the problems of one read.
pub struct Reader {
    pub errors: Vec<String>,
}

impl Reader {
    pub fn err(&mut self, where_: &str, msg: impl AsRef<str>) {
        self.errors.push(format!("{where_}: {}", msg.as_ref()));
    }

    /// One tile: its shape, its references resolved.
    pub fn read_tile(
        &mut self,
        n: usize,
        tile: &Value,
        seen: &mut BTreeSet<String>,
    ) -> Option<Draft> {
        let Some(obj) = tile.as_object() else {
            self.err(&format!("tile #{n}"), "not an object");
            return None;
        };
        let id = match obj.get("id").and_then(Value::as_str) {
            Some(s) if !s.is_empty() => s.to_string(),
            _ => {
                self.err(
                    &format!("tile #{n}"),
                    "id missing or not a non-empty string",
                );
                return None;
            }
        };
        let w = format!("tile {id}");
        if !seen.insert(id.clone()) {
            self.err(&w, "duplicate id");
        }
        let mut ok = true;
        let set = match obj.get("expansion").and_then(Value::as_str) {
            Some("base") => Some(TileSet::Base),
            Some("city-gates") => Some(TileSet::CityGates),
            _ => {
                self.err(
                    &w,
                    format!(
                        "expansion must be one of base, city-gates, got {}",
                        obj.get("expansion")
                            .map_or("nothing".into(), |v| v.to_string())
                    ),
                );
                ok = false;
                None
            }
        };
        let count = match obj.get("count").and_then(as_count) {
            Some(c) if (1..=255).contains(&c) => c as u8,
            _ => {
                self.err(
                    &w,
                    format!(
                        "count must be a positive integer, got {}",
                        obj.get("count").map_or("nothing".into(), |v| v.to_string())
                    ),
                );
                ok = false;
                1
            }
        };
        let mut flags = [false; 2];
        for (k, flag) in ["start", "crossing"].into_iter().enumerate() {
            match obj.get(flag) {
                None => {}
                Some(Value::Bool(b)) => flags[k] = *b,
                Some(v) => {
                    self.err(&w, format!("{flag} must be true or false, got {v}"));
                    ok = false;
                }
            }
        }
        let note = match obj.get("note") {
            None => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(_) => {
                self.err(&w, "note must be a string");
                String::new()
            }
        };
        let Some(raw_regions) = obj
            .get("regions")
            .and_then(Value::as_object)
            .filter(|m| !m.is_empty())
        else {
            self.err(&w, "regions missing or empty");
            return None;
        };
        if raw_regions.len() > MAX_REGIONS {
            self.err(&w, format!("more than {MAX_REGIONS} regions"));
            return None;
        }
        let regions = self.read_regions(&w, raw_regions, &mut ok);
        let sides_obj = obj.get("sides").and_then(Value::as_object);
        let Some(sides_obj) = sides_obj.filter(|m| {
            let mut keys: Vec<&str> = m.keys().map(String::as_str).collect();
            keys.sort_unstable();
            keys == ["E", "N", "S", "W"]
        }) else {
            self.err(&w, "sides must have exactly the keys N, E, S, W");
            return None;
        };
        let ids: Vec<&str> = raw_regions.keys().map(String::as_str).collect();
        let mut sides = [[0usize; 3]; 4];
        for (d, letter) in SIDES.iter().enumerate() {
            let slots = sides_obj.get(&letter.to_string()).and_then(Value::as_array);
            let Some(slots) = slots.filter(|s| s.len() == 3 && s.iter().all(Value::is_string))
            else {
                self.err(
                    &w,
                    format!("side {letter} must be a list of three region ids"),
                );
                return None;
            };
            for (i, v) in slots.iter().enumerate() {
                let rid = v.as_str().unwrap_or_default();
                match ids.iter().position(|&x| x == rid) {
                    Some(r) => sides[d][i] = r,
                    None => {
                        self.err(
                            &w,
                            format!("side {letter} slot {i} names unknown region {rid:?}"),
                        );
                        ok = false;
                    }
                }
            }
        }
        let Some(touches) = obj.get("touches").and_then(Value::as_array) else {
            self.err(&w, "touches missing or not a list");
            return None;
        };
        let (Some(regions), Some(set), true) = (regions, set, ok) else {
            return None;
        };
        let mut draft = Draft {
            id,
            set,
            count,
            start: flags[0],
            crossing: flags[1],
            note,
            regions,
            sides,
            touches: touches.clone(),
            touch_pairs: Vec::new(),
        };
        self.read_touches(&w, &mut draft);
        Some(draft)
    }

    /// `touches` as `[field, city]` pairs of the tile, each once.
    fn read_touches(&mut self, w: &str, t: &mut Draft) {
        let index = |rid: &str| t.regions.iter().position(|r| r.id == rid);
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for entry in &t.touches {
            let pair: Option<Vec<&str>> = entry
                .as_array()
                .filter(|a| a.len() == 2)
                .and_then(|a| a.iter().map(Value::as_str).collect());
            let Some(pair) = pair else {
                self.err(
                    w,
                    format!("touches entry {entry} is not a pair of region ids"),
                );
                continue;
            };
            let (f, c) = (index(pair[0]), index(pair[1]));
            let (Some(f), Some(c)) = (
                f.filter(|&f| t.regions[f].kind == RegionKind::Field),
                c.filter(|&c| matches!(t.regions[c].kind, RegionKind::City { .. })),
            ) else {
                self.err(
                    w,
                    format!("touches entry {entry} must be [field, city] of this tile"),
                );
                continue;
            };
            if pairs.contains(&(f, c)) {
                self.err(w, format!("touches pair {entry} listed twice"));
            }
            pairs.push((f, c));
        }
        t.touch_pairs = pairs;
    }

    /// The regions in id order; `None` (with `ok` false) when one cannot be
    /// read.
    fn read_regions(
        &mut self,
        w: &str,
        raw: &Map<String, Value>,
        ok: &mut bool,
    ) -> Option<Vec<Region>> {
        let ids: Vec<&str> = raw.keys().map(String::as_str).collect();
        let type_of = |rid: &str| {
            raw.get(rid)
                .and_then(|r| r.get("type"))
                .and_then(Value::as_str)
        };
        let mut regions = Vec::new();
        let mut good = true;
        for (rid, reg) in raw {
            let Some(obj) = reg.as_object() else {
                self.err(w, format!("region {rid:?} is not an object"));
                good = false;
                continue;
            };
            let rtype = obj.get("type").and_then(Value::as_str).unwrap_or("");
            if !matches!(rtype, "road" | "city" | "field" | "cloister" | "gate") {
                self.err(
                    w,
                    format!(
                        "region {rid:?} has unknown type {}",
                        obj.get("type").map_or("nothing".into(), |v| v.to_string())
                    ),
                );
                good = false;
                continue;
            }
            let city_ref = |this: &mut Reader, good: &mut bool| -> Option<RegionIdx> {
                let c = obj.get("city")?;
                match c.as_str() {
                    Some(c) if type_of(c) == Some("city") => {
                        ids.iter().position(|&x| x == c).map(|i| i as RegionIdx)
                    }
                    _ => {
                        this.err(
                            w,
                            format!("{rtype} {rid:?} names {c}, which is not a city of the tile"),
                        );
                        *good = false;
                        None
                    }
                }
            };
            let kind = match rtype {
                "road" => {
                    // Written only as true (the full check says so).
                    let bridge = obj.get("bridge") == Some(&Value::Bool(true));
                    RegionKind::Road { bridge }
                }
                "city" => {
                    let mut nums = [Some(0u8), None];
                    for (k, key) in ["pennants", "points"].into_iter().enumerate() {
                        if let Some(v) = obj.get(key) {
                            let least = if k == 0 { 0 } else { 1 };
                            match as_count(v) {
                                Some(n) if (least..=255).contains(&n) => nums[k] = Some(n as u8),
                                _ => {
                                    self.err(
                                        w,
                                        format!(
                                            "city {rid:?}: {key} must be a whole number {}, got {v}",
                                            if k == 0 { ">= 0" } else { ">= 1" }
                                        ),
                                    );
                                    good = false;
                                }
                            }
                        }
                    }
                    RegionKind::City {
                        pennants: nums[0].unwrap_or(0),
                        points: nums[1],
                    }
                }
                "field" => RegionKind::Field,
                "cloister" => RegionKind::Cloister {
                    city: city_ref(self, &mut good),
                },
                _ => {
                    if obj.get("city").is_none() {
                        self.err(w, format!("gate {rid:?} needs the city it belongs to"));
                        good = false;
                        continue;
                    }
                    match city_ref(self, &mut good) {
                        Some(city) => RegionKind::Gate { city },
                        None => continue,
                    }
                }
            };
            regions.push(Region {
                id: rid.clone(),
                kind,
            });
        }
        if !good {
            *ok = false;
            return None;
        }
        Some(regions)
    }

    /// Old City's list as copies of base tiles, no more than there are.
    pub fn read_old_city(
        &mut self,
        remove: Option<&Value>,
        base: &[&Draft],
    ) -> BTreeMap<String, u8> {
        let mut out = BTreeMap::new();
        let Some(remove) = remove.and_then(Value::as_object) else {
            self.err("old_city_remove", "missing or not an object");
            return out;
        };
        for (tid, n) in remove {
            let tile = base.iter().find(|t| &t.id == tid);
            match (tile, as_count(n)) {
                (Some(t), Some(n)) if n >= 1 && n <= t.count as i64 - i64::from(t.start) => {
                    out.insert(tid.clone(), n as u8);
                }
                _ => self.err(
                    "old_city_remove",
                    format!("{tid}: {n} copies of a base tile cannot be taken out"),
                ),
            }
        }
        out
    }
}

pub fn as_count(v: &Value) -> Option<i64> {
    // JSON booleans are not numbers here (Python: isinstance(bool) excluded).
    v.as_i64().filter(|_| v.is_number() && !v.is_f64())
}

/// What the game keeps of a catalogue that read.
pub struct Loaded {
    pub tiles: Vec<TileDef>,
    /// Copies Old City takes out (O1.1), per tile type.
    pub old_city_remove: Vec<u8>,
}

/// Reads the file's shape and every tile; fails only when there is no list
/// of tiles to read (not JSON, no object, no tiles, too many).
pub fn read(json: &str) -> Result<Reading, CatalogueError> {
    let data: Value = serde_json::from_str(json)
        .map_err(|e| CatalogueError(vec![format!("not a catalogue: {e}")]))?;
    let mut c = Reader { errors: Vec::new() };
    let Some(top) = data.as_object() else {
        return Err(CatalogueError(vec![
            "file: top level is not an object".into()
        ]));
    };
    if top.get("format").and_then(as_count) != Some(2) {
        c.err(
            "file",
            format!(
                "format must be 2, got {}",
                top.get("format")
                    .map_or("nothing".into(), |v| v.to_string())
            ),
        );
    }
    if top.get("set").and_then(Value::as_str) != Some("classic") {
        c.err(
            "file",
            format!(
                "set must be \"classic\", got {}",
                top.get("set").map_or("nothing".into(), |v| v.to_string())
            ),
        );
    }
    let Some(tiles) = top
        .get("tiles")
        .and_then(Value::as_array)
        .filter(|t| !t.is_empty())
    else {
        c.err("file", "tiles missing or empty");
        return Err(CatalogueError(c.errors));
    };
    if tiles.len() > MAX_TYPES {
        c.err("file", format!("more than {MAX_TYPES} tile types"));
        return Err(CatalogueError(c.errors));
    }
    let mut seen = BTreeSet::new();
    let good: Vec<Draft> = tiles
        .iter()
        .enumerate()
        .filter_map(|(n, t)| c.read_tile(n, t, &mut seen))
        .collect();
    if good.len() != tiles.len() {
        c.err(
            "file",
            format!(
                "{} tile(s) could not be read; totals below are partial",
                tiles.len() - good.len()
            ),
        );
    }
    Ok(Reading {
        tiles: good,
        errors: c.errors,
        data,
    })
}

/// The tiles with their look-ups, and Old City's removals per tile type.
pub fn build(drafts: Vec<Draft>, old_city_remove: &BTreeMap<String, u8>) -> Loaded {
    let tiles: Vec<TileDef> = drafts
        .into_iter()
        .map(|d| {
            let sides = d.sides.map(|s| s.map(|r| r as RegionIdx));
            let touches = d
                .touch_pairs
                .iter()
                .map(|&(f, c)| (f as RegionIdx, c as RegionIdx))
                .collect();
            TileDef::new(Parts {
                id: d.id,
                set: d.set,
                count: d.count,
                start: d.start,
                crossing: d.crossing,
                note: d.note,
                regions: d.regions,
                sides,
                touches,
            })
        })
        .collect();
    let old_city_remove = tiles
        .iter()
        .map(|t| old_city_remove.get(&t.id).copied().unwrap_or(0))
        .collect();
    Loaded {
        tiles,
        old_city_remove,
    }
}

/// Reads a catalogue as far as the game needs; every problem is reported.
pub fn load(json: &str) -> Result<Loaded, CatalogueError> {
    let Reading {
        data,
        tiles,
        errors,
    } = read(json)?;
    let mut c = Reader { errors };
    let base: Vec<&Draft> = tiles.iter().filter(|t| t.set == TileSet::Base).collect();
    let remove = c.read_old_city(data.get("old_city_remove"), &base);
    if !c.errors.is_empty() {
        return Err(CatalogueError(c.errors));
    }
    Ok(build(tiles, &remove))
}

impl Catalogue {
    /// The embedded catalogue, loaded once: natively from the JSON; in
    /// wasm32 (the browser) from the table build.rs compiles from the same
    /// file (docs/loading.md has what that saves). The native tests
    /// check that both give the same catalogue and that the file passes
    /// every check of its format (`catalogue_check::classic`).
    pub fn builtin() -> Result<&'static Catalogue, CatalogueError> {
        static BUILTIN: OnceLock<Result<Catalogue, CatalogueError>> = OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                if cfg!(target_arch = "wasm32") {
                    Catalogue::from_loaded(compiled::loaded())
                } else {
                    Catalogue::parse(BUILTIN_JSON)
                }
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Read a catalogue as far as the game needs (`load.rs`); every problem
    /// is reported, one entry each.
    pub fn parse(json: &str) -> Result<Catalogue, CatalogueError> {
        Catalogue::from_loaded(load(json)?)
    }

    /// The catalogue of tiles the loader read; it needs a start tile.
    pub fn from_loaded(loaded: Loaded) -> Result<Catalogue, CatalogueError> {
        let start = loaded
            .tiles
            .iter()
            .position(|t| t.start)
            .ok_or_else(|| CatalogueError(vec!["no start tile".into()]))?
            as TileType;
        Ok(Catalogue {
            tiles: loaded.tiles,
            start,
            old_city_remove: loaded.old_city_remove,
        })
    }
}

/// The builtin catalogue as build.rs compiles it from `BUILTIN_JSON`: what
/// the file says, regions in id order, references as region indices.
mod compiled {
    use super::{Loaded, Parts, Region, RegionIdx, RegionKind, TileDef, TileSet};

    struct Compiled {
        id: &'static str,
        set: TileSet,
        count: u8,
        start: bool,
        crossing: bool,
        note: &'static str,
        regions: &'static [(&'static str, RegionKind)],
        sides: [[RegionIdx; 3]; 4],
        touches: &'static [(RegionIdx, RegionIdx)],
    }

    include!(concat!(env!("OUT_DIR"), "/classic_tiles.rs"));

    pub(super) fn loaded() -> Loaded {
        let tiles = TILES
            .iter()
            .map(|t| {
                TileDef::new(Parts {
                    id: t.id.to_string(),
                    set: t.set,
                    count: t.count,
                    start: t.start,
                    crossing: t.crossing,
                    note: t.note.to_string(),
                    regions: t
                        .regions
                        .iter()
                        .map(|&(id, kind)| Region {
                            id: id.to_string(),
                            kind,
                        })
                        .collect(),
                    sides: t.sides,
                    touches: t.touches.to_vec(),
                })
            })
            .collect();
        let old_city_remove = TILES
            .iter()
            .map(|t| {
                OLD_CITY_REMOVE
                    .iter()
                    .find(|&&(id, _)| id == t.id)
                    .map_or(0, |&(_, n)| n)
            })
            .collect();
        Loaded {
            tiles,
            old_city_remove,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The file passes every check of its format too: the native-only
    /// `catalogue_check::classic`'s tests.
    #[test]
    fn the_compiled_table_is_the_json_catalogue() {
        let json = Catalogue::parse(BUILTIN_JSON).expect("the embedded catalogue loads");
        let table = Catalogue::from_loaded(compiled::loaded()).unwrap();
        assert_eq!(format!("{:?}", table.tiles), format!("{:?}", json.tiles));
        assert_eq!(table.start, json.start);
        assert_eq!(table.old_city_remove, json.old_city_remove);
    }

    #[test]
    fn the_loader_refuses_what_the_engine_could_not_run_on() {
        let bad = BUILTIN_JSON.replacen("[\"c\", \"c\", \"c\"]", "[\"c\", \"z\", \"c\"]", 1);
        assert_ne!(bad, BUILTIN_JSON);
        assert!(Catalogue::parse(&bad).is_err());
        for garbage in ["", "{", "[]", "null", "{\"tiles\": 3}"] {
            assert!(Catalogue::parse(garbage).is_err());
        }
    }
}
