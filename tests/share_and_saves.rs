//! Share links (`formats::share`) and saved games (`formats::saves`):
//! round trips over random games, damaged links, the `city share`/`unshare`
//! commands, the saved-games fixtures, and fuzzing of every reader that
//! takes outside text (links, CGN records, saved-games documents).
//!
//! Classic Carcassonne's links, CGN-C records and saved entries are covered
//! the same way (the `classic_*` tests and fuzz properties).
//!
//! Fuzzing runs `FUZZ_CASES` cases (default 200) in each of the 10 `fuzz_*`
//! properties: 11 inputs a case in all (`fuzz_saves_parser` reads two). A
//! run of 10^6 inputs:
//!
//! `FUZZ_CASES=90000 cargo test --release --test share_and_saves fuzz_`

use engine::any::{AnyGame, Ruleset};
use engine::city::DEFAULT_STACKS;
use engine::city::{Catalogue, Game, Options, Setup, TileType};
use engine::classic;
use engine::core::random;
use engine::core::rng::below;
use engine::TileGame;
use formats::notation;
use formats::notation::city::{self as record, DeckTag};
use formats::saves::{self, RecordKind, SaveDoc, SaveError, SavedSeat};
use formats::share::{self, ShareError};
use proptest::prelude::*;
use rand_pcg::Pcg64;
use std::sync::OnceLock;
use view::errors::{damage, save_error, share_error};

/// A link that must hold a game of The City.
fn decode_city(link: &str) -> Result<Game, ShareError> {
    share::decode(link).map(|g| g.into_city().expect("a game of The City"))
}

fn cat() -> &'static Catalogue {
    Catalogue::builtin().unwrap()
}

const NAMES: [&str; 10] = [
    "Ann",
    "Bob",
    "Zoë",
    "李雷",
    "Ödön Kovács",
    "🙂 Smile",
    "abcdefghijklmnopqrstuvwx",
    "Ça-va",
    "O'Neil",
    "Dee",
];

fn pick_names(rng: &mut Pcg64, k: usize) -> Vec<String> {
    let mut pool: Vec<&str> = NAMES.to_vec();
    (0..k)
        .map(|_| {
            let i = below(rng, pool.len() as u64) as usize;
            pool.swap_remove(i).to_string()
        })
        .collect()
}

fn pick_stacks(rng: &mut Pcg64, max: u32) -> [u32; 3] {
    if below(rng, 4) == 0 && max == 75 {
        return DEFAULT_STACKS;
    }
    let a = 1 + below(rng, max as u64) as u32;
    let b = below(rng, (max - a + 1) as u64) as u32;
    let c = below(rng, (max - a - b + 1) as u64) as u32;
    [a, b, c]
}

fn pick_options(rng: &mut Pcg64) -> Options {
    let bits = below(rng, 8);
    let mut o = Options::default();
    for (k, name) in Options::NAMES.iter().enumerate() {
        o.set(name, bits & (1 << k) != 0);
    }
    o
}

/// A random setup dealt from a seed: 2–4 players, varied stacks and options.
fn seeded_setup(seed: u64) -> Setup {
    let mut rng = random::choice_rng(seed ^ 0xABCD);
    let k = 2 + (seed % 3) as usize;
    let names = pick_names(&mut rng, k);
    let stacks = pick_stacks(&mut rng, 75);
    let options = pick_options(&mut rng);
    Setup::from_seed(cat(), names, seed, stacks, options).unwrap()
}

/// A random explicit deck: some of the box's tiles in a random order.
fn deck_setup(seed: u64) -> Setup {
    let mut rng = random::choice_rng(seed ^ 0xDECC);
    let mut all: Vec<TileType> = cat().all_copies();
    for i in (1..all.len()).rev() {
        let j = below(&mut rng, i as u64 + 1) as usize;
        all.swap(i, j);
    }
    let max = 1 + below(&mut rng, 75) as u32;
    let stacks = pick_stacks(&mut rng, max);
    all.truncate(stacks.iter().sum::<u32>() as usize);
    let k = 2 + below(&mut rng, 3) as usize;
    let names = pick_names(&mut rng, k);
    let options = pick_options(&mut rng);
    Setup::from_deck(cat(), names, all, stacks, options).unwrap()
}

fn played(setup: Setup, seed: u64) -> Game {
    let mut g = Game::new(cat(), setup).unwrap();
    random::play_out(&mut g, &mut random::choice_rng(seed));
    g
}

fn assert_round_trip(g: &Game, what: &str) -> String {
    let link = share::city::encode(g);
    assert!(
        link.bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'),
        "{what}: {link}"
    );
    let back = decode_city(&link).unwrap_or_else(|e| panic!("{what}: {e:?}\n{link}"));
    assert_eq!(back.setup(), g.setup(), "{what}");
    assert_eq!(back.history(), g.history(), "{what}");
    assert_eq!(back.scores(), g.scores(), "{what}");
    assert_eq!(back.is_over(), g.is_over(), "{what}");
    assert_eq!(back.decision(), g.decision(), "{what}");
    assert_eq!(share::city::encode(&back), link, "{what}");
    link
}

#[test]
fn links_round_trip_1000_seeded_random_games_and_their_middles() {
    let mut positions = 0;
    for seed in 0..1000u64 {
        let g = played(seeded_setup(seed), seed);
        assert!(g.is_over());
        assert_round_trip(&g, &format!("seed {seed}"));
        positions += 1;
        if seed % 10 == 0 {
            let h = g.history();
            for k in [0, 1, 2, h.len() / 3, h.len() / 2, h.len().saturating_sub(1)] {
                let mid = Game::replay(cat(), g.setup().clone(), &h[..k]).unwrap();
                assert_round_trip(&mid, &format!("seed {seed}, {k} decisions"));
                positions += 1;
            }
        }
    }
    assert!(positions >= 1600);
}

