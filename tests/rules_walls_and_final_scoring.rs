//! One test (at least) per rule id of RULES.md §6–§12 and the options of §15,
//! as CGN records in tests/records/city/ with their expected results (see
//! tests/common/mod.rs); a few plain tests use the engine API where a record
//! cannot show the rule.

mod common;

use engine::city::walls::{self, End};
use engine::city::{
    Cell, Choice, Decision, Dir, EndReason, Event, Game, Rotation, ScoreCause, Side, Vertex,
};
use engine::TileGame;
use formats::notation::city as record;

// ------------------------------------------------------------------ helpers

fn side(x: i32, y: i32, d: Dir) -> Side {
    Side::new(Cell::new(x, y), d)
}

fn rot(r: u8) -> Rotation {
    Rotation::new(r).unwrap()
}

/// Replay a record keeping only its first `turns` turn lines.
fn prefix(text: &str, turns: usize) -> Game {
    let mut kept = Vec::new();
    let mut n = 0;
    for line in text.lines() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('[') {
            kept.push(line);
        } else if n < turns {
            kept.push(line);
            n += 1;
        }
    }
    record::read(&kept.join("\n"))
        .unwrap_or_else(|e| panic!("prefix of {turns} turns: {e:?}"))
        .game
}

fn events(g: &Game) -> Vec<Event> {
    g.events().iter().map(|l| l.event).collect()
}

/// Index of the first event matching `f`.
fn position(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    events(g)
        .iter()
        .position(f)
        .unwrap_or_else(|| panic!("no such event in {:?}", events(g)))
}

fn count(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    events(g).iter().filter(|e| f(e)).count()
}

/// Planned actions (pieces, with the gate) of each wall round, in order.
fn round_sizes(g: &Game) -> Vec<u32> {
    events(g)
        .iter()
        .filter_map(|e| match e {
            Event::WallRoundStarted { pieces, .. } => Some(*pieces),
            _ => None,
        })
        .collect()
}

fn gate_placer(g: &Game) -> u8 {
    events(g)
        .iter()
        .find_map(|e| match e {
            Event::GatePlaced { player, .. } => Some(*player),
            _ => None,
        })
        .expect("a gate")
}

fn placers(g: &Game) -> Vec<u8> {
    g.walls().pieces.iter().map(|p| p.placer).collect()
}

fn piece_sides(g: &Game) -> Vec<Side> {
    g.walls().pieces.iter().map(|p| p.side).collect()
}

fn guard_points(g: &Game) -> Vec<(u8, u32, u32, u32)> {
    events(g)
        .iter()
        .filter_map(|e| match *e {
            Event::GuardScored {
                player,
                public,
                historic,
                points,
            } => Some((player, public, historic, points)),
            _ => None,
        })
        .collect()
}

fn scored_by(cause: ScoreCause) -> impl Fn(&Event) -> bool {
    move |e| matches!(e, Event::FeatureScored { cause: c, .. } if *c == cause)
}

fn is_round(e: &Event) -> bool {
    matches!(e, Event::WallRoundStarted { .. })
}

/// The events of the last wall round: from its start to the end.
fn last_round(g: &Game) -> Vec<Event> {
    let ev = events(g);
    let start = ev.iter().rposition(is_round).expect("a wall round");
    ev[start..].to_vec()
}

// ------------------------------------------------------------ §6 wall rounds

record_test!(r6_1_stack_two_completion_starts_a_wall_round, |g| {
    assert_eq!(round_sizes(&g), [4]);
    assert!(events(&g).contains(&Event::WallRoundStarted {
        builder: 1,
        completions: 1,
        pieces: 4
    }));
});
record_test!(r6_1_stack_one_completion_starts_no_wall_round, |g| {
    assert_eq!(count(&g, is_round), 0);
    assert_eq!(g.walls().gate, None);
});
record_test!(r6_1_wall_actions_after_a_stack_one_completion_are_rejected);
record_test!(r6_1_stack_two_tile_completing_nothing_starts_no_round);
record_test!(r6_1_completion_nobody_scores_still_starts_a_round, |g| {
    assert_eq!(round_sizes(&g), [4]);
});
record_test!(r6_1_a_completed_market_starts_a_wall_round_too, |g| {
    assert_eq!(round_sizes(&g), [4]);
    let market = position(&g, |e| {
        matches!(
            e,
            Event::FeatureScored {
                kind: engine::city::tiles::FeatureKind::Market,
                cause: ScoreCause::Tile,
                ..
            }
        )
    });
    assert!(market < position(&g, is_round));
});
record_test!(r6_1_round_needs_follower_on_empty_completion_starts_no_round);
record_test!(
    r6_1_round_needs_follower_on_empty_completion_is_an_ordinary_turn,
    |g| {
        assert!(g.setup().options.round_needs_follower);
        assert_eq!(count(&g, is_round), 0);
        assert_eq!(g.walls().gate, None);
    }
);
record_test!(
    r6_1_round_needs_follower_on_completion_with_follower_starts_a_round,
    |g| {
        assert!(g.setup().options.round_needs_follower);
        assert_eq!(round_sizes(&g), [4]);
    }
);

