//! Procedural artwork for the tile types: a little medieval town per tile.
//!
//! Everything is drawn from the catalogue's slot data, in unrotated tile
//! coordinates (a 100×100 box, origin top-left, y down), as SVG path data the
//! UI puts inside a `<g transform=...>` rotated by the placement.
//!
//! How a tile is laid out:
//! - the perimeter is cut into 24 half-slots; a street slot's halves belong to
//!   the areas left and right of it. Runs of equal areas become polygons that
//!   meet at a hub (the tile centre, or the middle of a curved street);
//! - an area run enclosed on both sides by one other area, with no street at
//!   either end, becomes a *bay*: a rounded patch drawn over that area, which
//!   then passes behind it (a market square on one side of a street, say);
//! - streets are cobbled strokes: straight or quarter-circle through-streets,
//!   spokes to a small square at a crossing, dead ends that stop at a building
//!   or open into a market;
//! - residential areas are filled with houses (two-tone roofs) along streets,
//!   borders and tile edges, then inwards, with trees in the gaps; public
//!   buildings are larger slate-roofed halls with a bell tower; historic
//!   buildings are landmarks (churches, castle, tower, wells, hall) titled
//!   with their name; markets hold striped stalls and pens in the goods'
//!   colour, with the goods laid out in front.
//!
//! Small variations (roof colours, house sizes, stall positions) come from a
//! hash of the tile id, so the same tile always gets the same picture. No
//! trigonometry is used, so native and wasm builds agree to the last digit.
//! The colours and strokes live in [`ART_CSS`].

use crate::engine::city::tiles::{Goods, RegionIdx, RegionKind, TileDef};

/// Which pass a shape belongs to; shapes come sorted by layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Layer {
    /// Area polygons (residential ground, market squares) and their borders.
    Ground,
    /// Streets and crossing squares.
    Street,
    /// Roofs, public and historic buildings, market stalls.
    Building,
    /// Small things on top: goods, trees, finials.
    Detail,
}

/// One SVG `<path>` of a tile's picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub layer: Layer,
    /// The region the shape shows (for hit-testing and highlighting); `None`
    /// for pure decoration, which [`ART_CSS`] makes transparent to the pointer.
    pub region: Option<RegionIdx>,
    /// SVG path data, coordinates rounded to one decimal.
    pub d: String,
    /// CSS class(es) from [`ART_CSS`].
    pub class: &'static str,
    /// A per-shape fill for a class whose CSS rule leaves the fill unset (the
    /// roof tones): write it as the `fill` attribute; when `None`, write no
    /// fill attribute at all and let the class decide.
    pub fill: Option<&'static str>,
    /// A hover title (historic building names, "Public building").
    pub title: Option<String>,
}

/// A tile type's picture and a follower spot per region, computed together.
#[derive(Clone, Debug, PartialEq)]
pub struct TileArt {
    pub shapes: Vec<Shape>,
    /// `anchors[r]`: where to draw a follower on region `r`, unrotated.
    pub anchors: Vec<(f32, f32)>,
}

/// The picture and anchors of a tile type (compute once per type and cache).
pub fn tile_art(def: &TileDef) -> TileArt {
    let mut layout = Layout::new(def);
    layout.populate();
    TileArt {
        shapes: layout.shapes(),
        anchors: layout.anchors.clone(),
    }
}

/// The picture of a tile type, unrotated, sorted by layer.
pub fn tile_shapes(def: &TileDef) -> Vec<Shape> {
    tile_art(def).shapes
}

/// A good point inside `region` to draw a follower, unrotated: on the street
/// for a street, in an open spot clear of the buildings for an area.
pub fn region_anchor(def: &TileDef, region: RegionIdx) -> (f32, f32) {
    Layout::new(def)
        .anchors
        .get(region as usize)
        .copied()
        .unwrap_or(CENTRE)
}

/// The market colour of each kind of goods (the stalls' awnings) and its label.
pub fn goods_legend() -> Vec<(Goods, &'static str, &'static str)> {
    vec![
        (Goods::Fish, FISH, "fish"),
        (Goods::Grain, GRAIN, "grain"),
        (Goods::Livestock, LIVESTOCK, "livestock"),
    ]
}

/// Stall awning colours (also in [`ART_CSS`]).
pub const FISH: &str = "#4f7aa0";
pub const GRAIN: &str = "#e2a72a";
pub const LIVESTOCK: &str = "#6f8a33";