#[test]
fn links_round_trip_explicit_decks_and_redealt_games() {
    for seed in 0..300u64 {
        let g = played(deck_setup(seed), seed);
        assert_round_trip(&g, &format!("deck {seed}"));
        let h = g.history();
        let mid = Game::replay(cat(), g.setup().clone(), &h[..h.len() / 2]).unwrap();
        assert_round_trip(&mid, &format!("deck {seed}, middle"));
        // A game whose undrawn tiles were redealt keeps no seed.
        if !mid.is_over() {
            let redealt = mid.redeal_unseen(&mut random::choice_rng(seed));
            assert_eq!(redealt.setup().seed, None);
            assert_round_trip(&redealt, &format!("deck {seed}, redealt"));
        }
    }
    // A Setup claiming a seed its deck was not dealt from is written with its deck.
    let mut setup = deck_setup(1);
    setup.seed = Some(99);
    let g = Game::new(cat(), setup.clone()).unwrap();
    let back = decode_city(&share::city::encode(&g)).unwrap();
    assert_eq!(back.setup().deck, setup.deck);
    assert_eq!(back.setup().seed, None);
}

#[test]
fn a_complete_four_player_link_stays_short() {
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee"].map(String::from).to_vec();
    for seed in [1u64, 2, 3, u64::MAX] {
        let setup = Setup::from_seed(
            cat(),
            names.clone(),
            seed,
            DEFAULT_STACKS,
            Options::default(),
        )
        .unwrap();
        let link = assert_round_trip(&played(setup, seed), "short");
        assert!(link.len() <= 256, "{} characters: {link}", link.len());
    }
}

fn sample_links() -> &'static Vec<String> {
    static LINKS: OnceLock<Vec<String>> = OnceLock::new();
    LINKS.get_or_init(|| {
        let mut v = Vec::new();
        for seed in 0..12u64 {
            let g = played(seeded_setup(seed), seed);
            v.push(share::city::encode(&g));
            let mid =
                Game::replay(cat(), g.setup().clone(), &g.history()[..seed as usize * 7]).unwrap();
            v.push(share::city::encode(&mid));
            v.push(share::city::encode(&played(deck_setup(seed), seed)));
        }
        v
    })
}

fn sample_records() -> &'static Vec<String> {
    static RECORDS: OnceLock<Vec<String>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let mut v = Vec::new();
        for seed in 0..8u64 {
            let g = played(seeded_setup(seed), seed);
            let note = [("Note".to_string(), format!("seed {seed}"))];
            v.push(record::write(&g, &note, DeckTag::Auto));
            v.push(record::write(
                &played(deck_setup(seed), seed),
                &[],
                DeckTag::Deck,
            ));
        }
        v
    })
}

fn sample_save_docs() -> &'static Vec<String> {
    static DOCS: OnceLock<Vec<String>> = OnceLock::new();
    DOCS.get_or_init(|| {
        let mut doc = SaveDoc::new();
        for seed in 0..3u64 {
            let g = played(seeded_setup(seed), seed);
            let kind = if seed % 2 == 0 {
                RecordKind::Link
            } else {
                RecordKind::Cgn
            };
            let id = doc.fresh_id(1000.0 * seed as f64);
            doc.save(&id, None, &g.into(), kind, 1000.0 * seed as f64)
                .unwrap();
        }
        let g = AnyGame::Classic(classic_played(3));
        doc.save("c1", None, &g, RecordKind::Cgn, 9000.0).unwrap();
        vec![
            doc.to_json(),
            include_str!("fixtures/saves/v1.json").to_string(),
            include_str!("fixtures/saves/v2.json").to_string(),
            include_str!("fixtures/saves/v3.json").to_string(),
            include_str!("fixtures/saves/v4.json").to_string(),
        ]
    })
}

#[test]
fn every_damaged_link_is_an_error() {
    for link in sample_links().iter().take(6) {
        let chars: Vec<char> = link.chars().collect();
        let alphabet: Vec<char> =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                .chars()
                .collect();
        // Every character changed to every other link character.
        for i in 0..chars.len() {
            for &c in &alphabet {
                if c == chars[i] {
                    continue;
                }
                let mut m = chars.clone();
                m[i] = c;
                let m: String = m.into_iter().collect();
                assert_eq!(decode_city(&m).unwrap_err(), ShareError::Damaged, "{m}");
            }
        }
        // Every truncation, and one character more.
        for n in 1..chars.len() {
            let t: String = chars[..n].iter().collect();
            assert_eq!(decode_city(&t).unwrap_err(), ShareError::Damaged, "{t}");
        }
        for c in ['A', 'x', '-', '_', '0'] {
            let longer = format!("{link}{c}");
            assert_eq!(decode_city(&longer).unwrap_err(), ShareError::Damaged);
        }
        // Two characters swapped.
        for i in 1..chars.len() {
            if chars[i] != chars[i - 1] {
                let mut m = chars.clone();
                m.swap(i, i - 1);
                let m: String = m.into_iter().collect();
                assert_eq!(decode_city(&m).unwrap_err(), ShareError::Damaged);
            }
        }
    }
    for bad in [
        "AB$C",
        "====",
        "AAAA=",
        "Zm9v YmFy",
        "é",
        "\0",
        "A",
        "😀😀😀😀",
    ] {
        assert_eq!(
            decode_city(bad).unwrap_err(),
            ShareError::Damaged,
            "{bad:?}"
        );
    }
    for empty in ["", "   ", "#", "https://example.org/#", "\n"] {
        assert_eq!(decode_city(empty).unwrap_err(), ShareError::Empty);
        assert_eq!(
            share_error(&decode_city(empty).unwrap_err()),
            "this link is empty"
        );
    }
    assert_eq!(
        share_error(&decode_city("AAAA").unwrap_err()),
        "this link is damaged"
    );
}

