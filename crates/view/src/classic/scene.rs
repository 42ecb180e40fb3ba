//! What the board draws of a classic game: the tiles, the followers by role
//! (thief, knight, monk, farmer) at their region's spot, and Old City's
//! pieces (bridges, walls, wooden gates, guesthouses, the wyvern and the
//! veil over the follower it covers, the plaza's mark) as the scene's
//! generic pieces.

use super::art;
use crate::geometry::{self, within, Pt, TILE};
use crate::palette::PlayerColour;
use crate::scene::{Scene, SceneFollower, ScenePiece};
use engine::any::Ruleset;
use engine::classic::{Axis, Cell, Dir, Game, Rotation, Wood};

/// What the board draws of `game`.
pub fn scene(game: &Game, colours: &[PlayerColour]) -> Scene {
    let followers: Vec<SceneFollower> = game
        .followers()
        .iter()
        .filter_map(|f| {
            Some(SceneFollower {
                pos: art::placed_anchor(game, f.tile, f.region)?,
                player: f.player,
                role: f.role.role(),
            })
        })
        .collect();
    Scene {
        pieces: pieces(game, &followers),
        followers,
        ..Scene::of_tiles(Ruleset::Classic, game.board(), game.in_hand(), colours)
    }
}

/// Old City's pieces on the board (`followers`: the scene's, in the
/// engine's order): the wood, the guesthouses, the wyvern and its veil,
/// and the plaza's mark.
fn pieces(game: &Game, followers: &[SceneFollower]) -> Vec<ScenePiece> {
    let board = game.board();
    let placed = board.placed();
    let mut out = Vec::new();
    // O2.3: tile C's city is the plaza city (with proportional scoring).
    let plaza = game.catalogue().by_id("C");
    if let Some(p) = placed
        .iter()
        .find(|p| game.parts().proportional && Some(p.tile) == plaza)
    {
        let others: Vec<Pt> = followers
            .iter()
            .map(|f| f.pos)
            .filter(|&q| on_cell(q, p.cell))
            .collect();
        let (x, y) = (p.cell.x as f64 * TILE, p.cell.y as f64 * TILE);
        out.push(ScenePiece {
            kind: "plaza",
            pos: clear_of((x + 26.0, y + 26.0), &others, p.cell),
            rot: Rotation::ALL[0],
            owner: None,
        });
    }
    // Bridges, wherever they were built (on the tile placed or beside it).
    for (i, p) in placed.iter().enumerate() {
        if let Some(axis) = game.bridge_on(i) {
            out.push(bridge_piece(p.cell, axis));
        }
    }
    // Walls and wooden gates, on a side of the tile whose placement used them.
    for r in game.records() {
        out.extend(side_pieces(r.placement.cell, r.placement.wood));
    }
    for &(tile, region) in game.guesthouses() {
        let Some(p) = placed.get(tile) else { continue };
        let Some(spot) = art::placed_anchor(game, tile, region) else {
            continue;
        };
        // The placer's colour: the record of the turn that placed the tile.
        let owner = game
            .records()
            .iter()
            .find(|r| r.placement.cell == p.cell && r.guesthouse.is_some())
            .map(|r| r.player);
        let others: Vec<Pt> = followers
            .iter()
            .map(|f| f.pos)
            .filter(|&q| on_cell(q, p.cell))
            .collect();
        out.push(ScenePiece {
            kind: "guesthouse",
            pos: clear_of(spot, &others, p.cell),
            rot: Rotation::ALL[0],
            owner,
        });
    }
    if let Some(cell) = game.wyvern() {
        let on_tile: Vec<&SceneFollower> =
            followers.iter().filter(|f| on_cell(f.pos, cell)).collect();
        // (Clear of the plaza's mark too.)
        let points: Vec<Pt> = on_tile
            .iter()
            .map(|f| f.pos)
            .chain(out.iter().filter(|p| p.kind == "plaza").map(|p| p.pos))
            .filter(|&q| on_cell(q, cell))
            .collect();
        out.push(ScenePiece {
            kind: "wyvern",
            pos: wyvern_spot(cell, &points),
            rot: Rotation::ALL[0],
            owner: None,
        });
        // O6.4: the follower on its tile is veiled.
        for f in on_tile {
            out.push(ScenePiece {
                kind: "veil",
                pos: f.pos,
                rot: Rotation::ALL[0],
                owner: Some(f.player),
            });
        }
    }
    out
}

