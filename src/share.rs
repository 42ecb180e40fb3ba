//! Share links: a whole game — its setup and every decision taken — as one
//! short string for the fragment of a URL (`…/#<link>`).
//!
//! # Format, version 1
//!
//! The link is the unpadded base64url (RFC 4648 §5: `A–Z a–z 0–9 - _`) of a
//! byte string:
//!
//! ```text
//! byte 0        version (1)
//! byte 1        flags: bits 0–1 players − 2 (2–4 players; 3 is invalid)
//!                      bit 2     explicit deck (else the deck is dealt from a seed)
//!                      bit 3     explicit stacks (else 30 25 20)
//!                      bits 4–6  options, in `Options::NAMES` order (1 = on)
//!                      bit 7     game in progress: a decision count follows
//! [3 bytes]     stack sizes, if bit 3
//! [varint]      the seed (u64), unless bit 2
//! per player    varint byte length, then the name in UTF-8
//! [varint]      number of decisions, if bit 7 (a finished game is replayed
//!               until it ends)
//! ...           one big unsigned integer, little-endian, minimal (no zero
//!               byte at the end; zero is no bytes): the mixed-radix digits
//!               below
//! last 4 bytes  CRC-32 (IEEE) of every byte before it, big-endian
//! ```
//!
//! Varints are LEB128 (7 bits a byte, low first, minimal). The big integer is
//! `d0 + r0·(d1 + r1·(d2 + …))`: a sequence of digits `di < ri` read first to
//! last by repeated division. The digits are, in order:
//!
//! 1. with an explicit deck, one per tile, stack 1 first: the index of the
//!    tile among the catalogue's tile types that still have a copy left (in
//!    catalogue order), radix the number of such types;
//! 2. one per decision of `Game::history()`: its index in
//!    `Game::legal_choices()` at that point, radix the number of legal
//!    choices. A decision with one legal choice costs nothing; a decision with
//!    n choices costs log2(n) bits, so a link is about as short as a list of
//!    the game's decisions can be. Forced steps are not in the history.
//!
//! The decoder replays the digits through the engine, so any link that
//! decodes is a legal game. The number of digits is fixed by the setup and
//! the game itself, so the integer must be exactly used up.
//!
//! Every version — this one and any later one — starts with its version byte
//! and ends with the same CRC-32, so a damaged link (a character changed, lost
//! or added) is told apart from a link written by a newer version.
//!
//! Compatibility: the digits depend on the order of `legal_choices()` and on
//! the catalogue; a change to either, or a new rule option, needs a new
//! version number (and this decoder kept for the old one).
//!
//! Extra CGN tags (`Date`, `Note`, …) are not part of a link.

use crate::engine::city::{setup as deck, Catalogue, Options, TileType};
use crate::engine::city::{Choice, Game, Setup, DEFAULT_STACKS};
use crate::engine::TileGame;
use std::fmt;

/// The version this module writes.
pub const VERSION: u8 = 1;

/// Links longer than this are refused unread (a real one is a few hundred
/// characters; this keeps a hostile input from costing much time).
pub const MAX_LEN: usize = 8192;

/// Why a link cannot be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// Nothing to read.
    Empty,
    /// A character changed, lost or added, or not a link at all.
    Damaged,
    /// Longer than any link this version writes.
    TooLong,
    /// Written by a newer version of the app.
    NewerVersion(u8),
    /// Intact, but its setup or a decision is not valid (the reason says which).
    Invalid(String),
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Empty => f.write_str("this link is empty"),
            ShareError::Damaged => f.write_str("this link is damaged"),
            ShareError::TooLong => f.write_str("this link is too long to be a game"),
            ShareError::NewerVersion(v) => {
                write!(f, "this link is from a newer version (v{v})")
            }
            ShareError::Invalid(why) => write!(f, "this link does not hold a valid game: {why}"),
        }
    }
}

impl std::error::Error for ShareError {}

// ------------------------------------------------------------------ encode

