//! How classic things are drawn: the shape list (parts with the same layer,
//! region, class and fill merge into one path, in first-use order) and the
//! small drawings a tile is furnished with: roofs, towers, gatehouses, a
//! city gate, the abbey, the well, a pennant's shield, tufts and bushes.

use crate::geometry::*;
use crate::{Layer, Shape};
use engine::classic::tiles::RegionIdx;
use engine::core::sort;

/// Roof tones of houses (the last one slate).
pub(super) const ROOFS: [&str; 6] = [
    "#b4553a", "#c4683f", "#a3462f", "#ba7048", "#94513b", "#6d7380",
];

type Key = (Layer, Option<RegionIdx>, &'static str, Option<&'static str>);

/// Shapes accumulated by key.
#[derive(Default)]
pub(super) struct Out(Vec<(Key, Path)>);

impl Out {
    /// A part in `class`, shown as `region` (or decoration when `None`).
    pub(super) fn add(
        &mut self,
        layer: Layer,
        region: Option<RegionIdx>,
        class: &'static str,
        path: Path,
    ) {
        self.put((layer, region, class, None), path);
    }

    pub(super) fn put(&mut self, key: Key, path: Path) {
        if path.0.is_empty() {
            return;
        }
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, p)) => p.append(path),
            None => self.0.push((key, path)),
        }
    }

    pub(super) fn finish(self) -> Vec<Shape> {
        let mut v: Vec<Shape> = self
            .0
            .into_iter()
            .map(|((layer, region, class, fill), p)| Shape {
                layer,
                region,
                d: p.d(),
                class,
                fill,
                title: None,
            })
            .collect();
        sort::sort_by(&mut v, |a, b| a.layer < b.layer);
        v
    }
}

const B: Layer = Layer::Building;

/// A house: its roof in `tone`, the far slope shaded (hipped: the ends too).
pub(super) fn roof(out: &mut Out, r: &Rect, region: Option<RegionIdx>, tone: usize, hip: bool) {
    let (f, hw, hh) = (r.frame(), r.hw, r.hh);
    out.put(
        (B, region, "ca-roof", Some(ROOFS[tone])),
        f.rect(-hw, -hh, hw, hh),
    );
    let i = (hw - hh).max(0.5);
    let shade = if hip {
        let mut s = f.poly(&[(-hw, hh), (hw, hh), (i, 0.0), (-i, 0.0)]);
        s.append(f.poly(&[(hw, -hh), (hw, hh), (i, 0.0)]));
        s
    } else {
        f.rect(-hw, 0.0, hw, hh)
    };
    out.add(B, None, "ca-shade", shade);
    out.add(
        B,
        None,
        "ca-ridge",
        Path::line(&[f.at(-hw, 0.0), f.at(hw, 0.0)]),
    );
}

/// A round tower with a conical roof.
pub(super) fn tower(out: &mut Out, p: Pt, r: f32) {
    let f = Frame {
        c: p,
        u: (1.0, 0.0),
    };
    out.add(B, None, "ca-stone", f.circle(0.0, 0.0, r));
    out.put(
        (B, None, "ca-roof", Some(ROOFS[2])),
        f.octagon(0.0, 0.0, r * 0.72),
    );
    let k = r * 0.72;
    out.add(
        B,
        None,
        "ca-shade",
        f.poly(&[
            (0.0, 0.0),
            (k, -k * 0.41),
            (k, k * 0.41),
            (k * 0.41, k),
            (-k * 0.41, k),
        ]),
    );
}

/// A gatehouse across a wall where a road comes in: `f.u` along the wall,
/// the city at +y.
pub(super) fn gatehouse(out: &mut Out, f: Frame) {
    out.add(B, None, "ca-stone", f.rect(-5.4, -3.6, 5.4, 3.6));
    out.add(B, None, "ca-dark", f.rect(-2.1, -4.4, 2.1, 4.4));
    tower(out, f.at(-6.2, 0.0), 2.9);
    tower(out, f.at(6.2, 0.0), 2.9);
}

/// A city gate on a side: `f.u` along the side, inwards at +y, the tile's
/// edge at y = -5.5; drawn as the gate's region.
pub(super) fn city_gate(out: &mut Out, f: Frame, g: RegionIdx) {
    let r = Some(g);
    out.add(B, r, "ca-stone", f.rect(-9.0, -4.3, 9.0, 4.3));
    let mut arch = f.rect(-3.6, -5.5, 3.6, 3.0);
    arch.append(f.ellipse(0.0, 3.0, 3.6, 2.8));
    out.add(B, r, "ca-dark", arch);
    let mut bars = Path::default();
    for x in [-1.8, 0.0, 1.8] {
        bars.append(Path::line(&[f.at(x, -5.4), f.at(x, 1.5)]));
    }
    bars.append(Path::line(&[f.at(-3.4, -2.5), f.at(3.4, -2.5)]));
    out.add(Layer::Detail, None, "ca-grille", bars);
    for x in [-9.5, 9.5] {
        out.add(B, r, "ca-stone", f.circle(x, 0.0, 4.6));
        out.put((B, r, "ca-roof", Some(ROOFS[2])), f.octagon(x, 0.0, 3.4));
        out.add(
            B,
            None,
            "ca-shade",
            f.poly(&[
                (x, 0.0),
                (x + 3.4, -1.4),
                (x + 3.4, 1.4),
                (x + 1.4, 3.4),
                (x - 1.4, 3.4),
            ]),
        );
    }
}

