//! What the fair games' tests share (fair_game, star, rejoin): seats named
//! Ann, Bob, Cat…, the two rulesets' setups, secrets that differ per
//! device, and a device taking its own decisions.

use engine::any::AnySetup;
use engine::city::{Catalogue, Options, Setup, DEFAULT_STACKS};
use engine::fair::{self, Secret};

use crate::fair_game::{Awaited, FairGame};

const NAMES: [&str; 5] = ["Ann", "Bob", "Cat", "Dan", "Eve"];

/// The first `n` names.
pub fn players(n: usize) -> Vec<String> {
    NAMES[..n].iter().map(|s| s.to_string()).collect()
}

/// The City for `n` players, seed 0.
pub fn city_setup(n: usize) -> AnySetup {
    let cat = Catalogue::builtin().unwrap();
    AnySetup::City(
        Setup::from_seed(cat, players(n), 0, DEFAULT_STACKS, Options::default()).unwrap(),
    )
}

/// Classic without expansions for `n` players, seed 3, its first 16 tiles.
pub fn classic_setup(n: usize) -> AnySetup {
    use engine::classic;
    let cat = classic::Catalogue::builtin().unwrap();
    let s = classic::Setup::from_seed(
        cat,
        players(n),
        classic::Expansions::default(),
        classic::Options::default(),
        3,
    )
    .unwrap();
    AnySetup::Classic(s.first_tiles(16))
}

/// A device's secrets: `tag` apart from every other device's, one apart
/// from the last.
pub fn secrets(tag: u8) -> impl FnMut() -> Secret {
    let mut i = 0u8;
    move || {
        i += 1;
        let mut s = [tag; 32];
        s[0] = i;
        s
    }
}

/// The device whose seat moves takes its decisions until another
/// device's seat decides (a turn, or its pieces of another's wall round),
/// or sends its reveals when the other's tile waits.
pub fn step(me: &mut FairGame) {
    loop {
        let r = me.replayed().unwrap();
        if me.awaited(&r) != Awaited::Nothing {
            return;
        }
        let (mut ready, _) = fair::prepare(&r.game, &me.deal);
        let legal = ready.legal_choices();
        let c = legal[me.history.len() % legal.len()];
        ready.play(c).unwrap();
        me.history.push(c);
    }
}

/// Every change of one character of the sealed link `good` (to `A`, `-`,
/// `z` or `0`) is refused by `reads` (it returns false: the CRC-32), and
/// reading any prefix of it does not panic.
pub fn every_changed_character_refused(good: &str, reads: impl Fn(&str) -> bool) {
    assert!(reads(good), "{good}");
    for i in 0..good.len() {
        for c in [b'A', b'-', b'z', b'0'] {
            let mut b = good.as_bytes().to_vec();
            if b[i] == c {
                continue;
            }
            b[i] = c;
            let s = String::from_utf8(b).unwrap();
            assert!(!reads(&s), "changed at {i} to {}", c as char);
        }
    }
    for n in 0..good.len() {
        let _ = reads(&good[..n]);
    }
}

/// `n` copies of `bytes`, each with one byte changed (a fixed pseudo-random
/// value at a place that moves on) and its end cut by 0 to 4 bytes: what
/// is well sealed but wrong inside, for a reader that must never panic.
pub fn garbled(bytes: &[u8], n: usize) -> impl Iterator<Item = Vec<u8>> + '_ {
    let mut x: u32 = 7;
    (0..n).map(move |i| {
        let mut v = bytes.to_vec();
        let k = (i * 7) % v.len();
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        v[k] = (x >> 16) as u8;
        v.truncate(v.len() - (i % 5).min(v.len()));
        v
    })
}

/// A phone's signal across the internet: an mDNS name and the public
/// address a STUN server saw (the NAT kept the port); a fingerprint of
/// its own for an offer and for an answer.
pub fn phone(offer: bool) -> crate::signal::Signal {
    use crate::signal::{Address, Candidate, Kind, Signal};
    Signal {
        offer,
        fingerprint: [if offer { 0xa5 } else { 0x5a }; 32],
        candidates: vec![
            Candidate {
                address: Address::Mdns([7; 16]),
                port: 50123,
                kind: Kind::Host,
            },
            Candidate {
                address: Address::V4([203, 0, 113, 9]),
                port: 50123,
                kind: Kind::Srflx,
            },
        ],
    }
}
