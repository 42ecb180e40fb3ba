//! The board's camera: drawing state only. Panning and zooming change the
//! SVG `viewBox` and nothing else, so no tile is redrawn.

use std::rc::Rc;
use yew::Reducible;

pub use view::geometry::Bounds;
use view::geometry::{num, within, TILE};

/// The visible square of the board: its centre and side, in board units
/// (a tile is 100). The SVG shows at least this square (`xMidYMid meet`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub cx: f64,
    pub cy: f64,
    pub span: f64,
    /// The player moved the camera by hand: automatic fitting leaves it alone
    /// until "fit city" is asked for.
    pub manual: bool,
}

pub const MIN_SPAN: f64 = 160.0;
pub const MAX_SPAN: f64 = 4000.0;

impl Default for Camera {
    fn default() -> Self {
        Camera {
            cx: 50.0,
            cy: 50.0,
            span: 500.0,
            manual: false,
        }
    }
}

impl Camera {
    /// The `viewBox` attribute.
    pub fn view_box(&self) -> String {
        let span = num(self.span);
        format!(
            "{} {} {span} {span}",
            num(self.cx - self.span / 2.0),
            num(self.cy - self.span / 2.0),
        )
    }

    /// The camera that shows `b` with a margin.
    pub fn fitted(b: Bounds) -> Camera {
        let x0 = b.min.x as f64 * TILE;
        let y0 = b.min.y as f64 * TILE;
        let x1 = (b.max.x + 1) as f64 * TILE;
        let y1 = (b.max.y + 1) as f64 * TILE;
        let span = within((x1 - x0).max(y1 - y0) + 0.6 * TILE, 5.0 * TILE, MAX_SPAN);
        Camera {
            cx: (x0 + x1) / 2.0,
            cy: (y0 + y1) / 2.0,
            span,
            manual: false,
        }
    }

    /// Zoom by `factor` (> 1 zooms in) keeping the board point `at` in place.
    pub fn zoomed(&self, factor: f64, at: Option<(f64, f64)>) -> Camera {
        let span = within(self.span / factor, MIN_SPAN, MAX_SPAN);
        let k = span / self.span;
        let (ax, ay) = at.unwrap_or((self.cx, self.cy));
        Camera {
            cx: ax + (self.cx - ax) * k,
            cy: ay + (self.cy - ay) * k,
            span,
            manual: true,
        }
    }
}

/// What can happen to the camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CameraAction {
    /// Move the view by a board distance (drag: the board follows the pointer).
    Pan { dx: f64, dy: f64 },
    /// Move by a fraction of the visible span (keys).
    Step { fx: f64, fy: f64 },
    /// Zoom by a factor about a board point (or the centre).
    Zoom { factor: f64, at: Option<(f64, f64)> },
    /// Show these cells ("fit city").
    Fit(Bounds),
    /// Show these cells unless the player moved the camera by hand.
    AutoFit(Bounds),
    /// Bring a board point into view (the keyboard's focus), if it is not
    /// well inside it already.
    Show { x: f64, y: f64 },
    /// Look closely at one cell (a small screen's follower decision), over
    /// this span (view::reach::look_span: its rings a finger apart), unless
    /// the player moved the camera by hand.
    Look(engine::core::geom::Cell, f64),
    /// Show this view (where tile targets take a finger: view::reach).
    Frame(view::reach::View),
}

impl Reducible for Camera {
    type Action = CameraAction;

    fn reduce(self: Rc<Self>, action: CameraAction) -> Rc<Self> {
        let c = *self;
        let next = match action {
            CameraAction::Pan { dx, dy } => Camera {
                cx: c.cx - dx,
                cy: c.cy - dy,
                manual: true,
                ..c
            },
            CameraAction::Step { fx, fy } => Camera {
                cx: c.cx + fx * c.span,
                cy: c.cy + fy * c.span,
                manual: true,
                ..c
            },
            CameraAction::Zoom { factor, at } => c.zoomed(factor, at),
            CameraAction::Fit(b) => Camera::fitted(b),
            CameraAction::Look(cell, span) => {
                if c.manual {
                    return self;
                }
                Camera {
                    cx: (cell.x as f64 + 0.5) * TILE,
                    cy: (cell.y as f64 + 0.5) * TILE,
                    span,
                    manual: false,
                }
            }
            CameraAction::Frame(v) => Camera {
                cx: v.cx,
                cy: v.cy,
                span: within(v.span, MIN_SPAN, MAX_SPAN),
                manual: c.manual,
            },
            CameraAction::Show { x, y } => {
                // Within the view (less a margin): nothing to do. A fitted
                // view shows every target, so this moves only a camera the
                // player moved, and keeps it theirs.
                let inner = c.span * 0.44;
                if (x - c.cx).abs() <= inner && (y - c.cy).abs() <= inner {
                    return self;
                }
                Camera { cx: x, cy: y, ..c }
            }
            CameraAction::AutoFit(b) => {
                if c.manual {
                    return self;
                }
                let f = Camera::fitted(b);
                if f == c {
                    return self;
                }
                f
            }
        };
        Rc::new(next)
    }
}
