//! Every language file against the English one (locales/en.txt): the check a
//! translator runs, `cargo test --test languages` (TRANSLATING.md). It fails
//! when a language lacks a message, has one the code does not use, misses
//! a plural form its language needs, or a placeholder is missing or
//! unknown; and when the code lacks a message of the English file.

use i18n::{check, Language};
use std::path::{Path, PathBuf};

const ENGLISH: &str = include_str!("../locales/en.txt");

fn file(lang: Language) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(lang.file())
}

#[test]
fn every_language_has_every_message_and_no_other() {
    let mut report = String::new();
    for lang in Language::ALL.into_iter().filter(|&l| l != Language::En) {
        let path = file(lang);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                report.push_str(&format!("{}: {e}\n", path.display()));
                continue;
            }
        };
        for p in check::problems(lang, ENGLISH, &text) {
            report.push_str(&format!("{}: {p}\n", lang.file()));
        }
    }
    assert!(report.is_empty(), "\n{report}");
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `path` is in `code` as a whole name (`saves::delete`, not the
/// start of `saves::delete_it`).
fn used(code: &str, path: &str) -> bool {
    code.match_indices(path).any(|(at, _)| {
        let next = code[at + path.len()..].chars().next();
        !next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// The English file is the code's list: a message no code shows is one too
/// many (for every translator).
#[test]
fn every_message_is_used_by_the_code() {
    let mut files = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    sources(&root.join("src"), &mut files);
    for krate in std::fs::read_dir(root.join("crates"))
        .expect("read crates")
        .flatten()
    {
        sources(&krate.path().join("src"), &mut files);
    }
    let mut code: String = files
        .iter()
        .filter(|f| !f.ends_with("i18n/src/tests.rs"))
        .map(|f| std::fs::read_to_string(f).expect("read a source"))
        .collect();
    // The loading sign's words are web/boot.js's (scripts/pack-lang.js
    // writes them in), by their keys: `'boot.loading'`.
    let boot = Path::new(env!("CARGO_MANIFEST_DIR")).join("web/boot.js");
    code += &std::fs::read_to_string(boot).expect("read web/boot.js");
    let unused: Vec<String> = check::keys(ENGLISH)
        .into_iter()
        .filter(|key| {
            let (group, name) = key.split_once('.').expect("group.name");
            // As called or passed: `msg::group::name`, `group::name` after a
            // `use`, or `m::name` in a function that aliases its group.
            ![
                format!("{group}::{name}"),
                format!("{group}::r#{name}"),
                format!("m::{name}"),
                format!("m::r#{name}"),
                format!("'{group}.{name}'"),
            ]
            .iter()
            .any(|needle| used(&code, needle))
        })
        .collect();
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
}

/// The text view's help names the words its language's text view reads:
/// each quoted word of `city_command.help` and `classic_command.help` (its
/// first word: “schau 1,0”) is one of the file's `command.words_*`, a
/// piece's word, or a space and turn (“1,0 90”).
#[test]
fn the_text_views_help_names_the_languages_typed_words() {
    let mut report = String::new();
    for lang in Language::ALL.into_iter().filter(|&l| l != Language::En) {
        let text = std::fs::read_to_string(file(lang)).expect("read a language file");
        let value = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix(" = "))
                .unwrap_or("")
                .to_string()
        };
        let words: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("command.words_"))
            .filter_map(|l| l.split_once(" = "))
            .flat_map(|(_, w)| {
                w.split_whitespace()
                    .map(str::to_lowercase)
                    .collect::<Vec<_>>()
            })
            .collect();
        for key in ["city_command.help", "classic_command.help"] {
            let help = value(key);
            let quoted = help
                .split(['„', '«'])
                .skip(1)
                .filter_map(|s| s.split(['“', '”', '»']).next())
                .map(|q| q.trim_matches('\u{a0}').trim());
            for q in quoted {
                let first = q.split_whitespace().next().unwrap_or("");
                let spatial = first
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == ',' || c == '-');
                if !spatial && !words.contains(&first.to_lowercase()) {
                    report.push_str(&format!(
                        "{}: {key} names “{first}”, not a typed word\n",
                        lang.file()
                    ));
                }
            }
        }
    }
    assert!(report.is_empty(), "\n{report}");
}

/// The build packs each language file for the page (scripts/pack-lang.js:
/// no comments, no key names): the page reads the packed file to the same
/// messages as the source (its size: tests/e2e/language.js). (Needs node,
/// as the build does; without it, said and skipped.)
#[test]
fn the_packed_language_files_read_as_their_sources() {
    use i18n::catalog::Catalog;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("pack-lang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let langs: Vec<Language> = Language::ALL
        .into_iter()
        .filter(|&l| l != Language::En)
        .collect();
    for &lang in &langs {
        let name = Path::new(&lang.file())
            .file_name()
            .expect("a file name")
            .to_owned();
        std::fs::copy(file(lang), dir.join(name)).expect("copy a language file");
    }
    let ran = std::process::Command::new("node")
        .arg(root.join("scripts/pack-lang.js"))
        .arg(&dir)
        .status();
    match ran {
        Ok(s) => assert!(s.success(), "scripts/pack-lang.js failed"),
        Err(e) => {
            eprintln!("node not found ({e}): the packed files not checked");
            return;
        }
    }
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    for &lang in &langs {
        let source = leak(std::fs::read_to_string(file(lang)).expect("read a language file"));
        let name = Path::new(&lang.file())
            .file_name()
            .expect("a file name")
            .to_owned();
        let packed_text = std::fs::read_to_string(dir.join(&name)).expect("read a packed file");
        let packed = leak(packed_text);
        let a = Catalog::parse(lang, source).expect("the source reads");
        let b = Catalog::parse(lang, packed).expect("the packed file reads");
        assert_eq!(
            a.slots,
            b.slots,
            "{}: the packed file reads otherwise",
            lang.file()
        );
        assert!(
            packed.len() < source.len() * 3 / 4,
            "{}: not packed",
            lang.file()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
