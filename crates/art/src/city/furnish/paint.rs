//! How The City's furnishing is drawn: the ground's paint (residential
//! areas, market squares by goods), borders, cobbled streets and the
//! crossing square, roofs, public buildings, stalls, pens, goods, aprons
//! and trees, merged into as few paths as their styles allow.

use super::landmarks::{draw_landmark, landmark_design};
use super::{Kind, Placed, Town};
use crate::city::layout::PLAZA_R;
use crate::geometry::*;
use crate::{Layer, Shape};
use engine::city::tiles::{Goods, RegionIdx, RegionKind};
use engine::core::sort;

/// The roof tones of houses.
pub(super) const ROOFS: [&str; 6] = [
    "#b5573b", "#c56b45", "#a44b36", "#bb7250", "#9d5a42", "#c0603a",
];

impl Town<'_> {
    /// The picture: the ground, the streets and everything built, as shapes
    /// sorted by layer.
    pub(crate) fn shapes(&self) -> Vec<Shape> {
        let mut out = Out::default();
        for a in &self.layout.areas {
            let class = match self.layout.kind(a.region) {
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
            self.layout.borders.clone(),
        );

        let mut edges = Path::default();
        for s in &self.layout.streets {
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
        for s in &self.layout.streets {
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
        if self.layout.plaza {
            let f = Frame {
                c: self.layout.hub,
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
pub(super) struct Out {
    /// Whether merging into earlier items is forbidden (for landmarks, whose
    /// parts overlap and must stay in order).
    pub(super) solo: bool,
    items: Vec<(Key, Path)>,
}

impl Out {
    pub(super) fn add(
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
        sort::sort_by(&mut shapes, |a, b| a.layer < b.layer);
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
        Kind::Apron => {
            // The street's paving widening into the square, from the end
            // of the street (6.5 behind the rectangle's centre): decoration.
            let w = 6.6;
            out.add(
                Layer::Street,
                None,
                "art-apron",
                None,
                None,
                f.poly(&[
                    (-7.5, -w),
                    (-0.5, -w),
                    (hw, -w - 3.0),
                    (hw, w + 3.0),
                    (-0.5, w),
                    (-7.5, w),
                ]),
            );
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
