//! The fair deal's tests: every reveal checked, a wrong one refused; two
//! devices playing a whole game, neither able to read a tile before its
//! draw; the draws uniform (chi-square over 100,000 deals); no seat able to
//! bias a draw by choosing its secret after seeing the others' commitments.

use super::*;
use crate::city::{Options, Setup, DEFAULT_STACKS};
use crate::core::rng::below;

fn value(tag: &str, i: u64) -> Value {
    h16(&[tag.as_bytes(), &i.to_le_bytes()])
}

fn secret(tag: &str, i: u64) -> Secret {
    let mut s = [0u8; 32];
    s[..16].copy_from_slice(&value(tag, i));
    s[16..].copy_from_slice(&value(tag, i + (1 << 40)));
    s
}

fn city_setup() -> AnySetup {
    let cat = city::Catalogue::builtin().unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    // (The seed only gives the deck's length: a fair deal replaces it.)
    AnySetup::City(Setup::from_seed(cat, names, 0, DEFAULT_STACKS, Options::default()).unwrap())
}

#[test]
fn every_reveal_is_checked_against_its_commitment() {
    let salt = value("salt", 1);
    let chain = Chain::new(&secret("s", 1), &salt, 1, 12);
    let c = chain.commitment();
    for k in 0..=12 {
        let v = chain.value(k).unwrap();
        assert!(check(&c, &salt, 1, k, &v), "v_{k}");
        for t in 0..=k {
            assert_eq!(value_at(&c, &salt, 1, (k, &v), t), chain.value(t));
        }
        assert_eq!(value_at(&c, &salt, 1, (k, &v), k + 1), None);
        let mut wrong = v;
        wrong[3] ^= 1;
        assert!(!check(&c, &salt, 1, k, &wrong), "a changed v_{k}");
        assert!(
            k == 0 || !check(&c, &salt, 1, k - 1, &v),
            "v_{k} as v_(k-1)"
        );
        assert!(
            !check(&c, &salt, 0, k.max(1), &chain.value(k.max(1)).unwrap()),
            "another seat's"
        );
        assert!(
            !check(
                &c,
                &value("salt", 2),
                1,
                k.max(1),
                &chain.value(k.max(1)).unwrap()
            ),
            "another game's"
        );
    }
    // A later value gives the earlier ones, never a later one.
    assert_ne!(chain.value(5), chain.value(6));
}

/// Two devices: Ann's holds seat 0's chain, Bob's seat 1's.
fn devices(setup: &AnySetup, k: u64) -> (Deal, Deal) {
    let salt = value("salt", k);
    let len = chain_len(setup);
    let a = Chain::new(&secret("ann", k), &salt, 0, len);
    let b = Chain::new(&secret("bob", k), &salt, 1, len);
    let commitments = vec![Some(a.commitment()), Some(b.commitment())];
    let ann = Deal {
        salt,
        commitments: commitments.clone(),
        reveals: vec![None, None],
        chains: vec![Some(a), None],
    };
    let bob = Deal {
        salt,
        commitments,
        reveals: vec![None, None],
        chains: vec![None, Some(b)],
    };
    (ann, bob)
}

#[test]
fn a_wrong_reveal_is_refused() {
    let setup = city_setup();
    let (mut ann, mut bob) = devices(&setup, 3);
    // The invitation: Bob has not committed, no draw can be dealt.
    let mut invitation = ann.clone();
    invitation.commitments[1] = None;
    assert!(!invitation.committed() && invitation.check().is_ok());
    assert!(!replay(&setup, &invitation, &[]).unwrap().known);
    bob.reveal_own(1);
    ann.reveals[1] = bob.reveals[1];
    assert!(ann.check().is_ok());
    assert!(replay(&setup, &ann, &[]).unwrap().known);
    let mut forged = ann.clone();
    forged.reveals[1].as_mut().unwrap().1[0] ^= 0x80;
    assert_eq!(forged.check(), Err(DealProblem::Reveal { seat: 1 }));
    assert_eq!(
        replay(&setup, &forged, &[]).unwrap_err(),
        DealProblem::Reveal { seat: 1 }
    );
    // Another commitment for Bob's seat: his reveal no longer holds.
    let mut other = ann.clone();
    other.commitments[1] = Some(value("other", 1));
    assert_eq!(other.check(), Err(DealProblem::Reveal { seat: 1 }));
    // A chain that is not the seat's.
    let mut stolen = ann.clone();
    stolen.chains[1] = Some(Chain::new(&secret("eve", 1), &ann.salt, 1, 5));
    assert_eq!(stolen.check(), Err(DealProblem::Chain { seat: 1 }));
}

