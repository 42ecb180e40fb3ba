//! What the board draws of The City: the tiles, the followers by role
//! (citizen, seller, steward) at their region's spot, the wall with its
//! guards, the gate and the towers, and after the game the sides the
//! closing walled in.

use super::art;
use crate::geometry;
use crate::palette::PlayerColour;
use crate::scene::{Scene, SceneFollower, SceneTower, SceneWall};
use engine::any::Ruleset;
use engine::city::{Game, Role};
use engine::TileGame;

/// What the board draws of `game`.
pub fn scene(game: &Game, colours: &[PlayerColour]) -> Scene {
    let cat = game.catalogue();
    let placed = game.board().placed();
    let walls = game.walls();
    let followers = game
        .followers()
        .iter()
        .map(|f| {
            let p = placed[f.tile];
            let anchor = art::anchor(cat, p.tile, f.region);
            SceneFollower {
                pos: geometry::on_board(p.cell, p.rot, anchor),
                player: f.player,
                role: role_class(f.role),
            }
        })
        .collect();
    let closing = if game.is_over() {
        game.board()
            .outline()
            .into_iter()
            .filter(|&s| walls.gate != Some(s) && walls.piece_on(s).is_none())
            .collect()
    } else {
        Vec::new()
    };
    Scene {
        closing,
        walls: walls
            .pieces
            .iter()
            .map(|p| SceneWall {
                side: p.side,
                guard: p.guard,
                placer: p.placer,
            })
            .collect(),
        gate: walls.gate,
        towers: walls
            .towers
            .iter()
            .map(|t| SceneTower {
                vertex: t.vertex,
                owner: t.owner,
                points: t.points,
            })
            .collect(),
        followers,
        ..Scene::of_tiles(
            Ruleset::City,
            game.board(),
            game.drawn().map(|d| d.0),
            colours,
        )
    }
}

/// A follower's role as the scene names it.
pub(super) fn role_class(role: Role) -> &'static str {
    match role {
        Role::Citizen => "citizen",
        Role::Seller => "seller",
        Role::Steward => "steward",
    }
}
