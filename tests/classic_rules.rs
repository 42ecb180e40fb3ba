//! One test (at least) per rule id of CLASSIC.md part B, named after it, as
//! CGN-C records in tests/records/classic/ with their expected results (see
//! tests/common/classic.rs), including the worked examples E1–E7 with their
//! exact points; and plain engine tests where a record shows a rule only
//! indirectly.

mod common;

use engine::classic::{
    Catalogue, Cell, Choice, Event, Expansions, FeatureKind, Game, Options, Placement, Rotation,
    Setup, Spot,
};
use engine::TileGame;

fn catalogue() -> &'static Catalogue {
    Catalogue::builtin().expect("the built-in catalogue loads")
}

fn rot(r: u8) -> Rotation {
    Rotation::new(r).expect("a rotation 0-3")
}

/// A base game of `players` seats dealt `deck` (tile ids) in that order.
fn new_game(players: usize, deck: &[&str]) -> Game {
    let names = ["Ann", "Bob", "Cid", "Dee", "Eve"][..players]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let deck = deck
        .iter()
        .map(|id| catalogue().by_id(id).expect("a tile id"))
        .collect();
    let setup = Setup::from_deck(
        catalogue(),
        names,
        Expansions::BASE,
        Options::default(),
        deck,
    )
    .expect("a valid setup");
    Game::new(catalogue(), setup).expect("a game")
}

// ------------------------------------------------ B1 Pieces and setup

classic_record_test!(b1_1_five_seats_play_in_turn_order, |g| {
    let seats: Vec<u8> = g.records().iter().map(|r| r.player).collect();
    assert_eq!(seats, [0, 1, 2, 3, 4, 0]);
});
classic_record_test!(b1_1_six_players_are_refused);
classic_record_test!(b1_2_seven_followers_in_supply);
classic_record_test!(b1_3_a_city_gates_tile_is_not_in_the_base_game);

#[test]
fn b1_3_the_base_pile_holds_the_72_tiles_of_24_types_less_the_start_tile() {
    let cat = catalogue();
    let setup = Setup::from_seed(
        cat,
        vec!["Ann".into(), "Bob".into()],
        Expansions::BASE,
        Options::default(),
        1,
    )
    .unwrap();
    assert_eq!(setup.deck.len(), 71);
    assert_eq!(setup.tiles_in_play(cat), 72);
    let mut types: Vec<_> = setup.deck.clone();
    types.sort_unstable();
    types.dedup();
    assert_eq!(types.len(), 24);
    assert!(types.iter().all(|&t| cat.get(t).id.len() == 1));
}

classic_record_test!(b1_4_the_pile_holds_three_copies_of_d);
classic_record_test!(b1_4_the_start_tile_holds_the_origin);

#[test]
fn b1_4_the_start_tile_is_d_at_the_origin_unrotated() {
    let g = new_game(2, &["E"]);
    let start = g.board().placed()[0];
    assert_eq!(g.catalogue().id(start.tile), "D");
    assert_eq!((start.cell, start.rot), (Cell::new(0, 0), rot(0)));
    assert_eq!(g.turns(), 0);
}

// ------------------------------------------------ B2 Board geometry

#[test]
fn b2_1_y_grows_south_and_r1_turns_north_to_east() {
    // F's city runs west-east; north of D (0,-1: y grows south) it must run
    // north-south to meet D's city: r1 or r3 only.
    let g = new_game(2, &["F"]);
    let f = g.catalogue().by_id("F").unwrap();
    let at_north: Vec<u8> = g
        .placements(f)
        .into_iter()
        .filter(|p| p.cell == Cell::new(0, -1))
        .map(|p| p.rot.quarter_turns())
        .collect();
    assert_eq!(at_north, [1, 3]);
    // No road: nothing east or west of D's road ends.
    assert!(g
        .placements(f)
        .iter()
        .all(|p| p.cell != Cell::new(1, 0) && p.cell != Cell::new(-1, 0)));
}

classic_record_test!(b2_2_slot_i_faces_slot_2_minus_i);
classic_record_test!(b2_3_a_road_side_has_a_field_each_side_of_the_road);

// ------------------------------------------------ B3 Placing a tile

classic_record_test!(b3_1_a_tile_must_share_a_side_with_a_placed_tile);
classic_record_test!(b3_1_the_tile_placed_is_the_tile_drawn);
classic_record_test!(b3_2_a_road_may_not_face_a_field_side);
classic_record_test!(b3_2_a_field_side_may_not_face_a_city_side);
classic_record_test!(
    b3_3_an_unplayable_tile_is_removed_and_the_player_draws_again,
    |g| {
        assert_eq!(g.catalogue().id(g.removed()[0]), "C");
        assert_eq!(g.records()[1].player, 1, "Bob drew again after C");
        assert!(g
            .events()
            .iter()
            .any(|l| matches!(l.event, Event::TileRemoved { .. })));
    }
);

