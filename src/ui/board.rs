//! The board: one SVG. It draws the scene it is handed and offers the targets
//! it is handed; it knows no rules. Pan by dragging (mouse, pen or one
//! finger), zoom by the wheel, two-finger pinch or the buttons; a right click
//! turns the drawn tile. Pan and zoom change only the `viewBox`: the tile,
//! piece and target layers are components whose props do not change then, so
//! they are not re-rendered. During a drag or a burst of wheel turns not even
//! that: the SVG element is moved or scaled by a CSS transform (the browser
//! reuses the picture it drew), and the `viewBox` follows when the gesture
//! ends.

use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::aids_layer::AidsLayer;
use super::camera::{Camera, CameraAction, MAX_SPAN, MIN_SPAN};
use super::coords_layer::coords_layer;
use super::pieces_layer::PiecesLayer;
use super::recent_layer::RecentLayer;
use super::targets_layer::TargetsLayer;
use super::tile_defs::TileDefs;
use super::tiles_layer::TilesLayer;
use engine::any::AnyChoice as Choice;
use engine::any::Ruleset;
use engine::core::geom::Cell;
use i18n::msg;
use view::aids::AidsView;
use view::geometry::{within, TILE};
use view::reach;
use view::scene::{Recent, Scene};
use view::targets::Targets;
use view::Shared;

/// How much of the board the review shows round a decision: 5 tiles.
const REVIEW_SPAN: f64 = 5.0 * view::geometry::TILE;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub scene: Shared<Scene>,
    pub targets: Shared<Targets<Choice>>,
    /// What happened since the last decision of a person.
    #[prop_or_else(|| Shared::new(Recent::default()))]
    pub recent: Shared<Recent>,
    /// Show the spaces' coordinates.
    #[prop_or_default]
    pub coords: bool,
    /// What the keyboard focus is on, in words (read by screen readers).
    #[prop_or_default]
    pub focus_words: Option<String>,
    /// A touch screen: the camera looks closely where the targets are
    /// too small for a finger (the new tile's follower rings).
    #[prop_or_default]
    pub touch: bool,
    pub camera: Camera,
    pub on_camera: Callback<CameraAction>,
    pub on_cell: Callback<Cell>,
    pub on_choice: Callback<Choice>,
    pub on_rotate: Callback<()>,
    /// The players' aids to draw (none with the aids off).
    #[prop_or_default]
    pub aids: Option<Shared<AidsView>>,
    /// The owners layer is on.
    #[prop_or_default]
    pub owners: bool,
    /// The space a mouse points at (`None` when it leaves the board), for
    /// its aids.
    #[prop_or_default]
    pub on_space: Callback<Option<Cell>>,
    /// The game review's board (issue 40): it looks at the decision shown
    /// (`Targets::zoom`) on any screen, a few tiles wide.
    #[prop_or_default]
    pub review: bool,
}

/// Pointers down on the board and what they are doing.
#[derive(Default)]
struct Gesture {
    pointers: Vec<(i32, f64, f64)>,
    moved: f64,
    dragging: bool,
    pinch: Option<f64>,
    /// How far (CSS pixels) a one-pointer drag has moved the picture so far.
    /// While dragging, the SVG element is only moved by a CSS transform (the
    /// browser moves the picture it already drew); the camera follows when
    /// the drag ends.
    shift: (f64, f64),
    /// A burst of wheel turns not yet handed to the camera.
    wheel: Option<WheelBurst>,
    /// Hands the wheel burst over when the wheel rests.
    wheel_timer: Option<Timeout>,
    /// A drag just ended: the click that follows it is not a pick.
    suppress_click: bool,
}

/// Wheel turns in quick succession: shown at once by a CSS scale of the SVG
/// element about the pointer, handed to the camera when the wheel rests (so
/// the board is redrawn once per burst, not once per notch).
struct WheelBurst {
    factor: f64,
    /// The pointer in the element's own pixels (the transform's origin).
    origin: (f64, f64),
    /// The board point under the pointer.
    at: (f64, f64),
}

