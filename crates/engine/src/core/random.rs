//! Uniformly random play: the baseline opponent, the benchmark workload and
//! the source of property-test games, for any ruleset.

use super::rng::{below, rng_for_seed, Pcg64};
use super::rules::TileGame;

/// Plays `game` to its end choosing uniformly among the legal choices.
pub fn play_out<G: TileGame>(game: &mut G, rng: &mut Pcg64) {
    let mut choices: Vec<G::Choice> = Vec::new();
    while !game.is_over() {
        game.legal_choices_into(&mut choices);
        if choices.is_empty() {
            // Cannot happen (every decision has a legal choice); never loop forever.
            debug_assert!(false, "no legal choice at {:?}", game.decision());
            return;
        }
        let c = choices[below(rng, choices.len() as u64) as usize];
        game.play_unchecked(c);
    }
}

/// The generator `city random --seed S` uses for its choices (distinct from
/// the deal's stream).
pub fn choice_rng(seed: u64) -> Pcg64 {
    rng_for_seed(seed ^ 0x5EED_C401_CE5E_u64)
}
