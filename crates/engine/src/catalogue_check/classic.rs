//! Every check of tiles/FORMAT-2.md for classic's catalogue, ported from
//! `check2.py`: on top of what the engine's loader reads
//! (`engine::classic::load`: the file's shape, each tile's regions, slots
//! and `touches`), the naming rules, planar plausibility, the base set's
//! totals and its table test against JCloisterZone `basic:1`, the City
//! Gates set, and Old City's removal list. Problems are collected, one
//! message each (`tile K: ...`), and the catalogue is refused if there is
//! any; warnings and notes of `check2.py` do not fail it and are not kept.

use crate::classic::load::{self, as_count, Draft, Reader, SIDES};
use crate::classic::tiles::{Catalogue, RegionKind, TileSet};
use crate::core::shape::CatalogueError;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const BASE_TOTAL: u32 = 72;
const BASE_PENNANTS: u32 = 10;
const BASE_CLOISTERS: u32 = 6;
const CG_TOTAL: usize = 24;
const OLD_CITY_REMOVED: u32 = 11;
const START_TILE: &str = "D";

/// research/classic.md §1.2 (JCloisterZone basic:1), one row per letter: JCZ
/// id, count, edges N E S W, city segments (sides, `+` = pennant), roads
/// (sides of each road), fields (`half-edges > adjacent cities`, each city
/// named by its sides), cloister. Copied from check2.py.
/// One row of the table: what JCZ says of a base tile type.
struct JczRow {
    letter: &'static str,
    jcz: &'static str,
    count: u8,
    /// Side kinds N E S W.
    edges: &'static str,
    /// City segments by their sides, `+` with a pennant.
    cities: &'static str,
    /// Roads by their sides.
    roads: &'static str,
    /// Fields: `half-edges > adjacent cities`, `;` between fields.
    fields: &'static str,
    cloister: bool,
}

// A table row in the order check2.py writes it (one call a line).
#[allow(clippy::too_many_arguments)]
const fn row(
    letter: &'static str,
    jcz: &'static str,
    count: u8,
    edges: &'static str,
    cities: &'static str,
    roads: &'static str,
    fields: &'static str,
    cloister: bool,
) -> JczRow {
    JczRow {
        letter,
        jcz,
        count,
        edges,
        cities,
        roads,
        fields,
        cloister,
    }
}

#[rustfmt::skip]
const EXPECTED_BASE: [JczRow; 24] = [
    row("A", "BA/LR", 2, "FFRF", "", "S", "NL NR EL ER SL SR WL WR >", true),
    row("B", "BA/L", 4, "FFFF", "", "", "NL NR EL ER SL SR WL WR >", true),
    row("C", "BA/Cccc+", 1, "CCCC", "NESW+", "", "", false),
    row("D", "BA/RCr", 4, "CRFR", "N", "WE", "EL WR > N; ER SL SR WL >", false),
    row("E", "BA/C", 5, "CFFF", "N", "", "EL ER SL SR WL WR > N", false),
    row("F", "BA/CFc+", 2, "FCFC", "EW+", "", "NL NR > EW; SL SR > EW", false),
    row("G", "BA/CFc.1", 1, "FCFC", "EW", "", "NL NR > EW; SL SR > EW", false),
    row("H", "BA/CFC.2", 3, "CFCF", "N S", "", "EL ER WL WR > N S", false),
    row("I", "BA/CC.2", 2, "CFFC", "N W", "", "EL ER SL SR > N W", false),
    row("J", "BA/CRr", 3, "CRRF", "N", "ES", "EL SR WL WR > N; ER SL >", false),
    row("K", "BA/RrC", 3, "CFRR", "N", "SW", "WR EL ER SL > N; SR WL >", false),
    row("L", "BA/CRRR", 3, "CRRR", "N", "E S W", "EL WR > N; ER SL >; SR WL >", false),
    row("M", "BA/Cc+", 2, "CFFC", "NW+", "", "EL ER SL SR > NW", false),
    row("N", "BA/Cc.1", 3, "CFFC", "NW", "", "EL ER SL SR > NW", false),
    row("O", "BA/CcRr+", 2, "CRRC", "NW+", "ES", "EL SR > NW; ER SL >", false),
    row("P", "BA/CcRr", 3, "CRRC", "NW", "ES", "EL SR > NW; ER SL >", false),
    row("Q", "BA/Ccc+", 1, "CCFC", "NEW+", "", "SL SR > NEW", false),
    row("R", "BA/Ccc", 3, "CCFC", "NEW", "", "SL SR > NEW", false),
    row("S", "BA/CccR+", 2, "CCRC", "NEW+", "S", "SL > NEW; SR > NEW", false),
    row("T", "BA/CccR", 1, "CCRC", "NEW", "S", "SL > NEW; SR > NEW", false),
    row("U", "BA/RFr", 8, "FRFR", "", "WE", "WR NL NR EL >; ER SL SR WL >", false),
    row("V", "BA/Rr", 9, "FFRR", "", "SW", "WR NL NR EL ER SL >; SR WL >", false),
    row("W", "BA/RRR", 4, "FRRR", "", "E S W", "WR NL NR EL >; ER SL >; SR WL >", false),
    row("X", "BA/RRRR", 1, "RRRR", "", "N E S W", "WR NL >; NR EL >; ER SL >; SR WL >", false),
];
/// Edge strings (N E S W; c city, f field, r road, g gate; `+` pennant)
/// named by JCloisterZone's City Gates engine tests.
const JCZ_CITY_GATES: [&str; 8] = [
    "gggg", "ccrg+", "cgrc+", "fcfg", "cfrg", "fcrg", "cgrr", "rcrg",
];
/// Tile kinds Old City's rules and examples use (edge codes), and whether
/// the one kept must have a pennant.
const OLD_CITY_KEEP: [(&str, Option<bool>); 5] = [
    ("cccc", Some(true)),
    ("cfrr", None),
    ("crrr", None),
    ("cfcf", Some(true)),
    ("ccrr", None),
];

