//! Three to five devices play fair games by links: addressed invitations,
//! answers to the host, the host's link that starts the game, then each
//! device's links, relayed by the host (a star) or sent to every device;
//! every relayed move checked against its device's signature.

use super::*;
use crate::share::envelope::{seal, unseal};
use crate::test_games::{city_setup, classic_setup, players, secrets};
use p256::ecdsa::signature::Signer;
use p256::ecdsa::SigningKey;

pub(crate) fn key(d: usize) -> SigningKey {
    SigningKey::from_bytes(&[d as u8 + 11; 32].into()).unwrap()
}

pub(crate) fn public(k: &SigningKey) -> PublicKey {
    k.verifying_key()
        .to_encoded_point(true)
        .as_bytes()
        .try_into()
        .unwrap()
}

fn sign_by(d: usize) -> impl FnOnce(&[u8; 32]) -> Signature {
    move |m| {
        let s: p256::ecdsa::Signature = key(d).sign(m);
        s.to_bytes().into()
    }
}

/// A device's link: its reveals kept, signed if due.
pub(crate) fn send(g: &mut StarGame) -> String {
    g.reveal();
    let me = usize::from(g.me);
    g.sign_with(sign_by(me));
    g.link().unwrap()
}

fn open(g: &StarGame, l: &str) -> Result<StarReceived, Refusal> {
    let read = decode(l).map_err(Refusal::Link)?;
    g.receive(&read, &players(g.devices.of_seat.len()))
}

pub(crate) fn continued(g: &StarGame, l: &str) -> StarGame {
    match open(g, l) {
        Ok(StarReceived::Continues(g)) => *g,
        other => panic!("{other:?}"),
    }
}

fn refused(g: &StarGame, l: &str) -> Refusal {
    match open(g, l) {
        Err(r) => r,
        Ok(x) => panic!("accepted: {x:?}"),
    }
}

/// The host invites each guest's device (its own invitation), each
/// answers to the host, and the host's next link, holding every
/// commitment and key, goes to every guest.
fn start(setup: &AnySetup, of_seat: &[u8]) -> Vec<StarGame> {
    start_salted(setup, of_seat, [9; 16])
}

/// The host's new game of `setup` on the devices `of_seat`, salt `salt`
/// (its secrets and key those of device 0).
pub(crate) fn new_host(setup: &AnySetup, of_seat: &[u8], salt: Value) -> StarGame {
    StarGame::host(setup, of_seat, salt, &mut secrets(1), public(&key(0))).unwrap()
}

/// [`start`] with the game's salt.
pub(crate) fn start_salted(setup: &AnySetup, of_seat: &[u8], salt: Value) -> Vec<StarGame> {
    let host = new_host(setup, of_seat, salt);
    assert_eq!(host.awaited(), Awaited::Answer);
    let d = host.devices.count();
    let mut devices = vec![host];
    for g in 1..d {
        let inv = devices[0].invitation(g as u8).unwrap();
        let read = decode(&inv).unwrap();
        assert_eq!(read.to, Some(g as u8));
        assert!(read.fair.deal.reveals.iter().all(Option::is_none));
        let guest = StarGame::join(&read, &mut secrets(g as u8 + 1), public(&key(g))).unwrap();
        for (s, &dev) in of_seat.iter().enumerate() {
            assert_eq!(guest.fair.own(s), usize::from(dev) == g);
        }
        // Waiting for the host's link with everyone's commitments.
        assert!(matches!(guest.awaited(), Awaited::Link { .. }));
        devices.push(guest);
    }
    for g in 1..d {
        let answer = send(&mut devices[g]);
        assert!(devices[0].unanswered().contains(&(g as u8)));
        devices[0] = continued(&devices[0], &answer);
        assert!(!devices[0].unanswered().contains(&(g as u8)));
    }
    assert!(devices[0].fair.deal.committed());
    let begin = send(&mut devices[0]);
    for g in 1..d {
        devices[g] = continued(&devices[g], &begin);
        assert!(devices[g].fair.deal.committed());
        assert_eq!(devices[g].devices.keys, devices[0].devices.keys);
    }
    devices
}

