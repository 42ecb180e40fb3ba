//! The tile artwork raised: which of a tile's shapes stand up, how high,
//! and on what. The shapes are the flat board's own (`art`, through
//! `any::tile_art`); a shape's class says whether it lies flat (ground,
//! streets, paving), stands as a solid (houses, towers, stalls, trees) or
//! as a wall along its line (classic's city walls, a stroke), or rides on
//! top of the solid under it (roof shades, ridges, crenels, shields'
//! marks). A tile's raised shapes are gathered into groups, each drawn
//! whole in the painter's order of the board (ordering.rs in mod.rs).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::paint::paint_of;
use crate::geometry::Pt;
use art::Layer;
use engine::any::Ruleset;
use engine::core::shape::TileType;

/// How a class stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rise {
    Flat,
    /// On top of the solid it lies on (flat when on none).
    Overlay,
    /// A solid this high (a hundredth of a tile).
    Solid(f64),
    /// A wall this high along the shape's line.
    Wall(f64),
}

/// How each class of the artwork stands (unknown classes lie flat).
pub fn rise(ruleset: Ruleset, class: &str) -> Rise {
    use Rise::*;
    let class = class.split(' ').next().unwrap_or("");
    match ruleset {
        Ruleset::City => match class {
            "art-roof" => Solid(7.0),
            "art-public" => Solid(10.0),
            "art-public-tower" => Solid(7.0),
            "art-stone" => Solid(6.0),
            "art-brick" => Solid(8.0),
            "art-slate" => Solid(4.0),
            "art-hall" => Solid(9.0),
            "art-wall" => Solid(5.0),
            "art-stall-fish" | "art-stall-grain" | "art-stall-livestock" => Solid(3.5),
            "art-pen" => Solid(1.5),
            "art-goods-fish" | "art-goods-grain" | "art-goods-livestock" => Solid(1.2),
            "art-tree" => Solid(8.0),
            "art-roof-shade" | "art-public-shade" | "art-hist-shade" | "art-gold"
            | "art-crenel" | "art-iron" | "art-stall-stripe" | "art-goods-head" | "art-water" => {
                Overlay
            }
            _ => Flat,
        },
        Ruleset::Classic => match class {
            "ca-roof" => Solid(7.0),
            "ca-stone" => Solid(8.0),
            "ca-slate" => Solid(5.0),
            "ca-church" => Solid(10.0),
            "ca-deck" => Solid(3.0),
            "ca-shield" => Solid(2.0),
            "ca-bush" => Solid(5.0),
            "ca-wall-edge" => Wall(9.0),
            "ca-palisade-edge" => Wall(7.0),
            "ca-shade" | "ca-ridge" | "ca-dark" | "ca-lawn" | "ca-cross" | "ca-grille"
            | "ca-deck-road" | "ca-shield-mark" | "ca-leaf" | "ca-wall" | "ca-crenel"
            | "ca-palisade" | "ca-water" => Overlay,
            _ => Flat,
        },
    }
}

/// One step of drawing a group, in the tile's own 100×100 box.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// The walls of a solid (its outline `rings`, each with whether it is a
    /// hole) from `z0` up to `z1`, in shades of the shape's paint.
    Sides {
        shape: usize,
        /// The paint of the walls, before shading: the shape's fill.
        colour: String,
        rings: Vec<(Vec<Pt>, bool)>,
        z0: f64,
        z1: f64,
    },
    /// The shape drawn flat at height `z` (a solid's top, an overlay).
    Top { shape: usize, z: f64 },
    /// A wall's face from the ground to `z`, along `a`–`b`.
    Ribbon { shape: usize, a: Pt, b: Pt, z: f64 },
    /// A stroked shape's stretch `a`–`b` at height `z`.
    Segment { shape: usize, a: Pt, b: Pt, z: f64 },
}

/// Raised shapes drawn together, where `at` is in the board's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub at: Pt,
    pub pieces: Vec<Piece>,
    /// The top of its highest solid (what an overlay rides on).
    top: f64,
    /// The footprint an overlay or a solid on top must lie in.
    footprint: Vec<Pt>,
}

