//! The game's words in the player's language.
//!
//! `locales/en.txt` lists every message, `group.name = text`, with named
//! placeholders (`{seat:number}`, `{name}`) and plural forms
//! (`group.name.one`, `.other`, `.few`…). build.rs turns it into [`msg`]: a
//! function per message (`msg::new_game::title()`), whose arguments are its
//! placeholders, named and typed, so a message used with a placeholder it
//! lacks, or without one it has, does not compile. The English text stays
//! inline where it is used: the linker keeps the messages the build uses,
//! each in the part of the build (the page's module or a chunk) that
//! uses it.
//!
//! Any other language is a file (`static/lang/de.txt`) fetched when chosen
//! and read by position ([`catalog`]), with the English for whatever it
//! cannot give. An engine worker speaks no words: it answers in values
//! (moves, reviews, typed failures) that the page words.
//! [`check`] holds each file to the English one (`cargo test --test
//! languages`, TRANSLATING.md).

pub mod catalog;
pub mod check;
pub mod plural;

use catalog::{Catalog, Slot, Unusable};
use std::cell::{Cell, RefCell};

/// The generated messages (build.rs, from locales/en.txt).
#[allow(clippy::all)]
pub mod msg {
    include!(concat!(env!("OUT_DIR"), "/messages.rs"));
}

/// The languages the game speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    #[default]
    En,
    De,
    Fr,
    Es,
    It,
    Pl,
    Nl,
}

impl Language {
    /// In the language menu's order.
    pub const ALL: [Language; 7] = [
        Language::De,
        Language::En,
        Language::Es,
        Language::Fr,
        Language::It,
        Language::Nl,
        Language::Pl,
    ];

    /// The BCP 47 code: `<html lang>`, `?lang=`, the file's name.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::De => "de",
            Language::Fr => "fr",
            Language::Es => "es",
            Language::It => "it",
            Language::Pl => "pl",
            Language::Nl => "nl",
        }
    }

    /// The language's name in itself, as the menu shows it.
    pub fn autonym(self) -> &'static str {
        match self {
            Language::En => "English",
            Language::De => "Deutsch",
            Language::Fr => "Français",
            Language::Es => "Español",
            Language::It => "Italiano",
            Language::Pl => "Polski",
            Language::Nl => "Nederlands",
        }
    }

    /// A language tag's language (`de-AT` is German), if the game speaks it.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let tag = tag.trim().as_bytes();
        if tag.len() != 2 && !matches!(tag.get(2), Some(b'-' | b'_')) {
            return None;
        }
        let primary = [tag[0].to_ascii_lowercase(), tag[1].to_ascii_lowercase()];
        Language::ALL
            .into_iter()
            .find(|l| l.code().as_bytes() == primary)
    }

    /// The first of the browser's languages (most preferred first) the game
    /// speaks; English where none is.
    pub fn first_of<'a>(tags: impl IntoIterator<Item = &'a str>) -> Language {
        tags.into_iter()
            .find_map(Language::from_tag)
            .unwrap_or(Language::En)
    }

    /// Where its file is, relative to the page.
    pub fn file(self) -> String {
        ["static/lang/", self.code(), ".txt"].concat()
    }
}

thread_local! {
    /// The language files read so far (kept for the page's life: switching
    /// back reads nothing again).
    static LOADED: RefCell<Vec<&'static Catalog>> = const { RefCell::new(Vec::new()) };
    /// The language the messages are given in.
    static CURRENT: Cell<Option<&'static Catalog>> = const { Cell::new(None) };
}

/// Reads `text` as `lang`'s file and keeps it, ready for [`choose`]. A stale
/// or malformed file is not kept, and the language stays English.
pub fn install(lang: Language, text: String) -> Result<(), Unusable> {
    if lang == Language::En || installed(lang) {
        return Ok(());
    }
    // Kept for the page's life (one file per language at most), so that a
    // message is a `&'static str` wherever English was one.
    let text: &'static str = Box::leak(text.into_boxed_str());
    let catalog: &'static Catalog = Box::leak(Box::new(Catalog::parse(lang, text)?));
    LOADED.with(|l| l.borrow_mut().push(catalog));
    Ok(())
}

/// Whether `lang`'s messages can be given (English always can).
pub fn installed(lang: Language) -> bool {
    lang == Language::En || LOADED.with(|l| l.borrow().iter().any(|c| c.lang == lang))
}

/// The text of `lang`'s file as installed, for a worker (English has none).
pub fn source(lang: Language) -> Option<&'static str> {
    LOADED.with(|l| l.borrow().iter().find(|c| c.lang == lang).map(|c| c.text))
}

