//! The artwork's geometry: points in the tile's 100×100 box (y down), paths
//! written as compact SVG path data, local frames and oriented rectangles,
//! and the seeded generator the decoration draws its variations from. No
//! trigonometry, so native and wasm builds agree to the last digit.

pub(super) type Pt = (f32, f32);

pub(super) const CENTRE: Pt = (50.0, 50.0);
/// Cubic handle for a quarter circle of radius 50, and for an eighth.
pub(super) const QUARTER_K: f32 = 27.6;
pub(super) const EIGHTH_K: f32 = 13.26;
/// Cubic handle factor for a circle drawn as four quarter arcs.
pub(super) const CIRCLE_K: f32 = 0.5523;

pub(super) fn add(a: Pt, b: Pt) -> Pt {
    (a.0 + b.0, a.1 + b.1)
}
pub(super) fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}
pub(super) fn mul(a: Pt, k: f32) -> Pt {
    (a.0 * k, a.1 * k)
}
pub(super) fn dot(a: Pt, b: Pt) -> f32 {
    a.0 * b.0 + a.1 * b.1
}
pub(super) fn len(a: Pt) -> f32 {
    dot(a, a).sqrt()
}
pub(super) fn dist(a: Pt, b: Pt) -> f32 {
    len(sub(a, b))
}
pub(super) fn norm(a: Pt) -> Pt {
    let l = len(a);
    if l > 1e-6 {
        mul(a, 1.0 / l)
    } else {
        (1.0, 0.0)
    }
}
/// A quarter turn clockwise on screen (y down).
pub(super) fn perp(a: Pt) -> Pt {
    (-a.1, a.0)
}
pub(super) fn lerp(a: Pt, b: Pt, t: f32) -> Pt {
    add(a, mul(sub(b, a), t))
}

// Not `clamp`: clippy.toml says why.
#[allow(clippy::manual_clamp)]
pub(super) fn seg_dist(p: Pt, a: Pt, b: Pt) -> f32 {
    let ab = sub(b, a);
    let l2 = dot(ab, ab);
    let t = if l2 > 0.0 {
        (dot(sub(p, a), ab) / l2).max(0.0).min(1.0)
    } else {
        0.0
    };
    dist(p, add(a, mul(ab, t)))
}

pub(super) fn polyline_dist(p: Pt, line: &[Pt]) -> f32 {
    line.windows(2)
        .map(|w| seg_dist(p, w[0], w[1]))
        .fold(f32::MAX, f32::min)
}

/// Even-odd point in polygon (the polygon is implicitly closed).
pub(super) fn inside(p: Pt, poly: &[Pt]) -> bool {
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
pub(super) fn point_at(line: &[Pt], s: f32) -> (Pt, Pt) {
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

pub(super) fn polyline_len(line: &[Pt]) -> f32 {
    line.windows(2).map(|w| dist(w[0], w[1])).sum()
}

// ---------------------------------------------------------------------------
// Path data

#[derive(Clone, Copy, Debug)]
pub(super) enum Seg {
    M(Pt),
    L(Pt),
    C(Pt, Pt, Pt),
    Z,
}

#[derive(Clone, Debug, Default)]
pub(super) struct Path(pub(super) Vec<Seg>);

impl Path {
    pub(super) fn m(&mut self, p: Pt) -> &mut Self {
        self.0.push(Seg::M(p));
        self
    }
    pub(super) fn l(&mut self, p: Pt) -> &mut Self {
        self.0.push(Seg::L(p));
        self
    }
    pub(super) fn c(&mut self, c1: Pt, c2: Pt, p: Pt) -> &mut Self {
        self.0.push(Seg::C(c1, c2, p));
        self
    }
    pub(super) fn z(&mut self) -> &mut Self {
        self.0.push(Seg::Z);
        self
    }

    pub(super) fn polygon(pts: &[Pt]) -> Path {
        let mut p = Path::default();
        p.m(pts[0]);
        for &q in &pts[1..] {
            p.l(q);
        }
        p.z();
        p
    }

    pub(super) fn line(pts: &[Pt]) -> Path {
        let mut p = Path::default();
        p.m(pts[0]);
        for &q in &pts[1..] {
            p.l(q);
        }
        p
    }

    /// An ellipse with semi-axes `rx` along `u` and `ry` across it.
    pub(super) fn ellipse(c: Pt, u: Pt, rx: f32, ry: f32) -> Path {
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

    pub(super) fn circle(c: Pt, r: f32) -> Path {
        Path::ellipse(c, (1.0, 0.0), r, r)
    }

    pub(super) fn append(&mut self, other: Path) {
        self.0.extend(other.0);
    }

    /// The subpaths as polylines (curves sampled), closed ones repeating their start.
    pub(super) fn flatten(&self) -> Vec<Vec<Pt>> {
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
    pub(super) fn d(&self) -> String {
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
pub(super) struct Frame {
    pub(super) c: Pt,
    pub(super) u: Pt,
}

impl Frame {
    pub(super) fn at(&self, x: f32, y: f32) -> Pt {
        add(self.c, add(mul(self.u, x), mul(perp(self.u), y)))
    }
    pub(super) fn poly(&self, pts: &[(f32, f32)]) -> Path {
        let v: Vec<Pt> = pts.iter().map(|&(x, y)| self.at(x, y)).collect();
        Path::polygon(&v)
    }
    pub(super) fn rect(&self, x0: f32, y0: f32, x1: f32, y1: f32) -> Path {
        self.poly(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    }
    pub(super) fn circle(&self, x: f32, y: f32, r: f32) -> Path {
        Path::circle(self.at(x, y), r)
    }
    pub(super) fn ellipse(&self, x: f32, y: f32, rx: f32, ry: f32) -> Path {
        Path::ellipse(self.at(x, y), self.u, rx, ry)
    }
    /// A regular octagon of radius r (flat sides facing ±u, ±v).
    pub(super) fn octagon(&self, x: f32, y: f32, r: f32) -> Path {
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
pub(super) struct Rect {
    pub(super) c: Pt,
    pub(super) u: Pt,
    pub(super) hw: f32,
    pub(super) hh: f32,
}

impl Rect {
    pub(super) fn frame(&self) -> Frame {
        Frame {
            c: self.c,
            u: self.u,
        }
    }
    pub(super) fn grow(&self, g: f32) -> Rect {
        Rect {
            hw: self.hw + g,
            hh: self.hh + g,
            ..*self
        }
    }
    pub(super) fn corners(&self) -> [Pt; 4] {
        let f = self.frame();
        [
            f.at(-self.hw, -self.hh),
            f.at(self.hw, -self.hh),
            f.at(self.hw, self.hh),
            f.at(-self.hw, self.hh),
        ]
    }
    /// A grid of points over the rectangle, at most about 5 apart.
    pub(super) fn samples(&self) -> Vec<Pt> {
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
    pub(super) fn overlaps(&self, o: &Rect, pad: f32) -> bool {
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
    pub(super) fn dist_to(&self, p: Pt) -> f32 {
        let d = sub(p, self.c);
        let x = (dot(d, self.u).abs() - self.hw).max(0.0);
        let y = (dot(d, perp(self.u)).abs() - self.hh).max(0.0);
        (x * x + y * y).sqrt()
    }
}

// ---------------------------------------------------------------------------
// Determinism

pub(super) fn fnv1a(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// splitmix64: small, fast, and the same everywhere.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub(super) fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / 16_777_216.0
    }
    pub(super) fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
    pub(super) fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }
    pub(super) fn pick(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
