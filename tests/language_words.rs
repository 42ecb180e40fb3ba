//! The words of the seven languages as a native reader checks them (issue
//! 38, items 16–19): typed commands in any case and without accents; every
//! button or label a text quotes exists with those words; one word for one
//! thing; the published editions' terms; the grammar the notes found wrong.

use i18n::Language;
use std::path::Path;
use view::command::{command, Command};

/// `lang`'s file as `(key, text)` lines (comments and `@keys` left out).
fn entries(lang: Language) -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(match lang {
        Language::En => "locales/en.txt".to_string(),
        l => l.file(),
    });
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter_map(|l| l.split_once(" = "))
        .filter(|(k, _)| !k.starts_with('#') && !k.starts_with('@'))
        .map(|(k, v)| (k.trim().to_string(), v.to_string()))
        .collect()
}

/// The text of `key` in `lang` (its first plural form for a counted one).
fn text(lang: Language, key: &str) -> String {
    let e = entries(lang);
    e.iter()
        .find(|(k, _)| k == key || k.starts_with(&format!("{key}.")))
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("{lang:?}: no {key}"))
}

/// A word as it is typed without its accents: German writes ä ö ü ß as
/// ae oe ue ss; the other languages drop the mark (ł is l).
fn plain_letters(lang: Language, word: &str) -> String {
    let mut out = String::new();
    for c in word.chars() {
        match (lang, c) {
            (Language::De, 'ä') => out.push_str("ae"),
            (Language::De, 'ö') => out.push_str("oe"),
            (Language::De, 'ü') => out.push_str("ue"),
            (_, 'ß') => out.push_str("ss"),
            (_, 'á' | 'à' | 'â' | 'ä' | 'ą') => out.push('a'),
            (_, 'é' | 'è' | 'ê' | 'ë' | 'ę') => out.push('e'),
            (_, 'í' | 'ì' | 'î' | 'ï') => out.push('i'),
            (_, 'ó' | 'ò' | 'ô' | 'ö') => out.push('o'),
            (_, 'ú' | 'ù' | 'û' | 'ü') => out.push('u'),
            (_, 'ç' | 'ć') => out.push('c'),
            (_, 'ñ' | 'ń') => out.push('n'),
            (_, 'ł') => out.push('l'),
            (_, 'ś') => out.push('s'),
            (_, 'ź' | 'ż') => out.push('z'),
            (_, c) => out.push(c),
        }
    }
    out
}