/// A pennant: a blue shield with a white cross, about 10 × 13.
pub(super) fn shield(out: &mut Out, p: Pt, region: RegionIdx) {
    let f = Frame {
        c: p,
        u: (1.0, 0.0),
    };
    let mut s = Path::default();
    s.m(f.at(-5.0, -6.0))
        .l(f.at(5.0, -6.0))
        .l(f.at(5.0, 0.0))
        .c(f.at(5.0, 4.0), f.at(2.6, 6.0), f.at(0.0, 7.4))
        .c(f.at(-2.6, 6.0), f.at(-5.0, 4.0), f.at(-5.0, 0.0))
        .z();
    let d = Layer::Detail;
    out.add(
        d,
        None,
        "ca-shadow",
        Frame {
            c: add(p, (0.9, 1.1)),
            u: (1.0, 0.0),
        }
        .rect(-5.0, -6.0, 5.0, 2.0),
    );
    out.add(d, Some(region), "ca-shield", s);
    let mut cross = f.rect(-1.15, -6.0, 1.15, 6.2);
    cross.append(f.rect(-5.0, -2.4, 5.0, -0.2));
    out.add(d, Some(region), "ca-shield-mark", cross);
}

/// The abbey: a cross-shaped church with an apse and a bell tower at the
/// door end (`f.u` points to the door), its cloister walk beside it.
pub(super) fn abbey(out: &mut Out, f: Frame, m: RegionIdx) {
    let r = Some(m);
    // The cloister walk: a square ring of roof round a little green.
    out.add(B, r, "ca-slate", f.rect(-9.5, 4.0, 3.5, 15.0));
    out.add(B, r, "ca-lawn", f.rect(-6.5, 7.0, 0.5, 12.0));
    out.add(B, r, "ca-stone", f.octagon(-3.0, 9.5, 1.1));
    out.add(B, r, "ca-stone", f.ellipse(-11.5, 0.0, 4.6, 4.6));
    out.add(
        B,
        r,
        "ca-church",
        f.poly(&[
            (-12.0, -4.6),
            (-6.5, -4.6),
            (-6.5, -10.5),
            (-1.5, -10.5),
            (-1.5, -4.6),
            (9.0, -4.6),
            (9.0, 4.6),
            (-1.5, 4.6),
            (-1.5, 10.5),
            (-6.5, 10.5),
            (-6.5, 4.6),
            (-12.0, 4.6),
        ]),
    );
    let mut shade = f.rect(-12.0, 0.0, 9.0, 4.6);
    shade.append(f.poly(&[(-4.0, -10.5), (-1.5, -10.5), (-1.5, 10.5), (-4.0, 10.5)]));
    out.add(B, None, "ca-shade", shade);
    let mut ridge = Path::line(&[f.at(-12.0, 0.0), f.at(9.0, 0.0)]);
    ridge.append(Path::line(&[f.at(-4.0, -10.5), f.at(-4.0, 10.5)]));
    out.add(B, None, "ca-ridge", ridge);
    // The bell tower: a square with a pyramid roof and a cross.
    out.add(B, r, "ca-stone", f.rect(8.0, -4.0, 16.0, 4.0));
    out.add(B, r, "ca-slate", f.rect(9.0, -3.0, 15.0, 3.0));
    out.add(
        B,
        None,
        "ca-shade",
        f.poly(&[(12.0, 0.0), (15.0, -3.0), (15.0, 3.0), (9.0, 3.0)]),
    );
    let mut cross = Path::line(&[f.at(10.0, 0.0), f.at(14.0, 0.0)]);
    cross.append(Path::line(&[f.at(12.0, -1.6), f.at(12.0, 1.6)]));
    out.add(Layer::Detail, None, "ca-cross", cross);
}

/// A well at a junction: a stone ring round dark water.
pub(super) fn well(out: &mut Out, p: Pt) {
    let f = Frame {
        c: p,
        u: (1.0, 0.0),
    };
    out.add(Layer::Street, None, "ca-stone", f.octagon(0.0, 0.0, 3.4));
    out.add(Layer::Street, None, "ca-water", f.circle(0.0, 0.0, 1.9));
}

/// A tuft of grass: three blades.
pub(super) fn tuft(p: Pt, k: f32) -> Path {
    let f = Frame { c: p, u: (k, 0.0) };
    let mut t = Path::line(&[f.at(-1.6, 0.0), f.at(-1.0, -1.7)]);
    t.append(Path::line(&[f.at(0.0, 0.3), f.at(0.2, -2.3)]));
    t.append(Path::line(&[f.at(1.5, 0.0), f.at(1.1, -1.6)]));
    t
}

/// A bush or a small tree: a dark crown with a lit side.
pub(super) fn bush(out: &mut Out, p: Pt, r: f32) {
    let d = Layer::Detail;
    out.add(
        d,
        None,
        "ca-shadow",
        Path::circle(add(p, (r * 0.35, r * 0.45)), r),
    );
    out.add(d, None, "ca-bush", Path::circle(p, r));
    out.add(
        d,
        None,
        "ca-leaf",
        Path::circle(add(p, (-r * 0.3, -r * 0.3)), r * 0.5),
    );
}
