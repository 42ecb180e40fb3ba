//! Drawing geometry: a tile's own 100×100 box (north up, the frame of the
//! artwork) and board coordinates, where cell (x, y) covers the box
//! `[100x, 100x+100] × [100y, 100y+100]` (x east, y south). Rotating points
//! and tiles, and placing sides and vertices on the board. No rules.

use engine::core::geom::{Cell, Dir, Rotation, Side, Vertex};

/// The size of a tile in board units.
pub const TILE: f64 = 100.0;

/// A point (x, y).
pub type Pt = (f64, f64);

/// The middle of a side.
pub fn side_mid(side: Dir) -> Pt {
    match side {
        Dir::N => (50.0, 0.0),
        Dir::E => (TILE, 50.0),
        Dir::S => (50.0, TILE),
        Dir::W => (0.0, 50.0),
    }
}

fn lerp(a: Pt, b: Pt, t: f64) -> Pt {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

/// A point of the unrotated tile box after rotating the tile by `rot`
/// (quarter turns clockwise about the centre; y grows south).
pub fn rotate_point(p: Pt, rot: Rotation) -> Pt {
    let mut q = p;
    for _ in 0..rot.quarter_turns() {
        q = (TILE - q.1, q.0);
    }
    q
}

/// The board position of a point of a placed tile.
pub fn on_board(cell: Cell, rot: Rotation, p: Pt) -> Pt {
    let q = rotate_point(p, rot);
    (cell.x as f64 * TILE + q.0, cell.y as f64 * TILE + q.1)
}

/// The centre of a cell on the board.
pub fn cell_centre(cell: Cell) -> Pt {
    (
        cell.x as f64 * TILE + TILE / 2.0,
        cell.y as f64 * TILE + TILE / 2.0,
    )
}

/// A number for SVG and CSS, to `places` decimals (trailing zeros dropped:
/// 12.5, 12, -0.3): the one way the board writes its coordinates.
/// `v` within `lo..=hi`, never a panic: `f64::clamp` panics when `lo` >
/// `hi`, which bounds the camera computes from a board and a screen may
/// be (then `hi` wins).
pub fn within(v: f64, lo: f64, hi: f64) -> f64 {
    v.max(lo).min(hi)
}

pub fn fixed(v: f64, places: u32) -> String {
    let scale = 10u64.pow(places) as f64;
    let n = (v * scale).round();
    let mut out = String::new();
    if n < 0.0 {
        out.push('-');
    }
    let a = n.abs() as u64;
    let unit = 10u64.pow(places);
    out.push_str(&(a / unit).to_string());
    let mut frac = a % unit;
    if frac != 0 {
        out.push('.');
        let mut digits = places;
        while frac.is_multiple_of(10) {
            frac /= 10;
            digits -= 1;
        }
        let s = frac.to_string();
        for _ in s.len() as u32..digits {
            out.push('0');
        }
        out.push_str(&s);
    }
    out
}

/// A board coordinate for SVG: one decimal at most.
pub fn num(v: f64) -> String {
    fixed(v, 1)
}

/// The SVG transform that puts the unrotated tile box at `cell` rotated by `rot`.
pub fn tile_transform(cell: Cell, rot: Rotation) -> String {
    let (x, y) = (num(cell.x as f64 * TILE), num(cell.y as f64 * TILE));
    match rot.quarter_turns() {
        0 => format!("translate({x} {y})"),
        q => format!("translate({x} {y}) rotate({} 50 50)", q as u32 * 90),
    }
}

/// Board position of a vertex.
pub fn vertex_point(v: Vertex) -> Pt {
    (v.x as f64 * TILE, v.y as f64 * TILE)
}

/// The two end points of a side on the board, clockwise around its cell.
pub fn side_points(side: Side) -> (Pt, Pt) {
    let (a, b) = side.clockwise_ends();
    (vertex_point(a), vertex_point(b))
}

/// The middle of a side on the board.
pub fn side_point(side: Side) -> Pt {
    let (a, b) = side_points(side);
    lerp(a, b, 0.5)
}

/// How far point `p` is from the segment `a`–`b`.
pub fn segment_distance(p: Pt, (a, b): (Pt, Pt)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        within(((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2, 0.0, 1.0)
    } else {
        0.0
    };
    let q = lerp(a, b, t);
    ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
}

/// The unit vector pointing out of the side's cell across it.
pub fn outward(side: Side) -> Pt {
    let (dx, dy) = side.dir.step();
    (dx as f64, dy as f64)
}

/// Cells from `min` to `max` (inclusive): what the camera should show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub min: Cell,
    pub max: Cell,
}

#[cfg(test)]
mod fixed_tests {
    use super::*;

    #[test]
    fn numbers_are_written_like_format_without_trailing_zeros() {
        for (v, p, want) in [
            (12.0, 1, "12"),
            (12.5, 1, "12.5"),
            (-0.34, 1, "-0.3"),
            (-0.04, 1, "0"),
            (0.05, 1, "0.1"),
            (1.25, 4, "1.25"),
            (1.00005, 4, "1.0001"),
            (1.0102, 4, "1.0102"),
            (-250.0, 1, "-250"),
        ] {
            assert_eq!(fixed(v, p), want, "{v} to {p}");
            assert!(
                (fixed(v, p).parse::<f64>().unwrap() - v).abs()
                    <= 0.5 / 10f64.powi(p as i32) + 1e-9
            );
        }
    }
}
