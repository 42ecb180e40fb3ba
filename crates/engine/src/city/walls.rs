//! The city wall (§7), guards' lines (§8) and towers (§9).
//!
//! The wall is a chain of outline sides starting at the gate, growing at two
//! ends: `cw` (clockwise from the gate, city on the right, as seen with north
//! up) and `ccw`. Because the walled part of the outline never moves (R7.4),
//! each arm is stored as the list of its sides outwards from the gate.

use super::features::Board;
use crate::core::geom::{Dir, Side, Vertex};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two ends of the wall (R7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    Cw = 0,
    Ccw = 1,
}

impl End {
    pub const BOTH: [End; 2] = [End::Cw, End::Ccw];

    pub fn name(self) -> &'static str {
        match self {
            End::Cw => "cw",
            End::Ccw => "ccw",
        }
    }

    pub fn from_name(s: &str) -> Option<End> {
        match s {
            "cw" => Some(End::Cw),
            "ccw" => Some(End::Ccw),
            _ => None,
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The total wall supply (R1.4).
pub const WALL_SUPPLY: u32 = 70;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallPiece {
    pub side: Side,
    pub arm: End,
    /// Seat of the guard on it, if any (§8).
    pub guard: Option<u8>,
    /// Seat of the player who placed it.
    pub placer: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tower {
    pub vertex: Vertex,
    pub owner: u8,
    /// The arm whose pieces it counted, and how many of that arm's pieces lay
    /// between the gate and it.
    pub arm: End,
    pub arm_pos: u16,
    pub points: u32,
}

#[derive(Clone, Debug, Default)]
pub struct Walls {
    pub gate: Option<Side>,
    /// Every piece, in the order placed.
    pub pieces: Vec<WallPiece>,
    /// Per arm: indices into `pieces`, outwards from the gate.
    arms: [Vec<u16>; 2],
    pub towers: Vec<Tower>,
    /// Pieces left in the common supply.
    pub supply: u32,
}

impl Walls {
    pub fn new() -> Walls {
        Walls {
            supply: WALL_SUPPLY,
            ..Walls::default()
        }
    }

    pub fn arm_len(&self, arm: End) -> usize {
        self.arms[arm as usize].len()
    }

    pub fn arm(&self, arm: End) -> impl Iterator<Item = &WallPiece> + '_ {
        self.arms[arm as usize]
            .iter()
            .map(move |&i| &self.pieces[i as usize])
    }

    /// The vertex at an end of the wall: the far end of its last side.
    pub fn end_vertex(&self, end: End) -> Option<Vertex> {
        let gate = self.gate?;
        let last = self.arms[end as usize]
            .last()
            .map_or(gate, |&i| self.pieces[i as usize].side);
        let (a, b) = last.clockwise_ends();
        Some(match end {
            End::Cw => b,
            End::Ccw => a,
        })
    }

    /// The wall is closed when its two ends meet (gap 0, R11.1d).
    pub fn is_closed(&self) -> bool {
        self.gate.is_some() && self.end_vertex(End::Cw) == self.end_vertex(End::Ccw)
    }

    /// The outline side a new piece at `end` would cover (R7.3).
    pub fn next_side(&self, board: &Board, end: End) -> Option<Side> {
        if self.is_closed() {
            return None;
        }
        let v = self.end_vertex(end)?;
        match end {
            End::Cw => board.outline_from(v),
            End::Ccw => board.outline_to(v),
        }
    }

    /// Sides covered by the gate or a piece.
    pub fn covered(&self) -> usize {
        self.pieces.len() + usize::from(self.gate.is_some())
    }

    /// Outline sides not yet covered: pieces still needed to close (R7.5).
    pub fn gap(&self, board: &Board) -> usize {
        board.outline_len().saturating_sub(self.covered())
    }

    pub fn add_piece(&mut self, side: Side, arm: End, placer: u8) -> usize {
        let i = self.pieces.len();
        self.pieces.push(WallPiece {
            side,
            arm,
            guard: None,
            placer,
        });
        self.arms[arm as usize].push(i as u16);
        self.supply = self.supply.saturating_sub(1);
        i
    }

    pub fn piece_on(&self, side: Side) -> Option<usize> {
        self.pieces.iter().position(|p| p.side == side)
    }

    pub fn tower_at(&self, v: Vertex) -> bool {
        self.towers.iter().any(|t| t.vertex == v)
    }

    /// R9.2: a tower at the end of `arm` scores one point per piece of that
    /// arm walking back to the previous tower on it, or to the gate.
    pub fn tower_points(&self, arm: End) -> u32 {
        let pos = self.arm_len(arm) as u16;
        let prev = self
            .towers
            .iter()
            .filter(|t| t.arm == arm && t.arm_pos < pos)
            .map(|t| t.arm_pos)
            .max()
            .unwrap_or(0);
        (pos - prev) as u32
    }

    /// The ends a tower may go on (R9.1): no tower there yet. After the wall
    /// closed both ends are the meeting vertex and the choice names an arm (R9.3).
    pub fn tower_ends(&self) -> Vec<End> {
        End::BOTH
            .into_iter()
            .filter(|&e| self.end_vertex(e).is_some_and(|v| !self.tower_at(v)))
            .collect()
    }

    pub fn place_tower(&mut self, arm: End, owner: u8) -> Option<Tower> {
        let vertex = self.end_vertex(arm)?;
        let t = Tower {
            vertex,
            owner,
            arm,
            arm_pos: self.arm_len(arm) as u16,
            points: self.tower_points(arm),
        };
        self.towers.push(t);
        Some(t)
    }
}

/// A guard's line (R8.2): the placed tiles from the tile behind the piece
/// inwards, stopping before the first empty cell.
pub fn guard_line(board: &Board, piece: Side) -> Vec<usize> {
    board.line_from(piece.cell, piece.dir.opposite())
}

/// R8.3: the wall piece on the far side of the last tile of the line, if any
/// (the gate is not a piece).
pub fn opposite_piece(board: &Board, walls: &Walls, piece: Side) -> Option<usize> {
    let line = guard_line(board, piece);
    let last = board.placed()[*line.last()?].cell;
    let inward: Dir = piece.dir.opposite();
    walls.piece_on(Side::new(last, inward))
}

/// R8.4: a guard may go on `piece` unless the opposite wall holds one.
pub fn guard_allowed(board: &Board, walls: &Walls, piece: Side) -> bool {
    opposite_piece(board, walls, piece).is_none_or(|i| walls.pieces[i].guard.is_none())
}
