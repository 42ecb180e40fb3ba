//! The board in 3-D (issue 41; in the `city3d` chunk): a full-screen
//! dialog with the canvas (ui/city3d_canvas.rs draws the view model's
//! frames), its controls (turn by quarter turns: the buttons, ← and →, a
//! drag; zoom: the buttons, + and −, ↑ and ↓, the wheel, two fingers; 0
//! resets), "Save picture" (a PNG download, and the system's share sheet
//! where the browser shares files), and the text alternative that stands
//! for the picture (`view::city3d::describe`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::city3d_canvas::Painter;
use super::city3d_host::City3dProps;
use super::modal::Modal;
use i18n::msg::city3d as m;
use view::city3d::describe::{describe, legend, seen_from, title};
use view::city3d::project::turn_by;
use view::city3d::City3d;
use view::geometry::Pt;

/// How the chunk draws the view (`chunks::city3d` hands it to the page).
pub fn draw(props: &City3dProps) -> Html {
    html! { <City3dView ..props.clone() /> }
}

/// What the page keeps between events: the painter, the canvas, the
/// pointers down, the timer of the work left for a pause.
#[derive(Default)]
struct Live {
    painter: Option<Painter>,
    canvas: Option<HtmlCanvasElement>,
    /// Pointers down: where each was last (CSS pixels in the canvas).
    pointers: HashMap<i32, Pt>,
    /// A one-finger drag's sideways travel since its last quarter turn.
    drag: f64,
    frame_asked: bool,
    /// The pause before the sharp redraw and the other sides' images.
    idle: Option<Timeout>,
    /// Milliseconds from the view's opening to its first drawing.
    opened: f64,
}

type Shared = Rc<RefCell<Live>>;

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Draw at the next animation frame (once, however often asked), then,
/// after a pause, the part in view sharp and the other sides' images.
fn redraw(live: &Shared) {
    {
        let mut l = live.borrow_mut();
        if l.frame_asked {
            return;
        }
        l.frame_asked = true;
    }
    let live2 = live.clone();
    let cb = Closure::once_into_js(move || {
        let canvas = {
            let mut l = live2.borrow_mut();
            l.frame_asked = false;
            l.canvas.clone()
        };
        let Some(canvas) = canvas else { return };
        let first = {
            let mut l = live2.borrow_mut();
            let opened = l.opened;
            let Some(p) = l.painter.as_mut() else { return };
            let first = p.drawn == 0;
            p.draw(&canvas);
            first.then(|| now() - opened)
        };
        if let Some(ms) = first {
            let el: &web_sys::Element = &canvas;
            let _ = el.set_attribute("data-first-ms", &view::geometry::fixed(ms, 0));
        }
        settle(&live2);
    });
    if let Some(w) = web_sys::window() {
        let _ = w.request_animation_frame(cb.unchecked_ref());
    }
}

/// After 150 ms without a change: the part in view drawn sharp if zoomed
/// in beyond the side's image; then the other sides' images, a slice at a
/// time.
fn settle(live: &Shared) {
    settle_in(live, 150);
}

fn settle_in(live: &Shared, ms: u32) {
    let live2 = live.clone();
    let t = Timeout::new(ms, move || {
        let canvas = live2.borrow().canvas.clone();
        let Some(canvas) = canvas else { return };
        let again = {
            let mut l = live2.borrow_mut();
            let Some(p) = l.painter.as_mut() else { return };
            if p.wants_detail(&canvas) {
                p.render_detail(&canvas);
                p.draw(&canvas);
            }
            p.render_next(&canvas)
        };
        if again {
            let el: &web_sys::Element = &canvas;
            if let Some(p) = live2.borrow().painter.as_ref() {
                let _ = el.set_attribute("data-ready", &p.ready().to_string());
                let _ = el.set_attribute("data-slice-ms", &view::geometry::fixed(p.slice_ms, 1));
            }
            settle_in(&live2, 10);
        }
    });
    live.borrow_mut().idle = Some(t);
}

/// Something to do to the view.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Move {
    Turn(i32),
    Zoom(i32, Option<Pt>),
    Reset,
}

