//! Property tests over thousands of seeded random games: the invariants of
//! RULES.md §14 after every decision, every offered choice applies, the
//! offered list is exactly what the checked `play` accepts, and a game's
//! record replays to the same game.

use engine::city::events::Event;
use engine::city::DEFAULT_STACKS;
use engine::city::{
    Catalogue, Cell, Choice, Decision, Dir, End, Game, Options, Rotation, Setup, Side,
};
use engine::core::random;
use engine::core::rng::below;
use engine::TileGame;
use formats::notation::city::{self as record, DeckTag};
use proptest::prelude::*;

fn new_game(seed: u64, players: usize, stacks: [u32; 3], options: Options) -> Game {
    let cat = Catalogue::builtin().unwrap();
    let names = (0..players).map(|i| format!("P{i}")).collect();
    Game::new(
        cat,
        Setup::from_seed(cat, names, seed, stacks, options).unwrap(),
    )
    .unwrap()
}

/// §14, checked after every decision.
fn check_invariants(g: &Game, before: &[u32]) {
    let n = g.player_count();
    for (p, &score_before) in before.iter().enumerate() {
        let on_tiles = g
            .followers()
            .iter()
            .filter(|f| f.player as usize == p)
            .count();
        let guards = g
            .walls()
            .pieces
            .iter()
            .filter(|w| w.guard == Some(p as u8))
            .count();
        assert_eq!(
            g.players()[p].supply as usize + on_tiles + guards,
            7,
            "followers in supply + on the board = 7 for seat {p}"
        );
        let placed = g
            .walls()
            .towers
            .iter()
            .filter(|t| t.owner as usize == p)
            .count();
        assert_eq!(
            placed + g.players()[p].towers as usize,
            12 / n,
            "towers of seat {p}"
        );
        assert!(
            g.players()[p].score >= score_before,
            "scores never decrease"
        );
        assert_eq!(g.players()[p].score, g.players()[p].breakdown.total());
    }
    assert!(g.walls().pieces.len() <= 70);
    assert_eq!(g.walls().pieces.len() as u32 + g.walls().supply, 70);
    let scored_events = g
        .events()
        .iter()
        .filter(|e| matches!(e.event, Event::FeatureScored { .. }))
        .count();
    assert_eq!(
        scored_events,
        g.scored_feature_count(),
        "a scored feature never scores again"
    );
}

/// R3.4 oracle: flood the exterior with `c` filled and check every blocked
/// cell (outer cell of the gate or a piece) is still reached from outside.
fn keeps_blocked_exterior_by_flood(g: &Game, c: Cell) -> bool {
    let b = g.board();
    let (lo, hi) = b.bounds();
    let (lo, hi) = (Cell::new(lo.x - 2, lo.y - 2), Cell::new(hi.x + 2, hi.y + 2));
    let inside = |p: Cell| p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
    let free = |p: Cell| !b.is_tile(p) && p != c;
    let w = (hi.x - lo.x + 1) as usize;
    let key = |p: Cell| (p.y - lo.y) as usize * w + (p.x - lo.x) as usize;
    let mut seen = vec![false; w * (hi.y - lo.y + 1) as usize];
    let mut todo = vec![lo];
    seen[key(lo)] = true;
    while let Some(p) = todo.pop() {
        for d in Dir::ALL {
            let q = p.neighbour(d);
            if inside(q) && free(q) && !seen[key(q)] {
                seen[key(q)] = true;
                todo.push(q);
            }
        }
    }
    let mut blocked = Vec::new();
    for y in lo.y..=hi.y {
        for x in lo.x..=hi.x {
            if b.is_blocked(Cell::new(x, y)) {
                blocked.push(Cell::new(x, y));
            }
        }
    }
    blocked.iter().all(|&p| seen[key(p)])
}