record_test!(r6_2_a_wall_piece_completing_a_street_starts_no_round, |g| {
    assert_eq!(count(&g, is_round), 1);
    assert_eq!(count(&g, scored_by(ScoreCause::Wall)), 1);
});
record_test!(r6_2_the_gate_completing_a_street_starts_no_round, |g| {
    assert_eq!(count(&g, is_round), 1);
    assert_eq!(count(&g, scored_by(ScoreCause::Gate)), 1);
});

record_test!(r6_3_two_players_stack_two_two_pieces_each, |g| {
    assert_eq!(round_sizes(&g), [4, 4]);
});
record_test!(r6_3_two_players_stack_three_four_pieces_each, |g| {
    assert_eq!(round_sizes(&g), [4, 8]);
});
record_test!(r6_3_three_players_stack_two_one_piece_each, |g| {
    assert_eq!(round_sizes(&g), [3, 3]);
});
record_test!(r6_3_three_players_stack_three_two_pieces_each, |g| {
    assert_eq!(round_sizes(&g), [3, 6]);
});
record_test!(r6_3_four_players_stack_two_one_piece_each, |g| {
    assert_eq!(round_sizes(&g), [4, 4]);
});
record_test!(r6_3_four_players_stack_three_two_pieces_each, |g| {
    assert_eq!(round_sizes(&g), [4, 8]);
});
record_test!(r6_3_a_fifth_piece_in_a_two_player_stack_two_round_is_rejected);
record_test!(r6_3_a_fourth_action_in_a_three_player_stack_two_gate_round_is_rejected);

record_test!(
    r6_4_three_players_pieces_go_round_the_table_from_the_builder,
    |g| {
        assert_eq!(gate_placer(&g), 2);
        assert_eq!(placers(&g), [0, 1, 0, 1, 2, 0, 1, 2]);
    }
);
record_test!(
    r6_4_four_players_pieces_go_round_the_table_from_the_builder,
    |g| {
        assert_eq!(gate_placer(&g), 1);
        assert_eq!(placers(&g), [2, 3, 0, 2, 3, 0, 1, 2, 3, 0, 1]);
    }
);

record_test!(r6_5_the_first_round_starts_with_the_builders_gate, |g| {
    assert_eq!(round_sizes(&g), [3, 3]);
    assert_eq!(gate_placer(&g), 2);
    assert_eq!(placers(&g), [0, 1, 0, 1, 2]);
});
record_test!(r6_5_a_first_round_starting_with_a_wall_is_rejected);
record_test!(r6_5_a_second_gate_is_rejected);

record_test!(
    r6_6_supply_running_out_stops_the_round_and_the_tower_step_follows,
    |g| {
        assert_eq!(g.walls().supply, 0);
        let round = last_round(&g);
        assert!(matches!(
            round[0],
            Event::WallRoundStarted { pieces: 8, .. }
        ));
        let placed = round
            .iter()
            .filter(|e| matches!(e, Event::WallPlaced { .. }))
            .count();
        assert_eq!(placed, 7, "the round stops with the 70th piece");
        let last_piece = round
            .iter()
            .rposition(|e| matches!(e, Event::WallPlaced { .. }))
            .unwrap();
        let tower = round
            .iter()
            .position(|e| matches!(e, Event::TowerPlaced { .. }))
            .expect("the tower step still happens");
        assert!(last_piece < tower);
    }
);

record_test!(r6_7_a_round_cannot_stop_before_its_pieces_are_placed);