/// A tile type's artwork for the 3-D view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TileSolids {
    /// The shapes that lie flat, in the artwork's order.
    pub flat: Vec<usize>,
    pub groups: Vec<Group>,
}

impl TileSolids {
    /// The height of the highest thing on the tile.
    pub fn height(&self) -> f64 {
        self.groups.iter().map(|g| g.top).fold(0.0, f64::max)
    }
}

thread_local! {
    static CACHE: RefCell<HashMap<(Ruleset, TileType), Rc<TileSolids>>> = RefCell::new(HashMap::new());
}

/// A tile type's raised artwork (worked out once per type).
pub fn tile_solids(ruleset: Ruleset, t: TileType) -> Rc<TileSolids> {
    if let Some(s) = CACHE.with(|c| c.borrow().get(&(ruleset, t)).cloned()) {
        return s;
    }
    let s = Rc::new(match crate::any::tile_art(ruleset, t) {
        Some(a) => solids_of(ruleset, &a.shapes),
        None => TileSolids::default(),
    });
    CACHE.with(|c| c.borrow_mut().insert((ruleset, t), s.clone()));
    s
}

/// Longest stretch of a wall drawn as one piece (the painter's order works
/// piece by piece).
const STRETCH: f64 = 20.0;

/// A wall's stretches and the groups that draw them.
type LastWall = (Vec<(Pt, Pt)>, Vec<usize>);

/// `shapes` (a tile type's artwork, in its order) raised.
pub fn solids_of(ruleset: Ruleset, shapes: &[art::Shape]) -> TileSolids {
    let mut out = TileSolids::default();
    // The last wall: its shape's stretches and the groups holding them.
    let mut wall: Option<LastWall> = None;
    for (i, s) in shapes.iter().enumerate() {
        if matches!(s.layer, Layer::Ground | Layer::Street) {
            out.flat.push(i);
            continue;
        }
        let paint = paint_of(ruleset, s.class, s.fill);
        let filled = paint.fill.is_some();
        let rings = rings(&s.d);
        let centre = centre(&rings);
        match rise(ruleset, s.class) {
            Rise::Flat => out.flat.push(i),
            Rise::Wall(h) if !filled => {
                let stretches = stretches(&rings);
                let mut groups = Vec::new();
                for &(a, b) in &stretches {
                    groups.push(out.groups.len());
                    out.groups.push(Group {
                        at: mid(a, b),
                        pieces: vec![
                            Piece::Ribbon {
                                shape: i,
                                a,
                                b,
                                z: h,
                            },
                            Piece::Segment {
                                shape: i,
                                a,
                                b,
                                z: h,
                            },
                        ],
                        top: h,
                        footprint: Vec::new(),
                    });
                }
                wall = Some((stretches, groups));
            }
            Rise::Solid(h) | Rise::Wall(h) if filled => {
                let area = ring_area(rings.first().map_or(&[][..], |r| &r.0));
                // On a larger solid it lies in: stacked on it.
                let under = out.groups.iter().rposition(|g| {
                    !g.footprint.is_empty()
                        && inside(centre, &g.footprint)
                        && ring_area(&g.footprint) > area
                });
                let holes = holes(&rings);
                let colour = paint.fill.clone().unwrap_or_else(|| "#9a8f80".to_string());
                let footprint = rings.first().map(|r| r.0.clone()).unwrap_or_default();
                match under {
                    Some(u) => {
                        let g = &mut out.groups[u];
                        let z0 = g.top;
                        g.pieces.push(Piece::Sides {
                            shape: i,
                            colour: colour.clone(),
                            rings: holes,
                            z0,
                            z1: z0 + h,
                        });
                        g.pieces.push(Piece::Top {
                            shape: i,
                            z: z0 + h,
                        });
                        g.top = z0 + h;
                    }
                    None => out.groups.push(Group {
                        at: centre,
                        pieces: vec![
                            Piece::Sides {
                                shape: i,
                                colour,
                                rings: holes,
                                z0: 0.0,
                                z1: h,
                            },
                            Piece::Top { shape: i, z: h },
                        ],
                        top: h,
                        footprint,
                    }),
                }
            }
            _ => {
                // An overlay (or a solid class drawn as a line only).
                if !filled {
                    if let Some((ws, groups)) = &wall {
                        let mine = stretches(&rings);
                        if mine.len() == ws.len() {
                            for (&(a, b), &g) in mine.iter().zip(groups) {
                                let z = out.groups[g].top;
                                out.groups[g]
                                    .pieces
                                    .push(Piece::Segment { shape: i, a, b, z });
                            }
                            continue;
                        }
                    }
                }
                match out
                    .groups
                    .iter()
                    .rposition(|g| !g.footprint.is_empty() && inside(centre, &g.footprint))
                {
                    Some(u) => {
                        let g = &mut out.groups[u];
                        let z = g.top;
                        g.pieces.push(Piece::Top { shape: i, z });
                    }
                    None => out.flat.push(i),
                }
            }
        }
    }
    out
}

