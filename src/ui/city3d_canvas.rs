//! The 3-D view's canvas (in the `city3d` chunk): carries out the steps of
//! a `view::city3d::Frame` (the painter's order is the view model's), and
//! keeps what it drew. Each quarter turn is drawn once, whole, into an
//! image of its own (the one shown first, the other three while the page
//! is idle), so turning and zooming only copy an image to the screen; at
//! rest, zoomed in, the part in view is drawn again sharp. The picture to
//! save is drawn afresh, at least 1600 pixels wide, with a legend.

use std::collections::HashMap;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, CanvasWindingRule, HtmlCanvasElement, Path2d};

use engine::core::shape::TileType;
use view::city3d::paint::{paint_of, Paint};
use view::city3d::project::{zoom_step, Extent};
use view::city3d::solids::tile_solids;
use view::city3d::{City3d, Frame, Op};
use view::geometry::Pt;
use view::palette::PlayerColour;

/// The width of the picture saved, in pixels.
pub const PICTURE_WIDTH: u32 = 2000;
/// Room round the board on the screen, in CSS pixels.
const MARGIN: f64 = 16.0;
/// The largest side of an image kept, in pixels, and its largest area:
/// copying a larger image each frame costs the frame rate (measured in
/// tests/e2e/city3d.spec.js; docs/performance.md).
const MAX_SIDE: f64 = 3072.0;
const MAX_AREA: f64 = 6.0e6;
/// A side's image, drawn at this times the scale that fits it to the
/// screen: a little zoom stays sharp; more is drawn again at rest.
const SHARP: f64 = 1.25;

/// A shape of the artwork, ready to draw.
struct Ready {
    path: Path2d,
    paint: Paint,
    dash: Option<js_sys::Array>,
}

/// A drawing kept: `scale` pixels per screen unit, `origin` the screen
/// point at its top left corner.
struct Image {
    canvas: HtmlCanvasElement,
    scale: f64,
    origin: Pt,
}

/// A side's image being drawn while the page is idle, a slice at a time.
struct Job {
    turn: u8,
    img: Image,
    ctx: Ctx,
    /// The next step of the side's frame to carry out.
    next: usize,
    /// Milliseconds spent on it so far.
    ms: f64,
}

/// How many steps a slice of idle drawing carries out (a task of some
/// 10 to 40 ms on the project's machine: a pinch or a key between two
/// slices is not kept waiting).
const SLICE: usize = 1500;

/// The canvas's painter: the model, what it drew, and the camera.
pub struct Painter {
    pub model: Rc<City3d>,
    frames: [Option<Rc<Frame>>; 4],
    shapes: HashMap<(TileType, usize), Option<Ready>>,
    marks: HashMap<u8, Option<Path2d>>,
    whole: [Option<Image>; 4],
    detail: Option<(u8, Image)>,
    job: Option<Job>,
    pub turn: u8,
    pub zoom: f64,
    /// The screen point in the middle of the view, from the board's middle.
    pub pan: Pt,
    /// Milliseconds: the last whole drawing, the last frame on the screen.
    pub render_ms: f64,
    pub frame_ms: f64,
    /// Milliseconds the view model took to make the last frame.
    pub build_ms: f64,
    /// Milliseconds of the longest slice of idle drawing.
    pub slice_ms: f64,
    pub drawn: u32,
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

fn new_canvas(w: u32, h: u32) -> Option<(HtmlCanvasElement, Ctx)> {
    let c: HtmlCanvasElement = gloo::utils::document()
        .create_element("canvas")
        .ok()?
        .dyn_into()
        .ok()?;
    c.set_width(w.max(1));
    c.set_height(h.max(1));
    let ctx = context(&c)?;
    Some((c, ctx))
}

pub fn context(c: &HtmlCanvasElement) -> Option<Ctx> {
    c.get_context("2d").ok().flatten()?.dyn_into().ok()
}

impl Painter {
    pub fn new(model: Rc<City3d>) -> Painter {
        Painter {
            model,
            frames: [None, None, None, None],
            shapes: HashMap::new(),
            marks: HashMap::new(),
            whole: [None, None, None, None],
            detail: None,
            job: None,
            turn: 0,
            zoom: 1.0,
            pan: (0.0, 0.0),
            render_ms: 0.0,
            frame_ms: 0.0,
            build_ms: 0.0,
            slice_ms: 0.0,
            drawn: 0,
        }
    }

