//! The score panel of a classic game: per player the score, where its
//! points came from (roads, cities, cloisters, farms, coins), the score if
//! the game ended now, the followers in supply and Old City's coins and
//! unused pieces; the one pile, the coins left, the tiles removed and the
//! deal.

use crate::palette::Seat;
use crate::panel::{player_rows, Figures, PanelData};
use engine::classic::old_city::{BRIDGE, GATE, GUESTHOUSE, WALL};
use engine::classic::{Game, PlayerState};
use engine::TileGame;

/// Where points come from in classic Carcassonne, as the panel's breakdown
/// lists them (coins: Old City's, at the end).
pub const SOURCES: [&str; 5] = ["roads", "cities", "cloisters", "farms", "coins"];

/// The panel of `game`.
pub fn panel(game: &Game, seats: &[Seat]) -> PanelData {
    // The engine's projection scores what the turn completed first: it is
    // steady through the turn's steps.
    let projected = game.projected_scores();
    let figures = game.players().iter().map(|p| {
        let b = p.breakdown;
        Figures {
            breakdown: vec![b.roads, b.cities, b.cloisters, b.farms, b.coins],
            supply: p.supply,
            towers: None,
            held: held(game, p),
        }
    });
    PanelData {
        ruleset: engine::any::Ruleset::Classic,
        players: player_rows(game, seats, &projected, figures),
        sources: &SOURCES,
        walls: None,
        common: if game.parts().coins {
            vec![("coins", game.coin_supply().map(u32::from))]
        } else {
            Vec::new()
        },
        // One pile: the tile in hand counts as left until it is placed.
        tiles_left: vec![game.tiles_left() as u32],
        stack: None,
        placed: game.turns(),
        set_aside: game.removed().len(),
        seed: game.setup().seed,
        stacks: vec![game.setup().deck.len() as u32],
    }
}

/// Old City's coins and unused pieces of player `p`, for the parts in play.
fn held(game: &Game, p: &PlayerState) -> Vec<(&'static str, u32)> {
    let parts = game.parts();
    let has = |bit: u8| u32::from(p.pieces & bit != 0);
    let mut v = Vec::new();
    if parts.coins {
        v.push(("coins", u32::from(p.coins)));
    }
    if parts.wood {
        v.extend([
            ("bridge", has(BRIDGE)),
            ("wall", has(WALL)),
            ("wooden gate", has(GATE)),
        ]);
    }
    if parts.guesthouse {
        v.push(("guesthouse", has(GUESTHOUSE)));
    }
    v
}