/// The device's decisions while it has one to take.
fn step(me: &mut StarGame) -> bool {
    let mut moved = false;
    while me.awaited() == Awaited::Nothing {
        let r = me.fair.replayed().unwrap();
        let (mut ready, _) = fair::prepare(&r.game, &me.fair.deal);
        let legal = ready.legal_choices();
        let c = legal[(me.fair.history.len() * 7) % legal.len()];
        ready.play(c).unwrap();
        me.fair.history.push(c);
        moved = true;
    }
    moved
}

/// The device whose link the device of the seat to move waits for (a
/// reveal of the tile to come).
fn waited_for(devices: &[StarGame]) -> usize {
    let mover = devices
        .iter()
        .find(|g| {
            let r = g.fair.replayed().unwrap();
            g.fair.own(usize::from(r.game.to_move()))
        })
        .unwrap();
    let Awaited::Link { seat } = mover.awaited() else {
        panic!("{:?}", mover.awaited())
    };
    usize::from(mover.devices.of_seat[usize::from(seat)])
}

/// How the links go round.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Route {
    /// Each guest sends its link to the host only; the host relays its
    /// own link, holding the guest's moves and signature, to the others.
    Star,
    /// Each device sends its link to every other.
    Everyone,
}

/// Play to the end; every link received by its recipients (Continues or
/// Earlier), every device's game the same at the end. Returns the links'
/// sizes.
fn play_out(setup: &AnySetup, of_seat: &[u8], route: Route) -> (Vec<StarGame>, Vec<usize>) {
    play_from(start(setup, of_seat), route)
}

/// [`play_out`] from the devices' games just started.
pub(crate) fn play_from(mut devices: Vec<StarGame>, route: Route) -> (Vec<StarGame>, Vec<usize>) {
    let d = devices.len();
    let mut sizes = Vec::new();
    let deliver = |devices: &mut Vec<StarGame>, from: usize, l: &str| {
        for (to, g) in devices.iter_mut().enumerate() {
            if to == from {
                continue;
            }
            *g = match open(g, l) {
                Ok(StarReceived::Continues(next)) => *next,
                Ok(StarReceived::Earlier) => g.clone(),
                Err(e) => panic!("device {to} refuses device {from}'s link: {e:?}"),
            };
        }
    };
    for _ in 0..2000 {
        if devices.iter().all(|g| g.awaited() == Awaited::Over) {
            let h = devices[0].fair.history.clone();
            assert!(devices.iter().all(|g| g.fair.history == h));
            return (devices, sizes);
        }
        // The device that can move moves; else the one awaited sends
        // its reveals.
        let from = match (0..d).find(|&k| devices[k].awaited() == Awaited::Nothing) {
            Some(k) => {
                step(&mut devices[k]);
                k
            }
            None => waited_for(&devices),
        };
        let l = send(&mut devices[from]);
        sizes.push(l.len());
        match route {
            Route::Everyone => deliver(&mut devices, from, &l),
            Route::Star if from == 0 => deliver(&mut devices, 0, &l),
            Route::Star => {
                devices[0] = continued(&devices[0], &l);
                let relay = send(&mut devices[0]);
                deliver(&mut devices, 0, &relay);
            }
        }
    }
    panic!("no end")
}

#[test]
fn three_devices_play_the_city_through_the_host() {
    let (end, sizes) = play_out(&city_setup(3), &[0, 1, 2], Route::Star);
    let g = end[2].fair.replayed().unwrap().game;
    assert!(g.is_over());
    let again = AnyGame::replay(g.setup(), &g.history()).unwrap();
    assert_eq!(again.scores(), g.scores());
    eprintln!(
        "3 devices, The City: {} links, {} to {} characters",
        sizes.len(),
        sizes.iter().min().unwrap(),
        sizes.iter().max().unwrap()
    );
}

