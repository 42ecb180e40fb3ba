//! What must not move through any restructuring (issue 9): every share link
//! written by an earlier build (`tests/fixtures/links/`) still opens to the
//! same game, encodes back to the same characters and writes the same CGN
//! record, byte for byte; and the computer's decisions pinned in
//! `tests/fixtures/ai/decisions.txt` are still the ones it makes.
//!
//! The fixtures were written by `examples/pin_fixtures.rs` on the commit
//! before the restructuring; they are data and are never regenerated.

use std::path::Path;
use the_city::ai::{self, Level};
use the_city::engine::TileGame;
use the_city::notation::{self, DeckTag};
use the_city::share;

fn fixtures(ext: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/links");
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/fixtures/links exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

#[test]
fn every_pinned_link_opens_to_its_record() {
    let links = fixtures("link");
    assert!(links.len() >= 30, "at least 30 pinned links");
    for path in links {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines = text.lines();
        let link = lines.next().unwrap();
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_string()))
                .unwrap_or_else(|| panic!("{}: no {name}", path.display()))
        };
        let game = share::decode(link).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let cgn = std::fs::read_to_string(path.with_extension("cgn")).unwrap();
        assert_eq!(
            notation::write(&game, &[], DeckTag::Auto),
            cgn,
            "{}: the record it decodes to",
            path.display()
        );
        assert_eq!(
            game.decisions().to_string(),
            field("decisions"),
            "{}",
            path.display()
        );
        let scores: Vec<String> = game.scores().iter().map(|s| s.to_string()).collect();
        assert_eq!(scores.join(" "), field("scores"), "{}", path.display());
        assert_eq!(
            game.is_over().to_string(),
            field("over"),
            "{}",
            path.display()
        );
        assert_eq!(
            share::encode(&game),
            link,
            "{}: encodes back to the same link",
            path.display()
        );
    }
}

#[test]
fn pinned_ai_decisions_are_unchanged() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ai/decisions.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut f = line.split(' ');
        let (level, seed, link, idx) = (
            f.next().unwrap(),
            f.next().unwrap(),
            f.next().unwrap(),
            f.next().unwrap(),
        );
        let level = Level::from_name(level).unwrap();
        let seed: u64 = seed.parse().unwrap();
        let idx: usize = idx.parse().unwrap();
        let game = share::decode(link).unwrap().into_city().unwrap();
        let choice = ai::choose(&game, level, seed);
        assert_eq!(
            game.legal_choices().iter().position(|&c| c == choice),
            Some(idx),
            "{line}"
        );
        n += 1;
    }
    assert!(n >= 20);
}
