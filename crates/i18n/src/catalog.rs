//! A language file read for the page: its texts by position, in the English
//! file's key order, so that the page carries no table of key names. The
//! keys stay in the source file for its translators (the build packs the
//! page's copy without them and without comments: scripts/pack-lang.js,
//! `-=text`, a counted message's forms `a..one`, `a..other`); `check` holds
//! the file to the English one, and its `@keys` line (the version of the key list) tells a
//! file written for another version of the code, which is then not used.
//!
//! The format (TRANSLATING.md): `# comment`, `@keys <version>`, and
//! `group.name = text` lines, a counted message as one line per plural
//! category (`group.name.one = …`, `group.name.few = …`).

use super::plural::Category;
use super::{msg, Language};

/// One message's text, or its forms by plural category.
#[derive(Debug, PartialEq)]
pub enum Slot {
    Text(&'static str),
    /// (CLDR category, text): `("few", "{n} kafelki")`.
    Plural(Vec<(&'static str, &'static str)>),
}

/// A language's texts, one slot per message of the English file, in its order.
#[derive(Debug)]
pub struct Catalog {
    pub lang: Language,
    pub slots: Vec<Slot>,
    /// The file as fetched: what the page hands a worker ([`super::source`]).
    pub text: &'static str,
}

/// Why a language file is not used.
#[derive(Clone, Debug, PartialEq)]
pub enum Unusable {
    /// Written for another version of the key list (or none).
    Stale,
    /// Not a language file: this line (from 1) is not `key = text`.
    Malformed(usize),
}

/// A line's key and text, or None for a blank line or a comment.
pub fn entry(line: &str) -> Option<Result<(&str, &str), ()>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') || line.starts_with('@') {
        return None;
    }
    Some(
        line.split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .filter(|(k, v)| !k.is_empty() && !k.contains(' ') && !v.is_empty())
            .ok_or(()),
    )
}

/// A key (`group.name.few`) without its third part, and that part: a plural
/// category (`check` holds it to the CLDR names; the page takes it as it is).
pub fn split_key(key: &str) -> (&str, Option<&str>) {
    let dots = key.bytes().filter(|&b| b == b'.').count();
    match key.bytes().rposition(|b| b == b'.') {
        Some(at) if dots == 2 => (&key[..at], Some(&key[at + 1..])),
        _ => (key, None),
    }
}

/// A key without its plural category, and the category.
pub fn split_plural(key: &str) -> (&str, Option<Category>) {
    match split_key(key) {
        (base, Some(last)) => match Category::from_name(last) {
            Some(c) => (base, Some(c)),
            None => (key, None),
        },
        plain => (plain.0, None),
    }
}

/// The `@keys` line's version, if the file has one.
pub fn version(text: &str) -> Option<u64> {
    text.lines().find_map(|l| {
        let v = l.trim().strip_prefix("@keys")?.trim();
        u64::from_str_radix(v.trim_start_matches("0x"), 16).ok()
    })
}

impl Catalog {
    /// Reads `text`, a file for `lang`: its slots in order. A file of another
    /// version, or whose messages do not count as many as the English ones, is
    /// stale; a line that is not `key = text` makes it malformed.
    pub fn parse(lang: Language, text: &'static str) -> Result<Catalog, Unusable> {
        // (Compared as text: no number parsing in the page.)
        if !text.split('\n').any(|l| l.trim() == msg::KEYS_LINE) {
            return Err(Unusable::Stale);
        }
        let mut slots: Vec<Slot> = Vec::with_capacity(msg::COUNT);
        let mut last_base = "";
        for (n, line) in text.split('\n').enumerate() {
            let Some(e) = entry(line) else { continue };
            let (key, value) = e.map_err(|()| Unusable::Malformed(n + 1))?;
            let (base, category) = split_key(key);
            match (category, slots.last_mut()) {
                (Some(c), Some(Slot::Plural(forms))) if base == last_base => forms.push((c, value)),
                (Some(c), _) => slots.push(Slot::Plural(vec![(c, value)])),
                (None, _) => slots.push(Slot::Text(value)),
            }
            last_base = base;
        }
        if slots.len() != msg::COUNT {
            return Err(Unusable::Stale);
        }
        Ok(Catalog { lang, slots, text })
    }
}