/// R6.7: at a wall decision the only choice is which end to extend; passing
/// (a tower, no guard) is not offered and is rejected.
#[test]
fn r6_7_a_wall_decision_offers_only_the_two_ends() {
    let text = include_str!("records/city/r6_3_two_players_stack_two_two_pieces_each.cgn");
    let mut g = prefix(text, 6);
    g.play(Choice::Place {
        cell: Cell::new(3, 2),
        rot: rot(2),
    })
    .unwrap();
    g.play(Choice::Follower(None)).unwrap();
    for _ in 0..4 {
        assert_eq!(g.decision(), Some(Decision::Wall));
        assert_eq!(
            g.legal_choices(),
            [Choice::Wall(End::Cw), Choice::Wall(End::Ccw)]
        );
        for pass in [
            Choice::Tower(None),
            Choice::Guard(false),
            Choice::Follower(None),
        ] {
            let e = g.play(pass).unwrap_err();
            assert_eq!(e.rule, "R13", "{e:?}");
        }
        g.play(Choice::Wall(End::Cw)).unwrap();
        if g.decision() == Some(Decision::Guard) {
            g.play(Choice::Guard(false)).unwrap();
        }
    }
    assert_eq!(g.decision(), Some(Decision::Tower));
    assert_eq!(g.walls().pieces.len(), 7);
}

record_test!(r6_8_a_guard_is_decided_before_the_piece_scores, |g| {
    assert!(!g.setup().options.score_before_guard);
    let guard = position(
        &g,
        |e| matches!(e, Event::GuardPlaced { side: s, .. } if *s == side(2, 0, Dir::E)),
    );
    assert!(guard < position(&g, scored_by(ScoreCause::Wall)));
});
record_test!(
    r6_8_score_before_guard_on_the_piece_scores_before_the_guard,
    |g| {
        assert!(g.setup().options.score_before_guard);
        let guard = position(
            &g,
            |e| matches!(e, Event::GuardPlaced { side: s, .. } if *s == side(2, 0, Dir::E)),
        );
        assert!(position(&g, scored_by(ScoreCause::Wall)) < guard);
    }
);
record_test!(r6_8_score_before_guard_off_a_follower_freed_by_the_piece_cannot_guard_it);
record_test!(
    r6_8_score_before_guard_on_a_follower_freed_by_the_piece_can_guard_it,
    |g| {
        let last = g.walls().pieces.last().unwrap();
        assert_eq!(
            (last.side, last.placer, last.guard),
            (side(0, -1, Dir::N), 0, Some(0))
        );
    }
);

record_test!(r6_9_the_builder_places_a_tower_after_the_last_piece, |g| {
    // Both rounds ended with the other player's piece; the towers are the builders'.
    assert_eq!(placers(&g), [0, 1, 0, 0, 1, 0, 1]);
    let owners: Vec<u8> = g.walls().towers.iter().map(|t| t.owner).collect();
    assert_eq!(owners, [1, 0]);
    assert_eq!(g.players()[0].towers, 5);
    assert_eq!(g.players()[1].towers, 5);
});
record_test!(r6_9_a_tower_before_the_last_piece_is_rejected);
record_test!(r6_9_the_end_check_follows_the_tower_step, |g| {
    let ev = events(&g);
    let tower = ev
        .iter()
        .rposition(|e| matches!(e, Event::TowerPlaced { player: 0, .. }))
        .unwrap();
    let end = position(&g, |e| matches!(e, Event::GameEnded { .. }));
    assert!(tower < end);
    assert_eq!(g.gap(), Some(4));
});

// ------------------------------------------------------ §7 gate and wall

record_test!(r7_1_the_gate_goes_on_any_outline_side, |g| {
    assert_eq!(g.walls().gate, Some(side(2, 2, Dir::S)));
});
record_test!(r7_1_the_gate_may_go_on_a_street_side, |g| {
    assert_eq!(g.walls().gate, Some(side(2, 0, Dir::E)));
    assert_eq!(count(&g, scored_by(ScoreCause::Gate)), 1);
});
record_test!(r7_1_the_gate_may_not_face_a_hole);
record_test!(r7_1_the_gate_must_be_on_the_outline);

