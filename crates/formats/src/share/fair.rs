//! Version 4 links: a game dealt fairly on more than one device
//! (`engine::fair`, docs/fair-deal.md). The link carries no deal: the
//! setup with a stand-in deal, the seats' commitments and their newest
//! reveals, and the decisions.
//!
//! ```text
//! byte 0        version (4)
//! [varint] n    then n bytes: the setup, as the payload of the version 1
//!               or 2 link of the game dealt from seed 0 with no decision
//!               (its deck gives only the deal's length)
//! 16 bytes      the game's salt
//! per seat      a byte: 1, then 16 bytes: its commitment; 0: not made yet
//!               (an invitation, before the guest's answer)
//! per seat      varint k, then (k > 0) 16 bytes: its value k (the newest
//!               it revealed; 0: none yet)
//! [varint]      number of decisions
//! ...           the decisions' digits as in version 1 (each choice's index
//!               among the legal choices), replayed with the fair deal
//! last 4 bytes  CRC-32
//! ```
//!
//! Its size does not grow with the turns for the deal: each seat's newest
//! reveal replaces its older ones (they follow from it by hashing).

use super::envelope::{put_varint, seal, unseal, Big, Reader};
use super::{Invalid, ShareError};
use engine::any::{AnyChoice, AnyGame, AnySetup};
use engine::core::SetupError;
use engine::fair::{self, Deal, DealProblem, Value};

/// The version byte of a fair game's link.
pub const VERSION: u8 = 4;

/// A fair game as a link holds it: its setup (a stand-in deal), what every
/// device may know of the deal (no chain), its decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairLink {
    pub setup: AnySetup,
    pub deal: Deal,
    pub history: Vec<AnyChoice>,
}

/// The setup with its deal from seed 0, as the fair link carries it.
pub fn template(setup: &AnySetup) -> Result<AnySetup, SetupError> {
    let mut rng = engine::core::rng::rng_for_seed(0);
    fair::first_setup(setup, &mut rng)
}

/// The link of a fair game. The chains in `deal` are left out (they never
/// leave their device).
pub fn encode(setup: &AnySetup, deal: &Deal, history: &[AnyChoice]) -> Result<String, ShareError> {
    let start = template(setup)?;
    let start_link = super::encode(&AnyGame::new(start)?);
    let start_bytes = unseal(&start_link)?;
    let mut bytes = vec![VERSION];
    put_varint(&mut bytes, start_bytes.len() as u64);
    bytes.extend_from_slice(&start_bytes);
    bytes.extend_from_slice(&deal.salt);
    for c in &deal.commitments {
        match c {
            Some(c) => {
                bytes.push(1);
                bytes.extend_from_slice(c);
            }
            None => bytes.push(0),
        }
    }
    for r in &deal.reveals {
        match r {
            Some((k, v)) if *k > 0 => {
                put_varint(&mut bytes, u64::from(*k));
                bytes.extend_from_slice(v);
            }
            _ => put_varint(&mut bytes, 0),
        }
    }
    // The digits, replayed with the deal as this device knows it.
    let mut digits = Vec::with_capacity(history.len());
    let mut game = fair::replay(setup, deal, &[]).map_err(problem)?.game;
    for &c in history {
        let (mut g, _) = fair::prepare(&game, deal);
        let legal = g.legal_choices();
        let Some(d) = legal.iter().position(|&l| l == c) else {
            break;
        };
        digits.push((d as u32, legal.len() as u32));
        g.play(c).map_err(|_| {
            ShareError::Invalid(Invalid::NoLegalChoice {
                n: digits.len() as u64,
            })
        })?;
        game = g;
    }
    put_varint(&mut bytes, digits.len() as u64);
    bytes.extend(Big::of_digits(&digits).to_bytes());
    Ok(seal(&bytes))
}

fn problem(p: DealProblem) -> ShareError {
    match p {
        DealProblem::Setup(e) => ShareError::from(e),
        DealProblem::Illegal(_) => ShareError::Invalid(Invalid::NoLegalChoice { n: 0 }),
        DealProblem::PastTheDeal { decision } => {
            ShareError::Invalid(Invalid::PastTheDeal { n: decision as u64 })
        }
        DealProblem::Reveal { seat } | DealProblem::Chain { seat } => {
            ShareError::Invalid(Invalid::Reveal { seat })
        }
        DealProblem::Seats => ShareError::Damaged,
    }
}

