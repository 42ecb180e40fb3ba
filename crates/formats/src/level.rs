//! The computer's levels by name, as seats, links and saves write them
//! (`red-hard`); how each level plays is the computer's (`computer::plan`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Random,
    Greedy,
    Easy,
    Normal,
    Hard,
    /// The hard level as it played before issue 14 (a measurement baseline,
    /// not offered in the app).
    #[serde(rename = "hard-v1")]
    HardV1,
}

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Normal,
        Level::Hard,
        Level::HardV1,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::HardV1 => "hard-v1",
        }
    }

    pub fn from_name(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown level name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?} (random, greedy, easy, normal, hard or hard-v1)",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::from_name(&s.to_ascii_lowercase()).ok_or_else(|| UnknownLevel(s.to_string()))
    }
}
