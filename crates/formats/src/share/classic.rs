//! Classic Carcassonne's links: the body of a version 2 link after its
//! ruleset byte (1).
//!
//! ```text
//! byte          flags: bits 0–2 players − 2 (2–5 players; 5–7 invalid)
//!                      bit 3     explicit deck (else the whole pile is dealt from a seed)
//!                      bit 4     game in progress: a decision count follows
//! varint        expansions: bit 0 city-gates, bit 1 old-city
//! varint        options, each bit a value other than the default:
//!                 bit 0 small-city=2, bits 1–2 farm-scoring (1 = 2nd, 2 = 1st),
//!                 bits 3–7 oc-proportional, oc-wood, oc-coins, oc-guesthouse,
//!                 oc-wyvern off, bit 8 coin-limit=none, bit 9 plaza-pennants=on
//! varint        the seed, or (explicit deck) the number of tiles in the deck
//! per player    varint byte length, then the name in UTF-8
//! [varint]      number of decisions, if bit 4
//! ...           one big unsigned integer (`envelope::Big`): with an explicit
//!               deck, one digit per tile (`envelope::deck_digits` over the
//!               pile's tiles), then one digit per decision
//!               (`envelope::choice_digits`)
//! ```
//!
//! The decoder replays the digits through the engine, so any link that
//! decodes is a legal game, and it accepts only the canonical form (the
//! game it decodes must encode to the same bytes). The digits depend on the
//! order of the engine's legal choices and on the catalogue: a change to
//! either needs a new version.

use super::envelope::{
    choice_digits, deck_digits, put_varint, read_deck, replay_digits, Big, Reader,
};
use super::{Invalid, ShareError};
use engine::classic::setup::{pile_counts, shuffled};
use engine::classic::{
    Catalogue, Expansions, FarmScoring, Game, OldCityOptions, Options, Setup, SmallCity,
};
use engine::core::SetupError;
use engine::TileGame;

fn option_bits(o: &Options) -> u64 {
    let d = OldCityOptions::default();
    let oc = &o.old_city;
    let mut b = 0u64;
    b |= u64::from(o.small_city == SmallCity::Two);
    b |= match o.farm_scoring {
        FarmScoring::Third => 0,
        FarmScoring::Second => 1,
        FarmScoring::First => 2,
    } << 1;
    for (k, (v, dv)) in [
        (oc.proportional, d.proportional),
        (oc.wood, d.wood),
        (oc.coins, d.coins),
        (oc.guesthouse, d.guesthouse),
        (oc.wyvern, d.wyvern),
    ]
    .into_iter()
    .enumerate()
    {
        b |= u64::from(v != dv) << (3 + k);
    }
    b |= u64::from(oc.coin_limit.is_none()) << 8;
    b |= u64::from(oc.plaza_pennants) << 9;
    b
}

fn options_of(b: u64) -> Result<Options, ShareError> {
    if b >> 10 != 0 || (b >> 1) & 3 == 3 {
        return Err(ShareError::Damaged);
    }
    let bit = |k: u32| b & (1 << k) != 0;
    Ok(Options {
        small_city: if bit(0) {
            SmallCity::Two
        } else {
            SmallCity::Four
        },
        farm_scoring: match (b >> 1) & 3 {
            1 => FarmScoring::Second,
            2 => FarmScoring::First,
            _ => FarmScoring::Third,
        },
        old_city: OldCityOptions {
            proportional: !bit(3),
            wood: !bit(4),
            coins: !bit(5),
            guesthouse: !bit(6),
            wyvern: !bit(7),
            coin_limit: (!bit(8)).then_some(10),
            plaza_pennants: bit(9),
        },
    })
}