fn value(r: &mut Reader) -> Result<Value, ShareError> {
    let mut v = [0u8; 16];
    v.copy_from_slice(r.take(16)?);
    Ok(v)
}

/// Read a version 4 link's body (after its version byte). Every reveal is
/// checked against its commitment; the decisions are replayed with the
/// deal, the chains of `own` (this device's seats, None for the others')
/// added: a decision after a draw no one here can deal is refused.
pub fn decode_body(bytes: &[u8], own: &[Option<fair::Chain>]) -> Result<FairLink, ShareError> {
    let mut r = Reader::new(bytes);
    let n = r.varint()?;
    let start = r.take(n)?;
    if start.first().is_some_and(|&v| v >= VERSION) {
        return Err(ShareError::Damaged);
    }
    let setup = super::decode(&seal(start))?.setup();
    let seats = setup.players().len();
    let salt = value(&mut r)?;
    let mut commitments = Vec::with_capacity(seats);
    for _ in 0..seats {
        commitments.push(match r.byte()? {
            0 => None,
            1 => Some(value(&mut r)?),
            _ => return Err(ShareError::Damaged),
        });
    }
    let mut reveals = Vec::with_capacity(seats);
    for _ in 0..seats {
        let k = r.varint()?;
        reveals.push(match k {
            0 => None,
            k => Some((
                u32::try_from(k).map_err(|_| ShareError::Damaged)?,
                value(&mut r)?,
            )),
        });
    }
    if commitments.iter().any(Option::is_none) && reveals.iter().any(Option::is_some) {
        return Err(ShareError::Invalid(Invalid::EarlyReveal));
    }
    let decisions = r.varint()?;
    let mut big = Big::from_bytes(r.rest()).ok_or(ShareError::Damaged)?;
    let mut chains: Vec<Option<fair::Chain>> = own.to_vec();
    chains.resize(seats, None);
    let link_deal = Deal {
        salt,
        commitments,
        reveals,
        chains: vec![None; seats],
    };
    let deal = Deal {
        chains,
        ..link_deal.clone()
    };
    let mut game = fair::replay(&setup, &deal, &[]).map_err(problem)?;
    let mut history = Vec::new();
    for i in 0..decisions {
        if !game.known {
            return Err(ShareError::Invalid(Invalid::PastTheDeal { n: i }));
        }
        if game.game.is_over() {
            return Err(ShareError::Invalid(Invalid::GameEndsEarly { n: i }));
        }
        let (mut g, known) = fair::prepare(&game.game, &deal);
        let legal = g.legal_choices();
        if legal.is_empty() {
            return Err(ShareError::Invalid(Invalid::NoLegalChoice { n: i + 1 }));
        }
        let c = legal[big.div_rem(legal.len() as u32) as usize];
        let turn = g.turn();
        g.play(c)
            .map_err(|_| ShareError::Invalid(Invalid::NoLegalChoice { n: i + 1 }))?;
        if g.turn() != turn {
            game.known = known;
        }
        game.game = g;
        history.push(c);
    }
    if !big.is_zero() {
        return Err(ShareError::Damaged);
    }
    Ok(FairLink {
        setup,
        deal: link_deal,
        history,
    })
}

/// The salt of a version 4 link (which saved game it belongs to), if it
/// is one.
pub fn salt_of(s: &str) -> Option<Value> {
    let bytes = unseal(s).ok()?;
    if bytes.first() != Some(&VERSION) {
        return None;
    }
    let mut r = Reader::new(&bytes[1..]);
    let n = r.varint().ok()?;
    r.take(n).ok()?;
    value(&mut r).ok()
}

