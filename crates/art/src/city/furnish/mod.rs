//! The City's furnishing: what stands on a tile's ground. Public buildings
//! and the historic landmarks first (at the dead ends of streets running
//! into their area, else in the roomiest spots), a paved apron where a street
//! opens into a market, then a follower spot per region kept clear, then row
//! houses along streets, borders and tile edges, more houses inwards, market
//! stalls and pens, and trees in the gaps. Small variations (roof tones,
//! house sizes, stall positions) come from a generator seeded by the tile
//! id, so the same tile always gets the same picture. How each thing is
//! drawn is `paint.rs` (`landmarks.rs` for the historic buildings).

mod landmarks;
mod paint;

use super::layout::{Layout, STREET_HALF};
use crate::geometry::*;
use engine::city::tiles::{Goods, RegionIdx, RegionKind, TileDef};
use engine::core::sort;
use landmarks::landmark_size;
use paint::ROOFS;

/// How far a building keeps from a street's centre line.
const STREET_CLEAR: f32 = 8.7;

/// What stands somewhere on the tile.
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
    /// Paving where a street opens into a market square (not a well or a
    /// fountain: those would look like the historic wells).
    Apron,
    /// Room kept free around a follower anchor.
    Clearing,
}

/// A thing built on a region, in the rectangle it takes.
#[derive(Clone, Debug)]
struct Placed {
    rect: Rect,
    region: RegionIdx,
    kind: Kind,
}

/// A point of the placement grid.
struct Cell {
    p: Pt,
    region: Option<RegionIdx>,
    clear: f32,
}

/// A tile's ground with everything built on it, and a follower spot per region.
pub(super) struct Town<'a> {
    pub(super) layout: Layout<'a>,
    rng: Rng,
    /// A grid over the tile: each point's area and its room from borders and streets.
    cells: Vec<Cell>,
    placed: Vec<Placed>,
    /// `anchors[r]`: where a follower stands on region `r`.
    pub(super) anchors: Vec<Pt>,
    /// Public buildings still to place, per region.
    publics_left: Vec<u8>,
}

impl<'a> Town<'a> {
    /// The ground, the public and historic buildings and the follower spots
    /// (what the anchors need; [`Town::populate`] adds the rest).
    pub(super) fn new(def: &'a TileDef) -> Town<'a> {
        let n = def.regions.len();
        let mut town = Town {
            layout: Layout::new(def),
            rng: Rng(fnv1a(&def.id)),
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
        town.build_cells();
        town.place_specials();
        town.place_anchors();
        town
    }

    fn build_cells(&mut self) {
        let mut edges: Vec<(Pt, Pt)> = Vec::new();
        for a in &self.layout.areas {
            edges.extend(a.poly.windows(2).map(|w| (w[0], w[1])));
        }
        for gy in 0..40 {
            for gx in 0..40 {
                let p = (1.25 + gx as f32 * 2.5, 1.25 + gy as f32 * 2.5);
                let region = self.layout.area_at(p);
                let edge = edges
                    .iter()
                    .map(|&(a, b)| seg_dist(p, a, b))
                    .fold(f32::MAX, f32::min);
                let clear = edge.min(self.layout.street_dist(p) - STREET_HALF);
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
            .all(|&p| self.layout.area_at(p) == Some(region))
            && r.samples()
                .iter()
                .all(|&p| self.layout.street_dist(p) >= STREET_CLEAR)
            && !self.placed.iter().any(|o| r.overlaps(&o.rect, pad))
    }

    fn place(&mut self, rect: Rect, region: RegionIdx, kind: Kind) {
        self.placed.push(Placed { rect, region, kind });
    }

    /// Historic buildings and public buildings: first at dead ends of streets
    /// running into their area, then in the roomiest spots.
    fn place_specials(&mut self) {
        let ends: Vec<(Pt, Pt, RegionIdx)> = self
            .layout
            .streets
            .iter()
            .filter_map(|s| s.end)
            .filter_map(|(e, d, into)| into.map(|r| (e, d, r)))
            .collect();
        let mut historic_done = vec![false; self.layout.def.regions.len()];
        for (e, dir, r) in ends {
            let RegionKind::Residential { historic, .. } = self.layout.kind(r).clone() else {
                // A market: the street opens into the square on a paved apron.
                let rect = Rect {
                    c: add(e, mul(dir, 6.5)),
                    u: dir,
                    hw: 3.6,
                    hh: 3.6,
                };
                self.place(rect, r, Kind::Apron);
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
        for r in 0..self.layout.def.regions.len() as RegionIdx {
            let RegionKind::Residential { historic, .. } = self.layout.kind(r).clone() else {
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
        sort::sort_by(&mut cands, |a, b| b.0.total_cmp(&a.0).is_lt());
        for scale in [1.0, 0.85, 0.7] {
            for &(_, p) in cands.iter().take(120) {
                let t = self.layout.nearest_tangent(p);
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
        for s in &self.layout.streets {
            self.anchors[s.region as usize] = s.anchor;
        }
        for r in 0..self.layout.def.regions.len() as RegionIdx {
            if matches!(self.layout.kind(r), RegionKind::Street) {
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
                    .layout
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

    /// Houses, stalls, pens and trees.
    pub(super) fn populate(&mut self) {
        // Two roof tones per residential region.
        let tones: Vec<[usize; 2]> = (0..self.layout.def.regions.len())
            .map(|_| {
                let a = self.rng.pick(ROOFS.len());
                [a, (a + 1 + self.rng.pick(ROOFS.len() - 1)) % ROOFS.len()]
            })
            .collect();

        // Frontages: along streets, then inner borders, then tile edges.
        let mut fronts: Vec<(Vec<Pt>, f32, [f32; 2])> = Vec::new();
        for s in &self.layout.streets {
            fronts.push((s.line.clone(), STREET_CLEAR + 0.3, [1.0, -1.0]));
        }
        for b in &self.layout.border_lines {
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
            match self.layout.area_at(c) {
                Some(r) if self.layout.is_residential(r) && self.fits(&rect, r, 0.35) => {
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
            let Some(r) = self
                .layout
                .area_at(c)
                .filter(|&r| self.layout.is_residential(r))
            else {
                continue;
            };
            if garden {
                continue;
            }
            let t = self.layout.nearest_tangent(c);
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
            let Some(r) = self.layout.area_at(c) else {
                continue;
            };
            let RegionKind::Market(g) = *self.layout.kind(r) else {
                continue;
            };
            let t = self.layout.nearest_tangent(c);
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
            let Some(r) = self.layout.area_at(c) else {
                continue;
            };
            let p = if self.layout.is_residential(r) {
                0.55
            } else {
                0.06
            };
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
}
