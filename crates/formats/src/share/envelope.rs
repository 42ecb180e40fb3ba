//! The outer layer every link version shares, and the arithmetic of its
//! body, with no rule of either game:
//!
//! - the envelope: unpadded base64url (RFC 4648 §5, crate `data-encoding`)
//!   of the bytes, the last 4 of which are the CRC-32 (IEEE, crate `crc`)
//!   of the others, big-endian; every version starts with its version byte,
//!   so a damaged link is told apart from a link written by a newer version;
//! - LEB128 varints (7 bits a byte, low first, minimal);
//! - a big unsigned integer holding mixed-radix digits;
//! - the digits of a game: one per decision, its index among the legal
//!   choices at that point (any `TileGame`), so a decision with one legal
//!   choice costs nothing and a link is about as short as the game's
//!   decisions can be.

use super::{Invalid, ShareError};
use data_encoding::BASE64URL_NOPAD;
use engine::TileGame;

/// CRC-32 (IEEE 802.3, as in zip and PNG), computed without a table: the
/// app's size counts, a link is a few hundred bytes.
const CRC32: crc::Crc<u32, crc::NoTable> =
    crc::Crc::<u32, crc::NoTable>::new(&crc::CRC_32_ISO_HDLC);

/// Links longer than this are refused unread (a real one is a few hundred
/// characters; this keeps a hostile input from costing much time).
pub const MAX_LEN: usize = 8192;

/// Append the CRC-32 and write as base64url. Public for fuzzing the decoder
/// past its checksum.
#[doc(hidden)]
pub fn seal(payload: &[u8]) -> String {
    let mut bytes = payload.to_vec();
    bytes.extend_from_slice(&CRC32.checksum(payload).to_be_bytes());
    BASE64URL_NOPAD.encode(&bytes)
}

/// The payload of a link whose checksum is right (the inverse of [`seal`]).
/// Takes the bare link, the fragment with its '#', or a whole URL.
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
    // Strict: no padding, no other alphabet, unused bits zero (one string
    // per payload).
    let mut bytes = BASE64URL_NOPAD
        .decode(s.as_bytes())
        .map_err(|_| ShareError::Damaged)?;
    if bytes.len() < 5 {
        return Err(ShareError::Damaged);
    }
    let body = bytes.len() - 4;
    let mut sum = [0u8; 4];
    sum.copy_from_slice(&bytes[body..]);
    if CRC32.checksum(&bytes[..body]) != u32::from_be_bytes(sum) {
        return Err(ShareError::Damaged);
    }
    bytes.truncate(body);
    Ok(bytes)
}

