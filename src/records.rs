//! The jobs of the records worker (`ui::records`): game records (CGN,
//! CGN-C) read and written off the page, saves of the first versions,
//! which stored CGN, turned into links, and the text view's words (the game
//! described, typed lines read: `view::command`). Each is large and seldom
//! used; out of the page they keep it within its size budget
//! (docs/size.md). Games travel as share links, which the page reads and
//! writes itself. Pure, so that native tests run every job.

use serde::{Deserialize, Serialize};

use engine::core::geom::Rotation;
use formats::notation::{self, DeckTag};
use formats::share;
use i18n::Language;
use view::any::{text_command, text_hand_and_options};
use view::command::Command;

/// A request to the records worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Job {
    /// Read a record: the link of its game, or why it does not read.
    Read(String),
    /// Write the record of the game of a link, with these extra tags.
    Write {
        link: String,
        tags: Vec<(String, String)>,
    },
    /// The text view of the game of a link (seats named `names`): the tile
    /// in hand and the decision's options in words, and the `line` typed,
    /// if any, read (`rot`: the tile in hand's quarter turns).
    Text {
        link: String,
        names: Vec<String>,
        line: Option<String>,
        rot: Option<u8>,
    },
    /// Speak this language from now on (its code, `de`), from this file's
    /// text (`i18n::source`; none for English): the text view's words and
    /// the worker's other answers come in it (`i18n::install`, `choose`).
    /// Answered with `Answer::Text` of the code now spoken.
    Language { code: String, text: Option<String> },
}

/// An answer of the records worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// A record read: the link of its game.
    Read(String),
    /// A record that does not read: the line it fails on (0: the whole
    /// record) and why.
    Unreadable { line: usize, reason: String },
    /// A record written, or a saves document converted.
    Text(String),
    /// The job could not be done (the reason, in a player's words).
    Failed(String),
    /// The text view's words: the tile in hand, the options, and what the
    /// line typed asks for (a choice as its index among the legal ones).
    TextView {
        hand: Option<String>,
        options: String,
        typed: Option<Command<usize>>,
    },
}

/// What the page sends: a request number and the job.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToRecords {
    pub request: u64,
    pub job: Job,
}

/// What the worker answers: the request's number and its answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FromRecords {
    pub request: u64,
    pub answer: Answer,
}

/// Does a job (the worker's side; pure, so native tests run it too).
pub fn work(job: Job) -> Answer {
    match job {
        Job::Read(text) => match notation::read(&text) {
            Ok(r) => Answer::Read(share::encode(&r.game)),
            Err(e) => Answer::Unreadable {
                line: e.line,
                reason: view::errors::record_problem(&e.problem),
            },
        },
        Job::Write { link, tags } => match share::decode(&link) {
            Ok(game) => Answer::Text(notation::write(&game, &tags, DeckTag::Auto)),
            Err(e) => Answer::Failed(view::errors::share_error(&e)),
        },
        Job::Text {
            link,
            names,
            line,
            rot,
        } => match share::decode(&link) {
            Ok(game) => {
                let rot = rot.and_then(Rotation::new);
                let typed = line.map(|l| text_command(&game, &names, &l, rot));
                let (hand, options) = text_hand_and_options(&game, &names);
                Answer::TextView {
                    hand,
                    options,
                    typed,
                }
            }
            Err(e) => Answer::Failed(view::errors::share_error(&e)),
        },
        Job::Language { code, text } => {
            if let Some(lang) = Language::from_tag(&code) {
                // A stale or unreadable file leaves the worker in English,
                // as the page would be.
                let _ = text.map(|t| i18n::install(lang, t));
                i18n::choose(lang);
            }
            Answer::Text(i18n::current().code().to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::classic::{Choice, Decision};
    use engine::TileGame;

    /// The worker told to speak German reads German typed lines and answers
    /// in German, the English words still taken; told English, it speaks
    /// English again.
    #[test]
    fn the_worker_speaks_the_language_it_is_sent() {
        let end = notation::read(include_str!(
            "../tests/records/classic/o3_e13_bridge_and_wall_seed_turn.cgn"
        ))
        .unwrap()
        .game;
        // Turn 4, the guesthouse step.
        let at = (0..end.history().len())
            .map(|n| end.at(n))
            .find(|g| g.as_classic().and_then(|k| k.decision()) == Some(Decision::Guesthouse))
            .unwrap();
        let job = |line: &str| Job::Text {
            link: share::encode(&at),
            names: ["Blue", "Red", "Green", "Yellow"]
                .map(String::from)
                .to_vec(),
            line: Some(line.into()),
            rot: None,
        };
        let german = Job::Language {
            code: "de".into(),
            text: Some(include_str!("../static/lang/de.txt").into()),
        };
        assert_eq!(work(german), Answer::Text("de".into()));
        let Answer::TextView { options, typed, .. } = work(job("nein")) else {
            panic!("no answer")
        };
        assert!(options.starts_with("Tippe eines davon: 1: "), "{options}");
        assert!(options.contains("; nein: "), "{options}");
        let Some(Command::Play(i)) = typed else {
            panic!("{typed:?}")
        };
        assert_eq!(
            at.legal_choices()[i],
            engine::any::AnyChoice::Classic(Choice::Guesthouse(None))
        );
        let Answer::TextView { typed, .. } = work(job("no")) else {
            panic!("no answer")
        };
        assert!(matches!(typed, Some(Command::Play(_))));
        let Answer::TextView { typed, .. } = work(job("schau 5,5")) else {
            panic!("no answer")
        };
        assert_eq!(typed, Some(Command::Say("5,5 ist leer.".into())));
        let english = Job::Language {
            code: "en".into(),
            text: None,
        };
        assert_eq!(work(english), Answer::Text("en".into()));
        let Answer::TextView { typed, .. } = work(job("look 5,5")) else {
            panic!("no answer")
        };
        assert_eq!(typed, Some(Command::Say("5,5 is empty.".into())));
    }
}
