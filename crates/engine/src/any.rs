//! The closed enums that carry a game of either ruleset across the edges
//! (records, links, saves, the worker, the screens), like shakmaty's
//! `VariantPosition`: one `match` per method, generic code inside. A choice
//! of the wrong ruleset is an `IllegalChoice`, never a panic.

use super::city;
use super::classic;
use super::core::aids::{self, Aids};
use super::core::reason::{Game, Reason};
pub use super::core::rules::GameError;
use super::core::rules::{IllegalChoice, Seat, TileGame};
use super::core::setup_error::SetupError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ruleset {
    /// Carcassonne: The City (RULES.md).
    #[serde(rename = "the-city")]
    City,
    /// Classic Carcassonne (CLASSIC.md).
    #[serde(rename = "classic")]
    Classic,
}

impl Ruleset {
    pub const ALL: [Ruleset; 2] = [Ruleset::City, Ruleset::Classic];

    /// The name records, saves and the command line use.
    pub fn name(self) -> &'static str {
        match self {
            Ruleset::City => "the-city",
            Ruleset::Classic => "classic",
        }
    }

    pub fn from_name(s: &str) -> Option<Ruleset> {
        Ruleset::ALL.into_iter().find(|r| r.name() == s)
    }

    /// How many players a game may have.
    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Ruleset::City => 2..=4,
            Ruleset::Classic => 2..=5,
        }
    }

    /// The game's title as players know it (records' `Game` tag).
    pub fn title(self) -> &'static str {
        match self {
            Ruleset::City => "Carcassonne: The City",
            Ruleset::Classic => "Carcassonne",
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A setup of either ruleset (checked when it becomes a game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnySetup {
    City(city::Setup),
    Classic(classic::Setup),
}

/// One decision's answer in either ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AnyChoice {
    City(city::Choice),
    Classic(classic::Choice),
}

/// A game of either ruleset.
#[derive(Clone, Debug)]
pub enum AnyGame {
    City(city::Game),
    Classic(classic::Game),
}

/// A game travels (to a worker, into a store) as its setup and decisions;
/// it is read back by replaying them, each checked, so a damaged or forged
/// one is an error, never a game that breaks a rule.
impl Serialize for AnyGame {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.setup(), self.history()).serialize(s)
    }
}

/// The same game: the same setup and the same decisions.
impl PartialEq for AnyGame {
    fn eq(&self, other: &AnyGame) -> bool {
        self.setup() == other.setup() && self.history() == other.history()
    }
}

impl Eq for AnyGame {}

impl<'de> Deserialize<'de> for AnyGame {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<AnyGame, D::Error> {
        let (setup, history): (AnySetup, Vec<AnyChoice>) = Deserialize::deserialize(d)?;
        AnyGame::replay(setup, &history)
            .map_err(|_| serde::de::Error::custom("not a game: its setup or a decision is refused"))
    }
}

impl From<city::Game> for AnyGame {
    fn from(g: city::Game) -> AnyGame {
        AnyGame::City(g)
    }
}

impl AnyChoice {
    /// The City's choice, when it is one.
    pub fn as_city(self) -> Option<city::Choice> {
        match self {
            AnyChoice::City(c) => Some(c),
            AnyChoice::Classic(_) => None,
        }
    }

    /// The classic game's choice, when it is one.
    pub fn as_classic(self) -> Option<classic::Choice> {
        match self {
            AnyChoice::Classic(c) => Some(c),
            AnyChoice::City(_) => None,
        }
    }
}

impl From<classic::Game> for AnyGame {
    fn from(g: classic::Game) -> AnyGame {
        AnyGame::Classic(g)
    }
}

impl AnySetup {
    pub fn ruleset(&self) -> Ruleset {
        match self {
            AnySetup::City(_) => Ruleset::City,
            AnySetup::Classic(_) => Ruleset::Classic,
        }
    }

    pub fn players(&self) -> &[String] {
        match self {
            AnySetup::City(s) => &s.players,
            AnySetup::Classic(s) => &s.players,
        }
    }
}

impl AnyGame {
    /// A game from a setup (checked).
    pub fn new(setup: AnySetup) -> Result<AnyGame, SetupError> {
        match setup {
            AnySetup::City(s) => {
                let cat = city::Catalogue::builtin().map_err(SetupError::catalogue)?;
                Ok(AnyGame::City(city::Game::new(cat, s)?))
            }
            AnySetup::Classic(s) => {
                let cat = classic::Catalogue::builtin().map_err(SetupError::catalogue)?;
                Ok(AnyGame::Classic(classic::Game::new(cat, s)?))
            }
        }
    }

