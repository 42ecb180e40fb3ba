//! The statistics of the saved games (issue 30): per game (and classic's
//! expansions) and computer level, the finished games a person played
//! against that level, how many they won, their mean and best score. Pure:
//! the saves list reads the games (ui/stats_dialog.rs).

use crate::geometry::fixed;
use crate::names;
use computer::Level;
use engine::any::Ruleset;

/// A row's game ([`StatGame::game`], English: "The City", "Carcassonne with
/// Old City") as the chosen language names it.
pub fn game_label(game: &str) -> String {
    if game == "The City" {
        return names::ruleset(Ruleset::City).to_string();
    }
    match game.strip_prefix("Carcassonne") {
        Some("") => names::ruleset(Ruleset::Classic).to_string(),
        Some(rest) => match rest.strip_prefix(" with ") {
            Some(parts) => {
                names::game_with(Ruleset::Classic, &parts.split(" and ").collect::<Vec<_>>())
            }
            None => game.to_string(),
        },
        None => game.to_string(),
    }
}

/// What the statistics need of one finished saved game.
#[derive(Clone, Debug, PartialEq)]
pub struct StatGame {
    /// "The City", "Carcassonne", "Carcassonne with The City Gates", ...
    /// (English: the row's key; [`game_label`] shows it.)
    pub game: String,
    pub scores: Vec<u32>,
    /// Per seat: the computer's level, or `None` for a person.
    pub computers: Vec<Option<Level>>,
}

/// One line of the statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct StatRow {
    pub game: String,
    /// The computer level played against; `None`: people only.
    pub level: Option<Level>,
    pub played: u32,
    /// Games where a person had the top score (ties included).
    pub won: u32,
    /// The best person's score in each game: summed, and the best.
    pub total: u32,
    pub best: u32,
}

impl StatRow {
    /// The mean score, to one decimal.
    pub fn mean(&self) -> String {
        fixed(self.total as f64 / self.played.max(1) as f64, 1)
    }
}

/// Per game and level, in the order first seen by game, then by level
/// (people only first, then the levels from the weakest).
pub fn stats(games: &[StatGame]) -> Vec<StatRow> {
    let mut rows: Vec<StatRow> = Vec::new();
    for g in games {
        let people: Vec<u32> = g
            .scores
            .iter()
            .zip(&g.computers)
            .filter(|(_, c)| c.is_none())
            .map(|(s, _)| *s)
            .collect();
        // A game of computers only was watched, not played.
        let Some(&mine) = people.iter().max() else {
            continue;
        };
        let top = g.scores.iter().copied().max().unwrap_or(0);
        let mut levels: Vec<Option<Level>> = Vec::new();
        for l in g.computers.iter().flatten() {
            if !levels.contains(&Some(*l)) {
                levels.push(Some(*l));
            }
        }
        if levels.is_empty() {
            levels.push(None);
        }
        for level in levels {
            let row = match rows
                .iter()
                .position(|r| r.game == g.game && r.level == level)
            {
                Some(i) => &mut rows[i],
                None => {
                    rows.push(StatRow {
                        game: g.game.clone(),
                        level,
                        played: 0,
                        won: 0,
                        total: 0,
                        best: 0,
                    });
                    rows.last_mut().expect("just pushed")
                }
            };
            row.played += 1;
            row.won += u32::from(mine >= top);
            row.total += mine;
            row.best = row.best.max(mine);
        }
    }
    let rank = |l: Option<Level>| {
        l.map_or(0, |l| {
            1 + Level::ALL.iter().position(|&x| x == l).unwrap_or(0)
        })
    };
    let first_seen: Vec<String> =
        rows.iter()
            .map(|r| r.game.clone())
            .fold(Vec::new(), |mut v, g| {
                if !v.contains(&g) {
                    v.push(g);
                }
                v
            });
    let key = |r: &StatRow| {
        (
            first_seen.iter().position(|g| *g == r.game).unwrap_or(0),
            rank(r.level),
        )
    };
    engine::core::sort::sort_by(&mut rows, |a, b| key(a) < key(b));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(game: &str, scores: &[u32], computers: &[Option<Level>]) -> StatGame {
        StatGame {
            game: game.into(),
            scores: scores.to_vec(),
            computers: computers.to_vec(),
        }
    }

    #[test]
    fn games_count_per_game_and_level() {
        let p = None;
        let easy = Some(Level::Easy);
        let hard = Some(Level::Hard);
        let rows = stats(&[
            g("Carcassonne", &[30, 20], &[p, hard]),
            g("Carcassonne", &[10, 40], &[p, hard]),
            g("Carcassonne", &[25, 25], &[hard, p]), // a tie: won
            g("The City", &[50, 40, 60], &[p, easy, hard]),
            g("The City", &[50, 40], &[p, p]),
            g("The City", &[5, 6], &[easy, hard]), // watched: not counted
        ]);
        assert_eq!(rows.len(), 4);
        let r = &rows[0];
        assert_eq!((r.game.as_str(), r.level), ("Carcassonne", hard));
        assert_eq!((r.played, r.won, r.total, r.best), (3, 2, 65, 30));
        assert_eq!(r.mean(), "21.7");
        // The City: people only first, then easy, then hard.
        assert_eq!(rows[1].level, None);
        assert_eq!((rows[1].played, rows[1].won, rows[1].best), (1, 1, 50));
        assert_eq!(rows[2].level, easy);
        assert_eq!(rows[3].level, hard);
        assert_eq!((rows[2].played, rows[2].won), (1, 0));
        assert_eq!((rows[3].played, rows[3].won), (1, 0));
        assert!(stats(&[]).is_empty());
    }

    #[test]
    fn games_are_named_in_the_language() {
        assert_eq!(game_label("The City"), "Carcassonne: The City");
        assert_eq!(game_label("Carcassonne"), "Carcassonne");
        assert_eq!(
            game_label("Carcassonne with The City Gates and Old City"),
            "Carcassonne with The City Gates and Old City"
        );
        assert_eq!(game_label("Something else"), "Something else");
    }

    /// The statistics' words in German when the German file is installed.
    #[test]
    fn the_words_come_in_german() {
        use i18n::{msg, Language};
        let de = include_str!("../../../static/lang/de.txt").to_string();
        i18n::install(Language::De, de).expect("the German file reads");
        assert!(i18n::choose(Language::De));
        let label = game_label("Carcassonne with Old City");
        let title = msg::stats::title();
        i18n::choose(Language::En);
        assert_eq!(label, "Carcassonne mit Die Altstadt");
        assert_eq!(title, "Statistik");
    }
}
