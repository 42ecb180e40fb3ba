//! The computer on classic Carcassonne: every level answers with a legal
//! choice at every kind of decision, deterministically, without reading the
//! draw order, and the levels are ordered in strength.

use super::tests::assert_legal;
use super::*;
use engine::classic::{Catalogue, Choice, Decision, Expansions, Game, Options, Setup};
use engine::TileGame;

const TINY: SearchConfig = SearchConfig {
    top_k: 4,
    playouts_per_move: 2,
    max_playouts: 8,
    horizon: 2,
    follower_value: 1.5,
    playout_follower: 0.5,
};

/// A base game dealt from `seed`, its pile cut to `tiles` (short games keep
/// the dev profile quick).
fn new_game(seed: u64, players: usize, tiles: usize) -> Game {
    dealt(
        seed,
        players,
        tiles,
        Expansions::default(),
        Options::default(),
    )
}

/// `new_game` with The City Gates and Old City, every part on.
fn expansions_game(seed: u64, players: usize, tiles: usize) -> Game {
    let expansions = Expansions::parse("city-gates old-city").unwrap();
    let options = Options::parse("", expansions).unwrap();
    dealt(seed, players, tiles, expansions, options)
}

fn dealt(seed: u64, players: usize, tiles: usize, exp: Expansions, options: Options) -> Game {
    let cat = Catalogue::builtin().unwrap();
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let mut setup = Setup::from_seed(cat, names, exp, options, seed).unwrap();
    setup.deck.truncate(tiles);
    setup.seed = None;
    let mut g = Game::new(cat, setup).unwrap();
    g.set_logging(false);
    g
}

#[test]
fn every_level_returns_legal_choices_in_classic() {
    let (mut placements, mut followers) = (0, 0);
    for seed in 0..6u64 {
        let players = 2 + (seed % 4) as usize;
        let mut g = new_game(seed, players, 24);
        let mut k = 0u64;
        while !g.is_over() {
            let s = seed * 10_000 + k;
            let r = choose(&g, Level::Random, s);
            assert_legal(&g, r, "random");
            let gr = choose(&g, Level::Greedy, s);
            assert_legal(&g, gr, "greedy");
            let mut rng = rng_for_seed(s);
            let t = search_choice(&g, &TINY, &mut rng, &mut |_| true).unwrap();
            assert_legal(&g, t, "search");
            if g.legal_choices().len() > 1 && k % 25 == 3 {
                for level in [Level::Easy, Level::Normal] {
                    assert_legal(&g, choose(&g, level, s), level.name());
                }
            }
            match g.decision() {
                Some(Decision::Place { .. }) => placements += 1,
                Some(Decision::Follower) => followers += 1,
                _ => {}
            }
            let next = [r, gr, t][(k % 3) as usize];
            g.play(next).unwrap();
            k += 1;
        }
    }
    assert!(
        placements > 100 && followers > 100,
        "{placements} {followers}"
    );
}

#[test]
fn classic_choices_are_deterministic_and_blind_to_the_draw_order() {
    let cat = Catalogue::builtin().unwrap();
    let mut g = new_game(21, 3, 40);
    let mut k = 0u64;
    let mut checked = 0;
    while !g.is_over() {
        if k % 7 == 2 && g.legal_choices().len() > 1 {
            let left = g.tiles_left() - usize::from(g.in_hand().is_some());
            let drawn = g.setup().deck.len() - left;
            let mut deck = g.setup().deck.clone();
            deck[drawn..].reverse();
            let setup = Setup::from_deck(
                cat,
                g.setup().players.clone(),
                g.setup().expansions,
                g.setup().options,
                deck,
            )
            .unwrap();
            let h = Game::replay(cat, setup, g.history()).unwrap();
            assert_eq!(h.decision(), g.decision());
            // The searching levels on every third position checked (they
            // cost more).
            let levels: &[Level] = if checked % 3 == 0 {
                &[
                    Level::Random,
                    Level::Greedy,
                    Level::Easy,
                    Level::Normal,
                    Level::Hard,
                ]
            } else {
                &[Level::Random, Level::Greedy, Level::Easy]
            };
            for &level in levels {
                let a = choose(&g, level, k);
                assert_eq!(
                    a,
                    choose(&g.clone(), level, k),
                    "{level} is not deterministic"
                );
                assert_eq!(a, choose(&h, level, k), "{level} saw the draw order");
            }
            checked += 1;
        }
        g.play(choose(&g, Level::Greedy, k)).unwrap();
        k += 1;
    }
    assert!(checked > 5);
}

/// The worker's `AnyThinker` plays classic, sliced or not, to the same move.
#[test]
fn the_worker_thinker_plays_classic() {
    let g = new_game(5, 2, 30);
    let any = engine::any::AnyGame::Classic(g.clone());
    let mut t = AnyThinker::new(&any, Level::Easy, 9).unwrap();
    let sliced = loop {
        if let Some((c, _)) = t.run(1) {
            break c;
        }
    };
    assert_eq!(
        sliced,
        engine::any::AnyChoice::Classic(choose(&g, Level::Easy, 9))
    );
}

