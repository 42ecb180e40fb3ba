use super::*;
use crate::signal::{Address, Candidate, Kind};

const SALT: [u8; 16] = [7, 1, 2, 3, 4, 5, 6, 8, 9, 9, 9, 9, 9, 9, 9, 9];

fn signal(offer: bool) -> Signal {
    Signal {
        offer,
        fingerprint: [0xab; 32],
        candidates: vec![Candidate {
            address: Address::V4([192, 0, 2, 2]),
            port: 54321,
            kind: Kind::Host,
        }],
    }
}

fn offer_to(to: u8) -> StarSignal {
    StarSignal {
        from: 0,
        to,
        game: game_of(&SALT),
        signal: signal(true),
    }
}

#[test]
fn an_offer_and_an_answer_read_back_as_written() {
    for d in 1..5 {
        let o = offer_to(d);
        let text = o.encode();
        assert!(is_star_signal(&text));
        assert_eq!(StarSignal::decode(&text), Ok(o.clone()));
        assert!(o.is_for(&SALT) && o.guest() == d);
        let a = StarSignal {
            from: d,
            to: 0,
            game: game_of(&SALT),
            signal: signal(false),
        };
        let back = StarSignal::decode(&a.encode()).unwrap();
        assert_eq!(back, a);
        assert!(!back.signal.offer && back.guest() == d);
    }
    // Measured: one IPv4 host candidate, 54 bytes sealed, 72 characters
    // (the two-device signal's and 10 bytes more: the devices and the game).
    let text = offer_to(1).encode();
    assert_eq!(text.len(), 72, "{text}");
    // Two phones across the internet: an mDNS name and a STUN address.
    let mut far = offer_to(2);
    far.signal.candidates = crate::test_games::phone(true).candidates;
    let text = far.encode();
    assert_eq!(StarSignal::decode(&text), Ok(far));
    assert_eq!(text.len(), 95, "{text}");
}

#[test]
fn another_game_is_not_this_one() {
    let mut other = SALT;
    other[0] ^= 1;
    assert!(!offer_to(1).is_for(&other));
    // (Only the salt's first 8 bytes name the game.)
    let mut tail = SALT;
    tail[15] ^= 1;
    assert!(offer_to(1).is_for(&tail));
}

#[test]
fn a_two_device_signal_and_a_star_one_are_not_taken_for_each_other() {
    let two = signal(true).encode();
    assert!(!is_star_signal(&two));
    assert_eq!(StarSignal::decode(&two), Err(SignalError::Version));
    let star = offer_to(1).encode();
    assert_eq!(Signal::decode(&star), Err(SignalError::Version));
}

#[test]
fn damaged_or_forged_signals_are_refused_never_a_panic() {
    let good = offer_to(1).encode();
    // A character changed: the seal.
    let mut bad: Vec<char> = good.chars().collect();
    bad[5] = if bad[5] == 'A' { 'B' } else { 'A' };
    let bad: String = bad.into_iter().collect();
    assert_eq!(StarSignal::decode(&bad), Err(SignalError::Damaged));
    assert!(!is_star_signal(&bad));
    // Not the host and one guest: two guests, the host to itself, a
    // sixth device.
    for (from, to) in [(1, 2), (0, 0), (0, 5), (9, 0), (255, 0)] {
        let s = StarSignal {
            from,
            to,
            ..offer_to(1)
        };
        assert_eq!(
            StarSignal::decode(&s.encode()),
            Err(SignalError::Damaged),
            "{from}→{to}"
        );
    }
    // Cut short, at every length; garbage; too long.
    let bytes = unseal(&good).unwrap();
    // (At 43 bytes it is a signal with no candidate, which reads.)
    for n in (0..bytes.len()).filter(|&n| n != 43) {
        let cut = seal(&bytes[..n]);
        assert!(StarSignal::decode(&cut).is_err(), "{n} bytes");
    }
    for s in ["", "~", "!!!", "AAAA", &"A".repeat(2000)] {
        assert!(StarSignal::decode(s).is_err(), "{s:?}");
        assert!(!is_star_signal(s));
    }
    // Candidates that do not read.
    let mut extra = bytes.clone();
    extra.push(0xff);
    assert_eq!(StarSignal::decode(&seal(&extra)), Err(SignalError::Damaged));
}