/// The seat that plays turn t in a 2-player game of The City (the tiles
/// alternate).
fn seat_of_turn(t: u32) -> usize {
    ((t - 1) % 2) as usize
}

/// Ann and Bob play a whole game, each device knowing only its own chain
/// and the other's reveals, revealing after each turn up to its own next
/// turn − 1. Every draw is known to its player at its turn and to nobody
/// before; both devices replay the same game; the end's deck is the deal.
#[test]
fn two_devices_play_a_whole_game_and_no_one_sees_a_tile_early() {
    let setup = city_setup();
    let (mut ann, mut bob) = devices(&setup, 7);
    // The answer: Bob commits (above) and reveals up to his first turn − 1
    // (turn 1 is Ann's): v_1.
    bob.reveal_own(1);
    ann.reveals[1] = bob.reveals[1];
    let mut history: Vec<AnyChoice> = Vec::new();
    let mut rng = crate::core::rng::rng_for_seed(7);
    let mut draws = 0;
    loop {
        let (me, other) =
            if seat_of_turn(replay(&setup, &ann, &history).unwrap().game.turn() as u32) == 0 {
                (&mut ann, &mut bob)
            } else {
                (&mut bob, &mut ann)
            };
        let Replayed { game, known } = replay(&setup, me, &history).unwrap();
        if game.is_over() {
            break;
        }
        assert!(known, "the player of turn {} knows its tile", game.turn());
        let t = game.turn() as u32;
        // The other device cannot draw this turn's tile: its value t of
        // the mover's seat is not revealed.
        assert!(
            other.values(t).is_none(),
            "turn {t}'s tile is not known elsewhere"
        );
        let mover = usize::from(game.to_move());
        let mut g = game;
        // The mover's turn (and any other seat's decisions within it, as
        // a wall round: played where the game is).
        while !g.is_over() && g.turn() as u32 == t {
            let (mut ready, _) = prepare(&g, me);
            let choices = ready.legal_choices();
            let c = choices[below(&mut rng, choices.len() as u64) as usize];
            ready.play(c).unwrap();
            history.push(c);
            g = ready;
        }
        draws += 1;
        assert_eq!(mover, seat_of_turn(t), "turn {t} is its seat's");
        // Before the other's next link the mover cannot read the next
        // tile (the other seat's value t + 1 is not revealed).
        assert!(
            g.is_over() || me.values(t + 1).is_none(),
            "turn {}'s tile",
            t + 1
        );
        // Sent: the mover's seat revealed up to its next turn − 1.
        me.reveal_own(t + 1);
        other.reveals[mover] = me.reveals[mover];
    }
    let a = replay(&setup, &ann, &history).unwrap().game;
    let b = replay(&setup, &bob, &history).unwrap().game;
    assert!(a.is_over() && b.is_over());
    assert_eq!(a.history(), b.history());
    assert_eq!(a.scores(), b.scores());
    assert!(draws > 20, "{draws} turns");
    // The record's deck: the game replays from it as any game does.
    let again = AnyGame::replay(a.setup(), &history).unwrap();
    assert_eq!(again.scores(), a.scores());
}

