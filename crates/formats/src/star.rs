//! A fair game on three to five devices (issue 37, docs/fair-deal.md
//! "Three or more devices"): which device plays each seat, each device's
//! public key (ECDSA P-256, its private key kept by WebCrypto on the
//! device), and each device's newest signature over the history up to its
//! own last decision. A move one device relays for another is taken only
//! when the link carries the signature of the device whose seat made it.
//!
//! Link version 5 (a version 4 link inside, so the deal is checked as for
//! two devices):
//!
//! ```text
//! byte 0        version (5)
//! byte          the device this link invites (1..D), 255: none (every
//!               link but an invitation)
//! byte D        devices (3 to 5; device 0 is the host's)
//! byte n        seats, then n bytes: each seat's device
//! per device    0, or 1 then 33 bytes: its public key (SEC1 compressed)
//! per device    varint 0: no signature; k + 1, then 64 bytes (r ‖ s):
//!               its signature over the first k decisions
//! ...           the version 4 link's bytes (its version byte, no CRC)
//! last 4 bytes  CRC-32
//! ```
//!
//! A signature is constant in size per device: each newest one replaces
//! the older (it vouches for everything before it too).

use crate::fair_game::{Awaited, FairGame, Received, Refusal};
use crate::links::Forgery;
use crate::share::envelope::{put_varint, seal, unseal, Reader};
use crate::share::fair::{self as fair_link, FairLink};
use crate::share::ShareError;
use engine::any::{AnyChoice, AnyGame, AnySetup};
use engine::fair::{self, Deal, Secret, Value};
use sha2::{Digest, Sha256};

/// The version byte of a link of a game on three or more devices.
pub const VERSION: u8 = 5;
/// The most devices a game may be played on (a star around the host).
pub const MAX_DEVICES: usize = 5;
/// "None" in the invited-device byte.
const NOBODY: u8 = 255;

/// A device's public key: the SEC1 compressed P-256 point.
pub type PublicKey = [u8; 33];
/// An ECDSA P-256 signature as WebCrypto gives it: r ‖ s.
pub type Signature = [u8; 64];

/// Who plays where, and what each device has signed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Devices {
    /// Each seat's device (0: the host's).
    pub of_seat: Vec<u8>,
    /// Each device's public key, once it has joined.
    pub keys: Vec<Option<PublicKey>>,
    /// Each device's newest signature: over the first `k` decisions.
    pub signed: Vec<Option<(u32, Signature)>>,
}

impl Devices {
    /// The devices of `of_seat`, when it names 3 to 5 devices, each
    /// playing a seat, the host's first.
    pub fn new(of_seat: &[u8]) -> Option<Devices> {
        let d = usize::from(*of_seat.iter().max()?) + 1;
        let every = (0..d).all(|k| of_seat.contains(&(k as u8)));
        ((3..=MAX_DEVICES).contains(&d) && every).then(|| Devices {
            of_seat: of_seat.to_vec(),
            keys: vec![None; d],
            signed: vec![None; d],
        })
    }

    /// How many devices play.
    pub fn count(&self) -> usize {
        self.keys.len()
    }

    /// Which seats device `d` plays.
    pub fn seats_of(&self, d: u8) -> Vec<bool> {
        self.of_seat.iter().map(|&k| k == d).collect()
    }
}

/// A version 5 link read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarLink {
    /// The device an invitation is for.
    pub to: Option<u8>,
    pub devices: Devices,
    pub fair: FairLink,
}

/// Why a setup cannot be played on these devices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StarError {
    /// Not 3 to 5 devices, each playing a seat, one per seat.
    Devices,
    Setup(engine::core::SetupError),
}

/// What a link received is to a game here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StarReceived {
    /// The game with what the link adds (moves, reveals, commitments,
    /// keys, signatures).
    Continues(Box<StarGame>),
    /// An older link of it.
    Earlier,
}

/// A fair game on three or more devices, as one device plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarGame {
    /// This device (0: the host).
    pub me: u8,
    pub devices: Devices,
    pub fair: FairGame,
}

/// Whether a link's text is a version 5 link.
pub fn is_star(s: &str) -> bool {
    unseal(s).is_ok_and(|b| b.first() == Some(&VERSION))
}

