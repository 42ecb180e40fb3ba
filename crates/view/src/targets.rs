//! The targets: what the board offers to click now, handed to it
//! ready-made (the board knows no rules, like lichess's chessground is
//! handed its legal moves). Generic over the ruleset's choice `C`: a target
//! carries the choice a click on it makes.

use super::geometry::{self, within, Pt};
use super::palette::PlayerColour;
use super::scene::ScenePiece;
use engine::core::geom::{Cell, Rotation, Side, Vertex};
use engine::core::shape::{RegionIdx, TileType};
use engine::core::sort;
use engine::TileGame;

/// A cell the drawn tile may go to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellTarget {
    pub cell: Cell,
    /// Legal with the current rotation (otherwise only with another one).
    pub now: bool,
}

/// The drawn tile shown where it would go, not yet confirmed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ghost {
    pub tile: TileType,
    pub cell: Cell,
    pub rot: Rotation,
    /// Where a hint suggests the follower on it, in board coordinates.
    pub follower: Option<Pt>,
}

/// A shape of one region of a placed tile, in board coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionShape {
    /// The SVG transform of the tile.
    pub transform: String,
    /// The path in the tile's own box.
    pub d: String,
    /// A street's centre line (stroked), not an area (filled).
    pub street: bool,
}

impl RegionShape {
    /// The outline `(d, street)` of a region of the tile at `cell` turned by `rot`.
    pub fn placed(cell: Cell, rot: Rotation, (d, street): (String, bool)) -> Self {
        RegionShape {
            transform: geometry::tile_transform(cell, rot),
            d,
            street,
        }
    }
}

/// A region of the new tile a follower may go on.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionTarget<C> {
    pub pos: Pt,
    pub choice: C,
    pub region: RegionIdx,
    /// "a citizen on the street of 3 tiles going north", ...: each target
    /// of a tile its own words.
    pub label: String,
    /// The piece the ring shows, when the ruleset has several (classic's
    /// `thief`, `knight`, `monk`, `farmer`, `guesthouse`); `None`: a follower.
    pub piece: Option<&'static str>,
    /// The region itself (a touch on it anywhere takes it).
    pub shape: RegionShape,
    /// The whole feature it would join.
    pub feature: Vec<RegionShape>,
}

/// A side to click: an outline side for the gate, a wall end's next side.
#[derive(Clone, Debug, PartialEq)]
pub struct SideTarget<C> {
    pub side: Side,
    pub choice: C,
    /// `gate`, `cw`, `ccw` or `guard` (the test hook).
    pub key: String,
    pub label: Option<String>,
    /// What taking it does, in words ("Build at the clockwise end").
    pub words: String,
}

/// A vertex to click: a wall end where a tower may go.
#[derive(Clone, Debug, PartialEq)]
pub struct VertexTarget<C> {
    pub vertex: Vertex,
    pub choice: C,
    pub key: String,
    pub label: String,
    /// What taking it does, in words.
    pub words: String,
}

/// One legal placement of the drawn tile when a placement is more than a
/// cell and a rotation (classic's Old City mends a side with wood): the
/// choice confirming the tile there makes, what sets it apart from the
/// others on the same cell and rotation, and its wood where it would go.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacementTarget<C> {
    pub cell: Cell,
    pub rot: Rotation,
    pub choice: C,
    /// "with a bridge (north–south) across this tile"; `None` for the tile
    /// alone.
    pub label: Option<String>,
    /// The pieces it would put on the board (drawn on the ghost).
    pub pieces: Vec<ScenePiece>,
}

/// A placed tile to click (the tile the wyvern flies to).
#[derive(Clone, Debug, PartialEq)]
pub struct TileTarget<C> {
    pub cell: Cell,
    pub choice: C,
    /// What taking it does, in words.
    pub words: String,
}