/// R7.1: the gate choices are exactly the outline sides; the sides facing the
/// hole and inner sides are rejected with R7.1.
#[test]
fn r7_1_the_gate_choices_are_the_outline_sides() {
    let text = include_str!("records/city/r7_1_the_gate_goes_on_any_outline_side.cgn");
    let mut g = prefix(text, 7);
    g.play(Choice::Place {
        cell: Cell::new(0, 1),
        rot: rot(2),
    })
    .unwrap();
    g.play(Choice::Follower(None)).unwrap();
    assert_eq!(g.decision(), Some(Decision::Gate));
    let hole = Cell::new(1, 1);
    assert!(g.board().is_hole(hole));
    let gates: Vec<Side> = g
        .legal_choices()
        .into_iter()
        .map(|c| match c {
            Choice::Gate(s) => s,
            c => panic!("{c:?} at the gate decision"),
        })
        .collect();
    assert_eq!(gates.len(), 12);
    for s in &gates {
        assert!(g.board().is_outline(*s), "{s}");
        assert_ne!(s.outer(), hole);
    }
    for s in [
        side(1, 0, Dir::S),
        side(0, 1, Dir::E),
        side(2, 1, Dir::W),
        side(1, 2, Dir::N),
        side(0, 0, Dir::E),
    ] {
        assert_eq!(g.check(Choice::Gate(s)).unwrap_err().rule, "R7.1", "{s}");
    }
}

record_test!(
    r7_2_the_wall_is_one_chain_from_the_gate_with_two_ends,
    |g| {
        let w = g.walls();
        let (start, end) = w.gate.unwrap().clockwise_ends();
        // cw: each piece starts where the previous one (or the gate) ends.
        let mut v = end;
        for p in w.arm(End::Cw) {
            let (a, b) = p.side.clockwise_ends();
            assert_eq!(a, v, "cw arm broken at {}", p.side);
            v = b;
        }
        assert_eq!(w.end_vertex(End::Cw), Some(v));
        // ccw: each piece ends where the previous one (or the gate) starts.
        let mut v = start;
        for p in w.arm(End::Ccw) {
            let (a, b) = p.side.clockwise_ends();
            assert_eq!(b, v, "ccw arm broken at {}", p.side);
            v = a;
        }
        assert_eq!(w.end_vertex(End::Ccw), Some(v));
        assert_eq!(w.arm_len(End::Cw) + w.arm_len(End::Ccw), w.pieces.len());
        assert_eq!((w.arm_len(End::Cw), w.arm_len(End::Ccw)), (3, 4));
        for p in &w.pieces {
            assert!(g.board().is_outline(p.side));
        }
    }
);
record_test!(r7_3_a_piece_extends_the_chosen_end_of_the_wall, |g| {
    assert_eq!(
        piece_sides(&g),
        [
            side(1, 0, Dir::N),
            side(0, 0, Dir::W),
            side(2, 0, Dir::N),
            side(3, 0, Dir::N),
            side(0, 1, Dir::W),
            side(3, 0, Dir::E),
            side(0, 1, Dir::S),
        ]
    );
});
record_test!(r7_4_the_wall_end_follows_the_growing_outline, |g| {
    let text = include_str!("records/city/r7_4_the_wall_end_follows_the_growing_outline.cgn");
    let before = prefix(text, 4);
    assert_eq!(before.next_wall_side(End::Cw), Some(side(2, 0, Dir::E)));
    let grown = prefix(text, 5);
    assert_eq!(grown.next_wall_side(End::Cw), Some(side(3, 0, Dir::N)));
    assert_eq!(piece_sides(&grown), piece_sides(&before));
    assert_eq!(
        piece_sides(&g),
        [
            side(1, 0, Dir::N),
            side(0, 0, Dir::W),
            side(2, 0, Dir::N),
            side(3, 0, Dir::N),
            side(0, 1, Dir::W),
            side(3, 0, Dir::E),
            side(0, 1, Dir::S),
        ]
    );
});
record_test!(r7_5_the_gap_counts_the_outline_sides_not_yet_walled, |g| {
    let text =
        include_str!("records/city/r7_5_the_gap_counts_the_outline_sides_not_yet_walled.cgn");
    let before = prefix(text, 3);
    assert_eq!(before.gap(), None, "no gate, no gap");
    let gated = prefix(text, 4);
    assert_eq!(gated.board().outline_len(), 10);
    assert_eq!(gated.gap(), Some(6));
    assert_eq!(g.board().outline_len(), 12);
    assert_eq!(g.gap(), Some(8));
});

// ------------------------------------------------------------- §8 guards