/// The link of a game on three or more devices.
pub fn encode(
    to: Option<u8>,
    devices: &Devices,
    setup: &AnySetup,
    deal: &Deal,
    history: &[AnyChoice],
) -> Result<String, ShareError> {
    let inner = unseal(&fair_link::encode(setup, deal, history)?)?;
    let mut bytes = vec![VERSION, to.unwrap_or(NOBODY), devices.count() as u8];
    bytes.push(devices.of_seat.len() as u8);
    bytes.extend_from_slice(&devices.of_seat);
    for k in &devices.keys {
        match k {
            Some(k) => {
                bytes.push(1);
                bytes.extend_from_slice(k);
            }
            None => bytes.push(0),
        }
    }
    for s in &devices.signed {
        match s {
            Some((k, sig)) => {
                put_varint(&mut bytes, u64::from(*k) + 1);
                bytes.extend_from_slice(sig);
            }
            None => put_varint(&mut bytes, 0),
        }
    }
    bytes.extend_from_slice(&inner);
    Ok(seal(&bytes))
}

/// Read a version 5 link on the device holding `own` chains (None for
/// the seats it does not play; empty: read as anyone would).
pub fn decode_with(s: &str, own: &[Option<fair::Chain>]) -> Result<StarLink, ShareError> {
    let head = decode_block(s)?;
    let fair = fair_link::decode_body(&head.inner[1..], own)?;
    head.finish(fair)
}

fn decode_block(s: &str) -> Result<Head, ShareError> {
    let bytes = unseal(s)?;
    let mut r = Reader::new(&bytes);
    if r.byte()? != VERSION {
        return Err(ShareError::Damaged);
    }
    let to = match r.byte()? {
        NOBODY => None,
        d => Some(d),
    };
    let d = usize::from(r.byte()?);
    let n = r.byte()?;
    let of_seat = r.take(u64::from(n))?.to_vec();
    let mut devices = Devices::new(&of_seat).ok_or(ShareError::Damaged)?;
    if devices.count() != d || to.is_some_and(|t| t == 0 || usize::from(t) >= d) {
        return Err(ShareError::Damaged);
    }
    for k in devices.keys.iter_mut() {
        *k = match r.byte()? {
            0 => None,
            1 => Some(r.take(33)?.try_into().map_err(|_| ShareError::Damaged)?),
            _ => return Err(ShareError::Damaged),
        };
    }
    for s in devices.signed.iter_mut() {
        *s = match r.varint()? {
            0 => None,
            k => Some((
                u32::try_from(k - 1).map_err(|_| ShareError::Damaged)?,
                r.take(64)?.try_into().map_err(|_| ShareError::Damaged)?,
            )),
        };
    }
    let inner = r.rest().to_vec();
    if inner.first() != Some(&fair_link::VERSION) {
        return Err(ShareError::Damaged);
    }
    Ok(Head { to, devices, inner })
}

/// Read a version 5 link with this device's `secrets` (a saved game:
/// every decision this device dealt reads).
pub fn decode_own(s: &str, secrets: &[Option<Secret>]) -> Result<StarLink, ShareError> {
    let head = decode_block(s)?;
    let fair = fair_link::decode_own(&seal(&head.inner), secrets)?;
    head.finish(fair)
}

/// A version 5 link's block read, its version 4 link's bytes left.
struct Head {
    to: Option<u8>,
    devices: Devices,
    inner: Vec<u8>,
}

impl Head {
    fn finish(self, fair: FairLink) -> Result<StarLink, ShareError> {
        if fair.setup.players().len() != self.devices.of_seat.len() {
            return Err(ShareError::Damaged);
        }
        Ok(StarLink {
            to: self.to,
            devices: self.devices,
            fair,
        })
    }
}

/// Read a version 5 link as anyone would.
pub fn decode(s: &str) -> Result<StarLink, ShareError> {
    decode_with(s, &[])
}

/// The game's identity every signature covers: its setup, salt, every
/// seat's commitment and device, every device's key. None until every
/// seat has committed and every device has joined.
pub fn game_id(setup: &AnySetup, deal: &Deal, devices: &Devices) -> Option<[u8; 32]> {
    let start = fair_link::template(setup).ok()?;
    let start = crate::share::encode(&AnyGame::new(start).ok()?);
    let mut h = Sha256::new();
    h.update(b"city-star-game");
    h.update((start.len() as u32).to_le_bytes());
    h.update(start.as_bytes());
    h.update(deal.salt);
    for c in &deal.commitments {
        h.update((*c)?);
    }
    h.update(&devices.of_seat);
    for k in &devices.keys {
        h.update((*k)?);
    }
    Some(h.finalize().into())
}

