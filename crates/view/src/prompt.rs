//! The prompt: whose decision it is, what it is and why, with the buttons
//! for the choices that are not on the board. Generic over the ruleset's
//! choice `C`: a button carries the choice it makes. What both games say
//! alike is here: the end of the game, how to place a tile, the follower
//! step; a ruleset's adapter says the rest.

use super::log::names_of;
use engine::TileGame;
use i18n::msg::words_prompt as m;

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

impl<C> PromptButton<C> {
    /// A button that answers "none" (no follower, no guard, no tower, no
    /// guesthouse).
    pub fn declining(testid: &str, label: &str, choice: C) -> Self {
        PromptButton {
            testid: testid.into(),
            label: label.into(),
            choice,
            primary: false,
            declines: true,
        }
    }
}

/// What an adapter's prompt says of a decision: its name (the test hook),
/// title, detail and buttons.
pub type Step<C> = (&'static str, String, String, Vec<PromptButton<C>>);

/// The prompt once the game is over: who won (tied leaders share the win)
/// and why it ended (`reason`, a clause: "the pile is empty").
pub fn game_over<G: TileGame>(
    game: &G,
    names: &[String],
    reason: Option<&str>,
) -> Prompt<G::Choice> {
    let w = game.winners();
    let title = if w.count_ones() > 1 {
        m::over_shared(&names_of(w, names))
    } else {
        m::over_won(&names_of(w, names))
    };
    Prompt {
        decision: "over",
        player: None,
        title,
        detail: reason.map(m::ended_because).unwrap_or_default(),
        why: None,
        note: None,
        buttons: Vec::new(),
    }
}

/// How to place the drawn tile, in the words of the way the player points.
pub fn place_how(pointer: Pointer) -> &'static str {
    match pointer {
        Pointer::Touch => m::place_touch(),
        Pointer::Mouse => m::place_mouse(),
    }
}

/// The step both games share after a tile: whether `who` puts one of the
/// `supply` followers left on it; `none` is the choice that declines.
pub fn follower_step<C>(who: &str, supply: u8, pointer: Pointer, none: C) -> Step<C> {
    let how = match pointer {
        Pointer::Touch => m::follower_touch(),
        Pointer::Mouse => m::follower_mouse(),
    };
    (
        "follower",
        m::follower_title(who),
        format!("{how} {}", m::followers_in_supply(supply)),
        vec![PromptButton::declining(
            "no-follower",
            m::no_follower(),
            none,
        )],
    )
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