record_test!(r8_1_a_guard_goes_on_the_piece_just_placed_and_stays, |g| {
    let guards: Vec<(Side, u8, Option<u8>)> = g
        .walls()
        .pieces
        .iter()
        .map(|p| (p.side, p.placer, p.guard))
        .filter(|p| p.2.is_some())
        .collect();
    assert_eq!(
        guards,
        [
            (side(1, 0, Dir::N), 0, Some(0)),
            (side(0, 1, Dir::W), 1, Some(1)),
        ]
    );
});
record_test!(r8_1_a_guard_needs_a_follower_in_supply);

/// R8.1: never a guard on the gate, never on a piece later than right after
/// placing it.
#[test]
fn r8_1_no_guard_on_the_gate_and_none_later() {
    let text = include_str!("records/city/r6_1_stack_two_completion_starts_a_wall_round.cgn");
    let mut g = prefix(text, 3);
    g.play(Choice::Place {
        cell: Cell::new(0, 1),
        rot: rot(2),
    })
    .unwrap();
    g.play(Choice::Follower(None)).unwrap();
    g.play(Choice::Gate(side(0, 0, Dir::N))).unwrap();
    assert_eq!(
        g.decision(),
        Some(Decision::Wall),
        "no guard step after the gate"
    );
    assert_eq!(g.check(Choice::Guard(true)).unwrap_err().rule, "R13");
    g.play(Choice::Wall(End::Cw)).unwrap();
    assert_eq!(g.decision(), Some(Decision::Guard));
    assert_eq!(g.to_move(), 0, "the placer decides on the guard");
    g.play(Choice::Guard(false)).unwrap();
    assert_eq!(g.decision(), Some(Decision::Wall));
    assert_eq!(g.check(Choice::Guard(true)).unwrap_err().rule, "R13");
    g.play(Choice::Wall(End::Ccw)).unwrap();
    g.play(Choice::Guard(true)).unwrap();
    let guards: Vec<Option<u8>> = g.walls().pieces.iter().map(|p| p.guard).collect();
    assert_eq!(guards, [None, Some(1)]);
}

record_test!(r8_2_a_row_split_by_a_hole_guards_score_five_and_four, |g| {
    assert!(g.board().is_hole(Cell::new(1, 0)));
    let mut got = guard_points(&g);
    got.sort();
    assert_eq!(got, [(0, 2, 0, 4), (1, 1, 1, 5)]);
    let line = walls::guard_line(g.board(), side(-1, 0, Dir::W));
    assert_eq!(line.len(), 2);
});
record_test!(r8_2_a_line_stops_before_the_first_empty_cell, |g| {
    assert!(g.board().is_exterior(Cell::new(2, 0)));
    assert!(g.board().is_tile(Cell::new(3, 0)));
    assert_eq!(guard_points(&g), [(0, 3, 0, 6)]);
});
record_test!(
    r8_3_lines_ending_at_a_hole_or_the_open_outside_have_no_opposite_wall,
    |g| {
        let w = g.walls();
        let guarded: Vec<Side> = w
            .pieces
            .iter()
            .filter(|p| p.guard.is_some())
            .map(|p| p.side)
            .collect();
        assert_eq!(
            guarded,
            [
                side(2, -1, Dir::N),
                side(1, -1, Dir::N),
                side(-1, 0, Dir::W)
            ]
        );
        for s in guarded {
            assert_eq!(walls::opposite_piece(g.board(), w, s), None, "{s}");
        }
    }
);
record_test!(r8_4_no_guard_opposite_another_players_guard);
record_test!(r8_4_not_even_opposite_ones_own_guard);
record_test!(r8_4_a_guard_with_no_guarded_opposite_wall_is_allowed, |g| {
    let w = g.walls();
    let opposite = walls::opposite_piece(g.board(), w, side(-1, 0, Dir::W)).unwrap();
    assert_eq!(w.pieces[opposite].side, side(2, 0, Dir::E));
    assert_eq!(w.pieces[opposite].guard, None);
});

