//! The page's other screens and the errors (the game-over dialog, the replay
//! bar, the link button, the import dialog, the notices, the board's labels,
//! the storage's and the links' and saves' errors) speak German when the
//! German file is installed, and English again after.

use formats::notation;
use formats::saves::{Damage, SaveError};
use formats::share::{self, ShareError};
use i18n::msg;
use view::errors;

/// Runs `f` in German, then back in English.
fn in_german<T>(f: impl FnOnce() -> T) -> T {
    i18n::speaking(i18n::Language::De, f)
}

#[test]
fn the_screens_words_come_out_in_german() {
    in_german(|| {
        assert_eq!(msg::game_over::new_game(), "Neue Partie");
        assert_eq!(
            msg::tiles_left::total(1u32).split(' ').nth(1),
            Some("Plättchen")
        );
        assert_eq!(
            msg::replay::position(3usize, 40usize, 2u32, 12u32),
            "Entscheidung 3 von 40 · Zug 2 von 12"
        );
        assert_eq!(msg::share::copy(), "Link kopieren");
        assert_eq!(msg::import::title(), "Ein Partieprotokoll importieren");
        assert_eq!(msg::chronicle::turn(5u32), "Zug 5");
        assert_eq!(msg::board::tower(1u32), "Turm: 1 Punkt");
        assert_eq!(msg::board::tower(4u32), "Turm: 4 Punkte");
        assert_eq!(msg::hand::place(), "Plättchen anlegen");
        assert_eq!(msg::computer::hint_then("A", "B"), "Tipp: A, dann B.");
        assert!(msg::storage::full().starts_with("Der Speicher des Browsers ist voll"));
        assert!(msg::session::gone().starts_with("Diese gespeicherte Partie"));
    });
    assert_eq!(msg::game_over::new_game(), "New game");
}

#[test]
fn errors_come_out_in_the_players_words() {
    let damaged = share::decode("AAAA!!").unwrap_err();
    assert_eq!(damaged, ShareError::Damaged);
    assert_eq!(errors::share_error(&damaged), "this link is damaged");
    let newer = SaveError::NewerVersion(6);
    assert_eq!(
        errors::save_error(&newer),
        "the saved games are from a newer version (v6)"
    );
    in_german(|| {
        assert_eq!(errors::share_error(&damaged), "dieser Link ist beschädigt");
        assert_eq!(
            errors::share_error(&ShareError::NewerVersion(9)),
            "dieser Link stammt von einer neueren Version (v9)"
        );
        assert_eq!(
            errors::save_error(&newer),
            "die gespeicherten Partien stammen von einer neueren Version (v6)"
        );
        let entry = SaveError::Entry {
            index: Some(1),
            id: Some("g1".into()),
            reason: "its record is too long".into(),
        };
        // A detail of the entry is kept in the saves document as it is.
        assert_eq!(
            errors::save_error(&entry),
            "die gespeicherte Partie 2 („g1“) ist beschädigt: its record is too long"
        );
        let entry = SaveError::Entry {
            index: Some(1),
            id: Some("g1".into()),
            reason: Damage::Link(damaged.clone()),
        };
        // A link that does not open is said in the player's words.
        assert_eq!(
            errors::save_error(&entry),
            "die gespeicherte Partie 2 („g1“) ist beschädigt: dieser Link ist beschädigt"
        );
    });
}

/// A record's error (read in the records worker, which installs the page's
/// language): the rule's words translated, the line and the record's own
/// text as they are.
#[test]
fn a_records_error_comes_out_in_german() {
    let english = notation::read("[Format \"1\"]\n").err().unwrap();
    assert_eq!(
        errors::record_problem(&english.problem),
        "the Game tag is missing"
    );
    let record = "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"A, B\"]\n[Seed \"1\"]\n\n7. X 0,0 r0 -\n";
    let english = notation::read(record).err().unwrap();
    assert_eq!(
        errors::record_problem(&english.problem),
        "turn 7 where turn 1 was expected"
    );
    in_german(|| {
        assert_eq!(
            errors::record_problem(&notation::read("[Format \"1\"]\n").err().unwrap().problem),
            "der Tag Game fehlt"
        );
        let e = notation::read(record).err().unwrap();
        assert_eq!(e.line, english.line);
        assert_eq!(
            errors::record_problem(&e.problem),
            "Zug 7, wo Zug 1 erwartet wurde"
        );
    });
}
