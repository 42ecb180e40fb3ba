//! Old City (CLASSIC.md part O): one test (at least) per rule id, named
//! after it, as CGN-C records in tests/records/classic/ with expected
//! results (tests/common/classic.rs), the worked examples E11-E21 with
//! their exact points, and property tests over seeded random games with
//! every expansion mix and option value (§I).

mod common;

macro_rules! oc_record_test {
    ($name:ident) => {
        #[test]
        fn $name() {
            common::classic::check_classic_record(
                stringify!($name),
                include_str!(concat!("records/classic/", stringify!($name), ".cgn")),
            );
        }
    };
}

oc_record_test!(o1_1_old_city_takes_11_tiles_out_60_are_left);
oc_record_test!(o3_5_a_pennant_anywhere_in_the_joined_city_makes_it_regal);
oc_record_test!(o6_6_small_city_counts_the_wyvern_tile);
oc_record_test!(o6_6_a_tile_of_the_city_just_completed_may_hold_the_wyvern);
oc_record_test!(o3_4_the_fields_beside_a_bridge_end_join);
oc_record_test!(o1_6_o6_2_a_tile_without_a_pennant_never_moves_the_wyvern);
oc_record_test!(o6_7_o7_1_the_wyvern_leaves_before_the_final_scoring);
oc_record_test!(o1_1_with_city_gates_the_pile_holds_84);
oc_record_test!(o1_1_the_pile_keeps_5_of_the_8_u);
oc_record_test!(o1_2_six_followers_and_one_guesthouse_each);
oc_record_test!(o1_3_a_part_switched_off_has_no_guesthouse);
oc_record_test!(o1_3_a_part_switched_off_has_no_wood);
oc_record_test!(o1_4_an_unplayable_tile_goes_to_the_bottom_of_the_pile);
oc_record_test!(o1_4_o3_8_a_tile_playable_only_with_wood_is_placed_with_it);
oc_record_test!(o1_5_a_pile_of_unplayable_tiles_ends_the_game);
oc_record_test!(o2_3_e18_the_plaza_city_scores_3_a_tile_shared_8_each);
oc_record_test!(o2_3_e18_plaza_pennants_on_score_3_each);
oc_record_test!(o2_3_e18_an_incomplete_plaza_city_scores_0);
oc_record_test!(o2_2_o6_5_e15_a_veiled_farmer_shares_the_farm_at_the_end);
oc_record_test!(o2_2_e15_without_proportional_scoring_the_tied_farmers_score_in_full);
oc_record_test!(o2_4_o4_3_e3_with_coins_a_city_scores_by_majority_without_pennant_points);
oc_record_test!(o4_2_coin_limit_none_gives_the_same_coin);
oc_record_test!(o4_3_e7_an_incomplete_city_with_coins_scores_1_a_tile);
oc_record_test!(o3_7_e19_oc_coins_off);
oc_record_test!(o3_7_e19_oc_coins_off_small_city_2);
oc_record_test!(o3_7_e19_small_city_4);
oc_record_test!(o3_7_e19_small_city_2);
oc_record_test!(o3_1_each_piece_is_used_once);
oc_record_test!(o3_2_a_bridge_crosses_between_two_field_sides);
oc_record_test!(o3_3_a_bridge_must_mend_a_field_facing_a_road);
oc_record_test!(o3_4_o3_9_a_bridge_is_a_road_a_thief_may_stand_on);
oc_record_test!(o3_9_o5_1_the_guesthouse_may_go_on_a_bridge);
oc_record_test!(o3_5_a_wall_needs_a_regal_city);
oc_record_test!(o3_5_a_wooden_gate_between_a_road_and_a_regal_city);
oc_record_test!(o3_6_the_far_end_of_a_bridge_must_match);
oc_record_test!(o3_e13_bridge_and_wall_seed_turn);
oc_record_test!(o4_1_o6_3_e16_coins_then_the_wyvern_then_the_score);
oc_record_test!(o5_3_e17_a_guesthouse_road_scores_2_a_tile);
oc_record_test!(o5_3_e17_an_incomplete_guesthouse_road_scores_0);
oc_record_test!(o5_3_e17_without_the_guesthouse_the_road_scores_2);
oc_record_test!(o5_1_the_guesthouse_needs_a_road_open_at_both_ends);
oc_record_test!(o5_2_a_second_guesthouse_on_the_same_road);
oc_record_test!(o6_4_o6_6_e14_a_veiled_knight_and_the_wyvern_tile_score_nothing);
oc_record_test!(o6_2_a_regal_tile_moves_the_wyvern_when_a_target_exists);
oc_record_test!(o6_1_a_target_holds_a_follower_on_an_incomplete_feature);
oc_record_test!(o6_6_e21_a_cloister_next_to_the_wyvern_scores_8);

