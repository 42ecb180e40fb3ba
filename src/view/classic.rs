//! Classic Carcassonne's adapter (with The City Gates and Old City): the
//! classic game told in the view model's terms, as `city.rs` tells The
//! City's. In layers, one module per generic part it fills: `art` (the
//! classic tile pictures, cached, and the outlines of regions and bridges),
//! `scene` (tiles, followers, Old City's pieces), `targets` (what each
//! decision offers to click, the placements with their wood), `prompt`,
//! `panel` and `log` (the events in sentences, the end's scoring).

use std::rc::Rc;

use super::palette::{PlayerColour, Seat};
use super::panel::EndLine;
use super::prompt::Pointer;
use super::{GameView, Shared};
use crate::engine::classic::{Choice, Game};
use crate::engine::TileGame;

pub mod art;
pub mod describe;
pub mod log;
pub mod panel;
pub mod prompt;
pub mod recent;
pub mod scene;
pub mod targets;

pub use log::{final_lines, log_turns, sentence};
pub use panel::{panel, SOURCES};
pub use prompt::{prompt, prompt_on};
pub use scene::scene;
pub use targets::{choice_targets, placement_targets, placements, region_label, wood_words};

/// Everything the screens show of `game` that depends on the game alone,
/// once per move (prompts for a mouse and keys).
pub fn game_view(game: &Game, seats: &[Seat]) -> GameView<Choice> {
    game_view_on(game, seats, Pointer::Mouse)
}

/// [`game_view`] with prompts for the way the player points.
pub fn game_view_on(game: &Game, seats: &[Seat], pointer: Pointer) -> GameView<Choice> {
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let colours: Vec<PlayerColour> = seats.iter().map(|s| s.colour).collect();
    // The legal choices, listed once (for a tile, every placement).
    let legal = game.legal_choices();
    GameView {
        scene: Shared::new(scene(game, &colours)),
        panel: Shared::new(panel(game, seats)),
        log: Rc::new(
            log_turns(game.events(), game.catalogue(), &names)
                .into_iter()
                .map(Rc::new)
                .collect(),
        ),
        prompt_base: prompt_on(game, &legal, &names, pointer),
        end_lines: Rc::new(
            final_lines(game, &names)
                .into_iter()
                .map(|(player, text, points)| EndLine {
                    player,
                    text,
                    points,
                })
                .collect(),
        ),
        placements: Rc::new(placements(&legal)),
        base_targets: choice_targets(game, &legal, &colours),
        names: Rc::new(names),
        colours: Rc::new(colours),
    }
}

#[cfg(test)]
mod tests;
