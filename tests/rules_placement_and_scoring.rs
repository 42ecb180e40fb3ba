//! One test (at least) per rule id of RULES.md §1–§5, as CGN records in
//! tests/records/ with their expected results (see tests/common/mod.rs).

mod common;

record_test!(r5_4_street_of_three_tiles_scores_three);