#[test]
fn five_devices_play_classic_each_to_every_other() {
    let (end, sizes) = play_out(&classic_setup(5), &[0, 1, 2, 3, 4], Route::Everyone);
    assert!(end[4].fair.replayed().unwrap().game.is_over());
    eprintln!(
        "5 devices, classic: {} links, {} to {} characters",
        sizes.len(),
        sizes.iter().min().unwrap(),
        sizes.iter().max().unwrap()
    );
}

#[test]
fn two_seats_on_one_guest_among_three_devices_guest_first() {
    // Bob's device plays seats 0 and 3: it moves first.
    let (end, _) = play_out(&classic_setup(4), &[1, 0, 2, 1], Route::Star);
    assert!(end[0].fair.replayed().unwrap().game.is_over());
}

#[test]
fn devices_are_three_to_five_each_with_a_seat() {
    assert!(Devices::new(&[0, 1]).is_none(), "two devices: version 4");
    assert!(Devices::new(&[0, 2, 2]).is_none(), "device 1 plays nothing");
    assert!(Devices::new(&[0, 1, 2, 3, 4, 5]).is_none(), "six devices");
    assert!(Devices::new(&[1, 1, 2]).is_none(), "the host plays nothing");
    assert_eq!(Devices::new(&[0, 1, 2, 0]).unwrap().count(), 3);
}

#[test]
fn the_link_reads_back_and_a_damaged_block_is_refused() {
    let devices = start(&city_setup(3), &[0, 1, 2]);
    let l = devices[0].link().unwrap();
    let read = decode(&l).unwrap();
    assert_eq!(read.devices.keys, devices[0].devices.keys);
    assert_eq!(read.fair.deal.commitments, devices[0].fair.deal.commitments);
    assert!(is_star(&l) && !is_star(&devices[0].fair.link().unwrap()));
    let mut b = unseal(&l).unwrap();
    b[2] = 2; // two devices
    assert!(decode(&seal(&b)).is_err());
    let mut b = unseal(&l).unwrap();
    b[1] = 7; // an invitation for a device not in the game
    assert!(decode(&seal(&b)).is_err());
}

/// The WebCrypto forms: an exported raw key compresses to the same key;
/// a signature with the high s WebCrypto may give verifies.
#[test]
fn webcrypto_keys_and_signatures_are_read() {
    let k = key(3);
    let raw = k.verifying_key().to_encoded_point(false);
    assert_eq!(compress(raw.as_bytes()), Some(public(&k)));
    assert_eq!(compress(&raw.as_bytes()[..64]), None);
    let m = [5u8; 32];
    let s: p256::ecdsa::Signature = k.sign(&m);
    let sig: Signature = s.to_bytes().into();
    assert!(verify(&public(&k), &m, &sig));
    // s → n − s: the same signature, high s.
    let (r, s_) = s.split_scalars();
    let high = p256::ecdsa::Signature::from_scalars(r, -*s_).unwrap();
    assert!(verify(&public(&k), &m, &high.to_bytes().into()));
    assert!(!verify(&public(&key(4)), &m, &sig), "another device's key");
    let t = std::time::Instant::now();
    for _ in 0..100 {
        assert!(verify(&public(&k), &m, &sig));
    }
    eprintln!("a signature verifies in {:?}", t.elapsed() / 100);
    let mut bad = sig;
    bad[10] ^= 1;
    assert!(!verify(&public(&k), &m, &bad));
    assert!(!verify(&public(&k), &[6u8; 32], &sig), "another message");
}

