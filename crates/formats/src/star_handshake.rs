//! Live play's invitation and answer on three to five devices (issue 37,
//! docs/live-play.md "Three to five devices live") as one short sealed
//! link each, as [`crate::handshake`] does for two: what the other device
//! needs to join and to connect, nothing it can derive. They stand for
//! the version 5 link and the signal beside it (`LINK~SIGNAL`,
//! [`crate::star_signal`]) they replace: the receiving device expands one
//! into that link ([`StarInvitation::link`], [`StarAnswer::link`]) and
//! opens it as any (judged, saved), so no save ever holds one.
//!
//! ```text
//! invitation                            answer
//! byte 0x22                             byte 0x23
//! the game as a two-device invitation   8 bytes: the game (its salt's first 8)
//!   writes it (setup, salt's seed,      a byte: the answering device
//!   seats, the commitments made)        33 bytes: its key
//! per seat a byte: its device           the seats answered, as a two-device
//! a byte: the device invited              answer writes them (commitments,
//! 33 bytes: the host's key                reveals)
//! the offer's signal                    the answer's signal
//! last 4 bytes: CRC-32                  last 4 bytes: CRC-32
//! ```
//!
//! Left out against `LINK~SIGNAL`: the second version byte, checksum and
//! separator, the signal's own devices and game (the host offers, the
//! guest answers, the salt names the game), the stand-in deal's digits,
//! half the salt, the empty keys and signatures, the `?seats=` parameter;
//! in the answer, the setup, the seats' devices and the host's key and
//! commitments (the host has them). A guest's signature over no move is
//! left out too: it vouches for nothing yet, and its next link carries it.

use crate::handshake::{put_answered, put_invitation, read_answered, read_invitation};
use crate::saves::SaveDoc;
use crate::share::envelope::Reader;
use crate::share::{self, seal, unseal, ShareError};
use crate::signal::Signal;
use crate::star::{self, Devices, PublicKey, StarGame, MAX_DEVICES};
use crate::star_signal::{game_of, StarSignal};
use engine::fair::{Deal, Value};

/// An invitation's first byte (apart from two devices' 0x20 and 0x21).
pub const INVITATION: u8 = 0x22;
/// An answer's first byte.
pub const ANSWER: u8 = 0x23;

/// An invitation read: the version 5 link it stands for, who plays each
/// seat (the app's codes), the host's offer to the device invited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarInvitation {
    pub link: String,
    pub seats: Vec<u8>,
    pub signal: StarSignal,
}

/// An answer read: which game, the answering device and its key, its
/// seats' commitments and reveals (per seat; None for the others), its
/// answer signal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarAnswer {
    pub game: [u8; 8],
    pub device: u8,
    pub key: PublicKey,
    pub commitments: Vec<Option<Value>>,
    pub reveals: Vec<Option<(u32, Value)>>,
    pub signal: Signal,
}

/// A handshake of three to five devices read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StarHandshake {
    Invitation(StarInvitation),
    Answer(StarAnswer),
}

/// Whether a fragment is such a handshake (its first byte; damaged or
/// not).
pub fn is_star_handshake(s: &str) -> bool {
    matches!(share::version(s), Some(INVITATION | ANSWER))
}

/// The host's invitation of device `to`, with `offer` and `seats` (the
/// app's code of each seat); None when the game is not at its invitations
/// (a move made, every seat committed), `to` has answered or is not a
/// guest, or the salt is not one [`crate::handshake::salt`] makes.
pub fn invitation(g: &StarGame, to: u8, seats: &[u8], offer: &Signal) -> Option<String> {
    let count = g.devices.count();
    let guest = (1..count).contains(&usize::from(to));
    if g.me != 0 || !guest || !offer.offer || g.devices.keys[usize::from(to)].is_some() {
        return None;
    }
    let key = g.devices.keys[0]?;
    let mut b = vec![INVITATION];
    put_invitation(&mut b, &g.fair, seats)?;
    b.extend_from_slice(&g.devices.of_seat);
    b.push(to);
    b.extend_from_slice(&key);
    offer.put(&mut b);
    Some(seal(&b))
}

/// A guest's answer, its game just joined (no move yet, its own seats
/// committed), with `answer`; None otherwise.
pub fn answer(g: &StarGame, answer: &Signal) -> Option<String> {
    if g.me == 0 || answer.offer {
        return None;
    }
    let key = g.devices.keys.get(usize::from(g.me)).copied().flatten()?;
    let mut b = vec![ANSWER];
    b.extend_from_slice(&g.fair.deal.salt[..8]);
    b.push(g.me);
    b.extend_from_slice(&key);
    put_answered(&mut b, &g.fair)?;
    answer.put(&mut b);
    Some(seal(&b))
}