    /// The frame of quarter turn `turn` (worked out once).
    pub fn frame(&mut self, turn: u8) -> Rc<Frame> {
        let t = (turn % 4) as usize;
        if let Some(f) = &self.frames[t] {
            return f.clone();
        }
        let t0 = now();
        let f = Rc::new(self.model.frame(t as u8));
        self.build_ms = now() - t0;
        self.frames[t] = Some(f.clone());
        f
    }

    /// How many quarter turns have their image drawn.
    pub fn ready(&self) -> usize {
        self.whole.iter().filter(|w| w.is_some()).count()
    }

    /// Back to the whole board, as first shown (the turn stays).
    pub fn reset(&mut self) {
        self.zoom = 1.0;
        self.pan = (0.0, 0.0);
    }

    /// Zoom `steps` in (out if negative) about the canvas point `at` (CSS
    /// pixels from its top left; `None`: its middle).
    pub fn zoom_about(&mut self, canvas: &HtmlCanvasElement, steps: i32, at: Option<Pt>) {
        let z = zoom_step(self.zoom, steps);
        self.zoom_to(canvas, z, at);
    }

    /// Zoom to `z` keeping the board point under `at` where it is.
    pub fn zoom_to(&mut self, canvas: &HtmlCanvasElement, z: f64, at: Option<Pt>) {
        let z = view::geometry::within(z, 0.5, 8.0);
        let (w, h) = css_size(canvas);
        let fit = self.frame(self.turn).extent.fit(w, h, MARGIN);
        let at = at.unwrap_or((w / 2.0, h / 2.0));
        // The screen point under `at` before and after.
        let off = (at.0 - w / 2.0, at.1 - h / 2.0);
        let (s0, s1) = (fit * self.zoom, fit * z);
        self.pan = (
            self.pan.0 + off.0 / s0 - off.0 / s1,
            self.pan.1 + off.1 / s0 - off.1 / s1,
        );
        self.zoom = z;
    }

    /// Move the view by CSS pixels.
    pub fn pan_by(&mut self, canvas: &HtmlCanvasElement, dx: f64, dy: f64) {
        let (w, h) = css_size(canvas);
        let s = self.frame(self.turn).extent.fit(w, h, MARGIN) * self.zoom;
        self.pan = (self.pan.0 - dx / s, self.pan.1 - dy / s);
    }

    /// The screen's scale (pixels per unit) and the unit at its middle.
    fn camera(&mut self, w: f64, h: f64, dpr: f64) -> (f64, Pt, Extent) {
        let e = self.frame(self.turn).extent;
        let s = e.fit(w / dpr, h / dpr, MARGIN) * self.zoom * dpr;
        let c = (
            (e.min.0 + e.max.0) / 2.0 + self.pan.0,
            (e.min.1 + e.max.1) / 2.0 + self.pan.1,
        );
        (s, c, e)
    }