/// Play until Bob's device (seat 1) has just moved and the host holds
/// his link: the host's relayed link to Cat, and the games there.
fn bob_has_moved() -> (Vec<StarGame>, String) {
    let mut devices = start(&city_setup(3), &[0, 1, 2]);
    for _ in 0..40 {
        let from = (0..3)
            .find(|&k| devices[k].awaited() == Awaited::Nothing)
            .unwrap_or_else(|| waited_for(&devices));
        step(&mut devices[from]);
        let l = send(&mut devices[from]);
        if from == 0 {
            for to in [1, 2] {
                if let Ok(StarReceived::Continues(g)) = open(&devices[to], &l) {
                    devices[to] = *g;
                }
            }
            continue;
        }
        devices[0] = continued(&devices[0], &l);
        let Some(last) = devices[0].fair.history.len().checked_sub(1) else {
            let relay = send(&mut devices[0]);
            for to in [1, 2] {
                devices[to] = continued(&devices[to], &relay);
            }
            continue;
        };
        let by_bob = movers(
            &devices[0].fair.setup,
            &devices[0].fair.deal,
            &devices[0].fair.history,
        )
        .unwrap()[last]
            .0
            == 1;
        if from == 1 && by_bob && devices[2].fair.history.len() <= last {
            let relay = send(&mut devices[0]);
            return (devices, relay);
        }
        let relay = send(&mut devices[0]);
        for to in [1, 2] {
            if to != from {
                devices[to] = continued(&devices[to], &relay);
            }
        }
    }
    panic!("Bob never moved")
}

/// The host's game with Bob's last decision replaced by another legal one
/// (as a cheating relay would), its link.
fn with_bobs_move_changed(host: &StarGame) -> (String, usize) {
    let mut g = host.clone();
    let last = g.fair.history.len() - 1;
    let before = fair::replay(&g.fair.setup, &g.fair.deal, &g.fair.history[..last]).unwrap();
    let (ready, _) = fair::prepare(&before.game, &g.fair.deal);
    let other = ready
        .legal_choices()
        .into_iter()
        .find(|&c| c != g.fair.history[last])
        .expect("another choice");
    g.fair.history[last] = other;
    (g.link().unwrap(), before.game.turn())
}

#[test]
fn a_relayed_move_is_taken_with_its_devices_signature() {
    let (devices, relay) = bob_has_moved();
    let cat = continued(&devices[2], &relay);
    assert_eq!(cat.fair.history, devices[0].fair.history);
    let (k, _) = cat.devices.signed[1].unwrap();
    assert_eq!(
        k as usize,
        cat.fair.history.len(),
        "Bob signed up to his move"
    );
}

#[test]
fn a_relayed_move_changed_is_refused_naming_it() {
    let (devices, _) = bob_has_moved();
    let (forged, turn) = with_bobs_move_changed(&devices[0]);
    assert_eq!(
        refused(&devices[2], &forged),
        Refusal::Forgery(Forgery::Unsigned {
            turn,
            player: "Bob".into()
        })
    );
}

#[test]
fn a_relayed_move_without_its_signature_is_refused() {
    let (devices, _) = bob_has_moved();
    let cat = &devices[2];
    let last = devices[0].fair.history.len() - 1;
    let turn = {
        let m = movers(
            &cat.fair.setup,
            &devices[0].fair.deal,
            &devices[0].fair.history,
        )
        .unwrap();
        m[last].1
    };
    let unsigned = Refusal::Forgery(Forgery::Unsigned {
        turn,
        player: "Bob".into(),
    });
    // Bob's signature left out, or an older one of his kept.
    let mut host = devices[0].clone();
    host.devices.signed[1] = cat.devices.signed[1];
    assert_eq!(refused(cat, &host.link().unwrap()), unsigned);
    // Bob's signature damaged.
    let mut host = devices[0].clone();
    if let Some((_, sig)) = host.devices.signed[1].as_mut() {
        sig[5] ^= 0x40;
    }
    assert_eq!(refused(cat, &host.link().unwrap()), unsigned);
    // Signed by the host's key instead of Bob's.
    let mut host = devices[0].clone();
    let (k, m) = {
        let mut bob = host.clone();
        bob.me = 1;
        bob.devices.signed[1] = None;
        bob.to_sign().unwrap()
    };
    host.devices.signed[1] = Some((k, sign_by(0)(&m)));
    assert_eq!(refused(cat, &host.link().unwrap()), unsigned);
}

