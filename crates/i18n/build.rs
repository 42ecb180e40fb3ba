//! Compiles locales/en.txt, the list of every message the game shows, into
//! one typed function per message (`$OUT_DIR/messages.rs`: `msg::group::name(…)`,
//! its placeholders its arguments), included by src/lib.rs. TRANSLATING.md
//! says how the file is written.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let out = std::env::var("OUT_DIR").expect("OUT_DIR");
    println!("cargo:rerun-if-changed={MESSAGES}");
    let english = std::fs::read_to_string(MESSAGES).expect("read locales/en.txt");
    std::fs::write(Path::new(&out).join("messages.rs"), messages(&english))
        .expect("write the messages");
    println!("cargo:rerun-if-changed=build.rs");
}

/// The English messages: the list of every message the code shows.
const MESSAGES: &str = "../../locales/en.txt";

/// The CLDR plural categories.
const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// One message of locales/en.txt: `group.name`, and its text (one per plural
/// category for a plural message).
struct Message {
    group: String,
    name: String,
    forms: Vec<(usize, String)>,
    plural: bool,
}

/// A text's placeholders, `{name}` or `{name:number}`, each once, in order.
fn placeholders(text: &str) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let close = rest[open..]
            .find('}')
            .unwrap_or_else(|| panic!("{MESSAGES}: an unclosed {{ in {text:?}"));
        let inner = &rest[open + 1..open + close];
        let (name, number) = match inner.split_once(':') {
            Some((n, "number")) => (n, true),
            Some((_, kind)) => panic!("{MESSAGES}: unknown placeholder type {kind:?} in {text:?}"),
            None => (inner, false),
        };
        assert!(
            is_ident(name),
            "{MESSAGES}: placeholder {{{inner}}} is not a snake_case name in {text:?}"
        );
        match out.iter().find(|(n, _)| n == name) {
            Some(&(_, was)) => assert_eq!(was, number, "{MESSAGES}: {{{name}}} has two types"),
            None => out.push((name.to_string(), number)),
        }
        rest = &rest[open + close + 1..];
    }
    out
}