/// `mv` done: the painter moved, the screen redrawn; the quarter turn it
/// shows now.
fn apply(live: &Shared, mv: Move) -> Option<u8> {
    let turn = {
        let mut l = live.borrow_mut();
        let canvas = l.canvas.clone()?;
        let p = l.painter.as_mut()?;
        match mv {
            Move::Turn(by) => {
                p.turn = turn_by(p.turn, by);
                p.pan = (0.0, 0.0);
            }
            Move::Zoom(steps, at) => p.zoom_about(&canvas, steps, at),
            Move::Reset => p.reset(),
        }
        p.turn
    };
    redraw(live);
    Some(turn)
}

fn button(
    testid: &'static str,
    label: &str,
    glyph: &'static str,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <button class="small" data-testid={testid} title={label.to_string()} aria-label={label.to_string()} {onclick}>
            <span aria-hidden="true">{ glyph }</span>
        </button>
    }
}

/// Whether the browser can share a PNG file through the system's sheet.
fn can_share_files() -> bool {
    let nav = gloo::utils::window().navigator();
    let can = js_sys::Reflect::get(&nav, &"canShare".into()).ok();
    let Some(can) = can.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) else {
        return false;
    };
    let Some(file) = png_file(&js_sys::Array::new().into()) else {
        return false;
    };
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"files".into(), &js_sys::Array::of1(&file));
    can.call1(&nav, &data)
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// A PNG file of `parts` (a blob, or an array of parts).
fn png_file(parts: &JsValue) -> Option<web_sys::File> {
    let parts = if parts.is_array() {
        parts.clone().unchecked_into::<js_sys::Array>()
    } else {
        js_sys::Array::of1(parts)
    };
    let opts = web_sys::FilePropertyBag::new();
    opts.set_type("image/png");
    web_sys::File::new_with_blob_sequence_and_options(&parts, FILE_NAME, &opts).ok()
}

const FILE_NAME: &str = "carcassonne-3d.png";

/// Make the picture; `then` gets its PNG.
fn with_png(
    live: &Shared,
    title: &str,
    legend: &[String],
    then: impl FnOnce(Result<web_sys::Blob, String>) + 'static,
) {
    let picture = live
        .borrow_mut()
        .painter
        .as_mut()
        .and_then(|p| p.picture(title, legend));
    let Some(picture) = picture else {
        then(Err(i18n::msg::extras::no_reason().to_string()));
        return;
    };
    let then = RefCell::new(Some(then));
    let cb = Closure::once_into_js(move |blob: JsValue| {
        if let Some(then) = then.borrow_mut().take() {
            match blob.dyn_into::<web_sys::Blob>() {
                Ok(b) => then(Ok(b)),
                Err(_) => then(Err(i18n::msg::extras::no_reason().to_string())),
            }
        }
    });
    if let Err(e) = picture.to_blob(cb.unchecked_ref()) {
        // (`then` went with the closure: say it here.)
        gloo::console::error!(super::js_error::js_message(&e));
    }
}