/// R8.4: the engine offers no guard step on a piece whose opposite wall holds
/// a guard, and rejects one.
#[test]
fn r8_4_no_guard_step_opposite_a_guarded_piece() {
    let text =
        include_str!("records/city/r8_4_a_guard_with_no_guarded_opposite_wall_is_allowed.cgn");
    let mut g = prefix(text, 10);
    g.play(Choice::Place {
        cell: Cell::new(1, 3),
        rot: rot(2),
    })
    .unwrap();
    g.play(Choice::Follower(None)).unwrap();
    g.play(Choice::Gate(side(-1, 0, Dir::N))).unwrap();
    for (end, guard) in [
        (End::Cw, false),
        (End::Ccw, true),
        (End::Cw, false),
        (End::Cw, false),
        (End::Cw, false),
        (End::Cw, false),
    ] {
        g.play(Choice::Wall(end)).unwrap();
        if g.decision() == Some(Decision::Guard) {
            g.play(Choice::Guard(guard)).unwrap();
        }
    }
    assert_eq!(g.next_wall_side(End::Cw), Some(side(2, 0, Dir::E)));
    g.play(Choice::Wall(End::Cw)).unwrap();
    assert!(!walls::guard_allowed(
        g.board(),
        g.walls(),
        side(2, 0, Dir::E)
    ));
    assert_eq!(
        g.decision(),
        Some(Decision::Tower),
        "the guard step is skipped"
    );
    assert!(g.play(Choice::Guard(true)).is_err());
}

record_test!(r8_5_the_hole_filled_later_both_guards_score_nine, |g| {
    assert!(g.board().is_tile(Cell::new(1, 0)));
    let mut got = guard_points(&g);
    got.sort();
    assert_eq!(got, [(0, 3, 1, 9), (1, 3, 1, 9)]);
});

// ------------------------------------------------------------- §9 towers

record_test!(r9_1_a_tower_may_stand_where_it_scores_nothing, |g| {
    let w = g.walls();
    assert_eq!(w.towers.len(), 1);
    let t = w.towers[0];
    assert_eq!((t.owner, t.arm, t.points), (1, End::Ccw, 0));
    assert_eq!(t.vertex, Vertex::new(0, 0), "the gate's ccw corner");
    assert_eq!(g.players()[1].towers, 5);
});
record_test!(r9_1_no_tower_on_an_end_that_already_holds_one);
record_test!(r9_2_tower_four_pieces_from_the_gate_scores_four, |g| {
    let w = g.walls();
    assert_eq!(w.arm_len(End::Cw), 4);
    assert_eq!(w.towers.len(), 1);
    let t = w.towers[0];
    assert_eq!((t.arm, t.points, t.vertex), (End::Cw, 4, Vertex::new(4, 1)));
});
record_test!(
    r9_2_a_tower_counts_back_to_the_previous_tower_on_its_arm,
    |g| {
        let pts: Vec<(u8, u32)> = g
            .walls()
            .towers
            .iter()
            .map(|t| (t.owner, t.points))
            .collect();
        assert_eq!(pts, [(1, 2), (0, 3)]);
        assert_eq!(g.walls().arm_len(End::Cw), 5);
    }
);
record_test!(r9_2_towers_on_the_other_arm_do_not_stop_the_count, |g| {
    let t: Vec<(u8, End, u32)> = g
        .walls()
        .towers
        .iter()
        .map(|t| (t.owner, t.arm, t.points))
        .collect();
    assert_eq!(t, [(1, End::Ccw, 1), (0, End::Cw, 4)]);
});
record_test!(r9_3_after_closing_the_tower_counts_the_named_arm, |g| {
    let w = g.walls();
    assert!(w.is_closed());
    assert_eq!(w.end_vertex(End::Cw), w.end_vertex(End::Ccw));
    assert_eq!((w.arm_len(End::Cw), w.arm_len(End::Ccw)), (3, 2));
    let t = w.towers[0];
    assert_eq!((t.arm, t.points), (End::Cw, 3));
    assert_eq!(Some(t.vertex), w.end_vertex(End::Cw));
});
record_test!(r9_3_the_closing_piece_belongs_to_the_arm_it_extended, |g| {
    let w = g.walls();
    let last = w.pieces.last().unwrap();
    assert_eq!((last.side, last.arm), (side(0, 1, Dir::W), End::Ccw));
    assert_eq!(w.towers[0].points, 2);
});
record_test!(r9_3_closing_from_the_cw_arm_counts_for_cw, |g| {
    let w = g.walls();
    assert!(w.is_closed());
    let last = w.pieces.last().unwrap();
    assert_eq!((last.side, last.arm), (side(0, 0, Dir::W), End::Cw));
    assert_eq!((w.arm_len(End::Cw), w.arm_len(End::Ccw)), (5, 0));
});