/// What the board offers to click now.
#[derive(Clone, Debug, PartialEq)]
pub struct Targets<C> {
    pub cells: Vec<CellTarget>,
    /// The drawn tile in its current rotation (previewed on a hovered cell).
    pub hand: Option<(TileType, Rotation)>,
    pub ghost: Option<Ghost>,
    pub regions: Vec<RegionTarget<C>>,
    pub sides: Vec<SideTarget<C>>,
    pub vertices: Vec<VertexTarget<C>>,
    /// Placed tiles to click.
    pub tiles: Vec<TileTarget<C>>,
    /// The drawn tile's placements, when a cell and a rotation do not make
    /// the choice alone (empty otherwise: The City's `Place { cell, rot }`).
    pub placements: Vec<PlacementTarget<C>>,
    /// The wall piece a guard decision is about.
    pub mark: Option<Side>,
    /// The cells a guard on that piece would watch (its row or column).
    pub line: Vec<Cell>,
    /// A cell to look at closely on a small screen (the new tile, whose
    /// follower rings are too close together for a finger from afar).
    pub zoom: Option<Cell>,
    /// The keyboard focus: an index into `regions`, `sides`, `vertices` or
    /// `tiles` (whichever is not empty).
    pub focus: Option<usize>,
    /// The colour of the player who decides.
    pub colour: Option<PlayerColour>,
}

// Not derived: a derived `Default` would ask `C: Default` for no reason.
impl<C> Default for Targets<C> {
    fn default() -> Self {
        Targets {
            cells: Vec::new(),
            hand: None,
            ghost: None,
            regions: Vec::new(),
            sides: Vec::new(),
            vertices: Vec::new(),
            tiles: Vec::new(),
            placements: Vec::new(),
            mark: None,
            line: Vec::new(),
            zoom: None,
            focus: None,
            colour: None,
        }
    }
}

/// The drawn tile as the player holds it: which tile, turned how, tried on
/// which cell, and the follower a hint suggests on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InHand {
    pub tile: TileType,
    pub rot: Rotation,
    /// The cell it is tried on (shown as a ghost when legal there).
    pub tried: Option<Cell>,
    /// A hint's follower: its placement and the follower's spot on the
    /// unrotated tile.
    pub follower: Option<(Cell, Rotation, Pt)>,
}

impl<C: Copy> Targets<C> {
    /// How many targets the focus can cycle through (cells excluded).
    pub fn focusable(&self) -> usize {
        self.regions.len() + self.sides.len() + self.vertices.len() + self.tiles.len()
    }

    /// Where the n-th focusable target is on the board.
    pub fn point_at(&self, n: usize) -> Option<Pt> {
        let a = self.regions.len();
        let b = a + self.sides.len();
        let c = b + self.vertices.len();
        if n < a {
            Some(self.regions[n].pos)
        } else if n < b {
            Some(geometry::side_point(self.sides[n - a].side))
        } else if n < c {
            Some(geometry::vertex_point(self.vertices[n - b].vertex))
        } else {
            self.tiles.get(n - c).map(|t| geometry::cell_centre(t.cell))
        }
    }