/// The link of a game: its setup and every decision so far.
///
/// A decision in the history that the engine does not list as legal (only
/// possible after `play_unchecked` with an illegal choice) ends the link
/// there: the link holds the game up to that decision.
pub fn encode(game: &Game) -> String {
    let setup = game.setup();
    let catalogue = game.catalogue();
    let total = setup.deck.len();
    let seed = setup.seed.filter(|&s| {
        let all = deck::shuffled(catalogue, s);
        all.get(..total) == Some(&setup.deck[..])
    });

    let mut digits: Vec<(u32, u32)> = Vec::new();
    if seed.is_none() {
        let mut left: Vec<u32> = catalogue.tiles.iter().map(|t| t.count as u32).collect();
        for &t in &setup.deck {
            let available: Vec<usize> = (0..left.len()).filter(|&k| left[k] > 0).collect();
            let Some(d) = available.iter().position(|&k| k == t as usize) else {
                // `Game::new` checked the counts: cannot happen.
                break;
            };
            digits.push((d as u32, available.len() as u32));
            left[t as usize] -= 1;
        }
    }

    let mut g = match Game::new(catalogue, setup.clone()) {
        Ok(g) => g,
        Err(_) => return String::new(), // a game was made from this setup: cannot happen
    };
    g.set_logging(false);
    let mut decisions = 0usize;
    let mut legal: Vec<Choice> = Vec::new();
    for &c in game.history() {
        g.legal_choices_into(&mut legal);
        let Some(d) = legal.iter().position(|&l| l == c) else {
            break;
        };
        digits.push((d as u32, legal.len() as u32));
        g.play_unchecked(c);
        decisions += 1;
    }
    let in_progress = !g.is_over();

    let mut flags = (setup.players.len() as u8).wrapping_sub(2) & 3;
    if seed.is_none() {
        flags |= 1 << 2;
    }
    if setup.stacks != DEFAULT_STACKS {
        flags |= 1 << 3;
    }
    for (k, name) in Options::NAMES.iter().enumerate() {
        if setup.options.get(name) == Some(true) {
            flags |= 1 << (4 + k);
        }
    }
    if in_progress {
        flags |= 1 << 7;
    }

    let mut bytes = vec![VERSION, flags];
    if setup.stacks != DEFAULT_STACKS {
        bytes.extend(setup.stacks.iter().map(|&s| s as u8));
    }
    if let Some(s) = seed {
        put_varint(&mut bytes, s);
    }
    for name in &setup.players {
        put_varint(&mut bytes, name.len() as u64);
        bytes.extend_from_slice(name.as_bytes());
    }
    if in_progress {
        put_varint(&mut bytes, decisions as u64);
    }
    let mut big = Big::default();
    for &(d, r) in digits.iter().rev() {
        big.mul_add(r, d);
    }
    bytes.extend(big.to_bytes());
    seal(&bytes)
}

/// Append the CRC-32 and write as base64url (the outer layer of every
/// version). Public for fuzzing the decoder past its checksum.
#[doc(hidden)]
pub fn seal(payload: &[u8]) -> String {
    let mut bytes = payload.to_vec();
    bytes.extend_from_slice(&crc32(payload).to_be_bytes());
    base64url(&bytes)
}

/// The payload of a link whose checksum is right (the inverse of [`seal`]).
#[doc(hidden)]
pub fn unseal(link: &str) -> Result<Vec<u8>, ShareError> {
    let s = link.trim();
    // A whole URL or a fragment with its '#': the link is what follows the last '#'.
    let s = s.rsplit('#').next().unwrap_or(s).trim();
    if s.is_empty() {
        return Err(ShareError::Empty);
    }
    if s.len() > MAX_LEN {
        return Err(ShareError::TooLong);
    }
    let mut bytes = from_base64url(s).ok_or(ShareError::Damaged)?;
    if bytes.len() < 5 {
        return Err(ShareError::Damaged);
    }
    let body = bytes.len() - 4;
    let mut sum = [0u8; 4];
    sum.copy_from_slice(&bytes[body..]);
    if crc32(&bytes[..body]) != u32::from_be_bytes(sum) {
        return Err(ShareError::Damaged);
    }
    bytes.truncate(body);
    Ok(bytes)
}

