//! Asking the engine worker: what the position calls for (the computer
//! seat's decision, or a hint a person asked for) and what its answers do
//! (play the computer's choice, or show the hint on the board and in words).

use super::play::Play;
use crate::ui::worker::FromEngine;
use computer::{Level, Progress};
use engine::any::AnyChoice;
use i18n::msg;
use view::any::{self, hint_words};

/// A request for the engine worker that the current position calls for: the
/// computer's decision, or a hint for a human.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineAsk {
    /// Unique per game, position and purpose; answers to anything else are
    /// stale and ignored.
    pub request: u64,
    pub level: Level,
    /// Same position, same seed: the answer is reproducible.
    pub seed: u64,
    pub hint: bool,
}

/// The level that answers hints.
pub const HINT_LEVEL: Level = Level::Normal;

impl Play {
    fn ask_id(&self, hint: bool) -> u64 {
        (self.game_no << 32) | (self.version << 1) | hint as u64
    }

    /// What to ask the engine worker now, if anything.
    pub fn engine_ask(&self) -> Option<EngineAsk> {
        if self.game.is_over() || self.view_only {
            return None;
        }
        // The review's best move is the computer's at this seed.
        let seed = computer::review::position_seed(self.game.seed(), self.game.decisions());
        match self.computer_to_move() {
            Some(level) if !self.paused => Some(EngineAsk {
                request: self.ask_id(false),
                level,
                seed,
                hint: false,
            }),
            Some(_) => None,
            None => self.hint_asked.then(|| EngineAsk {
                request: self.ask_id(true),
                level: HINT_LEVEL,
                seed,
                hint: true,
            }),
        }
    }

    /// A hint asked (`typed`: in the text view).
    pub(super) fn ask_hint(&mut self, typed: bool) {
        if self.computer_to_move().is_none() && !self.game.is_over() {
            self.hint_asked = true;
            self.ui.hint_typed = typed;
            self.ui.message = None;
        }
    }

    /// An answer from the engine worker.
    pub(super) fn engine(&mut self, answer: FromEngine) {
        let Some(ask) = self.engine_ask() else { return };
        match answer {
            FromEngine::Progress {
                request,
                done,
                total,
            } if request == ask.request => self.thinking = Some(Progress { done, total }),
            FromEngine::Decided {
                request,
                choice,
                then,
            } if request == ask.request => {
                if ask.hint {
                    self.show_hint(choice, then);
                } else {
                    let mut g = (*self.game).clone();
                    match g.play(choice) {
                        Ok(()) => {
                            if self.all_computers() {
                                // A game to watch: each move is marked until the next.
                                self.recent_base = self.game.clone();
                            }
                            self.set_game(g)
                        }
                        Err(e) => {
                            self.paused = true;
                            self.thinking = None;
                            self.ui.message =
                                Some(msg::computer::illegal(&view::errors::illegal(&e)));
                        }
                    }
                }
            }
            FromEngine::Failed { request, why } if request == ask.request => {
                self.thinking = None;
                if ask.hint {
                    self.hint_asked = false;
                } else {
                    self.paused = true;
                }
                self.ui.message = Some(msg::computer::failed(why.words()));
            }
            _ => {}
        }
    }

    /// Shows a suggested move: the tile tried where it should go, or the
    /// target focused, with a sentence saying what to do (the space, the
    /// turn and the wood of a placement; the follower after it, in the
    /// words of the game once the tile is placed).
    pub(super) fn show_hint(&mut self, choice: AnyChoice, then: Option<AnyChoice>) {
        self.hint_asked = false;
        self.thinking = None;
        let placement = any::placement_of(choice);
        match placement {
            Some((cell, rot)) => {
                self.ui.rot = Some(rot);
                self.ui.tentative = Some(cell);
                self.ui.focus = None;
                self.ui.hint_follower = then
                    .and_then(any::follower_region)
                    .map(|region| (cell, rot, region));
            }
            None => {
                self.refresh_targets();
                let n = (0..self.targets.focusable())
                    .find(|&n| self.targets.choice_at(n) == Some(choice));
                self.ui.focus = n;
            }
        }
        let first = hint_words(&self.game, choice);
        let then = then.filter(|_| placement.is_some()).and_then(|t| {
            let mut after = (*self.game).clone();
            after.play(choice).ok()?;
            Some(hint_words(&after, t))
        });
        let enter = (placement.is_some() || self.ui.focus.is_some()) && !self.ui.hint_typed;
        self.ui.message = Some(match (then, enter) {
            (None, false) => msg::computer::hint(&first),
            (None, true) => msg::computer::hint_enter(&first),
            (Some(then), false) => msg::computer::hint_then(&first, &then),
            (Some(then), true) => msg::computer::hint_then_enter(&first, &then),
        });
        self.refresh_targets();
    }
}
