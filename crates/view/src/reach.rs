//! Targets a finger can take: the camera a touch screen needs for a
//! decision whose targets are whole tiles (classic's wyvern), which cannot
//! be given hit areas larger than themselves (they lie side by side). Late
//! in a game the whole board, fitted to a phone, draws a tile 15 px wide.

use crate::geometry::{cell_centre, within, TILE};
use engine::core::geom::Cell;

/// A finger's width on screen, in CSS pixels, with a margin over the 44
/// promised.
pub const FINGER_PX: f64 = 48.0;

/// A tile target's side in board units (the board draws it 5 units inside
/// its cell).
pub const TILE_TARGET: f64 = TILE - 10.0;

/// A board whose shorter side is under this many CSS pixels is small (a
/// phone, 200% zoom on a laptop): its targets are kept a finger wide as
/// on a touch screen.
pub const SMALL_BOARD_PX: f64 = 560.0;

/// Whether the camera keeps the decision's targets a finger wide: on a
/// touch screen, or a small board (`board_px`: its shorter side in CSS
/// pixels, 0 before it is measured). A large board with a mouse keeps the
/// whole city in view instead.
pub fn takes_fingers(touch: bool, board_px: f64) -> bool {
    touch || (board_px > 1.0 && board_px < SMALL_BOARD_PX)
}

/// The span at which the follower rings of one tile, at least `RING_GAP`
/// apart, are a finger apart on a board of `px` CSS pixels (its shorter
/// side): at most 2.4 tiles (the tile and its neighbours' edges), at least
/// the tile and a margin. Unmeasured (`px` 0): 2.4 tiles.
pub fn look_span(px: f64) -> f64 {
    let most = 2.4 * TILE;
    if px <= 1.0 {
        return most;
    }
    within(crate::targets::RING_GAP * px / FINGER_PX, 1.1 * TILE, most)
}

/// A view of the board: its centre and the side of the square it shows, in
/// board units (as the camera's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub cx: f64,
    pub cy: f64,
    pub span: f64,
}

/// The widest span at which a tile target is a finger wide on a board of
/// `px` CSS pixels (its shorter side).
pub fn finger_span(px: f64) -> f64 {
    TILE_TARGET * px / FINGER_PX
}

