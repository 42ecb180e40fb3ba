//! One test (at least) per rule id of RULES.md §1–§5, as CGN records in
//! tests/records/city/ with their expected results (see tests/common/mod.rs), and
//! plain engine tests where a record shows a rule only indirectly.

mod common;

use engine::city::tiles::{FeatureKind, RegionIdx, RegionKind, TileType};
use engine::city::{
    Catalogue, Cell, Choice, Dir, Event, Game, Options, Rotation, ScoreCause, Setup, Side, Vertex,
};
use engine::city::{Role, DEFAULT_STACKS};
use engine::TileGame;
use formats::notation::city as record;
use std::collections::HashSet;

fn catalogue() -> &'static Catalogue {
    Catalogue::builtin().expect("the built-in catalogue loads")
}

fn tile(id: &str) -> TileType {
    catalogue().by_id(id).expect("a tile id of the catalogue")
}

fn rot(r: u8) -> Rotation {
    Rotation::new(r).expect("a rotation 0-3")
}

/// The index of region `id` of placed tile `i`.
fn region(g: &Game, i: usize, id: &str) -> RegionIdx {
    let p = g.board().placed()[i];
    g.catalogue()
        .get(p.tile)
        .region_index(id)
        .expect("a region of the placed tile")
}

/// The placed tiles covered by the feature holding region `id` of placed tile `i`.
fn feature_tiles(g: &Game, i: usize, id: &str) -> Vec<usize> {
    let mut v: Vec<usize> = g
        .feature_regions(i, region(g, i, id))
        .into_iter()
        .map(|(t, _)| t)
        .collect();
    v.dedup();
    v
}

/// Every feature scored so far: (kind, points, winners, cause).
fn scored(g: &Game) -> Vec<(FeatureKind, u32, u8, ScoreCause)> {
    g.events()
        .iter()
        .filter_map(|l| match l.event {
            Event::FeatureScored {
                kind,
                points,
                winners,
                cause,
                ..
            } => Some((kind, points, winners, cause)),
            _ => None,
        })
        .collect()
}

fn new_game(players: usize, deck: &[&str]) -> Game {
    let names = ["Ann", "Bob", "Cid", "Dee"][..players]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let deck = deck.iter().map(|id| tile(id)).collect::<Vec<_>>();
    let stacks = [deck.len() as u32, 0, 0];
    let setup = Setup::from_deck(catalogue(), names, deck, stacks, Options::default())
        .expect("a valid setup");
    Game::new(catalogue(), setup).expect("a game")
}

// ------------------------------------------------ §1 Pieces and setup

record_test!(r1_1_seats_play_in_turn_order_from_the_first_seat, |g| {
    let seats: Vec<u8> = g.records().iter().map(|r| r.player).collect();
    assert_eq!(seats, [0, 1, 2, 0]);
    assert_eq!(g.current_player(), 1, "Bob plays the fifth tile");
});

#[test]
fn r1_1_the_first_seat_starts() {
    for n in 2..=4 {
        let g = new_game(n, &["N9", "N10"]);
        assert_eq!(g.player_count(), n);
        assert_eq!(g.current_player(), 0);
        assert_eq!(g.to_move(), 0);
    }
}

#[test]
fn r1_2_each_player_starts_with_seven_followers_in_supply() {
    for n in 2..=4 {
        let g = new_game(n, &["N9", "N10"]);
        for p in g.players() {
            assert_eq!(p.supply, 7, "{n} players");
        }
        assert!(g.followers().is_empty());
    }
}

record_test!(r1_2_a_player_has_seven_followers_to_place, |g| {
    assert_eq!(g.followers().len(), 7);
    assert!(g.followers().iter().all(|f| f.player == 0));
});

#[test]
fn r1_3_the_twelve_towers_are_shared_out_equally() {
    for (n, each) in [(2, 6), (3, 4), (4, 3)] {
        let g = new_game(n, &["N9", "N10"]);
        let towers: Vec<u8> = g.players().iter().map(|p| p.towers).collect();
        assert_eq!(towers, vec![each; n], "{n} players");
        assert_eq!(towers.iter().map(|&t| t as u32).sum::<u32>(), 12);
    }
}

#[test]
fn r1_4_the_wall_supply_starts_at_seventy_units_and_no_gate() {
    for n in 2..=4 {
        let g = new_game(n, &["N9", "N10"]);
        assert_eq!(g.walls().supply, 70);
        assert!(g.walls().pieces.is_empty());
        assert_eq!(g.walls().gate, None);
    }
}

