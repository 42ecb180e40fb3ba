//! The decision loop's contract, shared by every ruleset: a game is a
//! sequence of decisions, each with a list of legal choices; a choice is
//! checked (an error names the rule it breaks) and applied, or applied
//! unchecked on the fast path a search takes. Generic consumers (the
//! computer opponent, replay and undo, random play, share links) are written
//! once against `TileGame`.

use super::reason::{Reason, SetupProblem};
use super::rng::Pcg64;
use super::setup_error::SetupError;
use std::fmt;

/// A seat at the table, 0 first. Turn order is seat order.
pub type Seat = u8;

/// The most seats any ruleset has (classic: 5).
pub const MAX_SEATS: usize = 5;

/// A rejected choice: the rule it breaks and why (a value: the view says
/// it in words, `view::words::illegal`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalChoice {
    pub rule: &'static str,
    pub reason: Reason,
}

impl IllegalChoice {
    pub fn new(rule: &'static str, reason: Reason) -> IllegalChoice {
        IllegalChoice { rule, reason }
    }
}

/// Why a setup and its decisions are not a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The setup is not valid.
    Setup(SetupError),
    /// Decision `n` (1 first) is not legal.
    Decision { n: usize, error: IllegalChoice },
}

/// Player names are shown as text and written into record tags (both games).
pub fn check_player_name(name: &str) -> Result<(), SetupProblem> {
    let name_of = || name.to_string();
    if name.trim().is_empty() || name.trim() != name {
        return Err(SetupProblem::NameEnds { name: name_of() });
    }
    if name.chars().count() > 24 {
        return Err(SetupProblem::NameLong { name: name_of() });
    }
    if name
        .chars()
        .any(|c| c.is_control() || matches!(c, ',' | '"' | '[' | ']' | '{' | '}'))
    {
        return Err(SetupProblem::NameChars { name: name_of() });
    }
    Ok(())
}

/// A tile-laying game as the decision loop sees it.
pub trait TileGame: Clone {
    /// One decision's answer (a placement, a follower, ...): small and `Copy`.
    type Choice: Copy + Eq + fmt::Debug;
    /// The kind of decision the game waits for.
    type Decision: Copy + Eq + fmt::Debug;
    /// An entry of the event log a UI shows.
    type Event: Clone + fmt::Debug;

    /// The decision the game waits for; `None` once it is over.
    fn decision(&self) -> Option<Self::Decision>;
    /// The seat whose decision it is.
    fn to_move(&self) -> Seat;
    fn player_count(&self) -> usize;
    /// Every legal choice now, in a fixed order (share links and pinned
    /// decisions depend on it).
    fn legal_choices_into(&self, out: &mut Vec<Self::Choice>);
    /// Whether `choice` is legal now, and if not, which rule it breaks.
    fn check(&self, choice: Self::Choice) -> Result<(), IllegalChoice>;
    /// Applies a legal choice without checking it (the fast path for
    /// search). An illegal one leaves a memory-safe but unspecified game.
    fn play_unchecked(&mut self, choice: Self::Choice);
    /// A copy whose hidden draws are resampled from what the player to move
    /// cannot have seen (determinization: search never reads the real order).
    fn redeal_unseen(&self, rng: &mut Pcg64) -> Self;
    /// Points so far, per seat.
    fn scores(&self) -> Vec<u32>;
    /// Points per seat if the game ended now: its final scoring applied to
    /// this game itself, which it uses up (a copy made to be valued, as the
    /// computer's playouts do, needs no second copy).
    fn into_projected_scores(self) -> Vec<u32>;
    /// `into_projected_scores` of a copy.
    fn projected_scores(&self) -> Vec<u32> {
        self.clone().into_projected_scores()
    }
    /// Every choice taken since the setup (forced steps the engine took by
    /// itself are not in it).
    fn history(&self) -> &[Self::Choice];
    /// The same game at its setup, before any decision.
    fn restart(&self) -> Self;
    /// Tiles placed so far by the players (not the start tile).
    fn turns(&self) -> usize;
    /// Whether a choice places a tile (begins a turn).
    fn is_placement(choice: &Self::Choice) -> bool;
    /// Whether the game waits for a tile placement.
    fn at_placement(&self) -> bool;
    /// The event log (empty when logging is off).
    fn events(&self) -> &[Self::Event];
    /// Search turns the log off.
    fn set_logging(&mut self, on: bool);

    fn is_over(&self) -> bool {
        self.decision().is_none()
    }

    /// Applies a choice after checking it is legal now.
    fn play(&mut self, choice: Self::Choice) -> Result<(), IllegalChoice> {
        self.check(choice)?;
        self.play_unchecked(choice);
        Ok(())
    }

    fn legal_choices(&self) -> Vec<Self::Choice> {
        let mut v = Vec::new();
        self.legal_choices_into(&mut v);
        v
    }

    /// The game after its first `n` decisions (all of them when `n` is past
    /// the end), replayed from the setup.
    fn at(&self, n: usize) -> Self {
        let history = self.history();
        if n >= history.len() {
            return self.clone();
        }
        let mut g = self.restart();
        for &c in &history[..n] {
            // The history was played legally once, so it replays.
            g.play_unchecked(c);
        }
        g
    }

    /// The game before its last decision (undo is a replay).
    fn undo(&self) -> Option<Self> {
        let n = self.history().len().checked_sub(1)?;
        Some(self.at(n))
    }

    /// Replays `choices` checked from this game; the error gives the number
    /// of the first bad one (1 first).
    fn replayed(mut self, choices: &[Self::Choice]) -> Result<Self, GameError> {
        for (i, &c) in choices.iter().enumerate() {
            self.play(c)
                .map_err(|error| GameError::Decision { n: i + 1, error })?;
        }
        Ok(self)
    }

    /// The seats with the highest score (bit i for seat i).
    fn winners(&self) -> u8 {
        winners_of(&self.scores())
    }
}

/// The seats with the highest of `scores` (bit i for seat i); tied leaders
/// share the win.
pub fn winners_of(scores: &[u32]) -> u8 {
    let best = scores.iter().copied().max().unwrap_or(0);
    let mut w = 0u8;
    for (i, &s) in scores.iter().enumerate() {
        if s == best {
            w |= 1 << i;
        }
    }
    w
}

/// The seats with the most followers on a feature (bit i for seat i); none
/// when nobody has one. Tied seats all win.
pub fn majority(followers: &[u8]) -> u8 {
    let best = followers.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return 0;
    }
    let mut w = 0u8;
    for (i, &n) in followers.iter().enumerate() {
        if n == best {
            w |= 1 << i;
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majorities_and_winners_share_ties() {
        assert_eq!(majority(&[0, 0, 0]), 0);
        assert_eq!(majority(&[1, 2, 2]), 0b110);
        assert_eq!(winners_of(&[5, 9, 9, 1]), 0b0110);
        assert_eq!(winners_of(&[]), 0);
    }
}