// ------------------------------------------------------ §10 player counts

record_test!(
    r10_1_two_players_first_round_is_gate_other_builder_other,
    |g| {
        assert_eq!(gate_placer(&g), 1);
        assert_eq!(placers(&g), [0, 1, 0]);
        assert_eq!(round_sizes(&g), [4]);
    }
);

// ------------------------------------------------------ §11 end of the game

record_test!(r11_1_the_last_wall_unit_ends_the_game, |g| {
    assert_eq!(g.walls().supply, 0);
    assert!(!g.walls().is_closed());
    assert!(g.gap().unwrap() > 5);
    assert!(g.tiles_left().iter().sum::<u32>() > 0, "tiles were left");
});
record_test!(r11_1_last_wall_takes_precedence_over_gap, |g| {
    assert_eq!(g.walls().supply, 0);
    assert!(!g.walls().is_closed());
    assert!(g.gap().unwrap() <= 5);
});
record_test!(r11_1_last_wall_takes_precedence_over_last_tile, |g| {
    assert_eq!(g.walls().supply, 0);
    assert!(!g.walls().is_closed());
    assert!(g.gap().unwrap() > 5);
    assert_eq!(g.tiles_left(), [0, 0, 0]);
    assert!(g.set_aside().is_empty());
});
record_test!(r11_1_a_gap_of_five_or_less_ends_the_game, |g| {
    assert_eq!(g.gap(), Some(4));
    assert_eq!(g.tiles_left(), [0, 1, 0]);
});
record_test!(r11_1_a_gap_of_exactly_five_ends_the_game, |g| {
    assert_eq!(g.gap(), Some(5));
    assert_eq!(g.tiles_left(), [0, 1, 0]);
});
record_test!(r11_1_a_gap_of_six_does_not_end_the_game, |g| {
    assert_eq!(g.gap(), Some(6));
    assert!(!g.is_over());
});
record_test!(
    r11_1_the_gap_is_checked_at_the_end_of_a_turn_without_a_wall_round,
    |g| {
        let text = include_str!(
            "records/city/r11_1_the_gap_is_checked_at_the_end_of_a_turn_without_a_wall_round.cgn"
        );
        assert_eq!(prefix(text, 6).gap(), Some(6));
        assert_eq!(g.gap(), Some(4));
        assert_eq!(round_sizes(&g), [8], "turn 7 had no wall round");
    }
);
record_test!(r11_1_the_last_tile_ends_the_game, |g| {
    assert_eq!(g.gap(), Some(8));
    assert_eq!(g.tiles_left(), [0, 0, 0]);
});
record_test!(r11_1_no_tile_left_can_be_placed_ends_the_game, |g| {
    assert_eq!(g.set_aside().len(), 2);
    assert_eq!(g.tiles_left(), [0, 0, 0]);
});
record_test!(r11_1_closing_stops_the_round_at_once);
record_test!(r11_1_closed_takes_precedence_over_last_tile, |g| {
    assert!(g.walls().is_closed());
    assert_eq!(g.gap(), Some(0));
    assert_eq!(g.tiles_left(), [0, 0, 0]);
    // The round of 8 stopped at the closing: gate + 5 pieces.
    assert_eq!(round_sizes(&g), [8]);
    assert_eq!(g.walls().pieces.len(), 5);
});
record_test!(r11_1_closed_takes_precedence_over_gap, |g| {
    assert!(g.walls().is_closed());
    assert_eq!(g.gap(), Some(0));
    assert_eq!(g.tiles_left(), [0, 0, 1]);
});

/// R11.1: "closed" and "last wall" cannot hold together: the outline of a
/// city is a closed lattice loop, so its length is even, and a closed wall
/// covers it with the gate and an odd number of pieces, never 70. (So no
/// record can show the precedence of closed over last-wall.)
#[test]
fn r11_1_closed_and_last_wall_never_coincide() {
    use engine::city::{Catalogue, Options, Setup, DEFAULT_STACKS};
    use engine::core::random;
    let cat = Catalogue::builtin().unwrap();
    let mut closed = 0;
    for seed in 0..150u64 {
        let players = vec!["A".to_string(), "B".to_string()];
        let setup =
            Setup::from_seed(cat, players, seed, DEFAULT_STACKS, Options::default()).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        random::play_out(&mut g, &mut random::choice_rng(seed));
        assert!(g.board().outline_len().is_multiple_of(2));
        if g.ended_by() == Some(EndReason::Closed) {
            closed += 1;
            assert!(!g.walls().pieces.len().is_multiple_of(2), "seed {seed}");
            assert!(g.walls().supply > 0, "seed {seed}");
        }
    }
    assert!(closed > 0);
}