// ------------------------------------------------------------------ decode

/// Open a link (the bare string, `#` and all, or a whole URL ending in one):
/// the game at the position it was shared from. Never panics.
pub fn decode(s: &str) -> Result<Game, ShareError> {
    let bytes = unseal(s)?;
    match bytes[0] {
        1 => decode_v1(&bytes[1..]),
        v if v > VERSION => Err(ShareError::NewerVersion(v)),
        _ => Err(ShareError::Damaged),
    }
}

fn decode_v1(bytes: &[u8]) -> Result<Game, ShareError> {
    let catalogue = Catalogue::builtin().map_err(|e| ShareError::Invalid(e.to_string()))?;
    let mut r = Reader { bytes, pos: 0 };
    let flags = r.byte()?;
    let players = (flags & 3) as usize + 2;
    if players > 4 {
        return Err(ShareError::Damaged);
    }
    let explicit_deck = flags & (1 << 2) != 0;
    let stacks = if flags & (1 << 3) != 0 {
        let s = [r.byte()? as u32, r.byte()? as u32, r.byte()? as u32];
        if s == DEFAULT_STACKS {
            return Err(ShareError::Damaged); // not the canonical form
        }
        s
    } else {
        DEFAULT_STACKS
    };
    let mut options = Options::default();
    for (k, name) in Options::NAMES.iter().enumerate() {
        options.set(name, flags & (1 << (4 + k)) != 0);
    }
    let in_progress = flags & (1 << 7) != 0;
    let seed = if explicit_deck {
        None
    } else {
        Some(r.varint()?)
    };
    let mut names = Vec::with_capacity(players);
    for _ in 0..players {
        let len = r.varint()?;
        let raw = r.take(len)?;
        let name = std::str::from_utf8(raw).map_err(|_| ShareError::Damaged)?;
        names.push(name.to_string());
    }
    let decisions = if in_progress { Some(r.varint()?) } else { None };
    let mut big = Big::from_bytes(r.rest()).ok_or(ShareError::Damaged)?;

    let setup = match seed {
        Some(seed) => Setup::from_seed(catalogue, names, seed, stacks, options),
        None => {
            let total: u32 = stacks.iter().sum();
            if total > 75 {
                return Err(ShareError::Invalid(format!(
                    "stacks {} {} {} hold more than the 75 tiles of the box",
                    stacks[0], stacks[1], stacks[2]
                )));
            }
            let mut left: Vec<u32> = catalogue.tiles.iter().map(|t| t.count as u32).collect();
            let mut tiles: Vec<TileType> = Vec::with_capacity(total as usize);
            for _ in 0..total {
                let available: Vec<usize> = (0..left.len()).filter(|&k| left[k] > 0).collect();
                if available.is_empty() {
                    return Err(ShareError::Invalid(
                        "the deck holds more tiles than the box".into(),
                    ));
                }
                let d = big.div_rem(available.len() as u32) as usize;
                let t = available[d];
                left[t] -= 1;
                tiles.push(t as TileType);
            }
            Setup::from_deck(catalogue, names, tiles, stacks, options)
        }
    }
    .map_err(|e| ShareError::Invalid(e.0))?;

    let mut game = Game::new(catalogue, setup).map_err(|e| ShareError::Invalid(e.0))?;
    let mut legal: Vec<Choice> = Vec::new();
    let mut played = 0u64;
    loop {
        match decisions {
            Some(n) if played == n => break,
            None if game.is_over() => break,
            _ => {}
        }
        if game.is_over() {
            return Err(ShareError::Invalid(format!(
                "the game ends after {played} decisions, but the link holds more"
            )));
        }
        game.legal_choices_into(&mut legal);
        if legal.is_empty() {
            return Err(ShareError::Invalid(format!(
                "no legal choice at decision {}",
                played + 1
            )));
        }
        let d = big.div_rem(legal.len() as u32) as usize;
        game.play_unchecked(legal[d]);
        played += 1;
    }
    if in_progress && game.is_over() {
        // The encoder marks a finished game as such: not the canonical form.
        return Err(ShareError::Damaged);
    }
    if !big.is_zero() {
        return Err(ShareError::Damaged);
    }
    Ok(game)
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Result<u8, ShareError> {
        let b = *self.bytes.get(self.pos).ok_or(ShareError::Damaged)?;
        self.pos += 1;
        Ok(b)
    }

    fn take(&mut self, n: u64) -> Result<&'a [u8], ShareError> {
        let n = usize::try_from(n).map_err(|_| ShareError::Damaged)?;
        let end = self.pos.checked_add(n).ok_or(ShareError::Damaged)?;
        let s = self.bytes.get(self.pos..end).ok_or(ShareError::Damaged)?;
        self.pos = end;
        Ok(s)
    }

    fn rest(&mut self) -> &'a [u8] {
        let s = self.bytes.get(self.pos..).unwrap_or(&[]);
        self.pos = self.bytes.len();
        s
    }

    /// A minimal LEB128 u64.
    fn varint(&mut self) -> Result<u64, ShareError> {
        let mut v = 0u64;
        for k in 0..10 {
            let b = self.byte()?;
            let part = (b & 0x7f) as u64;
            if k == 9 && part > 1 {
                return Err(ShareError::Damaged); // more than 64 bits
            }
            v |= part << (7 * k);
            if b & 0x80 == 0 {
                if k > 0 && b == 0 {
                    return Err(ShareError::Damaged); // not minimal
                }
                return Ok(v);
            }
        }
        Err(ShareError::Damaged)
    }
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