#[test]
fn versions_and_intact_but_invalid_links_say_why() {
    let payload = share::unseal(&sample_links()[0]).unwrap();
    for v in [2u8, 3, 200, 255] {
        let mut p = payload.clone();
        p[0] = v;
        let e = decode_city(&share::seal(&p)).unwrap_err();
        assert_eq!(e, ShareError::NewerVersion(v));
        assert_eq!(
            share_error(&e),
            format!("this link is from a newer version (v{v})")
        );
    }
    let mut p = payload.clone();
    p[0] = 0;
    assert_eq!(
        decode_city(&share::seal(&p)).unwrap_err(),
        ShareError::Damaged
    );
    // Version 1 by hand: 2 players from seed 5, default stacks and options
    // (cross-side-adjacency on = bit 6), a game in progress.
    let head = |names: &[&[u8]], decisions: &[u8], big: &[u8]| {
        let mut b = vec![1u8, (1 << 6) | (1 << 7), 5];
        for n in names {
            b.push(n.len() as u8);
            b.extend_from_slice(n);
        }
        b.extend_from_slice(decisions);
        b.extend_from_slice(big);
        share::seal(&b)
    };
    let ok = decode_city(&head(&[b"Ann", b"Bob"], &[0], &[])).unwrap();
    assert_eq!(ok.setup().players, ["Ann", "Bob"]);
    assert_eq!(ok.setup().seed, Some(5));
    assert!(ok.history().is_empty());
    let e = decode_city(&head(&[b"Ann", b" Bob"], &[0], &[])).unwrap_err();
    assert!(
        share_error(&e).contains("player name"),
        "{}",
        share_error(&e)
    );
    assert!(share_error(&e).starts_with("this link does not hold a valid game"));
    assert_eq!(
        decode_city(&head(&[b"Ann", b"\xff\xfe"], &[0], &[])).unwrap_err(),
        ShareError::Damaged
    );
    // More decisions than the game has.
    let e = decode_city(&head(&[b"Ann", b"Bob"], &[0xe8, 0x07], &[7; 40])).unwrap_err();
    assert!(share_error(&e).contains("the link holds more"), "{e:?}");
    // Digits left over once the game is read.
    assert_eq!(
        decode_city(&head(&[b"Ann", b"Bob"], &[0], &[1])).unwrap_err(),
        ShareError::Damaged
    );
    // A link inside a URL or with its '#', and with spaces around it.
    let link = &sample_links()[1];
    for wrapped in [
        format!("#{link}"),
        format!("  {link}\n"),
        format!("https://city.example/play?x=1#{link}"),
    ] {
        assert_eq!(
            decode_city(&wrapped).unwrap().history(),
            decode_city(link).unwrap().history()
        );
    }
}

#[test]
fn saves_fixture_v1_reads() {
    let json = include_str!("fixtures/saves/v1.json");
    let doc = saves::parse(json).unwrap();
    let list = doc.list();
    let ids: Vec<&str> = list.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["g1", "g3", "g2"]);
    let g1 = &list[0];
    assert_eq!(g1.name, "Ann v Bob (rematch)");
    assert_eq!((g1.created, g1.updated), (1717236000000.0, 1717250000000.5));
    assert!(g1.finished);
    let game = g1.load().unwrap().into_city().unwrap();
    assert_eq!(game.setup().seed, Some(11));
    assert_eq!(game.scores(), [85, 68]);
    let g2 = doc.get("g2").unwrap();
    assert_eq!(g2.players, ["Zoë", "李雷", "Ödön Kovács"]);
    assert!(!g2.finished);
    let game = g2.load().unwrap().into_city().unwrap();
    assert_eq!(game.history().len(), 25);
    assert_eq!(game.setup().stacks, [10, 8, 6]);
    assert!(game.setup().options.round_needs_follower);
    let game = doc.get("g3").unwrap().load().unwrap().into_city().unwrap();
    assert_eq!(game.scores(), [19, 22, 27, 58]);
    // Written again in the current version, it reads back the same.
    assert_eq!(saves::parse(&doc.to_json()).unwrap(), doc);
}

/// A document of the first versions, its games stored as CGN records,
/// reads with every game and summary, and is written back with nothing
/// lost (the records stay CGN: every build reads them).
#[test]
fn saves_of_cgn_records_read_and_are_kept_as_they_are() {
    let json = include_str!("fixtures/saves/v1.json");
    let doc = saves::parse(json).unwrap();
    assert!(!doc.is_empty());
    assert!(doc.games().iter().all(|g| g.summary.is_some()));
    let again = doc.to_json();
    assert!(again.contains("\"cgn\""), "{again}");
    assert_eq!(saves::parse(&again).unwrap(), doc);
    for g in doc.games() {
        let game = g.load().unwrap();
        assert_eq!(game.players(), g.players);
    }
}

