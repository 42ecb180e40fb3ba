//! Live play's invitation and answer (issue 37, docs/live-play.md) as one
//! short sealed link each, for a message or a QR code: what the other
//! device needs to join the fair game and to connect, nothing it can
//! derive. They stand for the version 4 links of the same handshake
//! (`share::fair`): the receiving device expands one into that link
//! ([`Invitation::link`], [`Answer::link`]) and opens it as any fair link
//! (judged, saved), so no save ever holds one, and every fair link, save
//! and share link reads as before.
//!
//! ```text
//! invitation                            answer
//! byte 0x20                             byte 0x21
//! varint n, n bytes: the setup with     8 bytes: the game (its salt's first 8)
//!   no deal (`share::dealless`)         a byte: the seats answered (bit s: seat s)
//! 8 bytes: the salt's seed              per seat answered: its commitment
//!   (salt = seed ‖ H8(seed), [`salt`])    (16 bytes), varint k, then (k > 0)
//! per seat a byte: bits 0–6 who plays     16 bytes: its value k (its reveal)
//!   it and in which colour (the app's  the answer's signal
//!   code), bit 7: the host's, its
//!   commitment (16 bytes) follows
//! the offer's signal
//! last 4 bytes: CRC-32                  last 4 bytes: CRC-32
//! ```
//!
//! A signal is the DTLS fingerprint and the best candidates, to the end
//! (`Signal::put`). Left out against the version 4 link and the signal
//! side by side (`LINK~SIGNAL`): the second version byte and checksum, the
//! separator, the stand-in deal's digits (the guest deals it again from
//! the setup), half the salt, the empty reveals and decision count, the
//! `?seats=` parameter (a byte a seat instead); in the answer, the whole
//! setup and the host's commitments (the host has them).

use sha2::{Digest, Sha256};

use crate::fair_game::FairGame;
use crate::saves::SaveDoc;
use crate::share::envelope::{put_varint, Reader};
use crate::share::fair::{self as link, FairLink};
use crate::share::{self, seal, unseal, ShareError};
use crate::signal::Signal;
use engine::fair::{Deal, Value};

/// An invitation's first byte (apart from the game links' versions).
pub const INVITATION: u8 = 0x20;
/// An answer's first byte.
pub const ANSWER: u8 = 0x21;
/// The bit of an invitation's seat byte that says the host committed it.
const HOSTS: u8 = 0x80;

/// A game's salt from 8 random bytes: they and the first 8 bytes of
/// their hash, so an invitation carries only the 8 (the salt names the
/// game; its secrecy protects nothing, the commitments do).
pub fn salt(seed: [u8; 8]) -> Value {
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&seed);
    out[8..].copy_from_slice(&salt_tail(&seed));
    out
}

fn salt_tail(seed: &[u8; 8]) -> [u8; 8] {
    let mut h = Sha256::new();
    h.update(b"city-salt");
    h.update(seed);
    let d = h.finalize();
    let mut t = [0u8; 8];
    t.copy_from_slice(&d[..8]);
    t
}

/// The seed of a salt made by [`salt`] (None for another salt: a game
/// started before live play's short links, whose invitation is its
/// version 4 link).
fn seed_of(salt: &Value) -> Option<[u8; 8]> {
    let seed: [u8; 8] = salt[..8].try_into().ok()?;
    (salt_tail(&seed) == salt[8..]).then_some(seed)
}

/// A live invitation read: the version 4 link it stands for, who plays
/// each seat (the app's codes), the host's offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub link: FairLink,
    pub seats: Vec<u8>,
    pub signal: Signal,
}

/// A live answer read: which game, the guest's commitments and reveals
/// (per seat; None for the seats it does not answer), its answer signal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub game: [u8; 8],
    pub commitments: Vec<Option<Value>>,
    pub reveals: Vec<Option<(u32, Value)>>,
    pub signal: Signal,
}

/// A handshake link read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Handshake {
    Invitation(Invitation),
    Answer(Answer),
}

/// Whether a fragment is a handshake (its first byte; damaged or not).
pub fn is_handshake(s: &str) -> bool {
    matches!(share::version(s), Some(INVITATION | ANSWER))
}