/// How long the wheel must rest before the camera takes the zoom over.
const WHEEL_REST_MS: u32 = 140;

/// Ends a wheel burst: the camera takes the zoom over, and the new `viewBox`
/// is set in the same frame as the scale goes.
fn commit_zoom(
    g: &mut Gesture,
    svg: &web_sys::Element,
    cam: &Camera,
    on_camera: &Callback<CameraAction>,
) {
    g.wheel_timer = None;
    let Some(b) = g.wheel.take() else {
        return;
    };
    let zoomed = cam.zoomed(b.factor, Some(b.at));
    let _ = svg.set_attribute("viewBox", &zoomed.view_box());
    let _ = svg.remove_attribute("style");
    on_camera.emit(CameraAction::Zoom {
        factor: b.factor,
        at: Some(b.at),
    });
}

/// Ends a drag's CSS shift: the camera takes it over. The new `viewBox` is
/// set at once, in the same frame as the shift goes, so nothing jumps.
fn commit_shift(
    g: &mut Gesture,
    svg: &web_sys::Element,
    cam: &Camera,
    on_camera: &Callback<CameraAction>,
) {
    let (sx, sy) = std::mem::take(&mut g.shift);
    if sx == 0.0 && sy == 0.0 {
        return;
    }
    let r = svg.get_bounding_client_rect();
    let s = cam.span / r.width().max(1.0).min(r.height().max(1.0));
    let (dx, dy) = (sx * s, sy * s);
    let moved = Camera {
        cx: cam.cx - dx,
        cy: cam.cy - dy,
        ..*cam
    };
    let _ = svg.set_attribute("viewBox", &moved.view_box());
    let _ = svg.remove_attribute("style");
    on_camera.emit(CameraAction::Pan { dx, dy });
}

/// Sets inline style properties through the CSSOM: the page's
/// Content-Security-Policy (no 'unsafe-inline' styles) blocks a `style`
/// attribute written with `setAttribute`, not `element.style`.
fn set_style(svg: &web_sys::Element, props: &[(&str, &str)]) {
    if let Some(el) = svg.dyn_ref::<web_sys::SvgElement>() {
        let style = el.style();
        for (name, value) in props {
            let _ = style.set_property(name, value);
        }
    }
}

