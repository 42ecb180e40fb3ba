//! Classic Carcassonne's moves and questions typed in the text view, in the
//! grammar of `view::command` (The City's): a space to place the tile
//! ("1,0", "1,0 90"; a space the tile fits only with wood takes that wood),
//! the word of an option (a number, a piece such as "farmer" or
//! "guesthouse", the wyvern's tile as a space, "no"), a question ("board",
//! "look 1,0", "tile", "options", "followers", "scores", "last", "help"),
//! plus "undo" and "hint". This tells the generic reader classic's game in words.

use super::describe;
use super::targets::wood_words;
pub use crate::command::Command;
use crate::command::{TextGame, TextOption, TextPlacement};
use crate::log::LogTurn;
use crate::survey::{preview_words, TextFeature};
use crate::Adapter;
use engine::classic::{Cell, Choice, Decision, Game, Rotation};
use engine::TileGame;

/// What the text view's "help" says, in the chosen language.
pub fn help() -> &'static str {
    i18n::msg::classic_command::help()
}

impl TextGame for Game {
    fn help(&self) -> &'static str {
        help()
    }
    fn hand(&self, rot: Rotation) -> Option<String> {
        match self.decision() {
            Some(Decision::Place { tile }) => {
                let mut text = describe::tile_words(self.catalogue(), tile, rot);
                if describe::is_plaza(self, tile) {
                    text.push_str("; ");
                    text.push_str(i18n::msg::classic_describe::board_plaza());
                }
                Some(text)
            }
            _ => None,
        }
    }
    fn tiles(&self) -> Vec<(Cell, String)> {
        self.board()
            .placed()
            .iter()
            .enumerate()
            .map(|(i, p)| (p.cell, describe::board_tile_words(self, i)))
            .collect()
    }
    fn on_space(&self, cell: Cell, names: &[String]) -> Option<String> {
        describe::cell_words(self, cell, names)
    }
    fn followers_words(&self, names: &[String]) -> String {
        describe::followers_words(self, names)
    }
    fn walls_words(&self, _names: &[String]) -> Option<String> {
        None
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
    /// Each (cell, rotation) once, with the one wood that makes it fit
    /// (the engine lists exactly one, O3).
    fn placements(&self) -> Vec<TextPlacement> {
        let mut out = Vec::new();
        for (i, c) in self.legal_choices().into_iter().enumerate() {
            if let Choice::Place(p) = c {
                out.push(TextPlacement {
                    cell: p.cell,
                    rot: p.rot,
                    choice: i,
                    wood: wood_words(p.wood),
                });
            }
        }
        out
    }
    fn options(&self, names: &[String]) -> Vec<TextOption> {
        describe::options(self, names)
    }
    fn seat(&self) -> u8 {
        self.to_move()
    }
    fn features(&self) -> Vec<TextFeature> {
        describe::features(self)
    }
    fn preview(&self, names: &[String], p: &TextPlacement) -> String {
        preview_words(self, names, p, |g| {
            let no = match g.decision() {
                Some(Decision::Follower) => Some(Choice::Follower(None)),
                Some(Decision::Guesthouse) => Some(Choice::Guesthouse(None)),
                _ => None,
            };
            no.filter(|c| g.legal_choices().contains(c))
        })
    }
    fn tiles_left_words(&self) -> String {
        describe::tiles_left_words(self)
    }
    fn tiles_unseen_words(&self) -> String {
        describe::tiles_unseen_words(self)
    }
}