/// Read a version 4 link on the device that holds `own` chains (None for
/// the seats it does not play): its decisions read as far as this device
/// deals them (a link that plays a turn of this device's seat reads to
/// that turn, to be refused for it).
pub fn decode_with(s: &str, own: &[Option<fair::Chain>]) -> Result<FairLink, ShareError> {
    let bytes = unseal(s)?;
    match bytes[0] {
        VERSION => decode_body(&bytes[1..], own),
        _ => Err(ShareError::Damaged),
    }
}

/// Read a version 4 link with this device's `secrets` (one per seat, None
/// for another device's): its chains made from them, so every decision
/// this device dealt reads (a saved fair game, whose link holds no reveal
/// of this device's seats beyond what it sent).
pub fn decode_own(s: &str, secrets: &[Option<fair::Secret>]) -> Result<FairLink, ShareError> {
    let bytes = unseal(s)?;
    if bytes[0] != VERSION {
        return Err(ShareError::Damaged);
    }
    let mut r = Reader::new(&bytes[1..]);
    let n = r.varint()?;
    let start = r.take(n)?;
    if start.first().is_some_and(|&v| v >= VERSION) {
        return Err(ShareError::Damaged);
    }
    let setup = super::decode(&seal(start))?.setup();
    let salt = value(&mut r)?;
    let len = fair::chain_len(&setup);
    let chains: Vec<Option<fair::Chain>> = secrets
        .iter()
        .enumerate()
        .map(|(seat, x)| x.map(|x| fair::Chain::new(&x, &salt, seat as u8, len)))
        .collect();
    decode_body(&bytes[1..], &chains)
}

