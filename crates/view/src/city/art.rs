//! The City's tile pictures as the view needs them: the one place the
//! board, the hand and the highlights get a tile type's artwork from. The
//! artwork itself is `art::city` (shapes in a 100×100 box, north up, styled
//! by `art::city::ART_CSS`, which static/style.css carries: the page's
//! Content-Security-Policy allows no inline `<style>`); it is computed once
//! per tile type and kept here. `ui::tile_art` turns it into SVG elements.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::geometry::Pt;
use art::{self, Layer, TileArt};
use engine::city::tiles::{Catalogue, RegionIdx, TileType};

thread_local! {
    static CACHE: RefCell<HashMap<TileType, Rc<TileArt>>> = RefCell::new(HashMap::new());
}

/// The artwork of a tile type (computed on first use).
pub fn tile_art(cat: &Catalogue, t: TileType) -> Rc<TileArt> {
    if let Some(a) = CACHE.with(|c| c.borrow().get(&t).cloned()) {
        return a;
    }
    let a = Rc::new(art::city::tile_art(cat.get(t)));
    CACHE.with(|c| c.borrow_mut().insert(t, a.clone()));
    a
}

/// Where a follower stands on a region, unrotated.
pub fn anchor(cat: &Catalogue, t: TileType, region: RegionIdx) -> Pt {
    tile_art(cat, t)
        .anchors
        .get(region as usize)
        .map_or((50.0, 50.0), |&(x, y)| (x as f64, y as f64))
}

/// The outline of one region for highlighting: the path data of its ground
/// (areas, filled) or of its street (stroked), and whether it is a street.
pub fn region_outline(cat: &Catalogue, t: TileType, region: RegionIdx) -> (String, bool) {
    let a = tile_art(cat, t);
    let mut street = false;
    let d: Vec<&str> = a
        .shapes
        .iter()
        .filter(|s| s.region == Some(region))
        .filter(|s| match s.layer {
            Layer::Ground => true,
            Layer::Street => {
                street = true;
                true
            }
            _ => false,
        })
        .map(|s| s.d.as_str())
        .collect();
    (d.join(" "), street)
}