#[test]
fn b3_4_every_legal_placement_is_offered_and_nothing_else() {
    // A few turns in, compare the offered placements with every (cell,
    // rotation) near the tiles that the checked play accepts.
    let mut g = new_game(2, &["U", "V", "K", "B", "X", "C", "M"]);
    let mut rng = engine::core::rng::rng_for_seed(4);
    for _ in 0..4 {
        let choices = g.legal_choices();
        let c = choices[engine::core::rng::below(&mut rng, choices.len() as u64) as usize];
        g.play(c).unwrap();
        if g.legal_choices().len() > 1 && !g.at_placement() {
            g.play(Choice::Follower(None)).unwrap();
        }
    }
    assert!(g.at_placement());
    let offered = g.legal_choices();
    let mut accepted = Vec::new();
    for y in -6..=6 {
        for x in -6..=6 {
            for r in 0..4 {
                let c = Choice::Place(Placement::new(Cell::new(x, y), rot(r)));
                if g.check(c).is_ok() {
                    accepted.push(c);
                }
            }
        }
    }
    let mut a = offered.clone();
    a.sort_by_key(|c| format!("{c:?}"));
    accepted.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(a, accepted);
    // A cloister offers its four rotations as four placements.
    let b = g.catalogue().by_id("B").unwrap();
    let per_cell = |cell: Cell| g.placements(b).iter().filter(|p| p.cell == cell).count();
    for cell in g.board().frontier() {
        assert!([0, 4].contains(&per_cell(cell)), "{cell}");
    }
}

// ------------------------------------------------ B4 Features

classic_record_test!(b4_1_a_road_ends_at_a_cloister_and_at_a_junction);
classic_record_test!(
    b4_2_e2_a_city_through_both_cities_of_one_tile_scores_8,
    |g| {
        let regions = g.feature_regions(
            4,
            g.catalogue()
                .get(g.board().placed()[4].tile)
                .region_index("c")
                .unwrap(),
        );
        assert_eq!(regions.len(), 5, "5 regions");
        let mut tiles: Vec<usize> = regions.iter().map(|r| r.0).collect();
        tiles.dedup();
        assert_eq!(tiles.len(), 4, "on 4 tiles");
    }
);
classic_record_test!(b4_3_a_road_loop_is_complete);
classic_record_test!(b4_4_a_farm_touches_only_the_cities_its_tiles_list);
classic_record_test!(b4_5_a_completed_feature_scores_once, |g| {
    let cities = g
        .events()
        .iter()
        .filter(|l| {
            matches!(
                l.event,
                Event::FeatureScored {
                    kind: FeatureKind::City,
                    ..
                }
            )
        })
        .count();
    assert_eq!(cities, 1);
    assert_eq!(g.scored_feature_count(), 1);
});

// ------------------------------------------------ B5 Followers

classic_record_test!(b5_1_thief_knight_monk_and_farmer, |g| {
    let kinds: Vec<FeatureKind> = g.followers().iter().map(|f| f.role).collect();
    assert_eq!(
        kinds,
        [
            FeatureKind::Road,
            FeatureKind::City,
            FeatureKind::Cloister,
            FeatureKind::Field
        ]
    );
    let roles: Vec<&str> = kinds.iter().map(|k| k.role()).collect();
    assert_eq!(roles, ["thief", "knight", "monk", "farmer"]);
});
classic_record_test!(b5_1_a_follower_goes_on_a_region_of_the_tile_placed);
classic_record_test!(b5_2_no_follower_on_a_feature_that_holds_one);
classic_record_test!(b5_2_not_on_a_feature_of_ones_own_either);
classic_record_test!(
    b5_3_a_follower_on_a_feature_the_tile_completes_scores_at_once,
    |g| {
        let returned: Vec<u32> = g
            .events()
            .iter()
            .filter_map(|l| match l.event {
                Event::FeatureScored { returned, .. } => Some(returned),
                _ => None,
            })
            .collect();
        assert_eq!(returned, [1]);
    }
);
classic_record_test!(b5_4_with_no_follower_in_supply_none_can_be_placed);
classic_record_test!(b5_4_with_no_follower_in_supply_the_step_is_skipped, |g| {
    // Every turn but the last offered a follower step; the last was taken
    // by the engine and is not in the history.
    assert_eq!(g.history().len(), 15 + 14);
    assert!(matches!(g.history().last(), Some(Choice::Place(_))));
});