/// Read a version 4 link with no chain: what anyone holding the link can
/// see.
pub fn decode(s: &str) -> Result<FairLink, ShareError> {
    let bytes = unseal(s)?;
    match bytes[0] {
        VERSION => decode_body(&bytes[1..], &[]),
        _ => Err(ShareError::Damaged),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::city::{Catalogue, Options, Setup, DEFAULT_STACKS};
    use engine::fair::Chain;

    fn setup() -> AnySetup {
        let cat = Catalogue::builtin().unwrap();
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        AnySetup::City(Setup::from_seed(cat, names, 0, DEFAULT_STACKS, Options::default()).unwrap())
    }

    fn secret(b: u8) -> [u8; 32] {
        [b; 32]
    }

    /// Ann's and Bob's devices after the invitation and the answer.
    fn devices(setup: &AnySetup) -> (Deal, Deal) {
        let salt = [7u8; 16];
        let len = fair::chain_len(setup);
        let a = Chain::new(&secret(1), &salt, 0, len);
        let b = Chain::new(&secret(2), &salt, 1, len);
        let commitments = vec![Some(a.commitment()), Some(b.commitment())];
        let mut bob = Deal {
            salt,
            commitments: commitments.clone(),
            reveals: vec![None, None],
            chains: vec![None, Some(b)],
        };
        bob.reveal_own(1);
        let ann = Deal {
            salt,
            commitments,
            reveals: vec![None, bob.reveals[1]],
            chains: vec![Some(a), None],
        };
        (ann, bob)
    }

    /// One device's turn: its decisions until the turn passes.
    fn turn(setup: &AnySetup, deal: &Deal, history: &mut Vec<AnyChoice>) {
        let mut g = fair::replay(setup, deal, history).unwrap();
        assert!(g.known);
        let t = g.game.turn();
        while !g.game.is_over() && g.game.turn() == t {
            let (mut ready, _) = fair::prepare(&g.game, deal);
            let c = ready.legal_choices()[history.len() % 3 % ready.legal_choices().len()];
            ready.play(c).unwrap();
            history.push(c);
            g.game = ready;
        }
    }

    /// Links go back and forth: each decodes on the other device with its
    /// chain, at the same game; no link lets its holder deal the next turn;
    /// the deal adds no length a turn.
    #[test]
    fn fair_links_round_trip_and_hold_no_future_tile() {
        let setup = setup();
        let (mut ann, mut bob) = devices(&setup);
        let mut history = Vec::new();
        let mut overhead = Vec::new();
        for t in 1..=12u32 {
            let (me, other, seat) = if t % 2 == 1 {
                (&mut ann, &mut bob, 0)
            } else {
                (&mut bob, &mut ann, 1)
            };
            turn(&setup, me, &mut history);
            me.reveal_own(t + 1);
            let link = encode(&setup, me, &history).unwrap();
            // The other device reads it with its own chain.
            let bytes = unseal(&link).unwrap();
            let read = decode_body(&bytes[1..], &other.chains).unwrap();
            assert_eq!(read.history, history);
            other.reveals[seat] = read.deal.reveals[seat];
            let theirs = fair::replay(&setup, other, &history).unwrap();
            assert!(theirs.known, "the receiver deals turn {}", t + 1);
            // Anyone else, with the link alone, cannot.
            let alone = decode(&link).unwrap();
            assert!(alone.deal.chains.iter().all(Option::is_none));
            let seen = fair::replay(&setup, &alone.deal, &alone.history).unwrap();
            assert!(!seen.known, "the link alone deals turn {}", t + 1);
            assert!(alone.deal.values(t + 1).is_none());
            // Its length beside the same game's plain link.
            let plain = super::super::encode(&seen.game);
            overhead.push(link.len() as i64 - plain.len() as i64);
        }
        let (first, most) = (overhead[0], *overhead.iter().max().unwrap());
        assert!(
            most - first <= 4,
            "the deal's characters by turn: {overhead:?}"
        );
        assert!(first < 200, "{first} characters for the deal");
    }

    /// The invitation: the host's commitment, none yet for the guest's
    /// seat, no decision; and the answer with the guest's.
    #[test]
    fn an_invitation_and_its_answer_round_trip() {
        let setup = setup();
        let (ann, bob) = devices(&setup);
        let mut invitation = ann.clone();
        invitation.commitments[1] = None;
        invitation.reveals[1] = None;
        let link = encode(&setup, &invitation, &[]).unwrap();
        let read = decode(&link).unwrap();
        assert_eq!(read.deal.commitments, invitation.commitments);
        assert!(read.history.is_empty() && !read.deal.committed());
        assert!(link.len() <= 150, "{} characters: {link}", link.len());
        let answer = encode(&setup, &bob, &[]).unwrap();
        let read = decode(&answer).unwrap();
        assert!(read.deal.committed());
        assert_eq!(read.deal.reveals, vec![None, bob.reveals[1]]);
        // The host reads the answer with its chain: turn 1 is dealt.
        let bytes = unseal(&answer).unwrap();
        let host = decode_body(&bytes[1..], &ann.chains).unwrap();
        let deal = Deal {
            chains: ann.chains.clone(),
            ..host.deal
        };
        assert!(fair::replay(&setup, &deal, &[]).unwrap().known);
    }

    /// A reveal or a commitment changed in a link (its checksum made
    /// right again): refused, saying which seat's.
    #[test]
    fn a_forged_reveal_or_commitment_is_refused() {
        let setup = setup();
        let (mut ann, _) = devices(&setup);
        let mut history = Vec::new();
        turn(&setup, &ann, &mut history);
        ann.reveal_own(2);
        let link = encode(&setup, &ann, &history).unwrap();
        let bytes = unseal(&link).unwrap();
        let mut r = Reader::new(&bytes[1..]);
        let n = r.varint().unwrap() as usize;
        // After the version, the setup's length and bytes: salt, then the
        // two commitments (a byte 1, 16 bytes), then Ann's reveal (k, value).
        let at = 1 + 1 + n + 16 + 1;
        let mut forged = bytes.clone();
        forged[at + 17 + 3] ^= 1;
        assert_eq!(
            decode(&seal(&forged)).unwrap_err(),
            ShareError::Invalid(Invalid::Reveal { seat: 1 })
        );
        let mut forged = bytes.clone();
        forged[at + 33 + 1 + 5] ^= 1;
        assert_eq!(
            decode(&seal(&forged)).unwrap_err(),
            ShareError::Invalid(Invalid::Reveal { seat: 0 })
        );
        let mut forged = bytes;
        forged[at + 2] ^= 1;
        assert_eq!(
            decode(&seal(&forged)).unwrap_err(),
            ShareError::Invalid(Invalid::Reveal { seat: 0 })
        );
    }
}
