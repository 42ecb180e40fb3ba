//! The jobs of the records chunk (`ui::records`, `ui::chunks::records`):
//! game records (CGN, CGN-C) read and written, and the text view's words
//! (the game described, typed lines read: `view::command`). The record
//! reader and writer and the text view's command reader are large and
//! seldom used: a chunk of the build loaded the first time one is asked
//! (docs/loading.md). Pure, so that native tests run every job.

use engine::any::AnyGame;
use engine::core::geom::Rotation;
use formats::notation::{self, DeckTag};
use view::any::{text_command, text_hand_and_options};
use view::command::{Command, Reading};

/// A job of the records chunk.
#[derive(Clone, Debug)]
pub enum Job {
    /// Read a record: its game, or why it does not read.
    Read(String),
    /// Write the record of a game, with these extra tags.
    Write {
        game: AnyGame,
        tags: Vec<(String, String)>,
    },
    /// The text view of a game (seats named `names`): the tile in hand and
    /// the decision's options in words, and the `line` typed, if any, read
    /// (`rot`: the tile in hand's quarter turns; `how`: who decides now
    /// when a computer does, and the answers' length).
    Text {
        game: AnyGame,
        names: Vec<String>,
        line: Option<String>,
        rot: Option<u8>,
        how: Reading,
    },
}

/// A job's answer.
#[derive(Clone, Debug)]
pub enum Answer {
    /// A record read: its game.
    Read(Box<AnyGame>),
    /// A record that does not read: the line it fails on (0: the whole
    /// record) and why.
    Unreadable { line: usize, reason: String },
    /// A record written.
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

/// Does a job.
pub fn work(job: Job) -> Answer {
    match job {
        Job::Read(text) => match notation::read(&text) {
            Ok(r) => Answer::Read(Box::new(r.game)),
            Err(e) => Answer::Unreadable {
                line: e.line,
                reason: view::errors::record_problem(&e.problem),
            },
        },
        Job::Write { game, tags } => {
            // A fair game in play (issue 37): its [Fair] tag stands for
            // the deal; no seed, no deck.
            let deck = match tags.iter().any(|(k, _)| k == "Fair") {
                true => DeckTag::Fair,
                false => DeckTag::Auto,
            };
            Answer::Text(notation::write(&game, &tags, deck))
        }
        Job::Text {
            game,
            names,
            line,
            rot,
            how,
        } => {
            let rot = rot.and_then(Rotation::new);
            let typed = line.map(|l| text_command(&game, &names, &l, rot, &how));
            let (hand, options) = text_hand_and_options(&game, &names, how.terse);
            Answer::TextView {
                hand,
                options,
                typed,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::classic::{Choice, Decision};
    use engine::TileGame;
    use formats::notation;

    /// In German, the text view reads German typed lines and answers in
    /// German, the English words still taken; in English, English again.
    #[test]
    fn the_text_view_speaks_the_players_language() {
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
            game: at.clone(),
            names: ["Blue", "Red", "Green", "Yellow"]
                .map(String::from)
                .to_vec(),
            line: Some(line.into()),
            rot: None,
            how: Reading::default(),
        };
        i18n::install(
            i18n::Language::De,
            include_str!("../static/lang/de.txt").into(),
        )
        .expect("the German file is current");
        assert!(i18n::choose(i18n::Language::De));
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
        i18n::choose(i18n::Language::En);
        let Answer::TextView { typed, .. } = work(job("look 5,5")) else {
            panic!("no answer")
        };
        assert_eq!(typed, Some(Command::Say("5,5 is empty.".into())));
    }
}