#[test]
fn b5_3_a_knight_is_offered_on_the_city_the_tile_completes() {
    let mut g = new_game(2, &["E", "U", "E"]);
    g.play(Choice::Place(Placement::new(Cell::new(0, -1), rot(2))))
        .unwrap();
    // E completed D's city: the knight (region c, index 0) would score at once.
    assert_eq!(
        g.legal_choices(),
        [
            Choice::Follower(None),
            Choice::Follower(Some(Spot::Region(0))),
            Choice::Follower(Some(Spot::Region(1)))
        ]
    );
}

// ------------------------------------------------ B6 Scoring during play

classic_record_test!(b6_1_every_feature_the_placement_completes_scores);
classic_record_test!(b6_2_e1_roads_of_three_and_four_tiles_score_3_and_4);
classic_record_test!(b6_3_e3_a_city_of_three_tiles_and_a_pennant_scores_8);
classic_record_test!(b6_3_e4_small_city_4_scores_a_two_tile_city_4);
classic_record_test!(b6_3_small_city_2_scores_a_two_tile_city_2);
classic_record_test!(b6_4_e6_cloisters_score_9_complete_and_1_per_neighbour_at_the_end);
classic_record_test!(b6_5_tied_knights_each_score_in_full);
classic_record_test!(b6_5_the_most_knights_take_the_city);
classic_record_test!(b6_6_farmers_stay_on_the_board, |g| {
    assert_eq!(g.followers().len(), 1);
    assert_eq!(g.followers()[0].role, FeatureKind::Field);
});

// ------------------------------------------------ B7 End of the game

classic_record_test!(b7_1_the_game_ends_after_the_last_tile);
classic_record_test!(b7_1_no_turn_after_the_end);
classic_record_test!(b7_1_removing_the_last_tiles_ends_the_game);
classic_record_test!(b7_2_a_record_that_stops_early_has_no_final_scoring, |g| {
    assert!(!g.is_over());
    // What the final scoring would give now: the knight's open city, 3.
    assert_eq!(g.projected_scores(), [3, 0]);
});

// ------------------------------------------------ B8 Final scoring

classic_record_test!(b8_1_e7_an_incomplete_city_scores_1_per_tile_and_pennant);
classic_record_test!(b8_1_an_incomplete_road_scores_1_per_tile);
classic_record_test!(b8_3_tied_leaders_share_the_win, |g| {
    assert_eq!(g.winners(), 0b11);
});

#[test]
fn b8_2_farms_score_after_the_game_ends() {
    let g = common::classic::check_classic_record(
        "b6_6_farmers_stay_on_the_board",
        include_str!("records/classic/b6_6_farmers_stay_on_the_board.cgn"),
    )
    .unwrap();
    let order: Vec<&Event> = g.events().iter().map(|l| &l.event).collect();
    let end = order
        .iter()
        .position(|e| matches!(e, Event::GameEnded { .. }))
        .unwrap();
    let farm = order
        .iter()
        .position(|e| matches!(e, Event::FarmScored { .. }))
        .unwrap();
    assert!(end < farm);
}

#[test]
fn b8_3_the_highest_total_wins() {
    let g = common::classic::check_classic_record(
        "b6_5_the_most_knights_take_the_city",
        include_str!("records/classic/b6_5_the_most_knights_take_the_city.cgn"),
    )
    .unwrap();
    assert_eq!(g.winners(), 0b01);
}

// ------------------------------------------------ B9 Farms

classic_record_test!(b9_1_e5_third_edition_each_farm_scores_3_per_completed_city);
classic_record_test!(b9_1_third_edition_scores_each_farm_for_its_majority);
classic_record_test!(b9_2_e5_second_edition_scores_each_city_once);
classic_record_test!(b9_2_second_edition_scores_a_city_for_each_farm_leader);
classic_record_test!(b9_3_e5_first_edition_scores_4_per_city);
classic_record_test!(b9_3_first_edition_counts_farmers_round_a_city_together);
classic_record_test!(b9_4_farm_scoring_other_than_3rd_needs_oc_proportional_off);

#[test]
fn b6_1_projected_scores_count_this_turns_completions_as_completed() {
    let mut g = new_game(2, &["F", "E", "U"]);
    g.play(Choice::Place(Placement::new(Cell::new(0, -1), rot(1))))
        .unwrap();
    g.play(Choice::Follower(Some(Spot::Region(0)))).unwrap();
    assert_eq!(g.projected_scores(), [3, 0], "B8.1: 2 tiles + 1 pennant");
    // Bob's E closes the city; his follower step is pending.
    g.play(Choice::Place(Placement::new(Cell::new(0, -2), rot(2))))
        .unwrap();
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.projected_scores(), [8, 0], "B6.3: scored as completed");
}