// ------------------------------------------------------ the big integer

/// An unsigned integer as little-endian 32-bit limbs, no zero limb at the end.
#[derive(Default, Debug)]
struct Big(Vec<u32>);

impl Big {
    /// self = self · m + a
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = a as u64;
        for l in &mut self.0 {
            let x = *l as u64 * m as u64 + carry;
            *l = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    /// self = self / d; returns the remainder (d > 0).
    fn div_rem(&mut self, d: u32) -> u32 {
        if d <= 1 {
            return 0;
        }
        let d = d as u64;
        let mut rem = 0u64;
        for l in self.0.iter_mut().rev() {
            let x = (rem << 32) | *l as u64;
            *l = (x / d) as u32;
            rem = x % d;
        }
        self.trim();
        rem as u32
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn to_bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.0.iter().flat_map(|l| l.to_le_bytes()).collect();
        while out.last() == Some(&0) {
            out.pop();
        }
        out
    }

    /// None when the bytes end in a zero (not minimal).
    fn from_bytes(bytes: &[u8]) -> Option<Big> {
        if bytes.last() == Some(&0) {
            return None;
        }
        let limbs = bytes
            .chunks(4)
            .map(|c| {
                let mut w = [0u8; 4];
                w[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(w)
            })
            .collect();
        let mut b = Big(limbs);
        b.trim();
        Some(b)
    }
}

// --------------------------------------------------- base64url and CRC-32

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let mut w = [0u8; 3];
        w[..chunk.len()].copy_from_slice(chunk);
        let n = (w[0] as u32) << 16 | (w[1] as u32) << 8 | w[2] as u32;
        for k in 0..chunk.len() + 1 {
            out.push(ALPHABET[((n >> (18 - 6 * k)) & 63) as usize] as char);
        }
    }
    out
}

/// Unpadded base64url; None for any other character, an impossible length
/// or unused bits that are not zero.
fn from_base64url(s: &str) -> Option<Vec<u8>> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        } as u32)
    };
    let s = s.as_bytes();
    if s.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(s.len() / 4 * 3 + 2);
    for chunk in s.chunks(4) {
        let mut n = 0u32;
        for (k, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * k);
        }
        let bytes = n.to_be_bytes();
        let used = chunk.len() - 1;
        // The bits past the last whole byte must be zero (one string per payload).
        if used < 3 && bytes[1 + used..].iter().any(|&b| b != 0) {
            return None;
        }
        out.extend_from_slice(&bytes[1..1 + used]);
    }
    Some(out)
}

const fn crc_table() -> [u32; 256] {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
}

static CRC_TABLE: [u32; 256] = crc_table();