#[test]
fn o6_2_with_no_target_the_wyvern_is_set_aside() {
    let g = common::classic::check_classic_record(
        "o6_2_with_no_target_the_wyvern_is_set_aside",
        include_str!("records/classic/o6_2_with_no_target_the_wyvern_is_set_aside.cgn"),
    )
    .expect("the record reads");
    assert_eq!(g.wyvern(), None);
}

/// E11, E12 (O2.1, O2.2): the proportional arithmetic.
#[test]
fn o2_1_e11_e12_proportional_shares_round_up() {
    use engine::classic::old_city::shares;
    assert_eq!(&shares(14, &[1, 1, 1], true)[..3], &[5, 5, 5]);
    assert_eq!(&shares(18, &[2, 1, 1], true)[..3], &[10, 5, 5]);
    assert_eq!(&shares(0, &[1, 1], true)[..2], &[0, 0]);
    assert_eq!(&shares(9, &[0, 0], true)[..2], &[0, 0]);
}

/// E20 (O4.4): the most coins 3 a coin, tied leaders each; others 2.
#[test]
fn o4_4_e20_final_coins() {
    use engine::classic::old_city::coin_points;
    assert_eq!(coin_points(&[3, 3, 2]), [9, 9, 4]);
    assert_eq!(coin_points(&[0, 0]), [0, 0]);
    assert_eq!(coin_points(&[1, 0]), [3, 0]);
}

// ------------------------------------------------ property tests (§I)

mod props {
    use engine::classic::{
        Axis, Bridge, Catalogue, Cell, Choice, Decision, Dir, Expansions, FarmScoring, Game,
        OldCityOptions, Options, Placement, Rotation, Setup, SmallCity, Spot, Wood,
    };
    use engine::core::random;
    use engine::core::rng::below;
    use engine::TileGame;
    use proptest::prelude::*;

    fn new_game(
        cg: bool,
        seed: u64,
        players: usize,
        options: Options,
        tiles: Option<usize>,
    ) -> Game {
        let cat = Catalogue::builtin().unwrap();
        let names = (0..players).map(|i| format!("P{i}")).collect();
        let exp = Expansions::parse(if cg {
            "city-gates old-city"
        } else {
            "old-city"
        })
        .unwrap();
        let mut setup = Setup::from_seed(cat, names, exp, options, seed).unwrap();
        if let Some(n) = tiles {
            setup.deck.truncate(n);
            setup.seed = None;
        }
        Game::new(cat, setup).unwrap()
    }

    const PIECES: [u8; 4] = [1, 2, 4, 8];

