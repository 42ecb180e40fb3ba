//! The 3-D view's maths and words, natively: the projection and its
//! turns, the painter's order, the artwork raised, the paint read from the
//! stylesheets, and the text alternative of finished games of both games.

use super::describe::{describe, largest, legend, seen_from};
use super::paint::{paint_of, parse, rgb, shade};
use super::project::{turn_by, zoom_step, View, MAX_ZOOM, MIN_ZOOM};
use super::solids::{rings, solids_of, tile_solids, Piece, Rise};
use super::{tower_height, City3d, Items, Op, TOWER_STEP};
use crate::palette::{PlayerColour, Seat};
use engine::any::{AnyGame, Ruleset};
use engine::core::geom::{Cell, Rotation};
use engine::core::shape::TileType;

/// `city random --seed 3 --players 2`, then `city share` (the e2e specs'
/// finished game of The City).
pub const CITY: &str = "AUQDQW5uA0JvYu9X1Nki0PcrnhWZgXaivTxiVcEcR52nbaUYnWyvvx2CMttKqQwvsHO4UdNgN-N63fLlTm1p7Tij2gym3kbXa6ILci-PkXFj_7yuVdFgy-4fckgU-MgTT6Hfrp2i6Ckgo1LcsZiE60OL6kdt4rTihA";
/// `city random --game classic --seed 3 --players 2 --expansions ""`, then
/// `city share`: a whole classic base game.
pub const CLASSIC: &str = "AgEIAABHA0FubgNCb2LZCnFRzdBxV2vCW-25O9xVmfJbBaWof-F1O-1dudgqQXSQ1opjqPYGelJI-NKIDYsIHyfqEdU3jrnuTVJULOnuKZAP6DbR17MPJIx4TQytmpWxFcASNtk";

fn seats(n: usize) -> Vec<Seat> {
    let names = ["Ann", "Bob", "Cy", "Di", "Ed"];
    (0..n)
        .map(|i| Seat {
            name: names[i].to_string(),
            colour: PlayerColour::ALL[i],
            computer: None,
        })
        .collect()
}

fn game(link: &str) -> AnyGame {
    formats::share::decode(link).expect("the link reads")
}

const EPS: f64 = 1e-9;

fn close(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6
}

#[test]
fn four_quarter_turns_come_back_and_the_centre_stays_put() {
    let c = (250.0, 150.0);
    let p = (310.0, 90.0);
    let mut q = p;
    for turn in 0..4 {
        let v = View::new(turn, c);
        assert!(close(v.project((c.0, c.1, 0.0)), (0.0, 0.0)), "turn {turn}");
        q = View::new(1, c).turned(q);
        q = (q.0 + c.0, q.1 + c.1);
    }
    assert!(close(q, p), "{q:?}");
    assert_eq!(turn_by(0, -1), 3);
    assert_eq!(turn_by(3, 1), 0);
    assert_eq!(turn_by(1, 6), 3);
}

#[test]
fn the_viewer_stands_south_east_and_turning_twice_puts_them_north_west() {
    let v0 = View::new(0, (0.0, 0.0));
    let v2 = View::new(2, (0.0, 0.0));
    let (nw, se) = ((-50.0, -50.0), (50.0, 50.0));
    assert!(v0.depth(se) > v0.depth(nw));
    assert!(v2.depth(nw) > v2.depth(se));
    // Up is up on the screen, whatever the turn.
    for t in 0..4 {
        let v = View::new(t, (0.0, 0.0));
        let (a, b) = (v.project((10.0, 20.0, 0.0)), v.project((10.0, 20.0, 30.0)));
        assert!((a.0 - b.0).abs() < EPS && (a.1 - b.1 - 30.0).abs() < EPS);
    }
    // East and south walls face the viewer at the start; west and north not.
    assert!(v0.faces_viewer((1.0, 0.0)) && v0.faces_viewer((0.0, 1.0)));
    assert!(!v0.faces_viewer((-1.0, 0.0)) && !v0.faces_viewer((0.0, -1.0)));
    assert!(v2.faces_viewer((-1.0, 0.0)) && v2.faces_viewer((0.0, -1.0)));
    // The two faces seen are lit differently, within the paint.
    let (s, e) = (v0.light((0.0, 1.0)), v0.light((1.0, 0.0)));
    assert!(s != e && (0.5..=0.9).contains(&s) && (0.5..=0.9).contains(&e));
}