#[test]
fn a_relay_that_changes_a_move_a_key_or_a_device_is_refused() {
    // Step by step through the host: the guests' reveals, Ann's turn 1,
    // Cat's reveals, Bob's turn 2. (The host cannot make up Bob's turn
    // before Bob has played it: Bob's value of that turn is Bob's alone,
    // so its tile is not dealt anywhere else.)
    let devices = start(&city_setup(3), &[0, 1, 2]);
    let mut host = devices[0].clone();
    let mut bob = devices[1].clone();
    let mut cat = devices[2].clone();
    // Ann's turn 1 (the host needs the guests' reveals first).
    for g in [&mut bob, &mut cat] {
        let l = send(g);
        host = continued(&host, &l);
    }
    assert!(step(&mut host));
    let l = send(&mut host);
    cat = continued(&cat, &l);
    bob = continued(&bob, &l);
    // Bob's seat decides next; his tile needs Cat's reveal, which Cat sent.
    let l = send(&mut cat);
    host = continued(&host, &l);
    bob = continued(&bob, &send(&mut host));
    assert_eq!(bob.awaited(), Awaited::Nothing);
    assert!(
        !host.fair.replayed().unwrap().known,
        "Bob's tile: Bob's alone"
    );
    assert!(step(&mut bob));
    let real = send(&mut bob);
    host = continued(&host, &real);
    let (forged, turn) = with_bobs_move_changed(&host);
    assert_eq!(
        refused(&cat, &forged),
        Refusal::Forgery(Forgery::Unsigned {
            turn,
            player: "Bob".into()
        })
    );
    // A guest's key changed on the way: a change of the deal.
    let mut other = host.clone();
    other.devices.keys[1] = Some(public(&key(9)));
    assert_eq!(
        refused(&cat, &other.link().unwrap()),
        Refusal::Forgery(Forgery::Deal)
    );
    // A seat moved to another device: not this game.
    let mut other = host.clone();
    other.devices.of_seat = vec![0, 2, 1];
    assert_eq!(
        refused(&cat, &other.link().unwrap()),
        Refusal::Forgery(Forgery::Deal)
    );
    // The real one, relayed, is taken.
    assert!(matches!(
        open(&cat, &send(&mut host)),
        Ok(StarReceived::Continues(_))
    ));
}

#[test]
fn a_guest_cannot_join_as_another_device_or_twice() {
    let host = new_host(&city_setup(3), &[0, 1, 2], [9; 16]);
    let inv = decode(&host.invitation(1).unwrap()).unwrap();
    let bob = StarGame::join(&inv, &mut secrets(2), public(&key(1))).unwrap();
    // Bob's answer read as an invitation: no device invited.
    let answer = decode(&bob.link().unwrap()).unwrap();
    assert!(StarGame::join(&answer, &mut secrets(3), public(&key(2))).is_err());
    // The host's game takes Bob's answer once; a second "Bob" with
    // another key changes the deal.
    let host = match host.receive(&answer, &players(3)) {
        Ok(StarReceived::Continues(g)) => *g,
        e => panic!("{e:?}"),
    };
    // Bob's answer carrying a key and a commitment for Cat's device: a
    // guest cannot commit for another's seats.
    let mut forged = bob.clone();
    forged.devices.keys[2] = Some(public(&key(5)));
    forged.fair.deal.commitments[2] = Some([1; 16]);
    let read = decode(&forged.link().unwrap()).unwrap();
    let before = new_host(&city_setup(3), &[0, 1, 2], [9; 16]);
    assert_eq!(
        before.receive(&read, &players(3)),
        Err(Refusal::Forgery(Forgery::Deal))
    );
    let bob2 = StarGame::join(&inv, &mut secrets(4), public(&key(4))).unwrap();
    let again = decode(&bob2.link().unwrap()).unwrap();
    assert_eq!(
        host.receive(&again, &players(3)),
        Err(Refusal::Forgery(Forgery::Deal))
    );
}

