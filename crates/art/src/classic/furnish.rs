//! What stands on a classic tile, and where followers go. Follower spots
//! first: on the road for a road (its middle; near the side for a road to
//! the junction), on the abbey, at a gate, and for cities and fields the
//! roomiest point of the region clear of walls, roads and the other spots
//! (so a lying farmer fits). Then pennants' shields in their cities, houses
//! packed inside the walls (along them, then inwards), towers on the walls,
//! and in the fields a crop parcel, bushes and tufts, all kept off the
//! tile's edge so that neighbours meet cleanly. Variations come from a
//! generator seeded by the tile id.

use super::paint::*;
use super::plan::{normal, perim, Plan, GARDEN};
use crate::geometry::*;
use crate::{Layer, Shape};
use engine::classic::tiles::{RegionIdx, RegionKind, TileDef};
use engine::core::sort;

/// Half a road's width (verges included) and of a wall.
pub(super) const ROAD_HALF: f32 = 6.2;
pub(super) const WALL_HALF: f32 = 3.3;
const PLAZA_R: f32 = 9.0;
/// How far apart follower spots keep.
const SPACING: f32 = 22.0;

/// A classic tile's ground with everything on it.
pub(super) struct Tile<'a> {
    pub(super) plan: Plan<'a>,
    rng: Rng,
    walls: Vec<Vec<Pt>>,
    pub(super) anchors: Vec<Pt>,
    shields: Vec<(Pt, RegionIdx)>,
    houses: Vec<(Rect, RegionIdx, usize, bool)>,
    towers: Vec<Pt>,
    crops: Vec<Rect>,
    bushes: Vec<(Pt, f32)>,
    tufts: Path,
}

