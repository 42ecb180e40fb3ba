//! The artwork's own checks: every region drawn and given a follower spot
//! in its own area, slots covered, landmarks titled, compact deterministic
//! output, and every class styled by the page.

use super::furnish::Town;
use super::layout::{inward, perim_b, Layout, STREET_HALF};
use super::*;
use crate::geometry::*;
use engine::city::tiles::{Catalogue, RegionKind};

fn in_box(p: (f32, f32)) -> bool {
    (0.0..=100.0).contains(&p.0) && (0.0..=100.0).contains(&p.1)
}

#[test]
fn every_region_has_a_shape_and_an_anchor_in_the_box() {
    let cat = Catalogue::builtin().unwrap();
    for def in &cat.tiles {
        let art = tile_art(def);
        for r in 0..def.regions.len() as RegionIdx {
            assert!(
                art.shapes
                    .iter()
                    .any(|s| s.region == Some(r) && !s.d.is_empty()),
                "tile {} region {} has no shape",
                def.id,
                def.regions[r as usize].id
            );
            let a = art.anchors[r as usize];
            assert!(in_box(a), "tile {} region {} anchor {a:?}", def.id, r);
            assert_eq!(region_anchor(def, r), a, "tile {}", def.id);
        }
        assert!(
            art.shapes.len() <= 40,
            "tile {}: {} shapes",
            def.id,
            art.shapes.len()
        );
        assert!(art.shapes.windows(2).all(|w| w[0].layer <= w[1].layer));
    }
}

#[test]
fn area_anchors_lie_in_their_area_and_street_anchors_on_their_street() {
    let cat = Catalogue::builtin().unwrap();
    for def in &cat.tiles {
        let town = Town::new(def);
        let layout = &town.layout;
        for (r, region) in def.regions.iter().enumerate() {
            let a = town.anchors[r];
            if region.kind == RegionKind::Street {
                let s = layout
                    .streets
                    .iter()
                    .find(|s| s.region as usize == r)
                    .unwrap();
                assert!(
                    polyline_dist(a, &s.line) < 0.5,
                    "tile {} street {}",
                    def.id,
                    region.id
                );
            } else {
                assert_eq!(
                    layout.area_at(a),
                    Some(r as RegionIdx),
                    "tile {} area {}",
                    def.id,
                    region.id
                );
                assert!(
                    layout.street_dist(a) > STREET_HALF,
                    "tile {} area {}",
                    def.id,
                    region.id
                );
            }
        }
    }
}

#[test]
fn every_slot_is_covered_by_its_region() {
    // Just inside each slot's third of the side (away from a street), the
    // area drawn on top is the slot's region.
    let cat = Catalogue::builtin().unwrap();
    for def in &cat.tiles {
        let layout = Layout::new(def);
        for side in 0..4 {
            for (j, &r) in def.shape.sides[side].iter().enumerate() {
                if def.regions[r as usize].kind == RegionKind::Street {
                    continue;
                }
                let b = side * 6 + j * 2 + 1;
                let p = add(perim_b(b), mul(inward(b), 1.0));
                assert_eq!(
                    layout.area_at(p),
                    Some(r),
                    "tile {} side {side} slot {j}",
                    def.id
                );
            }
        }
    }
}

#[test]
fn historic_buildings_carry_their_name() {
    let cat = Catalogue::builtin().unwrap();
    let mut seen = 0;
    for def in &cat.tiles {
        let shapes = tile_shapes(def);
        for (r, region) in def.regions.iter().enumerate() {
            if let RegionKind::Residential {
                historic: Some(name),
                ..
            } = &region.kind
            {
                seen += 1;
                assert!(
                    shapes
                        .iter()
                        .any(|s| s.region == Some(r as RegionIdx)
                            && s.title.as_deref() == Some(name)),
                    "tile {}: {name} has no titled shape",
                    def.id
                );
            }
        }
    }
    assert_eq!(seen, 7);
}

#[test]
fn output_is_deterministic_and_compact() {
    let cat = Catalogue::builtin().unwrap();
    for def in &cat.tiles {
        let a = tile_art(def);
        assert_eq!(a, tile_art(def), "tile {}", def.id);
        for s in &a.shapes {
            assert!(s.d.starts_with('M'), "tile {} {}", def.id, s.class);
            assert!(
                !s.d.contains("e-") && !s.d.contains("NaN") && !s.d.contains("inf"),
                "tile {} {}",
                def.id,
                s.class
            );
            // One decimal at most.
            for part in s.d.split(|c: char| !(c.is_ascii_digit() || c == '.')) {
                if let Some((_, frac)) = part.split_once('.') {
                    assert!(frac.len() <= 1, "tile {}: {part}", def.id);
                }
            }
        }
    }
}

#[test]
fn path_numbers_are_compact() {
    let p = Path::polygon(&[(0.0, 0.0), (10.25, 0.0), (10.0, -0.5)]);
    assert_eq!(p.d(), "M0,0l10.3,0-.3-.5z");
}

#[test]
fn the_page_stylesheet_carries_the_art_css() {
    // The page's Content-Security-Policy allows no inline <style>, so the
    // browser app gets the artwork's styles from static/style.css.
    let page = include_str!("../../../../static/style.css");
    assert!(
        page.contains(ART_CSS),
        "static/style.css must end with ART_CSS verbatim"
    );
}

#[test]
fn every_class_is_styled_and_the_legend_matches() {
    let cat = Catalogue::builtin().unwrap();
    for def in &cat.tiles {
        for s in tile_shapes(def) {
            for class in s.class.split(' ') {
                assert!(
                    ART_CSS.contains(&format!(".{class}{{")),
                    "{class} has no rule"
                );
            }
        }
    }
    for (g, colour, label) in goods_legend() {
        assert_eq!(label, g.name());
        assert!(ART_CSS.contains(&format!(".art-stall-{label}{{fill:{colour};")));
    }
}
