//! Puzzles (issue 40): `city puzzles --json` as a process, and the puzzle
//! criteria on every shipped puzzle (`static/puzzles/*.json`): its
//! position opens from its link, its answers are legal there and the
//! best's notation, the stored gain is at least 5 points (the mining's
//! larger-budget recheck), its theme is the one its best move has, its
//! rating in range, and the view reads every one.

use computer::puzzles::{theme_any, Theme, MIN_GAIN};
use engine::any::Ruleset;
use formats::notation;

mod common;
use common::city;

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The planted blunders of both games mined on a light budget: the JSON
/// has the fields the issue names, the classic city left open is found
/// with its best move completing it, and --game keeps to its game.
#[test]
fn city_puzzles_json_names_each_puzzle_and_its_gain() {
    let dir = std::env::temp_dir().join(format!("city-puzzles-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["classic_placement_blunder.cgn", "city_normal_vs_hard.cgn"] {
        std::fs::copy(root().join("tests/records/review").join(f), dir.join(f)).unwrap();
    }
    let (code, out, err) = city(&[
        "puzzles",
        "--game",
        "classic",
        "--from",
        dir.to_str().unwrap(),
        "--budget",
        "0.25",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let puzzles = v["puzzles"].as_array().unwrap();
    assert!(!puzzles.is_empty(), "{out}");
    for p in puzzles {
        for key in [
            "record",
            "turn",
            "seat",
            "best",
            "best_gain",
            "theme",
            "rating",
        ] {
            assert!(p.get(key).is_some(), "{key} in {p}");
        }
        assert_eq!(p["record"], "classic_placement_blunder.cgn");
        assert!(p["best_gain"].as_f64().unwrap() >= MIN_GAIN);
        assert!(Theme::from_name(p["theme"].as_str().unwrap()).is_some());
    }
    assert!(
        puzzles.iter().any(|p| p["theme"] == "completing"),
        "the city left open: {out}"
    );
    // Errors are plain.
    let (code, _, err) = city(&["puzzles", "--game", "chess", "--from", "."]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown game"), "{err}");
    let (code, _, err) = city(&["puzzles", "--game", "classic"]);
    assert_eq!(code, 1);
    assert!(err.contains("--from"), "{err}");
}

/// Every shipped puzzle meets the criteria, from its stored figures and a
/// cheap replay; at least 200 per game.
#[test]
fn every_shipped_puzzle_meets_the_criteria() {
    for (file, ruleset) in [
        ("the-city-puzzles.json", Ruleset::City),
        ("classic-puzzles.json", Ruleset::Classic),
    ] {
        let path = root().join("static/puzzles").join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let raw = v["puzzles"].as_array().unwrap();
        assert!(raw.len() >= 200, "{file}: {} puzzles", raw.len());
        let read = view::puzzles::parse_set(&text, ruleset);
        assert_eq!(read.len(), raw.len(), "{file}: the view reads every one");
        let mut ids = std::collections::HashSet::new();
        for (p, q) in raw.iter().zip(&read) {
            let at = format!("{file} {}", q.id);
            assert!(ids.insert(q.id.clone()), "{at}: one id each");
            let pos = q
                .position()
                .unwrap_or_else(|| panic!("{at}: the position opens"));
            assert!(p["best_gain"].as_f64().unwrap() >= MIN_GAIN, "{at}: gain");
            assert!((800.0..=2200.0).contains(&q.rating), "{at}: rating");
            // The answers are legal moves there; the first is the best.
            let legal = pos.legal_choices();
            for a in &q.answers {
                let first = legal[a[0]];
                let then = a.get(1).map(|&j| {
                    let mut after = pos.clone();
                    after.play(first).unwrap();
                    after.legal_choices()[j]
                });
                assert_eq!(q.check(&pos, first, then), Some(true), "{at}");
            }
            let (best, then) = q.best_choices(&pos).unwrap();
            assert_eq!(
                notation::move_text(&pos, best, then),
                p["best"].as_str().unwrap(),
                "{at}: the best's notation"
            );
            assert_eq!(theme_any(&pos, best, then), Some(q.theme), "{at}: theme");
            // The second best is another move, not an answer.
            assert_ne!(p["second"], p["best"], "{at}");
        }
    }
}
