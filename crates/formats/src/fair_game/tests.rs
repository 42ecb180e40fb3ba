//! Two devices play fair games by links: the invitation, the answer, each
//! turn's link; every forgery refused with what it changes.

use super::*;
use crate::share::envelope::{seal, unseal};
use crate::test_games::{classic_setup, players, secrets, step};
use engine::city::{Catalogue, Options, Setup};

fn setup() -> AnySetup {
    crate::test_games::city_setup(2)
}

/// The host (Ann's device, seat `host_seat`) invites; Bob's device joins
/// and answers; Ann's opens the answer.
fn start(setup: &AnySetup, host_seat: usize) -> (FairGame, FairGame) {
    let here: Vec<bool> = (0..2).map(|s| s == host_seat).collect();
    let host = FairGame::host(setup, &here, [9; 16], &mut secrets(1)).unwrap();
    assert_eq!(host.awaited(&host.replayed().unwrap()), Awaited::Answer);
    let inv = host.link().unwrap();
    eprintln!("invitation: {} characters", inv.len());
    let read = link::decode(&inv).unwrap();
    assert!(read.deal.reveals.iter().all(Option::is_none), "no reveal");
    let guest = FairGame::join(&read, &mut secrets(2)).unwrap();
    assert!(guest.own(1 - host_seat) && !guest.own(host_seat));
    let answer = guest.link().unwrap();
    eprintln!("answer: {} characters", answer.len());
    let host = match host.receive(&link::decode(&answer).unwrap(), &players(2)) {
        Ok(Received::Continues(g)) => *g,
        other => panic!("{other:?}"),
    };
    let mut guest = guest;
    guest.reveal();
    (host, guest)
}

/// Links back and forth to the game's end; at every link the holder of
/// the link alone cannot deal the tile to come, and the receiver can
/// exactly when its seat moves.
fn play_out(setup: &AnySetup, host_seat: usize) -> (FairGame, Vec<usize>) {
    let (host, guest) = start(setup, host_seat);
    let mut devices = [host, guest];
    let mut sizes = Vec::new();
    let mut sender = match devices[0].awaited(&devices[0].replayed().unwrap()) {
        Awaited::Nothing => 0,
        // The guest moves first: the host sends its reveals first.
        Awaited::Link { .. } => 0,
        a => panic!("{a:?}"),
    };
    for _ in 0..200 {
        step(&mut devices[sender]);
        devices[sender].reveal();
        let l = devices[sender].link().unwrap();
        sizes.push(l.len());
        let read = link::decode(&l).unwrap();
        let (seen_game, known) = seen(&read).unwrap();
        if !seen_game.is_over() {
            // Its tile in hand (not placed yet) and the next draw: not
            // dealt by the link alone.
            let t = seen_game.turn();
            let placed = seen_game.turns() == t;
            assert!(placed || !known, "the link alone deals turn {t}");
            assert!(read.deal.values(t as u32 + 1).is_none(), "turn {}", t + 1);
        }
        let other = 1 - sender;
        devices[other] = match devices[other].receive(&read, &players(2)) {
            Ok(Received::Continues(g)) => *g,
            e => panic!("{e:?}"),
        };
        let r = devices[other].replayed().unwrap();
        if r.game.is_over() {
            let mine = devices[sender].replayed().unwrap().game;
            assert_eq!(mine.history(), r.game.history());
            assert_eq!(mine.setup(), r.game.setup(), "the same deck at the end");
            return (devices[other].clone(), sizes);
        }
        assert_eq!(devices[other].awaited(&r), Awaited::Nothing);
        sender = other;
    }
    panic!("no end")
}

#[test]
fn two_devices_play_the_city_by_links_host_first() {
    let (end, sizes) = play_out(&setup(), 0);
    let g = end.replayed().unwrap().game;
    assert!(g.is_over());
    // The end's game replays from its deck as any game does.
    let again = AnyGame::replay(g.setup(), &g.history()).unwrap();
    assert_eq!(again.scores(), g.scores());
    let plain: Vec<usize> = {
        let g = end.replayed().unwrap().game;
        (0..=g.decisions())
            .map(|n| crate::share::encode(&g.at(n)).len())
            .collect()
    };
    eprintln!(
        "The City: {} links, first {}, last {} characters (the plain link of the whole game {})",
        sizes.len(),
        sizes[0],
        sizes.last().unwrap(),
        plain.last().unwrap()
    );
}