fn key(r: &mut Reader) -> Result<PublicKey, ShareError> {
    r.take(33)?.try_into().map_err(|_| ShareError::Damaged)
}

/// A handshake read back: a damaged one is refused (`Damaged`), one whose
/// game does not hold is refused as its link would be; never a panic.
pub fn decode(s: &str) -> Result<StarHandshake, ShareError> {
    let bytes = unseal(s)?;
    let mut r = Reader::new(&bytes[1..]);
    match bytes[0] {
        INVITATION => {
            let (fair, seats) = read_invitation(&mut r)?;
            let of_seat = r.take(seats.len() as u64)?.to_vec();
            let mut devices = Devices::new(&of_seat).ok_or(ShareError::Damaged)?;
            let to = r.byte()?;
            if !(1..devices.count()).contains(&usize::from(to)) {
                return Err(ShareError::Damaged);
            }
            devices.keys[0] = Some(key(&mut r)?);
            // The invited device's seats are not committed yet.
            let theirs = devices.seats_of(to);
            let committed = |s: usize| fair.deal.commitments[s].is_some();
            if (0..seats.len()).any(|s| theirs[s] && committed(s)) {
                return Err(ShareError::Damaged);
            }
            let signal = Signal::read(r.rest(), true).map_err(|_| ShareError::Damaged)?;
            let link = star::encode(Some(to), &devices, &fair.setup, &fair.deal, &[])?;
            Ok(StarHandshake::Invitation(StarInvitation {
                link,
                seats,
                signal: StarSignal {
                    from: 0,
                    to,
                    game: game_of(&fair.deal.salt),
                    signal,
                },
            }))
        }
        ANSWER => {
            let game: [u8; 8] = r.take(8)?.try_into().map_err(|_| ShareError::Damaged)?;
            let device = r.byte()?;
            if !(1..MAX_DEVICES as u8).contains(&device) {
                return Err(ShareError::Damaged);
            }
            let key = key(&mut r)?;
            let (commitments, reveals) = read_answered(&mut r)?;
            let signal = Signal::read(r.rest(), false).map_err(|_| ShareError::Damaged)?;
            Ok(StarHandshake::Answer(StarAnswer {
                game,
                device,
                key,
                commitments,
                reveals,
                signal,
            }))
        }
        _ => Err(ShareError::Damaged),
    }
}

impl StarAnswer {
    /// Whether it answers the host's game `g`.
    pub fn answers(&self, g: &StarGame) -> bool {
        g.me == 0
            && game_of(&g.fair.deal.salt) == self.game
            && (1..g.devices.count()).contains(&usize::from(self.device))
    }

    /// The signal as [`crate::star_signal`] names it: from the answering
    /// device to the host, of this game.
    pub fn star_signal(&self) -> StarSignal {
        StarSignal {
            from: self.device,
            to: 0,
            game: self.game,
            signal: self.signal.clone(),
        }
    }

    /// The version 5 link this answer stands for, of the host's game `g`:
    /// its setup, salt and devices; the host's key and its own seats'
    /// commitments (as the invitation gave them), the answering device's
    /// key, and the answer's commitments and reveals in the seats answered
    /// (one of another device's seats, or of the host's, stays there for
    /// the judging to refuse); no signature, no move. None when it does not
    /// answer `g` or names a seat `g` has not.
    pub fn link(&self, g: &StarGame) -> Option<String> {
        let n = g.fair.deal.commitments.len();
        if !self.answers(g) || n > 8 || self.commitments[n..].iter().any(Option::is_some) {
            return None;
        }
        let mut keys = vec![None; g.devices.count()];
        keys[0] = g.devices.keys[0];
        keys[usize::from(self.device)] = Some(self.key);
        let devices = Devices {
            of_seat: g.devices.of_seat.clone(),
            keys,
            signed: vec![None; g.devices.count()],
        };
        let commitments = (0..n)
            .map(|s| match self.commitments[s] {
                Some(c) => Some(c),
                None if g.devices.of_seat[s] == 0 => g.fair.deal.commitments[s],
                None => None,
            })
            .collect();
        let deal = Deal {
            salt: g.fair.deal.salt,
            commitments,
            reveals: self.reveals[..n].to_vec(),
            chains: vec![None; n],
        };
        star::encode(None, &devices, &g.fair.setup, &deal, &[]).ok()
    }

    /// The version 5 link it stands for, of the host's game saved here
    /// that it answers; None when no such game is saved on this device.
    pub fn link_in(&self, doc: &SaveDoc) -> Option<String> {
        doc.list().into_iter().find_map(|entry| {
            let (_, g) = entry.record.star()?.ok()?;
            self.link(&g)
        })
    }
}

#[cfg(test)]
mod tests;