fn mid(a: Pt, b: Pt) -> Pt {
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

/// The middle of the rings' box.
fn centre(rings: &[(Vec<Pt>, bool)]) -> Pt {
    let mut lo = (f64::INFINITY, f64::INFINITY);
    let mut hi = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for (r, _) in rings {
        for &p in r {
            lo = (lo.0.min(p.0), lo.1.min(p.1));
            hi = (hi.0.max(p.0), hi.1.max(p.1));
        }
    }
    if lo.0 > hi.0 {
        return (50.0, 50.0);
    }
    mid(lo, hi)
}

/// The stretches of a line, none longer than [`STRETCH`].
fn stretches(rings: &[(Vec<Pt>, bool)]) -> Vec<(Pt, Pt)> {
    let mut out = Vec::new();
    for (r, _) in rings {
        for w in r.windows(2) {
            let (a, b) = (w[0], w[1]);
            let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
            let n = (len / STRETCH).ceil().max(1.0) as usize;
            for k in 0..n {
                let t0 = k as f64 / n as f64;
                let t1 = (k + 1) as f64 / n as f64;
                let at = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
                out.push((at(t0), at(t1)));
            }
        }
    }
    out
}

/// The rings with whether each is a hole (inside another ring of them).
fn holes(rings: &[(Vec<Pt>, bool)]) -> Vec<(Vec<Pt>, bool)> {
    rings
        .iter()
        .enumerate()
        .map(|(i, (r, _))| {
            let hole = r.first().is_some_and(|&p| {
                rings
                    .iter()
                    .enumerate()
                    .any(|(j, (o, _))| j != i && inside(p, o))
            });
            (r.clone(), hole)
        })
        .collect()
}

/// The area a ring encloses, signed: positive when it goes clockwise on
/// the screen (y down).
pub fn signed_area(r: &[Pt]) -> f64 {
    let n = r.len();
    let mut a = 0.0;
    for i in 0..n {
        let (p, q) = (r[i], r[(i + 1) % n]);
        a += p.0 * q.1 - q.0 * p.1;
    }
    a / 2.0
}

fn ring_area(r: &[Pt]) -> f64 {
    signed_area(r).abs()
}

/// Even-odd: whether `p` is inside the ring `poly`.
pub fn inside(p: Pt, poly: &[Pt]) -> bool {
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

/// A decimal number as the artwork and its stylesheets write them (`-12`,
/// `.9`, `16.25`). Not `str::parse`: the standard float parser and its
/// tables would be most of the bytes of this view's chunk, and these
/// numbers never have exponents.
pub fn number(s: &str) -> Option<f64> {
    let (neg, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let mut v = 0.0;
    for c in int.bytes() {
        v = v * 10.0 + f64::from(c.checked_sub(b'0').filter(|d| *d < 10)?);
    }
    let mut scale = 1.0;
    let mut f = 0.0;
    for c in frac.bytes() {
        f = f * 10.0 + f64::from(c.checked_sub(b'0').filter(|d| *d < 10)?);
        scale *= 10.0;
    }
    let v = v + f / scale;
    Some(if neg { -v } else { v })
}

/// SVG path data (moves, lines and cubic curves, absolute or relative, as
/// the artwork writes it) as polylines, curves in six steps; each with
/// whether it was closed. Anything else ends the reading.
pub fn rings(d: &str) -> Vec<(Vec<Pt>, bool)> {
    let mut out: Vec<(Vec<Pt>, bool)> = Vec::new();
    let mut nums: Vec<f64> = Vec::new();
    let mut cmd = ' ';
    let (mut cur, mut start) = ((0.0, 0.0), (0.0, 0.0));
    let bytes = d.as_bytes();
    let mut i = 0;
    // Reads the numbers after a command letter.
    let read_nums = |i: &mut usize, nums: &mut Vec<f64>| {
        nums.clear();
        loop {
            while *i < bytes.len() && (bytes[*i] == b' ' || bytes[*i] == b',') {
                *i += 1;
            }
            let s = *i;
            if *i < bytes.len() && (bytes[*i] == b'-' || bytes[*i] == b'+') {
                *i += 1;
            }
            let mut dot = false;
            while *i < bytes.len() && (bytes[*i].is_ascii_digit() || (bytes[*i] == b'.' && !dot)) {
                dot |= bytes[*i] == b'.';
                *i += 1;
            }
            if *i == s {
                break;
            }
            match number(&d[s..*i]) {
                Some(v) => nums.push(v),
                None => break,
            }
        }
    };
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_ascii_alphabetic() {
            cmd = c;
            i += 1;
        } else if c == ' ' || c == ',' {
            i += 1;
            continue;
        } else if cmd == ' ' {
            break;
        }
        read_nums(&mut i, &mut nums);
        let rel = cmd.is_ascii_lowercase();
        let base = |cur: Pt| if rel { cur } else { (0.0, 0.0) };
        match cmd.to_ascii_uppercase() {
            'M' | 'L' => {
                for (k, p) in nums.chunks_exact(2).enumerate() {
                    let b = base(cur);
                    let q = (b.0 + p[0], b.1 + p[1]);
                    if k == 0 && cmd.eq_ignore_ascii_case(&'m') {
                        out.push((vec![q], false));
                        start = q;
                    } else if let Some(r) = out.last_mut() {
                        r.0.push(q);
                    }
                    cur = q;
                }
            }
            'H' | 'V' => {
                for &v in &nums {
                    let b = base(cur);
                    let q = if cmd.eq_ignore_ascii_case(&'h') {
                        (b.0 + v, cur.1)
                    } else {
                        (cur.0, b.1 + v)
                    };
                    if let Some(r) = out.last_mut() {
                        r.0.push(q);
                    }
                    cur = q;
                }
            }
            'C' => {
                for p in nums.chunks_exact(6) {
                    let b = base(cur);
                    let c1 = (b.0 + p[0], b.1 + p[1]);
                    let c2 = (b.0 + p[2], b.1 + p[3]);
                    let q = (b.0 + p[4], b.1 + p[5]);
                    if let Some(r) = out.last_mut() {
                        for k in 1..=6 {
                            let t = k as f64 / 6.0;
                            let s = 1.0 - t;
                            let w = [s * s * s, 3.0 * s * s * t, 3.0 * s * t * t, t * t * t];
                            r.0.push((
                                w[0] * cur.0 + w[1] * c1.0 + w[2] * c2.0 + w[3] * q.0,
                                w[0] * cur.1 + w[1] * c1.1 + w[2] * c2.1 + w[3] * q.1,
                            ));
                        }
                    }
                    cur = q;
                }
            }
            'Z' => {
                if let Some(r) = out.last_mut() {
                    r.1 = true;
                }
                cur = start;
            }
            _ => break,
        }
    }
    out
}
