//! Where a classic tile's regions lie, from its slots alone. The boundary is
//! measured clockwise from the top-left corner, 6 units a side. A city holds
//! stretches of it (its city sides, merged round corners, and a narrow
//! opening at each of its gates); between two stretches its wall runs
//! through the tile as one cubic curve, bowing so that a city on one side is
//! a cap, on two a rounded corner or a band, on three a city round a field
//! cap. Roads run from side midpoints: straight or round a corner through
//! the tile, to the junction, up to the first wall they meet (a road ending
//! at a city, each half of a bridge), or to the cloister. Fields are the
//! faces left between walls, roads and the tile's edge, walked clockwise
//! (the field always on the right).

use crate::geometry::*;
use engine::classic::tiles::{RegionIdx, RegionKind, TileDef};
use engine::core::sort;

/// Half a gate's opening, in boundary units (12 tile units).
pub(super) const GATE_HALF: f32 = 0.72;
const EPS: f32 = 1e-3;

/// The boundary point at position `t`.
pub(super) fn perim(t: f32) -> Pt {
    let t = t.rem_euclid(24.0);
    let s = ((t / 6.0) as usize).min(3);
    let f = (t - s as f32 * 6.0) * 100.0 / 6.0;
    [(f, 0.0), (100.0, f), (100.0 - f, 100.0), (0.0, 100.0 - f)][s]
}

/// The unit vector into the tile across side `s` (N E S W).
pub(super) fn normal(s: usize) -> Pt {
    [(0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0)][s % 4]
}

/// The clockwise direction along side `s`.
pub(super) fn along(s: usize) -> Pt {
    let n = normal(s);
    (n.1, -n.0)
}

/// Lines along the boundary from `t0` clockwise over `dt` units (corners included).
fn boundary(p: &mut Path, t0: f32, dt: f32) {
    let mut c = (t0 / 6.0).floor() * 6.0 + 6.0;
    while c < t0 + dt - EPS {
        p.l(perim(c));
        c += 6.0;
    }
    p.l(perim(t0 + dt));
}

/// How far clockwise `b` lies from `a` on the boundary, in [0, 24).
fn ahead(a: f32, b: f32) -> f32 {
    let d = (b - a + EPS).rem_euclid(24.0) - EPS;
    d.max(0.0)
}

/// A cubic Bézier curve.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bez(pub(super) [Pt; 4]);

impl Bez {
    pub(super) fn line(a: Pt, b: Pt) -> Bez {
        Bez([a, lerp(a, b, 1.0 / 3.0), lerp(a, b, 2.0 / 3.0), b])
    }

    fn split(&self, t: f32) -> (Bez, Bez) {
        let [a, b, c, d] = self.0;
        let (ab, bc, cd) = (lerp(a, b, t), lerp(b, c, t), lerp(c, d, t));
        let (abc, bcd) = (lerp(ab, bc, t), lerp(bc, cd, t));
        let m = lerp(abc, bcd, t);
        (Bez([a, ab, abc, m]), Bez([m, bcd, cd, d]))
    }

    pub(super) fn at(&self, t: f32) -> Pt {
        self.split(t).0 .0[3]
    }

    /// The unit tangent at `t`.
    pub(super) fn dir(&self, t: f32) -> Pt {
        let (l, r) = self.split(t);
        norm(sub(r.0[1], l.0[2]))
    }

    /// The piece from `t0` to `t1` (backwards when `t1 < t0`).
    pub(super) fn part(&self, t0: f32, t1: f32) -> Bez {
        let (lo, hi) = (t0.min(t1), t0.max(t1));
        let left = self.split(hi).0;
        let mid = if hi > EPS {
            left.split(lo / hi).1
        } else {
            left
        };
        if t1 < t0 {
            mid.rev()
        } else {
            mid
        }
    }

    pub(super) fn rev(&self) -> Bez {
        let [a, b, c, d] = self.0;
        Bez([d, c, b, a])
    }

    /// Append to a path whose pen is at the start.
    pub(super) fn to(&self, p: &mut Path) {
        p.c(self.0[1], self.0[2], self.0[3]);
    }

    pub(super) fn path(&self) -> Path {
        let mut p = Path::default();
        p.m(self.0[0]);
        self.to(&mut p);
        p
    }