    /// Draw the view on `canvas` (sized to its box first): the turn's
    /// image, and the sharp part if there is one for this camera.
    pub fn draw(&mut self, canvas: &HtmlCanvasElement) {
        let t0 = now();
        let dpr = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .max(1.0);
        let (cw, ch) = css_size(canvas);
        let (w, h) = ((cw * dpr).round() as u32, (ch * dpr).round() as u32);
        if canvas.width() != w || canvas.height() != h {
            canvas.set_width(w.max(1));
            canvas.set_height(h.max(1));
        }
        let Some(ctx) = context(canvas) else { return };
        let (s, c, extent) = self.camera(w as f64, h as f64, dpr);
        if self.whole[self.turn as usize].is_none() {
            // The first sight of this side (drawn now, whole, even if the
            // page had begun it while idle), at the screen's scale: the
            // sooner shown; zoomed in, the part in view is drawn sharp at
            // rest.
            if self.job.as_ref().is_some_and(|j| j.turn == self.turn) {
                self.job = None;
            }
            let fit = extent.fit(w as f64 / dpr, h as f64 / dpr, MARGIN) * dpr;
            self.render_whole(self.turn, fit);
        }
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.clear_rect(0.0, 0.0, w as f64, h as f64);
        ctx.set_image_smoothing_enabled(true);
        let blit = |img: &Image| {
            let k = s / img.scale;
            let dx = s * (img.origin.0 - c.0) + w as f64 / 2.0;
            let dy = s * (img.origin.1 - c.1) + h as f64 / 2.0;
            let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
                &img.canvas,
                dx,
                dy,
                img.canvas.width() as f64 * k,
                img.canvas.height() as f64 * k,
            );
        };
        if let Some(img) = &self.whole[self.turn as usize] {
            blit(img);
        }
        if let Some((t, img)) = &self.detail {
            if *t == self.turn && (img.scale / s - 1.0).abs() < 0.6 {
                blit(img);
            }
        }
        self.frame_ms = now() - t0;
        self.drawn += 1;
        let el: &web_sys::Element = canvas;
        let _ = el.set_attribute("data-turn", &self.turn.to_string());
        let _ = el.set_attribute("data-zoom", &view::geometry::fixed(self.zoom, 3));
        let _ = el.set_attribute("data-drawn", &self.drawn.to_string());
        let _ = el.set_attribute("data-frame-ms", &view::geometry::fixed(self.frame_ms, 2));
        let _ = el.set_attribute("data-render-ms", &view::geometry::fixed(self.render_ms, 1));
        let _ = el.set_attribute("data-build-ms", &view::geometry::fixed(self.build_ms, 1));
        let _ = el.set_attribute("data-slice-ms", &view::geometry::fixed(self.slice_ms, 1));
        let _ = el.set_attribute("data-ready", &self.ready().to_string());
    }

    /// Whether the view, as zoomed now, wants the part in view drawn again
    /// sharper than the turn's image.
    pub fn wants_detail(&mut self, canvas: &HtmlCanvasElement) -> bool {
        let dpr = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .max(1.0);
        let (s, _, _) = self.camera(canvas.width() as f64, canvas.height() as f64, dpr);
        let sharp = |img: &Image| img.scale >= s * 0.95;
        let whole = self.whole[self.turn as usize].as_ref().is_some_and(sharp);
        let detail = self
            .detail
            .as_ref()
            .is_some_and(|(t, img)| *t == self.turn && sharp(img) && (img.scale / s) < 1.6);
        !(whole || detail)
    }

    /// Draw the part of the board in view at the screen's scale (kept as
    /// the sharp part until the next).
    pub fn render_detail(&mut self, canvas: &HtmlCanvasElement) {
        let dpr = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .max(1.0);
        let (w, h) = (canvas.width() as f64, canvas.height() as f64);
        let (s, c, _) = self.camera(w, h, dpr);
        let origin = (c.0 - w / 2.0 / s, c.1 - h / 2.0 / s);
        let frame = self.frame(self.turn);
        if let Some(img) = self.render_image(&frame, s, origin, w as u32, h as u32, None) {
            self.detail = Some((self.turn, img));
        }
    }

    /// Draw quarter turn `turn` whole at `scale` pixels per unit (less
    /// where the image would be too large).
    pub fn render_whole(&mut self, turn: u8, scale: f64) {
        let frame = self.frame(turn);
        let (s, origin, w, h) = self.whole_size(turn, scale);
        if let Some(img) = self.render_image(&frame, s, origin, w, h, None) {
            self.whole[(turn % 4) as usize] = Some(img);
        }
    }