#[function_component(City3dView)]
pub fn city3d_view(props: &City3dProps) -> Html {
    let ruleset = props.game.ruleset();
    let model = use_memo(
        (props.game.clone(), props.seats.clone(), props.lang),
        |(g, s, _)| {
            let model = City3d::of(g, s);
            let words = describe(&model, g);
            (Rc::new(model), words)
        },
    );
    let live: Shared = use_mut_ref(Live::default);
    let canvas_ref = use_node_ref();
    let turn = use_state(|| 0u8);
    let note = use_state(|| None::<String>);
    let share = use_state(|| false);
    // Mounted: the painter, the first drawing, and the listeners a
    // component's attributes cannot give (a wheel that is not passive, the
    // window's size).
    {
        let (live, canvas_ref, model, share) = (
            live.clone(),
            canvas_ref.clone(),
            model.clone(),
            share.clone(),
        );
        use_effect_with(model.0.clone(), move |_| {
            let canvas = canvas_ref.cast::<HtmlCanvasElement>();
            {
                let mut l = live.borrow_mut();
                if l.opened == 0.0 {
                    l.opened = now();
                }
                let keep = l.painter.as_ref().map(|p| (p.turn, p.zoom, p.pan));
                let mut p = Painter::new(model.0.clone());
                if let Some((t, z, pan)) = keep {
                    (p.turn, p.zoom, p.pan) = (t, z, pan);
                }
                l.painter = Some(p);
                l.canvas = canvas.clone();
            }
            share.set(can_share_files());
            redraw(&live);
            let mut listeners = Vec::new();
            if let Some(c) = canvas {
                let live2 = live.clone();
                let c2 = c.clone();
                listeners.push(EventListener::new_with_options(
                    &c,
                    "wheel",
                    EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        let Some(e) = e.dyn_ref::<web_sys::WheelEvent>() else {
                            return;
                        };
                        e.prevent_default();
                        let steps = if e.delta_y() < 0.0 { 1 } else { -1 };
                        let r = c2.get_bounding_client_rect();
                        let at = (
                            e.client_x() as f64 - r.left(),
                            e.client_y() as f64 - r.top(),
                        );
                        apply(&live2, Move::Zoom(steps, Some(at)));
                    },
                ));
            }
            let live2 = live.clone();
            listeners.push(EventListener::new(
                &gloo::utils::window(),
                "resize",
                move |_| redraw(&live2),
            ));
            move || drop(listeners)
        });
    }
    // Closed: what is pending stops (the other sides' drawing, a frame
    // asked for), and the images go.
    {
        let live = live.clone();
        use_effect_with((), move |_| {
            move || {
                let mut l = live.borrow_mut();
                l.idle = None;
                l.painter = None;
                l.canvas = None;
            }
        });
    }
    let act = {
        let (live, turn) = (live.clone(), turn.clone());
        move |mv: Move| {
            if let Some(t) = apply(&live, mv) {
                if t != *turn {
                    turn.set(t);
                }
            }
        }
    };
    let click = |mv: Move| {
        let act = act.clone();
        Callback::from(move |_: MouseEvent| act(mv))
    };
    let onkeydown = {
        let act = act.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            // Keys on a button or the summary keep their own meaning.
            let mv = match e.key().as_str() {
                "ArrowLeft" => Move::Turn(-1),
                "ArrowRight" => Move::Turn(1),
                "ArrowUp" | "+" | "=" => Move::Zoom(1, None),
                "ArrowDown" | "-" | "_" => Move::Zoom(-1, None),
                "0" | "Home" => Move::Reset,
                _ => return,
            };
            e.prevent_default();
            act(mv);
        })
    };
    // Pointers: one dragged sideways turns the view a quarter turn each
    // 80 pixels; two pinched zoom about their middle (and move with it).
    let pointer_at = |e: &PointerEvent| -> Option<Pt> {
        let c = e.target_dyn_into::<web_sys::Element>()?;
        let r = c.get_bounding_client_rect();
        Some((
            e.client_x() as f64 - r.left(),
            e.client_y() as f64 - r.top(),
        ))
    };
    let onpointerdown = {
        let live = live.clone();
        Callback::from(move |e: PointerEvent| {
            let Some(at) = pointer_at(&e) else { return };
            if let Some(el) = e.target_dyn_into::<web_sys::Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            let mut l = live.borrow_mut();
            l.pointers.insert(e.pointer_id(), at);
            l.drag = 0.0;
        })
    };
    let onpointermove = {
        let (live, act) = (live.clone(), act.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(at) = pointer_at(&e) else { return };
            let mv = {
                let mut l = live.borrow_mut();
                let Some(&was) = l.pointers.get(&e.pointer_id()) else {
                    return;
                };
                let others: Vec<Pt> = l
                    .pointers
                    .iter()
                    .filter(|(&id, _)| id != e.pointer_id())
                    .map(|(_, &p)| p)
                    .collect();
                l.pointers.insert(e.pointer_id(), at);
                match others.as_slice() {
                    [] => {
                        l.drag += at.0 - was.0;
                        if l.drag.abs() >= 80.0 {
                            let by = if l.drag > 0.0 { 1 } else { -1 };
                            l.drag = 0.0;
                            Some(Move::Turn(by))
                        } else {
                            None
                        }
                    }
                    [other, ..] => {
                        let d0 = ((was.0 - other.0).powi(2) + (was.1 - other.1).powi(2)).sqrt();
                        let d1 = ((at.0 - other.0).powi(2) + (at.1 - other.1).powi(2)).sqrt();
                        let mid0 = ((was.0 + other.0) / 2.0, (was.1 + other.1) / 2.0);
                        let mid1 = ((at.0 + other.0) / 2.0, (at.1 + other.1) / 2.0);
                        let canvas = l.canvas.clone();
                        if let (Some(p), Some(c), true) = (l.painter.as_mut(), canvas, d0 > 1.0) {
                            let z = p.zoom * d1 / d0;
                            p.zoom_to(&c, z, Some(mid1));
                            p.pan_by(&c, mid1.0 - mid0.0, mid1.1 - mid0.1);
                        }
                        drop(l);
                        redraw(&live);
                        None
                    }
                }
            };
            if let Some(mv) = mv {
                act(mv);
            }
        })
    };
    let onpointerup = {
        let live = live.clone();
        Callback::from(move |e: PointerEvent| {
            live.borrow_mut().pointers.remove(&e.pointer_id());
        })
    };
    let legend_lines = legend(&model.0);
    let heading = title(ruleset);
    let save = {
        let (live, note, legend_lines) = (live.clone(), note.clone(), legend_lines.clone());
        Callback::from(move |_: MouseEvent| {
            let note = note.clone();
            with_png(&live, heading, &legend_lines, move |png| match png {
                Ok(blob) => match super::download::download_blob(FILE_NAME, &blob) {
                    Ok(()) => note.set(Some(m::saved(FILE_NAME))),
                    Err(e) => note.set(Some(m::failed(&e))),
                },
                Err(e) => note.set(Some(m::failed(&e))),
            });
        })
    };
    let share_click = {
        let (live, note, legend_lines) = (live.clone(), note.clone(), legend_lines.clone());
        Callback::from(move |_: MouseEvent| {
            let note = note.clone();
            with_png(&live, heading, &legend_lines, move |png| {
                let file = png.ok().and_then(|b| png_file(&b));
                let Some(file) = file else {
                    note.set(Some(m::failed(i18n::msg::extras::no_reason())));
                    return;
                };
                let nav = gloo::utils::window().navigator();
                let data = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&data, &"files".into(), &js_sys::Array::of1(&file));
                let _ = js_sys::Reflect::set(&data, &"title".into(), &heading.into());
                let share = js_sys::Reflect::get(&nav, &"share".into())
                    .ok()
                    .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
                let Some(promise) = share
                    .and_then(|f| f.call1(&nav, &data).ok())
                    .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
                else {
                    note.set(Some(m::failed(i18n::msg::extras::no_reason())));
                    return;
                };
                wasm_bindgen_futures::spawn_local(async move {
                    match wasm_bindgen_futures::JsFuture::from(promise).await {
                        Ok(_) => note.set(Some(m::shared().to_string())),
                        // Cancelled by the player: nothing to say.
                        Err(e) if super::js_error::js_message(&e).contains("Abort") => {}
                        Err(e) => note.set(Some(m::failed(&super::js_error::js_message(&e)))),
                    }
                });
            });
        })
    };
    let close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <Modal title={heading} on_close={props.on_close.clone()} class="city3d" testid="city3d">
            <div class="city3d-body" {onkeydown}>
                <div class="city3d-tools" role="toolbar" aria-label={heading} data-testid="city3d-tools">
                    { button("city3d-turn-left", m::turn_left(), "↺", click(Move::Turn(-1))) }
                    { button("city3d-turn-right", m::turn_right(), "↻", click(Move::Turn(1))) }
                    { button("city3d-zoom-out", m::zoom_out(), "−", click(Move::Zoom(-1, None))) }
                    { button("city3d-zoom-in", m::zoom_in(), "+", click(Move::Zoom(1, None))) }
                    <button class="small" data-testid="city3d-reset" onclick={click(Move::Reset)}>{ m::reset() }</button>
                    <button class="small primary" data-testid="city3d-save" onclick={save}>{ m::save() }</button>
                    if *share {
                        <button class="small" data-testid="city3d-share" onclick={share_click}>{ m::share() }</button>
                    }
                    <button class="small quiet" data-testid="city3d-close" onclick={close}>{ m::close() }</button>
                </div>
                <canvas ref={canvas_ref} class="city3d-canvas" data-testid="city3d-canvas" tabindex="0"
                    role="img" aria-label={m::picture(heading)} aria-describedby="city3d-words"
                    {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointercancel={onpointerup} />
                <p class="city3d-seen" aria-live="polite" data-testid="city3d-seen">{ seen_from(*turn) }</p>
                if let Some(n) = &*note {
                    <p class="city3d-note" role="status" data-testid="city3d-note">{ n.clone() }</p>
                }
                <details class="city3d-about">
                    <summary>{ m::description() }</summary>
                    <p class="city3d-keys">{ m::keys() }</p>
                    <ul id="city3d-words" data-testid="city3d-text">
                        { for model.1.iter().map(|s| html! { <li>{ s.clone() }</li> }) }
                    </ul>
                </details>
            </div>
        </Modal>
    }
}