/// Gives the messages in `lang` from now on, if it is installed; false if not
/// (and nothing changes).
pub fn choose(lang: Language) -> bool {
    if lang == Language::En {
        CURRENT.with(|c| c.set(None));
        return true;
    }
    let found = LOADED.with(|l| l.borrow().iter().copied().find(|c| c.lang == lang));
    if let Some(catalog) = found {
        CURRENT.with(|c| c.set(Some(catalog)));
    }
    found.is_some()
}

/// Runs `f` with `lang`'s source file (static/lang) installed and chosen,
/// then in English again: for the native tests of each area's words in
/// another language (it reads the file from the checkout).
#[cfg(not(target_arch = "wasm32"))]
#[doc(hidden)]
pub fn speaking<T>(lang: Language, f: impl FnOnce() -> T) -> T {
    let path = format!(
        "{}/../../static/lang/{}.txt",
        env!("CARGO_MANIFEST_DIR"),
        lang.code()
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    install(lang, text).expect("the language file is current");
    assert!(choose(lang));
    let out = f();
    choose(Language::En);
    out
}

/// The language the messages are given in.
pub fn current() -> Language {
    CURRENT.with(|c| c.get()).map_or(Language::En, |c| c.lang)
}

/// A number for a placeholder (`{n:number}`): formatted by the language's
/// rules, and the count that picks a plural form.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub u64);

macro_rules! num_from {
    ($($t:ty),*) => {$(
        impl From<$t> for Num {
            fn from(n: $t) -> Num {
                Num(n as u64)
            }
        }
    )*};
}
num_from!(u8, u16, u32, u64, usize);

fn slot(i: usize) -> Option<&'static Slot> {
    CURRENT.with(|c| c.get()).and_then(|c| c.slots.get(i))
}

