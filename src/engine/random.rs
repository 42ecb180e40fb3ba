//! Uniformly random play: the baseline opponent, the benchmark workload and
//! the source of property-test games.

use super::deck::{below, rng_for_seed};
use super::game::{Choice, Game};
use rand_pcg::Pcg64;

/// Plays `game` to its end choosing uniformly among the legal choices.
pub fn play_out(game: &mut Game, rng: &mut Pcg64) {
    let mut choices: Vec<Choice> = Vec::new();
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

/// The benchmark workload: `n` random 2-player games with the default
/// stacks, dealt from seeds `first..first + n`. Returns a checksum of the
/// scores so the work cannot be optimised away and runs can be compared.
pub fn random_games(first: u64, n: u64) -> u64 {
    use super::game::{Setup, DEFAULT_STACKS};
    use super::options::Options;
    use super::tiles::Catalogue;
    let Ok(cat) = Catalogue::builtin() else {
        return 0;
    };
    let mut sum = 0u64;
    for seed in first..first + n {
        let names = vec!["A".to_string(), "B".to_string()];
        let Ok(setup) = Setup::from_seed(cat, names, seed, DEFAULT_STACKS, Options::default())
        else {
            return 0;
        };
        let Ok(mut g) = Game::new(cat, setup) else {
            return 0;
        };
        play_out(&mut g, &mut choice_rng(seed));
        sum = sum
            .wrapping_mul(31)
            .wrapping_add(g.scores().iter().sum::<u32>() as u64);
    }
    sum
}
