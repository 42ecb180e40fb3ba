//! The invitation and the answer: each stands for the version 4 link of
//! the same handshake byte for byte, is short, and refuses any change.

use super::*;
use crate::fair_game::Received;
use crate::signal::{self, Address, Candidate, Kind};
use crate::test_games::{every_changed_character_refused, garbled, phone};
use engine::any::AnySetup;
use engine::city::{Catalogue, Options, Setup, DEFAULT_STACKS};
use engine::fair::Secret;

fn city() -> AnySetup {
    let cat = Catalogue::builtin().unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    AnySetup::City(Setup::from_seed(cat, names, 5, DEFAULT_STACKS, Options::default()).unwrap())
}

fn classic() -> AnySetup {
    use engine::classic;
    let cat = classic::Catalogue::builtin().unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
    let s = classic::Setup::from_seed(
        cat,
        names,
        classic::Expansions {
            city_gates: true,
            old_city: true,
        },
        classic::Options::default(),
        3,
    )
    .unwrap();
    AnySetup::Classic(s.first_tiles(10))
}

fn secrets(tag: u8) -> impl FnMut() -> Secret {
    let mut i = 0u8;
    move || {
        i += 1;
        let mut s = [tag; 32];
        s[0] = i;
        s
    }
}

fn v4(port: u16) -> Candidate {
    Candidate {
        address: Address::V4([192, 168, 1, 20]),
        port,
        kind: Kind::Host,
    }
}

fn signal(offer: bool, candidates: Vec<Candidate>) -> Signal {
    Signal {
        offer,
        fingerprint: [if offer { 0xa5 } else { 0x5a }; 32],
        candidates,
    }
}

/// The host's game (seats `here`), its invitation; the guest's game, its
/// answer; both read back.
fn handshake(setup: &AnySetup, here: &[bool], offer: &Signal, ans: &Signal) -> (String, String) {
    let host =
        FairGame::host(setup, here, salt([3, 1, 4, 1, 5, 9, 2, 6]), &mut secrets(1)).unwrap();
    let codes: Vec<u8> = (0..here.len() as u8).map(|s| s | (s % 2) << 3).collect();
    let inv = invitation(&host, &codes, offer).expect("an invitation");
    let Ok(Handshake::Invitation(read)) = decode(&inv) else {
        panic!("{inv}");
    };
    // It stands for the host's version 4 invitation, byte for byte.
    assert_eq!(read.link().unwrap(), host.link().unwrap());
    assert_eq!(read.seats, codes);
    assert_eq!(&read.signal, offer);
    let v4 = link::decode(&read.link().unwrap()).unwrap();
    assert_eq!(v4, read.link);
    let mut guest = FairGame::join(&v4, &mut secrets(2)).unwrap();
    let ans_text = answer(&guest, ans).expect("an answer");
    let Ok(Handshake::Answer(a)) = decode(&ans_text) else {
        panic!("{ans_text}");
    };
    assert_eq!(&a.signal, ans);
    assert!(a.answers(&host));
    // It stands for the guest's version 4 answer, byte for byte, and the
    // host takes it as it took that.
    assert_eq!(a.link(&host).unwrap(), guest.link().unwrap());
    let host2 = match host.receive(
        &link::decode(&a.link(&host).unwrap()).unwrap(),
        host.setup.players(),
    ) {
        Ok(Received::Continues(g)) => *g,
        other => panic!("{other:?}"),
    };
    assert!(host2.deal.committed());
    guest.reveal();
    // Once answered, neither game makes a handshake of its kind again.
    assert_eq!(invitation(&host2, &codes, offer), None);
    assert_eq!(
        answer(&host, ans),
        None,
        "the host has not every commitment"
    );
    (inv, ans_text)
}

