//! The City's moves and questions typed in the text view, in the grammar of
//! `view::command`: a space to place the tile ("1,0", "1,0 90"), the word
//! of an option ("2", "cw", "yes", "no"), a question ("board", "look 1,0",
//! "tile", "options", "scores", "walls", "followers", "last", "help"), plus
//! "undo" and "hint". This tells the generic reader The City in words.

use super::describe;
pub use crate::command::Command;
use crate::command::{TextGame, TextOption, TextPlacement};
use crate::log::LogTurn;
use crate::survey::{preview_words, TextFeature};
use crate::Adapter;
use engine::city::{Choice, Decision, Game};
use engine::core::geom::{Cell, Rotation};
use engine::TileGame;

/// What the text view's "help" says.
pub const HELP: &str = "Type a move or a question, then Enter. To place the tile: a space such as “1,0”, with a turn if you like (“1,0 90”; turns are clockwise). Otherwise the word of an option: a number, “cw” or “ccw”, “yes” or “no”. Questions: “options” (what you may do), “tile” (the tile in hand), “look 1,0” (a space), “board” (every tile), “followers”, “walls”, “scores”, “last” (the last turn). Also “undo” and “hint”. The board: “row 0”, “column 1”, “around 1,0” (the 3×3 round a space), “open” (what is unfinished), “mine” (yours), “try 1,0 90” (what a placement would do, before you make it), “tiles” (the tiles left); “terse” or “verbose” sets how long the answers are.";

/// [`HELP`] in the chosen language (the words typed stay as they are).
pub fn help() -> &'static str {
    i18n::msg::city_command::help()
}

impl TextGame for Game {
    fn help(&self) -> &'static str {
        help()
    }
    fn hand(&self, rot: Rotation) -> Option<String> {
        match self.decision() {
            Some(Decision::PlaceTile { tile }) => {
                Some(describe::tile_words(self.catalogue(), tile, rot))
            }
            _ => None,
        }
    }
    fn tiles(&self) -> Vec<(Cell, String)> {
        self.board()
            .placed()
            .iter()
            .map(|p| {
                (
                    p.cell,
                    describe::tile_words(self.catalogue(), p.tile, p.rot),
                )
            })
            .collect()
    }
    fn on_space(&self, cell: Cell, names: &[String]) -> Option<String> {
        describe::cell_words(self, cell, names)
    }
    fn followers_words(&self, names: &[String]) -> String {
        describe::followers_words(self, names)
    }
    fn walls_words(&self, names: &[String]) -> Option<String> {
        Some(describe::walls_words(self, names))
    }
    fn scores_words(&self, names: &[String]) -> String {
        describe::scores_words(self, names)
    }
    fn log_turns(&self, names: &[String]) -> Vec<LogTurn> {
        Adapter::log(self, names)
    }
    fn over(&self) -> bool {
        self.is_over()
    }
    fn placements(&self) -> Vec<TextPlacement> {
        let mut out = Vec::new();
        for (i, c) in self.legal_choices().into_iter().enumerate() {
            if let Choice::Place { cell, rot } = c {
                out.push(TextPlacement {
                    cell,
                    rot,
                    choice: i,
                    wood: None,
                });
            }
        }
        out
    }
    fn options(&self, _names: &[String]) -> Vec<TextOption> {
        describe::options(self)
    }
    fn seat(&self) -> u8 {
        self.to_move()
    }
    fn features(&self) -> Vec<TextFeature> {
        describe::features(self)
    }
    fn preview(&self, names: &[String], p: &TextPlacement) -> String {
        // (The wall round a completion starts is another decision: the
        // preview stops before it.)
        preview_words(self, names, p, |g| {
            [Choice::Follower(None), Choice::Guard(false)]
                .into_iter()
                .find(|c| g.legal_choices().contains(c))
        })
    }
    fn tiles_left_words(&self) -> String {
        let [a, b, c] = self.tiles_left();
        i18n::msg::survey::stacks_left(a, b, c)
    }
}
