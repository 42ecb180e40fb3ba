//! CGN-C (NOTATION-CLASSIC.md) beyond the rules: the tags, strict reading,
//! the syntax of wood and extras, the errors' lines, and writing.

use engine::classic::{Catalogue, Expansions, Game, Options, Setup};
use engine::core::random;
use engine::TileGame;
use formats::notation::{self, classic as record, DeckTag};
use view::errors::record_error;

const HEAD: &str = "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"Ann, Bob\"]\n";

fn error(text: &str) -> String {
    match notation::read(text) {
        Ok(_) => panic!("must not read:\n{text}"),
        Err(e) => record_error(&e),
    }
}

#[test]
fn tags_are_read_strictly() {
    for (tags, want) in [
        (
            "[Deck \"E\"]\n[Deck \"E\"]\n",
            "line 5: tag Deck appears twice",
        ),
        (
            "[Seed \"x\"]\n[Deck \"E\"]\n",
            "line 4: Seed must be a decimal u64, not \"x\"",
        ),
        (
            "[Deck \"E\"]\n[Seed \"-1\"]\n",
            "line 5: Seed must be a decimal u64",
        ),
        (
            "[Options \"small-city=2 small-city=2\"]\n[Deck \"E\"]\n",
            "line 4: option small-city is named twice",
        ),
        (
            "[Options \"small-city=3\"]\n[Deck \"E\"]\n",
            "line 4: option small-city must be 4 or 2, not \"3\"",
        ),
        (
            "[Options \"meeples=8\"]\n[Deck \"E\"]\n",
            "line 4: unknown option \"meeples\"",
        ),
        (
            "[Options \"coin-limit=none\"]\n[Deck \"E\"]\n",
            "line 4: option coin-limit needs the old-city expansion, which is not in play",
        ),
        (
            "[Expansions \"inns-and-cathedrals\"]\n[Deck \"E\"]\n",
            "line 4: unknown expansion \"inns-and-cathedrals\"",
        ),
        (
            "[Expansions \"old-city old-city\"]\n[Deck \"E\"]\n",
            "line 4: expansion old-city is named twice",
        ),
        (
            "[Expansions \"old-city\"]\n[Options \"farm-scoring=2nd\"]\n[Deck \"E\"]\n",
            "line 5: farm-scoring=2nd needs oc-proportional=off (B9.4)",
        ),
        ("[Deck \"E Q Z\"]\n", "line 4: unknown tile \"Z\" in Deck"),
        (
            "[Note \"no pile\"]\n",
            "line 5: a record needs a Seed or a Deck tag",
        ),
    ] {
        let e = error(&format!("{HEAD}{tags}\n"));
        assert!(e.starts_with(want), "{tags}: {e}");
    }
    let e = error("[Game \"Carcassonne\"]\n[Format \"2\"]\n[Players \"A, B\"]\n[Seed \"1\"]\n");
    assert_eq!(e, "line 2: unknown Format \"2\" (this reader knows 1)");
    let e = error("[Game \"Carcassonne\"]\n[Format \"1\"]\n[Seed \"1\"]\n");
    assert_eq!(e, "line 3: the Players tag is missing");
    let e = error("[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"A, A,\"]\n[Seed \"1\"]\n");
    assert!(e.starts_with("line 3: player name \"\""), "{e}");
}

#[test]
fn the_example_record_of_notation_classic_gives_its_summary() {
    // NOTATION-CLASSIC.md's example (E13), summary as the document gives it.
    let text = "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"Blue, Red, Green, Yellow\"]\n\
                [Expansions \"old-city\"]\n[Options \"small-city=4\"]\n[Deck \"F B E K M\"]\n\n\
                1. F 0,-1 r1 @c\n2. B -1,-1 r0 -\n3. E -1,-2 r0 -\n\
                4. K 0,-2 r1 bridge -1,-2 EW wall 0,-2 S @1 | guesthouse 1\n5. M 0,1 r2 @c | wyvern 0,-2\n";
    let r = notation::read(text).unwrap();
    let g = r.game.as_classic().unwrap();
    let json = serde_json::to_value(record::summary(g)).unwrap();
    let want: serde_json::Value = serde_json::from_str(
        r#"{"players": ["Blue", "Red", "Green", "Yellow"], "scores": [5, 0, 0, 3],
 "breakdown": [{"roads": 0, "cities": 5, "cloisters": 0, "farms": 0, "coins": 0},
               {"roads": 0, "cities": 0, "cloisters": 0, "farms": 0, "coins": 0},
               {"roads": 0, "cities": 0, "cloisters": 0, "farms": 0, "coins": 0},
               {"roads": 0, "cities": 0, "cloisters": 0, "farms": 0, "coins": 3}],
 "coins_held": [0, 0, 0, 1], "turns": 5, "removed": 0, "left": 0,
 "ended_by": "pile-empty"}"#,
    )
    .unwrap();
    assert_eq!(json, want);
    // Written back exactly as the document writes its turns.
    let back = record::write(g, &[], DeckTag::Deck);
    assert!(
        back.contains("4. K 0,-2 r1 bridge -1,-2 EW wall 0,-2 S @1 | guesthouse 1\n5. M 0,1 r2 @c | wyvern 0,-2"),
        "{back}"
    );
}

