//! Rule options (RULES.md §15) and the game setup that becomes a game only
//! through a `Result`.

use crate::core::reason::OptionProblem;
use serde::{Deserialize, Serialize};

/// The `on`/`off` switches of RULES.md §15.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// R6.1: only completions that held a follower start a wall round.
    pub round_needs_follower: bool,
    /// R6.8: score a piece's completions before its guard decision.
    pub score_before_guard: bool,
    /// R12.2: a residential slot facing a market slot across a side makes them adjacent.
    pub cross_side_adjacency: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            round_needs_follower: false,
            score_before_guard: false,
            cross_side_adjacency: true,
        }
    }
}

impl Options {
    pub const NAMES: [&'static str; 3] = [
        "round-needs-follower",
        "score-before-guard",
        "cross-side-adjacency",
    ];

    pub fn get(&self, name: &str) -> Option<bool> {
        match name {
            "round-needs-follower" => Some(self.round_needs_follower),
            "score-before-guard" => Some(self.score_before_guard),
            "cross-side-adjacency" => Some(self.cross_side_adjacency),
            _ => None,
        }
    }

    /// Set an option by its name; false for an unknown name.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        match name {
            "round-needs-follower" => self.round_needs_follower = on,
            "score-before-guard" => self.score_before_guard = on,
            "cross-side-adjacency" => self.cross_side_adjacency = on,
            _ => return false,
        }
        true
    }

    /// Parse `name=on name=off ...`.
    pub fn parse(s: &str) -> Result<Options, OptionProblem> {
        let mut o = Options::default();
        for part in s.split_whitespace() {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| OptionProblem::OnOffForm {
                    option: part.to_string(),
                })?;
            let on = match value {
                "on" => true,
                "off" => false,
                _ => {
                    return Err(OptionProblem::OnOff {
                        name: name.to_string(),
                        value: value.to_string(),
                    })
                }
            };
            if !o.set(name, on) {
                return Err(OptionProblem::Unknown {
                    name: name.to_string(),
                });
            }
        }
        Ok(o)
    }

    /// Every option as `name=on|off`, in a fixed order.
    pub fn to_tag(&self) -> String {
        Options::NAMES
            .iter()
            .map(|n| {
                let on = self.get(n).unwrap_or(false);
                format!("{n}={}", if on { "on" } else { "off" })
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}