#[test]
fn a_tiles_matrix_puts_its_corners_where_the_projection_does() {
    let v = View::new(3, (120.0, -40.0));
    for rot in Rotation::ALL {
        let cell = Cell::new(2, -1);
        let m = v.tile_matrix(cell, rot, 7.0);
        for p in [(0.0, 0.0), (100.0, 0.0), (0.0, 100.0), (37.0, 81.0)] {
            let screen = (
                m[0] * p.0 + m[2] * p.1 + m[4],
                m[1] * p.0 + m[3] * p.1 + m[5],
            );
            let b = crate::geometry::on_board(cell, rot, p);
            assert!(close(screen, v.project((b.0, b.1, 7.0))), "{rot:?} {p:?}");
        }
    }
}

#[test]
fn zoom_steps_stay_within_their_limits() {
    assert!((zoom_step(1.0, 1) - 1.25).abs() < EPS);
    assert!((zoom_step(1.25, -1) - 1.0).abs() < EPS);
    assert_eq!(zoom_step(1.0, 100), MAX_ZOOM);
    assert_eq!(zoom_step(1.0, -100), MIN_ZOOM);
}

#[test]
fn the_painter_draws_far_before_near_and_equals_in_their_order() {
    let mut items = Items::default();
    let face = |n: u8| Op::Mark {
        at: (0.0, 0.0),
        player: n,
    };
    items.push(5.0, vec![face(0)]);
    items.push(-3.0, vec![face(1), face(2)]);
    items.push(5.0, vec![face(3)]);
    items.push(0.0, vec![face(4)]);
    let order: Vec<u8> = items
        .sorted()
        .iter()
        .map(|o| match o {
            Op::Mark { player, .. } => *player,
            _ => 99,
        })
        .collect();
    assert_eq!(order, vec![1, 2, 4, 0, 3]);
}

#[test]
fn numbers_read_as_the_artwork_writes_them() {
    use super::solids::number;
    for (s, v) in [
        ("12", 12.0),
        ("-3.5", -3.5),
        (".9", 0.9),
        ("16.25", 16.25),
        ("+2", 2.0),
        ("0", 0.0),
    ] {
        assert!((number(s).unwrap() - v).abs() < 1e-12, "{s}");
    }
    for s in ["", "-", ".", "1e3", "1.2.3", "x"] {
        assert_eq!(number(s), None, "{s}");
    }
}

#[test]
fn path_data_as_the_artwork_writes_it_reads_as_rings() {
    let r = rings("M10,10l20,0l0,10l-20,0zM50,50l5,5");
    assert_eq!(r.len(), 2);
    assert_eq!(
        r[0].0,
        vec![(10.0, 10.0), (30.0, 10.0), (30.0, 20.0), (10.0, 20.0)]
    );
    assert!(r[0].1 && !r[1].1);
    assert_eq!(r[1].0, vec![(50.0, 50.0), (55.0, 55.0)]);
    // A curve in six steps, ending where it should.
    let c = rings("M0,0c0,10 10,10 10,0");
    assert_eq!(c[0].0.len(), 7);
    assert!(close(*c[0].0.last().unwrap(), (10.0, 0.0)));
    // Marks (absolute H and V) too.
    let m = rings(PlayerColour::Black.mark_path());
    assert_eq!(m[0].0.len(), 12);
}

#[test]
fn every_class_of_both_artworks_has_its_paint_and_a_way_to_stand() {
    for ruleset in [Ruleset::City, Ruleset::Classic] {
        let css = match ruleset {
            Ruleset::City => art::city::ART_CSS,
            Ruleset::Classic => art::classic::CLASSIC_CSS,
        };
        let sheet = parse(css);
        let mut raised = 0;
        let types = match ruleset {
            Ruleset::City => engine::city::Catalogue::builtin().unwrap().tiles.len(),
            Ruleset::Classic => engine::classic::Catalogue::builtin().unwrap().tiles.len(),
        };
        for t in 0..types {
            let Some(a) = crate::any::tile_art(ruleset, t as TileType) else {
                continue;
            };
            for s in &a.shapes {
                for class in s.class.split(' ') {
                    assert!(
                        sheet.contains_key(class),
                        "{ruleset:?}: {class} has no rule"
                    );
                }
            }
            let solids = tile_solids(ruleset, t as TileType);
            raised += solids.groups.len();
            // Every shape is drawn once: flat, or in one group.
            let mut seen = vec![0; a.shapes.len()];
            for &i in &solids.flat {
                seen[i] += 1;
            }
            for g in &solids.groups {
                let mut mine: Vec<usize> = g
                    .pieces
                    .iter()
                    .filter_map(|p| match p {
                        Piece::Top { shape, .. } => Some(*shape),
                        Piece::Ribbon { shape, .. } => Some(*shape),
                        _ => None,
                    })
                    .collect();
                mine.dedup();
                for i in mine {
                    seen[i] += 1;
                }
            }
            for (i, n) in seen.iter().enumerate() {
                let s = &a.shapes[i];
                let line = matches!(super::solids::rise(ruleset, s.class), Rise::Wall(_))
                    || (s.layer >= art::Layer::Building
                        && paint_of(ruleset, s.class, s.fill).fill.is_none());
                assert!(
                    line || *n == 1,
                    "{ruleset:?} type {t}: {} drawn {n} times",
                    s.class
                );
            }
        }
        assert!(raised > 50, "{ruleset:?}: {raised} raised groups");
    }
    let roof = paint_of(Ruleset::City, "art-roof", Some("#a05030"));
    assert_eq!(roof.fill.as_deref(), Some("#a05030"));
    assert!(roof.stroke.is_some() && roof.round_join);
    let crenel = paint_of(Ruleset::Classic, "ca-crenel", None);
    assert!(crenel.fill.is_none() && crenel.dash == vec![1.8, 1.5]);
    assert_eq!(rgb("#fff"), Some((255, 255, 255)));
    assert_eq!(&*shade("#804020", 0.5), "#402010");
    assert_eq!(&*shade("var(--pc)", 0.5), "var(--pc)");
}

