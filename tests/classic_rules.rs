//! One test (at least) per rule id of CLASSIC.md part B, named after it, as
//! CGN-C records in tests/records/classic/ with their expected results (see
//! tests/common/classic.rs), including the worked examples E1–E7 with their
//! exact points; and plain engine tests where a record shows a rule only
//! indirectly.

mod common;

classic_record_test!(b6_2_e1_roads_of_three_and_four_tiles_score_3_and_4);
classic_record_test!(b4_2_e2_a_city_through_both_cities_of_one_tile_scores_8);
classic_record_test!(b6_3_e3_a_city_of_three_tiles_and_a_pennant_scores_8);
classic_record_test!(b6_3_e4_small_city_4_scores_a_two_tile_city_4);
classic_record_test!(b6_3_small_city_2_scores_a_two_tile_city_2);
classic_record_test!(b9_1_e5_third_edition_each_farm_scores_3_per_completed_city);
classic_record_test!(b9_2_e5_second_edition_scores_each_city_once);
classic_record_test!(b9_3_e5_first_edition_scores_4_per_city);
classic_record_test!(b6_4_e6_cloisters_score_9_complete_and_1_per_neighbour_at_the_end);
classic_record_test!(b8_1_e7_an_incomplete_city_scores_1_per_tile_and_pennant);