    pub(super) fn pts(&self) -> Vec<Pt> {
        self.path().flatten().remove(0)
    }
}

/// A city wall between two of its stretches: from the end of one (`from`)
/// to the start of the next (`to`), the city on its right.
pub(super) struct Chord {
    pub(super) bez: Bez,
    from: f32,
    to: f32,
    /// Roads ending on this wall: (curve parameter, leg).
    walls: Vec<(f32, usize)>,
}

/// Where a road leg from a side midpoint ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum End {
    /// Another side midpoint (a through road).
    Side(f32),
    /// The junction.
    Hub,
    /// A wall: the chord and the parameter on it.
    Wall(usize, f32),
}

/// A road from a side midpoint inwards, as the fields see it.
pub(super) struct Leg {
    at: f32,
    pub(super) bez: Bez,
    pub(super) end: End,
}

/// A road as drawn.
pub(super) struct Road {
    pub(super) region: RegionIdx,
    pub(super) bez: Bez,
    pub(super) line: Vec<Pt>,
    /// A bridge: where the road crosses the city's walls.
    pub(super) bridge: Option<(Pt, Pt)>,
    /// Where a dead end stops: at a wall (where, the wall's tangent), or at
    /// the cloister's door.
    pub(super) wall_end: Option<(Pt, Pt)>,
}

/// A region's ground: its path and the polygons for hit tests.
pub(super) struct Area {
    pub(super) region: RegionIdx,
    pub(super) path: Path,
    pub(super) polys: Vec<Vec<Pt>>,
}

impl Area {
    fn new(region: RegionIdx, path: Path) -> Area {
        let polys = path.flatten();
        Area {
            region,
            path,
            polys,
        }
    }

    /// Whether p lies inside (even-odd over every subpath).
    pub(super) fn holds(&self, p: Pt) -> bool {
        self.polys.iter().filter(|poly| inside(p, poly)).count() % 2 == 1
    }

    /// Distance from p to the area's outline.
    pub(super) fn edge_dist(&self, p: Pt) -> f32 {
        self.polys
            .iter()
            .map(|poly| polyline_dist(p, poly))
            .fold(f32::MAX, f32::min)
    }
}

/// The tile's ground: cities, roads and fields, before anything is built.
pub(super) struct Plan<'a> {
    pub(super) def: &'a TileDef,
    pub(super) chords: Vec<Chord>,
    pub(super) legs: Vec<Leg>,
    pub(super) roads: Vec<Road>,
    /// Ground in drawing order (fields, cities, the cloister); later ones win.
    pub(super) areas: Vec<Area>,
    /// The junction, where roads meet.
    pub(super) hub: Option<Pt>,
    /// The cloister's centre and the way its door faces.
    pub(super) cloister: Option<(RegionIdx, Pt, Pt)>,
    /// Each gate: its region and side.
    pub(super) gates: Vec<(RegionIdx, usize)>,
}

/// Half the side of the cloister's garden.
pub(super) const GARDEN: f32 = 19.0;