record_test!(r1_4_wall_pieces_come_from_a_common_supply_of_seventy, |g| {
    assert!(g.walls().gate.is_some(), "the gate is placed");
    assert_eq!(g.walls().pieces.len(), 3);
    assert_eq!(g.walls().supply, 67, "the gate is not one of the 70 units");
    let placers: Vec<u8> = g.walls().pieces.iter().map(|p| p.placer).collect();
    assert_eq!(placers, [0, 1, 0], "one common supply for every player");
});

#[test]
fn r1_5_the_default_deal_is_stacks_of_30_25_and_20() {
    assert_eq!(DEFAULT_STACKS, [30, 25, 20]);
    let text = "[Game \"Carcassonne: The City\"]\n[Format \"1\"]\n[Players \"Ann, Bob\"]\n[Seed \"2024\"]\n";
    let g = record::read(text).expect("a record with only a seed").game;
    assert_eq!(g.setup().stacks, [30, 25, 20]);
    let mut deck = g.setup().deck.clone();
    deck.sort_unstable();
    let mut all = catalogue().all_copies();
    all.sort_unstable();
    assert_eq!(deck.len(), 75);
    assert_eq!(deck, all, "the deck is the 75 tiles, shuffled");
    assert_eq!(
        g.drawn().map(|d| d.1),
        Some(1),
        "the first tile is from stack 1"
    );
    assert_eq!(g.tiles_left(), [29, 25, 20]);
}

#[test]
fn r1_5_the_seed_shuffles_the_tiles() {
    let deal = |seed| {
        Setup::from_seed(
            catalogue(),
            vec!["Ann".into(), "Bob".into()],
            seed,
            DEFAULT_STACKS,
            Options::default(),
        )
        .expect("a deal")
        .deck
    };
    assert_eq!(deal(1), deal(1), "the same seed deals the same deck");
    assert_ne!(deal(1), deal(2), "another seed deals another order");
    assert_ne!(deal(1), catalogue().all_copies(), "the deck is shuffled");
}

record_test!(r1_5_stacks_are_drawn_in_order, |g| {
    let ids: Vec<&str> = g
        .records()
        .iter()
        .map(|r| g.catalogue().get(r.tile).id.as_str())
        .collect();
    assert_eq!(ids, ["D1", "D1", "S2", "D1"]);
    assert_eq!(g.drawn(), Some((tile("N9"), 3)), "N9 is the top of stack 3");
    assert_eq!(g.tiles_left(), [0, 0, 0]);
});

record_test!(r1_5_a_smaller_total_plays_a_shorter_game);
record_test!(r1_5_the_stacks_must_hold_the_whole_deck);

record_test!(r1_6_the_first_tile_goes_at_the_origin);
record_test!(r1_6_the_first_tile_takes_any_rotation_and_a_follower, |g| {
    let p = g.board().placed()[0];
    assert_eq!((p.cell, p.rot), (Cell::ORIGIN, rot(2)));
    assert_eq!(g.followers()[0].role, Role::Citizen);
});

#[test]
fn r1_6_the_first_tile_may_take_any_rotation_at_the_origin_only() {
    let g = new_game(2, &["D1", "N9"]);
    let want: Vec<Choice> = Rotation::ALL
        .iter()
        .map(|&rot| Choice::Place {
            cell: Cell::ORIGIN,
            rot,
        })
        .collect();
    assert_eq!(g.legal_choices(), want);
    assert!(g.board().is_empty(), "there is no start tile");
}

// ------------------------------------------------ §2 Board geometry

#[test]
fn r2_1_x_grows_east_y_grows_south_and_rotation_is_clockwise() {
    let c = Cell::new(0, 0);
    assert_eq!(c.neighbour(Dir::E), Cell::new(1, 0));
    assert_eq!(c.neighbour(Dir::W), Cell::new(-1, 0));
    assert_eq!(c.neighbour(Dir::S), Cell::new(0, 1));
    assert_eq!(c.neighbour(Dir::N), Cell::new(0, -1));
    assert_eq!(Rotation::ALL.len(), 4);
    assert_eq!(rot(1).rotate(Dir::N), Dir::E);
    assert_eq!(rot(1).rotate(Dir::S), Dir::W);
    assert_eq!(rot(3).rotate(Dir::S), Dir::E);
    assert_eq!(rot(2).rotate(Dir::S), Dir::N);
    assert_eq!(Rotation::new(4), None);
    // D1 has its only street on side S (unrotated).
    let d1 = catalogue().get(tile("D1"));
    let streets = |r: u8| -> Vec<Dir> {
        Dir::ALL
            .into_iter()
            .filter(|&d| d1.has_street(rot(r), d))
            .collect()
    };
    assert_eq!(streets(0), [Dir::S]);
    assert_eq!(streets(1), [Dir::W]);
    assert_eq!(streets(2), [Dir::N]);
    assert_eq!(streets(3), [Dir::E]);
}

