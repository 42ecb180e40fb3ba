//! The view model: what the screens show, computed from a game without Yew
//! or the DOM, so that it builds and is tested natively (`cargo test`).
//!
//! The generic parts know no ruleset: the [`scene::Scene`] the board draws,
//! the [`targets::Targets`] it offers to click (handed to it ready-made: the
//! board knows no rules), the [`prompt::Prompt`], the [`panel::PanelData`],
//! the [`log`]'s turns, the [`words`] every screen uses, and the drawing
//! helpers ([`geometry`], [`palette`]). Targets and prompts are generic over
//! the ruleset's choice.
//! A ruleset's adapter fills them from its game: [`city`] for The City,
//! [`classic`] for classic Carcassonne with The City Gates and Old City.
//! Each tells its game part by part ([`Adapter`]); [`GameView::of`] puts
//! the parts together, the same way for both.

use std::rc::Rc;

pub mod aids;
pub mod any;
pub mod city;
pub mod city3d;
pub mod classic;
pub mod command;
pub mod errors;
pub mod fair;
pub mod geometry;
pub mod log;
pub mod names;
pub mod palette;
pub mod panel;
pub mod pictures;
pub mod prompt;
pub mod puzzles;
pub mod qr;
pub mod reach;
pub mod review;
pub mod review_why;
pub mod scene;
pub mod stats;
pub mod survey;
pub mod targets;
pub mod words;

#[cfg(test)]
mod blind_tests;

use engine::core::geom::{Cell, Rotation};
use engine::TileGame;
use log::LogTurn;
use palette::{PlayerColour, Seat};
use panel::{EndLine, PanelData};
use prompt::{Pointer, Prompt};
use scene::Scene;
use targets::Targets;

/// A value compared by address: props holding one re-render only when it is
/// replaced, however large it is.
#[derive(Debug)]
pub struct Shared<T>(pub Rc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> Shared<T> {
    pub fn new(v: T) -> Self {
        Shared(Rc::new(v))
    }
}

/// Everything derived from the game alone, once per move. `C` is the
/// ruleset's choice.
#[derive(Clone, Debug, PartialEq)]
pub struct GameView<C> {
    pub scene: Shared<Scene>,
    pub panel: Shared<PanelData>,
    pub log: Rc<Vec<Rc<LogTurn>>>,
    pub names: Rc<Vec<String>>,
    pub colours: Rc<Vec<PlayerColour>>,
    /// Legal (cell, rotation) pairs of the drawn tile.
    pub placements: Rc<Vec<(Cell, Rotation)>>,
    pub prompt_base: Prompt<C>,
    /// Region, side and vertex targets (no cells: those depend on the rotation).
    pub base_targets: Targets<C>,
    /// After the game: its end's scoring item by item.
    pub end_lines: Rc<Vec<EndLine>>,
    /// The players' aids (issue 39); `None` with the aids off (and until
    /// `any::game_view_on` adds them).
    pub aids: Option<Shared<aids::AidsView>>,
}

/// A ruleset's adapter: what it tells of its game, part by part, for
/// [`GameView::of`] to put together. `legal`: the game's legal choices,
/// listed once.
pub trait Adapter: TileGame {
    /// What the board draws.
    fn scene(&self, colours: &[PlayerColour]) -> Scene;
    fn panel(&self, seats: &[Seat]) -> PanelData;
    /// The events in sentences, turn by turn.
    fn log(&self, names: &[String]) -> Vec<LogTurn>;
    fn prompt(
        &self,
        legal: &[Self::Choice],
        names: &[String],
        pointer: Pointer,
    ) -> Prompt<Self::Choice>;
    /// What the decision offers to click (the tile's cells aside: those
    /// depend on its rotation).
    fn targets(&self, legal: &[Self::Choice], colours: &[PlayerColour]) -> Targets<Self::Choice>;
    /// After the game, its end's scoring item by item.
    fn final_lines(&self, names: &[String]) -> Vec<EndLine>;
    /// Where a choice puts the drawn tile, if it places it.
    fn placement(choice: &Self::Choice) -> Option<(Cell, Rotation)>;
}

impl<C> GameView<C> {
    /// Everything the screens show of `game` that depends on the game
    /// alone, once per move, with prompts for the way the player points.
    pub fn of<G: Adapter<Choice = C>>(game: &G, seats: &[Seat], pointer: Pointer) -> Self {
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let colours: Vec<PlayerColour> = seats.iter().map(|s| s.colour).collect();
        // The legal choices, listed once (for a tile, every placement).
        let legal = game.legal_choices();
        // Each (cell, rotation) once: classic offers one with each wood that
        // mends it.
        let mut placements = Vec::new();
        for p in legal.iter().filter_map(G::placement) {
            if !placements.contains(&p) {
                placements.push(p);
            }
        }
        GameView {
            scene: Shared::new(game.scene(&colours)),
            panel: Shared::new(game.panel(seats)),
            log: Rc::new(game.log(&names).into_iter().map(Rc::new).collect()),
            prompt_base: game.prompt(&legal, &names, pointer),
            end_lines: Rc::new(game.final_lines(&names)),
            placements: Rc::new(placements),
            base_targets: game.targets(&legal, &colours),
            names: Rc::new(names),
            colours: Rc::new(colours),
            aids: None,
        }
    }

    /// The same view with each choice turned into another type's (the
    /// screens see either ruleset's choices as `AnyChoice`).
    pub fn map<D>(self, f: impl Fn(C) -> D + Copy) -> GameView<D> {
        GameView {
            scene: self.scene,
            panel: self.panel,
            log: self.log,
            names: self.names,
            colours: self.colours,
            placements: self.placements,
            prompt_base: self.prompt_base.map(f),
            base_targets: self.base_targets.map(f),
            end_lines: self.end_lines,
            aids: self.aids,
        }
    }
}
