//! The layout from slots: how a tile's regions cover its box, from the 12
//! boundary slots of its shape (three per side). The perimeter is cut into
//! 24 half-slots; a street slot's halves belong to the areas left and right
//! of it. Runs of equal areas become polygons that meet at a hub (the tile
//! centre, or the middle of a curved street); an area run enclosed on both
//! sides by one other area, with no street at either end, becomes a bay drawn
//! over that area. Streets are straight or quarter-circle through-streets,
//! spokes to a square at a crossing, or dead ends.

use crate::geometry::*;
use engine::city::tiles::{RegionIdx, RegionKind, TileDef};

/// Half the width of a street's cobbles.
pub(super) const STREET_HALF: f32 = 6.6;
/// Radius of the square where crossing streets meet.
pub(super) const PLAZA_R: f32 = 10.5;

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

pub(super) fn perim_b(b: usize) -> Pt {
    perim((b % 24) as f32)
}

fn side_mid(side: usize) -> Pt {
    perim_b(side * 6 + 3)
}

/// Unit vector into the tile at boundary point b (diagonal at corners).
pub(super) fn inward(b: usize) -> Pt {
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
pub(super) enum Form {
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
pub(super) struct Street {
    pub(super) region: RegionIdx,
    pub(super) form: Form,
    pub(super) path: Path,
    pub(super) line: Vec<Pt>,
    pub(super) anchor: Pt,
    /// For a dead end: where it stops, its direction, and the area it runs into.
    pub(super) end: Option<(Pt, Pt, Option<RegionIdx>)>,
}

#[derive(Clone, Debug)]
pub(super) struct Area {
    pub(super) region: RegionIdx,
    pub(super) path: Path,
    pub(super) poly: Vec<Pt>,
}

#[derive(Clone, Copy, Debug)]
enum Spoke {
    Line,
    Cubic(Pt, Pt),
}

/// A tile's ground: the regions' shapes laid out from its slots (areas as
/// polygons meeting at a hub, bays, borders, streets), before anything is
/// built on it.
pub(super) struct Layout<'a> {
    pub(super) def: &'a TileDef,
    pub(super) hub: Pt,
    /// Direction of the street through or ending at the hub, if any.
    pub(super) hub_dir: Option<Pt>,
    pub(super) street_pt: [bool; 24],
    /// Ground polygons in drawing order (runs, then bays); later ones win.
    pub(super) areas: Vec<Area>,
    /// Inner borders between areas (spokes and bay edges), as paths and polylines.
    pub(super) borders: Path,
    pub(super) border_lines: Vec<Vec<Pt>>,
    pub(super) streets: Vec<Street>,
    /// Crossing streets meet on a square.
    pub(super) plaza: bool,
}

impl<'a> Layout<'a> {
    /// The tile's streets and areas from its slots.
    pub(super) fn new(def: &'a TileDef) -> Layout<'a> {
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
            hub,
            hub_dir,
            street_pt,
            areas: Vec::new(),
            borders: Path::default(),
            border_lines: Vec::new(),
            streets,
            plaza: def.crossing,
        };
        layout.build_areas(labels);
        layout
    }

    pub(super) fn kind(&self, r: RegionIdx) -> &RegionKind {
        &self.def.regions[r as usize].kind
    }

    pub(super) fn is_residential(&self, r: RegionIdx) -> bool {
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
    pub(super) fn area_at(&self, p: Pt) -> Option<RegionIdx> {
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
    pub(super) fn street_dist(&self, p: Pt) -> f32 {
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

    /// Direction of the nearest street, border or tile edge at p.
    pub(super) fn nearest_tangent(&self, p: Pt) -> Pt {
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
}
