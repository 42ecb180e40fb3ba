//! The targets: what the board offers to click now, handed to it
//! ready-made (the board knows no rules, like lichess's chessground is
//! handed its legal moves). Generic over the ruleset's choice `C`: a target
//! carries the choice a click on it makes.

use super::geometry::{self, Pt};
use super::palette::PlayerColour;
use crate::engine::core::geom::{Cell, Rotation, Side, Vertex};
use crate::engine::core::shape::{RegionIdx, TileType};

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
    /// "citizen on the street", ...
    pub label: String,
    /// The whole feature it would join.
    pub feature: Vec<RegionShape>,
}

/// A side to click: an outline side for the gate, a wall end's next side.
#[derive(Clone, Debug, PartialEq)]
pub struct SideTarget<C> {
    pub side: Side,
    pub choice: C,
    /// `gate`, `cw` or `ccw` (the test hook).
    pub key: String,
    pub label: Option<String>,
}

/// A vertex to click: a wall end where a tower may go.
#[derive(Clone, Debug, PartialEq)]
pub struct VertexTarget<C> {
    pub vertex: Vertex,
    pub choice: C,
    pub key: String,
    pub label: String,
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
    /// The wall piece a guard decision is about.
    pub mark: Option<Side>,
    /// The keyboard focus: an index into `regions`, `sides` or `vertices`
    /// (whichever is not empty).
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
            mark: None,
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
        self.regions.len() + self.sides.len() + self.vertices.len()
    }

    /// The choice of the n-th focusable target.
    pub fn choice_at(&self, n: usize) -> Option<C> {
        let a = self.regions.len();
        let b = a + self.sides.len();
        if n < a {
            Some(self.regions[n].choice)
        } else if n < b {
            Some(self.sides[n - a].choice)
        } else {
            self.vertices.get(n - b).map(|v| v.choice)
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
        cells.sort_by_key(|c| (!c.now, c.cell.y, c.cell.x));
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

/// The legal cells of `placements` for one rotation, in reading order.
pub fn cells_for(placements: &[(Cell, Rotation)], rot: Rotation) -> Vec<Cell> {
    let mut v: Vec<Cell> = placements
        .iter()
        .filter(|&&(_, r)| r == rot)
        .map(|&(c, _)| c)
        .collect();
    v.sort_by_key(|c| (c.y, c.x));
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