/// What the checks read of a tile, from what the loader read.
trait Look {
    fn kind(&self, r: usize) -> RegionKind;
    fn word(&self, r: usize) -> &'static str;
    fn rid(&self, r: usize) -> &str;
    fn slot(&self, k: usize) -> usize;
    fn is(&self, r: usize, word: &str) -> bool;
    fn side_kind(&self, s: usize) -> char;
    fn pennants(&self) -> u32;
    fn edge_string(&self) -> String;
    fn edge_code(&self) -> String;
    fn positions(&self) -> Vec<u16>;
    fn road_sides(&self, r: usize) -> Vec<usize>;
    fn roads(&self) -> Vec<usize>;
    fn cities(&self) -> Vec<usize>;
    fn has_free_cloister(&self) -> bool;
}

impl Look for Draft {
    fn kind(&self, r: usize) -> RegionKind {
        self.regions[r].kind
    }

    fn word(&self, r: usize) -> &'static str {
        self.kind(r).word()
    }

    fn rid(&self, r: usize) -> &str {
        &self.regions[r].id
    }

    fn slot(&self, k: usize) -> usize {
        self.sides[k / 3][k % 3]
    }

    fn is(&self, r: usize, word: &str) -> bool {
        self.word(r) == word
    }

    fn side_kind(&self, s: usize) -> char {
        match self.kind(self.sides[s][1]) {
            RegionKind::City { .. } => 'c',
            RegionKind::Field => 'f',
            RegionKind::Road { .. } => 'r',
            RegionKind::Gate { .. } => 'g',
            RegionKind::Cloister { .. } => '?',
        }
    }

    fn pennants(&self) -> u32 {
        self.regions
            .iter()
            .map(|r| match r.kind {
                RegionKind::City { pennants, .. } => pennants as u32,
                _ => 0,
            })
            .sum()
    }

    /// N E S W kinds plus `+` with a pennant, as in JCZ's City Gates ids.
    fn edge_string(&self) -> String {
        let mut s: String = (0..4).map(|d| self.side_kind(d)).collect();
        if self.pennants() > 0 {
            s.push('+');
        }
        s
    }

    /// The rotation of the edge string that sorts first (c < f < g < r).
    fn edge_code(&self) -> String {
        let s: Vec<char> = (0..4).map(|d| self.side_kind(d)).collect();
        (0..4)
            .map(|k| s[k..].iter().chain(&s[..k]).collect::<String>())
            .min()
            .unwrap_or_default()
    }

    /// Region → boundary positions 0..11 as a bit set (a gate's slot counts
    /// for its city too).
    fn positions(&self) -> Vec<u16> {
        let mut pos = vec![0u16; self.regions.len()];
        for k in 0..12 {
            let r = self.slot(k);
            pos[r] |= 1 << k;
            if let RegionKind::Gate { city } = self.kind(r) {
                pos[city as usize] |= 1 << k;
            }
        }
        pos
    }

    /// The sides (indices) whose centre slot holds road `r`.
    fn road_sides(&self, r: usize) -> Vec<usize> {
        (0..4).filter(|&s| self.sides[s][1] == r).collect()
    }

    fn roads(&self) -> Vec<usize> {
        (0..self.regions.len())
            .filter(|&r| self.is(r, "road"))
            .collect()
    }

    fn cities(&self) -> Vec<usize> {
        (0..self.regions.len())
            .filter(|&r| self.is(r, "city"))
            .collect()
    }

    fn has_free_cloister(&self) -> bool {
        self.regions
            .iter()
            .any(|r| matches!(r.kind, RegionKind::Cloister { city: None }))
    }
}

fn slot_name(k: usize) -> String {
    format!("{}{}", SIDES[k / 3], k % 3)
}

/// Whether position sets `pa` and `pb` interleave round the 12-slot cycle.
fn interleave(pa: u16, pb: u16) -> bool {
    let seq: Vec<bool> = (0..12)
        .filter(|&k| (pa | pb) & (1 << k) != 0)
        .map(|k| pa & (1 << k) != 0)
        .collect();
    let n = seq.len();
    (0..n).filter(|&k| seq[k] != seq[(k + n - 1) % n]).count() >= 4
}

/// Collects the problems (the loader's `Reader`, with every check).
struct Checker(Reader);

impl std::ops::Deref for Checker {
    type Target = Reader;
    fn deref(&self) -> &Reader {
        &self.0
    }
}

impl std::ops::DerefMut for Checker {
    fn deref_mut(&mut self) -> &mut Reader {
        &mut self.0
    }
}

impl Checker {
    // ------------------------------------------------------------ a tile