/// What a device signs for the first `k` decisions of the game `id`: 32
/// bytes (WebCrypto's ECDSA hashes them again with SHA-256, as
/// [`verify`] does).
pub fn message(id: &[u8; 32], history: &[AnyChoice], k: u32) -> Option<[u8; 32]> {
    let moves = history.get(..k as usize)?;
    let bytes = postcard::to_allocvec(moves).ok()?;
    let mut h = Sha256::new();
    h.update(b"city-star-moves");
    h.update(id);
    h.update(k.to_le_bytes());
    h.update(&bytes);
    Some(h.finalize().into())
}

/// Whether `sig` is `key`'s ECDSA P-256 (SHA-256) signature of `msg`.
/// WebCrypto does not make s low: either half is taken.
pub fn verify(key: &PublicKey, msg: &[u8], sig: &Signature) -> bool {
    use p256::ecdsa::signature::Verifier;
    use p256::ecdsa::{Signature as Sig, VerifyingKey};
    let Ok(vk) = VerifyingKey::from_sec1_bytes(key) else {
        return false;
    };
    let Ok(s) = Sig::from_slice(sig) else {
        return false;
    };
    let s = s.normalize_s().unwrap_or(s);
    vk.verify(msg, &s).is_ok()
}

/// A raw public key as WebCrypto exports it (65 bytes, uncompressed),
/// compressed; None if it is not one.
pub fn compress(raw: &[u8]) -> Option<PublicKey> {
    if raw.len() != 65 || raw[0] != 4 {
        return None;
    }
    let mut k = [0u8; 33];
    k[0] = 2 | (raw[64] & 1);
    k[1..].copy_from_slice(&raw[1..33]);
    p256::PublicKey::from_sec1_bytes(&k).ok().map(|_| k)
}

/// Each decision's seat and turn, replayed with `deal` (None past what
/// it deals).
fn movers(setup: &AnySetup, deal: &Deal, history: &[AnyChoice]) -> Option<Vec<(u8, usize)>> {
    let mut g = fair::replay(setup, deal, &[]).ok()?.game;
    let mut out = Vec::with_capacity(history.len());
    for &c in history {
        out.push((g.to_move(), g.turn()));
        let (mut next, _) = fair::prepare(&g, deal);
        next.play(c).ok()?;
        g = next;
    }
    Some(out)
}

impl StarGame {
    /// The host's new game: seat `s` played on device `of_seat[s]` (0:
    /// here), this device's key `key`.
    pub fn host(
        setup: &AnySetup,
        of_seat: &[u8],
        salt: Value,
        secret: &mut dyn FnMut() -> Secret,
        key: PublicKey,
    ) -> Result<StarGame, StarError> {
        let mut devices = Devices::new(of_seat).ok_or(StarError::Devices)?;
        if of_seat.len() != setup.players().len() {
            return Err(StarError::Devices);
        }
        devices.keys[0] = Some(key);
        let fair =
            FairGame::host(setup, &devices.seats_of(0), salt, secret).map_err(StarError::Setup)?;
        Ok(StarGame {
            me: 0,
            devices,
            fair,
        })
    }

    /// A guest's game from its invitation: the seats of the device it
    /// invites, committed from `secret`, this device's key `key`.
    pub fn join(
        inv: &StarLink,
        secret: &mut dyn FnMut() -> Secret,
        key: PublicKey,
    ) -> Result<StarGame, Refusal> {
        let me = inv.to.ok_or(Refusal::Link(ShareError::Damaged))?;
        if inv.devices.keys[usize::from(me)].is_some() {
            return Err(Refusal::Link(ShareError::Damaged));
        }
        let fair = FairGame::join_seats(&inv.fair, &inv.devices.seats_of(me), secret)?;
        let mut devices = inv.devices.clone();
        devices.keys[usize::from(me)] = Some(key);
        devices.signed = vec![None; devices.count()];
        Ok(StarGame { me, devices, fair })
    }

    /// Whether a link is this game's.
    pub fn is_game_of(&self, l: &StarLink) -> bool {
        self.fair.is_game_of(&l.fair) && l.devices.of_seat == self.devices.of_seat
    }

    /// The invitation for device `to`: the setup, the host's commitments
    /// and key, no reveal.
    pub fn invitation(&self, to: u8) -> Result<String, ShareError> {
        let r = self.fair.replayed().map_err(|_| ShareError::Damaged)?;
        let deal = self.fair.link_deal(&r);
        let devices = Devices {
            signed: vec![None; self.devices.count()],
            ..self.devices.clone()
        };
        encode(
            Some(to),
            &devices,
            &self.fair.setup,
            &deal,
            &self.fair.history,
        )
    }