/// Board units per CSS pixel, and the board point under a client position.
fn measure(svg: &web_sys::Element, cam: &Camera, client: (f64, f64)) -> (f64, (f64, f64)) {
    let r = svg.get_bounding_client_rect();
    let (w, h) = (r.width().max(1.0), r.height().max(1.0));
    let s = cam.span / w.min(h);
    let at = (
        cam.cx + (client.0 - r.left() - w / 2.0) * s,
        cam.cy + (client.1 - r.top() - h / 2.0) * s,
    );
    (s, at)
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let svg_ref = use_node_ref();
    let gesture = use_mut_ref(Gesture::default);
    let cam = use_mut_ref(|| props.camera);
    *cam.borrow_mut() = props.camera;

    // Hit areas of at least 44 CSS pixels whatever the zoom: the SVG gets
    // `--hit`, 22 px in board units (static/style.css sizes the targets'
    // hit areas from it), after each change of the camera. The SVG's size
    // is read when it is drawn and when the window is resized, not on each
    // move (reading it would force a layout).
    let size = use_mut_ref(|| 0.0f64);
    {
        let svg_ref = svg_ref.clone();
        let size = size.clone();
        use_effect_with((), move |_| {
            let measure = move || {
                if let Some(svg) = svg_ref.cast::<web_sys::Element>() {
                    let r = svg.get_bounding_client_rect();
                    *size.borrow_mut() = r.width().min(r.height());
                }
            };
            measure();
            let listener = EventListener::new(&gloo::utils::window(), "resize", move |_| measure());
            move || drop(listener)
        });
    }
    {
        let svg_ref = svg_ref.clone();
        let size = size.clone();
        use_effect_with(props.camera, move |cam| {
            let px = *size.borrow();
            if let (Some(svg), true) = (svg_ref.cast::<web_sys::Element>(), px > 1.0) {
                let units = 22.0 * cam.span / px;
                set_style(&svg, &[("--hit", &view::geometry::num(units))]);
            }
        });
    }
    // Follow the city as it grows (unless the player moved the camera); on
    // a touch screen or a small board (a phone, 200% zoom), look closely at
    // the new tile for its follower, and come close enough for a finger to
    // the spaces the tile fits and to tiles to pick (the wyvern's): every
    // target 44 px or more, as the board grows (view::reach).
    {
        let on_camera = props.on_camera.clone();
        let close = reach::takes_fingers(props.touch, *size.borrow());
        let look = props.targets.zoom.filter(|_| close || props.review);
        let review = props.review;
        let reach: Vec<Cell> = if close {
            let spaces = props.targets.cells.iter().map(|c| c.cell);
            props
                .targets
                .tiles
                .iter()
                .map(|t| t.cell)
                .chain(spaces)
                .collect()
        } else {
            Vec::new()
        };
        let cam = cam.clone();
        let size = size.clone();
        use_effect_with(
            (props.scene.bounds, look, reach),
            move |(b, look, reach)| {
                on_camera.emit(match look {
                    // The review: the decision and the tiles round it.
                    Some(cell) if review => CameraAction::Look(*cell, REVIEW_SPAN),
                    Some(cell) => CameraAction::Look(*cell, reach::look_span(*size.borrow())),
                    None => CameraAction::AutoFit(*b),
                });
                // From the view AutoFit leaves.
                let now = *cam.borrow();
                let from = if now.manual { now } else { Camera::fitted(*b) };
                let from = reach::View {
                    cx: from.cx,
                    cy: from.cy,
                    span: from.span,
                };
                let px = *size.borrow();
                if let Some(v) =
                    reach::finger_view(from, reach, reach::finger_span(px)).filter(|_| px > 1.0)
                {
                    on_camera.emit(CameraAction::Frame(v));
                }
            },
        );
    }

    // The wheel needs a listener that may prevent the page from scrolling.
    {
        let svg_ref = svg_ref.clone();
        let cam = cam.clone();
        let gesture = gesture.clone();
        let on_camera = props.on_camera.clone();
        use_effect_with((), move |_| {
            let listener = svg_ref.cast::<web_sys::Element>().map(|svg| {
                let target = svg.clone();
                EventListener::new_with_options(
                    &target,
                    "wheel",
                    EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        let Some(e) = e.dyn_ref::<web_sys::WheelEvent>() else {
                            return;
                        };
                        e.prevent_default();
                        let mut g = gesture.borrow_mut();
                        if !g.pointers.is_empty() {
                            return;
                        }
                        let c = *cam.borrow();
                        let client = (e.client_x() as f64, e.client_y() as f64);
                        let unit = match e.delta_mode() {
                            1 => 16.0,
                            2 => 400.0,
                            _ => 1.0,
                        };
                        let step = (-e.delta_y() * unit * 0.0015).exp();
                        let burst = g.wheel.get_or_insert_with(|| {
                            let r = svg.get_bounding_client_rect();
                            WheelBurst {
                                factor: 1.0,
                                origin: (client.0 - r.left(), client.1 - r.top()),
                                at: measure(&svg, &c, client).1,
                            }
                        });
                        burst.factor =
                            within(burst.factor * step, c.span / MAX_SPAN, c.span / MIN_SPAN);
                        set_style(
                            &svg,
                            &[
                                (
                                    "transform-origin",
                                    &format!(
                                        "{}px {}px",
                                        view::geometry::num(burst.origin.0),
                                        view::geometry::num(burst.origin.1)
                                    ),
                                ),
                                (
                                    "transform",
                                    &format!("scale({})", view::geometry::fixed(burst.factor, 4)),
                                ),
                            ],
                        );
                        let (gesture2, svg2, cam2, on_camera2) =
                            (gesture.clone(), svg.clone(), cam.clone(), on_camera.clone());
                        g.wheel_timer = Some(Timeout::new(WHEEL_REST_MS, move || {
                            let c = *cam2.borrow();
                            commit_zoom(&mut gesture2.borrow_mut(), &svg2, &c, &on_camera2);
                        }));
                    },
                )
            });
            move || drop(listener)
        });
    }

    let onpointerdown = {
        let gesture = gesture.clone();
        let svg_ref = svg_ref.clone();
        let cam = cam.clone();
        let on_camera = props.on_camera.clone();
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            if e.button() > 0 {
                return;
            }
            if g.wheel.is_some() {
                if let Some(svg) = svg_ref.cast::<web_sys::Element>() {
                    let c = *cam.borrow();
                    commit_zoom(&mut g, &svg, &c, &on_camera);
                }
            }
            g.pointers.retain(|p| p.0 != e.pointer_id());
            g.pointers
                .push((e.pointer_id(), e.client_x() as f64, e.client_y() as f64));
            if g.pointers.len() == 1 {
                g.moved = 0.0;
                g.dragging = false;
            }
            if g.pointers.len() == 2 {
                if let Some(svg) = svg_ref.cast::<web_sys::Element>() {
                    let c = *cam.borrow();
                    commit_shift(&mut g, &svg, &c, &on_camera);
                }
                g.pinch = Some(dist(
                    (g.pointers[0].1, g.pointers[0].2),
                    (g.pointers[1].1, g.pointers[1].2),
                ));
            }
        })
    };
    let hovered = use_mut_ref(|| None::<Cell>);
    let onpointermove = {
        let gesture = gesture.clone();
        let svg_ref = svg_ref.clone();
        let cam = cam.clone();
        let on_camera = props.on_camera.clone();
        let on_space = props.on_space.clone();
        let hovered = hovered.clone();
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            // A mouse pointing (no button down): the space under it, for
            // its aids.
            if g.pointers.is_empty() && e.pointer_type() == "mouse" {
                if let Some(svg) = svg_ref.cast::<web_sys::Element>() {
                    let c = *cam.borrow();
                    let (_, at) = measure(&svg, &c, (e.client_x() as f64, e.client_y() as f64));
                    let cell =
                        Cell::new((at.0 / TILE).floor() as i32, (at.1 / TILE).floor() as i32);
                    if *hovered.borrow() != Some(cell) {
                        *hovered.borrow_mut() = Some(cell);
                        on_space.emit(Some(cell));
                    }
                }
            }
            let id = e.pointer_id();
            let Some(k) = g.pointers.iter().position(|p| p.0 == id) else {
                return;
            };
            let Some(svg) = svg_ref.cast::<web_sys::Element>() else {
                return;
            };
            let now = (e.client_x() as f64, e.client_y() as f64);
            let old = (g.pointers[k].1, g.pointers[k].2);
            g.pointers[k] = (id, now.0, now.1);
            let c = *cam.borrow();
            if g.pointers.len() == 1 {
                g.moved += (now.0 - old.0).abs() + (now.1 - old.1).abs();
                if g.moved > 6.0 && !g.dragging {
                    g.dragging = true;
                    let _ = svg.set_pointer_capture(id);
                }
                if g.dragging {
                    g.shift.0 += now.0 - old.0;
                    g.shift.1 += now.1 - old.1;
                    set_style(
                        &svg,
                        &[(
                            "transform",
                            &format!(
                                "translate({}px,{}px)",
                                view::geometry::num(g.shift.0),
                                view::geometry::num(g.shift.1)
                            ),
                        )],
                    );
                }
            } else if g.pointers.len() == 2 {
                let (a, b) = (
                    (g.pointers[0].1, g.pointers[0].2),
                    (g.pointers[1].1, g.pointers[1].2),
                );
                let d = dist(a, b);
                if let Some(d0) = g.pinch.filter(|d0| *d0 > 1.0) {
                    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                    let (_, at) = measure(&svg, &c, mid);
                    on_camera.emit(CameraAction::Zoom {
                        factor: d / d0,
                        at: Some(at),
                    });
                }
                g.pinch = Some(d);
                g.dragging = true;
            }
        })
    };
    let onpointerup = {
        let gesture = gesture.clone();
        let svg_ref = svg_ref.clone();
        let cam = cam.clone();
        let on_camera = props.on_camera.clone();
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            if let Some(svg) = svg_ref.cast::<web_sys::Element>() {
                let c = *cam.borrow();
                commit_shift(&mut g, &svg, &c, &on_camera);
            }
            g.pointers.retain(|p| p.0 != e.pointer_id());
            if g.pointers.len() < 2 {
                g.pinch = None;
            }
            if g.dragging {
                g.suppress_click = true;
            }
            if g.pointers.is_empty() {
                g.dragging = false;
            }
        })
    };
    // Made once, so that the targets layer's props stay equal on pan and zoom.
    let is_drag = {
        let gesture = gesture.clone();
        (*use_memo((), move |_| {
            Callback::from(move |_: ()| std::mem::take(&mut gesture.borrow_mut().suppress_click))
        }))
        .clone()
    };
    // Made once too: the board point under a client position, as the
    // camera of the moment shows it (the sides' nearest pick).
    let to_board = {
        let svg_ref = svg_ref.clone();
        let cam = cam.clone();
        (*use_memo((), move |_| {
            Callback::from(move |client: (f64, f64)| {
                let svg = svg_ref.cast::<web_sys::Element>()?;
                let c = *cam.borrow();
                Some(measure(&svg, &c, client).1)
            })
        }))
        .clone()
    };
    let onclick = {
        let gesture = gesture.clone();
        Callback::from(move |_: MouseEvent| gesture.borrow_mut().suppress_click = false)
    };
    let oncontextmenu = {
        let on_rotate = props.on_rotate.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            on_rotate.emit(());
        })
    };

    let coords = props.coords.then(|| {
        let cells: Vec<Cell> = props.targets.cells.iter().map(|c| c.cell).collect();
        coords_layer(&props.scene, &cells)
    });
    html! {
        <>
            <svg ref={svg_ref} class="board-svg" data-testid="board" viewBox={props.camera.view_box()}
                preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg"
                tabindex="0" role="application" aria-roledescription={msg::board::roledescription()}
                aria-label={match props.scene.ruleset {
                    Ruleset::City => msg::board::label_city(),
                    Ruleset::Classic => msg::board::label_classic(),
                }}
                aria-describedby="board-focus"
                onpointerdown={onpointerdown} onpointermove={onpointermove.clone()}
                onpointerup={onpointerup.clone()} onpointercancel={onpointerup}
                onpointerleave={{
                    let (on_space, hovered) = (props.on_space.clone(), hovered.clone());
                    Callback::from(move |_: PointerEvent| {
                        if hovered.borrow_mut().take().is_some() {
                            on_space.emit(None);
                        }
                    })
                }}
                onclick={onclick} oncontextmenu={oncontextmenu}>
                <TileDefs ruleset={props.scene.ruleset} types={props.scene.types.clone()} />
                <rect class="ground" x="-40000" y="-40000" width="80000" height="80000" fill="url(#ground)" />
                <TilesLayer scene={props.scene.clone()} />
                if let Some(aids) = &props.aids {
                    <AidsLayer aids={aids.clone()} owners={props.owners} />
                }
                <RecentLayer recent={props.recent.clone()} top=false />
                <PiecesLayer scene={props.scene.clone()} />
                <RecentLayer recent={props.recent.clone()} top=true />
                <TargetsLayer targets={props.targets.clone()} ruleset={props.scene.ruleset} on_cell={props.on_cell.clone()}
                    on_choice={props.on_choice.clone()} is_drag={is_drag} to_board={to_board} />
                { for coords }
            </svg>
            <p id="board-focus" class="sr-only" aria-live="polite" data-testid="board-focus">
                { props.focus_words.clone().unwrap_or_default() }</p>
        </>
    }
}
