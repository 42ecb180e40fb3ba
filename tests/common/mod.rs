//! The harness for rule tests written as data: a CGN record whose extra tags
//! say what replaying it must give.
//!
//! Expectation tags (all optional; lists are one value per player, seat order):
//! - `[ExpectError "text"]`: reading fails and the error contains `text`
//!   (name the rule id, e.g. `R3.2`, and/or the line, e.g. `line 9:`).
//! - `[ExpectScores "8 0"]`, `[ExpectStreets ..]`, `[ExpectMarkets ..]`,
//!   `[ExpectTowers ..]`, `[ExpectStewards ..]`, `[ExpectGuards ..]`.
//! - `[ExpectEndedBy "gap"]` (`closed`, `last-wall`, `gap`, `last-tile`, or `null`).
//! - `[ExpectTurns "n"]`, `[ExpectWalls "n"]`: tiles placed, wall pieces placed in play.
//! - `[ExpectSupply "7 6"]`: followers in supply per player at the end.
#![allow(dead_code)]

pub mod classic;

use engine::city::Game;
use engine::TileGame;
use formats::notation::city as record;
use view::errors::record_error;

/// Replay `text` and check every expectation tag; the replayed game (None
/// when an error was expected) is returned for further checks.
pub fn check_record(name: &str, text: &str) -> Option<Game> {
    let tag = |t: &str| -> Option<String> {
        let prefix = format!("[{t} \"");
        text.lines()
            .map(str::trim)
            .find_map(|l| {
                l.strip_prefix(prefix.as_str())
                    .and_then(|r| r.strip_suffix("\"]"))
            })
            .map(str::to_string)
    };
    match (record::read(text), tag("ExpectError")) {
        (Err(e), Some(want)) => {
            let e = record_error(&e);
            assert!(
                e.contains(&want),
                "{name}: expected an error containing {want:?}, got {e}"
            );
            None
        }
        (Err(e), None) => panic!("{name}: the record does not read: {}", record_error(&e)),
        (Ok(_), Some(want)) => {
            panic!("{name}: expected an error containing {want:?}, but the record reads")
        }
        (Ok(rec), None) => {
            let g = rec.game;
            let per_player = |f: &dyn Fn(usize) -> u32| -> String {
                (0..g.player_count())
                    .map(|p| f(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let b = |p: usize| g.players()[p].breakdown;
            let checks: [(&str, String); 7] = [
                ("ExpectScores", per_player(&|p| g.players()[p].score)),
                ("ExpectStreets", per_player(&|p| b(p).streets)),
                ("ExpectMarkets", per_player(&|p| b(p).markets)),
                ("ExpectTowers", per_player(&|p| b(p).towers)),
                ("ExpectStewards", per_player(&|p| b(p).stewards)),
                ("ExpectGuards", per_player(&|p| b(p).guards)),
                (
                    "ExpectSupply",
                    per_player(&|p| g.players()[p].supply as u32),
                ),
            ];
            for (t, got) in checks {
                if let Some(want) = tag(t) {
                    assert_eq!(
                        got,
                        want.split_whitespace().collect::<Vec<_>>().join(" "),
                        "{name}: {t}"
                    );
                }
            }
            if let Some(want) = tag("ExpectEndedBy") {
                assert_eq!(
                    g.ended_by().map_or("null", |e| e.name()),
                    want,
                    "{name}: ExpectEndedBy"
                );
            }
            if let Some(want) = tag("ExpectTurns") {
                assert_eq!(g.turns().to_string(), want, "{name}: ExpectTurns");
            }
            if let Some(want) = tag("ExpectWalls") {
                assert_eq!(
                    g.walls().pieces.len().to_string(),
                    want,
                    "{name}: ExpectWalls"
                );
            }
            Some(g)
        }
    }
}

/// `record_test!(name)` checks `tests/records/city/name.cgn`;
/// `record_test!(name, |game| { ... })` also runs further checks on the game.
#[macro_export]
macro_rules! record_test {
    ($name:ident) => {
        #[test]
        fn $name() {
            common::check_record(
                stringify!($name),
                include_str!(concat!("records/city/", stringify!($name), ".cgn")),
            );
        }
    };
    ($name:ident, |$g:ident| $body:block) => {
        #[test]
        fn $name() {
            let $g = common::check_record(
                stringify!($name),
                include_str!(concat!("records/city/", stringify!($name), ".cgn")),
            )
            .expect("the record reads");
            $body
        }
    };
}