/// The records chunk's jobs: a record read gives its game, a game gives
/// the record `notation::write` writes, and a bad record says on which line
/// it fails.
#[test]
fn the_records_jobs() {
    use the_city::records::{work, Answer, Job};
    for text in sample_records().iter().take(20) {
        let game = notation::read(text).unwrap().game;
        let Answer::Read(back) = work(Job::Read(text.clone())) else {
            panic!("{text}")
        };
        assert_eq!(
            (back.setup(), back.history()),
            (game.setup(), game.history())
        );
        let tags = vec![("Date".to_string(), "2026-11-27".to_string())];
        let want = notation::write(&game, &tags, notation::DeckTag::Auto);
        let Answer::Text(written) = work(Job::Write { game: *back, tags }) else {
            panic!("no record written")
        };
        assert_eq!(written, want);
    }
    // A byte-order mark before a record (some editors write one) is no
    // part of it.
    let text = &sample_records()[0];
    assert!(matches!(
        work(Job::Read(format!("\u{feff}{text}"))),
        Answer::Read(_)
    ));
    let bad =
        "[Game \"Carcassonne: The City\"]\n[Format \"1\"]\n[Players \"Ann, Bob\"]\n[Seed \"x\"]\n";
    match work(Job::Read(bad.into())) {
        Answer::Unreadable { line, reason } => {
            assert_eq!(line, 4);
            assert!(reason.contains("Seed"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

/// The records chunk's text view job: a game in the middle of a turn, in
/// words, and a typed line read in it (a choice as its index among the
/// legal ones).
#[test]
fn the_text_view_job_describes_the_game_and_reads_a_line() {
    use the_city::records::{work, Answer, Job};
    use view::command::Command;
    let text = include_str!("records/classic/o3_e13_bridge_and_wall_seed_turn.cgn");
    let end = notation::read(text).unwrap().game;
    // Turn 4, the guesthouse step: K placed with its wood.
    let at = (0..end.history().len())
        .map(|n| end.at(n))
        .find(|g| {
            g.as_classic().and_then(|k| k.decision()) == Some(engine::classic::Decision::Guesthouse)
        })
        .unwrap();
    let names: Vec<String> = ["Blue", "Red", "Green", "Yellow"]
        .map(String::from)
        .to_vec();
    let job = |line: Option<&str>| Job::Text {
        game: at.clone(),
        names: names.clone(),
        line: line.map(String::from),
        rot: None,
        how: Default::default(),
    };
    let options = "Type one of: 1: the guesthouse on the road of 2 tiles going north and west; no: no guesthouse.";
    let Answer::TextView {
        hand,
        options: said,
        typed,
    } = work(job(None))
    else {
        panic!("no answer")
    };
    assert_eq!((hand, said.as_str(), typed), (None, options, None));
    let Answer::TextView { typed, .. } = work(job(Some("1"))) else {
        panic!("no answer")
    };
    let Some(Command::Play(i)) = typed else {
        panic!("{typed:?}")
    };
    assert_eq!(at.legal_choices()[i], end.history()[at.history().len()]);
    let Answer::TextView { typed, .. } = work(job(Some("look 0,-2"))) else {
        panic!("no answer")
    };
    assert_eq!(
        typed,
        Some(Command::Say("0,-2: a road to the north and west; a city on the east. A wall stands on its south side.".into()))
    );
}

#[test]
fn saves_fixture_v1_migrates_to_default_seats() {
    let doc = saves::parse(include_str!("fixtures/saves/v1.json")).unwrap();
    let g3 = doc.get("g3").unwrap();
    let colours: Vec<&str> = g3.seats.iter().map(|s| s.colour.as_str()).collect();
    assert_eq!(colours, ["red", "blue", "green", "yellow"]);
    assert!(g3.seats.iter().all(|s| s.computer.is_none()));
    assert!(doc.games().iter().all(|g| !g.from_link));
    // Written again, it is a version 4 document, every game The City's.
    let json = doc.to_json();
    assert!(
        json.contains(&format!("\"version\":{}", saves::VERSION)),
        "{json}"
    );
    assert!(json.contains("\"link_base\":0"), "{json}");
    assert!(json.contains("\"seats\""), "{json}");
    assert_eq!(json.matches("\"game\":\"the-city\"").count(), doc.len());
    assert!(doc.games().iter().all(|g| g.ruleset == Ruleset::City));
}

#[test]
fn saves_fixture_v2_reads_seats_and_origin() {
    let json = include_str!("fixtures/saves/v2.json");
    let doc = saves::parse(json).unwrap();
    let ids: Vec<&str> = doc.list().iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["g1", "g3", "g2"]);
    let g1 = doc.get("g1").unwrap();
    assert_eq!(g1.name, "Ann v Bob (rematch) (v2)");
    assert_eq!(
        g1.seats,
        [
            SavedSeat {
                colour: "purple".into(),
                computer: None,
                here: false
            },
            SavedSeat {
                colour: "green".into(),
                computer: Some("hard".into()),
                here: false
            }
        ]
    );
    assert_eq!(g1.load().unwrap().into_city().unwrap().scores(), [85, 68]);
    let g2 = doc.get("g2").unwrap();
    assert!(g2.from_link && !doc.get("g3").unwrap().from_link);
    assert_eq!(g2.seats[2].colour, "black");
    let levels: Vec<Option<&str>> = doc
        .get("g3")
        .unwrap()
        .seats
        .iter()
        .map(|s| s.computer.as_deref())
        .collect();
    assert_eq!(levels, [None, Some("easy"), Some("random"), Some("normal")]);
    assert_eq!(saves::parse(&doc.to_json()).unwrap(), doc);
    // Tampered seats are caught, and salvage keeps the other games.
    for (from, to, want) in [
        ("\"purple\"", "\"pink\"", "no colour"),
        ("\"hard\"", "\"godlike\"", "no computer level"),
        ("\"purple\"", "\"green\"", "two seats are green"),
    ] {
        let bad = json.replacen(from, to, 1);
        let e = save_error(&saves::parse(&bad).unwrap_err());
        assert!(e.contains("(“g1”)") && e.contains(want), "{e}");
        let (kept, problems) = saves::salvage(&bad).unwrap();
        assert_eq!((kept.len(), problems.len()), (2, 1));
    }
    let fewer = json.replacen(
        ",\n        {\n          \"colour\": \"green\",\n          \"computer\": \"hard\"\n        }",
        "",
        1,
    );
    assert_ne!(fewer, json);
    let e = save_error(&saves::parse(&fewer).unwrap_err());
    assert!(e.contains("1 seats for 2 players"), "{e}");
}

#[test]
fn saves_fixture_v3_reads_the_game_of_each_entry() {
    let json = include_str!("fixtures/saves/v3.json");
    let doc = saves::parse(json).unwrap();
    let v2 = saves::parse(include_str!("fixtures/saves/v2.json")).unwrap();
    assert_eq!(doc.len(), v2.len());
    for (a, b) in doc.games().iter().zip(v2.games()) {
        assert_eq!(a.ruleset, Ruleset::City);
        assert_eq!((&a.id, &a.seats, &a.record), (&b.id, &b.seats, &b.record));
    }
    // The game named must be the record's; an unknown game is refused.
    let wrong = json.replacen("\"game\": \"the-city\"", "\"game\": \"chess\"", 1);
    let e = save_error(&saves::parse(&wrong).unwrap_err());
    assert!(e.contains("chess"), "{e}");
    let missing = json.replacen("\"game\": \"the-city\",", "", 1);
    let e = save_error(&saves::parse(&missing).unwrap_err());
    assert!(e.contains("game"), "{e}");
}

/// Version 4: a game from a link keeps where its link started (undo stops
/// there); the list's summary (turns, scores) is read from the record.
#[test]
fn saves_fixture_v4_reads_where_a_link_started() {
    let json = include_str!("fixtures/saves/v4.json");
    let doc = saves::parse(json).unwrap();
    let v3 = saves::parse(include_str!("fixtures/saves/v3.json")).unwrap();
    assert_eq!(doc.len(), v3.len());
    for (a, b) in doc.games().iter().zip(v3.games()) {
        assert_eq!(
            (&a.id, &a.seats, &a.record, a.from_link),
            (&b.id, &b.seats, &b.record, b.from_link)
        );
        // A version 3 save from a link did not know where the link started.
        assert_eq!(b.link_base, 0);
        assert_eq!(a.summary, b.summary);
    }
    let g2 = doc.get("g2").unwrap();
    assert_eq!((g2.from_link, g2.link_base), (true, 2));
    let g1 = doc.get("g1").unwrap();
    let game = g1.load().unwrap();
    assert_eq!(g1.summary.as_ref().unwrap().scores, game.scores());
    assert_eq!(g1.summary.as_ref().unwrap().turns, 70);
    assert_eq!(saves::parse(&doc.to_json()).unwrap(), doc);
    // A start past the game's end, or on a game not from a link, is refused.
    let past = json.replacen("\"link_base\": 2", "\"link_base\": 999", 1);
    let e = save_error(&saves::parse(&past).unwrap_err());
    assert!(e.contains("(“g2”)") && e.contains("link start"), "{e}");
    let not_link = json.replacen("\"link_base\": 0", "\"link_base\": 1", 1);
    assert!(saves::parse(&not_link).is_err());
    // Version 3 has no link start; version 4 must say it.
    let v3 = include_str!("fixtures/saves/v3.json").replacen(
        "\"from_link\": false,",
        "\"from_link\": false, \"link_base\": 0,",
        1,
    );
    let e = save_error(&saves::parse(&v3).unwrap_err());
    assert!(e.contains("link_base"), "{e}");
    let without = json.replacen("\"link_base\": 0,", "", 1);
    let e = save_error(&saves::parse(&without).unwrap_err());
    assert!(e.contains("link_base"), "{e}");
    // save_linked writes it.
    let mut d = saves::SaveDoc::new();
    d.save_linked("x", &game, g1.seats.clone(), Some(40), 1.0)
        .unwrap();
    let back = saves::parse(&d.to_json()).unwrap();
    let x = back.get("x").unwrap();
    assert_eq!((x.from_link, x.link_base), (true, 40));
}

/// Version 6: each seat says whether a person played it on this device;
/// older saves read as no seat played here, and it is written back.
#[test]
fn saves_fixture_v6_knows_the_seats_played_here() {
    let json = include_str!("fixtures/saves/v6.json");
    let (doc, problems) = saves::salvage(json).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    let here: Vec<bool> = doc
        .get("g1")
        .unwrap()
        .seats
        .iter()
        .map(|s| s.here)
        .collect();
    assert_eq!(here, [true, false]);
    assert!(doc.get("g2").unwrap().seats.iter().all(|s| !s.here));
    let again = saves::parse(&doc.to_json()).unwrap();
    assert_eq!(again, doc);
    assert!(doc.to_json().contains("\"here\":true"));
    // A version 5 document has no such field; a version 6 seat needs it.
    let v5 = include_str!("fixtures/saves/v5.json");
    assert!(saves::parse(v5)
        .unwrap()
        .games()
        .iter()
        .all(|g| g.seats.iter().all(|s| !s.here)));
    let missing = json.replacen("\"here\": true", "\"x\": true", 1);
    assert!(save_error(&saves::parse(&missing).unwrap_err()).contains("here"));
}

/// Version 5: saved games that do not read are kept as they were, listed
/// with why, written back whole, and read again each time: one mended
/// (here by hand) is a game again. Nothing is ever left out.
#[test]
fn saves_fixture_v5_keeps_damaged_games() {
    let json = include_str!("fixtures/saves/v5.json");
    let (doc, problems) = saves::salvage(json).unwrap();
    // Known damage is not told again: the list shows it.
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(doc.len(), 2);
    let damaged = doc.damaged();
    assert_eq!(damaged.len(), 2);
    assert_eq!((damaged[0].id(), damaged[0].version), (Some("g3"), 4));
    assert!(
        damage(&damaged[0].reason).contains("players"),
        "{:?}",
        damaged[0].reason
    );
    assert_eq!(damaged[1].id(), Some("g9"));
    assert!(
        damage(&damaged[1].reason).contains("pink"),
        "{:?}",
        damaged[1].reason
    );
    assert!(damaged[1].to_json().contains("\"pink\""));
    // Written again, the damaged games are there as they were.
    let again = saves::parse(&doc.to_json()).unwrap();
    assert_eq!(again, doc);
    // A game that stops reading is kept with the others.
    let v4 = include_str!("fixtures/saves/v4.json");
    let tampered = v4.replacen("\"Ann\"", "\"Zed\"", 1);
    let (doc4, problems) = saves::salvage(&tampered).unwrap();
    assert_eq!(
        (doc4.len(), doc4.damaged().len(), problems.len()),
        (2, 1, 1)
    );
    let back = saves::parse(&doc4.to_json()).unwrap();
    assert_eq!((back.len(), back.damaged().len()), (2, 1));
    // Mended, it reads again.
    let mended = json.replacen("\"Zed\"", "\"Ann\"", 1);
    let (doc, _) = saves::salvage(&mended).unwrap();
    assert_eq!((doc.len(), doc.damaged().len()), (3, 1));
    assert!(doc.get("g3").is_some());
    // Only the player deletes one.
    let mut doc = doc;
    assert!(doc.delete_damaged(0) && !doc.delete_damaged(0));
    assert!(doc.damaged().is_empty());
    // Not in the form of a kept game at all: kept too.
    let odd = json.replacen("\"damaged\": [", "\"damaged\": [7, ", 1);
    let (doc, _) = saves::salvage(&odd).unwrap();
    assert_eq!(doc.damaged().len(), 3);
    assert!(saves::parse(&doc.to_json()).unwrap().damaged()[0].to_json() == "7");
    // A version 4 document has no such list.
    let early = v4.replacen("\"games\": [", "\"damaged\": [], \"games\": [", 1);
    assert!(save_error(&saves::parse(&early).unwrap_err()).contains("damaged"));
}

#[test]
fn saves_refuse_tampering_and_newer_versions() {
    let json = include_str!("fixtures/saves/v1.json");
    let newer = json.replace("\"version\": 1", "\"version\": 8");
    assert_eq!(
        saves::parse(&newer).unwrap_err(),
        SaveError::NewerVersion(8)
    );
    // A version 1 entry with version 2's fields is refused (unknown fields).
    let mixed = json.replace("\"id\": \"g2\",", "\"id\": \"g2\", \"from_link\": true,");
    let e = save_error(&saves::parse(&mixed).unwrap_err());
    assert!(e.contains("from_link"), "{e}");
    let extra = json.replace("\"id\": \"g2\",", "\"id\": \"g2\", \"colour\": \"red\",");
    let e = save_error(&saves::parse(&extra).unwrap_err());
    assert!(
        e.contains("saved game 2 (“g2”)") && e.contains("colour"),
        "{e}"
    );
    let link = json.replace("\"link\": \"Adk", "\"link\": \"Bdk");
    let e = save_error(&saves::parse(&link).unwrap_err());
    assert!(e.contains("this link is damaged"), "{e}");
    let dup = json.replace("\"id\": \"g3\"", "\"id\": \"g1\"");
    assert!(save_error(&saves::parse(&dup).unwrap_err()).contains("another saved game has the id"));
    let (kept, problems) = saves::salvage(&link).unwrap();
    assert_eq!((kept.len(), problems.len()), (2, 1));
    let time = json.replace(
        "1717239600000.0,\n      \"finished\"",
        "-5,\n      \"finished\"",
    );
    assert!(save_error(&saves::parse(&time).unwrap_err()).contains("not a time"));
}

// ------------------------------------------------------- classic games

fn classic_cat() -> &'static classic::Catalogue {
    classic::Catalogue::builtin().unwrap()
}

/// A random classic game: 2–5 players, options, the whole pile from a seed
/// or (odd seeds) a shortened explicit deck, played to its end.
fn classic_played(seed: u64) -> classic::Game {
    let mut rng = random::choice_rng(seed ^ 0xC1A5);
    let k = 2 + (seed % 4) as usize;
    let names = pick_names(&mut rng, k);
    let mut options = classic::Options::default();
    if below(&mut rng, 2) == 0 {
        options.set("small-city", "2").unwrap();
    }
    let farms = ["3rd", "2nd", "1st"][below(&mut rng, 3) as usize];
    options.set("farm-scoring", farms).unwrap();
    let mut setup = classic::Setup::from_seed(
        classic_cat(),
        names,
        classic::Expansions::BASE,
        options,
        seed,
    )
    .unwrap();
    if seed % 2 == 1 {
        let n = below(&mut rng, 72) as usize;
        setup.deck.truncate(n);
        setup.seed = None;
    }
    let mut g = classic::Game::new(classic_cat(), setup).unwrap();
    random::play_out(&mut g, &mut random::choice_rng(seed));
    g
}

fn sample_classic_records() -> &'static Vec<String> {
    static RECORDS: OnceLock<Vec<String>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        (0..8u64)
            .map(|seed| {
                let g = classic_played(seed);
                let note = [("Note".to_string(), format!("seed {seed}"))];
                notation::write(&AnyGame::Classic(g), &note, DeckTag::Auto)
            })
            .collect()
    })
}