    /// A side's image: its scale (`scale`, less where the image would be
    /// too large), the screen point at its top left, its size in pixels.
    fn whole_size(&mut self, turn: u8, scale: f64) -> (f64, Pt, u32, u32) {
        let e = self.frame(turn).extent;
        let pad = 8.0;
        let (ew, eh) = (e.width() + 2.0 * pad, e.height() + 2.0 * pad);
        let s = scale
            .min(MAX_SIDE / ew)
            .min(MAX_SIDE / eh)
            .min((MAX_AREA / (ew * eh)).sqrt());
        let origin = (e.min.0 - pad, e.min.1 - pad);
        (s, origin, (ew * s).ceil() as u32, (eh * s).ceil() as u32)
    }

    /// A slice of the drawing of the sides not drawn yet (the next to be
    /// turned to first): whether there is more to do.
    pub fn render_next(&mut self, canvas: &HtmlCanvasElement) -> bool {
        if self.job.is_none() {
            let Some(t) = [1u8, 3, 2]
                .iter()
                .map(|d| (self.turn + d) % 4)
                .find(|&t| self.whole[t as usize].is_none())
            else {
                return false;
            };
            let dpr = web_sys::window()
                .map_or(1.0, |w| w.device_pixel_ratio())
                .max(1.0);
            let (cw, ch) = css_size(canvas);
            let fit = self.frame(t).extent.fit(cw, ch, MARGIN) * dpr;
            let (s, origin, w, h) = self.whole_size(t, fit * SHARP);
            let Some((c, ctx)) = new_canvas(w, h) else {
                return false;
            };
            self.job = Some(Job {
                turn: t,
                img: Image {
                    canvas: c,
                    scale: s,
                    origin,
                },
                ctx,
                next: 0,
                ms: 0.0,
            });
        }
        let Some(mut job) = self.job.take() else {
            return false;
        };
        let frame = self.frame(job.turn);
        let end = (job.next + SLICE).min(frame.ops.len());
        let t0 = now();
        self.render(
            &job.ctx,
            &frame.ops[job.next..end],
            job.img.scale,
            job.img.origin,
        );
        let ms = now() - t0;
        job.ms += ms;
        self.slice_ms = self.slice_ms.max(ms);
        if end >= frame.ops.len() {
            self.render_ms = job.ms;
            self.whole[job.turn as usize] = Some(job.img);
        } else {
            job.next = end;
            self.job = Some(job);
        }
        true
    }

    /// `frame` drawn into a new canvas `w`×`h` at `scale`, `origin` at its
    /// top left; `background`: a paint under it all.
    fn render_image(
        &mut self,
        frame: &Frame,
        scale: f64,
        origin: Pt,
        w: u32,
        h: u32,
        background: Option<&str>,
    ) -> Option<Image> {
        let t0 = now();
        let (canvas, ctx) = new_canvas(w, h)?;
        if let Some(bg) = background {
            ctx.set_fill_style_str(bg);
            ctx.fill_rect(0.0, 0.0, w as f64, h as f64);
        }
        self.render(&ctx, &frame.ops, scale, origin);
        self.render_ms = now() - t0;
        Some(Image {
            canvas,
            scale,
            origin,
        })
    }

