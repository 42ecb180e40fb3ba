//! Property tests over thousands of seeded random games of classic
//! Carcassonne: the invariants of CLASSIC.md §I after every decision; every
//! offered choice applies and the offered list is exactly what the checked
//! `play` accepts (illegal choices sampled round the board); a game's
//! record replays to the same game; its share link opens to the same game;
//! a redeal keeps what the players have seen. Every property runs from a
//! fixed seed, as tests/invariants.rs does: a CI run cannot fail by chance.

mod common;

use engine::classic::events::Event;
use engine::classic::{
    Catalogue, Cell, Choice, Decision, Expansions, FarmScoring, FeatureKind, Game, Options,
    Placement, Rotation, Setup, SmallCity, Spot,
};
use engine::core::random;
use engine::core::rng::{below, rng_for_seed};
use engine::TileGame;
use proptest::prelude::*;

fn new_game(seed: u64, players: usize, options: Options, tiles: Option<usize>) -> Game {
    new_game_with(Expansions::BASE, seed, players, options, tiles)
}

fn new_game_with(
    expansions: Expansions,
    seed: u64,
    players: usize,
    options: Options,
    tiles: Option<usize>,
) -> Game {
    let cat = Catalogue::builtin().unwrap();
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let mut setup = Setup::from_seed(cat, names, expansions, options, seed).unwrap();
    if let Some(n) = tiles {
        setup.deck.truncate(n);
        setup.seed = None;
    }
    Game::new(cat, setup).unwrap()
}

/// §I (and what follows from B4.5, B5.4), checked after every decision.
fn check_invariants(g: &Game, before: &[u32], full_pile: bool) {
    let followers = g.setup().followers() as usize;
    for (p, &score_before) in before.iter().enumerate() {
        let on_board = g
            .followers()
            .iter()
            .filter(|f| f.player as usize == p)
            .count();
        assert_eq!(
            g.players()[p].supply as usize + on_board,
            followers,
            "followers in supply + on the board = 7 for seat {p}"
        );
        assert!(
            g.players()[p].score >= score_before,
            "scores never decrease"
        );
        assert_eq!(g.players()[p].score, g.players()[p].breakdown.total());
        assert_eq!(g.players()[p].coins, 0, "no coins without Old City");
    }
    // B5.4: a tile never holds more than one follower.
    let mut tiles: Vec<usize> = g.followers().iter().map(|f| f.tile).collect();
    tiles.sort_unstable();
    tiles.dedup();
    assert_eq!(tiles.len(), g.followers().len(), "one follower a tile");
    // Tiles placed + removed + left = tiles in play.
    let accounted = g.board().placed().len() + g.removed().len() + g.tiles_left();
    assert_eq!(accounted, 1 + g.setup().deck.len());
    if full_pile {
        // 72; +24 with The City Gates (§I).
        let cg = if g.setup().expansions.city_gates {
            24
        } else {
            0
        };
        assert_eq!(accounted, 72 + cg);
    }
    // A completed feature scores once, in the turn that completed it: at a
    // turn's start every complete road, city and cloister is done, and the
    // events name each scoring once.
    if g.at_placement() || g.is_over() {
        for (i, p) in g.board().placed().iter().enumerate() {
            for r in 0..g.catalogue().get(p.tile).regions.len() {
                let f = g.feature_of(i, r as u8);
                if f.is_complete() {
                    assert!(f.done, "a complete feature was scored");
                }
            }
        }
    }
    let scored_in_play = g
        .events()
        .iter()
        .filter(|e| matches!(e.event, Event::FeatureScored { at_end: false, .. }))
        .count();
    let scored_at_end = g
        .events()
        .iter()
        .filter(|e| matches!(e.event, Event::FeatureScored { at_end: true, .. }))
        .count();
    assert_eq!(
        scored_in_play + scored_at_end,
        g.scored_feature_count(),
        "a feature never scores twice"
    );
}

