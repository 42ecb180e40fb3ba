//! The City's adapter: The City's game told in the view model's terms, as
//! `classic.rs` tells classic Carcassonne's. In layers, one module per
//! generic part it fills: `art` (the tile pictures, cached), `scene`
//! (tiles, followers, the wall, the gate, towers), `targets` (what each
//! decision offers to click), `prompt`, `panel` and `log` (the events in
//! sentences, the end's scoring), with `walls` (a guard's line, a tower's
//! points, the wall's sides and ends in words) beside them; `describe` and
//! `command` tell the game in words and take moves typed in (the text
//! view), `recent` marks what just happened.

use super::log::LogTurn;
use super::palette::{PlayerColour, Seat};
use super::panel::PanelData;
use super::prompt::{Pointer, Prompt};
use super::scene::Scene;
use super::targets::Targets;
use super::{Adapter, GameView};
use engine::city::{Choice, Game};
use engine::core::geom::{Cell, Rotation};
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
pub mod walls;

pub use describe::hint_words;
pub use log::{final_lines, log_turns, sentence};
pub use panel::{panel, projected, SOURCES};
pub use prompt::{prompt, prompt_on};
pub use scene::scene;
pub use targets::{choice_targets, follower_label};
pub use walls::{guard_line, side_name, tower_points, GuardLine};

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
        log::log_turns(self.events(), names)
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
        match *choice {
            Choice::Place { cell, rot } => Some((cell, rot)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
