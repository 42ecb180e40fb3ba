//! The City's adapter: The City's game told in the view model's terms, as
//! `classic.rs` tells classic Carcassonne's. In layers, one module per
//! generic part it fills: `art` (the tile pictures, cached), `scene`
//! (tiles, followers, the wall, the gate, towers), `targets` (what each
//! decision offers to click), `prompt`, `panel` and `log` (the events in
//! sentences, the end's scoring), with `walls` (a guard's line, a tower's
//! points, the wall's sides and ends in words) beside them; `describe` and
//! `command` tell the game in words and take moves typed in (the text
//! view), `recent` marks what just happened.

use std::rc::Rc;

use super::palette::{PlayerColour, Seat};
use super::panel::EndLine;
use super::prompt::Pointer;
use super::{GameView, Shared};
use crate::engine::city::{Choice, Game};
use crate::engine::TileGame;

pub mod art;
pub mod command;
pub mod describe;
pub mod log;
pub mod panel;
pub mod prompt;
pub mod recent;
pub mod scene;
pub mod targets;
pub mod walls;

pub use describe::hint_words;
pub use log::{final_lines, log_turns, sentence};
pub use panel::{panel, projected, SOURCES};
pub use prompt::{prompt, prompt_on};
pub use scene::scene;
pub use targets::{choice_targets, region_label};
pub use walls::{guard_line, side_name, tower_points, GuardLine};

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
    let placements = legal
        .iter()
        .filter_map(|c| match *c {
            Choice::Place { cell, rot } => Some((cell, rot)),
            _ => None,
        })
        .collect();
    let base_targets = choice_targets(game, &legal, &colours);
    GameView {
        scene: Shared::new(scene(game, &colours)),
        panel: Shared::new(panel(game, seats)),
        log: Rc::new(
            log_turns(game.events(), &names)
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
        names: Rc::new(names),
        colours: Rc::new(colours),
        placements: Rc::new(placements),
        base_targets,
    }
}

#[cfg(test)]
mod tests;