    /// The naming rules of a tile, read from the file
    /// itself (its regions' ids and keys): a base tile's id, a City Gates
    /// tile's id and note, each region's id pattern and the keys it may have.
    fn check_names(&mut self, tile: &Value) {
        let Some(obj) = tile.as_object() else {
            return;
        };
        let Some(id) = obj
            .get("id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
        else {
            return;
        };
        let w = format!("tile {id}");
        match obj.get("expansion").and_then(Value::as_str) {
            Some("base")
                if !(id.len() == 1 && ('A'..='X').contains(&id.chars().next().unwrap_or('?'))) =>
            {
                self.err(&w, "a base tile id is one letter A..X");
            }
            Some("city-gates") => {
                let num = id
                    .strip_prefix('G')
                    .filter(|n| n.len() == 2)
                    .and_then(|n| n.parse::<u32>().ok());
                if !matches!(num, Some(1..=24)) {
                    self.err(&w, "a City Gates tile id is G01..G24");
                }
                let note = obj.get("note").and_then(Value::as_str).unwrap_or("");
                if note.is_empty() {
                    self.err(&w, "a City Gates tile needs a note saying what it shows");
                }
            }
            _ => {}
        }
        let Some(regions) = obj.get("regions").and_then(Value::as_object) else {
            return;
        };
        for (rid, reg) in regions {
            let Some(reg) = reg.as_object() else {
                continue;
            };
            let rtype = reg.get("type").and_then(Value::as_str).unwrap_or("");
            let (pattern_ok, words, allowed): (bool, &str, &[&str]) = match rtype {
                "road" => (
                    matches!(rid.as_str(), "1" | "2" | "3" | "4"),
                    "one of 1..4",
                    &["type", "bridge"],
                ),
                "city" => (
                    matches!(rid.as_str(), "c" | "d" | "e"),
                    "c, d or e",
                    &["type", "pennants", "points"],
                ),
                "field" => (
                    rid.len() == 1 && ('f'..='l').contains(&rid.chars().next().unwrap_or('?')),
                    "one of f..l",
                    &["type"],
                ),
                "cloister" => (rid == "m", "m", &["type", "city"]),
                "gate" => (
                    matches!(rid.as_str(), "N" | "E" | "S" | "W"),
                    "the side letter N, E, S or W",
                    &["type", "city"],
                ),
                _ => continue,
            };
            if !pattern_ok {
                self.err(&w, format!("{rtype} region id {rid:?} must be {words}"));
            }
            for key in reg.keys() {
                if !allowed.contains(&key.as_str()) {
                    self.err(&w, format!("region {rid:?} ({rtype}) may not have {key:?}"));
                }
            }
            if rtype == "road" && !matches!(reg.get("bridge"), None | Some(Value::Bool(true))) {
                self.err(&w, format!("road {rid:?}: bridge is written only as true"));
            }
        }
    }

    fn check_sides(&mut self, w: &str, t: &Draft) {
        let base = t.set == TileSet::Base;
        for (s, letter) in SIDES.iter().enumerate() {
            let slots = t.sides[s];
            let words: Vec<&str> = slots.iter().map(|&r| t.word(r)).collect();
            let names: Vec<&str> = slots.iter().map(|&r| t.rid(r)).collect();
            if words.contains(&"cloister") {
                self.err(w, format!("side {letter}: a cloister appears in no slot"));
                continue;
            }
            for i in [0, 2] {
                if matches!(words[i], "road" | "gate") {
                    self.err(
                        w,
                        format!(
                            "side {letter}: {} {:?} in a non-centre slot {i}",
                            words[i], names[i]
                        ),
                    );
                }
            }
            match words[1] {
                "city" => {
                    if !(slots[0] == slots[1] && slots[1] == slots[2]) {
                        self.err(
                            w,
                            format!("side {letter}: a city side has the same city in all three slots, got {names:?}"),
                        );
                    }
                }
                "road" | "gate" => {
                    if words[0] != "field" || words[2] != "field" {
                        self.err(
                            w,
                            format!(
                                "side {letter}: a {0} side is [field, {0}, field], got {names:?}",
                                words[1]
                            ),
                        );
                    }
                }
                _ => {
                    if words.iter().any(|&x| x != "field") {
                        self.err(
                            w,
                            format!(
                                "side {letter}: a field side has field slots only, got {names:?}"
                            ),
                        );
                    } else if (slots[0] != slots[1] || slots[1] != slots[2]) && base {
                        self.err(
                            w,
                            format!(
                                "side {letter}: no base tile splits a field side, got {names:?}"
                            ),
                        );
                    }
                }
            }
            if (words[0] == "city" || words[2] == "city") && words[1] != "city" {
                self.err(
                    w,
                    format!(
                        "side {letter}: a city slot on a side that is not a city side {names:?}"
                    ),
                );
            }
        }
        // Gates: exactly one slot, the centre slot of the side the id names.
        for r in 0..t.regions.len() {
            if !t.is(r, "gate") {
                continue;
            }
            let at: Vec<usize> = (0..12).filter(|&k| t.slot(k) == r).collect();
            if at.len() != 1 || at[0] % 3 != 1 {
                let found: Vec<String> = at.iter().map(|&k| slot_name(k)).collect();
                self.err(
                    w,
                    format!(
                        "gate {:?} must be the centre slot of exactly one side, found at {found:?}",
                        t.rid(r)
                    ),
                );
            } else if SIDES[at[0] / 3].to_string() != t.rid(r) {
                self.err(
                    w,
                    format!(
                        "gate {:?} sits on side {}; its id must name that side",
                        t.rid(r),
                        SIDES[at[0] / 3]
                    ),
                );
            }
        }
    }

    fn check_geometry(&mut self, w: &str, t: &Draft) {
        let pos = t.positions();
        let n = t.regions.len();
        // usage
        for (r, &at) in pos.iter().enumerate() {
            if t.is(r, "cloister") {
                continue;
            }
            if at == 0 {
                let extra = if t.is(r, "city") {
                    " and no gate names it"
                } else {
                    ""
                };
                self.err(
                    w,
                    format!("{} {:?} appears in no slot{extra}", t.word(r), t.rid(r)),
                );
            }
        }
        if (0..n).filter(|&r| t.is(r, "cloister")).count() > 1 {
            self.err(w, "more than one cloister");
        }
        // cities reached only through gates
        for c in t.cities() {
            let own = (0..12).any(|k| t.slot(k) == c);
            let gated = t
                .regions
                .iter()
                .any(|g| matches!(g.kind, RegionKind::Gate { city } if city as usize == c));
            let has_points = matches!(
                t.kind(c),
                RegionKind::City {
                    points: Some(_),
                    ..
                }
            );
            if !own && gated && !has_points {
                self.err(
                    w,
                    format!(
                        "city {:?} reaches no side (only gates): it is complete when placed and needs a fixed points value",
                        t.rid(c)
                    ),
                );
            }
        }
        // roads
        let roads = t.roads();
        let one_sided: Vec<usize> = roads
            .iter()
            .copied()
            .filter(|&r| t.road_sides(r).len() == 1)
            .collect();
        for &r in &roads {
            let ss = t.road_sides(r);
            if ss.len() > 2 {
                self.err(
                    w,
                    format!(
                        "road {:?} named on {} sides (at most 2)",
                        t.rid(r),
                        ss.len()
                    ),
                );
            }
            if matches!(t.kind(r), RegionKind::Road { bridge: true })
                && (ss.len() != 2 || ss[1] != ss[0] + 2)
            {
                self.err(
                    w,
                    format!(
                        "bridge road {:?} must run straight across the tile (two opposite sides)",
                        t.rid(r)
                    ),
                );
            }
        }
        if t.crossing && (one_sided.len() < 3 || one_sided.len() != roads.len()) {
            self.err(
                w,
                "crossing: true needs three or more roads, each on exactly one side",
            );
        }
        if !t.crossing && one_sided.len() >= 3 {
            self.err(
                w,
                format!(
                    "{} roads end on the tile: they meet at a junction, mark crossing: true",
                    one_sided.len()
                ),
            );
        }
        if !t.crossing && !one_sided.is_empty() {
            let has_city = !t.cities().is_empty();
            let free_cloister = t.has_free_cloister();
            if one_sided.len() > 1 && free_cloister {
                self.err(w, "only one road can end at the cloister");
            }
            if !has_city && !free_cloister {
                let names: Vec<&str> = one_sided.iter().map(|&r| t.rid(r)).collect();
                self.err(
                    w,
                    format!("road(s) {names:?} end on the tile but there is no junction, city or cloister"),
                );
            }
        }
        // touches: every boundary contact of a field with a city or gate
        let pairs = &t.touch_pairs;
        let owner = |r: usize| match t.kind(r) {
            RegionKind::Gate { city } => city as usize,
            _ => r,
        };
        let mut needed: BTreeSet<(usize, usize)> = BTreeSet::new();
        for k in 0..12 {
            let (a, b) = (t.slot(k), t.slot((k + 1) % 12));
            if a == b {
                continue;
            }
            if t.is(a, "field") && t.is(b, "field") {
                if k / 3 != (k + 1) % 12 / 3 {
                    self.err(
                        w,
                        format!(
                            "fields {:?} and {:?} meet at the corner {}/{}: nothing can separate them there",
                            t.rid(a),
                            t.rid(b),
                            slot_name(k),
                            slot_name((k + 1) % 12)
                        ),
                    );
                }
                continue;
            }
            for (fa, other) in [(a, b), (b, a)] {
                if t.is(fa, "field") && (t.is(other, "city") || t.is(other, "gate")) {
                    needed.insert((fa, owner(other)));
                }
            }
        }
        for &(f, c) in &needed {
            if !pairs.contains(&(f, c)) {
                self.err(
                    w,
                    format!(
                        "field {:?} meets city {:?} around the boundary but touches does not list it",
                        t.rid(f),
                        t.rid(c)
                    ),
                );
            }
        }
        self.check_planar(w, t, &pos, &one_sided);
    }

    fn check_planar(&mut self, w: &str, t: &Draft, pos: &[u16], one_sided: &[usize]) {
        let n = t.regions.len();
        // Pieces in id order (regions are already sorted by id).
        let pieces: Vec<usize> = (0..n)
            .filter(|&r| (t.is(r, "road") || t.is(r, "city") || t.is(r, "field")) && pos[r] != 0)
            .collect();
        for r in t.roads() {
            if !matches!(t.kind(r), RegionKind::Road { bridge: true }) {
                continue;
            }
            let crossed: Vec<&str> = t
                .cities()
                .into_iter()
                .filter(|&c| interleave(pos[r], pos[c]))
                .map(|c| t.rid(c))
                .collect();
            if crossed.len() != 1 {
                self.err(
                    w,
                    format!(
                        "bridge road {:?} must cross exactly one city, crosses {crossed:?}",
                        t.rid(r)
                    ),
                );
            }
        }
        for (i, &a) in pieces.iter().enumerate() {
            for &b in &pieces[i + 1..] {
                if !interleave(pos[a], pos[b]) {
                    continue;
                }
                let road = if t.is(a, "road") { a } else { b };
                let other = if road == a { b } else { a };
                if t.is(road, "road")
                    && t.is(other, "city")
                    && matches!(t.kind(road), RegionKind::Road { bridge: true })
                {
                    continue;
                }
                let show = |r: usize| {
                    (0..12)
                        .filter(|&k| pos[r] & (1 << k) != 0)
                        .map(slot_name)
                        .collect::<Vec<_>>()
                        .join(",")
                };
                self.err(
                    w,
                    format!(
                        "not planar: {} and {} interleave around the boundary ({} vs {})",
                        t.rid(a),
                        t.rid(b),
                        show(a),
                        show(b)
                    ),
                );
            }
        }
        if t.crossing {
            let hub = one_sided.iter().fold(0u16, |m, &r| m | pos[r]);
            for &b in &pieces {
                if !one_sided.contains(&b) && interleave(hub, pos[b]) {
                    self.err(
                        w,
                        format!(
                            "not planar: the junction's roads and {} interleave",
                            t.rid(b)
                        ),
                    );
                }
            }
        } else if !one_sided.is_empty() && !t.has_free_cloister() {
            // A road that ends at a city: road + that city leave the rest planar.
            for &r in one_sided {
                let reaches_a_city = t.cities().into_iter().filter(|&c| pos[c] != 0).any(|c| {
                    let joined = pos[r] | pos[c];
                    !pieces
                        .iter()
                        .any(|&b| b != r && b != c && interleave(joined, pos[b]))
                });
                if !reaches_a_city {
                    self.err(
                        w,
                        format!(
                            "road {:?} ends on the tile but cannot reach any city without crossing",
                            t.rid(r)
                        ),
                    );
                }
            }
        }
    }

    // --------------------------------------------------------- the sets

    fn check_base(&mut self, base: &[&Draft]) {
        let total: u32 = base.iter().map(|t| t.count as u32).sum();
        if total != BASE_TOTAL {
            self.err(
                "base",
                format!("counts sum to {total}, not {BASE_TOTAL} (start tile included)"),
            );
        }
        let starts: Vec<&str> = base
            .iter()
            .filter(|t| t.start)
            .map(|t| t.id.as_str())
            .collect();
        if starts != [START_TILE] {
            self.err(
                "base",
                format!("start must be true on tile {START_TILE} only, found on {starts:?}"),
            );
        }
        let pen: u32 = base.iter().map(|t| t.count as u32 * t.pennants()).sum();
        if pen != BASE_PENNANTS {
            self.err(
                "base",
                format!("pennants sum to {pen}, not {BASE_PENNANTS}"),
            );
        }
        let clo: u32 = base
            .iter()
            .filter(|t| {
                t.regions
                    .iter()
                    .any(|r| matches!(r.kind, RegionKind::Cloister { .. }))
            })
            .map(|t| t.count as u32)
            .sum();
        if clo != BASE_CLOISTERS {
            self.err(
                "base",
                format!("cloisters sum to {clo}, not {BASE_CLOISTERS}"),
            );
        }
        for t in base {
            if t.regions
                .iter()
                .any(|r| matches!(r.kind, RegionKind::Gate { .. }))
            {
                self.err(&format!("tile {}", t.id), "a base tile has no gate");
            }
            if t.regions
                .iter()
                .any(|r| matches!(r.kind, RegionKind::Road { bridge: true }))
            {
                self.err(&format!("tile {}", t.id), "a base tile has no bridge");
            }
        }
        for row in &EXPECTED_BASE {
            match base.iter().find(|t| t.id == row.letter) {
                Some(t) => self.table_test(t, row),
                None => self.err("base", format!("tile {} missing", row.letter)),
            }
        }
    }

    /// Compare one base tile with research/classic.md §1.2.
    fn table_test(&mut self, t: &Draft, row: &JczRow) {
        let JczRow {
            jcz,
            count,
            edges,
            cities: cities_s,
            roads: roads_s,
            fields: fields_s,
            cloister,
            ..
        } = *row;
        let w = format!("tile {} vs JCZ {jcz}", t.id);
        if t.count != count {
            self.err(&w, format!("count {}, expected {count}", t.count));
        }
        let got_edges: String = (0..4)
            .map(|d| t.side_kind(d).to_ascii_uppercase())
            .collect();
        if got_edges != edges {
            self.err(&w, format!("edges {got_edges}, expected {edges}"));
        }
        let sides_of = |r: usize| -> String {
            (0..4)
                .filter(|&s| t.sides[s][1] == r)
                .map(|s| SIDES[s])
                .collect()
        };
        let mut got_cities: Vec<(String, u32)> = t
            .cities()
            .into_iter()
            .map(|c| {
                let p = match t.kind(c) {
                    RegionKind::City { pennants, .. } => pennants as u32,
                    _ => 0,
                };
                (sides_of(c), p)
            })
            .collect();
        got_cities.sort();
        let mut exp_cities: Vec<(String, u32)> = cities_s
            .split_whitespace()
            .map(|w| {
                (
                    w.trim_end_matches('+').to_string(),
                    u32::from(w.ends_with('+')),
                )
            })
            .collect();
        exp_cities.sort();
        if got_cities != exp_cities {
            self.err(
                &w,
                format!("city segments {got_cities:?}, expected {exp_cities:?}"),
            );
        }
        let sorted_letters = |s: String| {
            let mut v: Vec<char> = s.chars().collect();
            v.sort_unstable();
            v.into_iter().collect::<String>()
        };
        let mut got_roads: Vec<String> = t
            .roads()
            .into_iter()
            .map(|r| sorted_letters(sides_of(r)))
            .collect();
        got_roads.sort();
        let mut exp_roads: Vec<String> = roads_s
            .split_whitespace()
            .map(|w| sorted_letters(w.to_string()))
            .collect();
        exp_roads.sort();
        if got_roads != exp_roads {
            self.err(&w, format!("roads {got_roads:?}, expected {exp_roads:?}"));
        }
        let got_clo = t
            .regions
            .iter()
            .any(|r| matches!(r.kind, RegionKind::Cloister { .. }));
        if got_clo != cloister {
            self.err(&w, format!("cloister {got_clo}, expected {cloister}"));
        }
        if t.id == START_TILE && !t.start {
            self.err(&w, "the start tile type must have start: true");
        }
        // Fields: half-edges (slot 0 = L, slot 2 = R) and adjacent cities.
        type FieldRow = (BTreeSet<String>, BTreeSet<String>);
        let mut got_fields: BTreeSet<FieldRow> = BTreeSet::new();
        for f in (0..t.regions.len()).filter(|&r| t.is(r, "field")) {
            let mut halves = BTreeSet::new();
            for (s, letter) in SIDES.iter().enumerate() {
                if t.sides[s][0] == f {
                    halves.insert(format!("{letter}L"));
                }
                if t.sides[s][2] == f {
                    halves.insert(format!("{letter}R"));
                }
            }
            let adj: BTreeSet<String> = t
                .touch_pairs
                .iter()
                .filter(|&&(tf, _)| tf == f)
                .map(|&(_, c)| sides_of(c))
                .collect();
            got_fields.insert((halves, adj));
        }
        let mut exp_fields: BTreeSet<FieldRow> = BTreeSet::new();
        for part in fields_s.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            let (halves, adj) = part.split_once('>').unwrap_or((part, ""));
            exp_fields.insert((
                halves.split_whitespace().map(String::from).collect(),
                adj.split_whitespace().map(String::from).collect(),
            ));
        }
        if got_fields != exp_fields {
            let show = |fs: &BTreeSet<FieldRow>| {
                fs.iter()
                    .map(|(h, a)| {
                        format!(
                            "{} > {}",
                            h.iter().cloned().collect::<Vec<_>>().join(" "),
                            a.iter().cloned().collect::<Vec<_>>().join(" ")
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            self.err(
                &w,
                format!(
                    "fields [{}], expected [{}]",
                    show(&got_fields),
                    show(&exp_fields)
                ),
            );
        }
    }

    fn check_city_gates(&mut self, cg: &[&Draft]) {
        if cg.is_empty() {
            self.err("city-gates", "no City Gates tiles");
            return;
        }
        let total: usize = cg.iter().map(|t| t.count as usize).sum();
        if total != CG_TOTAL || cg.len() != CG_TOTAL {
            self.err(
                "city-gates",
                format!(
                    "{} tile types, {total} tiles; expected {CG_TOTAL} types, one copy each",
                    cg.len()
                ),
            );
        }
        let mut ids: Vec<&str> = cg.iter().map(|t| t.id.as_str()).collect();
        ids.sort_unstable();
        let want: Vec<String> = (1..=CG_TOTAL).map(|n| format!("G{n:02}")).collect();
        if ids != want {
            self.err("city-gates", "ids must be G01..G24");
        }
        let gates = |t: &Draft| {
            t.regions
                .iter()
                .filter(|r| matches!(r.kind, RegionKind::Gate { .. }))
                .count()
        };
        for t in cg {
            let w = format!("tile {}", t.id);
            if t.count != 1 {
                self.err(&w, "City Gates tiles come one of each");
            }
            if gates(t) == 0 {
                self.err(&w, "every City Gates tile has at least one gate");
            }
            if t.start {
                self.err(&w, "only the base tile D carries start");
            }
        }
        let with_edges = |e: &str| -> Vec<&Draft> {
            cg.iter()
                .copied()
                .filter(|t| t.edge_string() == e)
                .collect()
        };
        for e in JCZ_CITY_GATES {
            let found = with_edges(e);
            if found.len() != 1 {
                let names: Vec<&str> = found.iter().map(|t| t.id.as_str()).collect();
                self.err(
                    "city-gates",
                    format!("edge string {e:?} (from JCZ's tests) must appear exactly once, found {names:?}"),
                );
            }
        }
        // Structure JCZ's engine tests rely on (research/classic.md §3.2).
        if let Some(t) = with_edges("gggg").first() {
            let cs = t.cities();
            if cs.len() != 1
                || !matches!(
                    t.kind(cs[0]),
                    RegionKind::City {
                        points: Some(4),
                        ..
                    }
                )
            {
                self.err("jcz 4-points-city", "gggg has one city with points 4");
            }
        }
        for e in ["cfrg", "cgrc+"] {
            if let Some(t) = with_edges(e).first() {
                let r = t.sides[2][1];
                if !t.is(r, "road") || t.road_sides(r).len() != 1 {
                    self.err(
                        &format!("jcz test ({e})"),
                        "the road on S must end on the tile (a 1-tile road closed by a gate scores 1)",
                    );
                }
            }
        }
        if let Some(t) = with_edges("ccrg+").first() {
            let (e_city, n_city) = (t.sides[1][1], t.sides[0][1]);
            let pennant = matches!(t.kind(e_city), RegionKind::City { pennants: 1.., .. });
            let other_side = [0, 2, 3].iter().any(|&s| t.sides[s][1] == e_city);
            let gated = t
                .regions
                .iter()
                .any(|r| matches!(r.kind, RegionKind::Gate { city } if city as usize == e_city));
            if e_city == n_city || pennant || other_side || gated {
                self.err(
                    "jcz road-ends-in-gate (ccrg+)",
                    "the city on E is a separate segment with no other side, gate or pennant \
                     (with the start tile it makes a complete 2-tile city worth 4)",
                );
            }
        }
        // Features described by the seed and research.
        let mut feats: BTreeMap<String, u32> = BTreeMap::new();
        for t in cg {
            let g = gates(t);
            *feats.entry(format!("{g} gates")).or_default() += 1;
            if t.roads()
                .iter()
                .any(|&r| matches!(t.kind(r), RegionKind::Road { bridge: true }))
            {
                *feats.entry("bridge".into()).or_default() += 1;
            }
            if t.regions
                .iter()
                .any(|r| matches!(r.kind, RegionKind::Cloister { city: Some(_) }))
            {
                *feats.entry("monastery in a city".into()).or_default() += 1;
            }
            let through = t.roads().into_iter().any(|r| {
                t.road_sides(r).len() == 2
                    && !matches!(t.kind(r), RegionKind::Road { bridge: true })
            });
            if through && g > 0 {
                *feats.entry("road through, past a gate".into()).or_default() += 1;
            }
            for s in 0..4 {
                let sl = t.sides[s];
                if t.is(sl[1], "road") && sl[0] != sl[2] {
                    let touched = |f: usize| -> BTreeSet<usize> {
                        t.touch_pairs
                            .iter()
                            .filter(|&&(tf, _)| tf == f)
                            .map(|&(_, c)| c)
                            .collect()
                    };
                    let both: Vec<usize> = touched(sl[0])
                        .intersection(&touched(sl[2]))
                        .copied()
                        .collect();
                    if both
                        .iter()
                        .any(|&c| matches!(t.kind(c), RegionKind::City { pennants: 1.., .. }))
                    {
                        *feats
                            .entry("pennant city at two fields split by a road".into())
                            .or_default() += 1;
                        break;
                    }
                }
            }
        }
        for (need, least) in [
            ("3 gates", 1),
            ("4 gates", 1),
            ("bridge", 2),
            ("road through, past a gate", 1),
            ("monastery in a city", 1),
            ("pennant city at two fields split by a road", 1),
        ] {
            if feats.get(need).copied().unwrap_or(0) < least {
                self.err(
                    "city-gates",
                    format!("needs at least {least} tile(s) with: {need}"),
                );
            }
        }
    }

    fn check_old_city(&mut self, remove: Option<&Value>, base: &[&Draft]) -> BTreeMap<String, u8> {
        let w = "old_city_remove";
        let mut out = BTreeMap::new();
        let Some(remove) = remove.and_then(Value::as_object) else {
            self.err(w, "missing or not an object");
            return out;
        };
        let mut total = 0u32;
        for (tid, n) in remove {
            let Some(t) = base.iter().find(|t| &t.id == tid) else {
                self.err(w, format!("{tid:?} is not a base tile"));
                continue;
            };
            let Some(n) = as_count(n).filter(|&n| n >= 1) else {
                self.err(
                    w,
                    format!("{tid}: copies to remove must be a positive integer, got {n}"),
                );
                continue;
            };
            let keep_min = i64::from(t.start);
            if n > t.count as i64 - keep_min {
                self.err(
                    w,
                    format!(
                        "{tid}: removes {n} of {} copies{}",
                        t.count,
                        if t.start {
                            " (the start tile stays)"
                        } else {
                            ""
                        }
                    ),
                );
            }
            if t.pennants() > 0 {
                self.err(
                    w,
                    format!(
                        "{tid} has a pennant: Old City's 10 coins match the 10 pennants, keep them"
                    ),
                );
            }
            total += n.clamp(0, 255) as u32;
            out.insert(tid.clone(), n.clamp(0, 255) as u8);
        }
        if total != OLD_CITY_REMOVED {
            self.err(w, format!("removes {total} tiles, not {OLD_CITY_REMOVED}"));
        }
        let all: u32 = base.iter().map(|t| t.count as u32).sum();
        let left = all as i64 - total as i64;
        if left != 61 {
            self.err(w, format!("leaves {left} tiles, not 60 + the start tile"));
        }
        for (code, pen) in OLD_CITY_KEEP {
            let have: i64 = base
                .iter()
                .filter(|t| t.edge_code() == code && pen.is_none_or(|p| (t.pennants() > 0) == p))
                .map(|t| t.count as i64 - out.get(&t.id).copied().unwrap_or(0) as i64)
                .sum();
            if have < 1 {
                self.err(
                    w,
                    format!(
                        "no {}{} tile left (Old City's rules or examples use it)",
                        code.to_uppercase(),
                        if pen == Some(true) {
                            " with pennant"
                        } else {
                            ""
                        }
                    ),
                );
            }
        }
        out
    }
}

/// Reads and checks a catalogue: every failed check of FORMAT-2.md is
/// reported, one entry each.
pub fn check(json: &str) -> Result<Catalogue, CatalogueError> {
    let load::Reading {
        data,
        tiles,
        errors,
    } = load::read(json)?;
    let mut c = Checker(Reader { errors });
    let raw = data.get("tiles").and_then(Value::as_array);
    for tile in raw.into_iter().flatten() {
        c.check_names(tile);
    }
    for t in &tiles {
        let w = format!("tile {}", t.id);
        c.check_sides(&w, t);
        c.check_geometry(&w, t);
    }
    let base: Vec<&Draft> = tiles.iter().filter(|t| t.set == TileSet::Base).collect();
    let cg: Vec<&Draft> = tiles
        .iter()
        .filter(|t| t.set == TileSet::CityGates)
        .collect();
    c.check_base(&base);
    c.check_city_gates(&cg);
    let remove = c.check_old_city(data.get("old_city_remove"), &base);
    if !c.errors.is_empty() {
        return Err(CatalogueError(c.0.errors));
    }
    Catalogue::from_loaded(load::build(tiles, &remove))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::tiles::BUILTIN_JSON;

    fn problems(json: &str) -> Vec<String> {
        check(json).expect_err("must be rejected").0
    }

    fn has(errors: &[String], want: &str) -> bool {
        errors.iter().any(|e| e.contains(want))
    }

    /// The embedded file passes every check and gives the game's catalogue
    /// (the one the engine loads, equal to build.rs's table: the engine's
    /// `the_compiled_table_is_the_json_catalogue`).
    #[test]
    fn the_embedded_catalogue_passes_every_check() {
        let checked = check(BUILTIN_JSON).expect("the embedded catalogue is valid");
        let loaded = Catalogue::builtin().unwrap();
        assert_eq!(
            format!("{:?}", checked.tiles),
            format!("{:?}", loaded.tiles)
        );
        assert_eq!(checked.start, loaded.start);
        assert_eq!(checked.old_city_remove, loaded.old_city_remove);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for bad in [
            "",
            "{",
            "[]",
            "null",
            "{\"tiles\": 3}",
            r#"{"format": 2, "set": "classic", "tiles": [1, {}]}"#,
        ] {
            assert!(!problems(bad).is_empty());
        }
    }

    #[test]
    fn every_problem_is_listed() {
        // Two unrelated breaks: both reported.
        let bad = BUILTIN_JSON
            .replacen(
                "\"count\": 4, \"start\": true",
                "\"count\": 5, \"start\": true",
                1,
            )
            .replacen("\"set\": \"classic\"", "\"set\": \"city\"", 1);
        let e = problems(&bad);
        assert!(has(&e, "set must be \"classic\""), "{e:?}");
        assert!(has(&e, "counts sum to 73"), "{e:?}");
        assert!(
            has(&e, "tile D vs JCZ BA/RCr: count 5, expected 4"),
            "{e:?}"
        );
    }

    #[test]
    fn each_kind_of_problem_is_caught() {
        let d_touches = "\"touches\": [[\"f\", \"c\"]]},\n    {\"id\": \"E\"";
        assert!(BUILTIN_JSON.contains(d_touches), "fixture text moved");
        let cases: Vec<(String, &str)> = vec![
            // A road in a corner slot.
            (
                BUILTIN_JSON.replacen(
                    "\"E\": [\"f\", \"1\", \"g\"], \"S\": [\"g\", \"g\", \"g\"]",
                    "\"E\": [\"1\", \"f\", \"g\"], \"S\": [\"g\", \"g\", \"g\"]",
                    1,
                ),
                "in a non-centre slot",
            ),
            // A touches pair dropped.
            (
                BUILTIN_JSON.replacen(d_touches, "\"touches\": []},\n    {\"id\": \"E\"", 1),
                "touches does not list it",
            ),
            // An unknown region type.
            (
                BUILTIN_JSON.replacen("{\"type\": \"cloister\"}", "{\"type\": \"abbey\"}", 1),
                "unknown type",
            ),
            // The Old City list removes a pennant tile.
            (
                BUILTIN_JSON.replacen(
                    "\"old_city_remove\": {",
                    "\"old_city_remove\": {\"C\": 1, ",
                    1,
                ),
                "has a pennant",
            ),
            // A gate moved off its named side.
            (
                BUILTIN_JSON.replacen(
                    "\"W\": [\"i\", \"W\", \"f\"]",
                    "\"W\": [\"i\", \"i\", \"f\"]",
                    1,
                ),
                "appears in no slot",
            ),
        ];
        for (json, want) in cases {
            assert_ne!(json, BUILTIN_JSON, "the mutation for {want:?} must apply");
            let e = problems(&json);
            assert!(has(&e, want), "{want}: {e:?}");
        }
    }

    #[test]
    fn interleaving_round_the_boundary() {
        // N slots (0-2) vs E slots (3-5): adjacent, no interleave.
        assert!(!interleave(0b111, 0b111000));
        // Alternating positions interleave.
        assert!(interleave(0b0101, 0b1010));
    }
}