/// The view that shows the tiles `cells` at a finger's size, from `view`:
/// `None` when `view` does already (one of them well inside it, and no
/// wider than `max_span`); else all of them, if they fit in `max_span`
/// (with as much of the board round them as `view` showed, up to
/// `max_span`); else the one nearest the view's centre, moving the view as
/// little as it takes.
pub fn finger_view(view: View, cells: &[Cell], max_span: f64) -> Option<View> {
    let inner = |span: f64| (span / 2.0 - TILE / 2.0).max(0.0);
    let inside = |c: &Cell| {
        let (x, y) = cell_centre(*c);
        (x - view.cx).abs() <= inner(view.span) && (y - view.cy).abs() <= inner(view.span)
    };
    if cells.is_empty() || (view.span <= max_span && cells.iter().any(inside)) {
        return None;
    }
    let x0 = cells.iter().map(|c| c.x).min()?;
    let x1 = cells.iter().map(|c| c.x).max()?;
    let y0 = cells.iter().map(|c| c.y).min()?;
    let y1 = cells.iter().map(|c| c.y).max()?;
    // As Camera::fitted: the cells and 0.3 of a tile round them.
    let fit = (x1 - x0 + 1).max(y1 - y0 + 1) as f64 * TILE + 0.6 * TILE;
    if fit <= max_span {
        return Some(View {
            cx: (x0 + x1 + 1) as f64 * TILE / 2.0,
            cy: (y0 + y1 + 1) as f64 * TILE / 2.0,
            span: fit.max(view.span.min(max_span)),
        });
    }
    let distance = |c: &&Cell| {
        let (x, y) = cell_centre(**c);
        (x - view.cx).powi(2) + (y - view.cy).powi(2)
    };
    let nearest = cells
        .iter()
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))?;
    let (tx, ty) = cell_centre(*nearest);
    let reach = inner(max_span);
    Some(View {
        cx: within(view.cx, tx - reach, tx + reach),
        cy: within(view.cy, ty - reach, ty + reach),
        span: max_span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board's size in CSS pixels at which a tile is `px` wide in `v`.
    fn tile_px(v: View, board_px: f64) -> f64 {
        TILE_TARGET * board_px / v.span
    }

    fn shown(v: View, c: Cell) -> bool {
        let (x, y) = cell_centre(c);
        (x - v.cx).abs() <= v.span / 2.0 && (y - v.cy).abs() <= v.span / 2.0
    }

    #[test]
    fn a_view_where_a_target_takes_a_finger_stays() {
        let phone = 390.0;
        let v = View {
            cx: 50.0,
            cy: 50.0,
            span: 500.0,
        };
        assert!(tile_px(v, phone) >= 44.0);
        assert_eq!(finger_view(v, &[Cell::new(1, 1)], finger_span(phone)), None);
        // Nothing to reach: nothing to do.
        let wide = View { span: 3000.0, ..v };
        assert_eq!(finger_view(wide, &[], finger_span(phone)), None);
    }

    #[test]
    fn a_late_game_board_comes_close_enough_for_a_finger() {
        let phone = 390.0;
        let max = finger_span(phone);
        // The whole board of a late game fitted on a phone: a tile is 13 px.
        let board = View {
            cx: 0.0,
            cy: 0.0,
            span: 2700.0,
        };
        assert!(tile_px(board, phone) < 15.0);
        // Targets close together: all of them, each a finger wide.
        let near = [Cell::new(2, 1), Cell::new(3, 1), Cell::new(2, 3)];
        let v = finger_view(board, &near, max).unwrap();
        assert!(tile_px(v, phone) >= 44.0, "{v:?}");
        assert!(near.iter().all(|&c| shown(v, c)), "{v:?}");
        assert_eq!(v.span, max, "as much of the board round them as fits");
        // Targets far apart: the one nearest the centre, the view moved
        // no further than it takes.
        let far = [Cell::new(-12, -9), Cell::new(2, 12), Cell::new(11, 0)];
        let v = finger_view(board, &far, max).unwrap();
        assert!(tile_px(v, phone) >= 44.0, "{v:?}");
        assert!(shown(v, Cell::new(11, 0)), "{v:?}");
        assert_eq!(v.cy, 0.0);
        // From there, nothing more to do.
        assert_eq!(finger_view(v, &far, max), None);
    }

    #[test]
    fn a_tiles_rings_come_a_finger_apart() {
        use crate::targets::RING_GAP;
        // A phone on its side (a board 284 px high), 200% zoom, a phone.
        for px in [284.0, 300.0, 390.0, 480.0] {
            let span = look_span(px);
            assert!(RING_GAP * px / span >= 44.0, "{px}: {span}");
            assert!(span >= TILE, "{px}: the tile is whole");
        }
        assert_eq!(look_span(0.0), 2.4 * TILE);
        assert_eq!(look_span(2000.0), 2.4 * TILE);
    }

    #[test]
    fn only_a_touch_screen_or_a_small_board_keeps_targets_a_finger_wide() {
        assert!(takes_fingers(true, 0.0));
        assert!(takes_fingers(false, 300.0));
        assert!(!takes_fingers(false, 700.0));
        assert!(!takes_fingers(false, 0.0));
    }

    #[test]
    fn a_view_too_wide_for_a_finger_narrows_even_with_a_target_in_it() {
        let max = finger_span(390.0);
        let wide = View {
            cx: 0.0,
            cy: 0.0,
            span: 1200.0,
        };
        let v = finger_view(wide, &[Cell::new(0, 0)], max).unwrap();
        assert!(v.span <= max && shown(v, Cell::new(0, 0)), "{v:?}");
    }
}
