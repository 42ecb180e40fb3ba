//! Compiles the two embedded tile catalogues (static/tiles/*.json) into Rust
//! tables (`$OUT_DIR/city_tiles.rs`, `$OUT_DIR/classic_tiles.rs`) that the
//! wasm32 builds load instead of parsing the JSON: the JSON text with a
//! JSON reader is most of what the catalogues would cost every visit, and
//! parsing it again at every start costs time (docs/loading.md).
//!
//! Nothing is checked here and nothing is derived: the tables hold what the
//! JSON says, regions in the loaders' order (the id order of a JSON object,
//! as serde_json's map keeps it) and region references as indices into that
//! order. The loaders build their tiles from them with the same code as from
//! the JSON, and native tests (`the_compiled_table_is_the_json_catalogue` in
//! crates/engine/src/city/tiles.rs and classic/load.rs) check that both
//! give the same catalogue, the JSON having passed every check of its format
//! (classic's in crates/engine/src/catalogue_check/classic.rs).

use serde_json::{Map, Value};
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let out = std::env::var("OUT_DIR").expect("OUT_DIR");
    for (json, rust, table) in [
        (
            "../../static/tiles/the-city.json",
            "city_tiles.rs",
            city as fn(&Value) -> String,
        ),
        (
            "../../static/tiles/classic.json",
            "classic_tiles.rs",
            classic,
        ),
    ] {
        println!("cargo:rerun-if-changed={json}");
        let text = std::fs::read_to_string(json).expect("read the catalogue");
        let data: Value = serde_json::from_str(&text).expect("the catalogue is JSON");
        std::fs::write(Path::new(&out).join(rust), table(&data)).expect("write the table");
    }
    println!("cargo:rerun-if-changed=build.rs");
}

fn obj(v: &Value) -> &Map<String, Value> {
    v.as_object().expect("an object")
}

fn text(v: Option<&Value>) -> &str {
    v.and_then(Value::as_str).unwrap_or("")
}

fn int(v: Option<&Value>) -> i64 {
    v.and_then(Value::as_i64).unwrap_or(0)
}

/// A region id's index in the tile's id order.
fn index(regions: &Map<String, Value>, rid: &str) -> usize {
    regions
        .keys()
        .position(|k| k == rid)
        .unwrap_or_else(|| panic!("unknown region {rid:?}"))
}

/// `[[a, b, c]; 4]` of region indices, sides N E S W.
fn sides(tile: &Map<String, Value>, regions: &Map<String, Value>) -> String {
    let sides = obj(&tile["sides"]);
    let mut s = String::from("[");
    for d in ["N", "E", "S", "W"] {
        s.push('[');
        for rid in sides[d].as_array().expect("three slots") {
            write!(s, "{},", index(regions, rid.as_str().expect("an id"))).unwrap();
        }
        s.push_str("],");
    }
    s.push(']');
    s
}

/// `&[(a, b), ...]` of region indices, in the file's order.
fn touches(tile: &Map<String, Value>, regions: &Map<String, Value>) -> String {
    let mut s = String::from("&[");
    for pair in tile["touches"].as_array().expect("a list") {
        let pair = pair.as_array().expect("a pair");
        let a = index(regions, pair[0].as_str().expect("an id"));
        let b = index(regions, pair[1].as_str().expect("an id"));
        write!(s, "({a},{b}),").unwrap();
    }
    s.push(']');
    s
}

fn city(data: &Value) -> String {
    let mut s = String::new();
    writeln!(s, "const SET: &str = {:?};", text(data.get("set"))).unwrap();
    s.push_str("static TILES: &[Compiled] = &[\n");
    for tile in data["tiles"].as_array().expect("tiles") {
        let tile = obj(tile);
        let regions = obj(&tile["regions"]);
        let mut rs = String::from("&[");
        for (rid, r) in regions {
            let kind = match text(r.get("type")) {
                "street" => "Kind::Street".to_string(),
                "market" => match text(r.get("goods")) {
                    "fish" => "Kind::Market(Goods::Fish)".to_string(),
                    "grain" => "Kind::Market(Goods::Grain)".to_string(),
                    "livestock" => "Kind::Market(Goods::Livestock)".to_string(),
                    other => panic!("goods {other:?}"),
                },
                "residential" => format!(
                    "Kind::Residential({}, {:?})",
                    int(r.get("public")),
                    r.get("historic").and_then(Value::as_str)
                ),
                other => panic!("region type {other:?}"),
            };
            write!(rs, "({rid:?}, {kind}),").unwrap();
        }
        rs.push(']');
        writeln!(
            s,
            "Compiled {{ id: {:?}, count: {}, crossing: {}, regions: {rs}, sides: {}, touches: {} }},",
            text(tile.get("id")),
            int(tile.get("count")),
            tile.get("crossing").and_then(Value::as_bool).unwrap_or(false),
            sides(tile, regions),
            touches(tile, regions),
        )
        .unwrap();
    }
    s.push_str("];\n");
    s
}

fn classic(data: &Value) -> String {
    let mut s = String::new();
    s.push_str("static OLD_CITY_REMOVE: &[(&str, u8)] = &[");
    for (tid, n) in obj(&data["old_city_remove"]) {
        write!(s, "({tid:?}, {}),", n.as_i64().expect("a count")).unwrap();
    }
    s.push_str("];\n");
    s.push_str("static TILES: &[Compiled] = &[\n");
    for tile in data["tiles"].as_array().expect("tiles") {
        let tile = obj(tile);
        let regions = obj(&tile["regions"]);
        let city_ref = |r: &Value| index(regions, text(r.get("city")));
        let mut rs = String::from("&[");
        for (rid, r) in regions {
            let kind = match text(r.get("type")) {
                "road" => format!(
                    "RegionKind::Road {{ bridge: {} }}",
                    r.get("bridge") == Some(&Value::Bool(true))
                ),
                "city" => format!(
                    "RegionKind::City {{ pennants: {}, points: {:?} }}",
                    int(r.get("pennants")),
                    r.get("points").and_then(Value::as_i64)
                ),
                "field" => "RegionKind::Field".to_string(),
                "cloister" => format!(
                    "RegionKind::Cloister {{ city: {:?} }}",
                    r.get("city").map(|_| city_ref(r))
                ),
                "gate" => format!("RegionKind::Gate {{ city: {} }}", city_ref(r)),
                other => panic!("region type {other:?}"),
            };
            write!(rs, "({rid:?}, {kind}),").unwrap();
        }
        rs.push(']');
        let set = match text(tile.get("expansion")) {
            "base" => "TileSet::Base",
            "city-gates" => "TileSet::CityGates",
            other => panic!("expansion {other:?}"),
        };
        let flag = |k: &str| tile.get(k).and_then(Value::as_bool).unwrap_or(false);
        writeln!(
            s,
            "Compiled {{ id: {:?}, set: {set}, count: {}, start: {}, crossing: {}, note: {:?}, regions: {rs}, sides: {}, touches: {} }},",
            text(tile.get("id")),
            int(tile.get("count")),
            flag("start"),
            flag("crossing"),
            text(tile.get("note")),
            sides(tile, regions),
            touches(tile, regions),
        )
        .unwrap();
    }
    s.push_str("];\n");
    s
}