/// A bridge on the tile at `cell` along `axis` (the artwork draws it north
/// to south). Wood belongs to nobody once placed (O3.1).
pub fn bridge_piece(cell: Cell, axis: Axis) -> ScenePiece {
    ScenePiece {
        kind: "bridge",
        pos: geometry::cell_centre(cell),
        rot: Rotation::ALL[usize::from(axis == Axis::EastWest)],
        owner: None,
    }
}

/// The wall and the wooden gate of a placement at `cell` using `wood`, on
/// their sides of the tile (the artwork draws them on its north side).
pub fn side_pieces(cell: Cell, wood: Wood) -> Vec<ScenePiece> {
    let on = |kind, d: Dir| ScenePiece {
        kind,
        pos: geometry::cell_centre(cell),
        rot: Rotation::ALL[d.index()],
        owner: None,
    };
    let mut v = Vec::new();
    if let Some(d) = wood.wall {
        v.push(on("wall", d));
    }
    if let Some(d) = wood.gate {
        v.push(on("wooden-gate", d));
    }
    v
}

/// Every piece of a placement's wood: its bridge (on the tile placed or on
/// the neighbour it names), wall and wooden gate.
pub fn wood_pieces(cell: Cell, wood: Wood) -> Vec<ScenePiece> {
    let mut v: Vec<ScenePiece> = wood
        .bridge
        .map(|b| bridge_piece(b.on.map_or(cell, |d| cell.neighbour(d)), b.axis))
        .into_iter()
        .collect();
    v.extend(side_pieces(cell, wood));
    v
}

/// Whether board point `p` lies on `cell`.
fn on_cell(p: Pt, cell: Cell) -> bool {
    let (x, y) = (cell.x as f64 * TILE, cell.y as f64 * TILE);
    p.0 >= x && p.0 <= x + TILE && p.1 >= y && p.1 <= y + TILE
}

/// How far a guesthouse keeps from a follower on its tile.
const PIECE_GAP: f64 = 22.0;

/// `spot`, or a point near it on the same cell at least [`PIECE_GAP`] from
/// every point of `others` (a guesthouse beside the thief on its road).
fn clear_of(spot: Pt, others: &[Pt], cell: Cell) -> Pt {
    let (x, y) = (cell.x as f64 * TILE, cell.y as f64 * TILE);
    let clamp = |p: Pt| {
        (
            within(p.0, x + 10.0, x + 90.0),
            within(p.1, y + 10.0, y + 90.0),
        )
    };
    // Tried in turn: the spot, then the spot moved each way.
    let tries = [
        (0.0, 0.0),
        (PIECE_GAP, 0.0),
        (-PIECE_GAP, 0.0),
        (0.0, PIECE_GAP),
        (0.0, -PIECE_GAP),
        (PIECE_GAP, PIECE_GAP),
        (-PIECE_GAP, -PIECE_GAP),
        (PIECE_GAP, -PIECE_GAP),
        (-PIECE_GAP, PIECE_GAP),
    ];
    tries
        .iter()
        .map(|&(dx, dy)| clamp((spot.0 + dx, spot.1 + dy)))
        .find(|&p| others.iter().all(|&o| dist(p, o) >= PIECE_GAP - 1e-6))
        .unwrap_or_else(|| clamp((spot.0 + PIECE_GAP, spot.1)))
}

fn dist(a: Pt, b: Pt) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// Where the wyvern sits on its tile: the quarter of the tile farthest from
/// the followers on it (the veiled one stays visible beside it).
fn wyvern_spot(cell: Cell, followers: &[Pt]) -> Pt {
    let (x, y) = (cell.x as f64 * TILE, cell.y as f64 * TILE);
    let quarters = [(72.0, 28.0), (72.0, 72.0), (28.0, 72.0), (28.0, 28.0)];
    let spots = quarters.map(|(qx, qy)| (x + qx, y + qy));
    let room = |p: Pt| {
        followers
            .iter()
            .map(|&f| dist(p, f))
            .fold(f64::INFINITY, f64::min)
    };
    spots
        .into_iter()
        .fold((spots[0], room(spots[0])), |best, p| {
            let r = room(p);
            if r > best.1 + 1e-9 {
                (p, r)
            } else {
                best
            }
        })
        .0
}
