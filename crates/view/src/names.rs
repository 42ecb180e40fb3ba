//! The names of the game's things in the chosen language (`words`):
//! the games, their expansions, the colours, the computer's levels, the
//! panel's sources of points and the pieces a player holds. The
//! engine's own names (`Ruleset::title`, `PlayerColour::name`) stay English:
//! records, links and saves use them.

use crate::palette::PlayerColour;
use computer::Level;
use engine::any::Ruleset;
use i18n::msg;

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

/// A column of the panel's breakdown ("streets"), in the chosen language.
pub fn source(s: &str) -> &str {
    use msg::panel as m;
    match s {
        "streets" => m::streets(),
        "markets" => m::markets(),
        "towers" => m::towers(),
        "stewards" => m::stewards(),
        "guards" => m::guards(),
        "roads" => m::roads(),
        "cities" => m::cities(),
        "cloisters" => m::cloisters(),
        "farms" => m::farms(),
        "coins" => m::coins(),
        other => other,
    }
}

/// A held item in words: a count of coins ("1 coin", "3 coins"), a piece
/// by its name (held pieces are one each).
pub fn held(what: &str, n: u32) -> String {
    use msg::panel as m;
    match what {
        "coins" => m::coins_held(n),
        "bridge" => m::bridge().into(),
        "wall" => m::wall().into(),
        "wooden gate" => m::wooden_gate().into(),
        "guesthouse" => m::guesthouse().into(),
        other => other.into(),
    }
}

/// A new saved game's name: its players ("Anna und Bernd" in German),
/// and when a saved game is called that already, the first "(2)", "(3)"…
/// free, so that a copy (kept as new, a doctored link, two tabs) is told
/// apart by its name. At most `max` characters.
pub fn save_name<S: AsRef<str>>(players: &[S], taken: &[&str], max: usize) -> String {
    let cut = |s: String| s.chars().take(max).collect::<String>().trim().to_string();
    let base = cut(crate::words::list_words(players).unwrap_or_else(|| msg::game::city().into()));
    if !taken.contains(&base.as_str()) {
        return base;
    }
    (2..)
        .map(|n| {
            let tail = format!(" ({n})");
            let room = max.saturating_sub(tail.chars().count());
            format!(
                "{}{tail}",
                cut(base.clone())
                    .chars()
                    .take(room)
                    .collect::<String>()
                    .trim_end()
            )
        })
        .find(|name| !taken.contains(&name.as_str()))
        .unwrap_or(base)
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

    #[test]
    fn a_saved_games_name_is_in_the_language_and_a_copy_is_numbered() {
        let players = ["Anna", "Bernd"];
        assert_eq!(save_name(&players, &[], 80), "Anna and Bernd");
        assert_eq!(save_name(&["A", "B", "C"], &[], 80), "A, B and C");
        assert_eq!(
            save_name(&players, &["Anna and Bernd"], 80),
            "Anna and Bernd (2)"
        );
        assert_eq!(
            save_name(&players, &["Anna and Bernd", "Anna and Bernd (2)"], 80),
            "Anna and Bernd (3)"
        );
        let long = ["x".repeat(50), "y".repeat(50)];
        let first = save_name(&long, &[], 80);
        assert_eq!(first.chars().count(), 80);
        let copy = save_name(&long, &[first.as_str()], 80);
        assert!(
            copy.ends_with(" (2)") && copy.chars().count() == 80,
            "{copy}"
        );
        i18n::speaking(i18n::Language::De, || {
            assert_eq!(save_name(&players, &[], 80), "Anna und Bernd")
        });
        i18n::speaking(i18n::Language::Pl, || {
            assert_eq!(save_name(&players, &[], 80), "Anna i Bernd")
        });
    }
}
