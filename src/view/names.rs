//! The names of the game's things in the chosen language (`crate::i18n`):
//! the games, their expansions, the colours, the computer's levels. The
//! engine's own names (`Ruleset::title`, `PlayerColour::name`) stay English:
//! records, links and saves use them.

use crate::ai::Level;
use crate::engine::any::Ruleset;
use crate::i18n::msg;
use crate::view::palette::PlayerColour;

pub fn ruleset(r: Ruleset) -> &'static str {
    match r {
        Ruleset::City => msg::game::city(),
        Ruleset::Classic => msg::game::classic(),
    }
}

pub fn colour(c: PlayerColour) -> &'static str {
    match c {
        PlayerColour::Red => msg::colour::red(),
        PlayerColour::Blue => msg::colour::blue(),
        PlayerColour::Green => msg::colour::green(),
        PlayerColour::Yellow => msg::colour::yellow(),
        PlayerColour::Black => msg::colour::black(),
        PlayerColour::Purple => msg::colour::purple(),
    }
}

/// A computer level's name (the measuring baselines keep theirs).
pub fn level(l: Level) -> &'static str {
    match l {
        Level::Easy => msg::level::easy(),
        Level::Normal => msg::level::normal(),
        Level::Hard => msg::level::hard(),
        other => other.name(),
    }
}

/// A level as a save names it ("hard"), in the chosen language.
pub fn level_named(name: &str) -> String {
    Level::from_name(name).map_or_else(|| name.to_string(), |l| level(l).to_string())
}

/// A classic expansion as a save's summary names it ("The City Gates").
pub fn expansion(name: &str) -> &str {
    match name {
        "The City Gates" => msg::game::city_gates(),
        "Old City" => msg::game::old_city(),
        other => other,
    }
}

/// A game and the expansions in play: "Carcassonne with Old City".
pub fn game_with(r: Ruleset, expansions: &[&str]) -> String {
    match expansions {
        [] => ruleset(r).to_string(),
        [one] => msg::game::with_one(ruleset(r), expansion(one)),
        [first, second, ..] => msg::game::with_two(ruleset(r), expansion(first), expansion(second)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_english() {
        assert_eq!(ruleset(Ruleset::City), "Carcassonne: The City");
        assert_eq!(colour(PlayerColour::Purple), "purple");
        assert_eq!(level_named("hard"), "hard");
        assert_eq!(level_named("greedy"), "greedy");
        assert_eq!(
            game_with(Ruleset::Classic, &["The City Gates", "Old City"]),
            "Carcassonne with The City Gates and Old City"
        );
        assert_eq!(
            game_with(Ruleset::Classic, &["Old City"]),
            "Carcassonne with Old City"
        );
    }
}
