//! Why a setup cannot become a game, for either ruleset: the part of the
//! setup at fault and the message a player reads. A record's reader names
//! the line of the tag that holds the part (`notation`); the message is the
//! English text every caller shows, byte for byte.

use std::fmt;

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
    pub message: String,
}

impl SetupError {
    pub fn new(part: SetupPart, message: impl Into<String>) -> SetupError {
        SetupError {
            part,
            message: message.into(),
        }
    }

    pub fn players(message: impl Into<String>) -> SetupError {
        SetupError::new(SetupPart::Players, message)
    }

    pub fn stacks(message: impl Into<String>) -> SetupError {
        SetupError::new(SetupPart::Stacks, message)
    }

    pub fn pile(message: impl Into<String>) -> SetupError {
        SetupError::new(SetupPart::Pile, message)
    }

    pub fn options(message: impl Into<String>) -> SetupError {
        SetupError::new(SetupPart::Options, message)
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SetupError {}