/// Every choice that could be asked about at this decision: each cell round
/// the board (occupied, frontier, far) in each rotation, each region index
/// and the bridge, and choices of the other decisions.
fn candidate_universe(g: &Game) -> Vec<Choice> {
    let mut v = Vec::new();
    match g.decision() {
        Some(Decision::Place { .. }) => {
            let (lo, hi) = g.board().bounds();
            for y in lo.y - 2..=hi.y + 2 {
                for x in lo.x - 2..=hi.x + 2 {
                    for rot in Rotation::ALL {
                        v.push(Choice::Place(Placement::new(Cell::new(x, y), rot)));
                    }
                }
            }
            v.push(Choice::Place(Placement::new(
                Cell::new(500, 500),
                Rotation::ALL[0],
            )));
        }
        Some(Decision::Follower) => {
            v.push(Choice::Follower(None));
            v.extend((0..12).map(|r| Choice::Follower(Some(Spot::Region(r)))));
            v.push(Choice::Follower(Some(Spot::Bridge)));
        }
        _ => {}
    }
    v.push(Choice::Follower(None));
    v.push(Choice::Guesthouse(None));
    v.push(Choice::Wyvern(Cell::new(0, 0)));
    v.push(Choice::Place(Placement::new(
        Cell::new(0, 1),
        Rotation::ALL[0],
    )));
    v
}

/// Plays a random game checking everything; `exhaustive` also compares the
/// offered choices with what `check` accepts and applies each one.
fn run_game(seed: u64, players: usize, options: Options, tiles: Option<usize>, exhaustive: bool) {
    run_game_with(Expansions::BASE, seed, players, options, tiles, exhaustive);
}

fn run_game_with(
    expansions: Expansions,
    seed: u64,
    players: usize,
    options: Options,
    tiles: Option<usize>,
    exhaustive: bool,
) {
    let mut g = new_game_with(expansions, seed, players, options, tiles);
    let mut rng = random::choice_rng(seed);
    let mut before = g.scores();
    let mut legal = Vec::new();
    while !g.is_over() {
        g.legal_choices_into(&mut legal);
        assert!(!legal.is_empty(), "a decision always has a legal choice");
        if exhaustive {
            for c in &legal {
                let mut h = g.clone();
                h.play(*c)
                    .unwrap_or_else(|e| panic!("offered {c:?} fails: {e:?}"));
            }
            for c in candidate_universe(&g) {
                assert_eq!(
                    g.check(c).is_ok(),
                    legal.contains(&c),
                    "check and legal_choices disagree on {c:?} at {:?}",
                    g.decision()
                );
            }
        }
        assert!(g
            .projected_scores()
            .iter()
            .zip(g.scores())
            .all(|(p, s)| *p >= s));
        let c = legal[below(&mut rng, legal.len() as u64) as usize];
        g.play(c).unwrap();
        check_invariants(&g, &before, tiles.is_none());
        before = g.scores();
    }
    assert!(g.ended_by().is_some());
    assert_eq!(g.projected_scores(), g.scores());
    assert!(
        g.play(Choice::Follower(None)).is_err(),
        "nothing applies after the end"
    );
    // Records (Seed and Deck tags) and share links reproduce the game.
    common::classic::assert_record_and_link_round_trip(&g);
    // Undo is a replay without the last decision (none in an empty game).
    match g.undo() {
        Some(undone) => assert_eq!(undone.history(), &g.history()[..g.history().len() - 1]),
        None => assert!(g.history().is_empty()),
    }
}

fn options_strategy() -> impl Strategy<Value = Options> {
    (any::<bool>(), 0u8..3).prop_map(|(small, farms)| Options {
        small_city: if small {
            SmallCity::Two
        } else {
            SmallCity::Four
        },
        farm_scoring: [FarmScoring::Third, FarmScoring::Second, FarmScoring::First][farms as usize],
        ..Options::default()
    })
}

