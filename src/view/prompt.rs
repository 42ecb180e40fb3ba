//! The prompt: whose decision it is, what it is and why, with the buttons
//! for the choices that are not on the board. Generic over the ruleset's
//! choice `C`: a button carries the choice it makes.

/// A button of the prompt.
#[derive(Clone, Debug, PartialEq)]
pub struct PromptButton<C> {
    pub testid: String,
    pub label: String,
    pub choice: C,
    pub primary: bool,
    /// It declines (no follower, no guard, no tower): the "no" key presses it.
    pub declines: bool,
}

/// Whose decision it is, what and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Prompt<C> {
    /// The decision's name, the test hook: `place`, `follower`, ... and
    /// `over` when the game is.
    pub decision: &'static str,
    pub player: Option<u8>,
    pub title: String,
    pub detail: String,
    /// The reason a wall round is being played.
    pub why: Option<String>,
    /// Something the player should know about what just happened (a guard
    /// that could not be posted, and why).
    pub note: Option<String>,
    pub buttons: Vec<PromptButton<C>>,
}

/// How the player points at the board: the prompts speak of clicks and
/// keys, or of taps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pointer {
    #[default]
    Mouse,
    Touch,
}

impl<C: Copy> Prompt<C> {
    /// The choice of the button that declines, if there is one.
    pub fn declining(&self) -> Option<C> {
        self.buttons.iter().find(|b| b.declines).map(|b| b.choice)
    }
}

impl<C> Prompt<C> {
    /// The same prompt with each button's choice turned into another type's.
    pub fn map<D>(self, f: impl Fn(C) -> D) -> Prompt<D> {
        Prompt {
            decision: self.decision,
            player: self.player,
            title: self.title,
            detail: self.detail,
            why: self.why,
            note: self.note,
            buttons: self
                .buttons
                .into_iter()
                .map(|b| PromptButton {
                    testid: b.testid,
                    label: b.label,
                    choice: f(b.choice),
                    primary: b.primary,
                    declines: b.declines,
                })
                .collect(),
        }
    }
}
