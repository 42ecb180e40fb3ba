//! Game records: the rule-free syntax both formats share, and one grammar
//! per ruleset (CGN for The City, CGN-C for classic Carcassonne). Reading a
//! record's `[Game]` tag picks the grammar.

pub mod city;
pub mod classic;
pub mod syntax;

use engine::any::{AnyChoice, AnyGame, Ruleset};
use syntax::Sections;
pub use syntax::{RecordError, RecordProblem, Syntax};

/// How the draw order is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckTag {
    /// `Seed` when the game was dealt from one, else `Deck`.
    Auto,
    /// Always the explicit draw order.
    Deck,
    /// Neither: a fair game in play (issue 37), whose deal no one may know
    /// yet; the caller's `[Fair "…"]` tag (an extra tag) says what is known
    /// of it (`fair_game::FairGame::record`).
    Fair,
}

/// A record of either game read and replayed: the game at its last
/// position, and the tags the engine does not interpret, in order.
#[derive(Clone, Debug)]
pub struct AnyRecord {
    pub game: AnyGame,
    pub extra_tags: Vec<(String, String)>,
}

/// The ruleset whose `Game` tag value this is.
fn ruleset_of_title(title: &str) -> Option<Ruleset> {
    Ruleset::ALL.into_iter().find(|r| r.title() == title)
}

/// Read a record of either game (its `[Game]` tag says which) and replay it.
/// A byte-order mark before it (as some editors write) is not part of it.
pub fn read(text: &str) -> Result<AnyRecord, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let sections = Sections::read(text)?;
    let ruleset = match sections.tags.get("Game") {
        Some((l, v)) => ruleset_of_title(v).ok_or_else(|| {
            RecordError::new(
                l,
                Syntax::GameMustBe {
                    value: v.to_string(),
                },
            )
        })?,
        None => return syntax::err(sections.tag_end(), Syntax::GameTagMissing),
    };
    match ruleset {
        Ruleset::City => {
            let catalogue = engine::city::Catalogue::builtin()
                .map_err(|e| RecordError::new(0, RecordProblem::Catalogue(e.to_string())))?;
            let r = city::read_sections(catalogue, sections)?;
            Ok(AnyRecord {
                game: AnyGame::City(r.game),
                extra_tags: r.extra_tags,
            })
        }
        Ruleset::Classic => {
            let catalogue = engine::classic::Catalogue::builtin()
                .map_err(|e| RecordError::new(0, RecordProblem::Catalogue(e.to_string())))?;
            let r = classic::read_sections(catalogue, sections)?;
            Ok(AnyRecord {
                game: AnyGame::Classic(r.game),
                extra_tags: r.extra_tags,
            })
        }
    }
}

/// Write a game of either kind as its record.
pub fn write(game: &AnyGame, extra_tags: &[(String, String)], deck: DeckTag) -> String {
    match game {
        AnyGame::City(g) => city::write(g, extra_tags, deck),
        AnyGame::Classic(g) => classic::write(g, extra_tags, deck),
    }
}

/// A move of either game as it reads in its record's turn lines, at `game`
/// (the position before it): its choice and the same player's follow-up
/// (`city::move_text`, `classic::move_text`). A choice of the other game is
/// written `?`.
pub fn move_text(game: &AnyGame, first: AnyChoice, then: Option<AnyChoice>) -> String {
    match (game, first) {
        (AnyGame::City(g), AnyChoice::City(c)) => city::move_text(
            g,
            c,
            then.and_then(|t| match t {
                AnyChoice::City(t) => Some(t),
                AnyChoice::Classic(_) => None,
            }),
        ),
        (AnyGame::Classic(g), AnyChoice::Classic(c)) => classic::move_text(
            g,
            c,
            then.and_then(|t| match t {
                AnyChoice::Classic(t) => Some(t),
                AnyChoice::City(_) => None,
            }),
        ),
        _ => "?".to_string(),
    }
}

#[cfg(test)]
mod aids_tests {
    use super::*;

    /// Issue 39: `[Aids "off"]` keeps the purist's game in a record of
    /// either game; absent or "on" means on; anything else is refused.
    #[test]
    fn the_aids_tag_reads_and_writes() {
        let city = "[Game \"Carcassonne: The City\"]\n[Format \"1\"]\n[Players \"Ann, Bob\"]\n[Seed \"4\"]\n[Aids \"off\"]\n\n";
        let classic = "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"Ann, Bob\"]\n[Seed \"4\"]\n[Aids \"off\"]\n\n";
        for text in [city, classic] {
            let r = read(text).unwrap();
            assert!(!r.game.aids_on());
            assert!(r.extra_tags.is_empty(), "Aids is a known tag");
            let written = write(&r.game, &[], DeckTag::Auto);
            assert!(written.contains("[Aids \"off\"]\n"), "{written}");
            assert!(!read(&written).unwrap().game.aids_on());
            let on = read(&text.replace("[Aids \"off\"]\n", "")).unwrap();
            assert!(on.game.aids_on());
            assert!(!write(&on.game, &[], DeckTag::Auto).contains("Aids"));
            assert!(read(&text.replace("\"off\"", "\"on\""))
                .unwrap()
                .game
                .aids_on());
            let e = read(&text.replace("\"off\"", "\"maybe\"")).unwrap_err();
            assert_eq!(e.line, 5, "{e:?}");
            assert!(format!("{e:?}").contains("AidsOnOrOff"), "{e:?}");
            assert_eq!(r.game.history().len(), 0);
        }
    }
}
