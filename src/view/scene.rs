//! The scene: everything drawn on the board, with no rules in it. A
//! ruleset's adapter makes it from a game; the board's layers draw it.

use super::geometry::{Bounds, Pt};
use super::palette::PlayerColour;
use super::targets::RegionShape;
use crate::engine::any::Ruleset;
use crate::engine::core::geom::{Cell, Rotation, Side, Vertex};
use crate::engine::core::shape::TileType;

/// A placed tile as the board draws it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneTile {
    pub tile: TileType,
    pub cell: Cell,
    pub rot: Rotation,
}

/// A wall piece as the board draws it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneWall {
    pub side: Side,
    pub guard: Option<u8>,
    pub placer: u8,
}

/// A tower on a wall end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneTower {
    pub vertex: Vertex,
    pub owner: u8,
    pub points: u32,
}

/// A follower standing on a region.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneFollower {
    pub pos: Pt,
    pub player: u8,
    /// What it is on its feature ("citizen", "seller", ...): also the CSS
    /// class that tells the roles apart.
    pub role: &'static str,
}

/// Any other piece on the board, told by its kind (Old City's bridges,
/// walls, wooden gates, guesthouses, the wyvern and the veil over the
/// follower it covers): a ruleset's pieces that the scene has no field of
/// their own for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScenePiece {
    /// What it is ("bridge", "wall", "wooden-gate", "guesthouse", "wyvern",
    /// "veil"): also the CSS class that tells the pieces apart.
    pub kind: &'static str,
    /// Where it stands on the board: a piece drawn in a tile's box (a
    /// bridge, a wall, a wooden gate) at that tile's centre.
    pub pos: Pt,
    /// How it is turned from the way its artwork draws it (quarter turns
    /// clockwise, like a tile).
    pub rot: Rotation,
    /// The player whose colour it wears, if any.
    pub owner: Option<u8>,
}

/// Everything drawn on the board. Walls, the gate and towers are The City's
/// pieces; a ruleset without them leaves them empty, as The City leaves
/// `pieces`.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The game whose tiles these are (which pictures to draw them with).
    pub ruleset: Ruleset,
    pub tiles: Vec<SceneTile>,
    /// The tile placed last (highlighted).
    pub last: Option<usize>,
    pub walls: Vec<SceneWall>,
    pub gate: Option<Side>,
    pub towers: Vec<SceneTower>,
    pub followers: Vec<SceneFollower>,
    /// Pieces of other kinds, drawn above the followers.
    pub pieces: Vec<ScenePiece>,
    pub colours: Vec<PlayerColour>,
    /// The cells worth showing: the tiles and one ring around them.
    pub bounds: Bounds,
    /// The tile types on the board or in hand (their pictures are needed).
    pub types: Vec<TileType>,
    /// After the game: the outline sides the closing walled in (R11.2).
    pub closing: Vec<Side>,
}

impl Scene {
    /// The cells worth showing around tiles spanning `lo..=hi` (`None`: an
    /// empty board): one ring more, so that the next tile fits in view.
    pub fn bounds_around(span: Option<(Cell, Cell)>) -> Bounds {
        match span {
            None => Bounds {
                min: Cell::new(-1, -1),
                max: Cell::new(1, 1),
            },
            Some((lo, hi)) => Bounds {
                min: Cell::new(lo.x - 1, lo.y - 1),
                max: Cell::new(hi.x + 1, hi.y + 1),
            },
        }
    }
}

/// A street or market that just scored: drawn lit, with its points rising
/// from it in the scorers' colours.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub shapes: Vec<RegionShape>,
    pub points: u32,
    /// The colours of the players who scored it.
    pub colours: Vec<PlayerColour>,
    /// Where the points rise from.
    pub at: Pt,
}

/// What happened since the last decision of a person, marked on the board
/// until their next one: what scored, and the wall pieces, gate, guards
/// and towers built (the computer's moves, so that they can be followed).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recent {
    pub scored: Vec<Scored>,
    /// Wall pieces and the gate.
    pub walls: Vec<Side>,
    pub guards: Vec<Side>,
    pub towers: Vec<Vertex>,
}

impl Recent {
    pub fn is_empty(&self) -> bool {
        self.scored.is_empty()
            && self.walls.is_empty()
            && self.guards.is_empty()
            && self.towers.is_empty()
    }
}