/// Reads a link's bytes front to back; running out is `Damaged`.
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, pos: 0 }
    }

    pub fn byte(&mut self) -> Result<u8, ShareError> {
        let b = *self.bytes.get(self.pos).ok_or(ShareError::Damaged)?;
        self.pos += 1;
        Ok(b)
    }

    pub fn take(&mut self, n: u64) -> Result<&'a [u8], ShareError> {
        let n = usize::try_from(n).map_err(|_| ShareError::Damaged)?;
        let end = self.pos.checked_add(n).ok_or(ShareError::Damaged)?;
        let s = self.bytes.get(self.pos..end).ok_or(ShareError::Damaged)?;
        self.pos = end;
        Ok(s)
    }

    pub fn rest(&mut self) -> &'a [u8] {
        let s = self.bytes.get(self.pos..).unwrap_or(&[]);
        self.pos = self.bytes.len();
        s
    }

    /// A minimal LEB128 u64.
    pub fn varint(&mut self) -> Result<u64, ShareError> {
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

pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
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

/// An unsigned integer as little-endian 32-bit limbs, no zero limb at the
/// end: the digits `d0 + r0·(d1 + r1·(d2 + …))` of a link's body.
#[derive(Default, Debug)]
pub struct Big(Vec<u32>);

impl Big {
    /// The number holding `digits` (digit, radix), first digit lowest.
    pub fn of_digits(digits: &[(u32, u32)]) -> Big {
        let mut big = Big::default();
        for &(d, r) in digits.iter().rev() {
            big.mul_add(r, d);
        }
        big
    }

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

    /// The next digit of radix `d` (self = self / d; the remainder). A radix
    /// of 0 or 1 holds nothing.
    pub fn div_rem(&mut self, d: u32) -> u32 {
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

    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.0.iter().flat_map(|l| l.to_le_bytes()).collect();
        while out.last() == Some(&0) {
            out.pop();
        }
        out
    }

    /// None when the bytes end in a zero (not minimal).
    pub fn from_bytes(bytes: &[u8]) -> Option<Big> {
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

/// The digits of an explicit draw order: per tile, its index among the tile
/// types that still have a copy left (in type order), radix their number.
pub fn deck_digits(mut left: Vec<u32>, deck: &[u8]) -> Vec<(u32, u32)> {
    let mut digits = Vec::with_capacity(deck.len());
    for &t in deck {
        let available: Vec<usize> = (0..left.len()).filter(|&k| left[k] > 0).collect();
        let Some(d) = available.iter().position(|&k| k == t as usize) else {
            // A checked setup never holds more copies than the box: cannot happen.
            break;
        };
        digits.push((d as u32, available.len() as u32));
        left[t as usize] -= 1;
    }
    digits
}

/// The draw order of `total` tiles that `big` holds (the inverse of
/// [`deck_digits`]); `left` is the copies of each type in the box.
pub fn read_deck(big: &mut Big, mut left: Vec<u32>, total: usize) -> Result<Vec<u8>, ShareError> {
    let mut tiles = Vec::with_capacity(total);
    for _ in 0..total {
        let available: Vec<usize> = (0..left.len()).filter(|&k| left[k] > 0).collect();
        if available.is_empty() {
            return Err(ShareError::Invalid(Invalid::DeckOverBox));
        }
        let d = big.div_rem(available.len() as u32) as usize;
        let t = available[d];
        left[t] -= 1;
        tiles.push(t as u8);
    }
    Ok(tiles)
}

/// The digits of `history` replayed from `start`: per decision, its index
/// among the legal choices and their number. A decision the engine does not
/// list as legal (only possible after `play_unchecked` with an illegal
/// choice) ends the digits there. Returns the game reached too.
pub fn choice_digits<G: TileGame>(mut start: G, history: &[G::Choice]) -> (Vec<(u32, u32)>, G) {
    start.set_logging(false);
    let mut digits = Vec::with_capacity(history.len());
    let mut legal = Vec::new();
    for &c in history {
        start.legal_choices_into(&mut legal);
        let Some(d) = legal.iter().position(|&l| l == c) else {
            break;
        };
        digits.push((d as u32, legal.len() as u32));
        start.play_unchecked(c);
    }
    (digits, start)
}

/// Plays the decisions `big` holds from `game`: `decisions` of them, or
/// (None) until the game ends. Every decision is a legal choice by
/// construction.
pub fn replay_digits<G: TileGame>(
    game: &mut G,
    big: &mut Big,
    decisions: Option<u64>,
) -> Result<(), ShareError> {
    let mut legal = Vec::new();
    let mut played = 0u64;
    loop {
        match decisions {
            Some(n) if played == n => return Ok(()),
            None if game.is_over() => return Ok(()),
            _ => {}
        }
        if game.is_over() {
            return Err(ShareError::Invalid(Invalid::GameEndsEarly { n: played }));
        }
        game.legal_choices_into(&mut legal);
        if legal.is_empty() {
            return Err(ShareError::Invalid(Invalid::NoLegalChoice {
                n: played + 1,
            }));
        }
        let d = big.div_rem(legal.len() as u32) as usize;
        game.play_unchecked(legal[d]);
        played += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(CRC32.checksum(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn base64url_round_trips_every_length_and_is_strict() {
        for len in 1..40usize {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let s = seal(&bytes);
            assert!(s
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
            assert_eq!(unseal(&s), Ok(bytes));
        }
        assert_eq!(BASE64URL_NOPAD.encode(b"\xfb\xff"), "-_8");
        assert!(BASE64URL_NOPAD.decode(b"-_9").is_err(), "unused bits set");
        assert!(BASE64URL_NOPAD.decode(b"A").is_err());
        assert!(BASE64URL_NOPAD.decode(b"AB=C").is_err());
        assert!(BASE64URL_NOPAD.decode(b"AB+/").is_err());
    }

    #[test]
    fn varints_round_trip_and_must_be_minimal() {
        for v in [0, 1, 127, 128, 300, u32::MAX as u64, u64::MAX] {
            let mut b = Vec::new();
            put_varint(&mut b, v);
            let mut r = Reader::new(&b);
            assert_eq!(r.varint(), Ok(v));
            assert_eq!(r.pos, b.len());
        }
        for bad in [&[0x80u8, 0x00][..], &[0xff; 10], &[0x80]] {
            assert_eq!(Reader::new(bad).varint(), Err(ShareError::Damaged));
        }
    }

    #[test]
    fn big_integer_mixed_radix_round_trip() {
        let digits: Vec<(u32, u32)> = (0..300u32).map(|i| (i % 7 * 13 % (i + 2), i + 2)).collect();
        let big = Big::of_digits(&digits);
        let mut back = Big::from_bytes(&big.to_bytes()).unwrap();
        for &(d, r) in &digits {
            assert_eq!(back.div_rem(r), d);
        }
        assert!(back.is_zero());
        assert!(Big::from_bytes(&[1, 0]).is_none());
    }
}
