//! The score panel of The City: per player the score, where its points
//! came from (streets, markets, towers, stewards, guards), the score if the
//! game ended now, the followers in supply and the towers left; the wall's
//! supply and gap, the stacks and the deal.

use crate::palette::Seat;
use crate::panel::{player_rows, Figures, PanelData, WallSupply};
use engine::city::Game;
use engine::TileGame;

/// Where points come from in The City, as the panel's breakdown lists them.
pub const SOURCES: [&str; 5] = ["streets", "markets", "towers", "stewards", "guards"];

/// The panel of `game`.
pub fn panel(game: &Game, seats: &[Seat]) -> PanelData {
    let figures = game.players().iter().map(|p| {
        let b = p.breakdown;
        Figures {
            breakdown: vec![b.streets, b.markets, b.towers, b.stewards, b.guards],
            supply: p.supply,
            towers: Some(p.towers),
            held: Vec::new(),
        }
    });
    PanelData {
        ruleset: engine::any::Ruleset::City,
        players: player_rows(game, seats, &projected(game), figures),
        sources: &SOURCES,
        walls: Some(WallSupply {
            left: game.walls().supply,
            gap: game.gap(),
        }),
        common: Vec::new(),
        tiles_left: game.tiles_left().to_vec(),
        stack: game.drawn().map(|d| d.1),
        placed: game.turns(),
        set_aside: game.set_aside().len(),
        seed: game.setup().seed,
        stacks: game.setup().stacks.to_vec(),
    }
}

/// The scores if the game ended now, steady through a turn: what the turn
/// has completed but not yet scored (after the tile, before its follower
/// step; after a wall piece, before its guard step) counts as scored, as
/// the engine will score it (R5.6), on top of the engine's projection
/// (which leaves such a feature alone: it has no open side for the closing
/// to complete). Between two turns it is the engine's projection.
pub fn projected(game: &Game) -> Vec<u32> {
    game.projected().scores()
}
