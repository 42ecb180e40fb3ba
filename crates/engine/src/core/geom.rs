//! Grid geometry (RULES.md §2): cells, sides, vertices, rotations.
//!
//! Small `Copy` types with no rules in them, so another ruleset on the same
//! square grid can reuse them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A compass direction; also names a side of a cell. x grows east, y south (R2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub fn from_index(i: usize) -> Dir {
        Dir::ALL[i & 3]
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn opposite(self) -> Dir {
        Dir::from_index(self.index() + 2)
    }

    /// The unit step (dx, dy) towards the neighbour on this side.
    pub fn step(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
        }
    }

    pub fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }

    pub fn from_letter(c: &str) -> Option<Dir> {
        match c {
            "N" => Some(Dir::N),
            "E" => Some(Dir::E),
            "S" => Some(Dir::S),
            "W" => Some(Dir::W),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Quarter turns clockwise, 0–3 (R2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Rotation(u8);

impl Rotation {
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    pub fn new(quarter_turns: u8) -> Option<Rotation> {
        (quarter_turns < 4).then_some(Rotation(quarter_turns))
    }

    pub fn quarter_turns(self) -> u8 {
        self.0
    }

    pub fn next(self) -> Rotation {
        Rotation((self.0 + 1) & 3)
    }

    /// The side of the unrotated tile that ends up facing `side` after rotation.
    pub fn unrotate(self, side: Dir) -> Dir {
        Dir::from_index(side.index() + 4 - self.0 as usize)
    }

    /// Where side `side` of the unrotated tile ends up after rotation.
    pub fn rotate(self, side: Dir) -> Dir {
        Dir::from_index(side.index() + self.0 as usize)
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.0)
    }
}

/// A cell of the grid. The first tile is at (0, 0).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
}

impl Cell {
    pub const ORIGIN: Cell = Cell { x: 0, y: 0 };

    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }

    pub fn neighbour(self, d: Dir) -> Cell {
        let (dx, dy) = d.step();
        Cell::new(self.x + dx, self.y + dy)
    }

    /// The vertex at the north-west corner of the cell.
    pub fn nw(self) -> Vertex {
        Vertex::new(self.x, self.y)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The eight cells round a cell, as offsets in circular order clockwise
/// from north; even positions are the side-neighbours (N, E, S, W). A
/// cloister's neighbourhood in classic (B4.3); the grid walks it to see
/// whether filling a cell may split the exterior.
pub const RING: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// A cell corner. Vertex (x, y) is the north-west corner of cell (x, y) (R2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Vertex {
    pub x: i32,
    pub y: i32,
}

impl Vertex {
    pub const fn new(x: i32, y: i32) -> Vertex {
        Vertex { x, y }
    }
}

/// One side of a cell, named from the cell (R2.2). The same unit segment can be
/// named from either of its two cells; a wall side is always named from the
/// tile it borders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Side {
    pub cell: Cell,
    pub dir: Dir,
}

impl Side {
    pub const fn new(cell: Cell, dir: Dir) -> Side {
        Side { cell, dir }
    }

    /// The cell on the other side of this segment.
    pub fn outer(self) -> Cell {
        self.cell.neighbour(self.dir)
    }

    /// The segment's end points in clockwise order around `cell`: walking from
    /// `start` to `end` keeps `cell` on the right (screen coordinates, y down).
    pub fn clockwise_ends(self) -> (Vertex, Vertex) {
        let Cell { x, y } = self.cell;
        match self.dir {
            Dir::N => (Vertex::new(x, y), Vertex::new(x + 1, y)),
            Dir::E => (Vertex::new(x + 1, y), Vertex::new(x + 1, y + 1)),
            Dir::S => (Vertex::new(x + 1, y + 1), Vertex::new(x, y + 1)),
            Dir::W => (Vertex::new(x, y + 1), Vertex::new(x, y)),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.cell, self.dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_moves_north_to_east() {
        let r1 = Rotation::new(1).unwrap();
        assert_eq!(r1.rotate(Dir::N), Dir::E);
        assert_eq!(r1.unrotate(Dir::E), Dir::N);
        assert_eq!(r1.unrotate(Dir::N), Dir::W);
        for r in Rotation::ALL {
            for d in Dir::ALL {
                assert_eq!(r.unrotate(r.rotate(d)), d);
            }
        }
    }

    #[test]
    fn clockwise_ends_chain_around_one_cell() {
        let c = Cell::new(2, -1);
        let mut prev_end = Side::new(c, Dir::W).clockwise_ends().1;
        for d in Dir::ALL {
            let (a, b) = Side::new(c, d).clockwise_ends();
            assert_eq!(a, prev_end);
            prev_end = b;
        }
    }
}