record_test!(r2_1_x_grows_east_and_rotation_turns_clockwise);
record_test!(r2_1_y_grows_south);
record_test!(r2_1_r1_turns_the_south_side_to_the_west);

#[test]
fn r2_2_a_side_lies_between_two_neighbour_cells_and_a_vertex_is_a_cell_corner() {
    let east = Side::new(Cell::new(0, 0), Dir::E);
    let west = Side::new(Cell::new(1, 0), Dir::W);
    assert_eq!(east.outer(), Cell::new(1, 0));
    assert_eq!(west.outer(), Cell::new(0, 0));
    // The same unit segment, named from either cell: the same two end vertices.
    let (a, b) = east.clockwise_ends();
    let (c, d) = west.clockwise_ends();
    assert_eq!((a, b), (Vertex::new(1, 0), Vertex::new(1, 1)));
    assert_eq!((c, d), (b, a));
    // Vertex (x, y) is the north-west corner of cell (x, y).
    assert_eq!(Cell::new(3, -2).nw(), Vertex::new(3, -2));
    // The four sides of a cell chain round its four corners.
    let cell = Cell::new(-1, 2);
    let corners: HashSet<Vertex> = Dir::ALL
        .into_iter()
        .flat_map(|dir| {
            let (a, b) = Side::new(cell, dir).clockwise_ends();
            [a, b]
        })
        .collect();
    let want: HashSet<Vertex> = [(-1, 2), (0, 2), (0, 3), (-1, 3)]
        .into_iter()
        .map(|(x, y)| Vertex::new(x, y))
        .collect();
    assert_eq!(corners, want);
}

record_test!(r2_3_an_empty_cell_open_on_one_side_is_exterior, |g| {
    let b = g.board();
    assert!(b.is_exterior(Cell::new(1, 1)));
    assert!(!b.is_hole(Cell::new(1, 1)));
});

record_test!(
    r2_3_a_cell_that_reaches_out_only_through_a_corner_is_a_hole,
    |g| {
        let b = g.board();
        assert!(b.is_hole(Cell::new(1, 1)));
        assert!(!b.is_exterior(Cell::new(1, 1)));
        assert!(b.is_exterior(Cell::new(2, 2)), "the corner cell is outside");
    }
);

record_test!(r2_4_the_outline_is_one_simple_closed_loop, |g| {
    let b = g.board();
    let outline = b.outline();
    assert_eq!(outline.len(), 12);
    assert_eq!(b.outline_len(), 12);
    assert!(
        outline.iter().all(|s| s.outer() != Cell::new(1, 1)),
        "no outline side faces the hole"
    );
    // Walk the loop clockwise: every outline side once, back to the start,
    // passing through each vertex once (simple).
    let start = Side::new(Cell::new(0, 0), Dir::N);
    let mut s = start;
    let mut seen = HashSet::new();
    let mut vertices = HashSet::new();
    loop {
        assert!(seen.insert(s), "side {s} visited twice");
        let (from, to) = s.clockwise_ends();
        assert!(vertices.insert(from), "vertex {from:?} visited twice");
        s = b.outline_from(to).expect("the outline continues");
        if s == start {
            break;
        }
    }
    let all: HashSet<Side> = outline.into_iter().collect();
    assert_eq!(seen, all);
});

// ------------------------------------------------ §3 Placing a tile

record_test!(r3_1_a_tile_must_share_a_side_with_the_city);
record_test!(r3_1_a_tile_may_not_go_on_a_taken_cell);
record_test!(r3_1_the_player_places_the_top_tile_of_the_stack);

