//! The 3-D view's projection: the board turned about its centre by quarter
//! turns, then seen isometrically (x east, y south, z up; a board unit is a
//! hundredth of a tile). Screen units are board units: the component scales
//! them to pixels. No trigonometry at run time: the angles are fixed.

use crate::geometry::Pt;
use engine::core::geom::{Cell, Rotation};

/// A point of the board and a height above it.
pub type P3 = (f64, f64, f64);

/// cos 30° and sin 30°: the isometric axes.
pub const ISO_X: f64 = 0.866_025_403_784_438_6;
pub const ISO_Y: f64 = 0.5;

/// How the board is seen: turned `turn` quarter turns clockwise about
/// `centre` (0: north at the top left, the viewer in the south-east).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub turn: u8,
    pub centre: Pt,
}

impl View {
    pub fn new(turn: u8, centre: Pt) -> View {
        View {
            turn: turn % 4,
            centre,
        }
    }

    /// Board point `p` turned: still a board point, seen from the south-east.
    pub fn turned(&self, p: Pt) -> Pt {
        let (mut x, mut y) = (p.0 - self.centre.0, p.1 - self.centre.1);
        for _ in 0..self.turn {
            // A quarter turn clockwise on the screen (y down).
            (x, y) = (-y, x);
        }
        (x, y)
    }

    /// Where board point `p` at height `z` is on the screen.
    pub fn project(&self, p: P3) -> Pt {
        let (x, y) = self.turned((p.0, p.1));
        ((x - y) * ISO_X, (x + y) * ISO_Y - p.2)
    }

    /// How near the viewer a board point is: what is nearer is drawn later.
    pub fn depth(&self, p: Pt) -> f64 {
        let (x, y) = self.turned(p);
        x + y
    }

    /// A direction on the board turned (a vector: no centre).
    pub fn turned_dir(&self, d: Pt) -> Pt {
        let (mut x, mut y) = d;
        for _ in 0..self.turn {
            (x, y) = (-y, x);
        }
        (x, y)
    }

    /// Whether a wall whose outward normal on the board is `n` faces the
    /// viewer (is seen).
    pub fn faces_viewer(&self, n: Pt) -> bool {
        let (x, y) = self.turned_dir(n);
        x + y > 1e-9
    }

    /// How much light a wall facing `n` gets, 0.55 to 0.85 of its paint:
    /// the light comes from the viewer's left.
    pub fn light(&self, n: Pt) -> f64 {
        let (x, y) = self.turned_dir(n);
        let l = (x * x + y * y).sqrt().max(1e-9);
        0.7 + 0.15 * (y - x) / l
    }

    /// The canvas transform `[a, b, c, d, e, f]` that draws a tile's own
    /// 100×100 box (its artwork's frame) placed at `cell` turned `rot`,
    /// lifted `z`: screen = (a·x + c·y + e, b·x + d·y + f).
    pub fn tile_matrix(&self, cell: Cell, rot: Rotation, z: f64) -> [f64; 6] {
        let at = |p: Pt| self.project(on_board_3(cell, rot, p, z));
        let o = at((0.0, 0.0));
        let ex = at((1.0, 0.0));
        let ey = at((0.0, 1.0));
        [ex.0 - o.0, ex.1 - o.1, ey.0 - o.0, ey.1 - o.1, o.0, o.1]
    }
}

fn on_board_3(cell: Cell, rot: Rotation, p: Pt, z: f64) -> P3 {
    let q = crate::geometry::on_board(cell, rot, p);
    (q.0, q.1, z)
}

/// The next zoom after a step `steps` in (negative: out), within the
/// limits: each step 1.25×.
pub fn zoom_step(zoom: f64, steps: i32) -> f64 {
    let mut z = zoom;
    for _ in 0..steps.unsigned_abs() {
        z = if steps > 0 { z * 1.25 } else { z / 1.25 };
    }
    crate::geometry::within(z, MIN_ZOOM, MAX_ZOOM)
}

/// The zoom's limits (1: the whole board fits the view).
pub const MIN_ZOOM: f64 = 0.5;
pub const MAX_ZOOM: f64 = 8.0;

/// The turn after `turn` turned `by` quarter turns (negative:
/// anticlockwise).
pub fn turn_by(turn: u8, by: i32) -> u8 {
    (turn as i32 + by).rem_euclid(4) as u8
}

/// A box of screen points: min and max.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Extent {
    pub min: Pt,
    pub max: Pt,
}

impl Extent {
    pub const EMPTY: Extent = Extent {
        min: (f64::INFINITY, f64::INFINITY),
        max: (f64::NEG_INFINITY, f64::NEG_INFINITY),
    };

    pub fn add(&mut self, p: Pt) {
        self.min = (self.min.0.min(p.0), self.min.1.min(p.1));
        self.max = (self.max.0.max(p.0), self.max.1.max(p.1));
    }

    pub fn is_empty(&self) -> bool {
        self.min.0 > self.max.0
    }

    pub fn width(&self) -> f64 {
        (self.max.0 - self.min.0).max(0.0)
    }

    pub fn height(&self) -> f64 {
        (self.max.1 - self.min.1).max(0.0)
    }

    /// The scale that fits this box into `w`×`h` pixels with `margin`
    /// pixels round it.
    pub fn fit(&self, w: f64, h: f64, margin: f64) -> f64 {
        let (bw, bh) = (self.width().max(1.0), self.height().max(1.0));
        ((w - 2.0 * margin).max(1.0) / bw).min((h - 2.0 * margin).max(1.0) / bh)
    }
}