    /// Carry out the steps `ops` (of a frame, in its order) on `ctx`: a
    /// screen unit `u` at pixel `scale·(u − origin)`.
    fn render(&mut self, ctx: &Ctx, ops: &[Op], s: f64, o: Pt) {
        let ruleset = self.model.ruleset;
        let set = |m: &[f64; 6]| {
            let _ = ctx.set_transform(
                s * m[0],
                s * m[1],
                s * m[2],
                s * m[3],
                s * (m[4] - o.0),
                s * (m[5] - o.1),
            );
        };
        let flat = |s: &Self, i: usize| s.model.scene.tiles.get(i).map(|t| t.tile);
        for op in ops {
            match op {
                Op::Flat { tile, m } => {
                    let Some(t) = flat(self, *tile) else { continue };
                    set(m);
                    for &i in &tile_solids(ruleset, t).flat {
                        if let Some(r) = self.shape(t, i) {
                            paint_path(ctx, r);
                        }
                    }
                }
                Op::Shape { tile, shape, m } => {
                    let Some(t) = flat(self, *tile) else { continue };
                    set(m);
                    if let Some(r) = self.shape(t, *shape) {
                        paint_path(ctx, r);
                    }
                }
                Op::Line {
                    tile,
                    shape,
                    a,
                    b,
                    m,
                } => {
                    let Some(t) = flat(self, *tile) else { continue };
                    set(m);
                    if let Some(r) = self.shape(t, *shape) {
                        if let Some(stroke) = &r.paint.stroke {
                            ctx.begin_path();
                            ctx.move_to(a.0, a.1);
                            ctx.line_to(b.0, b.1);
                            stroke_with(ctx, &r.paint, r.dash.as_ref(), stroke);
                            ctx.stroke();
                        }
                    }
                }
                Op::Face { pts, fill, edge } => {
                    let _ = ctx.set_transform(s, 0.0, 0.0, s, -s * o.0, -s * o.1);
                    let Some(first) = pts.first() else { continue };
                    ctx.begin_path();
                    ctx.move_to(first.0, first.1);
                    for p in &pts[1..] {
                        ctx.line_to(p.0, p.1);
                    }
                    ctx.close_path();
                    ctx.set_global_alpha(1.0);
                    ctx.set_fill_style_str(fill);
                    ctx.fill();
                    if let Some(e) = edge {
                        ctx.set_stroke_style_str(e);
                        ctx.set_line_width(0.5);
                        ctx.set_line_dash(&js_sys::Array::new()).ok();
                        ctx.set_line_join("round");
                        ctx.stroke();
                    }
                }
                Op::Mark { at, player } => {
                    let p = (s * (at.0 - o.0), s * (at.1 - o.1));
                    // Readable however far the view is zoomed out, and
                    // never hiding the piece it marks when zoomed in.
                    let k = view::geometry::within(s, 0.9, 1.6);
                    self.mark(ctx, p, k, *player);
                }
            }
        }
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.set_global_alpha(1.0);
    }

    /// A player's mark: a disc in their colour with the colour's mark, at
    /// pixel `p`, `k` pixels per unit (about 16 units across).
    fn mark(&mut self, ctx: &Ctx, p: Pt, k: f64, player: u8) {
        let Some(colour) = self.model.colours.get(player as usize).copied() else {
            return;
        };
        let path = self
            .marks
            .entry(player)
            .or_insert_with(|| Path2d::new_with_path_string(colour.mark_path()).ok())
            .clone();
        draw_mark(ctx, p, k, colour, path.as_ref());
    }

    /// A shape of tile type `t`'s artwork, ready (made once).
    fn shape(&mut self, t: TileType, i: usize) -> Option<&Ready> {
        let ruleset = self.model.ruleset;
        self.shapes
            .entry((t, i))
            .or_insert_with(|| {
                let art = view::any::tile_art(ruleset, t)?;
                let s = art.shapes.get(i)?;
                let paint = paint_of(ruleset, s.class, s.fill);
                let dash = (!paint.dash.is_empty()).then(|| {
                    paint
                        .dash
                        .iter()
                        .map(|&d| wasm_bindgen::JsValue::from_f64(d))
                        .collect::<js_sys::Array>()
                });
                Some(Ready {
                    path: Path2d::new_with_path_string(&s.d).ok()?,
                    paint,
                    dash,
                })
            })
            .as_ref()
    }