#[test]
fn r3_1_every_offered_cell_is_empty_and_touches_the_city() {
    let text = include_str!("records/city/r3_2_markets_and_residential_areas_face_anything.cgn");
    let g = record::read(text).expect("the record reads").game;
    let (t, _) = g.drawn().expect("a tile is drawn");
    let cells: HashSet<Cell> = g.placements(t).into_iter().map(|(c, _)| c).collect();
    let b = g.board();
    assert!(!cells.is_empty());
    for &c in &cells {
        assert!(!b.is_tile(c));
        assert!(Dir::ALL.iter().any(|&d| b.is_tile(c.neighbour(d))));
    }
    // N10 (no street) fits on every empty cell next to the four tiles but the
    // one facing D2's street.
    let want: HashSet<Cell> = [(-1, 0), (-1, 1), (0, -1), (1, -1), (2, 0), (2, 1), (0, 2)]
        .into_iter()
        .map(|(x, y)| Cell::new(x, y))
        .collect();
    assert_eq!(cells, want);
}

record_test!(r3_2_a_street_must_face_a_street);
record_test!(r3_2_a_street_may_not_face_a_non_street_side);
record_test!(r3_2_markets_and_residential_areas_face_anything, |g| {
    // Placed: N1 0,0 (market), N9 1,0 (residential), N2 0,1 (market), D2 1,1.
    assert_eq!(
        feature_tiles(&g, 0, "m"),
        [0, 2, 3],
        "the three markets join"
    );
    assert_eq!(
        feature_tiles(&g, 1, "a"),
        [1, 3],
        "the residential areas join"
    );
});

record_test!(r3_3_no_tile_on_the_outer_cell_of_the_gate);
record_test!(r3_3_no_tile_on_the_outer_cell_of_a_wall_piece);

record_test!(r3_4_the_city_may_not_wrap_round_its_wall);
record_test!(r3_4_a_tile_that_leaves_the_gate_outside_may_go, |g| {
    assert!(g.board().is_exterior(Cell::new(0, -1)));
});

record_test!(
    r3_5_an_unplaceable_tile_is_set_aside_and_the_player_draws_again,
    |g| {
        assert_eq!(g.set_aside(), [tile("N9")]);
        assert_eq!(g.records()[1].player, 1, "Bob drew again");
        assert_eq!(g.drawn(), Some((tile("N10"), 1)));
    }
);
record_test!(r3_5_drawing_continues_from_the_next_stack, |g| {
    assert_eq!(g.set_aside(), [tile("N9")]);
    assert!(g.records()[1].walls.is_some(), "D1 came from stack 2");
});
record_test!(r3_5_the_game_ends_when_no_tile_left_can_be_placed, |g| {
    assert_eq!(g.set_aside(), [tile("N9"), tile("N10"), tile("N11")]);
});

record_test!(r3_6_a_stack_one_completion_starts_no_wall_round, |g| {
    assert_eq!(g.walls().gate, None);
    assert!(g.records().iter().all(|r| r.walls.is_none()));
    assert_eq!(g.drawn(), Some((tile("N9"), 2)));
});
record_test!(r3_6_a_stack_one_turn_line_may_not_hold_wall_actions);
record_test!(r3_6_a_stack_two_completion_starts_a_wall_round, |g| {
    let rounds: Vec<bool> = g.records().iter().map(|r| r.walls.is_some()).collect();
    assert_eq!(rounds, [false, false, false, true]);
    assert_eq!(g.walls().gate, Some(Side::new(Cell::ORIGIN, Dir::N)));
});
record_test!(r3_6_a_stack_three_completion_starts_a_wall_round, |g| {
    assert!(g.records()[5].walls.is_some());
    assert!(g.walls().gate.is_some());
});

// ------------------------------------------------ §4 Features and followers

