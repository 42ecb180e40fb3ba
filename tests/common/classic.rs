//! The harness for classic rule tests written as data: a CGN-C record
//! (NOTATION-CLASSIC.md) in `tests/records/classic/` whose extra tags say
//! what replaying it must give. Every record that reads is also written
//! back and read again: the round trip must reproduce the game.
//!
//! Expectation tags (all optional; lists are one value per player, seat order):
//! - `[ExpectError "text"]`: reading fails and the error contains `text`
//!   (name the rule id, e.g. `(B3.2)`, and/or the line, e.g. `line 9:`).
//! - `[ExpectScores "8 0"]`, `[ExpectRoads ..]`, `[ExpectCities ..]`,
//!   `[ExpectCloisters ..]`, `[ExpectFarms ..]`, `[ExpectCoins ..]`.
//! - `[ExpectSupply "7 6"]`: followers in supply per player.
//! - `[ExpectEndedBy "pile-empty"]` (`no-playable`, or `null` for a game in progress).
//! - `[ExpectTurns "n"]`, `[ExpectRemoved "n"]`, `[ExpectLeft "n"]`: as in
//!   the replay summary.

use engine::classic::Game;
use engine::TileGame;
use formats::notation::classic as record;
use formats::notation::{self, DeckTag};
use view::errors::record_error;

/// Replay `text` and check every expectation tag; the replayed game (None
/// when an error was expected) is returned for further checks.
pub fn check_classic_record(name: &str, text: &str) -> Option<Game> {
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
    let read = notation::read(text).map(|r| r.game.as_classic().cloned());
    let g = match (read, tag("ExpectError")) {
        (Err(e), Some(want)) => {
            let e = record_error(&e);
            assert!(
                e.contains(&want),
                "{name}: expected an error containing {want:?}, got {e}"
            );
            return None;
        }
        (Err(e), None) => panic!("{name}: the record does not read: {}", record_error(&e)),
        (Ok(_), Some(want)) => {
            panic!("{name}: expected an error containing {want:?}, but the record reads")
        }
        (Ok(None), None) => panic!("{name}: not a record of classic Carcassonne"),
        (Ok(Some(g)), None) => g,
    };
    let s = record::summary(&g);
    let list = |v: Vec<u32>| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    let b = &s.breakdown;
    let checks: [(&str, String); 8] = [
        ("ExpectScores", list(s.scores.clone())),
        ("ExpectRoads", list(b.iter().map(|x| x.roads).collect())),
        ("ExpectCities", list(b.iter().map(|x| x.cities).collect())),
        (
            "ExpectCloisters",
            list(b.iter().map(|x| x.cloisters).collect()),
        ),
        ("ExpectFarms", list(b.iter().map(|x| x.farms).collect())),
        ("ExpectCoins", list(b.iter().map(|x| x.coins).collect())),
        (
            "ExpectSupply",
            list(g.players().iter().map(|p| p.supply as u32).collect()),
        ),
        ("ExpectEndedBy", s.ended_by.unwrap_or("null").to_string()),
    ];
    for (t, got) in checks {
        if let Some(want) = tag(t) {
            let want = want.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(got, want, "{name}: {t}");
        }
    }
    for (t, got) in [
        ("ExpectTurns", s.turns),
        ("ExpectRemoved", s.removed),
        ("ExpectLeft", s.left),
    ] {
        if let Some(want) = tag(t) {
            assert_eq!(got.to_string(), want, "{name}: {t}");
        }
    }
    // The breakdown sums to the score, and the record round-trips.
    for (p, x) in b.iter().enumerate() {
        let sum = x.roads + x.cities + x.cloisters + x.farms + x.coins;
        assert_eq!(sum, s.scores[p], "{name}: the breakdown of seat {p}");
    }
    let again = record::write(&g, &[], DeckTag::Deck);
    let back =
        record::read(&again).unwrap_or_else(|e| panic!("{name}: {}\n{again}", record_error(&e)));
    assert_eq!(back.game.history(), g.history(), "{name}: round trip");
    assert_eq!(back.game.scores(), g.scores(), "{name}: round trip");
    Some(g)
}

/// `classic_record_test!(name)` checks `tests/records/classic/name.cgn`;
/// `classic_record_test!(name, |game| { ... })` also runs further checks.
#[macro_export]
macro_rules! classic_record_test {
    ($name:ident) => {
        #[test]
        fn $name() {
            common::classic::check_classic_record(
                stringify!($name),
                include_str!(concat!("records/classic/", stringify!($name), ".cgn")),
            );
        }
    };
    ($name:ident, |$g:ident| $body:block) => {
        #[test]
        fn $name() {
            let $g = common::classic::check_classic_record(
                stringify!($name),
                include_str!(concat!("records/classic/", stringify!($name), ".cgn")),
            )
            .expect("the record reads");
            $body
        }
    };
}

/// Written as CGN-C (with a `Seed` tag and with a `Deck` tag) the game reads
/// back to the same game, and its share link (and one of its middle
/// position) opens to the same decisions and scores.
pub fn assert_record_and_link_round_trip(g: &Game) {
    use engine::any::AnyGame;
    use formats::share;
    for deck in [DeckTag::Auto, DeckTag::Deck] {
        let text = record::write(g, &[], deck);
        let back = record::read(&text).unwrap_or_else(|e| panic!("{}\n{text}", record_error(&e)));
        assert_eq!(back.game.history(), g.history(), "{text}");
        assert_eq!(back.game.scores(), g.scores());
        assert_eq!(back.game.events(), g.events());
        assert_eq!(back.game.ended_by(), g.ended_by());
        assert_eq!(record::summary(&back.game), record::summary(g));
    }
    for n in [g.history().len(), g.history().len() / 2] {
        let part = AnyGame::Classic(g.at(n));
        let link = share::encode(&part);
        let back = share::decode(&link).unwrap_or_else(|e| panic!("{e:?}: {link}"));
        assert_eq!(back.history(), part.history());
        assert_eq!(back.scores(), part.scores());
    }
}