fn unhex_vec(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// Signatures made by WebCrypto (Node's `crypto.subtle`, the same
/// algorithm as the browsers': ECDSA P-256, SHA-256, r ‖ s; a
/// non-extractable private key) verify here; the first has a high s.
#[test]
fn signatures_made_by_webcrypto_verify() {
    let raw = unhex_vec(
        "040ed93de721dcd45f1676a765f537478b4db7f6ca9bf5459d35f3664788c412c3\
         5704a6bcc775ec120774ca7adce46cc4291ac78559a23fc33d2a93de9f10da68",
    );
    let key = compress(&raw).unwrap();
    let msg = unhex_vec("01080f161d242b323940474e555c636a71787f868d949ba2a9b0b7bec5ccd3da");
    for sig in [
        "6fee7f43d67724c519f7e83a4895896a689b004384999afe408cee57d3be0496\
         b1261bcfe799f752060a25246de39dc6296bcb411abe0cc7dec07d031c724fa3",
        "b1301af88defe65c98f6ddce1ec64d8eb3cb4a6277a9c49ed725dfa439df8f7c\
         3165bc14b93026f96492e4c97a0f0f2d5d1418626f3ea545369e2279adc58121",
        "79291bc677784a8cee385c122e924dd03a14f55a776ce3f31056f126a0c9d180\
         d936cd139cd46a6a2caea58192e810005e46647d4218824aacfb4592dc35bfe4",
    ] {
        let sig: Signature = unhex_vec(sig).try_into().unwrap();
        assert!(verify(&key, &msg, &sig));
        let mut other = msg.clone();
        other[0] ^= 1;
        assert!(!verify(&key, &other, &sig));
    }
}

/// What three devices get today from a two-device invitation (version 4):
/// the first guest to answer takes every open seat; a second guest's
/// answer to the same invitation changes the deal and is refused, so a
/// game by version 4 links has two devices at most.
#[test]
fn a_version_4_invitation_answered_twice_is_refused_the_second_time() {
    use crate::share::fair::decode as decode4;
    let setup = city_setup(3);
    let host = FairGame::host(&setup, &[true, false, false], [9; 16], &mut secrets(1)).unwrap();
    let inv = decode4(&host.link().unwrap()).unwrap();
    let bob = FairGame::join(&inv, &mut secrets(2)).unwrap();
    assert!(
        bob.own(1) && bob.own(2),
        "Bob's device takes both open seats"
    );
    let cat = FairGame::join(&inv, &mut secrets(3)).unwrap();
    let Ok(Received::Continues(host)) =
        host.receive(&decode4(&bob.link().unwrap()).unwrap(), &players(3))
    else {
        panic!()
    };
    assert_eq!(
        host.receive(&decode4(&cat.link().unwrap()).unwrap(), &players(3)),
        Err(Refusal::Forgery(Forgery::Deal))
    );
}

fn saved_seats(g: &StarGame) -> Vec<crate::saves::SavedSeat> {
    g.devices
        .of_seat
        .iter()
        .zip(["red", "blue", "green", "yellow", "black"])
        .map(|(&d, c)| crate::saves::SavedSeat {
            colour: c.into(),
            computer: None,
            here: d == g.me,
        })
        .collect()
}

/// Cat's device saves the game (version 7's fair record holding the
/// version 5 link) and judges links by it: the host's relay continues it,
/// a changed relayed move is refused, an older link is earlier, and a
/// version 4 link of the same game (no signatures) changes the deal.
#[test]
fn a_three_device_game_is_saved_and_judges_its_links() {
    use crate::links::{judge_fair, judge_star, read_fair, read_star, FairVerdict, StarVerdict};
    use crate::saves::{self, SaveDoc};
    let (devices, relay) = bob_has_moved();
    let cat = &devices[2];
    let g = cat.fair.replayed().unwrap().game;
    let mut doc = SaveDoc::new();
    doc.save_star_from("s1", &g, cat, saved_seats(cat), None, None, 1764662400000.0)
        .unwrap();
    let doc = saves::parse(&doc.to_json()).unwrap();
    let entry = doc.get("s1").unwrap();
    let (game, back) = entry.record.star().unwrap().unwrap();
    assert_eq!(back, *cat, "the game, its devices, keys and signatures");
    assert_eq!(entry.load().unwrap().history(), game.history());
    let secret = cat.fair.secrets[2].unwrap();
    assert!(!unseal(entry.record.text())
        .unwrap()
        .windows(32)
        .any(|w| w == secret));
    // The host's relay of Bob's move.
    let read = read_star(&doc, &relay).unwrap();
    match judge_star(&doc, &read, None) {
        StarVerdict::Continues(_, next) => {
            assert_eq!(next.fair.history, devices[0].fair.history)
        }
        v => panic!("{v:?}"),
    }
    // Bob's move changed on the way.
    let (forged, turn) = with_bobs_move_changed(&devices[0]);
    let read = read_star(&doc, &forged).unwrap();
    assert!(matches!(
        judge_star(&doc, &read, None),
        StarVerdict::Refused(_, Refusal::Forgery(Forgery::Unsigned { turn: t, ref player }))
            if t == turn && player == "Bob"
    ));
    // Cat's own link: nothing new; an older one of the host's: earlier.
    let read = read_star(&doc, &cat.link().unwrap()).unwrap();
    assert!(matches!(
        judge_star(&doc, &read, None),
        StarVerdict::Continues(_, g) if g.fair.history == cat.fair.history
    ));
    let mut older = devices[0].clone();
    older.fair.history.truncate(1);
    let read = read_star(&doc, &older.link().unwrap()).unwrap();
    assert!(matches!(
        judge_star(&doc, &read, None),
        StarVerdict::Earlier(..)
    ));
    // The same game's moves as a version 4 link, without signatures.
    let v4 = devices[0].fair.link().unwrap();
    let read = read_fair(&doc, &v4).unwrap();
    assert!(matches!(
        judge_fair(&doc, &read, None),
        FairVerdict::Refused(_, Refusal::Forgery(Forgery::Deal))
    ));
    // Another game's invitation: to join.
    let other = StarGame::host(
        &city_setup(3),
        &[0, 1, 2],
        [4; 16],
        &mut secrets(7),
        public(&key(0)),
    )
    .unwrap();
    let read = read_star(&doc, &other.invitation(1).unwrap()).unwrap();
    assert!(matches!(
        judge_star(&doc, &read, None),
        StarVerdict::Invitation
    ));
}

/// Writes tests/fixtures/saves/v7-star.json's document (Cat's device, a
/// three-device game after Bob's first move): `cargo test -p formats --lib
/// write_the_star_fixture -- --ignored`, then copy /tmp/v7-star.json.
#[test]
#[ignore]
fn write_the_star_fixture() {
    let (devices, relay) = bob_has_moved();
    let cat = continued(&devices[2], &relay);
    let g = cat.fair.replayed().unwrap().game;
    let mut doc = crate::saves::SaveDoc::new();
    doc.save_star_from(
        "s1",
        &g,
        &cat,
        saved_seats(&cat),
        None,
        None,
        1764662400000.0,
    )
    .unwrap();
    std::fs::write("/tmp/v7-star.json", doc.to_json()).unwrap();
}