/// The invitation of a host's fair game that waits for its answer, with
/// `offer` and `seats` (the app's code of each seat, 7 bits); None when
/// the game is not at its invitation (a move made, every seat committed)
/// or its salt is not one [`salt`] makes.
pub fn invitation(fair: &FairGame, seats: &[u8], offer: &Signal) -> Option<String> {
    if !offer.offer {
        return None;
    }
    let mut b = vec![INVITATION];
    put_invitation(&mut b, fair, seats)?;
    offer.put(&mut b);
    Some(seal(&b))
}

/// An invitation's game (its setup, salt, seats and the commitments
/// made), as both live invitations write it (this one and
/// `crate::star_handshake`'s); None when the game is not at its
/// invitation or its salt is not one [`salt`] makes.
pub(crate) fn put_invitation(b: &mut Vec<u8>, fair: &FairGame, seats: &[u8]) -> Option<()> {
    let n = fair.deal.commitments.len();
    let open = fair.deal.commitments.iter().any(Option::is_none);
    if !open || !fair.history.is_empty() || seats.len() != n {
        return None;
    }
    let seed = seed_of(&fair.deal.salt)?;
    let setup = share::dealless(&fair.setup).ok()?;
    put_varint(b, setup.len() as u64);
    b.extend_from_slice(&setup);
    b.extend_from_slice(&seed);
    for (&code, c) in seats.iter().zip(&fair.deal.commitments) {
        if code & HOSTS != 0 {
            return None;
        }
        b.push(code | if c.is_some() { HOSTS } else { 0 });
    }
    for c in fair.deal.commitments.iter().flatten() {
        b.extend_from_slice(c);
    }
    Some(())
}

/// The answer of a guest's fair game just joined (no move yet, every seat
/// committed), with `answer`: its own seats' commitments and the reveals
/// its link sends now. None otherwise.
pub fn answer(fair: &FairGame, answer: &Signal) -> Option<String> {
    if !fair.deal.committed() || answer.offer {
        return None;
    }
    let mut b = vec![ANSWER];
    b.extend_from_slice(&fair.deal.salt[..8]);
    put_answered(&mut b, fair)?;
    answer.put(&mut b);
    Some(seal(&b))
}

/// The seats a guest answers (a byte, bit s: seat s), each with its
/// commitment and the reveal its link sends now, as both live answers
/// write them; None when a move was made, a seat of its own is not
/// committed, or the game has more than 8 seats.
pub(crate) fn put_answered(b: &mut Vec<u8>, fair: &FairGame) -> Option<()> {
    let n = fair.deal.commitments.len();
    if !fair.history.is_empty() || n > 8 {
        return None;
    }
    let r = fair.replayed().ok()?;
    let deal = fair.link_deal(&r);
    let own: Vec<usize> = (0..n).filter(|&s| fair.own(s)).collect();
    if own.is_empty() {
        return None;
    }
    b.push(own.iter().fold(0u8, |m, &s| m | 1 << s));
    for &s in &own {
        b.extend_from_slice(&deal.commitments[s]?);
        match deal.reveals[s] {
            Some((k, v)) if k > 0 => {
                put_varint(b, u64::from(k));
                b.extend_from_slice(&v);
            }
            _ => put_varint(b, 0),
        }
    }
    Some(())
}

fn value(r: &mut Reader) -> Result<Value, ShareError> {
    let mut v = [0u8; 16];
    v.copy_from_slice(r.take(16)?);
    Ok(v)
}

/// A handshake read back: a damaged one is refused (`Damaged`), one whose
/// game does not hold as a fair link is refused as that link would be;
/// never a panic.
pub fn decode(s: &str) -> Result<Handshake, ShareError> {
    let bytes = unseal(s)?;
    let mut r = Reader::new(&bytes[1..]);
    match bytes[0] {
        INVITATION => {
            let (link, seats) = read_invitation(&mut r)?;
            let signal = Signal::read(r.rest(), true).map_err(|_| ShareError::Damaged)?;
            Ok(Handshake::Invitation(Invitation {
                link,
                seats,
                signal,
            }))
        }
        ANSWER => {
            let game: [u8; 8] = r.take(8)?.try_into().map_err(|_| ShareError::Damaged)?;
            let (commitments, reveals) = read_answered(&mut r)?;
            let signal = Signal::read(r.rest(), false).map_err(|_| ShareError::Damaged)?;
            Ok(Handshake::Answer(Answer {
                game,
                commitments,
                reveals,
                signal,
            }))
        }
        _ => Err(ShareError::Damaged),
    }
}