record_test!(r11_2_without_a_gate_the_whole_outline_is_walled, |g| {
    assert!(events(&g).contains(&Event::ClosingWalls { sides: 4 }));
    assert_eq!(count(&g, scored_by(ScoreCause::Closing)), 1);
});
record_test!(r11_2_closing_walls_complete_markets, |g| {
    assert_eq!(count(&g, scored_by(ScoreCause::Closing)), 1);
});
record_test!(
    r11_2_closing_walls_cover_the_sides_the_real_wall_left_open,
    |g| {
        assert_eq!(g.gap(), Some(4));
        assert!(events(&g).contains(&Event::ClosingWalls { sides: 4 }));
        assert_eq!(count(&g, scored_by(ScoreCause::Closing)), 1);
        assert!(g.walls().pieces.iter().all(|p| p.guard.is_none()));
        assert!(g.walls().towers.is_empty());
    }
);
record_test!(
    r11_3_followers_on_features_facing_a_hole_leave_without_points,
    |g| {
        use engine::city::tiles::FeatureKind;
        assert!(g.board().is_hole(Cell::new(1, 1)));
        let removed: Vec<(u8, FeatureKind)> = events(&g)
            .iter()
            .filter_map(|e| match *e {
                Event::FollowerRemoved { player, kind } => Some((player, kind)),
                _ => None,
            })
            .collect();
        assert_eq!(removed.len(), 2);
        assert!(removed.contains(&(1, FeatureKind::Street)));
        assert!(removed.contains(&(1, FeatureKind::Market)));
    }
);
record_test!(r11_4_closing_then_removal_then_final_scoring, |g| {
    let end = position(&g, |e| matches!(e, Event::GameEnded { .. }));
    let closing = position(&g, |e| matches!(e, Event::ClosingWalls { .. }));
    let closing_score = position(&g, scored_by(ScoreCause::Closing));
    let removal = position(&g, |e| {
        matches!(e, Event::FollowerRemoved { player: 1, .. })
    });
    let stewards = position(&g, |e| matches!(e, Event::StewardsScored { .. }));
    let guards = position(&g, |e| matches!(e, Event::GuardScored { .. }));
    assert!(end < closing);
    assert!(closing < closing_score);
    assert!(closing_score < removal);
    assert!(removal < stewards);
    assert!(removal < guards);
});

// ------------------------------------------------------- §12 final scoring

record_test!(r12_1_a_steward_beside_three_markets_scores_six, |g| {
    assert!(events(&g).contains(&Event::StewardsScored {
        players: 0b01,
        markets: 3,
        points: 6
    }));
});
record_test!(r12_1_the_most_stewards_own_the_area, |g| {
    assert!(events(&g).contains(&Event::StewardsScored {
        players: 0b01,
        markets: 2,
        points: 4
    }));
});
record_test!(r12_1_tied_stewards_each_score_in_full, |g| {
    assert!(events(&g).contains(&Event::StewardsScored {
        players: 0b11,
        markets: 2,
        points: 4
    }));
});
record_test!(r12_1_an_incomplete_area_scores_too, |g| {
    assert!(g.board().is_hole(Cell::new(1, 1)));
    let f = g.feature_of(0, 0);
    assert!(!f.is_complete(), "the area faces the hole");
});
record_test!(r12_2_cross_side_adjacency_on_a_market_across_a_side_counts);
record_test!(r12_2_cross_side_adjacency_off_a_market_across_a_side_does_not_count);
record_test!(r12_2_cross_side_adjacency_on_adds_markets_across_sides);
record_test!(r12_2_markets_touching_inside_a_tile_count_with_the_option_off);
record_test!(
    r12_3_a_guard_over_three_public_and_one_historic_building_scores_nine,
    |g| {
        assert_eq!(guard_points(&g), [(1, 3, 1, 9)]);
    }
);
record_test!(r12_4_the_highest_total_wins, |g| {
    assert_eq!(g.winners(), 0b01);
});
record_test!(r12_4_tied_leaders_share_the_win, |g| {
    assert_eq!(g.winners(), 0b011);
});