#[test]
fn wood_and_extras_parse_and_are_refused_in_the_base_game() {
    let deck = "[Deck \"F B E K\"]\n\n1. F 0,-1 r1 @c\n2. U -1,0 r0 -\n";
    let deck = deck.replace("F B E K", "F U B E K");
    let base = format!("{HEAD}{deck}3. B -1,-1 r0 -\n4. E -1,-2 r0 -\n");
    assert!(notation::read(&base).is_ok());
    for (line, want) in [
        ("5. K 0,-2 r1 bridge -1,-2 EW wall 0,-2 S @1", "line 10: tile K cannot go at 0,-2 r1: wood needs the old-city expansion with oc-wood (O3)"),
        ("5. K 0,-2 r1 wall 0,-1 N -", "wood needs the old-city expansion"),
        ("5. K 0,-2 r1 bridge 3,3 EW -", "line 10: bridge 3,3: a bridge goes on the tile placed or a neighbour (O3.2)"),
        ("5. K 0,-2 r1 wall 0,-1 S -", "line 10: wall 0,-1 S: not a side of the tile placed (O3.5)"),
        ("5. K 0,-2 r1 wall 0,-2 S wall 0,-2 W -", "the wall is named twice (O3.1)"),
        ("5. K 0,-2 r1 bridge 0,-2 UP -", "\"UP\" is not a bridge axis NS or EW"),
        ("5. K 0,-2 r1 plank 0,-2 S -", "\"plank\" is not wood"),
        ("5. K 0,-2 r1 wall 0,-2 -", "a turn line is"),
        ("5. K 1,-1 r2 - | guesthouse 1", "line 10: there are no guesthouses in this game (O5)"),
        ("5. K 1,-1 r2 - | wyvern 0,-1", "line 10: wyvern 0,-1: there is no wyvern in this game (O6.2)"),
        ("5. K 1,-1 r2 - | wyvern 0,-1; guesthouse 1", "extras out of order"),
        ("5. K 1,-1 r2 - | guesthouse 9", "tile K has no region 9 (B5.1)"),
        ("5. K 1,-1 r2 - | dragon 0,0", "is not an extra"),
        ("5. K 1,-1 r2 @bridge", "tile K has no bridge built on it (O3.9)"),
        ("5. K 1,-1 r2 @", "is not a follower like @c, @bridge or -"),
        ("5. K 1,-1 r2 c", "is not a follower like @c, @bridge or -"),
        ("5. K 1,-1 r5 -", "\"r5\" is not a rotation r0 to r3"),
        ("5. K 1;-1 r2 -", "\"1;-1\" is not a cell like 0,0"),
        ("6. K 1,-1 r2 -", "turn 6 where turn 5 was expected"),
        ("5. K 1,-1 r2 - {a comment} ", ""),
    ] {
        let text = format!("{base}{line}\n");
        match notation::read(&text) {
            Ok(_) => assert_eq!(want, "", "{line} reads"),
            Err(e) => {
                let e = record_error(&e);
                assert!(!want.is_empty(), "{line}: {e}");
                assert!(e.contains(want), "{line}: {e}");
            }
        }
    }
}

#[test]
fn both_seed_and_deck_play_the_deck() {
    let cat = Catalogue::builtin().unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let setup = Setup::from_seed(cat, names, Expansions::BASE, Options::default(), 17).unwrap();
    let mut g = Game::new(cat, setup).unwrap();
    random::play_out(&mut g, &mut random::choice_rng(17));
    let with_deck = record::write(&g, &[], DeckTag::Deck);
    // The seed's own pile: dealt from it, written back as Seed.
    let both = with_deck.replace("[Deck", "[Seed \"17\"]\n[Deck");
    let back = notation::read(&both).unwrap();
    assert_eq!(back.game.as_classic().unwrap().history(), g.history());
    assert_eq!(
        notation::write(&back.game, &[], DeckTag::Auto),
        record::write(&g, &[], DeckTag::Auto)
    );
    // Another seed beside it: the Deck is used and the Seed dropped.
    let other = with_deck.replace("[Deck", "[Seed \"18\"]\n[Deck");
    let back = record::read(&other).unwrap();
    assert_eq!(back.game.setup().seed, None);
    assert_eq!(back.game.history(), g.history());
}