    /// The picture to save: the view's side of the board drawn afresh
    /// [`PICTURE_WIDTH`] pixels wide on the parchment, its title above and
    /// each player's name and score below, by their colour and mark.
    pub fn picture(&mut self, title: &str, legend: &[String]) -> Option<HtmlCanvasElement> {
        let frame = self.frame(self.turn);
        let e = frame.extent;
        let w = PICTURE_WIDTH as f64;
        let margin = 60.0;
        let s = (w - 2.0 * margin) / e.width().max(1.0);
        let top = 110.0;
        let row = 56.0;
        let board_h = e.height() * s;
        let h = top + board_h + margin + row * legend.len() as f64 + margin / 2.0;
        let (canvas, ctx) = new_canvas(w as u32, h.ceil() as u32)?;
        ctx.set_fill_style_str("#efe6cf");
        ctx.fill_rect(0.0, 0.0, w, h);
        ctx.set_fill_style_str("#2b2118");
        ctx.set_font("bold 48px Georgia, serif");
        let _ = ctx.fill_text(title, margin, 72.0);
        let origin = (e.min.0 - margin / s, e.min.1 - top / s);
        self.render(&ctx, &frame.ops, s, origin);
        let colours = self.model.colours.clone();
        let mut y = top + board_h + margin;
        for (i, line) in legend.iter().enumerate() {
            let Some(&colour) = colours.get(i) else {
                continue;
            };
            let path = Path2d::new_with_path_string(colour.mark_path()).ok();
            draw_mark(
                &ctx,
                (margin + 20.0, y + row / 2.0),
                2.4,
                colour,
                path.as_ref(),
            );
            let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
            ctx.set_global_alpha(1.0);
            ctx.set_fill_style_str("#2b2118");
            ctx.set_font("36px Georgia, serif");
            let _ = ctx.fill_text(line, margin + 60.0, y + row / 2.0 + 12.0);
            y += row;
        }
        Some(canvas)
    }
}

/// A canvas's size on the page, in CSS pixels.
pub fn css_size(c: &HtmlCanvasElement) -> (f64, f64) {
    let el: &web_sys::Element = c;
    let r = el.get_bounding_client_rect();
    (r.width().max(1.0), r.height().max(1.0))
}

/// A disc in `colour` with its mark, at pixel `p`, `k` pixels per unit.
fn draw_mark(ctx: &Ctx, p: Pt, k: f64, colour: PlayerColour, path: Option<&Path2d>) {
    let _ = ctx.set_transform(k, 0.0, 0.0, k, p.0, p.1);
    ctx.set_global_alpha(1.0);
    ctx.begin_path();
    let _ = ctx.arc(0.0, 0.0, 8.0, 0.0, std::f64::consts::TAU);
    ctx.set_fill_style_str(colour.hex());
    ctx.fill();
    ctx.set_line_dash(&js_sys::Array::new()).ok();
    ctx.set_stroke_style_str(colour.edge());
    ctx.set_line_width(1.3);
    ctx.stroke();
    if let Some(path) = path {
        let (ink, outline) = colour.ink();
        ctx.set_fill_style_str(ink);
        ctx.fill_with_path_2d(path);
        ctx.set_stroke_style_str(outline);
        ctx.set_line_width(0.5);
        ctx.stroke_with_path(path);
    }
}

/// A shape filled and stroked as its class says.
fn paint_path(ctx: &Ctx, r: &Ready) {
    let p = &r.paint;
    if let Some(fill) = &p.fill {
        ctx.set_global_alpha(p.fill_opacity);
        ctx.set_fill_style_str(fill);
        let rule = if p.even_odd {
            CanvasWindingRule::Evenodd
        } else {
            CanvasWindingRule::Nonzero
        };
        ctx.fill_with_path_2d_and_winding(&r.path, rule);
    }
    if let Some(stroke) = &p.stroke {
        stroke_with(ctx, p, r.dash.as_ref(), stroke);
        ctx.stroke_with_path(&r.path);
    }
}

fn stroke_with(ctx: &Ctx, p: &Paint, dash: Option<&js_sys::Array>, stroke: &str) {
    ctx.set_global_alpha(p.stroke_opacity);
    ctx.set_stroke_style_str(stroke);
    ctx.set_line_width(p.stroke_width);
    ctx.set_line_cap(if p.round_cap { "round" } else { "butt" });
    ctx.set_line_join(if p.round_join { "round" } else { "miter" });
    match dash {
        Some(d) => ctx.set_line_dash(d).ok(),
        None => ctx.set_line_dash(&js_sys::Array::new()).ok(),
    };
}
