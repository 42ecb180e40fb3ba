//! Why a setup cannot become a game, for either ruleset: the part of the
//! setup at fault and what is wrong with it (a value: the view says it in
//! words). A record's reader names the line of the tag that holds the part
//! (`notation`).

use super::reason::{OptionProblem, SetupProblem};

/// The part of a setup a problem is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupPart {
    /// How many players there are, or a player's name.
    Players,
    /// The Stacks of The City's deck (R1.5).
    Stacks,
    /// The draw pile: its tiles and how many of each.
    Pile,
    /// The options or the expansions they need.
    Options,
    /// The tile catalogue the game is played with did not load.
    Catalogue,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub part: SetupPart,
    pub problem: SetupProblem,
}

impl SetupError {
    pub fn new(part: SetupPart, problem: SetupProblem) -> SetupError {
        SetupError { part, problem }
    }

    pub fn players(problem: SetupProblem) -> SetupError {
        SetupError::new(SetupPart::Players, problem)
    }

    pub fn stacks(problem: SetupProblem) -> SetupError {
        SetupError::new(SetupPart::Stacks, problem)
    }

    pub fn pile(problem: SetupProblem) -> SetupError {
        SetupError::new(SetupPart::Pile, problem)
    }

    pub fn options(problem: OptionProblem) -> SetupError {
        SetupError::new(SetupPart::Options, SetupProblem::Option(problem))
    }

    /// The built-in catalogue did not load (a broken build).
    pub fn catalogue(error: impl std::fmt::Display) -> SetupError {
        SetupError::new(
            SetupPart::Catalogue,
            SetupProblem::Catalogue(error.to_string()),
        )
    }
}