fn is_ident(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// A name Rust reserves gets the raw prefix.
fn ident(s: &str) -> String {
    const KEYWORDS: [&str; 38] = [
        "as", "async", "await", "box", "break", "const", "continue", "crate", "dyn", "else",
        "enum", "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod",
        "move", "mut", "pub", "ref", "return", "static", "struct", "trait", "true", "try", "type",
        "unsafe", "use", "where", "while", "yield",
    ];
    if KEYWORDS.contains(&s) {
        format!("r#{s}")
    } else {
        s.to_string()
    }
}

/// FNV-1a, 64 bits: the version of the key list (`@keys` in each language file).
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// locales/en.txt as Rust: one function per message in a module per group,
/// each taking its placeholders as named, typed arguments and giving the
/// chosen language's text (the English stays inline, where it is used).
fn messages(english: &str) -> String {
    let mut list: Vec<Message> = Vec::new();
    for (n, line) in english.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with('@') {
            continue;
        }
        let (key, text) = line
            .split_once('=')
            .unwrap_or_else(|| panic!("{MESSAGES}:{}: not `key = text`", n + 1));
        let (key, text) = (key.trim(), text.trim());
        assert!(!text.is_empty(), "{MESSAGES}:{}: empty text", n + 1);
        let parts: Vec<&str> = key.split('.').collect();
        let (group, name, category) = match parts[..] {
            [g, m] => (g, m, None),
            [g, m, c] => (g, m, Some(c)),
            _ => panic!("{MESSAGES}:{}: a key is group.name[.plural]", n + 1),
        };
        assert!(
            is_ident(group) && is_ident(name),
            "{MESSAGES}:{}: {key:?}",
            n + 1
        );
        let category = category.map(|c| {
            CATEGORIES
                .iter()
                .position(|&k| k == c)
                .unwrap_or_else(|| panic!("{MESSAGES}:{}: {c:?} is no plural category", n + 1))
        });
        let same = list
            .last()
            .is_some_and(|m| m.group == group && m.name == name && category.is_some() && m.plural);
        if same {
            list.last_mut()
                .unwrap()
                .forms
                .push((category.unwrap(), text.to_string()));
        } else {
            assert!(
                !list.iter().any(|m| m.group == group && m.name == name),
                "{MESSAGES}:{}: {key} twice",
                n + 1
            );
            list.push(Message {
                group: group.to_string(),
                name: name.to_string(),
                forms: vec![(category.unwrap_or(5), text.to_string())],
                plural: category.is_some(),
            });
        }
    }
    let keys: Vec<String> = list
        .iter()
        .map(|m| format!("{}.{}", m.group, m.name))
        .collect();
    let version = fnv(&keys.join("\n"));
    let mut s = String::new();
    writeln!(
        s,
        "/// The version of the key list: a language file with another is stale.\n\
         pub const KEYS: u64 = {version:#018x};\n/// A current file's version line.\n\
         pub const KEYS_LINE: &str = \"@keys {version:#018x}\";\n\
         /// How many messages there are.\npub const COUNT: usize = {};",
        list.len()
    )
    .unwrap();
    let mut groups: Vec<&str> = list.iter().map(|m| m.group.as_str()).collect();
    groups.dedup();
    let mut seen = Vec::new();
    for group in groups {
        assert!(
            !seen.contains(&group),
            "{MESSAGES}: the messages of {group} are not together"
        );
        seen.push(group);
        writeln!(
            s,
            "pub mod {} {{\n#[allow(unused_imports)]\nuse super::super::*;",
            ident(group)
        )
        .unwrap();
        for (slot, m) in list.iter().enumerate().filter(|(_, m)| m.group == group) {
            let mut args: Vec<(String, bool)> = Vec::new();
            for (_, text) in &m.forms {
                for p in placeholders(text) {
                    if !args.iter().any(|a| a.0 == p.0) {
                        args.push(p);
                    }
                }
            }
            if m.plural {
                // English counts by one rule: 1 is `one`, any other `other`.
                assert!(
                    m.forms.iter().map(|f| f.0).eq([1, 5]),
                    "{MESSAGES}: {}.{} has not its .one and .other forms, in that order",
                    m.group,
                    m.name
                );
                assert!(
                    args.iter().any(|a| a.0 == "n" && a.1),
                    "{MESSAGES}: the plural {}.{} counts {{n:number}}",
                    m.group,
                    m.name
                );
            }
            for (_, text) in &m.forms {
                writeln!(s, "/// {text}").unwrap();
            }
            let params: Vec<String> = args
                .iter()
                .map(|(a, number)| {
                    if *number {
                        format!("{}: impl Into<Num>", ident(a))
                    } else {
                        format!("{}: &str", ident(a))
                    }
                })
                .collect();
            // The values only, the text ones and the number ones apart, each
            // in the order of `args`: src/i18n/mod.rs finds a placeholder's
            // value by walking the English text (forms) the same way.
            let texts: Vec<String> = args
                .iter()
                .filter(|a| !a.1)
                .map(|(a, _)| ident(a))
                .collect();
            let nums: Vec<String> = args
                .iter()
                .filter(|a| a.1)
                .map(|(a, _)| {
                    if m.plural && a == "n" {
                        "n".to_string()
                    } else {
                        format!("Into::<Num>::into({}).0", ident(a))
                    }
                })
                .collect();
            let list = |v: &[String]| format!("&[{}]", v.join(", "));
            let fname = ident(&m.name);
            let head = format!("pub fn {fname}({}) -> String {{", params.join(", "));
            if m.plural {
                // Its forms `one` and `other` as one text, a line each.
                let forms = format!("{}\n{}", m.forms[0].1, m.forms[1].1);
                let call = match (&texts[..], &nums[..]) {
                    ([], [n]) if n == "n" => format!("plural_n({slot}, n, {forms:?})"),
                    ([t], [n]) if n == "n" => format!("plural_text({slot}, n, {forms:?}, {t})"),
                    _ => format!(
                        "plural({slot}, n, {forms:?}, {}, {})",
                        list(&texts),
                        list(&nums)
                    ),
                };
                writeln!(s, "{head} let n = Into::<Num>::into(n).0; {call} }}").unwrap();
            } else if args.is_empty() {
                writeln!(
                    s,
                    "pub fn {fname}() -> &'static str {{ text({slot}, {:?}) }}",
                    m.forms[0].1
                )
                .unwrap();
            } else {
                let english = &m.forms[0].1;
                let call = match (&texts[..], &nums[..]) {
                    ([t], []) => format!("fill_text({slot}, {english:?}, {t})"),
                    ([], [n]) => format!("fill_num({slot}, {english:?}, {n})"),
                    (_, []) => format!("fill_texts({slot}, {english:?}, {})", list(&texts)),
                    _ => format!(
                        "fill({slot}, {english:?}, {}, {})",
                        list(&texts),
                        list(&nums)
                    ),
                };
                writeln!(s, "{head} {call} }}").unwrap();
            }
        }
        s.push_str("}\n");
    }
    s
}