    /// The side target nearest to board point `p`, by distance to its
    /// segment: the one a click or tap at `p` takes. (The sides' hit bands
    /// reach a finger's width outwards and overlap at the outline's inward
    /// corners; the pointer's nearest side wins there, never the band drawn
    /// last.) Ties go to the first side.
    pub fn nearest_side(&self, p: Pt) -> Option<usize> {
        let mut best: Option<(f64, usize)> = None;
        for (i, s) in self.sides.iter().enumerate() {
            let d = geometry::segment_distance(p, geometry::side_points(s.side));
            if best.is_none_or(|(bd, _)| d < bd - 1e-9) {
                best = Some((d, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// The n-th focusable target in words (for the keyboard's announcements).
    pub fn label_at(&self, n: usize) -> Option<String> {
        let a = self.regions.len();
        let b = a + self.sides.len();
        let c = b + self.vertices.len();
        if n < a {
            Some(i18n::msg::words_targets::put(&self.regions[n].label))
        } else if n < b {
            let s = &self.sides[n - a];
            Some(s.words.clone())
        } else if n < c {
            Some(self.vertices[n - b].words.clone())
        } else {
            self.tiles.get(n - c).map(|t| t.words.clone())
        }
    }

    /// The choice of the n-th focusable target.
    pub fn choice_at(&self, n: usize) -> Option<C> {
        let a = self.regions.len();
        let b = a + self.sides.len();
        let c = b + self.vertices.len();
        if n < a {
            Some(self.regions[n].choice)
        } else if n < b {
            Some(self.sides[n - a].choice)
        } else if n < c {
            Some(self.vertices[n - b].choice)
        } else {
            self.tiles.get(n - c).map(|t| t.choice)
        }
    }

    /// These targets with the drawn tile's: every cell of a legal
    /// `placements` pair (those legal in the tile's rotation first, each
    /// group in reading order), the tile in hand, and the ghost where it is
    /// tried, if that is legal.
    pub fn with_tile(&self, placements: &[(Cell, Rotation)], hand: InHand) -> Targets<C>
    where
        C: Clone,
    {
        let rot = hand.rot;
        let mut cells: Vec<CellTarget> = Vec::new();
        for &(c, r) in placements {
            match cells.iter_mut().find(|x| x.cell == c) {
                Some(x) => x.now |= r == rot,
                None => cells.push(CellTarget {
                    cell: c,
                    now: r == rot,
                }),
            }
        }
        sort::sort_by(&mut cells, |a, b| {
            (!a.now, a.cell.y, a.cell.x) < (!b.now, b.cell.y, b.cell.x)
        });
        let ghost = hand
            .tried
            .filter(|&c| placements.contains(&(c, rot)))
            .map(|cell| Ghost {
                tile: hand.tile,
                cell,
                rot,
                follower: hand
                    .follower
                    .filter(|&(c, r, _)| (c, r) == (cell, rot))
                    .map(|(_, _, spot)| geometry::on_board(cell, rot, spot)),
            });
        Targets {
            cells,
            hand: Some((hand.tile, rot)),
            ghost,
            ..self.clone()
        }
    }
}

impl<C> Targets<C> {
    /// None yet, for the decision of `game`: in the colour of the player
    /// who decides (none once the game is over).
    pub fn for_decision<G: TileGame>(game: &G, colours: &[PlayerColour]) -> Self {
        Targets {
            colour: (!game.is_over())
                .then(|| colours.get(game.to_move() as usize).copied())
                .flatten(),
            ..Targets::default()
        }
    }

    /// The follower rings on the new tile at `cell`, those that would cover
    /// one another moved apart; a small screen zooms on the tile.
    pub fn spread_rings(&mut self, cell: Cell) {
        let mut pos: Vec<Pt> = self.regions.iter().map(|r| r.pos).collect();
        let (x, y) = (
            cell.x as f64 * geometry::TILE,
            cell.y as f64 * geometry::TILE,
        );
        // Each ring whole on the tile.
        let (lo, hi) = (RING_REACH, geometry::TILE - RING_REACH);
        spread(&mut pos, RING_GAP, ((x + lo, y + lo), (x + hi, y + hi)));
        for (r, q) in self.regions.iter_mut().zip(pos) {
            r.pos = q;
        }
        self.zoom = (!self.regions.is_empty()).then_some(cell);
    }

    /// The same targets with each choice turned into another type's (the
    /// screens see either ruleset's choices as `AnyChoice`).
    pub fn map<D>(self, f: impl Fn(C) -> D) -> Targets<D> {
        Targets {
            cells: self.cells,
            hand: self.hand,
            ghost: self.ghost,
            regions: self
                .regions
                .into_iter()
                .map(|r| RegionTarget {
                    pos: r.pos,
                    choice: f(r.choice),
                    region: r.region,
                    label: r.label,
                    piece: r.piece,
                    shape: r.shape,
                    feature: r.feature,
                })
                .collect(),
            sides: self
                .sides
                .into_iter()
                .map(|s| SideTarget {
                    side: s.side,
                    choice: f(s.choice),
                    key: s.key,
                    label: s.label,
                    words: s.words,
                })
                .collect(),
            vertices: self
                .vertices
                .into_iter()
                .map(|v| VertexTarget {
                    vertex: v.vertex,
                    choice: f(v.choice),
                    key: v.key,
                    label: v.label,
                    words: v.words,
                })
                .collect(),
            tiles: self
                .tiles
                .into_iter()
                .map(|t| TileTarget {
                    cell: t.cell,
                    choice: f(t.choice),
                    words: t.words,
                })
                .collect(),
            placements: self
                .placements
                .into_iter()
                .map(|p| PlacementTarget {
                    cell: p.cell,
                    rot: p.rot,
                    choice: f(p.choice),
                    label: p.label,
                    pieces: p.pieces,
                })
                .collect(),
            mark: self.mark,
            line: self.line,
            zoom: self.zoom,
            focus: self.focus,
            colour: self.colour,
        }
    }

    /// The placement target for the drawn tile at `cell` turned `rot`, when
    /// a placement is more than a cell and a rotation.
    pub fn placement_at(&self, cell: Cell, rot: Rotation) -> Option<&PlacementTarget<C>> {
        self.placements
            .iter()
            .find(|p| p.cell == cell && p.rot == rot)
    }
}

/// The legal cells of `placements` for one rotation, in reading order.
pub fn cells_for(placements: &[(Cell, Rotation)], rot: Rotation) -> Vec<Cell> {
    let mut v: Vec<Cell> = placements
        .iter()
        .filter(|&&(_, r)| r == rot)
        .map(|&(c, _)| c)
        .collect();
    sort::sort_by(&mut v, |a, b| (a.y, a.x) < (b.y, b.x));
    v.dedup();
    v
}

/// `from` or the next rotation clockwise that has a legal cell.
pub fn first_rotation(placements: &[(Cell, Rotation)], from: Rotation) -> Option<Rotation> {
    let mut r = from;
    for _ in 0..4 {
        if placements.iter().any(|&(_, x)| x == r) {
            return Some(r);
        }
        r = r.next();
    }
    None
}

/// A follower ring's radius (board units).
pub const RING_R: f64 = 12.0;

/// How far a ring reaches from its centre: its radius and half its
/// stroke when it is lit (static/style.css: 4.5 wide), and a little.
pub const RING_REACH: f64 = RING_R + 2.5;

/// How far apart (board units) the centres of two follower rings on a tile
/// are kept, so that neither covers the other, lit or not.
pub const RING_GAP: f64 = 2.0 * RING_REACH;

/// Moves points apart until no two are closer than `gap` (as far as the
/// box `lo..hi` lets them), each pair pushed apart along the line between
/// them, equally. Deterministic; points already far enough apart do not move.
pub fn spread(points: &mut [Pt], gap: f64, (lo, hi): (Pt, Pt)) {
    let clamp = |p: Pt| (within(p.0, lo.0, hi.0), within(p.1, lo.1, hi.1));
    for p in points.iter_mut() {
        *p = clamp(*p);
    }
    for _ in 0..40 {
        let mut moved = false;
        for i in 0..points.len() {
            for j in i + 1..points.len() {
                let (a, b) = (points[i], points[j]);
                let (mut dx, mut dy) = (b.0 - a.0, b.1 - a.1);
                let d = (dx * dx + dy * dy).sqrt();
                if d >= gap - 1e-6 {
                    continue;
                }
                if d < 1e-6 {
                    // On top of each other: apart along x (then y, by index).
                    (dx, dy) = if (i + j) % 2 == 0 {
                        (1.0, 0.0)
                    } else {
                        (0.0, 1.0)
                    };
                } else {
                    (dx, dy) = (dx / d, dy / d);
                }
                let push = (gap - d) / 2.0 + 0.01;
                points[i] = clamp((a.0 - dx * push, a.1 - dy * push));
                points[j] = clamp((b.0 + dx * push, b.1 + dy * push));
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
}

/// A direction for the keyboard's arrows on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    Left,
    Right,
    Up,
    Down,
}

impl Arrow {
    fn vector(self) -> Pt {
        match self {
            Arrow::Left => (-1.0, 0.0),
            Arrow::Right => (1.0, 0.0),
            Arrow::Up => (0.0, -1.0),
            Arrow::Down => (0.0, 1.0),
        }
    }
}

/// The arrow keys on the board: from point `from` (the index of the target
/// in focus, None for none yet), the nearest target in the arrow's
/// direction (within 60° of it; what is straight ahead is nearer than what
/// is to the side). Nothing that way: the focus stays. No focus yet: the
/// first target.
pub fn step(points: &[Pt], from: Option<usize>, arrow: Arrow) -> Option<usize> {
    let Some(i) = from.filter(|&i| i < points.len()) else {
        return (!points.is_empty()).then_some(0);
    };
    let (ux, uy) = arrow.vector();
    let a = points[i];
    points
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .filter_map(|(j, &b)| {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let along = dx * ux + dy * uy;
            let across = (dx * uy - dy * ux).abs();
            // Within 60° either side of the arrow.
            (along > 1e-6 && across <= along * 1.733).then_some((along + 2.0 * across, j))
        })
        .min_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)))
        .map(|(_, j)| j)
        .or(Some(i))
}

/// The words of follower rings (`Targets::regions`), told apart.
impl<C: PartialEq> Targets<C> {
    /// Rings of the tile at `cell` whose words are alike (two fields on the
    /// same side, either side of a road) told apart by where each stands on
    /// the tile ("…, in the tile's north-west"), or failing that by order.
    pub fn tell_rings_apart(&mut self, cell: Cell) {
        let centre = geometry::cell_centre(cell);
        let alike = |rs: &[RegionTarget<C>], i: usize| {
            rs.iter().filter(|r| r.label == rs[i].label).count() > 1
        };
        // (Which are alike is read before any is renamed: renaming the
        // first of two would leave the second alone with its old words.)
        let twins: Vec<usize> = (0..self.regions.len())
            .filter(|&i| alike(&self.regions, i))
            .collect();
        for i in twins {
            {
                let r = &mut self.regions[i];
                let (dx, dy) = (r.pos.0 - centre.0, r.pos.1 - centre.1);
                use i18n::msg::words_targets as m;
                let ns = (dy < -12.0) as i8 - (dy > 12.0) as i8;
                let ew = (dx > 12.0) as i8 - (dx < -12.0) as i8;
                let at = match (ns, ew) {
                    (1, 1) => m::in_north_east(),
                    (1, -1) => m::in_north_west(),
                    (1, _) => m::in_north(),
                    (-1, 1) => m::in_south_east(),
                    (-1, -1) => m::in_south_west(),
                    (-1, _) => m::in_south(),
                    (_, 1) => m::in_east(),
                    (_, -1) => m::in_west(),
                    _ => m::in_middle(),
                };
                r.label = format!("{}, {at}", r.label);
            }
        }
        let twins: Vec<usize> = (0..self.regions.len())
            .filter(|&i| alike(&self.regions, i))
            .collect();
        for (n, i) in twins.into_iter().enumerate() {
            self.regions[i].label =
                i18n::msg::words_targets::ring_n(&self.regions[i].label, n as u32 + 1);
        }
    }

    /// The words of the ring that makes `choice`, if one does.
    pub fn ring_words(&self, choice: &C) -> Option<&str> {
        self.regions
            .iter()
            .find(|r| r.choice == *choice)
            .map(|r| r.label.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_rings_keep_their_distance_inside_the_tile() {
        let mut p = vec![
            (50.0, 50.0),
            (52.0, 50.0),
            (50.0, 51.0),
            (86.0, 86.0),
            (84.0, 80.0),
        ];
        let lo_hi = ((14.0, 14.0), (86.0, 86.0));
        spread(&mut p, RING_GAP, lo_hi);
        for i in 0..p.len() {
            assert!(p[i].0 >= 14.0 && p[i].0 <= 86.0 && p[i].1 >= 14.0 && p[i].1 <= 86.0);
            for j in i + 1..p.len() {
                let d = ((p[i].0 - p[j].0).powi(2) + (p[i].1 - p[j].1).powi(2)).sqrt();
                assert!(d >= RING_GAP - 0.5, "{i} {j}: {d} in {p:?}");
            }
        }
        // Points far enough apart do not move.
        let mut q = vec![(20.0, 20.0), (80.0, 80.0)];
        spread(&mut q, RING_GAP, lo_hi);
        assert_eq!(q, [(20.0, 20.0), (80.0, 80.0)]);
    }

    fn side_target(x: i32, y: i32, dir: engine::core::geom::Dir) -> SideTarget<u8> {
        SideTarget {
            side: Side {
                cell: Cell { x, y },
                dir,
            },
            choice: 0,
            key: "gate".into(),
            label: None,
            words: String::new(),
        }
    }

    #[test]
    fn the_side_nearest_the_pointer_wins_at_an_inward_corner() {
        use engine::core::geom::Dir;
        // The tester's corner: the east side of 1,-1 and the north side of
        // 2,0 meet at (200, 0); each one's hit band reaches over the other.
        let t = Targets {
            sides: vec![side_target(1, -1, Dir::E), side_target(2, 0, Dir::N)],
            ..Targets::default()
        };
        // The middle of each side takes that side, whichever is listed first.
        assert_eq!(t.nearest_side((200.0, -50.0)), Some(0));
        assert_eq!(t.nearest_side((250.0, 0.0)), Some(1));
        let mut r = t.clone();
        r.sides.reverse();
        assert_eq!(r.nearest_side((200.0, -50.0)), Some(1));
        assert_eq!(r.nearest_side((250.0, 0.0)), Some(0));
        // Off the middle, out in the corner's square: still the nearer one.
        assert_eq!(t.nearest_side((230.0, -10.0)), Some(1));
        assert_eq!(t.nearest_side((210.0, -30.0)), Some(0));
        // Past the end of a side, the distance is to its end.
        assert_eq!(t.nearest_side((330.0, -5.0)), Some(1));
        // A wall end's label (26 out from its side's middle, about 10 across)
        // is nearest to its own side, at an inward corner as at an outward
        // one (the north and east sides of one tile).
        let out = Targets {
            sides: vec![side_target(0, 0, Dir::N), side_target(0, 0, Dir::E)],
            ..Targets::default()
        };
        for (corner, label) in [(&t, (200.0 + 34.0, -50.0)), (&t, (250.0, -34.0))]
            .into_iter()
            .chain([
                (&out, (50.0 + 8.0, -26.0 + 8.0)),
                (&out, (126.0 + 8.0, 50.0 - 8.0)),
            ])
        {
            let own = corner
                .sides
                .iter()
                .position(|s| {
                    geometry::segment_distance(label, geometry::side_points(s.side)) <= 34.0
                })
                .unwrap();
            assert_eq!(corner.nearest_side(label), Some(own), "{label:?}");
        }
        assert_eq!(Targets::<u8>::default().nearest_side((0.0, 0.0)), None);
    }

    #[test]
    fn arrows_go_to_the_nearest_target_that_way() {
        // A cross of cells around the middle one, and one far to the right.
        let p = [
            (150.0, 150.0),
            (250.0, 150.0),
            (50.0, 150.0),
            (150.0, 50.0),
            (150.0, 250.0),
            (650.0, 160.0),
        ];
        assert_eq!(step(&p, None, Arrow::Left), Some(0));
        assert_eq!(step(&p, Some(0), Arrow::Right), Some(1));
        assert_eq!(step(&p, Some(0), Arrow::Left), Some(2));
        assert_eq!(step(&p, Some(0), Arrow::Up), Some(3));
        assert_eq!(step(&p, Some(0), Arrow::Down), Some(4));
        assert_eq!(step(&p, Some(1), Arrow::Right), Some(5));
        // Nothing further that way: the focus stays.
        assert_eq!(step(&p, Some(5), Arrow::Right), Some(5));
        assert_eq!(step(&[], None, Arrow::Up), None);
    }
}