/// Every choice that could be asked about at this decision.
fn candidate_universe(g: &Game) -> Vec<Choice> {
    let mut v = Vec::new();
    match g.decision() {
        Some(Decision::PlaceTile { .. }) => {
            let (lo, hi) = g.board().bounds();
            for y in lo.y - 2..=hi.y + 2 {
                for x in lo.x - 2..=hi.x + 2 {
                    for rot in Rotation::ALL {
                        v.push(Choice::Place {
                            cell: Cell::new(x, y),
                            rot,
                        });
                    }
                }
            }
        }
        Some(Decision::Follower) => {
            v.push(Choice::Follower(None));
            v.extend((0..10).map(|r| Choice::Follower(Some(r))));
        }
        Some(Decision::Gate) => {
            for p in g.board().placed() {
                for d in Dir::ALL {
                    v.push(Choice::Gate(Side::new(p.cell, d)));
                }
            }
        }
        Some(Decision::Wall) => v.extend(End::BOTH.map(Choice::Wall)),
        Some(Decision::Guard) => v.extend([Choice::Guard(false), Choice::Guard(true)]),
        Some(Decision::Tower) => {
            v.push(Choice::Tower(None));
            v.extend(End::BOTH.map(|e| Choice::Tower(Some(e))));
        }
        None => {}
    }
    v.push(Choice::Wall(End::Cw));
    v.push(Choice::Follower(None));
    v
}

/// Plays a random game checking everything; `exhaustive` also compares the
/// offered choices with what `check` accepts and applies each one.
fn run_game(seed: u64, players: usize, stacks: [u32; 3], options: Options, exhaustive: bool) {
    let mut g = new_game(seed, players, stacks, options);
    let mut rng = random::choice_rng(seed);
    let mut before = g.scores();
    while !g.is_over() {
        let legal = g.legal_choices();
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
        let c = legal[below(&mut rng, legal.len() as u64) as usize];
        g.play(c).unwrap();
        check_invariants(&g, &before);
        before = g.scores();
    }
    assert!(g.ended_by().is_some());
    assert!(
        g.play(Choice::Follower(None)).is_err(),
        "nothing applies after the end"
    );
    // write → read reproduces the game, with a Seed tag and with a Deck tag.
    for deck in [DeckTag::Auto, DeckTag::Deck] {
        let text = record::write(&g, &[], deck);
        let back = record::read(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        assert_eq!(back.game.history(), g.history());
        assert_eq!(back.game.scores(), g.scores());
        assert_eq!(back.game.events(), g.events());
        assert_eq!(back.game.ended_by(), g.ended_by());
    }
    // Undo is a replay without the last decision.
    let undone = g.undo().unwrap();
    assert_eq!(undone.history(), &g.history()[..g.history().len() - 1]);
}

fn stacks_strategy() -> impl Strategy<Value = [u32; 3]> {
    prop_oneof![
        3 => Just(DEFAULT_STACKS),
        1 => (1u32..12, 0u32..12, 0u32..12).prop_map(|(a, b, c)| [a, b, c]),
    ]
}

fn options_strategy() -> impl Strategy<Value = Options> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c)| Options {
        round_needs_follower: a,
        score_before_guard: b,
        cross_side_adjacency: c,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(2000), ..ProptestConfig::default() })]

    #[test]
    fn r14_invariants_hold_in_random_games(
        seed in any::<u64>(),
        players in 2usize..=4,
        stacks in stacks_strategy(),
        options in options_strategy(),
    ) {
        run_game(seed, players, stacks, options, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(150), ..ProptestConfig::default() })]

    #[test]
    fn r14_every_offered_choice_applies_and_nothing_else_does(
        seed in any::<u64>(),
        players in 2usize..=4,
        stacks in stacks_strategy(),
    ) {
        run_game(seed, players, stacks, Options::default(), true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(1000), ..ProptestConfig::default() })]

    /// R3.4: the engine's pocket search agrees with a plain flood fill on
    /// every frontier cell of every turn once walls stand.
    #[test]
    fn r3_4_wall_check_agrees_with_a_flood_fill(seed in any::<u64>(), players in 2usize..=4) {
        let mut g = new_game(seed, players, DEFAULT_STACKS, Options::default());
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            if g.walls().gate.is_some() && matches!(g.decision(), Some(Decision::PlaceTile { .. })) {
                for cell in g.board().frontier().collect::<Vec<_>>() {
                    prop_assert_eq!(
                        g.board().keeps_blocked_exterior(cell),
                        keeps_blocked_exterior_by_flood(&g, cell),
                        "R3.4 at {}", cell
                    );
                }
            }
            let legal = g.legal_choices();
            g.play_unchecked(legal[below(&mut rng, legal.len() as u64) as usize]);
        }
    }
}