    /// A game from a setup and its decisions, each checked; the error gives
    /// the number of the first bad decision.
    pub fn replay(setup: AnySetup, choices: &[AnyChoice]) -> Result<AnyGame, GameError> {
        let mut g = AnyGame::new(setup).map_err(GameError::Setup)?;
        for (i, &c) in choices.iter().enumerate() {
            g.play(c)
                .map_err(|error| GameError::Decision { n: i + 1, error })?;
        }
        Ok(g)
    }

    pub fn ruleset(&self) -> Ruleset {
        match self {
            AnyGame::City(_) => Ruleset::City,
            AnyGame::Classic(_) => Ruleset::Classic,
        }
    }

    pub fn setup(&self) -> AnySetup {
        match self {
            AnyGame::City(g) => AnySetup::City(g.setup().clone()),
            AnyGame::Classic(g) => AnySetup::Classic(g.setup().clone()),
        }
    }

    pub fn players(&self) -> &[String] {
        match self {
            AnyGame::City(g) => &g.setup().players,
            AnyGame::Classic(g) => &g.setup().players,
        }
    }

    /// The City's game, when it is one.
    pub fn as_city(&self) -> Option<&city::Game> {
        match self {
            AnyGame::City(g) => Some(g),
            AnyGame::Classic(_) => None,
        }
    }

    /// The classic game, when it is one.
    pub fn as_classic(&self) -> Option<&classic::Game> {
        match self {
            AnyGame::Classic(g) => Some(g),
            AnyGame::City(_) => None,
        }
    }

    /// The City's game, when it is one.
    pub fn into_city(self) -> Option<city::Game> {
        match self {
            AnyGame::City(g) => Some(g),
            AnyGame::Classic(_) => None,
        }
    }

    pub fn play(&mut self, choice: AnyChoice) -> Result<(), IllegalChoice> {
        match (self, choice) {
            (AnyGame::City(g), AnyChoice::City(c)) => g.play(c),
            (AnyGame::Classic(g), AnyChoice::Classic(c)) => g.play(c),
            (g, c) => Err(IllegalChoice::new(
                "setup",
                Reason::OtherGame {
                    choice: format!("{c:?}"),
                    game: match g.ruleset() {
                        Ruleset::City => Game::City,
                        Ruleset::Classic => Game::Classic,
                    },
                },
            )),
        }
    }

    pub fn legal_choices(&self) -> Vec<AnyChoice> {
        match self {
            AnyGame::City(g) => g.legal_choices().into_iter().map(AnyChoice::City).collect(),
            AnyGame::Classic(g) => g
                .legal_choices()
                .into_iter()
                .map(AnyChoice::Classic)
                .collect(),
        }
    }

    pub fn history(&self) -> Vec<AnyChoice> {
        match self {
            AnyGame::City(g) => g.history().iter().copied().map(AnyChoice::City).collect(),
            AnyGame::Classic(g) => g
                .history()
                .iter()
                .copied()
                .map(AnyChoice::Classic)
                .collect(),
        }
    }

    pub fn decisions(&self) -> usize {
        match self {
            AnyGame::City(g) => g.history().len(),
            AnyGame::Classic(g) => g.history().len(),
        }
    }

    pub fn to_move(&self) -> Seat {
        match self {
            AnyGame::City(g) => g.to_move(),
            AnyGame::Classic(g) => g.to_move(),
        }
    }

    pub fn is_over(&self) -> bool {
        match self {
            AnyGame::City(g) => g.is_over(),
            AnyGame::Classic(g) => g.is_over(),
        }
    }

    pub fn scores(&self) -> Vec<u32> {
        match self {
            AnyGame::City(g) => g.scores(),
            AnyGame::Classic(g) => g.scores(),
        }
    }

    pub fn turns(&self) -> usize {
        match self {
            AnyGame::City(g) => g.turns(),
            AnyGame::Classic(g) => g.turns(),
        }
    }

    /// The game after its first `n` decisions.
    pub fn at(&self, n: usize) -> AnyGame {
        match self {
            AnyGame::City(g) => AnyGame::City(g.at(n)),
            AnyGame::Classic(g) => AnyGame::Classic(g.at(n)),
        }
    }