fn sample_classic_links() -> &'static Vec<String> {
    static LINKS: OnceLock<Vec<String>> = OnceLock::new();
    LINKS.get_or_init(|| {
        let mut v = Vec::new();
        for seed in 0..8u64 {
            let g = classic_played(seed);
            let mid = g.at(seed as usize * 9);
            v.push(share::encode(&AnyGame::Classic(g)));
            v.push(share::encode(&AnyGame::Classic(mid)));
        }
        v
    })
}

#[test]
fn classic_links_round_trip_300_random_games_and_their_middles() {
    for seed in 0..300u64 {
        let g = classic_played(seed);
        let h = g.history().len();
        for n in [h, h / 2, 1.min(h), 0] {
            let part = AnyGame::Classic(g.at(n));
            let link = share::encode(&part);
            assert!(link.starts_with("Ag"), "version 2, ruleset 1: {link}");
            let back = share::decode(&link).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
            assert_eq!(back.setup(), part.setup(), "seed {seed}");
            assert_eq!(back.history(), part.history(), "seed {seed}");
            assert_eq!(back.scores(), part.scores(), "seed {seed}");
            assert_eq!(share::encode(&back), link);
        }
    }
}

#[test]
fn a_complete_five_player_classic_link_stays_short() {
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee", "Eve"]
        .map(String::from)
        .to_vec();
    for seed in [1u64, 2, u64::MAX] {
        let setup = classic::Setup::from_seed(
            classic_cat(),
            names.clone(),
            classic::Expansions::BASE,
            classic::Options::default(),
            seed,
        )
        .unwrap();
        let mut g = classic::Game::new(classic_cat(), setup).unwrap();
        random::play_out(&mut g, &mut random::choice_rng(seed));
        let link = share::encode(&AnyGame::Classic(g));
        assert!(link.len() <= 256, "{} characters: {link}", link.len());
    }
}