#[test]
fn an_invitation_and_its_answer_stand_for_the_fair_links_and_are_short() {
    let city = city();
    for host_seat in [0, 1] {
        let here: Vec<bool> = (0..2).map(|s| s == host_seat).collect();
        let (inv, ans) = handshake(
            &city,
            &here,
            &signal(true, vec![v4(40000)]),
            &signal(false, vec![v4(40001)]),
        );
        // One IPv4 candidate each (one network): the measures of
        // docs/live-play.md.
        eprintln!(
            "The City, host seat {host_seat}: invitation {}, answer {}",
            inv.len(),
            ans.len()
        );
        assert!(inv.len() <= 110, "{} characters: {inv}", inv.len());
        assert!(ans.len() <= 116, "{} characters: {ans}", ans.len());
        let (inv, ans) = handshake(&city, &here, &phone(true), &phone(false));
        eprintln!(
            "phones across the internet: invitation {}, answer {}",
            inv.len(),
            ans.len()
        );
        assert!(inv.len() <= 138 && ans.len() <= 143);
        // As the app sends them (`signal::needed`): the invitation without
        // its mDNS name; the answer without its own on another network,
        // with it on the same one (the same public address).
        let offer = phone(true);
        let sent = Signal {
            candidates: signal::needed(offer.candidates.clone(), signal::Reader::Answerer),
            ..offer
        };
        let answer_from = |public: [u8; 4]| {
            let mut a = phone(false);
            a.candidates[1].address = Address::V4(public);
            Signal {
                candidates: signal::needed(a.candidates.clone(), signal::Reader::Offerer(&sent)),
                ..a
            }
        };
        let (inv, apart) = handshake(&city, &here, &sent, &answer_from([198, 51, 100, 9]));
        let (_, near) = handshake(&city, &here, &sent, &answer_from([203, 0, 113, 9]));
        eprintln!(
            "phones as sent: invitation {}, answer {} (two networks), {} (one)",
            inv.len(),
            apart.len(),
            near.len()
        );
        assert!(inv.len() <= 115 && apart.len() <= 120 && near.len() <= 143);
    }
    // Classic, both expansions, 10 tiles, three seats (two of them the
    // guest's).
    let (inv, ans) = handshake(
        &classic(),
        &[true, false, false],
        &phone(true),
        &phone(false),
    );
    eprintln!(
        "classic, 3 seats: invitation {}, answer {}",
        inv.len(),
        ans.len()
    );
}

#[test]
fn the_salt_is_its_seed_and_a_hash_of_it() {
    let s = salt([1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(&s[..8], &[1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(seed_of(&s), Some([1, 2, 3, 4, 5, 6, 7, 8]));
    assert_ne!(salt([1, 2, 3, 4, 5, 6, 7, 9])[8..], s[8..]);
    let mut other = s;
    other[15] ^= 1;
    assert_eq!(seed_of(&other), None);
    // A game with another salt (started before these links) has no short
    // invitation: its version 4 link is its invitation.
    let host = FairGame::host(&city(), &[true, false], other, &mut secrets(1)).unwrap();
    assert_eq!(invitation(&host, &[0, 1], &signal(true, vec![v4(1)])), None);
}

#[test]
fn every_changed_character_is_refused_without_panic() {
    let (inv, ans) = handshake(&city(), &[true, false], &phone(true), &phone(false));
    for good in [&inv, &ans] {
        assert!(is_handshake(good));
        every_changed_character_refused(good, |s| decode(s).is_ok());
    }
    // Well sealed but wrong inside: never a panic, and refused where the
    // format says so.
    for good in [&inv, &ans] {
        for v in garbled(&unseal(good).unwrap(), 600) {
            let _ = decode(&seal(&v));
        }
    }
    let mut none = unseal(&ans).unwrap();
    none[9] = 0;
    assert_eq!(
        decode(&seal(&none)),
        Err(ShareError::Damaged),
        "no seat answered"
    );
    assert_eq!(decode(&seal(&[INVITATION])), Err(ShareError::Damaged));
    assert_eq!(decode(&seal(&[ANSWER, 1, 2])), Err(ShareError::Damaged));
}

#[test]
fn an_answer_that_changes_the_hosts_commitment_is_refused() {
    let host = FairGame::host(&city(), &[true, false], salt([9; 8]), &mut secrets(1)).unwrap();
    let inv = invitation(&host, &[0, 1], &phone(true)).unwrap();
    let Ok(Handshake::Invitation(read)) = decode(&inv) else {
        panic!()
    };
    let guest = FairGame::join(&read.link, &mut secrets(2)).unwrap();
    let Ok(Handshake::Answer(mut a)) = decode(&answer(&guest, &phone(false)).unwrap()) else {
        panic!()
    };
    a.commitments[0] = Some([1; 16]);
    let forged = link::decode(&a.link(&host).unwrap()).unwrap();
    assert!(matches!(
        host.receive(&forged, host.setup.players()),
        Err(crate::fair_game::Refusal::Forgery(
            crate::links::Forgery::Deal
        ))
    ));
    // An answer to another game answers nothing here.
    a.game[0] ^= 1;
    assert!(!a.answers(&host));
}
