//! The City's links: format version 1, frozen byte for byte (every link
//! ever written must open to the same game), and The City's body inside a
//! version 2 link (after its ruleset byte).
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

use super::envelope::{
    choice_digits, deck_digits, put_varint, read_deck, replay_digits, seal, Big, Reader,
};
use super::{Invalid, ShareError};
use engine::city::{setup as deck, Catalogue, Game, Options, Setup, DEFAULT_STACKS};
use engine::core::SetupError;
use engine::TileGame;

/// Copies of each tile type in the box.
pub(crate) fn box_counts(catalogue: &Catalogue) -> Vec<u32> {
    catalogue.tiles.iter().map(|t| t.count as u32).collect()
}

/// The version The City's links are written in.
pub const VERSION: u8 = 1;

// ------------------------------------------------------------------ encode

/// The link of a game: its setup and every decision so far.
///
/// A decision in the history that the engine does not list as legal (only
/// possible after `play_unchecked` with an illegal choice) ends the link
/// there: the link holds the game up to that decision.
pub fn encode(game: &Game) -> String {
    let mut bytes = vec![VERSION];
    bytes.extend(encode_body(game));
    seal(&bytes)
}

/// The body of a game's link: the bytes after the version byte (in a
/// version 2 or 3 link, after its ruleset byte and extras).
pub fn encode_body(game: &Game) -> Vec<u8> {
    let setup = game.setup();
    let catalogue = game.catalogue();
    let total = setup.deck.len();
    let seed = setup.seed.filter(|&s| {
        let all = deck::shuffled(catalogue, s);
        all.get(..total) == Some(&setup.deck[..])
    });

    let mut digits: Vec<(u32, u32)> = Vec::new();
    if seed.is_none() {
        digits = deck_digits(box_counts(catalogue), &setup.deck);
    }
    let (choices, reached) = choice_digits(game.restart(), game.history());
    let decisions = choices.len();
    digits.extend(choices);
    let in_progress = !reached.is_over();

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

    let mut bytes = vec![flags];
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
    bytes.extend(Big::of_digits(&digits).to_bytes());
    bytes
}

// ------------------------------------------------------------------ decode

/// The game a version 1 body holds (the bytes after the version byte; in a
/// version 2 link, after the ruleset byte too).
pub fn decode_body(bytes: &[u8]) -> Result<Game, ShareError> {
    let catalogue = Catalogue::builtin().map_err(SetupError::catalogue)?;
    let mut r = Reader::new(bytes);
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
                return Err(ShareError::Invalid(Invalid::StacksOverBox { stacks }));
            }
            let tiles = read_deck(&mut big, box_counts(catalogue), total as usize)?;
            Setup::from_deck(catalogue, names, tiles, stacks, options)
        }
    }?;

    let mut game = Game::new(catalogue, setup)?;
    replay_digits(&mut game, &mut big, decisions)?;
    if in_progress && game.is_over() {
        // The encoder marks a finished game as such: not the canonical form.
        return Err(ShareError::Damaged);
    }
    if !big.is_zero() {
        return Err(ShareError::Damaged);
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::MAX_LEN;
    use engine::core::random;

    fn decode(link: &str) -> Result<Game, ShareError> {
        crate::share::decode(link).map(|g| g.into_city().expect("a game of The City"))
    }

    fn names(k: usize) -> Vec<String> {
        ["Ann", "Bob", "Cid", "Dee"][..k]
            .iter()
            .map(|s| s.to_string())
            .collect()
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
        assert_eq!(decode("").unwrap_err(), ShareError::Empty);
        assert_eq!(decode("  # ").unwrap_err(), ShareError::Empty);
        assert_eq!(decode("AAAA!!").unwrap_err(), ShareError::Damaged);
        assert_eq!(
            decode(&seal(&[4, 0])).unwrap_err(),
            ShareError::NewerVersion(4)
        );
        assert_eq!(decode(&seal(&[0, 0])).unwrap_err(), ShareError::Damaged);
        assert_eq!(
            decode(&"A".repeat(MAX_LEN + 4)).unwrap_err(),
            ShareError::TooLong
        );
    }
}