/// The body of a classic game's version 2 link (after the ruleset byte).
pub fn encode_body(game: &Game) -> Vec<u8> {
    let setup = game.setup();
    let catalogue = game.catalogue();
    let seed = setup
        .seed
        .filter(|&s| shuffled(catalogue, setup.expansions, s) == setup.deck);
    let mut digits: Vec<(u32, u32)> = Vec::new();
    if seed.is_none() {
        digits = deck_digits(pile_counts(catalogue, setup.expansions), &setup.deck);
    }
    let (choices, reached) = choice_digits(game.restart(), game.history());
    let decisions = choices.len();
    digits.extend(choices);
    let in_progress = !reached.is_over();

    let mut flags = (setup.players.len() as u8).wrapping_sub(2) & 7;
    if seed.is_none() {
        flags |= 1 << 3;
    }
    if in_progress {
        flags |= 1 << 4;
    }
    let mut bytes = vec![flags];
    put_varint(
        &mut bytes,
        u64::from(setup.expansions.city_gates) | u64::from(setup.expansions.old_city) << 1,
    );
    put_varint(&mut bytes, option_bits(&setup.options));
    put_varint(&mut bytes, seed.unwrap_or(setup.deck.len() as u64));
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

/// The game a classic body holds.
pub fn decode_body(bytes: &[u8]) -> Result<Game, ShareError> {
    let catalogue = Catalogue::builtin().map_err(SetupError::catalogue)?;
    let mut r = Reader::new(bytes);
    let flags = r.byte()?;
    if flags >> 5 != 0 {
        return Err(ShareError::Damaged);
    }
    let players = (flags & 7) as usize + 2;
    if players > 5 {
        return Err(ShareError::Damaged);
    }
    let explicit_deck = flags & (1 << 3) != 0;
    let in_progress = flags & (1 << 4) != 0;
    let exp = r.varint()?;
    if exp >> 2 != 0 {
        return Err(ShareError::Damaged);
    }
    let expansions = Expansions {
        city_gates: exp & 1 != 0,
        old_city: exp & 2 != 0,
    };
    let options = options_of(r.varint()?)?;
    let seed_or_len = r.varint()?;
    let mut names = Vec::with_capacity(players);
    for _ in 0..players {
        let len = r.varint()?;
        let raw = r.take(len)?;
        let name = std::str::from_utf8(raw).map_err(|_| ShareError::Damaged)?;
        names.push(name.to_string());
    }
    let decisions = if in_progress { Some(r.varint()?) } else { None };
    let mut big = Big::from_bytes(r.rest()).ok_or(ShareError::Damaged)?;
    let setup = if explicit_deck {
        let counts = pile_counts(catalogue, expansions);
        let total: u64 = counts.iter().map(|&n| n as u64).sum();
        if seed_or_len > total {
            return Err(ShareError::Invalid(Invalid::DeckOverPile {
                tiles: seed_or_len,
                total,
            }));
        }
        let tiles = read_deck(&mut big, counts, seed_or_len as usize)?;
        Setup::from_deck(catalogue, names, expansions, options, tiles)
    } else {
        Setup::from_seed(catalogue, names, expansions, options, seed_or_len)
    }?;
    let mut game = Game::new(catalogue, setup)?;
    replay_digits(&mut game, &mut big, decisions)?;
    if !big.is_zero() || encode_body(&game) != bytes {
        // Digits left over, or not the form the encoder writes.
        return Err(ShareError::Damaged);
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::{decode, encode};
    use engine::any::AnyGame;
    use engine::core::random;

    fn names(k: usize) -> Vec<String> {
        ["Ann", "Bob", "Cid", "Dee", "Eve"][..k]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn finished_and_unfinished_games_round_trip() {
        let cat = Catalogue::builtin().unwrap();
        let mut options = Options::default();
        options.set("small-city", "2").unwrap();
        options.set("farm-scoring", "1st").unwrap();
        for (k, seed) in [(2, 1u64), (5, 2), (3, u64::MAX)] {
            let setup = Setup::from_seed(cat, names(k), Expansions::BASE, options, seed).unwrap();
            let mut g = Game::new(cat, setup).unwrap();
            random::play_out(&mut g, &mut random::choice_rng(seed));
            for n in [0, 7, g.history().len()] {
                let part = AnyGame::Classic(g.at(n));
                let link = encode(&part);
                let back = decode(&link).unwrap();
                assert_eq!(back.history(), part.history());
                assert_eq!(back.setup(), part.setup());
                assert_eq!(back.scores(), part.scores());
                assert_eq!(encode(&back), link);
            }
        }
    }

    #[test]
    fn an_explicit_short_deck_round_trips() {
        let cat = Catalogue::builtin().unwrap();
        let mut deck = shuffled(cat, Expansions::BASE, 5);
        deck.truncate(12);
        let setup =
            Setup::from_deck(cat, names(4), Expansions::BASE, Options::default(), deck).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        random::play_out(&mut g, &mut random::choice_rng(5));
        let link = encode(&AnyGame::Classic(g.clone()));
        let back = decode(&link).unwrap();
        assert_eq!(back.history(), AnyGame::Classic(g).history());
    }
}
