//! The machinery: reading a language file, plurals, placeholders, a stale
//! file. (The languages themselves: tests/languages.rs.)

use super::catalog::{Catalog, Unusable};
use super::*;

/// A file for `lang` giving every message as `[xx] English`, counted ones in
/// every form `lang` needs, at this version of the key list.
fn bracketed(lang: Language) -> String {
    let english = include_str!("../../../locales/en.txt");
    let mut out = format!("@keys {:#018x}\n", msg::KEYS);
    let mut last = String::new();
    for line in english.lines() {
        let Some(Ok((key, value))) = catalog::entry(line) else {
            continue;
        };
        let (base, category) = catalog::split_plural(key);
        match category {
            None => out.push_str(&format!("{key} = [{}] {value}\n", lang.code())),
            Some(_) if base == last => {}
            Some(_) => {
                // The count, and the message's other placeholders.
                let others: String = check::placeholders(value)
                    .into_iter()
                    .filter(|&p| p != "n")
                    .map(|p| format!(" {{{p}}}"))
                    .collect();
                for c in plural::categories(lang) {
                    out.push_str(&format!(
                        "{base}.{} = [{} {}] {{n}}{others}\n",
                        c.name(),
                        lang.code(),
                        c.name()
                    ));
                }
            }
        }
        last = base.to_string();
    }
    out
}

/// Runs `f` in `lang` (installed from [`bracketed`]), then back in English.
fn in_language<T>(lang: Language, f: impl FnOnce() -> T) -> T {
    install(lang, bracketed(lang)).expect("the file reads");
    assert!(choose(lang));
    let out = f();
    choose(Language::En);
    out
}

#[test]
fn english_is_inline_and_placeholders_are_filled() {
    assert_eq!(current(), Language::En);
    assert_eq!(msg::new_game::title_city(), "A new city");
    assert_eq!(msg::new_game::name_of(3u32), "Name of player 3");
    assert_eq!(
        msg::game::with_two(msg::game::classic(), "A", "B"),
        "Carcassonne with A and B"
    );
    assert_eq!(msg::saves::played(1u32), "1 turn played");
    assert_eq!(msg::saves::played(0u32), "0 turns played");
}

#[test]
fn a_language_file_is_read_by_position() {
    in_language(Language::De, || {
        assert_eq!(current(), Language::De);
        assert_eq!(msg::new_game::title_city(), "[de] A new city");
        assert_eq!(msg::new_game::name_of(2u32), "[de] Name of player 2");
        assert_eq!(msg::saves::played(1u32), "[de one] 1");
        assert_eq!(msg::saves::played(7u32), "[de other] 7");
    });
    assert_eq!(msg::new_game::title_city(), "A new city");
}

/// A worker is handed the page's file and speaks as the page does.
#[test]
fn a_worker_installs_the_text_the_page_hands_it() {
    let page = std::thread::spawn(|| {
        install(Language::Fr, bracketed(Language::Fr)).unwrap();
        source(Language::Fr).map(str::to_string)
    });
    let text = page
        .join()
        .unwrap()
        .expect("the page keeps the file's text");
    assert_eq!(
        source(Language::Fr),
        None,
        "(each thread its own, as a worker)"
    );
    in_language(Language::Fr, || {
        assert_eq!(source(Language::Fr), Some(text.as_str()));
        assert_eq!(msg::saves::keep(), "[fr] Keep");
    });
}

#[test]
fn polish_counts_in_three_forms() {
    in_language(Language::Pl, || {
        assert_eq!(msg::saves::played(1u32), "[pl one] 1");
        assert_eq!(msg::saves::played(3u32), "[pl few] 3");
        assert_eq!(msg::saves::played(5u32), "[pl many] 5");
        assert_eq!(msg::saves::played(22u32), "[pl few] 22");
        assert_eq!(msg::saves::played(12u32), "[pl many] 12");
    });
}

#[test]
fn a_translation_orders_its_placeholders_as_its_language_needs() {
    let file = bracketed(Language::Nl).replace(
        "game.with_two = [nl] {game} with {first} and {second}",
        "game.with_two = {second} en {first}: {game}",
    );
    install(Language::Nl, file).expect("the file reads");
    assert!(choose(Language::Nl));
    assert_eq!(msg::game::with_two("X", "a", "b"), "b en a: X");
    choose(Language::En);
}

#[test]
fn a_stale_file_is_not_used() {
    let file = bracketed(Language::It);
    // Written for another key list.
    let other = file.replace(&format!("{:#018x}", msg::KEYS), "0x0123456789abcdef");
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    assert_eq!(
        Catalog::parse(Language::It, leak(other.clone())).err(),
        Some(Unusable::Stale)
    );
    // Without a version line, or a message short.
    let unversioned: String = file.lines().skip(1).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        Catalog::parse(Language::It, leak(unversioned)).err(),
        Some(Unusable::Stale)
    );
    let short: String = file
        .lines()
        .filter(|l| !l.starts_with("saves.keep "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        Catalog::parse(Language::It, leak(short)).err(),
        Some(Unusable::Stale)
    );
    assert!(matches!(
        Catalog::parse(
            Language::It,
            leak(file.replace("saves.keep =", "saves.keep"))
        ),
        Err(Unusable::Malformed(_))
    ));
    // Installing one keeps English.
    assert_eq!(install(Language::It, other), Err(Unusable::Stale));
    assert!(!choose(Language::It));
    assert_eq!(current(), Language::En);
    assert_eq!(msg::saves::keep(), "Keep");
}