#[test]
fn classic_links_that_are_not_canonical_or_hold_a_bad_setup_are_refused() {
    let link = &sample_classic_links()[0];
    // Bytes: version 2, ruleset 1, flags, expansions, options, seed, ...
    let p = share::unseal(link).unwrap();
    let with = |at: usize, value: u8| {
        let mut q = p.clone();
        q[at] = value;
        share::decode(&share::seal(&q)).unwrap_err()
    };
    assert_eq!(
        with(2, p[2] | 0x80),
        ShareError::Damaged,
        "an unknown flag bit"
    );
    assert_eq!(with(2, (p[2] & !7) | 4), ShareError::Damaged, "six players");
    assert_eq!(with(3, 4), ShareError::Damaged, "an unknown expansion bit");
    let mut trailing = p.clone();
    trailing.push(0);
    assert_eq!(
        share::decode(&share::seal(&trailing)).unwrap_err(),
        ShareError::Damaged,
        "digits not minimal"
    );
    // An Old City setup with farm-scoring=2nd is said plainly (B9.4).
    let e = share_error(&with(3, 2));
    assert!(e.contains("needs oc-proportional=off (B9.4)"), "{e}");
}

#[test]
fn saves_hold_classic_games_as_records_and_links() {
    let mut doc = SaveDoc::new();
    for seed in 0..4u64 {
        let g = AnyGame::Classic(classic_played(seed));
        let kind = if seed % 2 == 0 {
            RecordKind::Link
        } else {
            RecordKind::Cgn
        };
        let id = doc.fresh_id(1000.0 * seed as f64);
        doc.save(&id, None, &g, kind, 1000.0 * seed as f64).unwrap();
    }
    let json = doc.to_json();
    assert_eq!(json.matches("\"game\":\"classic\"").count(), 4, "{json}");
    let back = saves::parse(&json).unwrap();
    assert_eq!(back, doc);
    for (seed, g) in (0..4u64).zip(back.games()) {
        assert_eq!(g.ruleset, Ruleset::Classic);
        let game = g.load().unwrap();
        assert_eq!(
            game.history(),
            AnyGame::Classic(classic_played(seed)).history()
        );
        assert!(game.into_city().is_none());
    }
    // An entry that says it is The City's but holds a classic record is refused.
    let wrong = json.replacen("\"game\":\"classic\"", "\"game\":\"the-city\"", 1);
    let e = save_error(&saves::parse(&wrong).unwrap_err());
    assert!(e.contains("its record is one of Carcassonne"), "{e}");
}

