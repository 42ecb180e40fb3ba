//! The classic artwork's own checks: every tile type of the catalogue
//! (base and The City Gates) is drawn, every region can be highlighted and
//! has a follower spot on the tile, the paths are well formed, every class
//! has a style, and the drawing is the same every time.

use super::*;
use crate::Layer;
use engine::classic::tiles::{Catalogue, RegionKind};

/// The classes a stylesheet defines (`.name{…}`).
fn styled(css: &str) -> Vec<&str> {
    css.lines()
        .filter_map(|l| l.strip_prefix('.')?.split('{').next())
        .collect()
}

fn assert_path(d: &str, what: &str) {
    assert!(!d.is_empty(), "{what}: empty path");
    assert!(d.starts_with('M'), "{what}: {d}");
    assert!(
        d.chars()
            .all(|c| c.is_ascii_digit() || " .,-MLCQAZHVSTmlcqazhvst".contains(c)),
        "{what}: odd characters in {d}"
    );
    assert!(!d.contains("NaN") && !d.contains("inf"), "{what}: {d}");
}

#[test]
fn every_classic_tile_type_is_drawn_with_a_spot_and_a_shape_per_region() {
    let cat = Catalogue::builtin().unwrap();
    let classes = styled(CLASSIC_CSS);
    assert!(cat.tiles.len() >= 48, "{} tile types", cat.tiles.len());
    for def in &cat.tiles {
        let art = tile_art(def);
        assert_eq!(art.anchors.len(), def.regions.len(), "{}", def.id);
        for (r, region) in def.regions.iter().enumerate() {
            let (x, y) = art.anchors[r];
            assert!(
                (2.0..=98.0).contains(&x) && (2.0..=98.0).contains(&y),
                "{} region {}: spot {x},{y} off the tile",
                def.id,
                region.id
            );
            // What a highlight outlines and a click hits: every feature
            // region has a ground or street shape of its own.
            if !matches!(region.kind, RegionKind::Gate { .. }) {
                assert!(
                    art.shapes.iter().any(|s| s.region == Some(r as u8)
                        && matches!(s.layer, Layer::Ground | Layer::Street | Layer::Building)),
                    "{} region {} has no shape",
                    def.id,
                    region.id
                );
            }
        }
        let mut last = Layer::Ground;
        for s in &art.shapes {
            assert_path(&s.d, &def.id);
            assert!(s.layer >= last, "{}: shapes out of layer order", def.id);
            last = s.layer;
            for c in s.class.split_whitespace() {
                assert!(classes.contains(&c), "{}: class {c} has no style", def.id);
            }
        }
        assert_eq!(tile_art(def), art, "{}: drawn differently twice", def.id);
    }
}

#[test]
fn follower_spots_on_a_tile_do_not_cover_one_another() {
    let cat = Catalogue::builtin().unwrap();
    for def in &cat.tiles {
        let art = tile_art(def);
        for (i, a) in art.anchors.iter().enumerate() {
            for (j, b) in art.anchors.iter().enumerate().skip(i + 1) {
                let gate = |r: usize| matches!(def.regions[r].kind, RegionKind::Gate { .. });
                if gate(i) || gate(j) {
                    continue;
                }
                let d = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
                assert!(
                    d >= 10.0,
                    "{}: spots of {} and {} only {d:.1} apart",
                    def.id,
                    def.regions[i].id,
                    def.regions[j].id
                );
            }
        }
    }
}

#[test]
fn every_piece_is_drawn_with_styled_classes() {
    let classes = styled(CLASSIC_CSS);
    for p in Piece::ALL {
        let shapes = piece_art(p);
        assert!(!shapes.is_empty(), "{p:?}");
        for s in &shapes {
            assert_path(&s.d, &format!("{p:?}"));
            for c in s.class.split_whitespace() {
                assert!(classes.contains(&c), "{p:?}: class {c} has no style");
            }
        }
    }
}

#[test]
fn the_page_stylesheet_carries_the_classic_css() {
    // The page's Content-Security-Policy allows no inline <style>: the
    // browser app gets the classic artwork's styles from static/style.css.
    let page = include_str!("../../../../static/style.css");
    assert!(
        page.contains(super::CLASSIC_CSS),
        "static/style.css must carry CLASSIC_CSS verbatim"
    );
}