#[test]
fn two_devices_play_classic_by_links_guest_first() {
    let (end, _) = play_out(&classic_setup(2), 1);
    assert!(end.replayed().unwrap().game.is_over());
}

/// Opening the guest's answer when the guest moves first: the host waits
/// for nothing of Bob's but must send its reveals (a link with no move).
#[test]
fn the_guest_moving_first_waits_for_the_hosts_reveal() {
    let (host, guest) = start(&setup(), 1);
    let r = guest.replayed().unwrap();
    assert!(!r.known);
    assert_eq!(guest.awaited(&r), Awaited::Link { seat: 1 });
    assert_eq!(
        host.awaited(&host.replayed().unwrap()),
        Awaited::Link { seat: 0 }
    );
    let l = link::decode(&host.link().unwrap()).unwrap();
    assert!(l.history.is_empty());
    let Ok(Received::Continues(guest)) = guest.receive(&l, &players(2)) else {
        panic!()
    };
    let guest = *guest;
    let r = guest.replayed().unwrap();
    assert!(r.known);
    assert_eq!(guest.awaited(&r), Awaited::Nothing);
}

/// Re-seal changed bytes as a forger would (the checksum made right).
fn forge(l: &str, f: impl FnOnce(&mut Vec<u8>)) -> Result<FairLink, ShareError> {
    let mut b = unseal(l).unwrap();
    f(&mut b);
    link::decode(&seal(&b))
}

fn refused(g: &FairGame, l: &FairLink) -> Refusal {
    match g.receive(l, &players(2)) {
        Err(r) => r,
        Ok(x) => panic!("accepted: {x:?}"),
    }
}

/// Every forgery of a link is refused, saying what it changes.
#[test]
fn forged_links_are_refused_with_what_they_change() {
    let setup = setup();
    let (ann, bob) = start(&setup, 0);
    // Ann's turn 1, Bob's turn 2, Ann's turn 3: Bob holds Ann's link.
    let mut devices = [ann, bob];
    for me in [0, 1, 0] {
        step(&mut devices[me]);
        devices[me].reveal();
        let l = link::decode(&devices[me].link().unwrap()).unwrap();
        let Ok(Received::Continues(g)) = devices[1 - me].receive(&l, &players(2)) else {
            panic!()
        };
        devices[1 - me] = *g;
    }
    let [ann, bob] = devices;
    let good = ann.link().unwrap();
    // An older link: the game here where it is.
    let mut older = link::decode(&good).unwrap();
    older.history.truncate(1);
    assert_eq!(bob.receive(&older, &players(2)), Ok(Received::Earlier));
    // A past move changed (the last decision played another way).
    let mut changed = link::decode(&good).unwrap();
    let at = bob.history.len() - 1;
    let before = fair::replay(&setup, &bob.deal, &bob.history[..at]).unwrap();
    let (ready, _) = fair::prepare(&before.game, &bob.deal);
    let other = ready
        .legal_choices()
        .into_iter()
        .find(|&c| c != bob.history[at]);
    if let Some(other) = other {
        changed.history.truncate(at);
        changed.history.push(other);
        let r = refused(&bob, &changed);
        assert!(
            r == Refusal::Forgery(Forgery::Move {
                turn: before.game.turn(),
                player: players(2)[usize::from(before.game.to_move())].clone()
            }),
            "{r:?}"
        );
    }
    // A move for Bob's seat that Bob did not make (Ann plays his turn 4).
    let mut theirs = ann.clone();
    let r = theirs.replayed().unwrap();
    let mut g = r.game;
    let mut bob_all = bob.deal.clone();
    bob_all.chains[0] = ann.deal.chains[0].clone();
    let turn = g.turn();
    while g.to_move() == 1 {
        let (mut ready, _) = fair::prepare(&g, &bob_all);
        let c = ready.legal_choices()[0];
        ready.play(c).unwrap();
        theirs.history.push(c);
        g = ready;
    }
    let played_for = FairLink {
        setup: ann.setup.clone(),
        deal: ann.link_deal(&ann.replayed().unwrap()),
        history: theirs.history.clone(),
    };
    assert_eq!(
        refused(&bob, &played_for),
        Refusal::Forgery(Forgery::Seat {
            turn,
            player: "Bob".into()
        })
    );
    // Another commitment for Ann's seat (her reveals made to match it is
    // impossible: the link's own reading refuses its reveal).
    let bytes = unseal(&good).unwrap();
    let mut r = crate::share::envelope::Reader::new(&bytes[1..]);
    let n = r.varint().unwrap() as usize;
    let commit_at = 1 + 1 + n + 16 + 1;
    assert_eq!(
        forge(&good, |b| b[commit_at] ^= 1).unwrap_err(),
        ShareError::Invalid(Invalid::Reveal { seat: 0 })
    );
    // A reveal changed: refused by its reading.
    let reveal_at = commit_at + 16 + 17 + 1;
    assert_eq!(
        forge(&good, |b| b[reveal_at + 2] ^= 1).unwrap_err(),
        ShareError::Invalid(Invalid::Reveal { seat: 0 })
    );
    // Another commitment for a seat with no reveal yet (the answer's
    // host commitment replaced): the deal changed.
    let mut deal = ann.link_deal(&ann.replayed().unwrap());
    deal.commitments[0] = Some([5; 16]);
    deal.reveals[0] = None;
    let other_deal = FairLink {
        setup: ann.setup.clone(),
        deal,
        history: Vec::new(),
    };
    assert_eq!(refused(&bob, &other_deal), Refusal::Forgery(Forgery::Deal));
}

