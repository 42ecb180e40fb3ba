//! The deal (R1.5): a deterministic shuffle from a u64 seed through a named
//! PRNG (PCG-64), with our own bounded-integer draw, so one seed deals the
//! same deck natively and in wasm, whatever the versions of other crates.

use super::tiles::{Catalogue, TileType};
use rand_core::Rng;
use rand_pcg::Pcg64;

/// The generator for a seed. The state is the seed spread by SplitMix64 so
/// nearby seeds give unrelated decks.
pub fn rng_for_seed(seed: u64) -> Pcg64 {
    let mut z = seed;
    let mut next = || {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut x = z;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    };
    let state = ((next() as u128) << 64) | next() as u128;
    Pcg64::new(state, 0xa02b_dbf7_bb3c_0a7a_c28f_a16a_64ab_f96f)
}

/// A uniform integer in 0..n (n > 0), by rejection: no modulo bias.
pub fn below(rng: &mut Pcg64, n: u64) -> u64 {
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let v = rng.next_u64();
        if v < zone {
            return v % n;
        }
    }
}

/// Every tile of the catalogue shuffled by `seed` (Fisher–Yates from the end);
/// a game with smaller stacks deals the first tiles of it (NOTATION.md `Seed`).
pub fn shuffled(catalogue: &Catalogue, seed: u64) -> Vec<TileType> {
    let mut deck = catalogue.all_copies();
    let mut rng = rng_for_seed(seed);
    for i in (1..deck.len()).rev() {
        let j = below(&mut rng, i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_seed_one_deck() {
        let c = Catalogue::builtin().unwrap();
        assert_eq!(shuffled(c, 7), shuffled(c, 7));
        assert_ne!(shuffled(c, 7), shuffled(c, 8));
        let mut sorted = shuffled(c, 7);
        sorted.sort();
        assert_eq!(sorted, c.all_copies());
    }
}