/// CRC-32 (IEEE 802.3, as in zip and PNG).
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c = CRC_TABLE[((c ^ b as u32) & 0xff) as usize] ^ (c >> 8);
    }
    !c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::random;

    fn names(k: usize) -> Vec<String> {
        ["Ann", "Bob", "Cid", "Dee"][..k]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..40usize {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let s = base64url(&bytes);
            assert!(s
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
            assert_eq!(from_base64url(&s), Some(bytes));
        }
        assert_eq!(base64url(b"\xfb\xff"), "-_8");
        assert_eq!(from_base64url("-_9"), None, "unused bits set");
        assert_eq!(from_base64url("A"), None);
        assert_eq!(from_base64url("AB=C"), None);
    }

    #[test]
    fn varints_round_trip_and_must_be_minimal() {
        for v in [0, 1, 127, 128, 300, u32::MAX as u64, u64::MAX] {
            let mut b = Vec::new();
            put_varint(&mut b, v);
            let mut r = Reader { bytes: &b, pos: 0 };
            assert_eq!(r.varint(), Ok(v));
            assert_eq!(r.pos, b.len());
        }
        for bad in [&[0x80u8, 0x00][..], &[0xff; 10], &[0x80]] {
            assert_eq!(
                Reader { bytes: bad, pos: 0 }.varint(),
                Err(ShareError::Damaged)
            );
        }
    }

    #[test]
    fn big_integer_mixed_radix_round_trip() {
        let digits: Vec<(u32, u32)> = (0..300u32).map(|i| (i % 7 * 13 % (i + 2), i + 2)).collect();
        let mut big = Big::default();
        for &(d, r) in digits.iter().rev() {
            big.mul_add(r, d);
        }
        let mut back = Big::from_bytes(&big.to_bytes()).unwrap();
        for &(d, r) in &digits {
            assert_eq!(back.div_rem(r), d);
        }
        assert!(back.is_zero());
        assert!(Big::from_bytes(&[1, 0]).is_none());
    }

    #[test]
    fn a_finished_game_round_trips() {
        let cat = Catalogue::builtin().unwrap();
        let setup =
            Setup::from_seed(cat, names(4), 42, DEFAULT_STACKS, Options::default()).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        random::play_out(&mut g, &mut random::choice_rng(42));
        let link = encode(&g);
        let back = decode(&link).unwrap();
        assert_eq!(back.history(), g.history());
        assert_eq!(back.setup(), g.setup());
        assert_eq!(back.scores(), g.scores());
        assert!(back.is_over());
        assert_eq!(encode(&back), link);
        assert_eq!(
            decode(&format!("https://x.example/play#{link}"))
                .unwrap()
                .history(),
            g.history()
        );
    }

    #[test]
    fn a_new_game_and_an_explicit_deck_round_trip() {
        let cat = Catalogue::builtin().unwrap();
        let mut deck = deck::shuffled(cat, 5);
        deck.truncate(12);
        deck.reverse();
        let mut opts = Options::default();
        opts.set("score-before-guard", true);
        let setup = Setup::from_deck(cat, names(3), deck, [5, 4, 3], opts).unwrap();
        let g = Game::new(cat, setup).unwrap();
        let back = decode(&encode(&g)).unwrap();
        assert_eq!(back.setup(), g.setup());
        assert!(back.history().is_empty());
    }

    #[test]
    fn errors_read_plainly() {
        assert_eq!(decode("").unwrap_err().to_string(), "this link is empty");
        assert_eq!(decode("  # ").unwrap_err(), ShareError::Empty);
        assert_eq!(
            decode("AAAA!!").unwrap_err().to_string(),
            "this link is damaged"
        );
        assert_eq!(
            decode(&seal(&[3, 0])).unwrap_err().to_string(),
            "this link is from a newer version (v3)"
        );
        assert_eq!(decode(&seal(&[0, 0])).unwrap_err(), ShareError::Damaged);
        assert_eq!(
            decode(&"A".repeat(MAX_LEN + 4)).unwrap_err(),
            ShareError::TooLong
        );
    }
}