/// Wilson–Hilferty's chi-square quantile for `df` degrees of freedom at
/// the normal quantile `z`.
fn chi2_quantile(df: f64, z: f64) -> f64 {
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

fn chi2(observed: &[u64], expected: &[f64]) -> (f64, f64) {
    let mut x = 0.0;
    let mut cells = 0.0;
    for (o, e) in observed.iter().zip(expected) {
        if *e > 0.0 {
            x += (*o as f64 - e).powi(2) / e;
            cells += 1.0;
        }
    }
    (x, cells - 1.0)
}

/// The first tile of 100,000 fair deals (each from other seats' values)
/// against the box's counts; and the draw after three turns of one game,
/// redealt 100,000 times, against the tiles no one has seen.
#[test]
fn the_draws_are_uniform_chi_square_over_100000_deals() {
    let setup = city_setup();
    let cat = city::Catalogue::builtin().unwrap();
    let types = cat.tiles.len();
    let all = cat.all_copies();
    let n = 100_000u64;
    let mut first = vec![0u64; types];
    for i in 0..n {
        let values = [value("a", i), value("b", i)];
        let mut rng = turn_rng(&value("salt", i), 1, &values);
        let AnySetup::City(s) = first_setup(&setup, &mut rng).unwrap() else {
            unreachable!()
        };
        first[s.deck[0] as usize] += 1;
    }
    let mut expected = vec![0.0; types];
    for &t in &all {
        expected[t as usize] += n as f64 / all.len() as f64;
    }
    let (x, df) = chi2(&first, &expected);
    let limit = chi2_quantile(df, 3.09);
    eprintln!("chi-square {x:.1} over {df} df (limit {limit:.1})");
    assert!(
        x < limit,
        "first tile: chi-square {x:.1} over {df} df, limit {limit:.1}"
    );

    // The draw of turn 4 after three turns.
    let (ann, _) = devices(&setup, 11);
    let mut all_known = ann.clone();
    all_known.chains[1] = Some(Chain::new(
        &secret("bob", 11),
        &ann.salt,
        1,
        chain_len(&setup),
    ));
    let mut game = replay(&setup, &all_known, &[]).unwrap().game;
    while game.turn() < 3 || !matches!(&game, AnyGame::City(c) if c.drawn().is_some()) {
        let (mut g, _) = prepare(&game, &all_known);
        let c = g.legal_choices()[0];
        g.play(c).unwrap();
        game = g;
    }
    // Its last decision of turn 3, redealt 100,000 ways.
    let AnyGame::City(c) = &game else {
        unreachable!()
    };
    let drawn = c.setup().deck.len() - c.tiles_left().iter().sum::<u32>() as usize;
    let seen = &c.setup().deck[..drawn];
    let pool = crate::core::deal::unseen(all.clone(), seen);
    let mut next = vec![0u64; types];
    for i in 0..n {
        let mut rng = turn_rng(&value("salt", i), 4, &[value("a", i), value("b", i)]);
        let AnyGame::City(r) = redealt(&game, &mut rng) else {
            unreachable!()
        };
        next[r.setup().deck[drawn] as usize] += 1;
    }
    let mut expected = vec![0.0; types];
    for &t in &pool {
        expected[t as usize] += n as f64 / pool.len() as f64;
    }
    let (x, df) = chi2(&next, &expected);
    let limit = chi2_quantile(df, 3.09);
    eprintln!("chi-square {x:.1} over {df} df (limit {limit:.1})");
    assert!(
        x < limit,
        "a later draw: chi-square {x:.1} over {df} df, limit {limit:.1}"
    );
}

/// Bob commits after seeing Ann's commitment, and chooses his secret among
/// 64 to make turn 1's tile a market tile of his choice: with Ann's value
/// unknown (only her commitment seen) he gets it no more often than
/// chance. (With her value known he would get it nearly always: the test
/// can tell.)
#[test]
fn no_seat_can_bias_a_draw_by_choosing_its_secret() {
    let setup = city_setup();
    let cat = city::Catalogue::builtin().unwrap();
    let all = cat.all_copies();
    let target = all[0];
    let p = all.iter().filter(|&&t| t == target).count() as f64 / all.len() as f64;
    let first = |salt: &Value, a: &Value, b: &Value| {
        let mut rng = turn_rng(salt, 1, &[*a, *b]);
        match first_setup(&setup, &mut rng).unwrap() {
            AnySetup::City(s) => s.deck[0],
            AnySetup::Classic(_) => unreachable!(),
        }
    };
    let trials = 2000u64;
    let (mut blind, mut seeing) = (0u64, 0u64);
    for i in 0..trials {
        let salt = value("salt", i);
        let ann = Chain::new(&secret("ann", i), &salt, 0, 1);
        let seen = ann.commitment();
        // Bob's best with what he sees: Ann's commitment in place of her
        // value (any function of it does as well).
        let pick = |known: &Value| {
            (0..64u64)
                .map(|j| Chain::new(&secret("bob", i * 64 + j), &salt, 1, 1))
                .find(|b| first(&salt, known, &b.value(1).unwrap()) == target)
                .unwrap_or_else(|| Chain::new(&secret("bob", i * 64), &salt, 1, 1))
        };
        let bob = pick(&seen);
        if first(&salt, &ann.value(1).unwrap(), &bob.value(1).unwrap()) == target {
            blind += 1;
        }
        let cheat = pick(&ann.value(1).unwrap());
        if first(&salt, &ann.value(1).unwrap(), &cheat.value(1).unwrap()) == target {
            seeing += 1;
        }
    }
    let mean = p * trials as f64;
    let sd = (trials as f64 * p * (1.0 - p)).sqrt();
    eprintln!("grinding: blind {blind}, seeing {seeing}, chance {mean:.0} ± {sd:.0} of {trials}");
    assert!(
        (blind as f64 - mean).abs() < 5.0 * sd,
        "blind grinding got the tile {blind} times of {trials}, chance {mean:.0} ± {sd:.0}"
    );
    assert!(
        seeing as f64 > mean + 20.0 * sd,
        "with Ann's value known the grinding works ({seeing}): the test can tell"
    );
}

/// A draw costs well under 1 ms: the values checked from the reveals, the
/// generator, the redeal (measured over a whole game's turns).
#[test]
fn a_draw_costs_under_a_millisecond() {
    let setup = city_setup();
    let (mut ann, bob) = devices(&setup, 5);
    ann.reveals[1] = bob.chains[1]
        .as_ref()
        .map(|c| (c.len(), c.value(c.len()).unwrap()));
    let game = replay(&setup, &ann, &[]).unwrap().game;
    let turns = 60u32;
    let start = std::time::Instant::now();
    for _ in 0..turns {
        let _ = prepare(&game, &ann);
    }
    let each = start.elapsed().as_secs_f64() * 1000.0 / f64::from(turns);
    eprintln!("{each:.4} ms a draw");
    assert!(each < 1.0, "{each:.3} ms a draw");
}

/// Classic Carcassonne with both expansions, dealt fairly by two seats'
/// chains: a whole game, every draw dealt, and the game at its end
/// replays from its setup's deck (what the record holds) as any game does.
#[test]
fn a_classic_game_with_both_expansions_is_dealt_fairly_to_its_end() {
    let cat = classic::Catalogue::builtin().unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let expansions = classic::Expansions {
        city_gates: true,
        old_city: true,
    };
    let setup = AnySetup::Classic(
        classic::Setup::from_seed(cat, names, expansions, classic::Options::default(), 0).unwrap(),
    );
    let (mut deal, bob) = devices(&setup, 21);
    deal.chains[1] = bob.chains[1].clone();
    let mut game = replay(&setup, &deal, &[]).unwrap().game;
    let mut rng = crate::core::rng::rng_for_seed(21);
    let mut history = Vec::new();
    while !game.is_over() {
        let (mut g, known) = prepare(&game, &deal);
        assert!(known);
        let choices = g.legal_choices();
        let c = choices[below(&mut rng, choices.len() as u64) as usize];
        g.play(c).unwrap();
        history.push(c);
        game = g;
    }
    let again = replay(&setup, &deal, &history).unwrap();
    assert_eq!(again.game.scores(), game.scores());
    let from_deck = AnyGame::replay(game.setup(), &history).unwrap();
    assert_eq!(from_deck.scores(), game.scores());
    assert!(game.setup() != setup, "a deal of its own, not seed 0's");
}