/// What [`put_invitation`] wrote: the version 4 link of the invitation
/// (no reveal, no move) and each seat's code.
pub(crate) fn read_invitation(r: &mut Reader) -> Result<(FairLink, Vec<u8>), ShareError> {
    let n = r.varint()?;
    let setup_bytes = r.take(n)?;
    if setup_bytes.first().is_none_or(|&v| v >= link::VERSION) {
        return Err(ShareError::Damaged);
    }
    let start = share::decode(&seal(setup_bytes))?;
    if start.decisions() != 0 {
        return Err(ShareError::Damaged);
    }
    let setup = link::template(&start.setup())?;
    let seeded: [u8; 8] = r.take(8)?.try_into().map_err(|_| ShareError::Damaged)?;
    let players = setup.players().len();
    let mut seats = Vec::with_capacity(players);
    let mut hosts = Vec::with_capacity(players);
    for _ in 0..players {
        let b = r.byte()?;
        seats.push(b & !HOSTS);
        hosts.push(b & HOSTS != 0);
    }
    let mut commitments = Vec::with_capacity(players);
    for h in hosts {
        commitments.push(if h { Some(value(r)?) } else { None });
    }
    if commitments.iter().all(Option::is_some) {
        // An invitation leaves a seat to the guest.
        return Err(ShareError::Damaged);
    }
    let deal = Deal {
        salt: salt(seeded),
        commitments,
        reveals: vec![None; players],
        chains: vec![None; players],
    };
    let link = FairLink {
        setup,
        deal,
        history: Vec::new(),
    };
    Ok((link, seats))
}

/// Each seat's commitment and reveal as [`put_answered`] wrote them
/// (8 seats; None for a seat not answered).
pub(crate) type Answered = (Vec<Option<Value>>, Vec<Option<(u32, Value)>>);

/// What [`put_answered`] wrote.
pub(crate) fn read_answered(r: &mut Reader) -> Result<Answered, ShareError> {
    let mask = r.byte()?;
    if mask == 0 {
        return Err(ShareError::Damaged);
    }
    let mut commitments = vec![None; 8];
    let mut reveals = vec![None; 8];
    for s in (0..8).filter(|s| mask & 1 << s != 0) {
        commitments[s] = Some(value(r)?);
        let k = r.varint()?;
        if k > 0 {
            let k = u32::try_from(k).map_err(|_| ShareError::Damaged)?;
            reveals[s] = Some((k, value(r)?));
        }
    }
    Ok((commitments, reveals))
}

impl Invitation {
    /// The version 4 link this invitation stands for: the host's own
    /// invitation link, byte for byte.
    pub fn link(&self) -> Result<String, ShareError> {
        link::encode(&self.link.setup, &self.link.deal, &[])
    }
}

impl Answer {
    /// Whether it answers `fair` (the game its salt begins).
    pub fn answers(&self, fair: &FairGame) -> bool {
        fair.deal.salt[..8] == self.game
    }

    /// The version 4 link this answer stands for, of the host's game
    /// `fair`: its setup and salt, its commitments with the answer's in
    /// the seats answered (a commitment of the host's seat changed stays
    /// changed, for the judging to refuse), the answer's reveals, no move.
    /// None when a seat answered is not one of the game's.
    pub fn link(&self, fair: &FairGame) -> Option<String> {
        let n = fair.deal.commitments.len();
        if n > 8 || self.commitments[n..].iter().any(Option::is_some) {
            return None;
        }
        let mut commitments = fair.deal.commitments.clone();
        for (c, a) in commitments.iter_mut().zip(&self.commitments) {
            if a.is_some() {
                *c = *a;
            }
        }
        let deal = Deal {
            salt: fair.deal.salt,
            commitments,
            reveals: self.reveals[..n].to_vec(),
            chains: vec![None; n],
        };
        link::encode(&fair.setup, &deal, &[]).ok()
    }

    /// The version 4 link it stands for, of the fair game saved here that
    /// it answers; None when no such game is saved on this device.
    pub fn link_in(&self, doc: &SaveDoc) -> Option<String> {
        doc.list().into_iter().find_map(|entry| {
            let (_, fair) = entry.record.fair()?.ok()?;
            self.answers(&fair).then(|| self.link(&fair)).flatten()
        })
    }
}

#[cfg(test)]
mod tests;