/// The stylesheet for every class [`tile_shapes`] uses. Stroke widths are in
/// tile units, so they scale with the tile.
pub const ART_CSS: &str = "\
.art-ground-res{fill:#d3c293}
.art-market-fish{fill:#c3ccc9}
.art-market-grain{fill:#eedba0}
.art-market-livestock{fill:#c6cb8d}
.art-border{fill:none;stroke:#7d6a4a;stroke-width:.9;stroke-opacity:.6;pointer-events:none}
.art-street-edge{fill:none;stroke:#6b6152;stroke-width:16.2;pointer-events:none}
.art-street{fill:none;stroke:#b9ae98;stroke-width:13.2}
.art-street-stones{fill:none;stroke:#a2967e;stroke-width:12;stroke-dasharray:1.2 2.1;pointer-events:none}
.art-plaza{fill:#b9ae98;stroke:#6b6152;stroke-width:1.2;pointer-events:none}
.art-plaza-post{fill:#8d8170;stroke:#4f473c;stroke-width:.6;pointer-events:none}
.art-roof{stroke:#5a2c1c;stroke-width:.5;stroke-linejoin:round}
.art-roof-shade{fill:#3a1a0c;fill-opacity:.28}
.art-public{fill:#5d6f8a;stroke:#2c3444;stroke-width:.6;stroke-linejoin:round}
.art-public-tower{fill:#4a5a72;stroke:#2c3444;stroke-width:.6;stroke-linejoin:round}
.art-public-shade{fill:#141b28;fill-opacity:.3}
.art-gold{fill:#e8bb3c;stroke:#6d5214;stroke-width:.4;pointer-events:none}
.art-stone{fill:#ddd0b0;stroke:#5c5140;stroke-width:.6;stroke-linejoin:round}
.art-wall{fill:#d6c8a6;fill-rule:evenodd;stroke:#5c5140;stroke-width:.6;stroke-linejoin:round}
.art-court{fill:#a9b07a;stroke:#5c5140;stroke-width:.4}
.art-crenel{fill:none;stroke:#4d4436;stroke-width:1;stroke-dasharray:1.2 1}
.art-slate{fill:#66707f;stroke:#2f343c;stroke-width:.5;stroke-linejoin:round}
.art-brick{fill:#b85a3e;stroke:#5a2818;stroke-width:.55;stroke-linejoin:round}
.art-hall{fill:#8c4a38;stroke:#4a2016;stroke-width:.55;stroke-linejoin:round}
.art-hist-shade{fill:#20140c;fill-opacity:.27}
.art-paving{fill:#e4dbc4;stroke:#8e8167;stroke-width:.6}
.art-water{fill:#3f6682;stroke:#22394a;stroke-width:.5}
.art-iron{fill:none;stroke:#2e2a26;stroke-width:1.1;stroke-linecap:round}
.art-stall-fish{fill:#4f7aa0;stroke:#263b4f;stroke-width:.5}
.art-stall-grain{fill:#e2a72a;stroke:#6e4f0e;stroke-width:.5}
.art-stall-livestock{fill:#6f8a33;stroke:#36441a;stroke-width:.5}
.art-stall-stripe{fill:#fbf3de;fill-opacity:.85}
.art-pen{fill:#b7c27a;stroke:#6a4a28;stroke-width:.9;stroke-linejoin:round}
.art-goods-fish{fill:#a9bccb;stroke:#33495a;stroke-width:.35}
.art-goods-grain{fill:#e9c766;stroke:#7a5a1c;stroke-width:.35}
.art-goods-livestock{fill:#f4eedd;stroke:#5f4c34;stroke-width:.35}
.art-goods-head{fill:#3f3326}
.art-fountain{fill:#d9ccab;stroke:#5c5140;stroke-width:.6}
.art-tree{fill:#6e8b45;stroke:#45592a;stroke-width:.5;pointer-events:none}
";

// ---------------------------------------------------------------------------
// Small geometry

type Pt = (f32, f32);

const CENTRE: Pt = (50.0, 50.0);
/// Half the width of a street's cobbles.
const STREET_HALF: f32 = 6.6;
/// How far a building keeps from a street's centre line.
const STREET_CLEAR: f32 = 8.7;
/// Radius of the square where crossing streets meet.
const PLAZA_R: f32 = 10.5;
/// Cubic handle for a quarter circle of radius 50, and for an eighth.
const QUARTER_K: f32 = 27.6;
const EIGHTH_K: f32 = 13.26;
/// Cubic handle factor for a circle drawn as four quarter arcs.
const CIRCLE_K: f32 = 0.5523;

fn add(a: Pt, b: Pt) -> Pt {
    (a.0 + b.0, a.1 + b.1)
}
fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}
fn mul(a: Pt, k: f32) -> Pt {
    (a.0 * k, a.1 * k)
}
fn dot(a: Pt, b: Pt) -> f32 {
    a.0 * b.0 + a.1 * b.1
}
fn len(a: Pt) -> f32 {
    dot(a, a).sqrt()
}
fn dist(a: Pt, b: Pt) -> f32 {
    len(sub(a, b))
}
fn norm(a: Pt) -> Pt {
    let l = len(a);
    if l > 1e-6 {
        mul(a, 1.0 / l)
    } else {
        (1.0, 0.0)
    }
}
/// A quarter turn clockwise on screen (y down).
fn perp(a: Pt) -> Pt {
    (-a.1, a.0)
}
fn lerp(a: Pt, b: Pt, t: f32) -> Pt {
    add(a, mul(sub(b, a), t))
}

fn seg_dist(p: Pt, a: Pt, b: Pt) -> f32 {
    let ab = sub(b, a);
    let l2 = dot(ab, ab);
    let t = if l2 > 0.0 {
        (dot(sub(p, a), ab) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    dist(p, add(a, mul(ab, t)))
}

fn polyline_dist(p: Pt, line: &[Pt]) -> f32 {
    line.windows(2)
        .map(|w| seg_dist(p, w[0], w[1]))
        .fold(f32::MAX, f32::min)
}

/// Even-odd point in polygon (the polygon is implicitly closed).
fn inside(p: Pt, poly: &[Pt]) -> bool {
    let mut odd = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.1 > p.1) != (b.1 > p.1) {
            let x = a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0);
            if p.0 < x {
                odd = !odd;
            }
        }
    }
    odd
}

/// Point and unit tangent at arc length `s` along a polyline.
fn point_at(line: &[Pt], s: f32) -> (Pt, Pt) {
    let mut left = s;
    for w in line.windows(2) {
        let l = dist(w[0], w[1]);
        if left <= l || l <= 0.0 {
            let t = if l > 0.0 { left / l } else { 0.0 };
            return (lerp(w[0], w[1], t), norm(sub(w[1], w[0])));
        }
        left -= l;
    }
    let n = line.len();
    (line[n - 1], norm(sub(line[n - 1], line[n - 2])))
}

fn polyline_len(line: &[Pt]) -> f32 {
    line.windows(2).map(|w| dist(w[0], w[1])).sum()
}

// ---------------------------------------------------------------------------
// Path data

#[derive(Clone, Copy, Debug)]
enum Seg {
    M(Pt),
    L(Pt),
    C(Pt, Pt, Pt),
    Z,
}

#[derive(Clone, Debug, Default)]
struct Path(Vec<Seg>);

impl Path {
    fn m(&mut self, p: Pt) -> &mut Self {
        self.0.push(Seg::M(p));
        self
    }
    fn l(&mut self, p: Pt) -> &mut Self {
        self.0.push(Seg::L(p));
        self
    }
    fn c(&mut self, c1: Pt, c2: Pt, p: Pt) -> &mut Self {
        self.0.push(Seg::C(c1, c2, p));
        self
    }
    fn z(&mut self) -> &mut Self {
        self.0.push(Seg::Z);
        self
    }

    fn polygon(pts: &[Pt]) -> Path {
        let mut p = Path::default();
        p.m(pts[0]);
        for &q in &pts[1..] {
            p.l(q);
        }
        p.z();
        p
    }

    fn line(pts: &[Pt]) -> Path {
        let mut p = Path::default();
        p.m(pts[0]);
        for &q in &pts[1..] {
            p.l(q);
        }
        p
    }

    /// An ellipse with semi-axes `rx` along `u` and `ry` across it.
    fn ellipse(c: Pt, u: Pt, rx: f32, ry: f32) -> Path {
        let v = perp(u);
        let at = |x: f32, y: f32| add(c, add(mul(u, x), mul(v, y)));
        let (kx, ky) = (rx * CIRCLE_K, ry * CIRCLE_K);
        let mut p = Path::default();
        p.m(at(rx, 0.0))
            .c(at(rx, ky), at(kx, ry), at(0.0, ry))
            .c(at(-kx, ry), at(-rx, ky), at(-rx, 0.0))
            .c(at(-rx, -ky), at(-kx, -ry), at(0.0, -ry))
            .c(at(kx, -ry), at(rx, -ky), at(rx, 0.0))
            .z();
        p
    }

    fn circle(c: Pt, r: f32) -> Path {
        Path::ellipse(c, (1.0, 0.0), r, r)
    }

    fn append(&mut self, other: Path) {
        self.0.extend(other.0);
    }

    /// The subpaths as polylines (curves sampled), closed ones repeating their start.
    fn flatten(&self) -> Vec<Vec<Pt>> {
        let mut out: Vec<Vec<Pt>> = Vec::new();
        let mut cur = (0.0, 0.0);
        let mut start = cur;
        for seg in &self.0 {
            match *seg {
                Seg::M(p) => {
                    out.push(vec![p]);
                    cur = p;
                    start = p;
                }
                Seg::L(p) => {
                    if let Some(v) = out.last_mut() {
                        v.push(p);
                    }
                    cur = p;
                }
                Seg::C(c1, c2, p) => {
                    if let Some(v) = out.last_mut() {
                        for i in 1..=8 {
                            let t = i as f32 / 8.0;
                            let s = 1.0 - t;
                            let q = add(
                                add(mul(cur, s * s * s), mul(c1, 3.0 * s * s * t)),
                                add(mul(c2, 3.0 * s * t * t), mul(p, t * t * t)),
                            );
                            v.push(q);
                        }
                    }
                    cur = p;
                }
                Seg::Z => {
                    if let Some(v) = out.last_mut() {
                        v.push(start);
                    }
                    cur = start;
                }
            }
        }
        out
    }

    /// Compact SVG path data: absolute moves, relative lines and curves, one decimal.
    fn d(&self) -> String {
        fn r(p: Pt) -> (i32, i32) {
            ((p.0 * 10.0).round() as i32, (p.1 * 10.0).round() as i32)
        }
        fn num(out: &mut String, n: i32, sep: bool) {
            if n < 0 {
                out.push('-');
            } else if sep {
                out.push(',');
            }
            let a = n.unsigned_abs();
            let (i, f) = (a / 10, a % 10);
            if i != 0 || f == 0 {
                out.push_str(&i.to_string());
            }
            if f != 0 {
                out.push('.');
                out.push(char::from(b'0' + f as u8));
            }
        }
        fn pt(out: &mut String, p: (i32, i32), sep: bool) {
            num(out, p.0, sep);
            num(out, p.1, true);
        }
        let mut out = String::new();
        let (mut cur, mut start) = ((0, 0), (0, 0));
        let mut last = ' ';
        for seg in &self.0 {
            match *seg {
                Seg::M(p) => {
                    let q = r(p);
                    out.push('M');
                    pt(&mut out, q, false);
                    cur = q;
                    start = q;
                    last = 'M';
                }
                Seg::L(p) => {
                    let q = r(p);
                    if q == cur {
                        continue;
                    }
                    let sep = last == 'l';
                    if !sep {
                        out.push('l');
                    }
                    pt(&mut out, (q.0 - cur.0, q.1 - cur.1), sep);
                    cur = q;
                    last = 'l';
                }
                Seg::C(a, b, p) => {
                    let (qa, qb, qp) = (r(a), r(b), r(p));
                    let rel = |q: (i32, i32)| (q.0 - cur.0, q.1 - cur.1);
                    let sep = last == 'c';
                    if !sep {
                        out.push('c');
                    }
                    pt(&mut out, rel(qa), sep);
                    pt(&mut out, rel(qb), true);
                    pt(&mut out, rel(qp), true);
                    cur = qp;
                    last = 'c';
                }
                Seg::Z => {
                    out.push('z');
                    cur = start;
                    last = 'z';
                }
            }
        }
        out
    }
}

/// A local frame: `at(x, y)` is `c + x·u + y·v`, v a quarter turn from u.
#[derive(Clone, Copy, Debug)]
struct Frame {
    c: Pt,
    u: Pt,
}

impl Frame {
    fn at(&self, x: f32, y: f32) -> Pt {
        add(self.c, add(mul(self.u, x), mul(perp(self.u), y)))
    }
    fn poly(&self, pts: &[(f32, f32)]) -> Path {
        let v: Vec<Pt> = pts.iter().map(|&(x, y)| self.at(x, y)).collect();
        Path::polygon(&v)
    }
    fn rect(&self, x0: f32, y0: f32, x1: f32, y1: f32) -> Path {
        self.poly(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    }
    fn circle(&self, x: f32, y: f32, r: f32) -> Path {
        Path::circle(self.at(x, y), r)
    }
    fn ellipse(&self, x: f32, y: f32, rx: f32, ry: f32) -> Path {
        Path::ellipse(self.at(x, y), self.u, rx, ry)
    }
    /// A regular octagon of radius r (flat sides facing ±u, ±v).
    fn octagon(&self, x: f32, y: f32, r: f32) -> Path {
        let a = r * 0.4142;
        self.poly(&[
            (x + r, y - a),
            (x + r, y + a),
            (x + a, y + r),
            (x - a, y + r),
            (x - r, y + a),
            (x - r, y - a),
            (x - a, y - r),
            (x + a, y - r),
        ])
    }
}

/// An oriented rectangle: centre, unit long axis, half length, half depth.
#[derive(Clone, Copy, Debug)]
struct Rect {
    c: Pt,
    u: Pt,
    hw: f32,
    hh: f32,
}

impl Rect {
    fn frame(&self) -> Frame {
        Frame {
            c: self.c,
            u: self.u,
        }
    }
    fn grow(&self, g: f32) -> Rect {
        Rect {
            hw: self.hw + g,
            hh: self.hh + g,
            ..*self
        }
    }
    fn corners(&self) -> [Pt; 4] {
        let f = self.frame();
        [
            f.at(-self.hw, -self.hh),
            f.at(self.hw, -self.hh),
            f.at(self.hw, self.hh),
            f.at(-self.hw, self.hh),
        ]
    }
    /// A grid of points over the rectangle, at most about 5 apart.
    fn samples(&self) -> Vec<Pt> {
        let f = self.frame();
        let nx = (self.hw * 2.0 / 5.0).ceil() as usize + 1;
        let ny = (self.hh * 2.0 / 5.0).ceil() as usize + 1;
        let mut v = Vec::with_capacity(nx * ny);
        for i in 0..nx {
            for j in 0..ny {
                let x = -self.hw + 2.0 * self.hw * i as f32 / (nx - 1) as f32;
                let y = -self.hh + 2.0 * self.hh * j as f32 / (ny - 1) as f32;
                v.push(f.at(x, y));
            }
        }
        v
    }
    fn overlaps(&self, o: &Rect, pad: f32) -> bool {
        let a = self.grow(pad);
        let (ca, cb) = (a.corners(), o.corners());
        for axis in [a.u, perp(a.u), o.u, perp(o.u)] {
            let span = |cs: &[Pt; 4]| {
                cs.iter()
                    .map(|&p| dot(p, axis))
                    .fold((f32::MAX, f32::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
            };
            let ((a0, a1), (b0, b1)) = (span(&ca), span(&cb));
            if a1 < b0 || b1 < a0 {
                return false;
            }
        }
        true
    }
    fn dist_to(&self, p: Pt) -> f32 {
        let d = sub(p, self.c);
        let x = (dot(d, self.u).abs() - self.hw).max(0.0);
        let y = (dot(d, perp(self.u)).abs() - self.hh).max(0.0);
        (x * x + y * y).sqrt()
    }
}

// ---------------------------------------------------------------------------
// Determinism

fn fnv1a(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// splitmix64: small, fast, and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / 16_777_216.0
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
    fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }
    fn pick(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

// ---------------------------------------------------------------------------
// The perimeter: 24 boundary points, clockwise from the top-left corner.

fn perim(t: f32) -> Pt {
    let t = t.rem_euclid(24.0);
    let side = ((t / 6.0) as usize).min(3);
    let f = (t - side as f32 * 6.0) * 100.0 / 6.0;
    match side {
        0 => (f, 0.0),
        1 => (100.0, f),
        2 => (100.0 - f, 100.0),
        _ => (0.0, 100.0 - f),
    }
}

fn perim_b(b: usize) -> Pt {
    perim((b % 24) as f32)
}

fn side_mid(side: usize) -> Pt {
    perim_b(side * 6 + 3)
}

/// Unit vector into the tile at boundary point b (diagonal at corners).
fn inward(b: usize) -> Pt {
    let b = b % 24;
    if b.is_multiple_of(6) {
        norm(sub(CENTRE, perim_b(b)))
    } else {
        [(0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0)][b / 6]
    }
}

/// Lines from boundary point `from` clockwise to `to` (through the corners).
fn perimeter(p: &mut Path, from: usize, to: usize) {
    let to = if to <= from { to + 24 } else { to };
    for b in from + 1..=to {
        if b.is_multiple_of(6) || b == to {
            p.l(perim_b(b));
        }
    }
}

// ---------------------------------------------------------------------------
// Layout

#[derive(Clone, Copy, Debug)]
struct Run {
    start: usize,
    len: usize,
    region: RegionIdx,
}

fn runs_of(labels: &[RegionIdx; 24]) -> Vec<Run> {
    let Some(k0) = (0..24).find(|&k| labels[k] != labels[(k + 23) % 24]) else {
        return vec![Run {
            start: 0,
            len: 24,
            region: labels[0],
        }];
    };
    let mut runs: Vec<Run> = Vec::new();
    for i in 0..24 {
        let k = (k0 + i) % 24;
        match runs.last_mut() {
            Some(r) if r.region == labels[k] => r.len += 1,
            _ => runs.push(Run {
                start: k,
                len: 1,
                region: labels[k],
            }),
        }
    }
    runs
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Form {
    /// Through, side to opposite side.
    Straight,
    /// Through, round the corner at this point.
    Curve(Pt),
    /// One-sided, to the crossing square.
    Spoke,
    /// One-sided, ending on the tile.
    DeadEnd,
}

#[derive(Clone, Debug)]
struct Street {
    region: RegionIdx,
    form: Form,
    path: Path,
    line: Vec<Pt>,
    anchor: Pt,
    /// For a dead end: where it stops, its direction, and the area it runs into.
    end: Option<(Pt, Pt, Option<RegionIdx>)>,
}

#[derive(Clone, Debug)]
struct Area {
    region: RegionIdx,
    path: Path,
    poly: Vec<Pt>,
}

#[derive(Clone, Copy, Debug)]
enum Spoke {
    Line,
    Cubic(Pt, Pt),
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    House {
        tone: usize,
        hip: bool,
    },
    Public,
    Historic(String),
    Stall(Goods),
    Pen,
    Tree,
    Fountain,
    /// Room kept free around a follower anchor.
    Clearing,
}

#[derive(Clone, Debug)]
struct Placed {
    rect: Rect,
    region: RegionIdx,
    kind: Kind,
}

struct Cell {
    p: Pt,
    region: Option<RegionIdx>,
    clear: f32,
}

const ROOFS: [&str; 6] = [
    "#b5573b", "#c56b45", "#a44b36", "#bb7250", "#9d5a42", "#c0603a",
];

struct Layout<'a> {
    def: &'a TileDef,
    rng: Rng,
    hub: Pt,
    /// Direction of the street through or ending at the hub, if any.
    hub_dir: Option<Pt>,
    street_pt: [bool; 24],
    /// Ground polygons in drawing order (runs, then bays); later ones win.
    areas: Vec<Area>,
    /// Inner borders between areas (spokes and bay edges), as paths and polylines.
    borders: Path,
    border_lines: Vec<Vec<Pt>>,
    streets: Vec<Street>,
    plaza: bool,
    cells: Vec<Cell>,
    placed: Vec<Placed>,
    anchors: Vec<Pt>,
    /// Public buildings still to place, per region.
    publics_left: Vec<u8>,
}

impl<'a> Layout<'a> {
    fn new(def: &'a TileDef) -> Layout<'a> {
        let n = def.regions.len();
        let kind = |r: RegionIdx| &def.regions[r as usize].kind;
        let is_street = |r: RegionIdx| matches!(kind(r), RegionKind::Street);

        // Half-slot labels: a street slot's halves go to its neighbours.
        let mut labels = [0 as RegionIdx; 24];
        for (k, label) in labels.iter_mut().enumerate() {
            let (side, j) = (k / 6, (k / 2) % 3);
            let mut r = def.shape.sides[side][j];
            if is_street(r) {
                r = def.shape.sides[side][if k % 2 == 0 { 0 } else { 2 }];
            }
            *label = r;
        }
        let street_pt: [bool; 24] =
            std::array::from_fn(|b| b % 6 == 3 && is_street(def.shape.sides[b / 6][1]));

        // Streets: which sides each reaches.
        let street_sides: Vec<(RegionIdx, Vec<usize>)> = (0..n as RegionIdx)
            .filter(|&r| is_street(r))
            .map(|r| (r, (0..4).filter(|&s| def.shape.sides[s][1] == r).collect()))
            .collect();
        let n_dead = street_sides.iter().filter(|(_, s)| s.len() == 1).count();

        let mut hub = CENTRE;
        let mut hub_dir = None;
        for (_, s) in &street_sides {
            if s.len() == 2 && s[1] - s[0] != 2 {
                let corner = perim_b(if s[1] == s[0] + 1 { s[1] * 6 } else { 0 });
                let out = norm(sub(CENTRE, corner));
                hub = add(corner, mul(out, 50.0));
                hub_dir = Some(perp(out));
                break;
            }
        }

        let mut streets = Vec::new();
        for (r, s) in &street_sides {
            let a = side_mid(s[0]);
            let dir = inward(s[0] * 6 + 3);
            let mut path = Path::default();
            path.m(a);
            let (form, anchor, end) = if s.len() == 2 {
                let b = side_mid(s[1]);
                if s[1] - s[0] == 2 {
                    path.l(b);
                    (Form::Straight, lerp(a, b, 0.5), None)
                } else {
                    let corner = perim_b(if s[1] == s[0] + 1 { s[1] * 6 } else { 0 });
                    let c1 = add(a, mul(dir, QUARTER_K));
                    let c2 = add(b, mul(inward(s[1] * 6 + 3), QUARTER_K));
                    path.c(c1, c2, b);
                    (Form::Curve(corner), hub, None)
                }
            } else if def.crossing {
                path.l(hub);
                (Form::Spoke, lerp(a, hub, 0.42), None)
            } else {
                let (left, right) = (def.shape.sides[s[0]][0], def.shape.sides[s[0]][2]);
                let (stop, into) = if n_dead == 1 && left != right {
                    // Runs on to whatever separates its two sides.
                    if hub_dir.is_none() {
                        hub_dir = Some(dir);
                    }
                    (dist(a, hub) - 1.0, None)
                } else {
                    // Into the area both sides share, or the residential one.
                    let left_ok =
                        left == right || matches!(kind(left), RegionKind::Residential { .. });
                    let into = Some(if left_ok { left } else { right });
                    (if n_dead == 1 { 40.0 } else { 30.0 }, into)
                };
                let e = add(a, mul(dir, stop));
                path.l(e);
                (Form::DeadEnd, lerp(a, e, 0.5), Some((e, dir, into)))
            };
            let line = path.flatten().remove(0);
            streets.push(Street {
                region: *r,
                form,
                path,
                line,
                anchor,
                end,
            });
        }

        let mut layout = Layout {
            def,
            rng: Rng(fnv1a(&def.id)),
            hub,
            hub_dir,
            street_pt,
            areas: Vec::new(),
            borders: Path::default(),
            border_lines: Vec::new(),
            streets,
            plaza: def.crossing,
            cells: Vec::new(),
            placed: Vec::new(),
            anchors: vec![CENTRE; n],
            publics_left: def
                .regions
                .iter()
                .map(|r| match r.kind {
                    RegionKind::Residential { public, .. } => public,
                    _ => 0,
                })
                .collect(),
        };
        layout.build_areas(labels);
        layout.build_cells();
        layout.place_specials();
        layout.place_anchors();
        layout
    }

    fn kind(&self, r: RegionIdx) -> &RegionKind {
        &self.def.regions[r as usize].kind
    }

    fn is_residential(&self, r: RegionIdx) -> bool {
        matches!(self.kind(r), RegionKind::Residential { .. })
    }

    fn street_of_side(&self, side: usize) -> Option<&Street> {
        let r = self.def.shape.sides[side][1];
        self.streets.iter().find(|s| s.region == r)
    }

    /// The border from boundary point b to the hub.
    fn spoke(&self, b: usize) -> Spoke {
        let p = perim_b(b);
        if self.street_pt[b] {
            if let Some(Form::Curve(corner)) = self.street_of_side(b / 6).map(|s| s.form) {
                let mut t = perp(norm(sub(self.hub, corner)));
                if dot(t, sub(p, self.hub)) < 0.0 {
                    t = mul(t, -1.0);
                }
                return Spoke::Cubic(
                    add(p, mul(inward(b), EIGHTH_K)),
                    add(self.hub, mul(t, EIGHTH_K)),
                );
            }
            Spoke::Line
        } else if let Some(t) = self.hub_dir {
            let mut nrm = perp(t);
            if dot(nrm, sub(p, self.hub)) < 0.0 {
                nrm = mul(nrm, -1.0);
            }
            let l = dist(p, self.hub);
            Spoke::Cubic(
                add(p, mul(inward(b), l * 0.3)),
                add(self.hub, mul(nrm, l * 0.4)),
            )
        } else {
            Spoke::Line
        }
    }

    fn build_areas(&mut self, mut labels: [RegionIdx; 24]) {
        // Peel off bays until none is left.
        let mut bays: Vec<Run> = Vec::new();
        loop {
            let runs = runs_of(&labels);
            if runs.len() < 2 {
                break;
            }
            let m = runs.len();
            let cands: Vec<usize> = (0..m)
                .filter(|&i| {
                    let (prev, next, r) = (runs[(i + m - 1) % m], runs[(i + 1) % m], runs[i]);
                    prev.region == next.region
                        && prev.region != r.region
                        && !self.street_pt[r.start]
                        && !self.street_pt[(r.start + r.len) % 24]
                })
                .collect();
            let Some(&first) = cands.first() else { break };
            let pick = if m == 2 && cands.len() == 2 {
                let (a, b) = (runs[0], runs[1]);
                let market = |r: Run| matches!(self.kind(r.region), RegionKind::Market(_));
                if a.len != b.len {
                    if a.len < b.len {
                        0
                    } else {
                        1
                    }
                } else if market(b) && !market(a) {
                    1
                } else {
                    0
                }
            } else {
                first
            };
            let bay = runs[pick];
            let outer = runs[(pick + 1) % m].region;
            for i in 0..bay.len {
                labels[(bay.start + i) % 24] = outer;
            }
            bays.push(bay);
        }

        let runs = runs_of(&labels);
        if runs.len() == 1 {
            let path = Path::polygon(&[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)]);
            let poly = path.flatten().remove(0);
            self.areas.push(Area {
                region: runs[0].region,
                path,
                poly,
            });
        } else {
            let mut border_done = [false; 24];
            for run in &runs {
                let (s, e) = (run.start, (run.start + run.len) % 24);
                let mut path = Path::default();
                path.m(perim_b(s));
                perimeter(&mut path, s, e);
                match self.spoke(e) {
                    Spoke::Line => path.l(self.hub),
                    Spoke::Cubic(c1, c2) => path.c(c1, c2, self.hub),
                };
                match self.spoke(s) {
                    Spoke::Line => path.l(perim_b(s)),
                    Spoke::Cubic(c1, c2) => path.c(c2, c1, perim_b(s)),
                };
                path.z();
                let poly = path.flatten().remove(0);
                self.areas.push(Area {
                    region: run.region,
                    path,
                    poly,
                });
                if !border_done[s] {
                    border_done[s] = true;
                    let mut b = Path::default();
                    b.m(perim_b(s));
                    match self.spoke(s) {
                        Spoke::Line => b.l(self.hub),
                        Spoke::Cubic(c1, c2) => b.c(c1, c2, self.hub),
                    };
                    self.border_lines.push(b.flatten().remove(0));
                    self.borders.append(b);
                }
            }
        }

        for bay in bays {
            let (s, e) = (bay.start, (bay.start + bay.len) % 24);
            let mid = perim(bay.start as f32 + bay.len as f32 / 2.0);
            let h = lerp(CENTRE, mid, 0.22);
            let (ps, pe) = (perim_b(s), perim_b(e));
            let c1 = lerp(pe, h, 0.78);
            let c2 = lerp(ps, h, 0.78);
            let mut path = Path::default();
            path.m(ps);
            perimeter(&mut path, s, e);
            path.c(c1, c2, ps).z();
            let poly = path.flatten().remove(0);
            self.areas.push(Area {
                region: bay.region,
                path,
                poly,
            });
            let mut b = Path::default();
            b.m(pe).c(c1, c2, ps);
            self.border_lines.push(b.flatten().remove(0));
            self.borders.append(b);
        }
    }

    /// The area drawn on top at p (None outside the tile).
    fn area_at(&self, p: Pt) -> Option<RegionIdx> {
        if !(0.0..=100.0).contains(&p.0) || !(0.0..=100.0).contains(&p.1) {
            return None;
        }
        self.areas
            .iter()
            .rev()
            .find(|a| inside(p, &a.poly))
            .map(|a| a.region)
    }

    /// Distance from p to the nearest street's centre line (the crossing
    /// square counts as a wide street).
    fn street_dist(&self, p: Pt) -> f32 {
        let mut d = self
            .streets
            .iter()
            .map(|s| polyline_dist(p, &s.line))
            .fold(f32::MAX, f32::min);
        if self.plaza {
            d = d.min(dist(p, self.hub) - PLAZA_R + STREET_HALF);
        }
        d
    }

    fn build_cells(&mut self) {
        let mut edges: Vec<(Pt, Pt)> = Vec::new();
        for a in &self.areas {
            edges.extend(a.poly.windows(2).map(|w| (w[0], w[1])));
        }
        for gy in 0..40 {
            for gx in 0..40 {
                let p = (1.25 + gx as f32 * 2.5, 1.25 + gy as f32 * 2.5);
                let region = self.area_at(p);
                let edge = edges
                    .iter()
                    .map(|&(a, b)| seg_dist(p, a, b))
                    .fold(f32::MAX, f32::min);
                let clear = edge.min(self.street_dist(p) - STREET_HALF);
                self.cells.push(Cell { p, region, clear });
            }
        }
    }

    fn obstacle_dist(&self, p: Pt) -> f32 {
        self.placed
            .iter()
            .map(|o| o.rect.dist_to(p))
            .fold(f32::MAX, f32::min)
    }

    /// Whether a building fits: inside its area with a little margin, clear of
    /// streets and of everything placed so far.
    fn fits(&self, r: &Rect, region: RegionIdx, pad: f32) -> bool {
        r.grow(1.0)
            .samples()
            .iter()
            .all(|&p| self.area_at(p) == Some(region))
            && r.samples()
                .iter()
                .all(|&p| self.street_dist(p) >= STREET_CLEAR)
            && !self.placed.iter().any(|o| r.overlaps(&o.rect, pad))
    }

    fn place(&mut self, rect: Rect, region: RegionIdx, kind: Kind) {
        self.placed.push(Placed { rect, region, kind });
    }

    /// Direction of the nearest street, border or tile edge at p.
    fn nearest_tangent(&self, p: Pt) -> Pt {
        let mut best = (f32::MAX, (1.0, 0.0));
        let edges = [
            vec![(0.0, 0.0), (100.0, 0.0)],
            vec![(100.0, 0.0), (100.0, 100.0)],
            vec![(0.0, 100.0), (100.0, 100.0)],
            vec![(0.0, 0.0), (0.0, 100.0)],
        ];
        let lines = self
            .streets
            .iter()
            .map(|s| &s.line)
            .chain(self.border_lines.iter())
            .chain(edges.iter());
        for line in lines {
            for w in line.windows(2) {
                let d = seg_dist(p, w[0], w[1]);
                if d < best.0 && dist(w[0], w[1]) > 0.01 {
                    best = (d, norm(sub(w[1], w[0])));
                }
            }
        }
        best.1
    }

    /// Historic buildings and public buildings: first at dead ends of streets
    /// running into their area, then in the roomiest spots.
    fn place_specials(&mut self) {
        let ends: Vec<(Pt, Pt, RegionIdx)> = self
            .streets
            .iter()
            .filter_map(|s| s.end)
            .filter_map(|(e, d, into)| into.map(|r| (e, d, r)))
            .collect();
        let mut historic_done = vec![false; self.def.regions.len()];
        for (e, dir, r) in ends {
            let RegionKind::Residential { historic, .. } = self.kind(r).clone() else {
                // A market: a fountain where the street opens into the square.
                let rect = Rect {
                    c: add(e, mul(dir, 6.5)),
                    u: dir,
                    hw: 3.6,
                    hh: 3.6,
                };
                self.place(rect, r, Kind::Fountain);
                continue;
            };
            if let (Some(name), false) = (historic, historic_done[r as usize]) {
                historic_done[r as usize] = true;
                let (hw, hh) = landmark_size(&name);
                let rect = Rect {
                    c: add(e, mul(dir, hw + 0.6)),
                    u: dir,
                    hw,
                    hh,
                };
                self.place(rect, r, Kind::Historic(name));
            } else if self.publics_left[r as usize] > 0 {
                self.publics_left[r as usize] -= 1;
                let rect = Rect {
                    c: add(e, mul(dir, 6.8)),
                    u: perp(dir),
                    hw: 10.5,
                    hh: 6.2,
                };
                self.place(rect, r, Kind::Public);
            } else {
                let rect = Rect {
                    c: add(e, mul(dir, 5.2)),
                    u: perp(dir),
                    hw: 8.6,
                    hh: 4.6,
                };
                let tone = self.rng.pick(ROOFS.len());
                self.place(rect, r, Kind::House { tone, hip: false });
            }
        }
        for r in 0..self.def.regions.len() as RegionIdx {
            let RegionKind::Residential { historic, .. } = self.kind(r).clone() else {
                continue;
            };
            if let (Some(name), false) = (historic, historic_done[r as usize]) {
                let (hw, hh) = landmark_size(&name);
                self.place_best(r, hw, hh, Kind::Historic(name));
            }
            while self.publics_left[r as usize] > 0 {
                self.publics_left[r as usize] -= 1;
                self.place_best(r, 10.5, 6.2, Kind::Public);
            }
        }
    }

    /// Place a building in the roomiest spot of a region that takes it.
    fn place_best(&mut self, r: RegionIdx, hw: f32, hh: f32, kind: Kind) {
        let mut cands: Vec<(f32, Pt)> = self
            .cells
            .iter()
            .filter(|c| c.region == Some(r) && c.clear >= hh * 0.8)
            .map(|c| {
                let room = c.clear.min(self.obstacle_dist(c.p)).min(hw + 4.0);
                (room - 0.03 * dist(c.p, CENTRE), c.p)
            })
            .collect();
        cands.sort_by(|a, b| b.0.total_cmp(&a.0));
        for scale in [1.0, 0.85, 0.7] {
            for &(_, p) in cands.iter().take(120) {
                let t = self.nearest_tangent(p);
                for u in [t, perp(t)] {
                    let rect = Rect {
                        c: p,
                        u,
                        hw: hw * scale,
                        hh: hh * scale,
                    };
                    if self.fits(&rect, r, 1.0) {
                        self.place(rect, r, kind);
                        return;
                    }
                }
            }
        }
        // Nowhere fits: squeeze it in at the roomiest spot anyway.
        let p = cands.first().map_or(CENTRE, |c| c.1);
        let rect = Rect {
            c: p,
            u: (1.0, 0.0),
            hw: hw * 0.6,
            hh: hh * 0.6,
        };
        self.place(rect, r, kind);
    }

    fn place_anchors(&mut self) {
        for s in &self.streets {
            self.anchors[s.region as usize] = s.anchor;
        }
        for r in 0..self.def.regions.len() as RegionIdx {
            if matches!(self.kind(r), RegionKind::Street) {
                continue;
            }
            let best = self
                .cells
                .iter()
                .filter(|c| c.region == Some(r))
                .map(|c| {
                    let room = c.clear.min(self.obstacle_dist(c.p)).min(16.0);
                    (room - 0.04 * dist(c.p, CENTRE), c.p)
                })
                .max_by(|a, b| a.0.total_cmp(&b.0));
            let p = match best {
                Some((_, p)) => p,
                // A sliver no grid point falls in: the middle of its polygon.
                None => self
                    .areas
                    .iter()
                    .find(|a| a.region == r)
                    .map_or(CENTRE, |a| {
                        let n = a.poly.len() as f32;
                        let s = a.poly.iter().fold((0.0, 0.0), |acc, &q| add(acc, q));
                        mul(s, 1.0 / n)
                    }),
            };
            self.anchors[r as usize] = p;
            let rect = Rect {
                c: p,
                u: (1.0, 0.0),
                hw: 4.5,
                hh: 4.5,
            };
            self.place(rect, r, Kind::Clearing);
        }
    }

    // -- houses, stalls, trees ------------------------------------------------

    fn populate(&mut self) {
        // Two roof tones per residential region.
        let tones: Vec<[usize; 2]> = (0..self.def.regions.len())
            .map(|_| {
                let a = self.rng.pick(ROOFS.len());
                [a, (a + 1 + self.rng.pick(ROOFS.len() - 1)) % ROOFS.len()]
            })
            .collect();

        // Frontages: along streets, then inner borders, then tile edges.
        let mut fronts: Vec<(Vec<Pt>, f32, [f32; 2])> = Vec::new();
        for s in &self.streets {
            fronts.push((s.line.clone(), STREET_CLEAR + 0.3, [1.0, -1.0]));
        }
        for b in &self.border_lines {
            fronts.push((b.clone(), 1.4, [1.0, -1.0]));
        }
        for (a, b) in [
            ((0.0, 0.0), (100.0, 0.0)),
            ((100.0, 0.0), (100.0, 100.0)),
            ((100.0, 100.0), (0.0, 100.0)),
            ((0.0, 100.0), (0.0, 0.0)),
        ] {
            fronts.push((vec![a, b], 1.3, [1.0, 1.0]));
        }
        for (line, offset, sides) in &fronts {
            let sides: &[f32] = if sides[0] == sides[1] {
                &sides[..1]
            } else {
                sides
            };
            for &side in sides {
                self.frontage(line, *offset, side, &tones);
            }
        }
        self.fill_houses(&tones);
        self.fill_markets();
        self.fill_trees();
    }

    fn new_house(&mut self, tones: &[[usize; 2]], r: RegionIdx) -> Kind {
        Kind::House {
            tone: tones[r as usize][usize::from(self.rng.chance(0.4))],
            hip: self.rng.chance(0.3),
        }
    }

    /// Row houses along one side of a line.
    fn frontage(&mut self, line: &[Pt], offset: f32, side: f32, tones: &[[usize; 2]]) {
        let total = polyline_len(line);
        let mut s = self.rng.range(0.5, 3.0);
        while s < total - 4.0 {
            let w = self.rng.range(8.0, 12.0);
            let depth = self.rng.range(6.6, 8.6);
            let (p, t) = point_at(line, (s + w / 2.0).min(total));
            let c = add(p, mul(perp(t), side * (offset + depth / 2.0)));
            let rect = Rect {
                c,
                u: t,
                hw: w / 2.0,
                hh: depth / 2.0,
            };
            match self.area_at(c) {
                Some(r) if self.is_residential(r) && self.fits(&rect, r, 0.35) => {
                    let kind = self.new_house(tones, r);
                    self.place(rect, r, kind);
                    s += w + self.rng.range(0.4, 1.4);
                }
                _ => s += 2.0,
            }
        }
    }

    /// Points on a jittered grid `step` apart, row by row.
    fn grid(&mut self, step: f32) -> Vec<Pt> {
        let n = (100.0 / step) as usize;
        let mut v = Vec::with_capacity(n * n);
        for j in 0..n {
            for i in 0..n {
                let x = (i as f32 + 0.5) * step + self.rng.range(-0.35, 0.35) * step;
                let y = (j as f32 + 0.5) * step + self.rng.range(-0.35, 0.35) * step;
                v.push((x, y));
            }
        }
        v
    }

    /// Houses in the rest of the residential areas, leaving a few gardens.
    fn fill_houses(&mut self, tones: &[[usize; 2]]) {
        for c in self.grid(4.0) {
            let garden = self.rng.chance(0.12);
            let w = self.rng.range(8.0, 11.5);
            let depth = self.rng.range(6.5, 8.5);
            let Some(r) = self.area_at(c).filter(|&r| self.is_residential(r)) else {
                continue;
            };
            if garden {
                continue;
            }
            let t = self.nearest_tangent(c);
            for u in [t, perp(t)] {
                let rect = Rect {
                    c,
                    u,
                    hw: w / 2.0,
                    hh: depth / 2.0,
                };
                if self.fits(&rect, r, 0.5) {
                    let kind = self.new_house(tones, r);
                    self.place(rect, r, kind);
                    break;
                }
            }
        }
    }

    /// Stalls (and pens for livestock) spread over the market squares.
    fn fill_markets(&mut self) {
        let mut cands = self.grid(5.0);
        for i in (1..cands.len()).rev() {
            cands.swap(i, self.rng.pick(i + 1));
        }
        for c in cands {
            let pen = self.rng.chance(0.45);
            let Some(r) = self.area_at(c) else { continue };
            let RegionKind::Market(g) = *self.kind(r) else {
                continue;
            };
            let t = self.nearest_tangent(c);
            let (kind, hw, hh) = if g == Goods::Livestock && pen {
                (Kind::Pen, 6.6, 5.0)
            } else {
                (Kind::Stall(g), 5.6, 5.6)
            };
            for u in [t, perp(t)] {
                let rect = Rect { c, u, hw, hh };
                if self.fits(&rect, r, 2.6) {
                    self.place(rect, r, kind);
                    break;
                }
            }
        }
    }

    fn fill_trees(&mut self) {
        for c in self.grid(4.5) {
            let rad = self.rng.range(2.2, 3.4);
            let keep = self.rng.unit();
            let Some(r) = self.area_at(c) else { continue };
            let p = if self.is_residential(r) { 0.55 } else { 0.06 };
            let rect = Rect {
                c,
                u: (1.0, 0.0),
                hw: rad,
                hh: rad,
            };
            if keep < p && self.fits(&rect, r, 0.2) {
                self.place(rect, r, Kind::Tree);
            }
        }
    }

    // -- drawing ----------------------------------------------------------------

    fn shapes(&self) -> Vec<Shape> {
        let mut out = Out::default();
        for a in &self.areas {
            let class = match self.kind(a.region) {
                RegionKind::Market(Goods::Fish) => "art-market-fish",
                RegionKind::Market(Goods::Grain) => "art-market-grain",
                RegionKind::Market(Goods::Livestock) => "art-market-livestock",
                _ => "art-ground-res",
            };
            out.add(
                Layer::Ground,
                Some(a.region),
                class,
                None,
                None,
                a.path.clone(),
            );
        }
        out.add(
            Layer::Ground,
            None,
            "art-border",
            None,
            None,
            self.borders.clone(),
        );

        let mut edges = Path::default();
        for s in &self.streets {
            edges.append(s.path.clone());
        }
        out.add(
            Layer::Street,
            None,
            "art-street-edge",
            None,
            None,
            edges.clone(),
        );
        for s in &self.streets {
            out.add(
                Layer::Street,
                Some(s.region),
                "art-street",
                None,
                None,
                s.path.clone(),
            );
        }
        out.add(Layer::Street, None, "art-street-stones", None, None, edges);
        if self.plaza {
            let f = Frame {
                c: self.hub,
                u: (1.0, 0.0),
            };
            out.add(
                Layer::Street,
                None,
                "art-plaza",
                None,
                None,
                f.octagon(0.0, 0.0, PLAZA_R),
            );
            out.add(
                Layer::Street,
                None,
                "art-plaza-post",
                None,
                None,
                f.octagon(0.0, 0.0, 2.2),
            );
        }

        for p in &self.placed {
            draw(&mut out, p);
        }
        out.finish()
    }
}

/// The half extents a landmark is drawn at, in its own design units.
fn landmark_design(name: &str) -> (f32, f32) {
    match name {
        "Saint Sernin" => (15.5, 10.5),
        "Saint Nazaire" => (15.5, 9.0),
        "Château Comtal" => (14.3, 14.3),
        "Tour Carrée" => (8.0, 8.0),
        "Grand Puits" => (10.5, 10.5),
        "Petit Puits" => (7.5, 7.5),
        _ => (13.2, 9.8),
    }
}

/// The half extents a landmark takes on the tile.
fn landmark_size(name: &str) -> (f32, f32) {
    let (w, h) = landmark_design(name);
    let k = match name {
        "Grand Puits" | "Petit Puits" => 1.2,
        "Château Comtal" => 1.3,
        "Tour Carrée" => 1.6,
        _ => 1.4,
    };
    (w * k, h * k)
}

/// What shapes merge by: parts with equal keys become one path.
#[derive(Clone, Debug, PartialEq)]
struct Key {
    layer: Layer,
    region: Option<RegionIdx>,
    class: &'static str,
    fill: Option<&'static str>,
    title: Option<String>,
}

/// Shapes accumulated by key, in first-use order.
#[derive(Default)]
struct Out {
    /// Whether merging into earlier items is forbidden (for landmarks, whose
    /// parts overlap and must stay in order).
    solo: bool,
    items: Vec<(Key, Path)>,
}

impl Out {
    fn add(
        &mut self,
        layer: Layer,
        region: Option<RegionIdx>,
        class: &'static str,
        fill: Option<&'static str>,
        title: Option<&str>,
        path: Path,
    ) {
        if path.0.is_empty() {
            return;
        }
        let key = Key {
            layer,
            region,
            class,
            fill,
            title: title.map(str::to_string),
        };
        let found = if self.solo {
            None
        } else {
            self.items.iter_mut().find(|(k, _)| *k == key)
        };
        match found {
            Some((_, p)) => p.append(path),
            None => self.items.push((key, path)),
        }
    }

    fn finish(self) -> Vec<Shape> {
        let mut shapes: Vec<Shape> = self
            .items
            .into_iter()
            .map(|(k, path)| Shape {
                layer: k.layer,
                region: k.region,
                d: path.d(),
                class: k.class,
                fill: k.fill,
                title: k.title,
            })
            .collect();
        shapes.sort_by_key(|s| s.layer);
        shapes
    }
}

fn draw(out: &mut Out, p: &Placed) {
    let f = p.rect.frame();
    let (hw, hh) = (p.rect.hw, p.rect.hh);
    let r = Some(p.region);
    let b = Layer::Building;
    match &p.kind {
        Kind::House { tone, hip } => {
            out.add(
                b,
                r,
                "art-roof",
                Some(ROOFS[*tone]),
                None,
                f.rect(-hw, -hh, hw, hh),
            );
            let shade = if *hip {
                let i = (hw - hh).max(0.5);
                let mut s = f.poly(&[(-hw, hh), (hw, hh), (i, 0.0), (-i, 0.0)]);
                s.append(f.poly(&[(hw, -hh), (hw, hh), (i, 0.0)]));
                s
            } else {
                f.rect(-hw, 0.0, hw, hh)
            };
            out.add(b, r, "art-roof-shade", None, None, shade);
        }
        Kind::Public => {
            let t = Some("Public building");
            let i = hw - hh;
            out.add(b, r, "art-public", None, t, f.rect(-hw, -hh, hw, hh));
            let mut s = f.poly(&[(-hw, hh), (hw, hh), (i, 0.0), (-i, 0.0)]);
            s.append(f.poly(&[(hw, -hh), (hw, hh), (i, 0.0)]));
            let tx = -hw * 0.55;
            let q = hh * 0.62;
            s.append(f.poly(&[(tx - q, q), (tx + q, q), (tx, 0.0)]));
            s.append(f.poly(&[(tx + q, -q), (tx + q, q), (tx, 0.0)]));
            out.add(
                b,
                r,
                "art-public-tower",
                None,
                t,
                f.rect(tx - q, -q, tx + q, q),
            );
            out.add(b, r, "art-public-shade", None, t, s);
            out.add(
                Layer::Detail,
                None,
                "art-gold",
                None,
                None,
                f.octagon(tx, 0.0, 1.1),
            );
        }
        Kind::Historic(name) => draw_landmark(out, p.region, f, hw / landmark_design(name).0, name),
        Kind::Stall(g) => {
            let class = match g {
                Goods::Fish => "art-stall-fish",
                Goods::Grain => "art-stall-grain",
                Goods::Livestock => "art-stall-livestock",
            };
            out.add(b, r, class, None, None, f.rect(-hw, -hh, hw, 0.6));
            let mut stripes = Path::default();
            for x in [-3.0, 0.0, 3.0] {
                stripes.append(f.rect(x - 0.75, -hh, x + 0.75, 0.6));
            }
            out.add(b, r, "art-stall-stripe", None, None, stripes);
            draw_goods(out, p.region, f, *g, &[(-2.6, 3.3), (2.6, 3.3)]);
        }
        Kind::Pen => {
            out.add(b, r, "art-pen", None, None, f.rect(-hw, -hh, hw, hh));
            draw_goods(
                out,
                p.region,
                f,
                Goods::Livestock,
                &[(-3.2, -1.8), (2.4, -1.2), (-0.6, 2.2), (3.6, 2.6)],
            );
        }
        Kind::Fountain => {
            out.add(b, r, "art-fountain", None, None, f.octagon(0.0, 0.0, hw));
            out.add(b, r, "art-water", None, None, f.circle(0.0, 0.0, hw * 0.55));
        }
        Kind::Tree => {
            out.add(
                Layer::Detail,
                None,
                "art-tree",
                None,
                None,
                f.circle(0.0, 0.0, hw),
            );
        }
        Kind::Clearing => {}
    }
}

/// Goods laid out at the given local spots.
fn draw_goods(out: &mut Out, region: RegionIdx, f: Frame, g: Goods, spots: &[(f32, f32)]) {
    let r = Some(region);
    let d = Layer::Detail;
    for &(x, y) in spots {
        match g {
            Goods::Fish => {
                let fish = f.poly(&[
                    (x - 2.2, y),
                    (x - 0.6, y - 0.95),
                    (x + 1.2, y - 0.5),
                    (x + 2.3, y - 1.1),
                    (x + 2.3, y + 1.1),
                    (x + 1.2, y + 0.5),
                    (x - 0.6, y + 0.95),
                ]);
                out.add(d, r, "art-goods-fish", None, None, fish);
            }
            Goods::Grain => {
                let mut sacks = f.octagon(x - 1.2, y + 0.6, 1.25);
                sacks.append(f.octagon(x + 1.2, y + 0.6, 1.25));
                sacks.append(f.octagon(x, y - 0.9, 1.25));
                out.add(d, r, "art-goods-grain", None, None, sacks);
            }
            Goods::Livestock => {
                out.add(
                    d,
                    r,
                    "art-goods-livestock",
                    None,
                    None,
                    f.ellipse(x, y, 1.9, 1.25),
                );
                out.add(
                    d,
                    r,
                    "art-goods-head",
                    None,
                    None,
                    f.octagon(x + 2.1, y, 0.75),
                );
            }
        }
    }
}

/// The historic buildings, each its own landmark; local x runs from the front
/// (-x, where a street leads in) to the back.
fn draw_landmark(out: &mut Out, region: RegionIdx, f: Frame, k: f32, name: &str) {
    out.solo = true;
    draw_landmark_parts(out, region, f, k, name);
    out.solo = false;
}

fn draw_landmark_parts(out: &mut Out, region: RegionIdx, f: Frame, k: f32, name: &str) {
    let r = Some(region);
    let t = Some(name);
    let b = Layer::Building;
    let f = Frame {
        c: f.c,
        u: mul(f.u, k),
    };
    let circle = |x: f32, y: f32, rad: f32| f.circle(x, y, rad * k);
    match name {
        "Saint Sernin" => {
            // Brick basilica: Latin cross, round apse, octagonal crossing tower.
            out.add(
                b,
                r,
                "art-paving",
                None,
                t,
                f.rect(-16.0, -11.0, 15.0, 11.0),
            );
            let mut roof = f.rect(-15.0, -4.6, 9.5, 4.6);
            roof.append(f.rect(0.0, -10.5, 7.0, 10.5));
            roof.append(circle(9.5, 0.0, 4.6));
            out.add(b, r, "art-brick", None, t, roof);
            let mut shade = f.rect(-15.0, 0.0, 0.0, 4.6);
            shade.append(f.rect(3.5, -10.5, 7.0, 10.5));
            shade.append(f.rect(7.0, 0.0, 9.5, 4.6));
            out.add(b, r, "art-hist-shade", None, t, shade);
            out.add(b, r, "art-stone", None, t, f.octagon(3.5, 0.0, 4.8));
            let a = 4.8 * 0.4142;
            let mut spire = f.poly(&[(8.3, -a), (8.3, a), (3.5, 0.0)]);
            spire.append(f.poly(&[(3.5 + a, 4.8), (3.5 - a, 4.8), (3.5, 0.0)]));
            spire.append(f.poly(&[(3.5 + a, 4.8), (8.3, a), (3.5, 0.0)]));
            out.add(b, r, "art-hist-shade", None, t, spire);
            out.add(
                Layer::Detail,
                r,
                "art-gold",
                None,
                t,
                f.octagon(3.5, 0.0, 0.9),
            );
        }
        "Saint Nazaire" => {
            // Gothic church: slate cross with a polygonal apse, buttresses,
            // and a square crenellated west tower.
            out.add(b, r, "art-paving", None, t, f.rect(-16.0, -9.5, 16.0, 9.5));
            let mut stone = f.rect(-15.5, -5.5, -8.0, 5.5);
            for x in [-4.5, -0.5, 10.5] {
                stone.append(f.rect(x - 0.9, -7.6, x + 0.9, -5.5));
                stone.append(f.rect(x - 0.9, 5.5, x + 0.9, 7.6));
            }
            out.add(b, r, "art-stone", None, t, stone);
            let mut roof = f.poly(&[
                (-8.0, -5.5),
                (12.0, -5.5),
                (14.6, -3.4),
                (15.5, 0.0),
                (14.6, 3.4),
                (12.0, 5.5),
                (-8.0, 5.5),
            ]);
            roof.append(f.rect(2.5, -9.0, 8.5, 9.0));
            out.add(b, r, "art-slate", None, t, roof);
            let mut shade = f.poly(&[
                (-8.0, 0.0),
                (15.5, 0.0),
                (14.6, 3.4),
                (12.0, 5.5),
                (-8.0, 5.5),
            ]);
            shade.append(f.rect(5.5, -9.0, 8.5, 9.0));
            shade.append(f.poly(&[(-14.0, 4.0), (-9.5, 4.0), (-11.75, 0.0)]));
            shade.append(f.poly(&[(-9.5, -4.0), (-9.5, 4.0), (-11.75, 0.0)]));
            out.add(b, r, "art-hist-shade", None, t, shade);
            out.add(
                Layer::Detail,
                r,
                "art-crenel",
                None,
                t,
                f.rect(-15.5, -5.5, -8.0, 5.5),
            );
            out.add(
                Layer::Detail,
                r,
                "art-gold",
                None,
                t,
                f.octagon(5.5, 0.0, 0.9),
            );
        }
        "Château Comtal" => {
            // Square castle: curtain wall, courtyard, keep, round corner towers.
            out.add(
                b,
                r,
                "art-paving",
                None,
                t,
                f.rect(-12.5, -12.5, 12.5, 12.5),
            );
            let mut wall = f.rect(-10.0, -10.0, 10.0, 10.0);
            wall.append(f.rect(-6.8, -6.8, 6.8, 6.8));
            out.add(b, r, "art-court", None, t, f.rect(-7.0, -7.0, 7.0, 7.0));
            out.add(b, r, "art-wall", None, t, wall);
            out.add(b, r, "art-slate", None, t, f.rect(-1.0, -6.8, 6.8, 2.0));
            let mut towers = Path::default();
            let mut cones = Path::default();
            let mut shade = f.rect(-1.0, -2.4, 6.8, 2.0);
            for (x, y) in [
                (-10.0f32, -10.0f32),
                (10.0, -10.0),
                (10.0, 10.0),
                (-10.0, 10.0),
                (-10.0, -3.2),
                (-10.0, 3.2),
            ] {
                let big = x > 0.0 || y.abs() > 5.0;
                towers.append(circle(x, y, if big { 4.2 } else { 2.8 }));
                cones.append(f.octagon(x, y, if big { 3.0 } else { 2.0 }));
                let q = if big { 3.0 } else { 2.0 };
                shade.append(f.poly(&[(x + q, y), (x + q * 0.7, y + q * 0.7), (x, y + q), (x, y)]));
            }
            out.add(b, r, "art-stone", None, t, towers);
            out.add(b, r, "art-slate", None, t, cones);
            out.add(b, r, "art-hist-shade", None, t, shade);
            out.add(
                Layer::Detail,
                r,
                "art-crenel",
                None,
                t,
                f.rect(-10.0, -10.0, 10.0, 10.0),
            );
        }
        "Tour Carrée" => {
            // A square tower on a stretch of wall, crenellated, pyramid roof.
            out.add(b, r, "art-paving", None, t, f.rect(-8.0, -7.5, 8.0, 7.5));
            let mut stone = f.rect(-8.0, -2.0, 8.0, 2.0);
            stone.append(f.rect(-6.0, -6.0, 6.0, 6.0));
            out.add(b, r, "art-stone", None, t, stone);
            out.add(b, r, "art-slate", None, t, f.rect(-4.2, -4.2, 4.2, 4.2));
            let mut shade = f.poly(&[(-4.2, 4.2), (4.2, 4.2), (0.0, 0.0)]);
            shade.append(f.poly(&[(4.2, -4.2), (4.2, 4.2), (0.0, 0.0)]));
            out.add(b, r, "art-hist-shade", None, t, shade);
            let mut cren = f.rect(-6.0, -6.0, 6.0, 6.0);
            cren.append(Path::line(&[f.at(-8.0, -2.0), f.at(-6.0, -2.0)]));
            cren.append(Path::line(&[f.at(6.0, -2.0), f.at(8.0, -2.0)]));
            out.add(Layer::Detail, r, "art-crenel", None, t, cren);
            out.add(
                Layer::Detail,
                r,
                "art-gold",
                None,
                t,
                f.octagon(0.0, 0.0, 0.8),
            );
        }
        "Grand Puits" | "Petit Puits" => {
            // A well on a paved round: stone rim, water, iron frame.
            let grand = name == "Grand Puits";
            let s = if grand { 1.0 } else { 0.72 };
            out.add(b, r, "art-paving", None, t, circle(0.0, 0.0, 10.2 * s));
            out.add(b, r, "art-stone", None, t, circle(0.0, 0.0, 6.0 * s));
            out.add(b, r, "art-water", None, t, circle(0.0, 0.0, 3.8 * s));
            let q = 5.2 * s;
            let mut iron = Path::line(&[f.at(-q, -q), f.at(q, q)]);
            if grand {
                iron.append(Path::line(&[f.at(-q, q), f.at(q, -q)]));
            }
            out.add(Layer::Detail, r, "art-iron", None, t, iron);
            let mut posts = f.octagon(-q, -q, 1.2);
            posts.append(f.octagon(q, q, 1.2));
            if grand {
                posts.append(f.octagon(-q, q, 1.2));
                posts.append(f.octagon(q, -q, 1.2));
            }
            out.add(Layer::Detail, r, "art-stone", None, t, posts);
        }
        _ => {
            // Bâtiment: a grand hall round a courtyard open to the front.
            let hall = f.poly(&[
                (-12.0, -9.0),
                (12.0, -9.0),
                (12.0, 9.0),
                (-12.0, 9.0),
                (-12.0, 3.6),
                (4.5, 3.6),
                (4.5, -3.6),
                (-12.0, -3.6),
            ]);
            out.add(b, r, "art-paving", None, t, f.rect(-12.5, -9.5, 12.5, 9.5));
            out.add(b, r, "art-hall", None, t, hall);
            let mut shade = f.rect(-12.0, -6.3, 12.0, -3.6);
            shade.append(f.rect(-12.0, 6.3, 12.0, 9.0));
            shade.append(f.rect(8.25, -3.6, 12.0, 3.6));
            out.add(b, r, "art-hist-shade", None, t, shade);
            out.add(b, r, "art-stone", None, t, circle(10.4, -7.0, 2.8));
            out.add(b, r, "art-slate", None, t, f.octagon(10.4, -7.0, 1.9));
            out.add(
                Layer::Detail,
                r,
                "art-water",
                None,
                t,
                circle(-4.0, 0.0, 1.6),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::city::tiles::Catalogue;

    fn in_box(p: (f32, f32)) -> bool {
        (0.0..=100.0).contains(&p.0) && (0.0..=100.0).contains(&p.1)
    }

    #[test]
    fn every_region_has_a_shape_and_an_anchor_in_the_box() {
        let cat = Catalogue::builtin().unwrap();
        for def in &cat.tiles {
            let art = tile_art(def);
            for r in 0..def.regions.len() as RegionIdx {
                assert!(
                    art.shapes
                        .iter()
                        .any(|s| s.region == Some(r) && !s.d.is_empty()),
                    "tile {} region {} has no shape",
                    def.id,
                    def.regions[r as usize].id
                );
                let a = art.anchors[r as usize];
                assert!(in_box(a), "tile {} region {} anchor {a:?}", def.id, r);
                assert_eq!(region_anchor(def, r), a, "tile {}", def.id);
            }
            assert!(
                art.shapes.len() <= 40,
                "tile {}: {} shapes",
                def.id,
                art.shapes.len()
            );
            assert!(art.shapes.windows(2).all(|w| w[0].layer <= w[1].layer));
        }
    }

    #[test]
    fn area_anchors_lie_in_their_area_and_street_anchors_on_their_street() {
        let cat = Catalogue::builtin().unwrap();
        for def in &cat.tiles {
            let layout = Layout::new(def);
            for (r, region) in def.regions.iter().enumerate() {
                let a = layout.anchors[r];
                if region.kind == RegionKind::Street {
                    let s = layout
                        .streets
                        .iter()
                        .find(|s| s.region as usize == r)
                        .unwrap();
                    assert!(
                        polyline_dist(a, &s.line) < 0.5,
                        "tile {} street {}",
                        def.id,
                        region.id
                    );
                } else {
                    assert_eq!(
                        layout.area_at(a),
                        Some(r as RegionIdx),
                        "tile {} area {}",
                        def.id,
                        region.id
                    );
                    assert!(
                        layout.street_dist(a) > STREET_HALF,
                        "tile {} area {}",
                        def.id,
                        region.id
                    );
                }
            }
        }
    }

    #[test]
    fn every_slot_is_covered_by_its_region() {
        // Just inside each slot's third of the side (away from a street), the
        // area drawn on top is the slot's region.
        let cat = Catalogue::builtin().unwrap();
        for def in &cat.tiles {
            let layout = Layout::new(def);
            for side in 0..4 {
                for (j, &r) in def.shape.sides[side].iter().enumerate() {
                    if def.regions[r as usize].kind == RegionKind::Street {
                        continue;
                    }
                    let b = side * 6 + j * 2 + 1;
                    let p = add(perim_b(b), mul(inward(b), 1.0));
                    assert_eq!(
                        layout.area_at(p),
                        Some(r),
                        "tile {} side {side} slot {j}",
                        def.id
                    );
                }
            }
        }
    }

    #[test]
    fn historic_buildings_carry_their_name() {
        let cat = Catalogue::builtin().unwrap();
        let mut seen = 0;
        for def in &cat.tiles {
            let shapes = tile_shapes(def);
            for (r, region) in def.regions.iter().enumerate() {
                if let RegionKind::Residential {
                    historic: Some(name),
                    ..
                } = &region.kind
                {
                    seen += 1;
                    assert!(
                        shapes.iter().any(|s| s.region == Some(r as RegionIdx)
                            && s.title.as_deref() == Some(name)),
                        "tile {}: {name} has no titled shape",
                        def.id
                    );
                }
            }
        }
        assert_eq!(seen, 7);
    }

    #[test]
    fn output_is_deterministic_and_compact() {
        let cat = Catalogue::builtin().unwrap();
        for def in &cat.tiles {
            let a = tile_art(def);
            assert_eq!(a, tile_art(def), "tile {}", def.id);
            for s in &a.shapes {
                assert!(s.d.starts_with('M'), "tile {} {}", def.id, s.class);
                assert!(
                    !s.d.contains("e-") && !s.d.contains("NaN") && !s.d.contains("inf"),
                    "tile {} {}",
                    def.id,
                    s.class
                );
                // One decimal at most.
                for part in s.d.split(|c: char| !(c.is_ascii_digit() || c == '.')) {
                    if let Some((_, frac)) = part.split_once('.') {
                        assert!(frac.len() <= 1, "tile {}: {part}", def.id);
                    }
                }
            }
        }
    }

    #[test]
    fn path_numbers_are_compact() {
        let p = Path::polygon(&[(0.0, 0.0), (10.25, 0.0), (10.0, -0.5)]);
        assert_eq!(p.d(), "M0,0l10.3,0-.3-.5z");
    }

    #[test]
    fn the_page_stylesheet_carries_the_art_css() {
        // The page's Content-Security-Policy allows no inline <style>, so the
        // browser app gets the artwork's styles from static/style.css.
        let page = include_str!("../static/style.css");
        assert!(
            page.contains(ART_CSS),
            "static/style.css must end with ART_CSS verbatim"
        );
    }

    #[test]
    fn every_class_is_styled_and_the_legend_matches() {
        let cat = Catalogue::builtin().unwrap();
        for def in &cat.tiles {
            for s in tile_shapes(def) {
                for class in s.class.split(' ') {
                    assert!(
                        ART_CSS.contains(&format!(".{class}{{")),
                        "{class} has no rule"
                    );
                }
            }
        }
        for (g, colour, label) in goods_legend() {
            assert_eq!(label, g.name());
            assert!(ART_CSS.contains(&format!(".art-stall-{label}{{fill:{colour};")));
        }
    }
}