    /// §I with Old City, after every decision.
    fn check_invariants(g: &Game, before: &[u32], pieces_before: &[u8], full_pile: bool) {
        let o = g.setup().options.old_city;
        let parts = g.parts();
        let mut held = 0u32;
        for (p, ps) in g.players().iter().enumerate() {
            let on_board = g
                .followers()
                .iter()
                .filter(|f| f.player as usize == p)
                .count();
            assert_eq!(
                ps.supply as usize + on_board,
                6,
                "6 followers with Old City (O1.2)"
            );
            assert!(ps.score >= before[p], "scores never decrease");
            assert_eq!(ps.score, ps.breakdown.total());
            // Pieces are used at most once: never handed back.
            assert_eq!(ps.pieces & !pieces_before[p], 0, "a piece came back");
            held += ps.coins as u32;
            if !parts.coins {
                assert_eq!(ps.coins, 0);
            }
        }
        // Wood and guesthouses on the board = pieces gone from hands.
        let used: u32 = g
            .players()
            .iter()
            .map(|ps| {
                let start = parts.pieces();
                PIECES
                    .iter()
                    .filter(|&&b| start & b != 0 && ps.pieces & b == 0)
                    .count() as u32
            })
            .sum();
        let mut on_board = g.guesthouses().len() as u32;
        for r in g.records() {
            let w = r.placement.wood;
            on_board +=
                w.bridge.is_some() as u32 + w.wall.is_some() as u32 + w.gate.is_some() as u32;
        }
        assert_eq!(used, on_board, "each piece used once, by its owner");
        if let Some(limit) = o.coin_limit {
            if parts.coins {
                assert_eq!(
                    held + g.coin_supply().unwrap() as u32,
                    limit as u32,
                    "coins conserved"
                );
            }
        }
        // The wyvern: on at most one tile, never a regal one, gone at the end.
        if let Some(c) = g.wyvern() {
            let t = g.board().tile_at(c).unwrap();
            let def = g.catalogue().get(g.board().placed()[t].tile);
            assert_eq!(def.pennants, 0, "the wyvern on a regal tile");
            assert!(!g.is_over(), "the wyvern during the final scoring");
        }
        // B5.4: one follower a tile.
        let mut tiles: Vec<usize> = g.followers().iter().map(|f| f.tile).collect();
        tiles.sort_unstable();
        tiles.dedup();
        assert_eq!(tiles.len(), g.followers().len(), "one follower a tile");
        let accounted = g.board().placed().len() + g.removed().len() + g.tiles_left();
        assert_eq!(accounted, 1 + g.setup().deck.len());
        assert!(g.removed().is_empty(), "Old City removes no tile (O1.4)");
        if full_pile {
            let cg = if g.setup().expansions.city_gates {
                24
            } else {
                0
            };
            assert_eq!(1 + g.setup().deck.len(), 61 + cg);
        }
    }

    /// Placements with every combination of wood round each frontier cell
    /// (and a taken one), for the exhaustive comparison with `check`.
    fn candidate_universe(g: &Game) -> Vec<Choice> {
        let mut v = Vec::new();
        match g.decision() {
            Some(Decision::Place { .. }) => {
                let mut woods = vec![Wood::NONE];
                let mut bridges = vec![None];
                for on in [None, Some(Dir::N), Some(Dir::E), Some(Dir::S), Some(Dir::W)] {
                    for axis in [Axis::NorthSouth, Axis::EastWest] {
                        bridges.push(Some(Bridge { on, axis }));
                    }
                }
                let sides = [None, Some(Dir::N), Some(Dir::E), Some(Dir::S), Some(Dir::W)];
                for &bridge in &bridges {
                    for &wall in &sides {
                        for &gate in &sides {
                            let w = Wood { bridge, wall, gate };
                            if !w.is_none() {
                                woods.push(w);
                            }
                        }
                    }
                }
                let mut cells = g.board().frontier().collect::<Vec<_>>();
                cells.push(Cell::ORIGIN);
                for cell in cells {
                    for rot in Rotation::ALL {
                        for &wood in &woods {
                            v.push(Choice::Place(Placement { cell, rot, wood }));
                        }
                    }
                }
            }
            Some(Decision::Guesthouse) => {
                v.push(Choice::Guesthouse(None));
                v.extend((0..12).map(|r| Choice::Guesthouse(Some(Spot::Region(r)))));
                v.push(Choice::Guesthouse(Some(Spot::Bridge)));
            }
            Some(Decision::Wyvern) => {
                let (lo, hi) = g.board().bounds();
                for y in lo.y - 1..=hi.y + 1 {
                    for x in lo.x - 1..=hi.x + 1 {
                        v.push(Choice::Wyvern(Cell::new(x, y)));
                    }
                }
            }
            Some(Decision::Follower) => {
                v.push(Choice::Follower(None));
                v.extend((0..12).map(|r| Choice::Follower(Some(Spot::Region(r)))));
                v.push(Choice::Follower(Some(Spot::Bridge)));
            }
            None => {}
        }
        v.push(Choice::Follower(None));
        v.push(Choice::Guesthouse(None));
        v.push(Choice::Wyvern(Cell::new(0, 0)));
        v
    }