    /// The link this device sends now (its answer, or its moves and
    /// reveals with every device's newest signature known here). Sign
    /// first ([`StarGame::to_sign`]) when this device has moved.
    pub fn link(&self) -> Result<String, ShareError> {
        let r = self.fair.replayed().map_err(|_| ShareError::Damaged)?;
        let deal = self.fair.link_deal(&r);
        encode(
            None,
            &self.devices,
            &self.fair.setup,
            &deal,
            &self.fair.history,
        )
    }

    /// What this device signs now, when it has not yet: the number of
    /// decisions up to its own last one, and the message. None before
    /// every device has joined, or when its newest signature covers it.
    pub fn to_sign(&self) -> Option<(u32, [u8; 32])> {
        let id = game_id(&self.fair.setup, &self.fair.deal, &self.devices)?;
        let movers = movers(&self.fair.setup, &self.fair.deal, &self.fair.history)?;
        let mine =
            |&(s, _): &(u8, usize)| self.devices.of_seat.get(usize::from(s)) == Some(&self.me);
        let k = movers.iter().rposition(mine).map_or(0, |i| i + 1) as u32;
        if self.devices.signed[usize::from(self.me)].is_some_and(|(n, _)| n == k) {
            return None;
        }
        Some((k, message(&id, &self.fair.history, k)?))
    }

    /// This device's signature of the first `k` decisions, kept for its
    /// links.
    pub fn signed(&mut self, k: u32, sig: Signature) {
        self.devices.signed[usize::from(self.me)] = Some((k, sig));
    }

    /// Sign with `sign` (a test key; WebCrypto in the app) if due.
    pub fn sign_with(&mut self, sign: impl FnOnce(&[u8; 32]) -> Signature) {
        if let Some((k, m)) = self.to_sign() {
            let sig = sign(&m);
            self.signed(k, sig);
        }
    }

    /// A link of this game received: what it adds, or why it is refused.
    /// Beyond a two-device game's checks ([`FairGame::receive`]), every
    /// decision it adds must be covered by the signature of the device
    /// whose seat made it, and no device's key may change.
    pub fn receive(&self, l: &StarLink, players: &[String]) -> Result<StarReceived, Refusal> {
        let deal = || Refusal::Forgery(Forgery::Deal);
        if !self.is_game_of(l) || l.devices.count() != self.devices.count() {
            return Err(deal());
        }
        if self.me == 0 && !self.answer_fits(l) {
            return Err(deal());
        }
        let mut devices = self.devices.clone();
        for (mine, theirs) in devices.keys.iter_mut().zip(&l.devices.keys) {
            match (*mine, theirs) {
                (Some(a), Some(b)) if a != *b => return Err(deal()),
                (None, Some(b)) => *mine = Some(*b),
                _ => {}
            }
        }
        if l.to.is_some() && l.fair.history.is_empty() {
            // An invitation of this game opened again.
            return Ok(StarReceived::Earlier);
        }
        // The commitments the sender has not heard of yet are ours.
        let mut link = l.fair.clone();
        for (theirs, mine) in link
            .deal
            .commitments
            .iter_mut()
            .zip(&self.fair.deal.commitments)
        {
            if theirs.is_none() {
                *theirs = *mine;
            }
        }
        let g = match self.fair.receive(&link, players)? {
            Received::Earlier => return Ok(StarReceived::Earlier),
            Received::Continues(g) => *g,
        };
        let name = |s: u8| players.get(usize::from(s)).cloned().unwrap_or_default();
        let movers = movers(&g.setup, &g.deal, &g.history).ok_or_else(deal)?;
        let id = game_id(&g.setup, &g.deal, &devices);
        // Each signature the link carries must hold; the newest is kept.
        for d in 0..devices.count() {
            if d == usize::from(self.me) {
                continue;
            }
            let Some((k, sig)) = l.devices.signed[d] else {
                continue;
            };
            let holds = match (id, devices.keys[d]) {
                (Some(id), Some(key)) => {
                    message(&id, &g.history, k).is_some_and(|m| verify(&key, &m, &sig))
                }
                _ => false,
            };
            if !holds {
                // It vouches for moves its device did not make: name the
                // last of them.
                let seat =
                    |&&(s, _): &&(u8, usize)| usize::from(devices.of_seat[usize::from(s)]) == d;
                let last = movers.iter().take(k as usize).rfind(seat);
                return Err(match last {
                    Some(&(s, turn)) => Refusal::Forgery(Forgery::Unsigned {
                        turn,
                        player: name(s),
                    }),
                    None => Refusal::Link(ShareError::Damaged),
                });
            }
            if devices.signed[d].is_none_or(|(n, _)| n < k) {
                devices.signed[d] = Some((k, sig));
            }
        }
        // Every decision it adds is signed by its seat's device.
        for (i, &(s, turn)) in movers.iter().enumerate().skip(self.fair.history.len()) {
            let d = usize::from(devices.of_seat[usize::from(s)]);
            let covered = l.devices.signed[d].is_some_and(|(k, _)| k as usize > i);
            if !covered {
                return Err(Refusal::Forgery(Forgery::Unsigned {
                    turn,
                    player: name(s),
                }));
            }
        }
        Ok(StarReceived::Continues(Box::new(StarGame {
            me: self.me,
            devices,
            fair: g,
        })))
    }

