//! The aids of a fair game waiting for another device's reveal (issue 37):
//! the stand-in tile in hand counts with the tiles still to come, so both
//! devices' aids count the same tiles, whatever the stand-in is, and
//! nothing is said of it.

use super::*;
use engine::any::AnySetup;

use formats::fair_game::{FairGame, Received};
use formats::share::fair as link;
use formats::test_games::{players, secrets, step};

fn names() -> Vec<String> {
    players(2)
}

/// Ann's device (host) and Bob's, linked until Ann waits for Bob with a
/// stand-in in hand: (Ann's game, Bob's game), at `exchanges` links.
fn waiting(setup: AnySetup, exchanges: usize) -> Vec<(AnyGame, bool, AnyGame)> {
    let host = FairGame::host(&setup, &[true, false], [5; 16], &mut secrets(1)).unwrap();
    let inv = link::decode(&host.link().unwrap()).unwrap();
    let mut guest = FairGame::join(&inv, &mut secrets(2)).unwrap();
    let answer = link::decode(&guest.link().unwrap()).unwrap();
    guest.reveal();
    let Ok(Received::Continues(host)) = host.receive(&answer, &names()) else {
        panic!()
    };
    let mut d = [*host, guest];
    let mut sender = 0;
    let mut out = Vec::new();
    for _ in 0..exchanges {
        step(&mut d[sender]);
        d[sender].reveal();
        let l = link::decode(&d[sender].link().unwrap()).unwrap();
        let other = 1 - sender;
        let Ok(Received::Continues(g)) = d[other].receive(&l, &names()) else {
            return out;
        };
        d[other] = *g;
        let rs = d[sender].replayed().unwrap();
        let ro = d[other].replayed().unwrap();
        if rs.game.is_over() {
            return out;
        }
        out.push((rs.game, rs.known, ro.game));
        sender = other;
    }
    out
}

fn check(setup: AnySetup) {
    let positions = waiting(setup, 10);
    assert!(positions.len() >= 6);
    let mut unknown = 0;
    for (i, (mine, known, theirs)) in positions.into_iter().enumerate() {
        // The same position, the other device holding the real tile.
        assert_eq!(mine.history(), theirs.history(), "position {i}");
        let mut a = mine.aids();
        let mut b = theirs.aids();
        if known {
            continue;
        }
        unknown += 1;
        assert!(
            a.in_hand.is_some(),
            "a stand-in is in hand in the engine's game"
        );
        hide_hand(&mut a);
        hide_hand(&mut b);
        // Both devices count the same tiles to come: the stand-in changes
        // nothing, and one more than the pile after the real hand.
        assert_eq!(a.pile, b.pile, "position {i}");
        assert_eq!(a.pile_total(), theirs.aids().pile_total() + 1);
        assert_eq!(a.spaces, b.spaces, "position {i}");
        assert!(a.spaces.iter().all(|s| !s.hand_fits) && a.in_hand.is_none());
        // Said so: no "the tile in hand fits", on either device's view.
        let v = AidsView::of_hand(&mine, &names(), &[], false).unwrap();
        let w = AidsView::of_hand(&theirs, &names(), &[], false).unwrap();
        assert_eq!(v.spaces, w.spaces);
        assert!(v.spaces.iter().all(|s| !s.words.contains(m::hand_fits())));
        // The text view's answers, asked while waiting.
        let cell = a.spaces[0].cell;
        let typed = format!("fits {},{}", cell.x, cell.y);
        assert_eq!(
            text_answer_hand(&mine, "H.", &names(), &typed, false),
            text_answer_hand(&theirs, "H.", &names(), &typed, false)
        );
    }
    assert!(unknown >= 3, "{unknown} positions waited for a reveal");
}

#[test]
fn a_stand_in_in_hand_counts_with_the_tiles_to_come_the_city() {
    use engine::city::{Catalogue, Options, Setup, DEFAULT_STACKS};
    let cat = Catalogue::builtin().unwrap();
    check(AnySetup::City(
        Setup::from_seed(cat, names(), 0, DEFAULT_STACKS, Options::default()).unwrap(),
    ));
}

#[test]
fn a_stand_in_in_hand_counts_with_the_tiles_to_come_classic() {
    use engine::classic;
    let cat = classic::Catalogue::builtin().unwrap();
    let s = classic::Setup::from_seed(
        cat,
        names(),
        classic::Expansions::default(),
        classic::Options::default(),
        3,
    )
    .unwrap();
    check(AnySetup::Classic(s.first_tiles(30)));
}

/// The text view's "tiles" while waiting: the stand-in counted with the
/// pile, the same words on both devices; its "tile" and "options" say no
/// tile.
#[test]
fn the_text_view_says_the_tiles_to_come_and_no_tile_while_waiting() {
    use crate::command::Reading;
    use engine::classic;
    let cat = classic::Catalogue::builtin().unwrap();
    let s = classic::Setup::from_seed(
        cat,
        names(),
        classic::Expansions::default(),
        classic::Options::default(),
        4,
    )
    .unwrap();
    let how = Reading {
        hand_unknown: true,
        ..Reading::default()
    };
    // The whole box, and a short pile, whose make-up is dealt turn by turn
    // in a fair game, known to no device: its words and counts are the
    // tiles in play less those drawn, with how many are still to come.
    for setup in [s.clone(), s.first_tiles(12)] {
        let short = setup.deck.len() == 12;
        let seen = said_while_waiting(AnySetup::Classic(setup), &how, short);
        assert!(seen >= 3);
    }
}

fn said_while_waiting(setup: AnySetup, how: &crate::command::Reading, short: bool) -> usize {
    let mut seen = 0;
    for (mine, known, theirs) in waiting(setup, 10) {
        if known {
            continue;
        }
        seen += 1;
        let say = |g: &AnyGame, line: &str| match crate::any::text_command(
            g,
            &names(),
            line,
            None,
            how,
        ) {
            crate::command::Command::Say(s) => s,
            other => panic!("{other:?}"),
        };
        let tiles = say(&mine, "tiles");
        assert_eq!(tiles, say(&theirs, "tiles"));
        let AnyGame::Classic(k) = &mine else {
            unreachable!()
        };
        let n = k.pile_counts().iter().sum::<u32>() + 1;
        assert!(
            tiles.starts_with(&format!("{n} tiles still to come")),
            "{tiles}"
        );
        assert_eq!(tiles.contains("from a short pile"), short, "{tiles}");
        // The "Tiles" dialog's counts by type: the same on both devices.
        let by_type = |g: &AnyGame| crate::any::tiles_by_type_hand(g, false).unwrap();
        assert_eq!(by_type(&mine), by_type(&theirs));
        let listed = by_type(&mine).iter().map(|c| c.left).sum::<u32>();
        let in_play = by_type(&mine).iter().map(|c| c.in_play).sum::<u32>();
        if short {
            // What may come: every tile in play not yet seen, the one in
            // hand (not known here) among them; how many are to come, apart.
            assert_eq!(listed, in_play - k.drawn_tiles().len() as u32 + 1);
            assert_eq!(crate::any::short_pile_left(&mine, false), Some(n));
        } else {
            assert_eq!(listed, n);
        }
        assert_eq!(say(&mine, "tile"), i18n::msg::command::no_tile());
        assert_eq!(say(&mine, "options"), i18n::msg::command::no_tile());
    }
    seen
}
