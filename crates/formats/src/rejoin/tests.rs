//! The peers remembered, where a signal goes, and links sent again on a
//! reconnected channel (nothing lost, nothing repeated).

use super::*;
use crate::fair_game::Received;
use crate::share::fair as link;
use crate::signal::{Address, Candidate, Kind};
use crate::test_games::{city_setup, players, secrets, step};

fn signal(offer: bool, fp: u8) -> Signal {
    Signal {
        offer,
        fingerprint: [fp; 32],
        candidates: vec![Candidate {
            address: Address::V4([192, 0, 2, 2]),
            port: 5000,
            kind: Kind::Host,
        }],
    }
}

#[test]
fn peers_are_written_and_read_back_damaged_entries_left_out() {
    let mut p = Peers::default();
    p.set([1; 16], [0xaa; 32]);
    p.set([2; 16], [0xbb; 32]);
    p.set([3; 16], [0xaa; 32]);
    let text = p.write();
    assert_eq!(Peers::read(&text), p);
    assert_eq!(p.fingerprint(&[2; 16]), Some([0xbb; 32]));
    // The most recent game with a device is the one a reconnect names.
    assert_eq!(p.game_of(&[0xaa; 32]), Some([3; 16]));
    assert_eq!(p.game_of(&[0xcc; 32]), None);
    // A game played again with another device: replaced.
    p.set([1; 16], [0xcc; 32]);
    assert_eq!(p.fingerprint(&[1; 16]), Some([0xcc; 32]));
    assert_eq!(p.0.len(), 3);
    // Damaged input: what reads is kept, nothing panics.
    let damaged = format!(
        "{text} zz:11 {}:{} ::: 0102",
        "ab".repeat(16),
        "é".repeat(32)
    );
    assert_eq!(Peers::read(&damaged).0.len(), 3);
    assert_eq!(Peers::read("").0.len(), 0);
    // At most MAX_PEERS, the oldest forgotten.
    let mut many = Peers::default();
    for i in 0..(MAX_PEERS + 5) {
        many.set([i as u8; 16], [i as u8; 32]);
    }
    assert_eq!(many.0.len(), MAX_PEERS);
    assert_eq!(many.fingerprint(&[0; 16]), None);
    assert!(many.fingerprint(&[(MAX_PEERS + 4) as u8; 16]).is_some());
}

#[test]
fn a_signal_goes_to_the_tab_that_can_use_it() {
    let mut peers = Peers::default();
    peers.set([7; 16], [0xaa; 32]);
    let fresh = Tab::default();
    let offering = Tab {
        game: Some([7; 16]),
        offering: true,
    };
    let playing = Tab {
        game: Some([7; 16]),
        offering: false,
    };
    // An invitation, or a reconnection carrying the game: opened here.
    assert_eq!(
        route(Some([7; 16]), &signal(true, 1), &fresh, &peers),
        Route::Here
    );
    // An answer: where its offer waits; a new tab asks the others first.
    assert_eq!(
        route(Some([7; 16]), &signal(false, 1), &offering, &peers),
        Route::Here
    );
    assert_eq!(
        route(Some([7; 16]), &signal(false, 1), &fresh, &peers),
        Route::Tabs { salt: [7; 16] }
    );
    assert_eq!(
        route(Some([7; 16]), &signal(false, 1), &playing, &peers),
        Route::Tabs { salt: [7; 16] }
    );
    // A short reconnect link: its game found by its sender's fingerprint.
    assert_eq!(
        route(None, &signal(true, 0xaa), &playing, &peers),
        Route::Here
    );
    assert_eq!(
        route(None, &signal(true, 0xaa), &fresh, &peers),
        Route::Tabs { salt: [7; 16] }
    );
    assert_eq!(
        route(None, &signal(false, 0xaa), &offering, &peers),
        Route::Here
    );
    // From a device this one never played with live: not recognised.
    assert_eq!(
        route(None, &signal(true, 0xbb), &playing, &peers),
        Route::Unknown
    );
    // An answer from a certificate not known here: to the offer this tab
    // waits with (the other device made a new certificate), else to
    // whichever tab has one.
    assert_eq!(
        route(None, &signal(false, 0xbb), &offering, &peers),
        Route::Here
    );
    for tab in [&playing, &fresh] {
        assert_eq!(
            route(None, &signal(false, 0xbb), tab, &peers),
            Route::AnyOffer
        );
    }
    // Another game's offer is not taken by a tab playing this one.
    assert!(!takes(false, &[8; 16], &offering));
    assert!(takes(true, &[7; 16], &playing));
    assert!(!takes(false, &[7; 16], &playing));
}

/// Links sent again on a reconnected channel: the newest link twice brings
/// nothing the second time; an older one is older; a link held back while
/// the channel was cut continues the game by exactly its own moves.
#[test]
fn links_sent_again_after_a_reconnection_lose_and_repeat_nothing() {
    let players = players(2);
    let setup = city_setup(2);
    let host = FairGame::host(&setup, &[true, false], [9; 16], &mut secrets(1)).unwrap();
    let inv = link::decode(&host.link().unwrap()).unwrap();
    let mut guest = FairGame::join(&inv, &mut secrets(2)).unwrap();
    let answer = link::decode(&guest.link().unwrap()).unwrap();
    guest.reveal();
    let Ok(Received::Continues(host)) = host.receive(&answer, &players) else {
        panic!("the answer continues the host's game")
    };
    let mut devices = [*host, guest];
    let mut sender = 0;
    let mut older: Option<link::FairLink> = None;
    for exchange in 0..8 {
        step(&mut devices[sender]);
        devices[sender].reveal();
        let sent = link::decode(&devices[sender].link().unwrap()).unwrap();
        let other = 1 - sender;
        let before = devices[other].history.len();
        let Ok(Received::Continues(once)) = devices[other].receive(&sent, &players) else {
            panic!("exchange {exchange}: the link continues the game")
        };
        assert!(!nothing_new(&devices[other], &once));
        assert_eq!(once.history, devices[sender].history, "nothing lost");
        // The same link again (sent once more after a reconnection).
        match once.receive(&sent, &players) {
            Ok(Received::Continues(twice)) => {
                assert!(nothing_new(&once, &twice), "nothing repeated");
                assert_eq!(twice.history.len(), once.history.len());
            }
            Ok(Received::Earlier) => {}
            Err(e) => panic!("{e:?}"),
        }
        // An older link of the game: older, never a change.
        if let Some(old) = &older {
            assert_eq!(once.receive(old, &players), Ok(Received::Earlier));
        }
        assert!(once.history.len() > before);
        older = Some(sent);
        devices[other] = *once;
        sender = other;
    }
}
