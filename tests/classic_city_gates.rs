//! One test (at least) per rule id of CLASSIC.md part G (The City Gates),
//! named after it, as CGN-C records in tests/records/classic/ with their
//! expected results (tests/common/classic.rs), including the worked
//! examples E8–E10 with their exact points.

mod common;

use engine::classic::{Catalogue, Expansions, Options, Setup};

classic_record_test!(g1_1_city_gates_adds_its_24_tiles_to_the_pile);

#[test]
fn g1_1_the_pile_holds_95_tiles_each_city_gates_tile_once() {
    let cat = Catalogue::builtin().expect("the built-in catalogue loads");
    let cg = Expansions::parse("city-gates").unwrap();
    let setup = Setup::from_seed(
        cat,
        vec!["Ann".into(), "Bob".into()],
        cg,
        Options::default(),
        3,
    )
    .unwrap();
    assert_eq!(setup.deck.len(), 95);
    assert_eq!(setup.tiles_in_play(cat), 96);
    let gates: Vec<_> = setup
        .deck
        .iter()
        .filter(|&&t| cat.get(t).id.len() == 3)
        .collect();
    assert_eq!(gates.len(), 24);
}

classic_record_test!(g1_2_a_gate_belongs_to_its_city_which_joins_as_usual);
classic_record_test!(g2_1_a_gate_may_face_a_road_a_field_or_a_gate);
classic_record_test!(g2_1_a_gate_may_face_a_field_side);
classic_record_test!(g2_1_a_gate_never_faces_a_city_side);
classic_record_test!(g2_2_e8_a_gate_ends_a_road_of_one_tile_1);
classic_record_test!(g2_2_e9_a_road_facing_a_gate_ends_there_1);
classic_record_test!(g2_2_two_gates_facing_leave_their_cities_apart);
classic_record_test!(g2_2_the_fields_beside_a_gate_join_the_fields_they_face);
classic_record_test!(g2_3_a_gate_facing_an_empty_cell_keeps_the_city_closed);
classic_record_test!(g2_3_a_city_of_gates_alone_is_complete_when_placed);
classic_record_test!(g2_4_no_follower_stands_on_a_gate);
classic_record_test!(g2_4_the_fields_beside_a_gate_take_farmers);
classic_record_test!(g3_1_e10_the_four_gate_city_scores_4_at_once);
classic_record_test!(g3_1_fixed_points_take_precedence_over_small_city_2);
classic_record_test!(g3_1_the_four_gate_city_without_a_knight_scores_for_nobody);
classic_record_test!(g3_2_e8_a_road_closed_by_a_gate_does_not_count_the_gate_tile);
classic_record_test!(g2_1_a_city_side_never_faces_a_gate);
classic_record_test!(g2_1_no_wood_mends_a_gate_facing_a_city);