/// Message `i`'s text in the current language, else `english`.
pub fn text(i: usize, english: &'static str) -> &'static str {
    match slot(i) {
        Some(Slot::Text(s)) => s,
        _ => english,
    }
}

// The generated messages pass their placeholders' values without their
// names (the names cost the page's code at each of hundreds of uses):
// `texts` and `nums`, the text ones and the number ones, each in the order
// their names first appear in the English text (a counted message's forms
// `one` and `other` as one text, a line each). A placeholder's value is
// found by its name there ([`position`]), so a translation may place them in
// any order. The entry points for the common shapes (`fill_text`,
// `plural_n`…) spare each use the arrays.

/// Message `i`'s text with its placeholders filled.
#[inline(never)]
pub fn fill(i: usize, english: &'static str, texts: &[&str], nums: &[u64]) -> String {
    substitute(text(i, english), english, texts, nums)
}

/// [`fill`] for a message whose placeholders are all text.
#[inline(never)]
pub fn fill_texts(i: usize, english: &'static str, texts: &[&str]) -> String {
    fill(i, english, texts, &[])
}

/// [`fill`] for a message with one placeholder, a text.
#[inline(never)]
pub fn fill_text(i: usize, english: &'static str, text: &str) -> String {
    fill(i, english, &[text], &[])
}

/// [`fill`] for a message with one placeholder, a number.
#[inline(never)]
pub fn fill_num(i: usize, english: &'static str, n: u64) -> String {
    fill(i, english, &[], &[n])
}

/// Counted message `i` (its count is `n`, also its `{n}`) in the form its
/// count takes; `english`: its English forms `one` and `other`, a line each
/// (English's rule: 1 is `one`, any other count `other`).
#[inline(never)]
pub fn plural(i: usize, n: u64, english: &'static str, texts: &[&str], nums: &[u64]) -> String {
    let translated = match slot(i) {
        Some(Slot::Plural(forms)) => pick(forms, &intl::category(current(), n)),
        _ => None,
    };
    // Else English, by English's own rule.
    let template = translated.unwrap_or_else(|| {
        let (one, other) = english.split_once('\n').unwrap_or((english, english));
        if n == 1 {
            one
        } else {
            other
        }
    });
    substitute(template, english, texts, nums)
}

/// [`plural`] for a message whose only placeholder is its count.
#[inline(never)]
pub fn plural_n(i: usize, n: u64, english: &'static str) -> String {
    plural(i, n, english, &[], &[n])
}

/// [`plural`] for a message with its count and one text placeholder.
#[inline(never)]
pub fn plural_text(i: usize, n: u64, english: &'static str, text: &str) -> String {
    plural(i, n, english, &[text], &[n])
}

/// The form of `category`, else `other`.
fn pick(forms: &[(&str, &'static str)], category: &str) -> Option<&'static str> {
    let of = |c: &str| forms.iter().find(|f| f.0 == c).map(|f| f.1);
    of(category).or_else(|| of("other"))
}

/// A text's placeholders in order: each name, and whether it is a number
/// (`{n:number}`; the only type the English file uses, build.rs).
fn placeholders(text: &str) -> impl Iterator<Item = (&str, bool)> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let open = rest.find('{')?;
        let close = open + rest[open..].find('}')?;
        let inner = &rest[open + 1..close];
        rest = &rest[close + 1..];
        Some(match inner.split_once(':') {
            Some((name, _)) => (name, true),
            None => (inner, false),
        })
    })
}

/// Where placeholder `name`'s value is, as build.rs orders the values: the
/// English text's placeholders, each name once where it first
/// appears, the text ones and the number ones counted apart. (Whether it is
/// a number, its index among those), or None if the English has no such.
fn position(english: &str, name: &str) -> Option<(bool, usize)> {
    let all = || placeholders(english);
    let mut counts = [0; 2];
    for (k, (p, number)) in all().enumerate() {
        if all().take(k).any(|(q, _)| q == p) {
            continue;
        }
        if p == name {
            return Some((number, counts[number as usize]));
        }
        counts[number as usize] += 1;
    }
    None
}

/// French elides "de" and "que" before a vowel: "la tuile de {who}" with
/// Ann is "la tuile d’Ann" (a placeholder's value is only known here).
/// (An h is left alone: it may be aspirated.)
fn elide(out: &mut String, value: &str) {
    if current() != Language::Fr {
        return;
    }
    // (Both cases listed: char::to_lowercase's tables would be in the
    // page's first download.)
    let vowel = value
        .chars()
        .next()
        .is_some_and(|c| "aeiouyàâäéèêëîïôöùûüÿæœAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸÆŒ".contains(c));
    if !vowel {
        return;
    }
    for word in ["de ", "De ", "que ", "Que "] {
        if let Some(head) = out.strip_suffix(word) {
            if head.is_empty() || head.ends_with([' ', '\u{a0}', '(', '«', '\'', '’']) {
                let keep = head.len() + word.len() - 2;
                out.truncate(keep);
                out.push('’');
                return;
            }
        }
    }
}

/// `template` with each `{name}` (or `{name:type}`) replaced by its value
/// (found by [`position`] in `english`); a placeholder without one stays as
/// it is.
fn substitute(template: &str, english: &str, texts: &[&str], nums: &[u64]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let inner = &rest[open + 1..open + close];
        let name = inner.split(':').next().unwrap_or("");
        let value = match position(english, name) {
            Some((false, k)) => texts.get(k).map(|t| {
                elide(&mut out, t);
                out.push_str(t)
            }),
            Some((true, k)) => nums
                .get(k)
                .map(|&n| out.push_str(&intl::number(current(), n))),
            None => None,
        };
        if value.is_none() {
            out.push_str(&rest[open..=open + close]);
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// Numbers, dates and plural categories by the language's rules: the
/// browser's `Intl` on wasm32, natively the rules of [`plural`] and plain
/// digits.
pub mod intl {
    use super::Language;

    /// The CLDR plural category of `n` in `lang` ("one", "few"…).
    #[cfg(target_arch = "wasm32")]
    pub fn category(lang: Language, n: u64) -> String {
        use js_sys::{Array, Intl::PluralRules, Object};
        thread_local! {
            static RULES: std::cell::RefCell<Option<(Language, PluralRules)>> = const { std::cell::RefCell::new(None) };
        }
        RULES.with(|r| {
            let mut r = r.borrow_mut();
            let rules = match &*r {
                Some((l, rules)) if *l == lang => rules,
                _ => {
                    let locales = Array::of1(&lang.code().into());
                    &r.insert((lang, PluralRules::new(&locales, &Object::new())))
                        .1
                }
            };
            rules.select(n as f64).into()
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub fn category(lang: Language, n: u64) -> String {
        super::plural::category(lang, n).name().to_string()
    }

    /// `n` as the language writes it (`1.234` in German).
    #[cfg(target_arch = "wasm32")]
    pub fn number(lang: Language, n: u64) -> String {
        // Below a thousand every language here writes the plain digits:
        // no call into the browser (a game's numbers mostly are, and the
        // review's list writes hundreds of them each time it is drawn).
        if n < 1000 {
            return n.to_string();
        }
        js_sys::Number::from(n as f64)
            .to_locale_string(lang.code())
            .into()
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub fn number(_lang: Language, n: u64) -> String {
        n.to_string()
    }

    /// A moment (ms since the epoch) as the language writes a date and time,
    /// in the browser's time zone: "22 Nov 2026, 14:05", "22.11.2026, 14:05".
    #[cfg(target_arch = "wasm32")]
    pub fn date_time(lang: Language, ms: f64) -> String {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
        let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into());
        // The game's English is British ("colour"): so are its dates
        // ("22 Nov 2026, 14:05"), as before there were languages.
        let locale = match lang {
            Language::En => "en-GB",
            other => other.code(),
        };
        d.to_locale_string(locale, &options).into()
    }
}

#[cfg(test)]
mod tests;