/// The ordering of commitments enforced: a link that reveals a value while
/// a seat has not committed (an invitation with the host's reveal, which
/// would let the guest grind its secret against it) is refused by its
/// reading; the host's own invitation never holds one.
#[test]
fn a_reveal_before_every_commitment_is_refused() {
    let setup = setup();
    let host = FairGame::host(&setup, &[true, false], [4; 16], &mut secrets(1)).unwrap();
    let mut early = host.deal.clone();
    early.reveal_own(1);
    assert!(early.reveals[0].is_some());
    let l = link::encode(&host.setup, &early, &[]).unwrap();
    assert_eq!(
        link::decode(&l).unwrap_err(),
        ShareError::Invalid(Invalid::EarlyReveal)
    );
    // What the app sends: no reveal before the answer.
    assert!(link::decode(&host.link().unwrap())
        .unwrap()
        .deal
        .reveals
        .iter()
        .all(Option::is_none));
    // A guest answer that changes the host's commitment: refused.
    let inv = link::decode(&host.link().unwrap()).unwrap();
    let mut guest = FairGame::join(&inv, &mut secrets(2)).unwrap();
    guest.deal.commitments[0] = Some([1; 16]);
    let answer = link::decode(&guest.link().unwrap()).unwrap();
    assert_eq!(refused(&host, &answer), Refusal::Forgery(Forgery::Deal));
}

/// A saved game comes back from its link and secrets; another secret
/// than the one committed is refused.
#[test]
fn a_fair_game_is_restored_from_its_link_and_secrets() {
    let (ann, _) = start(&setup(), 0);
    let l = link::decode(&ann.link().unwrap()).unwrap();
    let back = FairGame::restore(&l, ann.secrets.clone()).unwrap();
    assert_eq!(
        back.replayed().unwrap().known,
        ann.replayed().unwrap().known
    );
    assert!(back.replayed().unwrap().known);
    let wrong = vec![Some([3u8; 32]), None];
    assert_eq!(
        FairGame::restore(&l, wrong),
        Err(DealProblem::Chain { seat: 0 })
    );
    assert!(unhex::<16>(&hex(&[0xab; 16])) == Some([0xab; 16]));
    assert!(ann.tag().starts_with(&hex(&[9; 16])));
}