/// Greedy beats random over short seeded matches (fixed seeds: the same
/// figures on every run). The searching levels' strength is measured on
/// whole games by `city selfplay --game classic` (docs/ai.md).
#[test]
fn classic_greedy_beats_random() {
    let deal = |s| new_game(s, 2, 30);
    let r = selfplay::selfplay_of(deal, Level::Greedy, Level::Random, 10, 2, 1, &mut |_, _| {});
    assert!(
        r.a_wins >= 9,
        "greedy won {} of 10 against random",
        r.a_wins
    );
}

/// With The City Gates and Old City (every part on): wood in placements, the
/// guesthouse and the wyvern are decisions every level answers legally.
#[test]
fn every_level_plays_legally_with_both_expansions() {
    let mut kinds = std::collections::HashSet::new();
    for seed in 0..6u64 {
        let mut g = expansions_game(seed, 2 + (seed % 4) as usize, 40);
        let mut k = 0u64;
        while !g.is_over() {
            let s = seed * 10_000 + k;
            let choices = g.legal_choices();
            if choices.len() > 1 {
                kinds.insert(g.decision().unwrap().step());
            }
            let r = choose(&g, Level::Random, s);
            assert_legal(&g, r, "random");
            let gr = choose(&g, Level::Greedy, s);
            assert_legal(&g, gr, "greedy");
            let mut rng = rng_for_seed(s);
            let t = search_choice(&g, &TINY, &mut rng, &mut |_| true).unwrap();
            assert_legal(&g, t, "search");
            if choices.len() > 1 && k % 30 == 5 {
                assert_legal(&g, choose(&g, Level::Easy, s), "easy");
                assert_legal(&g, choose(&g, Level::Normal, s), "normal");
            }
            if choices.len() > 1 && k % 60 == 5 {
                assert_legal(&g, choose(&g, Level::Hard, s), "hard");
            }
            g.play([r, gr, t][(k % 3) as usize]).unwrap();
            k += 1;
        }
    }
    for d in [
        Decision::Follower.step(),
        Decision::Guesthouse.step(),
        Decision::Wyvern.step(),
    ] {
        assert!(kinds.contains(&d), "never met {d:?}: {kinds:?}");
    }
}

/// Which turns of a tile look the same (`TileDef::alike_regions`): every
/// turn itself; all four of a cloister, a city all round and a crossroads;
/// a straight road half way round (its fields swapped); never a curve.
#[test]
fn turns_that_look_the_same() {
    use engine::core::geom::Rotation;
    let cat = Catalogue::builtin().unwrap();
    let alike = |id: &str| {
        let def = cat.get(cat.by_id(id).unwrap());
        let mut pairs = Vec::new();
        for (i, &a) in Rotation::ALL.iter().enumerate() {
            let same = def.alike_regions(a, a).unwrap();
            assert!(
                (0..def.regions.len()).all(|r| same[r] as usize == r),
                "{id}"
            );
            for (j, &b) in Rotation::ALL.iter().enumerate().skip(i + 1) {
                if def.alike_regions(a, b).is_some() {
                    pairs.push((i, j));
                }
            }
        }
        pairs
    };
    let all = vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    for id in ["B", "C", "X"] {
        assert_eq!(alike(id), all, "{id}");
    }
    assert_eq!(alike("U"), vec![(0, 2), (1, 3)]);
    for id in ["A", "D", "V", "W", "E"] {
        assert_eq!(alike(id), vec![], "{id}");
    }
    let u = cat.get(cat.by_id("U").unwrap());
    let map = u.alike_regions(Rotation::ALL[0], Rotation::ALL[2]).unwrap();
    let (f, g) = (u.region_index("f").unwrap(), u.region_index("g").unwrap());
    assert_eq!((map[f as usize], map[g as usize]), (g, f));
}

/// Moves that `same_move` calls one (a tile turned so that it looks the
/// same, the follow-up on the same spot) reach the same position: the same
/// value, scores, players and choices next. The deep search keeps only the
/// first of them as a candidate.
#[test]
fn moves_that_look_the_same_are_one_candidate() {
    let (mut pairs, mut shortened) = (0, 0);
    for seed in 0..4u64 {
        let mut g = expansions_game(seed, 2, 40);
        let mut k = 0u64;
        while !g.is_over() {
            if g.at_placement() {
                let moves = eval::moves_on(&g, 3.0, true);
                let after = |m: &Move<Choice>| {
                    let mut h = g.clone();
                    eval::apply(&mut h, m);
                    h
                };
                for (i, a) in moves.iter().enumerate() {
                    for b in &moves[i + 1..] {
                        if !g.same_move(a, b) {
                            continue;
                        }
                        pairs += 1;
                        let (ha, hb) = (after(a), after(b));
                        assert_eq!(a.value, b.value, "{a:?} {b:?}");
                        assert_eq!(ha.projected_scores(), hb.projected_scores());
                        assert_eq!(ha.players(), hb.players());
                        assert_eq!(ha.legal_choices().len(), hb.legal_choices().len());
                    }
                }
                let mut kept = moves.clone();
                deep::keep_distinct(&g, &mut kept, 8);
                for (i, a) in kept.iter().enumerate() {
                    assert!(kept[i + 1..].iter().all(|b| !g.same_move(a, b)));
                }
                assert!(kept.len() <= 8 && kept[0] == moves[0]);
                shortened += (kept[..] != moves[..kept.len()]) as u32;
            }
            g.play(choose(&g, Level::Greedy, seed * 1000 + k)).unwrap();
            k += 1;
        }
    }
    assert!(pairs > 20 && shortened > 3, "{pairs} {shortened}");
}
