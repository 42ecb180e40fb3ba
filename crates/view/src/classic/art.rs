//! The classic tile pictures as the view needs them, like `view::city::art`
//! for The City but from `art::classic`, in a cache of their own (the two
//! rulesets number their tile types alike): a follower's spot on a region
//! and a region's outline for highlighting, Old City's bridges included
//! (a bridge built on a tile is a region with no artwork of its own).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::geometry::{self, Pt};
use crate::targets::RegionShape;
use art::{self, Layer, TileArt};
use engine::classic::{Axis, Catalogue, Game, RegionIdx, Rotation, TileType};

thread_local! {
    static CACHE: RefCell<HashMap<TileType, Rc<TileArt>>> = RefCell::new(HashMap::new());
}

/// The centre of the tile box: a bridge's spot.
const CENTRE: Pt = (50.0, 50.0);

/// The artwork of a classic tile type (computed on first use).
pub fn tile_art(cat: &Catalogue, t: TileType) -> Rc<TileArt> {
    if let Some(a) = CACHE.with(|c| c.borrow().get(&t).cloned()) {
        return a;
    }
    let a = Rc::new(art::classic::tile_art(cat.get(t)));
    CACHE.with(|c| c.borrow_mut().insert(t, a.clone()));
    a
}

/// Where a follower (or a guesthouse) stands on a region, unrotated; a
/// bridge's region, which has no spot in the artwork, at the centre.
pub fn anchor(cat: &Catalogue, t: TileType, region: RegionIdx) -> Pt {
    tile_art(cat, t)
        .anchors
        .get(region as usize)
        .map_or(CENTRE, |&(x, y)| (x as f64, y as f64))
}

/// The outline of one printed region for highlighting: the path data of
/// its ground (areas, filled) or of its road (stroked), and whether it is a
/// road; a region drawn only as buildings (a gate) by those.
pub fn region_outline(cat: &Catalogue, t: TileType, region: RegionIdx) -> (String, bool) {
    let a = tile_art(cat, t);
    let of = |layers: &[Layer]| -> Vec<&art::Shape> {
        a.shapes
            .iter()
            .filter(|s| s.region == Some(region) && layers.contains(&s.layer))
            .collect()
    };
    let mut shapes = of(&[Layer::Ground, Layer::Street]);
    if shapes.is_empty() {
        shapes = of(&[Layer::Building]);
    }
    let street = shapes.iter().any(|s| s.layer == Layer::Street);
    let d: Vec<&str> = shapes.iter().map(|s| s.d.as_str()).collect();
    (d.join(" "), street)
}

/// A bridge's outline (a stroked line across the tile) in the box of a tile
/// turned by `rot`, the bridge running along `axis` on the board.
pub fn bridge_outline(rot: Rotation, axis: Axis) -> (String, bool) {
    // The tile's own box is turned with the tile: a quarter turn swaps the axes.
    let along_ns = (axis == Axis::NorthSouth) == rot.quarter_turns().is_multiple_of(2);
    let d = if along_ns {
        "M50 0L50 100"
    } else {
        "M0 50L100 50"
    };
    (d.to_string(), true)
}

/// The outline of region `region` of placed tile `tile`, in board
/// coordinates: a printed region's, or the bridge built on the tile.
pub fn placed_outline(game: &Game, tile: usize, region: RegionIdx) -> Option<RegionShape> {
    let p = game.board().placed().get(tile)?;
    let def = game.catalogue().get(p.tile);
    let outline = if region == def.bridge_region() {
        bridge_outline(p.rot, game.bridge_on(tile)?)
    } else {
        region_outline(game.catalogue(), p.tile, region)
    };
    Some(RegionShape::placed(p.cell, p.rot, outline))
}

/// Where a follower on region `region` of placed tile `tile` stands on the
/// board.
pub fn placed_anchor(game: &Game, tile: usize, region: RegionIdx) -> Option<Pt> {
    let p = game.board().placed().get(tile)?;
    let spot = anchor(game.catalogue(), p.tile, region);
    Some(geometry::on_board(p.cell, p.rot, spot))
}
