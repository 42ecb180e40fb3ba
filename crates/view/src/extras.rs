//! The parts of the extras module (ui/extras.rs: the screens few visits
//! need, loaded on demand) and how the page names one to the module: a few
//! lines of text (the module is a separate wasm instance, so nothing but JS
//! values crosses between them). The page writes them ([`Part::to_text`]);
//! the module reads them and mounts the part (ui/extras_part.rs). The
//! language the page speaks goes first ([`Part::to_text_in`]): the module
//! speaks it too (its file handed over by the page, `i18n::source`).

use crate::palette::{seats_from_param, Seat};
use engine::any::{AnyGame, Ruleset};
use i18n::Language;

/// What a part tells the page when its dialog closed.
pub const CLOSE: &str = "close";

/// What the game-over dialog tells the page: save the game's record, a
/// new game, review the game.
pub const EXPORT: &str = "export";
pub const NEW: &str = "new";
pub const REVIEW: &str = "review";

/// What the import dialog tells the page before it closes, with the link of
/// the game it read after it.
pub const OPEN: &str = "open\n";

/// The link in the import dialog's event, if it is one.
pub fn opened_link(event: &str) -> Option<&str> {
    event.strip_prefix(OPEN)
}

/// The game a part names by its link and seats (a link's `seats`
/// parameter), as the page wrote them; `None` if either does not read.
pub fn game_of(link: &str, seats: &str) -> Option<(AnyGame, Vec<Seat>)> {
    let game = formats::share::decode(link).ok()?;
    let seats = seats_from_param(seats, game.players())?;
    Some((game, seats))
}

/// One part of the extras module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// How to play, showing `ruleset` first; `coins`: the game in play has
    /// Old City's coins.
    Help { ruleset: Ruleset, coins: bool },
    /// The game in pictures: the game's link and its seats (the `seats`
    /// parameter of a link: colours and computer levels).
    Pictures { link: String, seats: String },
    /// The statistics of the saved games (read from localStorage by the
    /// module).
    Stats,
    /// The key to the tile art and the pieces, as a dialog.
    Key { ruleset: Ruleset, coins: bool },
    /// The tiles left in the pile of a link's game, as a dialog.
    TilesLeft { link: String },
    /// The end of a link's game (these seats, as `Pictures`' are), as a
    /// dialog; its buttons tell the page [`EXPORT`], [`NEW`], [`REVIEW`],
    /// or [`CLOSE`] ("Look at the board", Esc).
    GameOver { link: String, seats: String },
    /// The dialog that opens a game record; a record that reads is handed
    /// to the page as a link ([`OPEN`]).
    Import,
    /// The game review of the game of a link with these seats; the board
    /// beside it with the text view open or the coordinates shown as the
    /// player had them.
    Review {
        link: String,
        seats: String,
        text_view: bool,
        coords: bool,
    },
}

fn flag(on: bool) -> u8 {
    u8::from(on)
}

fn read_flag(line: Option<&str>) -> Option<bool> {
    match line? {
        "1" => Some(true),
        "0" => Some(false),
        _ => None,
    }
}

impl Part {
    /// The part as the module reads it: its kind, then its fields, a line
    /// each (links and seat lists hold no line break).
    pub fn to_text(&self) -> String {
        match self {
            Part::Help { ruleset, coins } => format!("help\n{}\n{}", ruleset.name(), flag(*coins)),
            Part::Pictures { link, seats } => format!("pictures\n{link}\n{seats}"),
            Part::Stats => "stats".to_string(),
            Part::Key { ruleset, coins } => format!("key\n{}\n{}", ruleset.name(), flag(*coins)),
            Part::TilesLeft { link } => format!("tiles\n{link}"),
            Part::Import => "import".to_string(),
            Part::GameOver { link, seats } => format!("over\n{link}\n{seats}"),
            Part::Review {
                link,
                seats,
                text_view,
                coords,
            } => format!(
                "review\n{link}\n{seats}\n{}\n{}",
                flag(*text_view),
                flag(*coords)
            ),
        }
    }