/// Saved (document version 7): the link and this device's secrets; read
/// back the same game; a link of it judged by the save: continues, an
/// older one shows the save, a forged one is refused and nothing changes.
#[test]
fn a_fair_game_is_saved_with_its_secrets_and_judges_links() {
    use crate::links::{judge_fair, FairVerdict};
    use crate::saves::{self, SaveDoc, SavedSeat};
    let setup = setup();
    let (ann, bob) = start(&setup, 0);
    let seats = |here: [bool; 2]| -> Vec<SavedSeat> {
        ["red", "blue"]
            .iter()
            .zip(here)
            .map(|(c, here)| SavedSeat {
                colour: c.to_string(),
                computer: None,
                here,
            })
            .collect()
    };
    let mut doc = SaveDoc::new();
    let game = bob.replayed().unwrap().game;
    doc.save_fair_from("f1", &game, &bob, seats([false, true]), Some(0), None, 1.0)
        .unwrap();
    let json = doc.to_json();
    assert!(json.contains("\"version\":7") && json.contains("\"fair\""));
    let secret = hex(bob.secrets[1].as_ref().unwrap());
    assert!(json.contains(&secret), "the secret is kept on this device");
    let back = saves::parse(&json).unwrap();
    assert_eq!(back, doc);
    let (_, restored) = back.get("f1").unwrap().record.fair().unwrap().unwrap();
    assert_eq!(restored.secrets, bob.secrets);
    // Ann's save after her turn (her reveals not in it) reads back.
    let mut ann = ann;
    step(&mut ann);
    let mut anndoc = SaveDoc::new();
    let g = ann.replayed().unwrap().game;
    anndoc
        .save_fair_from("a1", &g, &ann, seats([true, false]), None, None, 1.0)
        .unwrap();
    let again = saves::parse(&anndoc.to_json()).unwrap();
    let (ag, af) = again.get("a1").unwrap().record.fair().unwrap().unwrap();
    assert_eq!(af.history, ann.history);
    assert_eq!(ag.history(), g.history());
    // Ann's turn comes as a link: it continues Bob's save.
    ann.reveal();
    let l = ann.link().unwrap();
    assert!(!l.contains(&secret));
    let read = link::decode(&l).unwrap();
    let FairVerdict::Continues(entry, g) = judge_fair(&back, &read, None) else {
        panic!()
    };
    assert_eq!(entry.id, "f1");
    assert_eq!(g.history, ann.history);
    // The record in play: a [Fair] tag, no seed, no deck.
    let record = g.record(&[]).unwrap();
    assert!(record.contains("[Fair \"") && !record.contains("[Deck") && !record.contains("[Seed"));
    // The invitation again: the save, where it is.
    let host = FairGame::host(&setup, &[true, false], [9; 16], &mut secrets(1)).unwrap();
    let inv = link::decode(&host.link().unwrap()).unwrap();
    assert!(matches!(
        judge_fair(&back, &inv, None),
        FairVerdict::Earlier(..)
    ));
    assert!(matches!(
        judge_fair(&SaveDoc::new(), &inv, None),
        FairVerdict::Invitation
    ));
    // Bob's seat made a computer by the link's seats: refused.
    let mut computer = seats([false, false]);
    computer[1].computer = Some("easy".into());
    assert!(matches!(
        judge_fair(&back, &read, Some(&computer)),
        FairVerdict::Refused(_, Refusal::Forgery(Forgery::Player { .. }))
    ));
}

/// A link with one decision more than its sender made (the count raised,
/// the checksum made right): the extra decision is the next seat's, Bob's;
/// his device reads it with his chain and refuses it as a move for his
/// seat; the link alone does not even deal it.
#[test]
fn a_decision_added_for_the_receivers_seat_is_refused_as_such() {
    use crate::links::read_fair;
    use crate::saves::{SaveDoc, SavedSeat};
    let setup = setup();
    let (mut ann, bob) = start(&setup, 0);
    step(&mut ann);
    ann.reveal();
    let link = ann.link().unwrap();
    // The decisions' count follows the reveals: find it by re-reading.
    let bytes = unseal(&link).unwrap();
    let mut r = crate::share::envelope::Reader::new(&bytes[1..]);
    let n = r.varint().unwrap() as usize;
    let mut at = 1 + 1 + n + 16 + 2 * 17;
    for _ in 0..2 {
        let k = bytes[at];
        at += 1 + if k > 0 { 16 } else { 0 };
    }
    assert_eq!(usize::from(bytes[at]), ann.history.len());
    let mut forged = bytes.clone();
    forged[at] += 1;
    let forged = seal(&forged);
    assert!(matches!(
        link::decode(&forged),
        Err(ShareError::Invalid(Invalid::PastTheDeal { .. }))
    ));
    let mut doc = SaveDoc::new();
    let seats = vec![
        SavedSeat {
            colour: "red".into(),
            computer: None,
            here: false,
        },
        SavedSeat {
            colour: "blue".into(),
            computer: None,
            here: true,
        },
    ];
    let game = bob.replayed().unwrap().game;
    doc.save_fair_from("f", &game, &bob, seats, Some(0), None, 1.0)
        .unwrap();
    let read = read_fair(&doc, &forged).unwrap();
    assert_eq!(read.history.len(), ann.history.len() + 1);
    assert!(matches!(
        bob.receive(&read, &players(2)),
        Err(Refusal::Forgery(Forgery::Seat { player, .. })) if player == "Bob"
    ));
}