    /// The game one decision earlier (None at the start).
    pub fn undo(&self) -> Option<AnyGame> {
        match self {
            AnyGame::City(g) => g.undo().map(AnyGame::City),
            AnyGame::Classic(g) => g.undo().map(AnyGame::Classic),
        }
    }

    /// The seed the game was dealt from, if it was dealt from one.
    pub fn seed(&self) -> Option<u64> {
        match self {
            AnyGame::City(g) => g.setup().seed,
            AnyGame::Classic(g) => g.setup().seed,
        }
    }

    /// The turn the game is in (1 at the start), as records count them.
    pub fn turn(&self) -> usize {
        match self {
            AnyGame::City(g) => super::replay::turn_of(g),
            AnyGame::Classic(g) => super::replay::turn_of(g),
        }
    }

    /// The position (a number of decisions) where turn `t` starts.
    pub fn start_of_turn(&self, t: usize) -> usize {
        match self {
            AnyGame::City(g) => super::replay::start_of_turn::<city::Game>(g.history(), t),
            AnyGame::Classic(g) => super::replay::start_of_turn::<classic::Game>(g.history(), t),
        }
    }

    pub fn set_logging(&mut self, on: bool) {
        match self {
            AnyGame::City(g) => g.set_logging(on),
            AnyGame::Classic(g) => g.set_logging(on),
        }
    }

    /// Whether the players' aids are shown in this game (its setup says).
    pub fn aids_on(&self) -> bool {
        match self {
            AnyGame::City(g) => g.setup().aids,
            AnyGame::Classic(g) => g.setup().aids,
        }
    }

    /// The same game with the aids on or off (a setup's part that no rule
    /// reads: the decisions stay as they are).
    pub fn with_aids(self, on: bool) -> AnyGame {
        match self {
            AnyGame::City(g) => AnyGame::City(g.with_aids(on)),
            AnyGame::Classic(g) => AnyGame::Classic(g.with_aids(on)),
        }
    }

    /// The players' aids of this position (issue 39).
    pub fn aids(&self) -> Aids {
        match self {
            AnyGame::City(g) => aids::aids(g),
            AnyGame::Classic(g) => aids::aids(g),
        }
    }

    /// The game as it would stand had it ended now (its final scoring run
    /// on a copy): the projected scores' breakdown.
    pub fn projected(&self) -> AnyGame {
        match self {
            AnyGame::City(g) => AnyGame::City(g.projected()),
            AnyGame::Classic(g) => AnyGame::Classic(g.projected()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both() -> (AnyGame, AnyGame) {
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let cat = city::Catalogue::builtin().unwrap();
        let setup = city::Setup::from_seed(cat, names.clone(), 7, [30, 25, 20], Default::default())
            .unwrap();
        let city = AnyGame::new(AnySetup::City(setup)).unwrap();
        let cat = classic::Catalogue::builtin().unwrap();
        let setup =
            classic::Setup::from_seed(cat, names, Default::default(), Default::default(), 7)
                .unwrap();
        let classic = AnyGame::new(AnySetup::Classic(setup)).unwrap();
        (city, classic)
    }

    /// Issue 9: a choice of the wrong ruleset is an error naming both
    /// games, never a panic, and the game is left as it was.
    #[test]
    fn a_choice_of_the_other_ruleset_is_an_error() {
        let (mut city, mut classic) = both();
        let city_choice = city.legal_choices()[0];
        let classic_choice = classic.legal_choices()[0];
        let e = city.play(classic_choice).unwrap_err();
        assert!(
            matches!(
                e.reason,
                Reason::OtherGame {
                    game: Game::City,
                    ..
                }
            ),
            "{e:?}"
        );
        assert_eq!(city.decisions(), 0);
        let e = classic.play(city_choice).unwrap_err();
        assert!(
            matches!(
                e.reason,
                Reason::OtherGame {
                    game: Game::Classic,
                    ..
                }
            ),
            "{e:?}"
        );
        assert_eq!(classic.decisions(), 0);
        let e = AnyGame::replay(city.setup(), &[city_choice, classic_choice]).unwrap_err();
        assert!(matches!(e, GameError::Decision { n: 2, .. }), "{e:?}");
        assert!(city.play(city_choice).is_ok() && classic.play(classic_choice).is_ok());
    }
}
