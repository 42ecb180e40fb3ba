//! The score panel of a classic game: per player the score, where its
//! points came from (roads, cities, cloisters, farms, coins), the score if
//! the game ended now and the followers in supply; the one pile, the tiles
//! removed and the deal.

use crate::engine::classic::Game;
use crate::engine::TileGame;
use crate::view::palette::{PlayerColour, Seat};
use crate::view::panel::{PanelData, PlayerRow};

/// Where points come from in classic Carcassonne, as the panel's breakdown
/// lists them (coins: Old City's, at the end).
pub const SOURCES: [&str; 5] = ["roads", "cities", "cloisters", "farms", "coins"];

/// The panel of `game`.
pub fn panel(game: &Game, seats: &[Seat], names: &[String], colours: &[PlayerColour]) -> PanelData {
    // The engine's projection scores what the turn completed first: it is
    // steady through the turn's steps.
    let projected = game.projected_scores();
    let over = game.is_over();
    let winners = if over { game.winners() } else { 0 };
    let to_move = (!over).then(|| game.to_move());
    PanelData {
        players: game
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| PlayerRow {
                name: names.get(i).cloned().unwrap_or_default(),
                computer: seats.get(i).and_then(|s| s.computer),
                colour: colours.get(i).copied().unwrap_or(PlayerColour::Black),
                score: p.score,
                projected: projected.get(i).copied().unwrap_or(p.score),
                breakdown: {
                    let b = p.breakdown;
                    vec![b.roads, b.cities, b.cloisters, b.farms, b.coins]
                },
                supply: p.supply,
                towers: None,
                to_move: to_move == Some(i as u8),
                winner: winners & (1 << i) != 0,
            })
            .collect(),
        sources: &SOURCES,
        walls: None,
        // One pile: the tile in hand counts as left until it is placed.
        tiles_left: vec![game.tiles_left() as u32],
        stack: None,
        placed: game.turns(),
        set_aside: game.removed().len(),
        seed: game.setup().seed,
        stacks: vec![game.setup().deck.len() as u32],
    }
}
