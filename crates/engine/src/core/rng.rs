//! The named PRNG (PCG-64) and the few draws the engines make from it, written
//! here so that one seed gives the same stream natively and in wasm, whatever
//! the versions of other crates.

use rand_core::Rng;
pub use rand_pcg::Pcg64;

/// The generator for a seed. The state is the seed spread by SplitMix64 so
/// nearby seeds give unrelated streams.
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

/// A uniform number in [0, 1).
pub fn unit(rng: &mut Pcg64) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Fisher–Yates from the end: the order every deal of both games uses.
pub fn shuffle<T>(items: &mut [T], rng: &mut Pcg64) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_seed_one_stream() {
        let a: Vec<u64> = (0..4).map(|_| rng_for_seed(7).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(rng_for_seed(7).next_u64(), rng_for_seed(8).next_u64());
        let mut r = rng_for_seed(1);
        assert!((0..1000).all(|_| below(&mut r, 7) < 7));
        let mut v: Vec<u32> = (0..20).collect();
        shuffle(&mut v, &mut r);
        v.sort();
        assert_eq!(v, (0..20).collect::<Vec<_>>());
    }
}