#[test]
fn written_records_keep_extra_tags_and_read_back() {
    let cat = Catalogue::builtin().unwrap();
    let names = vec!["Zoë".to_string(), "李雷".to_string(), "Eve".to_string()];
    let mut options = Options::default();
    options.set("farm-scoring", "2nd").unwrap();
    let setup = Setup::from_seed(cat, names, Expansions::BASE, options, 3).unwrap();
    let mut g = Game::new(cat, setup).unwrap();
    random::play_out(&mut g, &mut random::choice_rng(3));
    let tags = [
        ("Date".to_string(), "2026-11-24".to_string()),
        ("Bad name".to_string(), "dropped".to_string()),
    ];
    let text = record::write(&g, &tags, DeckTag::Auto);
    assert!(text.starts_with(
        "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"Zoë, 李雷, Eve\"]\n\
         [Options \"small-city=4 farm-scoring=2nd\"]\n[Seed \"3\"]\n[Date \"2026-11-24\"]\n\n1. "
    ));
    let back = record::read(&text).unwrap();
    assert_eq!(
        back.extra_tags,
        vec![("Date".to_string(), "2026-11-24".to_string())]
    );
    assert_eq!(
        record::write(&back.game, &back.extra_tags, DeckTag::Auto),
        text
    );
}

#[test]
fn a_record_written_mid_turn_holds_the_whole_turns_before_it() {
    let cat = Catalogue::builtin().unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let setup = Setup::from_seed(cat, names, Expansions::BASE, Options::default(), 5).unwrap();
    let mut g = Game::new(cat, setup).unwrap();
    random::play_out(&mut g, &mut random::choice_rng(5));
    let h = g.history();
    for n in 0..=h.len() {
        let at = g.at(n);
        let back = record::read(&record::write(&at, &[], DeckTag::Auto))
            .unwrap()
            .game;
        // The position after the last whole turn: `at` itself at a tile
        // decision, else the position before the tile of the turn in progress.
        let whole = if at.at_placement() || at.is_over() {
            n
        } else {
            h[..n]
                .iter()
                .rposition(|c| matches!(c, engine::classic::Choice::Place(_)))
                .unwrap()
        };
        assert_eq!(back.history(), &h[..whole], "position {n}");
    }
}

#[test]
fn wood_is_read_in_any_order_and_from_either_tile_and_written_canonically() {
    let head = "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"Blue, Red, Green, Yellow\"]\n\
                [Expansions \"old-city\"]\n[Deck \"F B E K M\"]\n\n\
                1. F 0,-1 r1 @c\n2. B -1,-1 r0 -\n3. E -1,-2 r0 -\n";
    let canonical = "4. K 0,-2 r1 bridge -1,-2 EW wall 0,-2 S @1 | guesthouse 1";
    for line in [
        canonical,
        "4. K 0,-2 r1 wall 0,-2 S bridge -1,-2 EW @1 | guesthouse 1",
        "4. K 0,-2 r1 wall 0,-1 N bridge -1,-2 EW @1 | guesthouse 1",
        "4. K 0,-2 r1 bridge -1,-2 EW wall 0,-1 N @1 | guesthouse 1",
    ] {
        let r =
            notation::read(&format!("{head}{line}\n")).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        let g = r.game.as_classic().unwrap();
        let back = record::write(g, &[], DeckTag::Deck);
        assert!(back.contains(canonical), "{line}:\n{back}");
    }
    // Extras out of order, and the guesthouse named twice, are errors.
    for (line, want) in [
        (
            "4. K 0,-2 r1 bridge -1,-2 EW wall 0,-2 S @1 | wyvern 0,-2; guesthouse 1",
            "extras out of order",
        ),
        (
            "4. K 0,-2 r1 bridge -1,-2 EW wall 0,-2 S bridge -1,-2 EW @1",
            "named twice (O3.1)",
        ),
    ] {
        let e = error(&format!("{head}{line}\n"));
        assert!(e.contains(want), "{line}: {e}");
    }
}