#[test]
fn a_roof_stands_with_its_shade_on_top_and_a_spire_on_its_tower() {
    let shape = |layer, class: &'static str, d: &str| art::Shape {
        layer,
        region: None,
        d: d.to_string(),
        class,
        fill: Some("#aa5533"),
        title: None,
    };
    use art::Layer::*;
    let shapes = vec![
        shape(Ground, "art-ground-res", "M0,0l100,0l0,100l-100,0z"),
        shape(Building, "art-brick", "M10,10l30,0l0,30l-30,0z"),
        shape(Building, "art-hist-shade", "M10,10l15,0l0,30l-15,0z"),
        shape(Building, "art-stone", "M20,20l10,0l0,10l-10,0z"),
        shape(Building, "art-roof", "M60,60l20,0l0,20l-20,0z"),
    ];
    let s = solids_of(Ruleset::City, &shapes);
    assert_eq!(s.flat, vec![0]);
    assert_eq!(s.groups.len(), 2);
    let tops: Vec<(usize, f64)> = s.groups[0]
        .pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Top { shape, z } => Some((*shape, *z)),
            _ => None,
        })
        .collect();
    // The shade on the brick roof (8), the stone on it (8 + 6).
    assert_eq!(tops, vec![(1, 8.0), (2, 8.0), (3, 14.0)]);
    assert_eq!(s.height(), 14.0);
}

#[test]
fn a_finished_city_stands_with_its_wall_towers_and_pieces_from_every_side() {
    let g = game(CITY);
    assert!(g.is_over());
    let model = City3d::of(&g, &seats(2));
    let s = &model.scene;
    assert!(!s.walls.is_empty() && s.gate.is_some() && !s.towers.is_empty());
    let marks_wanted =
        s.followers.len() + s.walls.iter().filter(|w| w.guard.is_some()).count() + s.towers.len();
    let mut extents = Vec::new();
    for turn in 0..4 {
        let f = model.frame(turn);
        let flat = f
            .ops
            .iter()
            .filter(|o| matches!(o, Op::Flat { .. }))
            .count();
        assert_eq!(flat, s.tiles.len());
        // The ground first, then what stands.
        assert!(f.ops[..flat].iter().all(|o| matches!(o, Op::Flat { .. })));
        let marks = f
            .ops
            .iter()
            .filter(|o| matches!(o, Op::Mark { .. }))
            .count();
        assert_eq!(marks, marks_wanted, "turn {turn}");
        let faces = f
            .ops
            .iter()
            .filter(|o| matches!(o, Op::Face { .. }))
            .count();
        assert!(faces > 500, "turn {turn}: {faces} faces");
        assert!(f.ops.iter().any(|o| matches!(o, Op::Shape { .. })));
        extents.push((f.extent.width(), f.extent.height()));
    }
    // Turned twice the board covers the same box (a half turn).
    assert!((extents[0].0 - extents[2].0).abs() < 1e-6);
    // Towers grow with what they count.
    assert_eq!(tower_height(2) - tower_height(1), TOWER_STEP);
    assert!(tower_height(1000) < 200.0);
}

