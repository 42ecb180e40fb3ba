//! Live play's signals on three to five devices (issue 37,
//! docs/live-play.md "Three to five devices live"): a star of WebRTC data
//! channels around the host, one connection per guest device. Each offer
//! or answer is between the host (device 0) and one guest, and says
//! which: it rides beside a version 5 link (`LINK~SIGNAL`: an invitation
//! with the host's offer to the device it invites, a guest's answer link
//! with its answer), or alone (`#~SIGNAL`, a short reconnect link: the game
//! is named by its salt's first 8 bytes, which both devices hold).
//!
//! Bytes: a kind byte (`0x30` an offer, `0x31` an answer: apart from the
//! two-device signal's `0x10`/`0x11` and the links' versions), the sending
//! device, the receiving device, the game (the first 8 bytes of its salt),
//! then the fingerprint and candidates as `crate::signal` writes them;
//! sealed like a link (base64url, CRC-32). Pure, no browser: the app's
//! `ui/live_star.rs` is the connection.

use crate::share::{seal, unseal};
use crate::signal::{unseal_kind, Signal, SignalError};
use crate::star::MAX_DEVICES;

const OFFER: u8 = 0x30;
const ANSWER: u8 = 0x31;

/// An offer or answer between the host and one guest device of a game on
/// three to five devices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarSignal {
    /// The sending device (0: the host).
    pub from: u8,
    /// The receiving device.
    pub to: u8,
    /// Which game: its salt's first 8 bytes ([`game_of`]).
    pub game: [u8; 8],
    pub signal: Signal,
}

/// The game's name in a signal: its salt's first 8 bytes (the 8 random
/// ones; the rest is their hash, `crate::handshake::salt`).
pub fn game_of(salt: &[u8; 16]) -> [u8; 8] {
    let mut g = [0u8; 8];
    g.copy_from_slice(&salt[..8]);
    g
}

/// Whether a text is such a signal (sealed, its kind byte one of ours).
pub fn is_star_signal(s: &str) -> bool {
    s.len() <= 1024 && unseal(s).is_ok_and(|b| matches!(b.first(), Some(&OFFER | &ANSWER)))
}

impl StarSignal {
    /// Whether it is for the game of `salt`.
    pub fn is_for(&self, salt: &[u8; 16]) -> bool {
        self.game == game_of(salt)
    }

    /// The guest device of the two (the one that is not the host's).
    pub fn guest(&self) -> u8 {
        self.from.max(self.to)
    }

    /// As it travels: base64url, sealed by a CRC-32.
    pub fn encode(&self) -> String {
        let mut b = vec![
            if self.signal.offer { OFFER } else { ANSWER },
            self.from,
            self.to,
        ];
        b.extend_from_slice(&self.game);
        self.signal.put(&mut b);
        seal(&b)
    }

    /// A signal read back; damaged or unknown input is refused, never a
    /// panic: a wrong seal, an unknown kind, two devices that are not the
    /// host and one guest, candidates that do not read.
    pub fn decode(s: &str) -> Result<StarSignal, SignalError> {
        let (offer, b) = unseal_kind(s, [OFFER, ANSWER])?;
        if b.len() < 11 {
            return Err(SignalError::Damaged);
        }
        let (from, to) = (b[1], b[2]);
        let devices = 1..MAX_DEVICES as u8;
        let star = (from == 0 && devices.contains(&to)) || (to == 0 && devices.contains(&from));
        if !star {
            return Err(SignalError::Damaged);
        }
        let mut game = [0u8; 8];
        game.copy_from_slice(&b[3..11]);
        Ok(StarSignal {
            from,
            to,
            game,
            signal: Signal::read(&b[11..], offer)?,
        })
    }
}

#[cfg(test)]
mod tests;