/// Item 19: every typed word with accents can also be typed without them
/// (as a keyboard without them types it), in every language.
#[test]
fn every_typed_word_has_a_spelling_without_accents() {
    let mut missing = Vec::new();
    for lang in Language::ALL {
        for (key, words) in entries(lang) {
            if !key.starts_with("command.words_") {
                continue;
            }
            let list: Vec<&str> = words.split_whitespace().collect();
            for w in &list {
                let plain = plain_letters(lang, w);
                if plain != *w && !list.contains(&plain.as_str()) {
                    missing.push(format!("{}: {key}: “{w}” without “{plain}”", lang.code()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "\n{}", missing.join("\n"));
}

fn city_game() -> engine::city::Game {
    use engine::city::{Catalogue, Game, Options, Setup};
    let cat = Catalogue::builtin().unwrap();
    let names = vec!["Anna".to_string(), "Bernd".to_string()];
    let setup = Setup::from_seed(cat, names, 7, [8, 6, 6], Options::default()).unwrap();
    Game::new(cat, setup).unwrap()
}

fn said(game: &engine::city::Game, line: &str) -> String {
    let names = ["Anna".to_string(), "Bernd".to_string()];
    match command(game, &names, line, None) {
        Command::Say(s) => s,
        Command::Play(_) => "played".into(),
        Command::Undo => "undo".into(),
        Command::Hint => "hint".into(),
        Command::Terse(on) => format!("terse {on}"),
    }
}

/// Item 19: a typed line is read in lower case by Unicode's rules
/// ("PLÄTTCHEN", a phone's capital "Żaden"), and German takes its words
/// without umlauts; an answer quotes at most a short part of the line.
#[test]
fn typed_words_in_any_case_and_without_umlauts() {
    let game = city_game();
    i18n::speaking(Language::De, || {
        let tile = said(&game, "plättchen");
        assert!(tile.contains("Plättchen"), "{tile}");
        for typed in ["PLÄTTCHEN", "Plättchen", "plaettchen", "Plaettchen"] {
            assert_eq!(said(&game, typed), tile, "{typed}");
        }
        assert_eq!(said(&game, "HILFE"), said(&game, "hilfe"));
        assert_eq!(said(&game, "zurueck"), "undo");
    });
    i18n::speaking(Language::Pl, || {
        assert_eq!(said(&game, "PŁYTKA"), said(&game, "płytka"));
        assert_eq!(said(&game, "Podpowiedź"), "hint");
    });
    let long = said(&game, &"x".repeat(100_000));
    assert!(
        long.contains(&format!("{}…", "x".repeat(60))) && !long.contains(&"x".repeat(61)),
        "{} characters",
        long.len()
    );
}

/// The English quotes of a text: what stands between “ and ”.
fn quotes(text: &str) -> Vec<&str> {
    text.split('“')
        .skip(1)
        .filter_map(|s| s.split_once('”').map(|(q, _)| q))
        .collect()
}

/// Item 17: a text that names a button or a label ("press “Place tile”")
/// names it with the words it has on screen, in every language: wherever
/// the English quotes the text of another message (a button, a label),
/// each language's text holds that message's text in its language.
#[test]
fn every_button_or_label_a_text_quotes_is_named_as_it_is_on_screen() {
    let english = entries(Language::En);
    // (A typed word quoted, “hint”, is not the button “Hint”.)
    let typed: Vec<String> = english
        .iter()
        .filter(|(k, _)| k.starts_with("command.words_"))
        .flat_map(|(_, t)| t.split_whitespace().map(String::from).collect::<Vec<_>>())
        .collect();
    let mut wrong = Vec::new();
    let mut pairs = 0;
    for (key, text) in &english {
        for q in quotes(text) {
            if q.contains('{')
                || q.chars().any(|c| c.is_ascii_digit())
                || typed.iter().any(|w| w == q)
            {
                continue;
            }
            // The messages whose whole text this quotes (not typed words).
            let labels: Vec<&String> = english
                .iter()
                .filter(|(k, t)| {
                    k != key
                        && !k.starts_with("command.words_")
                        && t.to_lowercase() == q.to_lowercase()
                })
                .map(|(k, _)| k)
                .collect();
            if labels.is_empty() {
                continue;
            }
            pairs += 1;
            for lang in Language::ALL {
                let quoting = text_of(lang, key).to_lowercase();
                let named: Vec<String> = labels.iter().map(|l| text_of(lang, l)).collect();
                if !named.iter().any(|n| quoting.contains(&n.to_lowercase())) {
                    wrong.push(format!(
                        "{}: {key} should name “{}” ({}): {}",
                        lang.code(),
                        named.join("” or “"),
                        labels
                            .iter()
                            .map(|l| l.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                        text_of(lang, key)
                    ));
                }
            }
        }
    }
    assert!(pairs >= 8, "only {pairs} quoted labels found");
    // How to play names the computer's levels as the menu does.
    for lang in Language::ALL {
        let help = text_of(lang, "help.computer_text").to_lowercase();
        for level in ["level.easy", "level.normal", "level.hard"] {
            let name = text_of(lang, level).to_lowercase();
            if !help.contains(&name) {
                wrong.push(format!(
                    "{}: help.computer_text should name the level “{name}”",
                    lang.code()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// The text of `key` (a whole key, plural forms apart) in `lang`.
fn text_of(lang: Language, key: &str) -> String {
    entries(lang)
        .into_iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
        .unwrap_or_else(|| text(lang, key))
}

/// Item 16: the classic follower and guesthouse labels follow a verb ("Put
/// …", a hint's "put …"): German and Polish put them in the case the verb
/// takes, as The City's are ("Setze einen Bauern auf die Wiese", "Postaw
/// chłopa na polu").
#[test]
fn follower_labels_take_the_case_of_their_verb() {
    use i18n::msg::classic_targets as t;
    let labels = || {
        let road = t::spot_road(3u32, "N");
        let city = t::spot_city(2u32, "N");
        let field = t::spot_field(5u32, "N");
        vec![
            t::thief_on(&road),
            t::knight_in(&city),
            t::monk_in(t::spot_cloister()),
            t::farmer_on(&field),
            t::a_follower().to_string(),
            t::guesthouse_on(&road),
            t::the_guesthouse().to_string(),
        ]
    };
    let said = |lang| {
        i18n::speaking(lang, || {
            labels()
                .iter()
                .flat_map(|l| {
                    [
                        i18n::msg::board::put(l),
                        i18n::msg::words_targets::put(l),
                        i18n::msg::classic_describe::hint_put(l),
                    ]
                })
                .collect::<Vec<_>>()
        })
    };
    let mut wrong = Vec::new();
    for s in said(Language::De) {
        // The nominative's article, or a place in the dative, after "setze".
        let bad = [
            " ein ",
            "ein Bauer ",
            " auf der ",
            " in der ",
            " dem ",
            " der Straße",
            "Bauer auf",
        ];
        if bad.iter().any(|b| format!(" {s} ").contains(b))
            || s.contains("Bauer ") && !s.contains("Bauern")
        {
            wrong.push(format!("de: {s}"));
        }
    }
    for s in said(Language::Pl) {
        let nominative = [
            "rozbójnik ",
            "rycerz ",
            "mnich ",
            "chłop ",
            "podwładny",
            "gospoda ",
        ];
        if nominative.iter().any(|b| format!("{s} ").contains(b)) {
            wrong.push(format!("pl: {s}"));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// Item 16: French elides "de" and "que" before a name that begins with a
/// vowel ("la tuile d’Ann", "d’Amélie"), and not before a consonant.
#[test]
fn french_elides_de_before_a_vowel() {
    i18n::speaking(Language::Fr, || {
        let ann = i18n::msg::city_log::removed_street("Ann");
        assert!(ann.contains("d’Ann") && !ann.contains("de Ann"), "{ann}");
        let amelie = i18n::msg::city_log::removed_street("Amélie");
        assert!(amelie.contains("d’Amélie"), "{amelie}");
        let bob = i18n::msg::city_log::removed_street("Bob");
        assert!(bob.contains("de Bob"), "{bob}");
        let hugo = i18n::msg::city_log::removed_street("Hugo");
        assert!(hugo.contains("de Hugo"), "{hugo}");
    });
    // (Only French elides.)
    assert!(i18n::msg::city_log::removed_street("Ann").contains("Ann's"));
}

/// Item 16: Polish speaks to the player without assuming a man ("jego ruch"
/// for Anna, "dobrałeś", "rozegrałeś"); counted words that agree with the
/// count are counted messages, or put the count after a colon ("1 mises de
/// côté" was French for one); German says "Zug" for a turn, never "Runde"
/// (a "Runde" is every player's turn; the wall round is a "Mauerrunde").
#[test]
fn polish_is_neutral_counts_agree_and_german_says_zug() {
    let mut wrong = Vec::new();
    for (key, text) in entries(Language::Pl) {
        let masculine = text.split(|c: char| !c.is_alphabetic()).any(|w| {
            w.ends_with("łeś") || w.ends_with("łbyś") || w == "jego" && text.contains("jego ruch")
        });
        if masculine {
            wrong.push(format!("pl: {key} = {text}"));
        }
    }
    for lang in [Language::Fr, Language::Es, Language::It] {
        let t = text_of(lang, "panel.set_aside");
        if !t.trim_end().ends_with("{n}") {
            wrong.push(format!("{}: panel.set_aside = {t}", lang.code()));
        }
    }
    for (key, text) in entries(Language::De) {
        if text
            .split(|c: char| !c.is_alphabetic())
            .any(|w| w.starts_with("Runde"))
        {
            wrong.push(format!("de: {key} = {text}"));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// Item 18: the published editions' words, and one name for one thing in
/// each language: the words a reader found in place of the edition's, or
/// as a second name for the same piece, are gone (the text view may still
/// take an old word typed: `command.words_*` lists are aliases).
#[test]
fn the_editions_words_and_one_name_per_piece() {
    // (language, a word that must not be there (as a word's start), why)
    let banned: &[(Language, &str, &str)] = &[
        (Language::De, "Gasse", "Die Stadt: Straße"),
        (Language::De, "Wohnviertel", "Die Stadt: Wohngebiet"),
        (Language::De, "Verwalter", "Die Stadt: Vogt"),
        (Language::De, "Runde", "Zug (a turn); Mauerrunde"),
        (Language::De, "Gespeicherte Spiele", "Partie"),
        (Language::It, "ladron", "ladro"),
        (Language::It, "prato", "campo"),
        (Language::It, "prati", "campi"),
        (Language::It, "Replay", "Rivedi la partita"),
        (Language::Nl, "wapenschild", "wapen"),
        (Language::Nl, "weiland", "weide"),
        (Language::Nl, "verkoper", "koopman"),
        (Language::Nl, "opening", "bres"),
        (Language::Nl, "draak", "lindworm (De Draak is another game)"),
        (Language::Pl, "mieszczanin", "obywatel"),
        (Language::Pl, "sprzedawc", "kupiec"),
        (Language::Pl, "koniec teraz", "reads as a command"),
        (Language::Fr, "à la place", "ville avec place"),
        (Language::Fr, "porte de bois", "porte en bois"),
        (
            Language::Fr,
            "Rejouer",
            "Revoir la partie (Rejouer is play again)",
        ),
        (
            Language::Fr,
            "tour de remparts",
            "ronde de remparts (a tour is a turn and a tower)",
        ),
        (Language::Es, "pila", "montón"),
    ];
    let mut wrong = Vec::new();
    for &(lang, word, why) in banned {
        for (key, text) in entries(lang) {
            if key.starts_with("command.words_") {
                continue;
            }
            let lower = text.to_lowercase();
            let w = word.to_lowercase();
            let found = lower.match_indices(&w).any(|(at, _)| {
                !lower[..at]
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphabetic)
            });
            if found {
                wrong.push(format!("{}: “{word}” ({why}): {key}", lang.code()));
            }
        }
    }
    // Two buttons side by side are not both "Cofnij".
    if text_of(Language::Pl, "hand.back").contains("Cofnij") {
        wrong.push("pl: hand.back and play.undo are both “Cofnij”".into());
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}