#[test]
fn the_nearest_tower_is_drawn_after_the_farthest() {
    let g = game(CITY);
    let model = City3d::of(&g, &seats(2));
    for turn in 0..4 {
        let v = View::new(turn, model.centre);
        let f = model.frame(turn);
        // The marks of the towers, in drawing order, by their towers' depth.
        let depths: Vec<f64> = f
            .ops
            .iter()
            .filter_map(|o| match o {
                Op::Mark { at, .. } => Some(*at),
                _ => None,
            })
            .filter_map(|at| {
                model.scene.towers.iter().find_map(|t| {
                    let p = crate::geometry::vertex_point(t.vertex);
                    let h = tower_height(t.points);
                    close(v.project((p.0, p.1, h + 24.0)), at).then(|| v.depth(p))
                })
            })
            .collect();
        assert_eq!(depths.len(), model.scene.towers.len());
        assert!(
            depths.windows(2).all(|w| w[0] <= w[1] + 1e-9),
            "turn {turn}: {depths:?}"
        );
    }
}

#[test]
fn the_city_in_words_names_its_size_wall_gate_towers_and_largest_features() {
    let g = game(CITY);
    let model = City3d::of(&g, &seats(2));
    let words = describe(&model, &g);
    let all = words.join(" ");
    let n = model.scene.tiles.len();
    assert!(words[0].starts_with(&format!("{n} tiles, ")), "{all}");
    assert!(
        all.contains(&format!(
            "{} wall pieces stand round the city",
            model.scene.walls.len()
        )),
        "{all}"
    );
    assert!(all.contains("the gate is on the "), "{all}");
    let tallest = model.scene.towers.iter().map(|t| t.points).max().unwrap();
    assert!(
        all.contains(&format!("counting {tallest} wall piece")),
        "{all}"
    );
    assert!(all.contains("Ann's") || all.contains("Bob's"), "{all}");
    let big = largest(&g);
    assert!(big.windows(2).all(|w| w[0].1 >= w[1].1));
    assert!(
        all.contains(&format!(" of {} tiles, scored by ", big[0].1)),
        "{all}"
    );
    assert_eq!(
        legend(&model),
        vec![
            format!("Ann: {}", model.scores[0]),
            format!("Bob: {}", model.scores[1])
        ]
    );
    assert_eq!(seen_from(0), "Seen from the south-east.");
    assert_eq!(seen_from(5), "Seen from the south-west.");
}

#[test]
fn a_classic_board_in_words_and_in_3d() {
    let g = game(CLASSIC);
    let model = City3d::of(&g, &seats(2));
    let words = describe(&model, &g);
    let all = words.join(" ");
    assert!(
        !all.contains("wall piece") && !all.contains("tower"),
        "{all}"
    );
    assert!(all.contains("scored by"), "{all}");
    let f = model.frame(1);
    let marks = f
        .ops
        .iter()
        .filter(|o| matches!(o, Op::Mark { .. }))
        .count();
    assert_eq!(marks, model.scene.followers.len());
    // Cities' walls stand as walls: faces of the artwork's own lines.
    assert!(f.ops.iter().any(|o| matches!(o, Op::Line { .. })));
}

/// A measurement, not a check: how long the view model takes to make a
/// side's frame of a full board natively (`cargo test -p view --lib
/// time_a_frame -- --ignored --nocapture`; docs/performance.md).
#[test]
#[ignore]
fn time_a_frame() {
    let g = game(CITY);
    let model = City3d::of(&g, &seats(2));
    let _ = model.frame(0);
    let t = std::time::Instant::now();
    for turn in 0..4 {
        let f = model.frame(turn);
        eprintln!("ops {}", f.ops.len());
    }
    eprintln!("frame: {:?} each", t.elapsed() / 4);
}

#[test]
fn the_city_in_words_in_german_and_polish() {
    let g = game(CITY);
    let model = City3d::of(&g, &seats(2));
    let de = i18n::speaking(i18n::Language::De, || {
        (describe(&model, &g), seen_from(1), legend(&model))
    });
    let all = de.0.join(" ");
    let n = model.scene.tiles.len();
    assert!(de.0[0].starts_with(&format!("{n} Plättchen, ")), "{all}");
    assert!(
        all.contains("Mauerstücke stehen um die Stadt; das Stadttor liegt im "),
        "{all}"
    );
    assert!(all.contains("der höchste gehört "), "{all}");
    assert!(all.contains("Plättchen, gewertet für "), "{all}");
    assert_eq!(de.1, "Von Südwesten aus gesehen.");
    assert_eq!(de.2[0], format!("Ann: {}", model.scores[0]));
    let pl = i18n::speaking(i18n::Language::Pl, || describe(&model, &g)).join(" ");
    assert!(
        pl.contains("kawałków muru") || pl.contains("kawałki muru"),
        "{pl}"
    );
    assert!(pl.contains("Pionki stojące na planszy: "), "{pl}");
}