#[test]
#[ignore]
fn write_the_v7_fixture() {
    use crate::saves::{SaveDoc, SavedSeat};
    let setup = setup();
    let (mut ann, _) = start(&setup, 0);
    step(&mut ann);
    let seats = vec![
        SavedSeat {
            colour: "red".into(),
            computer: None,
            here: true,
        },
        SavedSeat {
            colour: "blue".into(),
            computer: None,
            here: false,
        },
    ];
    let mut doc = SaveDoc::new();
    let g = ann.replayed().unwrap().game;
    doc.save_fair_from("f1", &g, &ann, seats, None, None, 1764662400000.0)
        .unwrap();
    std::fs::write("/tmp/v7.json", doc.to_json()).unwrap();
}

/// A fair game started with the aids off (issue 39's purist switch) keeps
/// them off on the other device: its link's setup says so.
#[test]
fn the_aids_off_travel_in_a_fair_link() {
    let off = AnyGame::new(setup()).unwrap().with_aids(false).setup();
    let host = FairGame::host(&off, &[true, false], [2; 16], &mut secrets(1)).unwrap();
    let inv = link::decode(&host.link().unwrap()).unwrap();
    let guest = FairGame::join(&inv, &mut secrets(2)).unwrap();
    assert!(!guest.replayed().unwrap().game.aids_on());
    assert!(!host.replayed().unwrap().game.aids_on());
}

/// Three seats on two devices: Ann's here, Bob's and Cid's on the guest's
/// device (the invitation leaves both open). The guest plays its two
/// seats' turns one after the other with no link between them; every link
/// reads on the other device to the game's end.
#[test]
fn two_seats_on_the_guests_device_play_to_the_end() {
    let cat = Catalogue::builtin().unwrap();
    let names: Vec<String> = vec!["Ann".into(), "Bob".into(), "Cid".into()];
    let setup = AnySetup::City(
        Setup::from_seed(cat, names.clone(), 0, [8, 6, 6], Options::default()).unwrap(),
    );
    let host = FairGame::host(&setup, &[true, false, false], [6; 16], &mut secrets(1)).unwrap();
    let inv = link::decode(&host.link().unwrap()).unwrap();
    let guest = FairGame::join(&inv, &mut secrets(2)).unwrap();
    assert!(guest.own(1) && guest.own(2) && !guest.own(0));
    let Ok(Received::Continues(host)) =
        host.receive(&link::decode(&guest.link().unwrap()).unwrap(), &names)
    else {
        panic!()
    };
    let mut devices = [*host, guest];
    let mut sender = 0;
    for _ in 0..300 {
        step(&mut devices[sender]);
        devices[sender].reveal();
        let read = link::decode(&devices[sender].link().unwrap()).unwrap();
        let other = 1 - sender;
        devices[other] = match devices[other].receive(&read, &names) {
            Ok(Received::Continues(g)) => *g,
            e => panic!("{e:?}"),
        };
        let r = devices[other].replayed().unwrap();
        if r.game.is_over() {
            assert_eq!(
                r.game.history(),
                devices[sender].replayed().unwrap().game.history()
            );
            assert_eq!(r.game.turns(), 20, "every tile placed");
            return;
        }
        assert_eq!(devices[other].awaited(&r), Awaited::Nothing);
        sender = other;
    }
    panic!("no end");
}