    pub fn run_game(
        cg: bool,
        seed: u64,
        players: usize,
        options: Options,
        tiles: Option<usize>,
        exhaustive: bool,
    ) {
        let mut g = new_game(cg, seed, players, options, tiles);
        let mut rng = random::choice_rng(seed);
        let mut before = g.scores();
        let mut pieces: Vec<u8> = g.players().iter().map(|p| p.pieces).collect();
        let mut legal = Vec::new();
        while !g.is_over() {
            g.legal_choices_into(&mut legal);
            assert!(!legal.is_empty(), "a decision always has a legal choice");
            let mut seen = legal.clone();
            seen.sort_by_key(|c| format!("{c:?}"));
            seen.dedup();
            assert_eq!(seen.len(), legal.len(), "each choice offered once");
            for c in &legal {
                let mut h = g.clone();
                h.play(*c)
                    .unwrap_or_else(|e| panic!("offered {c:?} fails: {e:?}"));
            }
            if exhaustive {
                for c in candidate_universe(&g) {
                    assert_eq!(
                        g.check(c).is_ok(),
                        legal.contains(&c),
                        "check and legal_choices disagree on {c:?} at {:?}: {:?}",
                        g.decision(),
                        g.check(c)
                    );
                }
            }
            let c = legal[below(&mut rng, legal.len() as u64) as usize];
            g.play(c).unwrap();
            check_invariants(&g, &before, &pieces, tiles.is_none());
            before = g.scores();
            pieces = g.players().iter().map(|p| p.pieces).collect();
        }
        assert!(g.ended_by().is_some());
        assert!(g.wyvern().is_none(), "the wyvern is gone at the end (O6.7)");
        crate::common::classic::assert_record_and_link_round_trip(&g);
    }

    pub fn options_strategy() -> impl Strategy<Value = Options> {
        (any::<bool>(), any::<[bool; 7]>(), 0usize..3).prop_map(|(small, b, farms)| Options {
            small_city: if small {
                SmallCity::Two
            } else {
                SmallCity::Four
            },
            // B9.4: another edition only without proportional scoring.
            farm_scoring: if b[0] {
                FarmScoring::Third
            } else {
                [FarmScoring::Third, FarmScoring::Second, FarmScoring::First][farms]
            },
            old_city: OldCityOptions {
                proportional: b[0],
                wood: b[1],
                coins: b[2],
                guesthouse: b[3],
                wyvern: b[4],
                coin_limit: if b[5] { Some(10) } else { None },
                plaza_pennants: b[6],
            },
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(1500), ..ProptestConfig::default() })]

        #[test]
        fn i_invariants_hold_in_random_games_with_old_city(
            seed in any::<u64>(),
            players in 2usize..=5,
            cg in any::<bool>(),
            options in options_strategy(),
            tiles in prop_oneof![3 => Just(None), 1 => (0usize..=84).prop_map(Some)],
        ) {
            let tiles = tiles.map(|n| if cg { n } else { n.min(60) });
            run_game(cg, seed, players, options, tiles, false);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(200), ..ProptestConfig::default() })]

        /// Determinization with Old City: a redeal keeps the tiles placed
        /// and the count left, and replays to the same scores.
        #[test]
        fn a_redeal_keeps_what_was_placed_with_old_city(seed in any::<u64>(), stop in 0usize..200, cg in any::<bool>()) {
            let mut g = new_game(cg, seed, 3, Options::default(), None);
            let mut rng = random::choice_rng(seed);
            let mut legal = Vec::new();
            while !g.is_over() && g.history().len() < stop {
                g.legal_choices_into(&mut legal);
                g.play_unchecked(legal[below(&mut rng, legal.len() as u64) as usize]);
            }
            let r = g.redeal_unseen(&mut engine::core::rng::rng_for_seed(seed ^ 1));
            prop_assert_eq!(r.decision(), g.decision());
            prop_assert_eq!(r.tiles_left(), g.tiles_left());
            let mut a = r.setup().deck.clone();
            let mut b = g.setup().deck.clone();
            a.sort_unstable();
            b.sort_unstable();
            prop_assert_eq!(a, b);
            prop_assert_eq!(r.at(g.history().len()).scores(), g.scores());
            prop_assert_eq!(r.restart().replayed(g.history()).map(|x| x.scores()).ok(), Some(g.scores()));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(20), ..ProptestConfig::default() })]

        #[test]
        fn i_every_offered_choice_applies_and_nothing_else_does_with_old_city(
            seed in any::<u64>(),
            players in 2usize..=5,
            cg in any::<bool>(),
        ) {
            run_game(cg, seed, players, Options::default(), None, true);
        }
    }
}