impl<'a> Plan<'a> {
    pub(super) fn new(def: &'a TileDef) -> Plan<'a> {
        let sides = &def.shape.sides;
        let n = def.regions.len() as RegionIdx;
        let kind = |r: RegionIdx| def.regions[r as usize].kind;
        let mut plan = Plan {
            def,
            chords: Vec::new(),
            legs: Vec::new(),
            roads: Vec::new(),
            areas: Vec::new(),
            hub: def.crossing.then_some(CENTRE),
            cloister: None,
            gates: Vec::new(),
        };
        for (s, side) in sides.iter().enumerate() {
            if let RegionKind::Gate { .. } = kind(side[1]) {
                plan.gates.push((side[1], s));
            }
        }

        // Cities: stretches, then walls between them.
        let mut cities = Vec::new();
        for c in (0..n).filter(|&r| matches!(kind(r), RegionKind::City { .. })) {
            let on = |s: usize| sides[s % 4][1] == c;
            let mut st: Vec<(f32, f32)> = Vec::new();
            if (0..4).all(on) {
                st.push((0.0, 24.0));
            } else {
                for s in (0..4).filter(|&s| on(s) && !on(s + 3)) {
                    let len = (s..s + 4).take_while(|&k| on(k)).count();
                    st.push((6.0 * s as f32, 6.0 * (s + len) as f32));
                }
            }
            for &(g, s) in &plan.gates {
                if kind(g) == (RegionKind::Gate { city: c }) {
                    let m = 6.0 * s as f32 + 3.0;
                    st.push((m - GATE_HALF, m + GATE_HALF));
                }
            }
            sort::sort_by(&mut st, |a, b| a.0.total_cmp(&b.0).is_lt());
            let m = st.len();
            let mut path = Path::default();
            path.m(perim(st[0].0));
            for i in 0..m {
                let (a, b) = st[i];
                boundary(&mut path, a, b - a);
                if b - a < 24.0 {
                    let next = st[(i + 1) % m].0;
                    let bez = plan.wall(b, next);
                    bez.to(&mut path);
                    plan.chords.push(Chord {
                        bez,
                        from: b,
                        to: next,
                        walls: Vec::new(),
                    });
                }
            }
            path.z();
            cities.push(Area::new(c, path));
        }

        // The cloister, in its field or inside its city.
        let road_sides: Vec<usize> = (0..4)
            .filter(|&s| matches!(kind(sides[s][1]), RegionKind::Road { .. }))
            .collect();
        if let Some(m) = def.cloister {
            let door = road_sides
                .first()
                .map_or((0.0, 1.0), |&s| mul(normal(s), -1.0));
            plan.cloister = Some((m, CENTRE, door));
        }

        // Roads.
        for r in (0..n).filter(|&r| matches!(kind(r), RegionKind::Road { .. })) {
            let rs: Vec<usize> = road_sides
                .iter()
                .copied()
                .filter(|&s| sides[s][1] == r)
                .collect();
            let mut bridge = None;
            let t = |s: usize| 6.0 * s as f32 + 3.0;
            let a = perim(t(rs[0]));
            let mut wall_end = None;
            let bez = if rs.len() == 2 {
                let b = perim(t(rs[1]));
                let bez = if rs[1] - rs[0] == 2 {
                    Bez::line(a, b)
                } else {
                    let k = QUARTER_K;
                    Bez([
                        a,
                        add(a, mul(normal(rs[0]), k)),
                        add(b, mul(normal(rs[1]), k)),
                        b,
                    ])
                };
                if kind(r) == (RegionKind::Road { bridge: true }) {
                    if let (Some(p), Some(q)) = (plan.wall_leg(t(rs[0])), plan.wall_leg(t(rs[1]))) {
                        bridge = Some((p.0[3], q.0[3]));
                    }
                } else {
                    plan.leg(t(rs[0]), bez, End::Side(t(rs[1])));
                    plan.leg(t(rs[1]), bez.rev(), End::Side(t(rs[0])));
                }
                bez
            } else {
                let s = rs[0];
                let splits = sides[s][0] != sides[s][2];
                if let Some(h) = plan.hub {
                    let bez = Bez::line(a, h);
                    plan.leg(t(s), bez, End::Hub);
                    bez
                } else if let (false, Some((_, c, _))) = (splits, plan.cloister) {
                    Bez::line(a, add(c, mul(normal(s), -GARDEN * 0.5)))
                } else if let Some(bez) = plan.wall_leg(t(s)) {
                    wall_end = Some((bez.0[3], plan.wall_dir(plan.legs.len() - 1)));
                    bez
                } else {
                    Bez::line(a, CENTRE)
                }
            };
            plan.roads.push(Road {
                region: r,
                bez,
                line: bez.pts(),
                bridge,
                wall_end,
            });
        }

        // Fields: the faces between walls and roads.
        plan.walk_fields();
        plan.areas.extend(cities);
        if let Some((m, c, _)) = plan.cloister {
            let f = Frame { c, u: (1.0, 0.0) };
            plan.areas.push(Area::new(m, f.octagon(0.0, 0.0, GARDEN)));
        }
        plan
    }

    /// A city wall from boundary point `a` (the end of a stretch) to `b`
    /// (the start of the next): it leaves a gate square to the side, a
    /// corner along the diagonal, bent away from a neighbouring city and,
    /// when the city holds less of the boundary than the fields, towards
    /// the gap so that the city bulges.
    fn wall(&self, a: f32, b: f32) -> Bez {
        let (pa, pb) = (perim(a), perim(b));
        let d = dist(pa, pb);
        let gap = ahead(a, b);
        let sides = &self.def.shape.sides;
        let city_at = |s: usize| sides[s % 4][1];
        let is_city = |s: usize| {
            matches!(
                self.def.regions[city_at(s) as usize].kind,
                RegionKind::City { .. }
            )
        };
        // `own`: the side of the stretch at this end; `out`: the side beyond.
        let end = |t: f32, own: usize, out: usize, sign: f32| -> Pt {
            if t.rem_euclid(6.0) > EPS {
                return mul(normal(own), (d * 0.42).min(34.0));
            }
            let diag = norm(add(normal(own), normal(out)));
            let bend = if is_city(out) && city_at(out) != city_at(own) {
                mul(along(own), -sign * 0.8)
            } else if gap > 6.0 + EPS {
                mul(along(out), sign * 0.35)
            } else {
                (0.0, 0.0)
            };
            mul(norm(add(diag, bend)), d * 0.48)
        };
        let sa = ((a - EPS).rem_euclid(24.0) / 6.0) as usize;
        let sb = ((b + EPS).rem_euclid(24.0) / 6.0) as usize;
        let ca = end(a, sa, sa + 1, 1.0);
        let cb = end(b, sb, sb + 3, -1.0);
        Bez([pa, add(pa, ca), add(pb, cb), pb])
    }

    fn leg(&mut self, at: f32, bez: Bez, end: End) {
        self.legs.push(Leg { at, bez, end });
    }

    /// A road from the midpoint at `t` straight in to the first wall it
    /// meets: the leg (registered on the wall) or `None` if it meets none.
    fn wall_leg(&mut self, t: f32) -> Option<Bez> {
        let (a, dir) = (perim(t), normal((t / 6.0) as usize));
        let side = |p: Pt| dir.0 * (p.1 - a.1) - dir.1 * (p.0 - a.0);
        let mut best: Option<(f32, usize, f32)> = None;
        for (i, ch) in self.chords.iter().enumerate() {
            let (mut lo, mut hi) = (0.0f32, 1.0f32);
            let s0 = side(ch.bez.at(lo));
            if s0 * side(ch.bez.at(hi)) > 0.0 {
                continue;
            }
            for _ in 0..24 {
                let m = 0.5 * (lo + hi);
                if side(ch.bez.at(m)) * s0 > 0.0 {
                    lo = m;
                } else {
                    hi = m;
                }
            }
            let u = 0.5 * (lo + hi);
            let s = dot(sub(ch.bez.at(u), a), dir);
            if s > 1.0 && best.is_none_or(|b| s < b.0) {
                best = Some((s, i, u));
            }
        }
        let (_, i, u) = best?;
        let bez = Bez::line(a, self.chords[i].bez.at(u));
        self.chords[i].walls.push((u, self.legs.len()));
        self.leg(t, bez, End::Wall(i, u));
        Some(bez)
    }

    /// The tangent of the wall a leg ends on.
    fn wall_dir(&self, leg: usize) -> Pt {
        match self.legs[leg].end {
            End::Wall(i, u) => self.chords[i].bez.dir(u),
            _ => (1.0, 0.0),
        }
    }

    /// The field slot at boundary position `t` (a road's or gate's flank).
    fn label(&self, t: f32) -> RegionIdx {
        let t = t.rem_euclid(24.0);
        let s = ((t / 6.0) as usize).min(3);
        let f = t - 6.0 * s as f32;
        let slot = &self.def.shape.sides[s];
        let r = slot[((f / 2.0) as usize).min(2)];
        match self.def.regions[r as usize].kind {
            RegionKind::Road { .. } | RegionKind::Gate { .. } => slot[if f < 3.0 { 0 } else { 2 }],
            _ => r,
        }
    }

    /// Follow a wall backwards from parameter `u`: to the next road ending
    /// on it (then out along that road) or to the wall's start.
    fn follow_wall(&self, i: usize, u: f32, p: &mut Path) -> (f32, Option<usize>) {
        let ch = &self.chords[i];
        let next = ch
            .walls
            .iter()
            .filter(|w| w.0 < u - EPS)
            .max_by(|a, b| a.0.total_cmp(&b.0));
        match next {
            Some(&(v, leg)) => {
                ch.bez.part(u, v).to(p);
                self.legs[leg].bez.rev().to(p);
                (self.legs[leg].at, Some(leg))
            }
            None => {
                ch.bez.part(u, 0.0).to(p);
                (ch.from, None)
            }
        }
    }

    /// Follow a leg inwards; where it comes out on the boundary, and by which leg.
    fn follow_leg(&self, i: usize, p: &mut Path) -> (f32, Option<usize>) {
        let leg = &self.legs[i];
        leg.bez.to(p);
        match leg.end {
            End::Side(t) => (t, self.legs.iter().position(|l| l.at == t)),
            End::Wall(c, u) => self.follow_wall(c, u, p),
            End::Hub => {
                // Out along the nearest road counter-clockwise.
                let out = (1..4)
                    .filter_map(|k| {
                        let t = (leg.at - 6.0 * k as f32).rem_euclid(24.0);
                        self.legs
                            .iter()
                            .position(|l| l.end == End::Hub && (l.at - t).abs() < EPS)
                    })
                    .next()
                    .unwrap_or(i);
                self.legs[out].bez.rev().to(p);
                (self.legs[out].at, Some(out))
            }
        }
    }

    fn walk_fields(&mut self) {
        // Events on the boundary: a leg leaving inwards, or a wall arriving.
        enum Ev {
            Leg(usize),
            Wall(usize),
        }
        let mut events: Vec<(f32, Ev)> = Vec::new();
        for (i, l) in self.legs.iter().enumerate() {
            events.push((l.at, Ev::Leg(i)));
        }
        for (i, c) in self.chords.iter().enumerate() {
            events.push((c.to, Ev::Wall(i)));
        }
        let mut starts: Vec<(f32, Option<usize>)> = self
            .legs
            .iter()
            .enumerate()
            .map(|(i, l)| (l.at, Some(i)))
            .collect();
        starts.extend(self.chords.iter().map(|c| (c.from, None)));
        if events.is_empty() {
            let label = self.label(0.5);
            let sq = Path::polygon(&[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)]);
            self.areas.push(Area::new(label, sq));
            return;
        }
        let mut seen: Vec<f32> = Vec::new();
        let mut faces: Vec<(RegionIdx, Path)> = Vec::new();
        for &(start, skip0) in &starts {
            if seen.iter().any(|&s| (s - start).abs() < EPS) {
                continue;
            }
            let mut p = Path::default();
            p.m(perim(start));
            let (mut t, mut skip) = (start, skip0);
            let mut label = None;
            for _ in 0..32 {
                seen.push(t);
                let (te, ev) = events
                    .iter()
                    .filter(|(_, e)| !matches!(e, Ev::Leg(i) if Some(*i) == skip))
                    .map(|(te, e)| (ahead(t, *te), e))
                    .min_by(|a, b| a.0.total_cmp(&b.0))
                    .map(|(d, e)| (t + d, e))
                    .expect("events");
                if te - t > EPS {
                    label.get_or_insert(self.label(0.5 * (t + te)));
                    boundary(&mut p, t, te - t);
                }
                (t, skip) = match *ev {
                    Ev::Leg(i) => self.follow_leg(i, &mut p),
                    Ev::Wall(i) => self.follow_wall(i, 1.0, &mut p),
                };
                if ahead(start, t) < EPS || ahead(t, start) < EPS {
                    break;
                }
            }
            p.z();
            if let Some(l) = label {
                match faces.iter_mut().find(|f| f.0 == l) {
                    Some(f) => f.1.append(p),
                    None => faces.push((l, p)),
                }
            }
        }
        for (r, p) in faces {
            self.areas.push(Area::new(r, p));
        }
    }

    /// The area drawn on top at p.
    pub(super) fn area_at(&self, p: Pt) -> Option<&Area> {
        self.areas.iter().rev().find(|a| a.holds(p))
    }

    pub(super) fn kind(&self, r: RegionIdx) -> RegionKind {
        self.def.regions[r as usize].kind
    }
}
