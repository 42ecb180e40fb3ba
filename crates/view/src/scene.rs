//! The scene: everything drawn on the board, with no rules in it. A
//! ruleset's adapter makes it from a game; the board's layers draw it.

use super::geometry::{Bounds, Pt};
use super::palette::PlayerColour;
use super::targets::RegionShape;
use engine::any::Ruleset;
use engine::core::geom::{Cell, Rotation, Side, Vertex};
use engine::core::grid::{Grid, Placed};
use engine::core::shape::{RegionIdx, TileType};
use engine::core::sort;
use engine::TileGame;

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
    /// What every scene draws: the tiles on `board` and the pictures they
    /// and the tile in hand need, in a ruleset's game played in `colours`.
    /// The pieces on the tiles are the ruleset's adapter's to add.
    pub fn of_tiles<const HALF: i32>(
        ruleset: Ruleset,
        board: &Grid<HALF>,
        in_hand: Option<TileType>,
        colours: &[PlayerColour],
    ) -> Scene {
        // One copy for both boards (they differ only in size).
        Scene::of_placed(ruleset, board.placed(), board.bounds(), in_hand, colours)
    }

    /// [`Scene::of_tiles`] of the tiles `placed`, spanning `span`.
    fn of_placed(
        ruleset: Ruleset,
        placed: &[Placed],
        span: (Cell, Cell),
        in_hand: Option<TileType>,
        colours: &[PlayerColour],
    ) -> Scene {
        let tiles: Vec<SceneTile> = placed
            .iter()
            .map(|p| SceneTile {
                tile: p.tile,
                cell: p.cell,
                rot: p.rot,
            })
            .collect();
        let mut types: Vec<TileType> = tiles.iter().map(|t| t.tile).chain(in_hand).collect();
        sort::sort_unstable(&mut types);
        types.dedup();
        Scene {
            ruleset,
            last: tiles.len().checked_sub(1),
            bounds: Scene::bounds_around((!placed.is_empty()).then_some(span)),
            tiles,
            walls: Vec::new(),
            gate: None,
            towers: Vec::new(),
            followers: Vec::new(),
            pieces: Vec::new(),
            colours: colours.to_vec(),
            types,
            closing: Vec::new(),
        }
    }

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

/// A feature that just scored: drawn lit, with each scorer's points rising
/// from it in their colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub shapes: Vec<RegionShape>,
    /// Who scored it, in seat order, with what each was paid.
    pub scorers: Vec<Scorer>,
    /// Where the points rise from.
    pub at: Pt,
    /// The feature lit, as (placed tile, region) pairs, and the cells they
    /// are on (sorted; the board names them for tests and tools).
    pub regions: Vec<(usize, RegionIdx)>,
    pub cells: Vec<Cell>,
}

/// One player's part of a scoring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scorer {
    pub seat: u8,
    pub colour: PlayerColour,
    pub points: u32,
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

/// The events of `now` since `before`, when `now` is a later position of
/// the same game (`None` otherwise): what each ruleset's `recent` tells.
pub fn events_since<'a, G: TileGame>(before: &G, now: &'a G) -> Option<&'a [G::Event]> {
    let from = before.events().len();
    (now.history().starts_with(before.history()) && now.events().len() >= from)
        .then(|| &now.events()[from..])
}

impl Scored {
    /// `regions` (on the cells `cell` tells) lit, with each of `paid`'s
    /// (seat, points) rising from their middle in the seat's colour;
    /// `shape` gives a region's outline and its follower spot on the board.
    /// `None` when no region has a shape.
    pub fn of_regions(
        regions: Vec<(usize, RegionIdx)>,
        paid: &[(u8, u32)],
        colours: &[PlayerColour],
        cell: impl Fn(usize) -> Cell,
        shape: impl Fn(usize, RegionIdx) -> Option<(RegionShape, Pt)>,
    ) -> Option<Scored> {
        let mut sum: Pt = (0.0, 0.0);
        let mut shapes = Vec::new();
        for &(i, r) in &regions {
            if let Some((s, a)) = shape(i, r) {
                sum = (sum.0 + a.0, sum.1 + a.1);
                shapes.push(s);
            }
        }
        let n = shapes.len() as f64;
        let mut cells: Vec<Cell> = regions.iter().map(|&(i, _)| cell(i)).collect();
        sort::sort_unstable(&mut cells);
        cells.dedup();
        (n > 0.0).then(|| Scored {
            shapes,
            scorers: paid
                .iter()
                .filter_map(|&(seat, points)| {
                    Some(Scorer {
                        seat,
                        colour: *colours.get(seat as usize)?,
                        points,
                    })
                })
                .collect(),
            at: (sum.0 / n, sum.1 / n),
            regions,
            cells,
        })
    }
}