fn tiles_strategy() -> impl Strategy<Value = Option<usize>> {
    prop_oneof![3 => Just(None), 1 => (0usize..=71).prop_map(Some)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(2000), ..ProptestConfig::default() })]

    #[test]
    fn i_invariants_hold_in_random_games(
        seed in any::<u64>(),
        players in 2usize..=5,
        options in options_strategy(),
        tiles in tiles_strategy(),
    ) {
        run_game(seed, players, options, tiles, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(150), ..ProptestConfig::default() })]

    #[test]
    fn i_every_offered_choice_applies_and_nothing_else_does(
        seed in any::<u64>(),
        players in 2usize..=5,
    ) {
        run_game(seed, players, Options::default(), None, true);
    }
}

fn city_gates() -> Expansions {
    Expansions::parse("city-gates").unwrap()
}

fn cg_tiles_strategy() -> impl Strategy<Value = Option<usize>> {
    prop_oneof![3 => Just(None), 1 => (0usize..=95).prop_map(Some)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(1500), ..ProptestConfig::default() })]

    /// The same with The City Gates: 96 tiles in play (§I).
    #[test]
    fn i_invariants_hold_in_random_games_with_city_gates(
        seed in any::<u64>(),
        players in 2usize..=5,
        options in options_strategy(),
        tiles in cg_tiles_strategy(),
    ) {
        run_game_with(city_gates(), seed, players, options, tiles, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(100), ..ProptestConfig::default() })]

    #[test]
    fn i_every_offered_choice_applies_and_nothing_else_does_with_city_gates(
        seed in any::<u64>(),
        players in 2usize..=5,
    ) {
        run_game_with(city_gates(), seed, players, Options::default(), None, true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(300), ..ProptestConfig::default() })]

    /// Determinization: a redeal keeps every tile drawn so far, the count
    /// left and the multiset of the pile, and its replay is consistent.
    #[test]
    fn a_redeal_keeps_what_was_seen(seed in any::<u64>(), stop in 0usize..140) {
        let mut g = new_game(seed, 3, Options::default(), None);
        let mut rng = random::choice_rng(seed);
        let mut legal = Vec::new();
        while !g.is_over() && g.history().len() < stop {
            g.legal_choices_into(&mut legal);
            g.play_unchecked(legal[below(&mut rng, legal.len() as u64) as usize]);
        }
        let r = g.redeal_unseen(&mut rng_for_seed(seed ^ 1));
        prop_assert_eq!(r.decision(), g.decision());
        prop_assert_eq!(r.tiles_left(), g.tiles_left());
        let mut a = r.setup().deck.clone();
        let mut b = g.setup().deck.clone();
        prop_assert_eq!(&a[..g.turns() + g.removed().len()], &b[..g.turns() + g.removed().len()]);
        a.sort_unstable();
        b.sort_unstable();
        prop_assert_eq!(a, b);
        // The redealt game replays from its own setup to the same position.
        prop_assert_eq!(r.at(g.history().len()).scores(), g.scores());
        prop_assert_eq!(r.restart().replayed(g.history()).map(|x| x.scores()).ok(), Some(g.scores()));
    }
}

#[test]
fn followers_are_always_thieves_knights_monks_or_farmers_on_the_tile_placed() {
    for seed in 0..200u64 {
        let mut g = new_game(seed, 2, Options::default(), None);
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            let legal = g.legal_choices();
            let c = legal[below(&mut rng, legal.len() as u64) as usize];
            let placed = g.board().placed().len();
            g.play(c).unwrap();
            if let Choice::Follower(Some(Spot::Region(_))) = c {
                let f = g.events().iter().rev().find_map(|l| match l.event {
                    Event::FollowerPlaced { cell, kind, .. } => Some((cell, kind)),
                    _ => None,
                });
                let (cell, kind) = f.unwrap();
                assert_eq!(cell, g.board().placed()[placed - 1].cell);
                assert!(matches!(
                    kind,
                    FeatureKind::Road
                        | FeatureKind::City
                        | FeatureKind::Cloister
                        | FeatureKind::Field
                ));
            }
        }
    }
}
