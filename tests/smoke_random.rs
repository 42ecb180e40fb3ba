use engine::city::DEFAULT_STACKS;
use engine::city::{Catalogue, Game, Options, Setup};
use engine::core::random;
use engine::TileGame;

#[test]
fn random_games_finish() {
    let cat = Catalogue::builtin().unwrap();
    let mut ended = std::collections::HashMap::new();
    for seed in 0..300u64 {
        let players = (0..(2 + seed % 3)).map(|i| format!("P{i}")).collect();
        let setup =
            Setup::from_seed(cat, players, seed, DEFAULT_STACKS, Options::default()).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        let mut rng = random::choice_rng(seed);
        random::play_out(&mut g, &mut rng);
        assert!(g.is_over());
        *ended.entry(g.ended_by().unwrap().name()).or_insert(0) += 1;
    }
    eprintln!("{ended:?}");
}