#[test]
fn r4_1_features_are_streets_markets_with_one_goods_and_residential_areas() {
    let cat = catalogue();
    let (mut streets, mut markets, mut residential) = (0, 0, 0);
    let mut goods = HashSet::new();
    let mut historic = Vec::new();
    for t in &cat.tiles {
        for r in &t.regions {
            match &r.kind {
                RegionKind::Street => streets += t.count as u32,
                RegionKind::Market(g) => {
                    markets += t.count as u32;
                    goods.insert(g.name());
                }
                RegionKind::Residential { historic: h, .. } => {
                    residential += t.count as u32;
                    if let Some(h) = h {
                        historic.push(h.clone());
                    }
                }
            }
        }
    }
    assert!(streets > 0 && markets > 0 && residential > 0);
    let want: HashSet<&str> = ["fish", "grain", "livestock"].into_iter().collect();
    assert_eq!(goods, want, "three kinds of goods");
    historic.sort();
    historic.dedup();
    assert_eq!(historic.len(), 7, "seven named historic buildings");
    // X3 shows a grain market and a livestock market.
    let x3 = cat.get(tile("X3"));
    let kinds: Vec<String> = x3
        .regions
        .iter()
        .filter_map(|r| match r.kind {
            RegionKind::Market(g) => Some(format!("{}:{}", r.id, g.name())),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, ["b:grain", "d:livestock"]);
}

record_test!(r4_1_each_market_area_shows_one_kind_of_goods, |g| {
    let (b, d) = (region(&g, 0, "b"), region(&g, 0, "d"));
    assert_eq!(g.feature_of(0, b).kind(), FeatureKind::Market);
    assert_eq!(g.feature_of(0, b).goods_count(), 1);
    assert_eq!(g.feature_of(0, d).goods_count(), 1);
    assert_eq!(g.feature_regions(0, b), [(0, b)], "two separate markets");
    assert_eq!(g.followers()[0].role, Role::Seller);
});

record_test!(
    r4_2_facing_slots_of_the_same_type_join_into_one_feature,
    |g| {
        let m = region(&g, 0, "m");
        assert_eq!(feature_tiles(&g, 0, "m"), [0, 1]);
        assert_eq!(g.feature_of(0, m).goods_count(), 2, "fish and grain");
        assert_eq!(
            feature_tiles(&g, 2, "a"),
            [2],
            "residential borders the market"
        );
        assert_eq!(
            g.players()[0].supply,
            5,
            "Ann's steward went on a new feature"
        );
    }
);

record_test!(r4_3_a_follower_takes_the_role_of_its_feature, |g| {
    let roles: Vec<(u8, Role)> = g.followers().iter().map(|f| (f.player, f.role)).collect();
    assert_eq!(
        roles,
        [(0, Role::Citizen), (1, Role::Seller), (0, Role::Steward)]
    );
    let tiles: Vec<usize> = g.followers().iter().map(|f| f.tile).collect();
    assert_eq!(tiles, [0, 1, 2], "each on the tile just placed");
});
record_test!(r4_3_the_follower_goes_on_a_region_of_the_placed_tile);

record_test!(r4_4_no_follower_on_a_street_held_by_another_player);
record_test!(r4_4_no_follower_on_a_feature_held_by_the_players_own_follower);
record_test!(r4_4_no_steward_on_a_residential_area_held_anywhere_along_it);
record_test!(r4_4_a_follower_may_go_on_a_free_feature_of_the_same_tile);

record_test!(r4_5_no_follower_on_a_street_the_tile_has_just_completed);
record_test!(r4_5_no_follower_on_a_market_the_tile_has_just_completed);
record_test!(r4_5_a_follower_may_go_on_an_unfinished_feature_of_the_completing_tile);

record_test!(r4_6_no_follower_when_the_supply_is_empty);
record_test!(r4_6_a_player_with_an_empty_supply_places_no_follower);

// ------------------------------------------------ §5 Completing and scoring

record_test!(r5_1_an_open_street_is_not_complete, |g| {
    let s = region(&g, 0, "1");
    assert!(!g.feature_of(0, s).is_complete());
    assert!(scored(&g).is_empty());
});
record_test!(r5_1_a_street_ending_at_crossings_is_complete);
record_test!(r5_1_a_street_ending_at_a_market_and_a_building_is_complete);
record_test!(r5_1_a_closed_loop_street_is_complete, |g| {
    assert_eq!(feature_tiles(&g, 0, "1"), [0, 1, 2, 3]);
});
record_test!(r5_1_a_street_that_meets_a_wall_piece_is_complete, |g| {
    assert!(scored(&g).contains(&(FeatureKind::Street, 1, 0b01, ScoreCause::Wall)));
});
record_test!(r5_1_a_street_that_meets_the_gate_is_complete, |g| {
    assert_eq!(g.walls().gate, Some(Side::new(Cell::ORIGIN, Dir::E)));
    assert!(scored(&g).contains(&(FeatureKind::Street, 1, 0b01, ScoreCause::Gate)));
});

record_test!(r5_2_a_market_facing_an_empty_cell_is_not_complete);
record_test!(r5_2_a_market_facing_a_hole_is_not_complete, |g| {
    assert!(g.board().is_hole(Cell::new(1, 1)));
    let m = region(&g, 1, "m");
    assert_eq!(g.feature_of(1, m).open, 1, "only the side facing the hole");
    assert!(!g.feature_of(1, m).is_complete());
});
record_test!(r5_2_a_market_faced_by_a_wall_piece_is_complete, |g| {
    assert!(scored(&g).contains(&(FeatureKind::Market, 1, 0b10, ScoreCause::Wall)));
});

record_test!(
    r5_3_a_market_facing_a_cell_closed_to_tiles_is_not_complete,
    |g| {
        let closed = Cell::new(1, -1);
        for t in 0..g.catalogue().tiles.len() as TileType {
            assert!(
                g.placements(t).iter().all(|&(c, _)| c != closed),
                "no tile may go at 1,-1"
            );
        }
        let m = region(&g, 8, "m");
        assert!(!g.feature_of(8, m).is_complete());
        assert_eq!(g.followers().len(), 1, "Ann's seller stays");
    }
);
record_test!(
    r5_3_the_closing_completes_a_market_facing_a_cell_closed_to_tiles,
    |g| {
        assert!(scored(&g).contains(&(FeatureKind::Market, 1, 0b01, ScoreCause::Closing)));
    }
);

record_test!(r5_4_street_of_two_tiles_scores_two);
record_test!(r5_4_street_of_three_tiles_scores_three);
record_test!(r5_4_street_of_four_tiles_scores_double);
record_test!(r5_4_street_of_five_tiles_scores_ten);

record_test!(
    r5_5_market_of_three_tiles_with_three_goods_scores_nine,
    |g| {
        assert_eq!(
            feature_tiles(&g, 0, "m"),
            [0, 1, 2],
            "the market covers the 3 tiles"
        );
    }
);
record_test!(r5_5_market_of_four_tiles_with_two_goods_scores_eight, |g| {
    let m = region(&g, 0, "m");
    assert_eq!(g.feature_of(0, m).tile_count(), 4);
    assert_eq!(g.feature_of(0, m).goods_count(), 2);
});
record_test!(r5_5_a_market_counts_each_kind_of_goods_once);

record_test!(
    r5_6_tied_sellers_on_a_six_tile_three_goods_market_score_eighteen_each,
    |g| {
        assert_eq!(
            scored(&g)
                .into_iter()
                .filter(|s| s.0 == FeatureKind::Market)
                .collect::<Vec<_>>(),
            [(FeatureKind::Market, 18, 0b11, ScoreCause::Tile)]
        );
    }
);
record_test!(r5_6_the_majority_of_sellers_takes_the_market, |g| {
    assert!(scored(&g).contains(&(FeatureKind::Market, 12, 0b01, ScoreCause::Tile)));
    assert!(g.followers().is_empty(), "every seller went back to supply");
});
record_test!(r5_6_a_returned_follower_is_not_usable_on_the_completing_tile);
record_test!(
    r5_6_a_returned_follower_is_usable_as_a_guard_in_the_same_turn,
    |g| {
        let guards: Vec<Option<u8>> = g.walls().pieces.iter().map(|p| p.guard).collect();
        assert_eq!(guards, [None, Some(0), None]);
        assert!(
            g.followers().iter().all(|f| f.tile != 0),
            "the citizen left 0,0"
        );
    }
);
record_test!(r5_6_a_returned_follower_is_usable_on_the_next_turn, |g| {
    let last = g.followers().iter().find(|f| f.tile == 16);
    assert_eq!(last.map(|f| (f.player, f.role)), Some((0, Role::Citizen)));
});

record_test!(r5_7_a_tile_completes_a_neighbours_market_it_only_borders);
record_test!(r5_7_one_tile_completes_a_street_and_a_market, |g| {
    let on_turn_4: Vec<_> = g
        .events()
        .iter()
        .filter(|l| l.turn == 4 && matches!(l.event, Event::FeatureScored { .. }))
        .collect();
    assert_eq!(on_turn_4.len(), 2, "both scored in the turn of T7");
});

record_test!(r5_8_a_residential_area_is_not_scored_during_play, |g| {
    let a = region(&g, 0, "a");
    assert_eq!(g.feature_of(0, a).open, 0, "closed all round");
    assert_eq!(g.followers().len(), 1);
    assert_eq!(g.followers()[0].role, Role::Steward);
});
record_test!(r5_8_a_residential_area_is_scored_at_the_end);