    /// The part as the module is handed it: the language the page speaks
    /// (its code, the module being a wasm instance of its own), then the
    /// part ([`Part::to_text`]).
    pub fn to_text_in(&self, lang: Language) -> String {
        format!("{}\n{}", lang.code(), self.to_text())
    }

    /// The language and part written by [`Part::to_text_in`].
    pub fn from_text_in(text: &str) -> Option<(Language, Part)> {
        let (code, part) = text.split_once('\n')?;
        Some((Language::from_tag(code)?, Part::from_text(part)?))
    }

    /// The part written by [`Part::to_text`]; `None` for anything else.
    pub fn from_text(text: &str) -> Option<Part> {
        let mut lines = text.split('\n');
        let part = match lines.next()? {
            "help" => Part::Help {
                ruleset: Ruleset::from_name(lines.next()?)?,
                coins: read_flag(lines.next())?,
            },
            "pictures" => Part::Pictures {
                link: lines.next()?.to_string(),
                seats: lines.next()?.to_string(),
            },
            "stats" => Part::Stats,
            "key" => Part::Key {
                ruleset: Ruleset::from_name(lines.next()?)?,
                coins: read_flag(lines.next())?,
            },
            "tiles" => Part::TilesLeft {
                link: lines.next()?.to_string(),
            },
            "import" => Part::Import,
            "over" => Part::GameOver {
                link: lines.next()?.to_string(),
                seats: lines.next()?.to_string(),
            },
            "review" => Part::Review {
                link: lines.next()?.to_string(),
                seats: lines.next()?.to_string(),
                text_view: read_flag(lines.next())?,
                coords: read_flag(lines.next())?,
            },
            _ => return None,
        };
        lines.next().is_none().then_some(part)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_read_back_as_written() {
        for part in [
            Part::Help {
                ruleset: Ruleset::Classic,
                coins: true,
            },
            Part::Help {
                ruleset: Ruleset::City,
                coins: false,
            },
            Part::Pictures {
                link: "c1.ABC-_x".into(),
                seats: "red,blue-hard".into(),
            },
            Part::Stats,
            Part::Key {
                ruleset: Ruleset::Classic,
                coins: true,
            },
            Part::TilesLeft {
                link: "c1.ABC-_x".into(),
            },
            Part::Import,
            Part::GameOver {
                link: "c1.x".into(),
                seats: "red,blue-easy".into(),
            },
            Part::Review {
                link: "c1.x".into(),
                seats: "red,blue".into(),
                text_view: true,
                coords: false,
            },
        ] {
            assert_eq!(Part::from_text(&part.to_text()), Some(part.clone()));
            for lang in Language::ALL {
                assert_eq!(
                    Part::from_text_in(&part.to_text_in(lang)),
                    Some((lang, part.clone()))
                );
            }
        }
    }

    #[test]
    fn an_opened_game_names_its_link() {
        assert_eq!(opened_link(&format!("{OPEN}c1.ABC")), Some("c1.ABC"));
        assert_eq!(opened_link(CLOSE), None);
    }

    #[test]
    fn anything_else_is_no_part() {
        for text in [
            "",
            "help",
            "help\ncity\n2",
            "help\nchess\n0",
            "stats\nmore",
            "pictures\nlink",
            "over\nlink",
            "key\ncity",
            "review",
        ] {
            assert_eq!(Part::from_text(text), None, "{text:?}");
            assert_eq!(Part::from_text_in(&format!("de\n{text}")), None);
        }
        assert_eq!(Part::from_text_in("stats"), None);
        assert_eq!(Part::from_text_in("xx\nstats"), None);
        assert_eq!(
            Part::from_text_in("pl\nstats"),
            Some((Language::Pl, Part::Stats))
        );
    }
}
