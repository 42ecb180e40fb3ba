//! Holds a language file to the English one (locales/en.txt), for the test
//! that guards every language (`cargo test --test languages`) and for
//! translators: every message present, in the English order (the page reads
//! the file by position), no message the English lacks, each plural form the
//! language needs, the same placeholders, and the `@keys` line of this
//! version of the key list.

use super::catalog::{entry, split_plural, version};
use super::plural::{self, Category};
use super::{msg, Language};

/// A message as a file gives it: its key, its forms (category, text, line).
struct Message<'a> {
    key: &'a str,
    line: usize,
    forms: Vec<(Option<Category>, &'a str)>,
}

/// The messages of a file, in order, and its lines that are not `key = text`.
fn messages(text: &str) -> (Vec<Message<'_>>, Vec<String>) {
    let mut out: Vec<Message> = Vec::new();
    let mut bad = Vec::new();
    for (n, line) in text.lines().enumerate() {
        match entry(line) {
            None => {}
            Some(Err(())) => bad.push(format!("line {}: not `key = text`", n + 1)),
            Some(Ok((key, value))) => {
                let (base, category) = split_plural(key);
                match out.last_mut() {
                    Some(m) if category.is_some() && m.key == base && m.forms[0].0.is_some() => {
                        m.forms.push((category, value))
                    }
                    _ => out.push(Message {
                        key: base,
                        line: n + 1,
                        forms: vec![(category, value)],
                    }),
                }
            }
        }
    }
    (out, bad)
}

/// A text's placeholder names (without their types), sorted, each once.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let name = rest[open + 1..open + close].split(':').next().unwrap_or("");
        if !out.contains(&name) {
            out.push(name);
        }
        rest = &rest[open + close + 1..];
    }
    out.sort_unstable();
    out
}

/// The English file's keys (`group.name`), in order: the code's messages.
pub fn keys(english: &str) -> Vec<String> {
    messages(english)
        .0
        .iter()
        .map(|m| m.key.to_string())
        .collect()
}

/// Every problem of `file`, `lang`'s file, against `english`; none: it is
/// complete and current.
pub fn problems(lang: Language, english: &str, file: &str) -> Vec<String> {
    let (en, _) = messages(english);
    let (ours, mut out) = messages(file);
    if version(file) != Some(msg::KEYS) {
        out.push(format!(
            "the file's version line is not `@keys {:#018x}` (the key list's version: write it once every key is in order)",
            msg::KEYS
        ));
    }
    for m in &ours {
        if !en.iter().any(|e| e.key == m.key) {
            out.push(format!(
                "line {}: {} is not a message of the English file",
                m.line, m.key
            ));
        }
    }
    let mut previous = 0;
    for e in &en {
        let found: Vec<(usize, &Message)> = ours
            .iter()
            .enumerate()
            .filter(|(_, m)| m.key == e.key)
            .collect();
        let (at, m) = match found[..] {
            [] => {
                out.push(format!("{} is missing", e.key));
                continue;
            }
            [one] => one,
            [_, (_, second), ..] => {
                out.push(format!("line {}: {} again", second.line, e.key));
                found[0]
            }
        };
        if at < previous {
            out.push(format!(
                "line {}: {} is out of the English file's order",
                m.line, e.key
            ));
        }
        previous = at;
        let want = placeholders(e.forms[0].1);
        let counted = e.forms[0].0.is_some();
        if counted != m.forms[0].0.is_some() {
            out.push(format!(
                "line {}: {} {}",
                m.line,
                e.key,
                if counted {
                    "is counted: one line per plural form (.one, .other…)"
                } else {
                    "is not counted"
                }
            ));
            continue;
        }
        if !counted {
            let have = placeholders(m.forms[0].1);
            if have != want {
                out.push(format!(
                    "line {}: {} has placeholders {{{}}}, the English {{{}}}",
                    m.line,
                    e.key,
                    have.join("} {"),
                    want.join("} {")
                ));
            }
            continue;
        }
        let needed = plural::categories(lang);
        for c in &needed {
            if !m.forms.iter().any(|f| f.0 == Some(*c)) {
                out.push(format!(
                    "line {}: {} lacks its .{} form",
                    m.line,
                    e.key,
                    c.name()
                ));
            }
        }
        for (c, text) in &m.forms {
            let c = c.unwrap_or(Category::Other);
            if !needed.contains(&c) {
                out.push(format!(
                    "line {}: {}.{}: {} has no such form",
                    m.line,
                    e.key,
                    c.name(),
                    lang.autonym()
                ));
            }
            // A form may leave the count out ("jeden kafelek"), nothing else.
            let have = placeholders(text);
            let all: Vec<&str> = e.forms.iter().flat_map(|f| placeholders(f.1)).collect();
            for p in &have {
                if !all.contains(p) {
                    out.push(format!(
                        "line {}: {}.{}: unknown placeholder {{{p}}}",
                        m.line,
                        e.key,
                        c.name()
                    ));
                }
            }
            for p in &all {
                if *p != "n" && !have.contains(p) {
                    out.push(format!(
                        "line {}: {}.{}: lacks placeholder {{{p}}}",
                        m.line,
                        e.key,
                        c.name()
                    ));
                }
            }
        }
    }
    out.dedup();
    out
}