#[test]
fn the_browser_languages_pick_the_first_the_game_speaks() {
    assert_eq!(Language::first_of(["ja", "pl-PL", "de"]), Language::Pl);
    assert_eq!(Language::first_of(["de-AT"]), Language::De);
    assert_eq!(Language::first_of(["ja", "zh"]), Language::En);
    assert_eq!(Language::first_of([]), Language::En);
    assert_eq!(Language::from_tag("NL"), Some(Language::Nl));
    assert_eq!(Language::from_tag(""), None);
    for l in Language::ALL {
        assert_eq!(Language::from_tag(l.code()), Some(l));
    }
}

#[test]
fn the_check_finds_what_a_file_lacks_or_adds() {
    let english = include_str!("../../../locales/en.txt");
    let good = bracketed(Language::Pl);
    assert_eq!(
        check::problems(Language::Pl, english, &good),
        Vec::<String>::new()
    );
    let lacking = good.replace("saves.keep = [pl] Keep\n", "");
    assert!(
        check::problems(Language::Pl, english, &lacking).contains(&"saves.keep is missing".into())
    );
    let extra = format!("{good}saves.unused = Nie\n");
    assert!(check::problems(Language::Pl, english, &extra)
        .iter()
        .any(|p| p.contains("saves.unused is not a message")));
    let wrong = good.replace("[pl] Name of player {seat:number}", "Imię gracza {sea}");
    assert!(check::problems(Language::Pl, english, &wrong)
        .iter()
        .any(|p| p.contains("new_game.name_of has placeholders {sea}")));
    let no_few = good
        .lines()
        .filter(|l| !l.starts_with("saves.played.few"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(check::problems(Language::Pl, english, &no_few)
        .iter()
        .any(|p| p.contains("saves.played lacks its .few form")));
    let swapped = good
        .replace("saves.keep = [pl] Keep", "TMP")
        .replace("saves.delete = [pl] Delete", "saves.keep = [pl] Keep")
        .replace("TMP", "saves.delete = [pl] Delete");
    assert!(check::problems(Language::Pl, english, &swapped)
        .iter()
        .any(|p| p.contains("out of the English file's order")));
    let stale = good.replace(&format!("{:#018x}", msg::KEYS), "0x1");
    assert!(check::problems(Language::Pl, english, &stale)
        .iter()
        .any(|p| p.contains("version line")));
}

proptest::proptest! {
    /// Whatever a language file holds, reading it, checking it and filling
    /// its texts never panics (bad input never crashes).
    #[test]
    fn any_file_reads_without_panic(lines in proptest::collection::vec("[a-z_.{}=@ é\u{feff}0-9x:]{0,30}", 0..40)) {
        let mut text = format!("@keys {:#018x}\n", msg::KEYS);
        text.push_str(&lines.join("\n"));
        let leaked: &'static str = Box::leak(text.clone().into_boxed_str());
        let _ = Catalog::parse(Language::Nl, leaked);
        let _ = check::problems(Language::Nl, include_str!("../../../locales/en.txt"), &text);
        for l in &lines {
            let _ = substitute(l, "{seat:number} {name} {n:number}", &["x"], &[3, 2]);
            let _ = substitute("{a} {b:number}", l, &[], &[]);
            let forms = [("one", "a"), ("other", leaked)];
            let _ = pick(&forms, l);
        }
    }
}

#[test]
fn a_placeholder_is_found_by_its_name_in_the_english_forms() {
    let forms = "{a} {n:number} {b}\n{n:number} {b} {c:number} {a} {d}";
    let at = |name| position(forms, name);
    assert_eq!(at("a"), Some((false, 0)));
    assert_eq!(at("n"), Some((true, 0)));
    assert_eq!(at("b"), Some((false, 1)));
    assert_eq!(at("c"), Some((true, 1)));
    assert_eq!(at("d"), Some((false, 2)));
    assert_eq!(at("e"), None);
    assert_eq!(
        substitute("{d}{c:number}-{e}-{a}{n}", forms, &["A", "B", "D"], &[7, 9]),
        "D9-{e}-A7"
    );
}

/// Every English message (a counted one's forms together, as build.rs passes
/// them) fills each placeholder with the value build.rs passes for its name.
#[test]
fn every_english_placeholder_gets_its_own_value() {
    let english = include_str!("../../../locales/en.txt");
    let mut messages: Vec<(String, Vec<&str>)> = Vec::new();
    for (key, text) in english.lines().filter_map(catalog::entry).flatten() {
        let (base, category) = catalog::split_plural(key);
        match messages.last_mut() {
            Some((b, forms)) if category.is_some() && b == base => forms.push(text),
            _ => messages.push((base.to_string(), vec![text])),
        }
    }
    for (key, forms) in messages {
        let joined = forms.join("\n");
        // The values in build.rs's order: names in first appearance, text
        // ones and number ones apart.
        let mut names: Vec<(&str, bool)> = Vec::new();
        for p in placeholders(&joined) {
            if !names.iter().any(|q| q.0 == p.0) {
                names.push(p);
            }
        }
        let texts: Vec<String> = names
            .iter()
            .filter(|p| !p.1)
            .map(|p| format!("<{}>", p.0))
            .collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let nums: Vec<u64> = (0..names.iter().filter(|p| p.1).count() as u64)
            .map(|k| 1000 + k)
            .collect();
        for form in &forms {
            let mut want = form.to_string();
            let mut n = 1000;
            for (name, number) in &names {
                let value = if *number {
                    n += 1;
                    (n - 1).to_string()
                } else {
                    format!("<{name}>")
                };
                want = want
                    .replace(&format!("{{{name}:number}}"), &value)
                    .replace(&format!("{{{name}}}"), &value);
            }
            assert_eq!(substitute(form, &joined, &texts, &nums), want, "{key}");
        }
    }
}