    /// What this device waits for. A guest whose answer has gone waits
    /// for the host's link holding every device's commitments.
    pub fn awaited(&self) -> Awaited {
        let Ok(r) = self.fair.replayed() else {
            return Awaited::Over;
        };
        match self.fair.awaited(&r) {
            Awaited::Answer if self.me != 0 => Awaited::Link {
                seat: self
                    .devices
                    .of_seat
                    .iter()
                    .position(|&d| d == 0)
                    .unwrap_or(0) as u8,
            },
            a => a,
        }
    }

    /// The guests' devices whose answer the host has not opened yet.
    pub fn unanswered(&self) -> Vec<u8> {
        (1..self.devices.count() as u8)
            .filter(|&d| self.devices.keys[usize::from(d)].is_none())
            .collect()
    }

    /// On the host: what a link adds to who has joined is one guest's
    /// answer at most: one device's key and the commitments of its seats,
    /// all of them (a guest cannot commit for another's seats).
    fn answer_fits(&self, l: &StarLink) -> bool {
        let new_key = |d: usize| self.devices.keys[d].is_none() && l.devices.keys[d].is_some();
        let new_devices: Vec<usize> = (0..self.devices.count()).filter(|&d| new_key(d)).collect();
        let new_seats: Vec<usize> = (0..self.devices.of_seat.len())
            .filter(|&s| {
                self.fair.deal.commitments[s].is_none()
                    && l.fair.deal.commitments.get(s).is_some_and(Option::is_some)
            })
            .collect();
        match new_devices[..] {
            [] => new_seats.is_empty(),
            [d] => {
                let theirs = self.devices.seats_of(d as u8);
                (0..theirs.len()).all(|s| theirs[s] == new_seats.contains(&s))
            }
            _ => false,
        }
    }

    /// This device's reveals as its next link sends them, kept.
    pub fn reveal(&mut self) {
        self.fair.reveal();
    }

    /// A game on these devices as saved here: its link and this device's
    /// secrets.
    pub fn restore(
        l: &StarLink,
        me: u8,
        secrets: Vec<Option<Secret>>,
    ) -> Result<StarGame, fair::DealProblem> {
        let fair = FairGame::restore(&l.fair, secrets)?;
        Ok(StarGame {
            me,
            devices: l.devices.clone(),
            fair,
        })
    }

    /// The link kept in this device's save: every reveal known here (its
    /// own as sent), every signature.
    pub fn saved_link(&self) -> Result<String, ShareError> {
        let f = &self.fair;
        encode(None, &self.devices, &f.setup, &f.deal, &f.history)
    }

    /// A saved game: its link (read with `secrets`) and the secrets; this
    /// device is the one whose seats the secrets are.
    pub fn from_save(link: &str, secrets: &[Option<Secret>]) -> Result<StarGame, ShareError> {
        let l = decode_own(link, secrets)?;
        let seat = secrets
            .iter()
            .position(Option::is_some)
            .ok_or(ShareError::Damaged)?;
        let me = l.devices.of_seat[seat];
        let mine = l.devices.seats_of(me);
        if secrets.len() != mine.len() || secrets.iter().zip(&mine).any(|(x, &m)| x.is_some() != m)
        {
            return Err(ShareError::Damaged);
        }
        StarGame::restore(&l, me, secrets.to_vec()).map_err(|_| ShareError::Damaged)
    }

    /// Who must be sent this device's link now: every other device (by
    /// links: each device sends its link to every other; live: through
    /// the host, which relays).
    pub fn recipients(&self) -> Vec<u8> {
        (0..self.devices.count() as u8)
            .filter(|&d| d != self.me)
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests;
