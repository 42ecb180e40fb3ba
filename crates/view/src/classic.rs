//! Classic Carcassonne's adapter (with The City Gates and Old City): the
//! classic game told in the view model's terms, as `city.rs` tells The
//! City's. In layers, one module per generic part it fills: `art` (the
//! classic tile pictures, cached, and the outlines of regions and bridges),
//! `scene` (tiles, followers, Old City's pieces), `targets` (what each
//! decision offers to click, the placements with their wood), `prompt`,
//! `panel` and `log` (the events in sentences, the end's scoring).

use super::log::LogTurn;
use super::palette::{PlayerColour, Seat};
use super::panel::PanelData;
use super::prompt::{Pointer, Prompt};
use super::scene::Scene;
use super::targets::Targets;
use super::{Adapter, GameView};
use engine::classic::{Cell, Choice, Game, Rotation};
use engine::TileGame;

pub mod art;
pub mod command;
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
pub use targets::{
    choice_targets, follower_label, guesthouse_label, placement_targets, wood_words,
};

/// Everything the screens show of `game` that depends on the game alone,
/// once per move (prompts for a mouse and keys).
pub fn game_view(game: &Game, seats: &[Seat]) -> GameView<Choice> {
    game_view_on(game, seats, Pointer::Mouse)
}

/// [`game_view`] with prompts for the way the player points.
pub fn game_view_on(game: &Game, seats: &[Seat], pointer: Pointer) -> GameView<Choice> {
    GameView::of(game, seats, pointer)
}

/// Which module tells which part of the view.
impl Adapter for Game {
    fn scene(&self, colours: &[PlayerColour]) -> Scene {
        scene::scene(self, colours)
    }
    fn panel(&self, seats: &[Seat]) -> PanelData {
        panel::panel(self, seats)
    }
    fn log(&self, names: &[String]) -> Vec<LogTurn> {
        log::log_turns(self.events(), self, names)
    }
    fn prompt(&self, legal: &[Choice], names: &[String], pointer: Pointer) -> Prompt<Choice> {
        prompt::prompt_on(self, legal, names, pointer)
    }
    fn targets(&self, legal: &[Choice], colours: &[PlayerColour]) -> Targets<Choice> {
        targets::choice_targets(self, legal, colours)
    }
    fn final_lines(&self, names: &[String]) -> Vec<crate::panel::EndLine> {
        log::final_lines(self, names)
    }
    fn placement(choice: &Choice) -> Option<(Cell, Rotation)> {
        match choice {
            Choice::Place(p) => Some((p.cell, p.rot)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