/// The random games above do reach every part: bridges, walls, wooden
/// gates, guesthouses, the wyvern, coins, proportional shares.
#[test]
fn random_old_city_games_use_every_piece() {
    use engine::classic::{Catalogue, Event, Expansions, Game, Options, Setup};
    use engine::core::random;
    use engine::TileGame;
    let cat = Catalogue::builtin().unwrap();
    let mut counts = [0u32; 6];
    for seed in 0..40u64 {
        let exp = Expansions::parse("city-gates old-city").unwrap();
        let names = vec!["A".to_string(), "B".to_string(), "C".to_string()];
        let setup = Setup::from_seed(cat, names, exp, Options::default(), seed).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        random::play_out(&mut g, &mut random::choice_rng(seed));
        for r in g.records() {
            let w = r.placement.wood;
            counts[0] += w.bridge.is_some() as u32;
            counts[1] += w.wall.is_some() as u32;
            counts[2] += w.gate.is_some() as u32;
        }
        counts[3] += g.guesthouses().len() as u32;
        for e in g.events() {
            match e.event {
                Event::WyvernMoved { to: Some(_) } => counts[4] += 1,
                Event::CoinsTaken { .. } => counts[5] += 1,
                _ => {}
            }
        }
    }
    eprintln!("bridges, walls, gates, guesthouses, wyvern moves, coin takes: {counts:?}");
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
}

/// The reader never panics on Old City syntax put anywhere: every turn
/// line of random games with both expansions, with wood, extras and
/// followers added or changed, reads or fails with a `line N:` error.
#[test]
fn mangled_wood_and_extras_never_panic() {
    use engine::classic::{Catalogue, Expansions, Game, Options, Setup};
    use engine::core::random;
    use formats::notation::classic::{self as record, DeckTag};
    let cat = Catalogue::builtin().unwrap();
    let exp = Expansions::parse("city-gates old-city").unwrap();
    let extras = [
        " bridge 0,0 NS",
        " bridge 1,0 EW",
        " wall 0,0 N",
        " gate 0,-1 S",
        " wall 1,1 E gate 1,1 W bridge 1,1 NS",
        " @bridge",
        " - | guesthouse bridge",
        " - | wyvern 0,0",
        " - | guesthouse 1; wyvern 1,1",
        " | wyvern -1,-1",
    ];
    let mut read = 0;
    for seed in 0..6u64 {
        let names = vec!["A".to_string(), "B".to_string()];
        let setup = Setup::from_seed(cat, names, exp, Options::default(), seed).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        random::play_out(&mut g, &mut random::choice_rng(seed));
        let text = record::write(&g, &[], DeckTag::Deck);
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if !line.contains(". ") || line.starts_with('[') {
                continue;
            }
            for (k, x) in extras.iter().enumerate() {
                if (i + k) % 3 != 0 {
                    continue;
                }
                let (head, _) = line.rsplit_once(' ').unwrap();
                let mut m = lines.clone();
                let changed = format!("{head}{x}");
                m[i] = &changed;
                match formats::notation::read(&m.join("\n")) {
                    Ok(_) => read += 1,
                    Err(e) => assert!(e.line > 0, "{e:?}"),
                }
            }
        }
    }
    eprintln!("{read} mangled records still read");
}
