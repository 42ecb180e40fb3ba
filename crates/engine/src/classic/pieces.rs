//! Old City's pieces as plain values (O1.2, O3): the bits of a player's
//! hand, the wood one placement uses and a bridge's axis. Where wood may go
//! is `wood.rs`; the pieces on the board are `old_city::OldCity`'s.

use crate::core::geom::Dir;
use serde::{Deserialize, Serialize};

/// A player's Old City pieces in hand (O1.2), one bit each.
pub const BRIDGE: u8 = 1;
pub const WALL: u8 = 2;
pub const GATE: u8 = 4;
pub const GUESTHOUSE: u8 = 8;
/// The wood among them (O3).
pub const WOOD: u8 = BRIDGE | WALL | GATE;

/// A bridge's direction on the board (O3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Axis {
    NorthSouth,
    EastWest,
}

impl Axis {
    pub fn name(self) -> &'static str {
        match self {
            Axis::NorthSouth => "NS",
            Axis::EastWest => "EW",
        }
    }

    pub fn from_name(s: &str) -> Option<Axis> {
        match s {
            "NS" => Some(Axis::NorthSouth),
            "EW" => Some(Axis::EastWest),
            _ => None,
        }
    }

    /// The axis that runs through side `d`.
    pub fn through(d: Dir) -> Axis {
        match d {
            Dir::N | Dir::S => Axis::NorthSouth,
            Dir::E | Dir::W => Axis::EastWest,
        }
    }

    /// The two sides the bridge ends on.
    pub fn ends(self) -> [Dir; 2] {
        match self {
            Axis::NorthSouth => [Dir::N, Dir::S],
            Axis::EastWest => [Dir::E, Dir::W],
        }
    }

    pub fn crosses(self, d: Dir) -> bool {
        Axis::through(d) == self
    }

    /// Bit d set for each side it ends on.
    pub fn mask(self) -> u8 {
        match self {
            Axis::NorthSouth => 0b0101,
            Axis::EastWest => 0b1010,
        }
    }
}

/// Old City's bridge (O3.2): on the tile placed (`on: None`) or on its
/// neighbour across side `on`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bridge {
    pub on: Option<Dir>,
    pub axis: Axis,
}

/// The wood a placement uses (O3): each piece at most once, walls and
/// wooden gates on a side of the tile placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Wood {
    pub bridge: Option<Bridge>,
    pub wall: Option<Dir>,
    pub gate: Option<Dir>,
}

impl Wood {
    /// No wood: every placement of the base game.
    pub const NONE: Wood = Wood {
        bridge: None,
        wall: None,
        gate: None,
    };

    pub fn is_none(&self) -> bool {
        *self == Wood::NONE
    }

    /// The pieces it uses (`BRIDGE`, `WALL`, `GATE` bits).
    pub fn pieces(&self) -> u8 {
        (u8::from(self.bridge.is_some()) * BRIDGE)
            | (u8::from(self.wall.is_some()) * WALL)
            | (u8::from(self.gate.is_some()) * GATE)
    }
}