// ---------------------------------------------------------------- fuzzing

/// 200 cases from a fixed seed in the test run (the same inputs every
/// time, so CI cannot fail by chance); `FUZZ_CASES=N` runs N cases from a
/// fresh random seed.
fn fuzz_config() -> ProptestConfig {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok());
    ProptestConfig {
        cases: cases.unwrap_or(200),
        rng_seed: match cases {
            Some(_) => proptest::test_runner::RngSeed::Random,
            None => proptest::test_runner::RngSeed::Fixed(0x5EED_F022),
        },
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// One edit of a text: (kind, position, character).
type Edit = (u8, usize, char);

/// Characters that matter to links, records and JSON, and then any.
fn edit_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => proptest::sample::select(
            "AZaz09-_#=+/ \n\t,.;:|@{}[]\"\\rSNCDTX0123456789"
                .chars()
                .collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec((0u8..7, any::<usize>(), edit_char()), 1..6)
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut c: Vec<char> = text.chars().collect();
    for &(kind, pos, ch) in edits {
        let n = c.len();
        let at = if n == 0 { 0 } else { pos % n };
        match kind {
            0 if n > 0 => c[at] = ch,
            1 => c.insert(at, ch),
            2 if n > 0 => {
                c.remove(at);
            }
            3 => c.truncate(at),
            4 if n > 1 => c.swap(at, (at + 1) % n),
            5 if n > 0 => {
                // Duplicate a short stretch (a line of a record, a run of a link).
                let end = (at + 1 + pos / n % 40).min(n);
                let piece: Vec<char> = c[at..end].to_vec();
                c.splice(at..at, piece);
            }
            6 if n > 0 => {
                // Change a digit (a seed, a cell, a rotation, a turn number, a version).
                if let Some(d) = (at..n).chain(0..at).find(|&i| c[i].is_ascii_digit()) {
                    c[d] = char::from(b'0' + (pos % 10) as u8);
                }
            }
            _ => {}
        }
    }
    c.into_iter().collect()
}

/// Whatever a link decodes to (either game) must be a game whose link is
/// that link.
fn check_decoded_any(s: &str) {
    if let Ok(g) = share::decode(s) {
        let again = share::encode(&g);
        let back = share::decode(&again).unwrap();
        assert_eq!(back.history(), g.history());
        let trimmed = s.trim();
        let bare = trimmed.rsplit('#').next().unwrap_or(trimmed).trim();
        assert_eq!(again, bare, "an accepted link is canonical");
    }
}

/// Whatever a link decodes to must be a game whose link is that link.
fn check_decoded(s: &str) {
    if let Ok(g) = decode_city(s) {
        let again = share::city::encode(&g);
        let back = decode_city(&again).unwrap();
        assert_eq!(back.history(), g.history());
        let trimmed = s.trim();
        let bare = trimmed.rsplit('#').next().unwrap_or(trimmed).trim();
        assert_eq!(again, bare, "an accepted link is canonical");
    }
}

proptest! {
    #![proptest_config(fuzz_config())]

    #[test]
    fn fuzz_link_decoder_on_arbitrary_strings(s in any::<String>()) {
        check_decoded(&s);
    }

    #[test]
    fn fuzz_link_decoder_on_link_alphabet_strings(s in "[A-Za-z0-9_-]{0,300}") {
        check_decoded(&s);
    }

    #[test]
    fn fuzz_link_decoder_on_mutated_links(i in any::<usize>(), e in edits()) {
        let links = sample_links();
        check_decoded(&apply(&links[i % links.len()], &e));
    }

    /// Past the checksum: a mutated payload sealed again, so the decoder's
    /// fields and replay see damaged data.
    #[test]
    fn fuzz_link_decoder_on_resealed_payloads(
        i in any::<usize>(),
        e in prop::collection::vec((0u8..5, any::<usize>(), any::<u8>()), 1..5),
    ) {
        let links = sample_links();
        let mut p = share::unseal(&links[i % links.len()]).unwrap();
        for (kind, pos, b) in e {
            let n = p.len();
            let at = pos % n.max(1);
            match kind {
                0 if n > 0 => p[at] ^= 1 << (b % 8),
                1 if n > 0 => p[at] = b,
                2 => p.insert(at.min(n), b),
                3 if n > 1 => { p.remove(at); }
                4 => p.truncate(at.max(1)),
                _ => {}
            }
        }
        check_decoded(&share::seal(&p));
    }

    #[test]
    fn fuzz_cgn_reader_on_arbitrary_strings(s in any::<String>()) {
        let _ = record::read(&s);
    }

    #[test]
    fn fuzz_cgn_reader_on_mutated_records(i in any::<usize>(), e in edits()) {
        let records = sample_records();
        let text = apply(&records[i % records.len()], &e);
        if let Ok(rec) = record::read(&text) {
            // Whatever reads writes a record that reads to the same game.
            let again = record::write(&rec.game, &rec.extra_tags, DeckTag::Auto);
            let back = record::read(&again).unwrap();
            prop_assert_eq!(back.game.history(), rec.game.history());
        }
    }

    #[test]
    fn fuzz_cgn_c_reader_on_arbitrary_turns(s in any::<String>()) {
        // Past the tags: classic's grammar sees the text as turn lines.
        let text = format!("[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"A, B\"]\n[Seed \"1\"]\n\n{s}");
        let _ = notation::read(&text);
    }

    #[test]
    fn fuzz_cgn_c_reader_on_mutated_records(i in any::<usize>(), e in edits()) {
        let records = sample_classic_records();
        let text = apply(&records[i % records.len()], &e);
        if let Ok(rec) = notation::read(&text) {
            // Whatever reads writes a record that reads to the same game.
            let again = notation::write(&rec.game, &rec.extra_tags, DeckTag::Auto);
            let back = notation::read(&again).unwrap();
            prop_assert_eq!(back.game.history(), rec.game.history());
        }
    }

    /// Classic links, mutated past their checksum and sealed again.
    #[test]
    fn fuzz_link_decoder_on_resealed_classic_payloads(
        i in any::<usize>(),
        e in prop::collection::vec((0u8..5, any::<usize>(), any::<u8>()), 1..5),
    ) {
        let links = sample_classic_links();
        let mut p = share::unseal(&links[i % links.len()]).unwrap();
        for (kind, pos, b) in e {
            let n = p.len();
            let at = pos % n.max(1);
            match kind {
                0 if n > 0 => p[at] ^= 1 << (b % 8),
                1 if n > 0 => p[at] = b,
                2 => p.insert(at.min(n), b),
                3 if n > 1 => { p.remove(at); }
                4 => p.truncate(at.max(1)),
                _ => {}
            }
        }
        check_decoded_any(&share::seal(&p));
    }

    #[test]
    fn fuzz_saves_parser(i in any::<usize>(), e in edits(), s in any::<String>()) {
        let docs = sample_save_docs();
        let _ = saves::parse(&s);
        let text = apply(&docs[i % docs.len()], &e);
        if let Ok(doc) = saves::parse(&text) {
            // Everything reads back the same; times may move by a rounding
            // step (serde_json's fast float reading is not always exact for
            // many-digit numbers, which only an edit makes).
            let back = saves::parse(&doc.to_json()).unwrap();
            prop_assert_eq!(back.len(), doc.len());
            for (a, b) in back.games().iter().zip(doc.games()) {
                let near = |x: f64, y: f64| (x - y).abs() <= 1e-12 * x.abs().max(1.0);
                prop_assert!(near(a.created, b.created) && near(a.updated, b.updated));
                let mut a = a.clone();
                (a.created, a.updated) = (b.created, b.updated);
                prop_assert_eq!(&a, b);
            }
        }
    }
}

/// Version 7: a fair game in play (issue 37) is its link and this device's
/// secrets; it reads back, plays as it was, is written back the same; a
/// version 6 document has no such record.
#[test]
fn saves_fixture_v7_keeps_a_fair_game_and_its_secret() {
    let json = include_str!("fixtures/saves/v7.json");
    let doc = saves::parse(json).unwrap();
    let entry = doc.get("f1").unwrap();
    let (game, fair) = entry.record.fair().unwrap().unwrap();
    assert_eq!(game.players(), ["Ann", "Bob"]);
    assert!(game.decisions() > 0 && !game.is_over());
    assert!(fair.own(0) && !fair.own(1));
    assert_eq!(entry.load().unwrap().history(), game.history());
    // Its link holds no secret; the record in play no seed and no deck.
    let secret = fair.secrets[0].unwrap();
    let link = share::unseal(entry.record.text()).unwrap();
    assert!(!link.windows(32).any(|w| w == secret));
    let record = fair.record(&[]).unwrap();
    assert!(record.contains("[Fair \"") && !record.contains("[Deck") && !record.contains("[Seed"));
    let again = saves::parse(&doc.to_json()).unwrap();
    assert_eq!(again, doc);
    let v6 = json.replacen("\"version\": 7", "\"version\": 6", 1);
    assert!(saves::parse(&v6).is_err(), "a fair record needs version 7");
}

/// A fair game on three devices saved on Cat's device (issue 37): version
/// 7's fair record holding a version 5 link (each device's key and newest
/// signature) and Cat's secret; read back with its devices.
#[test]
fn saves_fixture_v7_star_keeps_a_three_device_game() {
    let json = include_str!("fixtures/saves/v7-star.json");
    let doc = saves::parse(json).unwrap();
    let entry = doc.get("s1").unwrap();
    let (game, star) = entry.record.star().unwrap().unwrap();
    assert_eq!(game.players(), ["Ann", "Bob", "Cat"]);
    assert!(game.decisions() > 0 && !game.is_over());
    assert_eq!((star.me, star.devices.count()), (2, 3));
    assert!(star.devices.keys.iter().all(Option::is_some));
    assert!(star.devices.signed[1].is_some(), "Bob's signature kept");
    assert!(star.fair.own(2) && !star.fair.own(0) && !star.fair.own(1));
    assert_eq!(entry.load().unwrap().history(), game.history());
    let (_, fair) = entry.record.fair().unwrap().unwrap();
    assert_eq!(fair, star.fair);
    let secret = star.fair.secrets[2].unwrap();
    let link = share::unseal(entry.record.text()).unwrap();
    assert!(!link.windows(32).any(|w| w == secret));
    assert_eq!(saves::parse(&doc.to_json()).unwrap(), doc);
}