impl<'a> Tile<'a> {
    pub(super) fn new(def: &'a TileDef) -> Tile<'a> {
        let plan = Plan::new(def);
        let walls = plan.chords.iter().map(|c| c.bez.pts()).collect();
        let mut t = Tile {
            plan,
            rng: Rng(fnv1a(&def.id)),
            walls,
            anchors: vec![CENTRE; def.regions.len()],
            shields: Vec::new(),
            houses: Vec::new(),
            towers: Vec::new(),
            crops: Vec::new(),
            bushes: Vec::new(),
            tufts: Path::default(),
        };
        t.place_anchors();
        t
    }

    fn wall_dist(&self, p: Pt) -> f32 {
        self.walls
            .iter()
            .map(|w| polyline_dist(p, w))
            .fold(f32::MAX, f32::min)
    }

    fn road_dist(&self, p: Pt) -> f32 {
        let mut d = self
            .plan
            .roads
            .iter()
            .map(|r| polyline_dist(p, &r.line))
            .fold(f32::MAX, f32::min);
        if let Some(h) = self.plan.hub {
            d = d.min(dist(p, h) - PLAZA_R + ROAD_HALF);
        }
        d
    }

    /// Room around p inside region r: to its outline, walls, roads, the
    /// tile's edge and the abbey's garden. Negative outside.
    fn room(&self, p: Pt, r: RegionIdx) -> f32 {
        let Some(a) = self.plan.area_at(p).filter(|a| a.region == r) else {
            return -1.0;
        };
        let mut d = a
            .edge_dist(p)
            .min(self.wall_dist(p) - WALL_HALF)
            .min(self.road_dist(p) - ROAD_HALF)
            .min(p.0.min(p.1).min(100.0 - p.0).min(100.0 - p.1));
        if let Some((m, c, _)) = self.plan.cloister {
            if m != r {
                d = d.min(dist(p, c) - GARDEN * 1.08);
            }
        }
        d
    }

    /// The best spot in region r: roomy (up to `cap`), away from `keep`
    /// (points and how far to stay from them), towards the tile's centre.
    fn spot(&self, r: RegionIdx, cap: f32, keep: &[(Pt, f32)]) -> Option<Pt> {
        let mut best: Option<(f32, Pt)> = None;
        for i in 0..1600 {
            let p = (1.25 + (i % 40) as f32 * 2.5, 1.25 + (i / 40) as f32 * 2.5);
            let room = self.room(p, r);
            if room < 0.0 {
                continue;
            }
            let near: f32 = keep.iter().map(|&(q, k)| (dist(p, q) - k).min(0.0)).sum();
            let score = room.min(cap) + 1.5 * near - 0.04 * dist(p, CENTRE);
            if best.is_none_or(|b| score > b.0) {
                best = Some((score, p));
            }
        }
        best.map(|b| b.1)
    }

    fn place_anchors(&mut self) {
        let plan = &self.plan;
        let mut fixed: Vec<(RegionIdx, Pt)> = Vec::new();
        for road in &plan.roads {
            let a = road.line[0];
            let p = match plan.hub {
                Some(h) if road.line.last().is_some_and(|&e| dist(e, h) < 0.1) => lerp(a, h, 0.42),
                _ => point_at(&road.line, polyline_len(&road.line) * 0.5).0,
            };
            fixed.push((road.region, p));
        }
        if let Some((m, c, _)) = plan.cloister {
            fixed.push((m, c));
        }
        for &(g, s) in &plan.gates {
            fixed.push((g, add(perim(6.0 * s as f32 + 3.0), mul(normal(s), 5.5))));
        }
        for (r, p) in fixed {
            self.anchors[r as usize] = p;
        }
        let mut keep: Vec<(Pt, f32)> = self
            .plan
            .roads
            .iter()
            .map(|r| self.anchors[r.region as usize])
            .chain(self.plan.gates.iter().map(|g| self.anchors[g.0 as usize]))
            .map(|p| (p, SPACING))
            .collect();
        // Cities, then fields; each city's shield a little off its spot.
        let n = self.plan.def.regions.len() as RegionIdx;
        for pass in 0..2 {
            for r in 0..n {
                let kind = self.plan.kind(r);
                let city = matches!(kind, RegionKind::City { .. });
                if (pass == 0) != city || !(city || kind == RegionKind::Field) {
                    continue;
                }
                if let Some(p) = self.spot(r, 13.0, &keep) {
                    self.anchors[r as usize] = p;
                    keep.push((p, SPACING));
                }
                if let RegionKind::City { pennants: 1.., .. } = kind {
                    let mut k = keep.clone();
                    k.push((self.anchors[r as usize], 17.0));
                    if let Some(p) = self.spot(r, 8.0, &k) {
                        self.shields.push((p, r));
                        keep.push((p, 12.0));
                    }
                }
            }
        }
    }

    /// Everything else: houses, towers, crops, bushes and tufts.
    pub(super) fn furnish(&mut self) {
        let mut clear: Vec<(Pt, f32)> = self.anchors.iter().map(|&a| (a, 7.5)).collect();
        clear.extend(self.shields.iter().map(|s| (s.0, 8.5)));
        for road in &self.plan.roads {
            if let Some((p, _)) = road.wall_end {
                clear.push((p, 9.0));
            }
        }
        let free = |p: Pt, clear: &[(Pt, f32)]| clear.iter().all(|&(q, k)| dist(p, q) >= k);

        // Towers along the walls, off the tile's edge and the gatehouses.
        for w in &self.walls {
            let l = polyline_len(w);
            let n = (l / 34.0).round().max(1.0);
            for i in 0..n as usize {
                let p = point_at(w, l * (i as f32 + 0.5) / n).0;
                let edge = p.0.min(p.1).min(100.0 - p.0).min(100.0 - p.1);
                if edge > 5.0 && free(p, &clear) && self.towers.iter().all(|&q| dist(p, q) > 14.0) {
                    self.towers.push(p);
                }
            }
        }
        clear.extend(self.towers.iter().map(|&p| (p, 5.0)));

        // Houses: along the walls first (the jitter grid is walked from the
        // walls inwards), then wherever they fit.
        let cities: Vec<RegionIdx> = (0..self.plan.def.regions.len() as RegionIdx)
            .filter(|&r| matches!(self.plan.kind(r), RegionKind::City { .. }))
            .collect();
        let mut cands: Vec<(f32, Pt, RegionIdx)> = Vec::new();
        for j in 0..17 {
            for i in 0..17 {
                let p = (
                    3.0 + 5.9 * i as f32 + self.rng.range(-1.6, 1.6),
                    3.0 + 5.9 * j as f32 + self.rng.range(-1.6, 1.6),
                );
                if let Some(a) = self.plan.area_at(p).filter(|a| cities.contains(&a.region)) {
                    cands.push((self.wall_dist(p) + self.rng.range(0.0, 3.0), p, a.region));
                }
            }
        }
        sort::sort_by(&mut cands, |a, b| a.0.total_cmp(&b.0).is_lt());
        for (_, c, r) in cands {
            let tone = self.rng.pick(ROOFS.len() - 1) + usize::from(self.rng.chance(0.12));
            let hip = self.rng.chance(0.35);
            let (w, d) = (self.rng.range(7.0, 11.0), self.rng.range(5.4, 7.4));
            let t = self.tangent(c);
            for (u, k) in [(t, 1.0), (perp(t), 1.0), (t, 0.7)] {
                let rect = Rect {
                    c,
                    u,
                    hw: w * k / 2.0,
                    hh: d * k / 2.0,
                };
                if self.fits(&rect, r, &clear) {
                    self.houses.push((rect, r, tone, hip));
                    break;
                }
            }
        }

        // Fields: a crop parcel now and then, bushes, tufts.
        let fields: Vec<RegionIdx> = (0..self.plan.def.regions.len() as RegionIdx)
            .filter(|&r| self.plan.kind(r) == RegionKind::Field)
            .collect();
        for &f in &fields {
            if !self.rng.chance(0.5) {
                continue;
            }
            for _ in 0..30 {
                let c = (self.rng.range(12.0, 88.0), self.rng.range(12.0, 88.0));
                let u = self.tangent(c);
                let rect = Rect {
                    c,
                    u,
                    hw: self.rng.range(9.0, 13.0),
                    hh: self.rng.range(5.5, 7.5),
                };
                if rect
                    .samples()
                    .iter()
                    .all(|&p| self.room(p, f) > 1.5 && free(p, &clear))
                    && self.crops.iter().all(|o| !rect.overlaps(o, 3.0))
                {
                    self.crops.push(rect);
                    clear.push((c, rect.hw + 2.0));
                    break;
                }
            }
        }
        for j in 0..11 {
            for i in 0..11 {
                let p = (
                    6.0 + 8.8 * i as f32 + self.rng.range(-3.5, 3.5),
                    6.0 + 8.8 * j as f32 + self.rng.range(-3.5, 3.5),
                );
                let roll = self.rng.unit();
                let Some(a) = self.plan.area_at(p) else {
                    continue;
                };
                if !fields.contains(&a.region) || !free(p, &clear) {
                    continue;
                }
                let room = self.room(p, a.region);
                if roll < 0.07 && room > 5.0 {
                    let r = self.rng.range(2.4, 3.4);
                    self.bushes.push((p, r));
                    let q = add(p, (r * 1.4, r * 0.5));
                    if self.room(q, a.region) > 4.0 {
                        self.bushes.push((q, r * 0.8));
                    }
                    clear.push((p, r + 3.0));
                } else if roll < 0.45 && room > 3.0 {
                    self.tufts.append(tuft(p, self.rng.range(0.8, 1.2)));
                }
            }
        }
    }

    /// Whether a house fits in city r: inside it, off the walls, roads,
    /// the tile's edge, the kept spots and the other houses.
    fn fits(&self, rect: &Rect, r: RegionIdx, clear: &[(Pt, f32)]) -> bool {
        let g = rect.grow(0.4);
        g.samples().iter().chain(g.corners().iter()).all(|&p| {
            self.plan.area_at(p).is_some_and(|a| a.region == r)
                && self.wall_dist(p) >= WALL_HALF + 0.6
                && self.road_dist(p) >= ROAD_HALF + 0.8
                && p.0.min(p.1).min(100.0 - p.0).min(100.0 - p.1) >= 0.8
                && clear.iter().all(|&(q, k)| dist(p, q) >= k * 0.8)
                && self
                    .plan
                    .cloister
                    .is_none_or(|(_, c, _)| dist(p, c) > GARDEN * 1.1)
        }) && self.houses.iter().all(|h| !rect.overlaps(&h.0, 0.5))
    }

    /// Direction of the nearest wall, road or tile edge at p.
    fn tangent(&self, p: Pt) -> Pt {
        let edges = [
            vec![(0.0, 0.0), (100.0, 0.0)],
            vec![(0.0, 0.0), (0.0, 100.0)],
            vec![(100.0, 0.0), (100.0, 100.0)],
            vec![(0.0, 100.0), (100.0, 100.0)],
        ];
        let lines = self
            .walls
            .iter()
            .chain(self.plan.roads.iter().map(|r| &r.line))
            .chain(edges.iter());
        let mut best = (f32::MAX, (1.0, 0.0));
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

    /// The picture, sorted by layer.
    pub(super) fn shapes(&self) -> Vec<Shape> {
        let plan = &self.plan;
        let mut out = Out::default();
        let (g, s, b, d) = (Layer::Ground, Layer::Street, Layer::Building, Layer::Detail);
        for a in &plan.areas {
            let class = match plan.kind(a.region) {
                RegionKind::City { .. } => "ca-city",
                RegionKind::Cloister { .. } => "ca-garden",
                _ => "ca-field",
            };
            out.add(g, Some(a.region), class, a.path.clone());
        }
        for c in &self.crops {
            let f = c.frame();
            out.add(g, None, "ca-crop", f.rect(-c.hw, -c.hh, c.hw, c.hh));
            let mut furrows = Path::default();
            let mut y = -c.hh + 1.6;
            while y < c.hh - 1.0 {
                furrows.append(Path::line(&[f.at(-c.hw + 0.8, y), f.at(c.hw - 0.8, y)]));
                y += 2.2;
            }
            out.add(g, None, "ca-furrow", furrows);
        }
        out.add(g, None, "ca-tuft", self.tufts.clone());

        // Roads: verges, then each road, then its ruts; the junction.
        let mut all = Path::default();
        for r in &plan.roads {
            all.append(r.bez.path());
        }
        out.add(s, None, "ca-verge", all.clone());
        for r in &plan.roads {
            out.add(s, Some(r.region), "ca-road", r.bez.path());
        }
        out.add(s, None, "ca-ruts", all);
        if let Some(h) = plan.hub {
            out.add(s, None, "ca-plaza", Path::circle(h, PLAZA_R));
            well(&mut out, h);
        }

        // Walls: dark edge, stone, crenels; towers and gatehouses on them.
        let mut walls = Path::default();
        for c in &plan.chords {
            walls.append(c.bez.path());
        }
        out.add(b, None, "ca-wall-edge", walls.clone());
        out.add(b, None, "ca-wall", walls.clone());
        out.add(b, None, "ca-crenel", walls);
        for &p in &self.towers {
            tower(&mut out, p, 3.8);
        }
        for r in &plan.roads {
            if let Some((p, t)) = r.wall_end {
                gatehouse(&mut out, Frame { c: p, u: t });
            }
        }
        for &(gr, side) in &plan.gates {
            let c = add(perim(6.0 * side as f32 + 3.0), mul(normal(side), 5.5));
            city_gate(
                &mut out,
                Frame {
                    c,
                    u: super::plan::along(side),
                },
                gr,
            );
        }
        for (rect, r, tone, hip) in &self.houses {
            roof(&mut out, rect, Some(*r), *tone, *hip);
        }
        if let Some((m, c, door)) = plan.cloister {
            abbey(&mut out, Frame { c, u: door }, m);
        }
        // A bridge: a stone deck over the city, the road on it.
        for (r, (p, q)) in plan.roads.iter().filter_map(|r| r.bridge.map(|b| (r, b))) {
            let f = Frame {
                c: lerp(p, q, 0.5),
                u: norm(sub(q, p)),
            };
            let h = dist(p, q) * 0.5 + 5.0;
            out.add(b, Some(r.region), "ca-deck", f.rect(-h, -7.4, h, 7.4));
            out.add(
                b,
                Some(r.region),
                "ca-deck-road",
                f.rect(-h - 0.4, -4.4, h + 0.4, 4.4),
            );
            let mut piers = f.rect(-h + 1.0, -9.0, -h + 4.0, 9.0);
            piers.append(f.rect(h - 4.0, -9.0, h - 1.0, 9.0));
            out.add(b, Some(r.region), "ca-deck", piers);
        }
        for &(p, r) in &self.bushes {
            bush(&mut out, p, r);
        }
        for &(p, r) in &self.shields {
            shield(&mut out, p, r);
        }
        let _ = d;
        out.finish()
    }
}
