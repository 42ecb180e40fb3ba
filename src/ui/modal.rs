//! A modal dialog: drawn over the page, the keyboard kept inside it (Tab
//! and Shift+Tab go round its controls), Esc closes it, and the focus goes
//! back where it was when it closes. Every dialog of the app is one (How to
//! play, the end of the game, importing a record, "leave this game?").

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The focus to the screen's heading: the decision's, else the review's,
/// else the new-game form's (a screen reader then says where it is).
pub fn focus_heading() {
    let doc = gloo::utils::document();
    for id in ["prompt-title", "review-title", "new-game-title"] {
        if let Some(el) = doc
            .query_selector(&format!("[data-testid={id}]"))
            .ok()
            .flatten()
        {
            if focus_el(&el) {
                return;
            }
        }
    }
}

/// [`focus_heading`] when nothing has the focus (it went with what was
/// removed).
pub fn focus_heading_if_lost() {
    let lost = gloo::utils::document()
        .active_element()
        .is_none_or(|a| a.tag_name() == "BODY");
    if lost {
        focus_heading();
    }
}

/// What can take the keyboard focus in a dialog.
const FOCUSABLE: &str = "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex=\"-1\"])";

/// Whether a modal dialog is open (the game's keys then wait).
pub fn open() -> bool {
    gloo::utils::document()
        .query_selector("[aria-modal=\"true\"]")
        .ok()
        .flatten()
        .is_some()
}

/// Give an element the keyboard focus (an HTML or an SVG element, such as
/// the board); whether it could take it.
pub fn focus_el(el: &web_sys::Element) -> bool {
    if let Some(h) = el.dyn_ref::<web_sys::HtmlElement>() {
        return h.focus().is_ok();
    }
    el.dyn_ref::<web_sys::SvgElement>()
        .is_some_and(|s| s.focus().is_ok())
}

fn focusables(root: &web_sys::Element) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = root.query_selector_all(FOCUSABLE) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .filter(|e| e.offset_parent().is_some())
        .collect()
}

#[derive(Properties, PartialEq)]
pub struct ModalProps {
    /// The dialog's heading (its accessible name).
    pub title: AttrValue,
    pub on_close: Callback<()>,
    #[prop_or_default]
    pub class: Classes,
    /// The test hook of the overlay.
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    /// A click on the backdrop closes it too.
    #[prop_or_default]
    pub close_outside: bool,
    #[prop_or_default]
    pub children: Html,
}

#[function_component(Modal)]
pub fn modal(props: &ModalProps) -> Html {
    let node = use_node_ref();
    let id = use_memo((), |_| {
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        format!("dialog-{}", N.fetch_add(1, Ordering::Relaxed))
    });
    // On opening: remember the focus, focus the first control (else the
    // dialog); on closing: give the focus back.
    {
        let node = node.clone();
        use_effect_with((), move |_| {
            let before = gloo::utils::document().active_element();
            if let Some(root) = node.cast::<web_sys::Element>() {
                match focusables(&root).into_iter().next() {
                    Some(first) => {
                        let _ = first.focus();
                    }
                    None => {
                        if let Some(r) = root.dyn_ref::<web_sys::HtmlElement>() {
                            let _ = r.focus();
                        }
                    }
                }
            }
            move || {
                match before.filter(|e| e.is_connected() && e.tag_name() != "BODY") {
                    Some(el) => {
                        focus_el(&el);
                    }
                    // What had the focus has gone with its decision (or
                    // with the review): the screen's heading takes it.
                    None => focus_heading(),
                }
            }
        });
    }
    let onkeydown = {
        let node = node.clone();
        let close = props.on_close.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Escape" => {
                e.prevent_default();
                e.stop_propagation();
                close.emit(());
            }
            "Tab" => {
                let Some(root) = node.cast::<web_sys::Element>() else {
                    return;
                };
                let list = focusables(&root);
                let (Some(first), Some(last)) = (list.first(), list.last()) else {
                    e.prevent_default();
                    return;
                };
                let active = gloo::utils::document().active_element();
                let at = |el: &web_sys::HtmlElement| {
                    active
                        .as_ref()
                        .is_some_and(|a| a == el.unchecked_ref::<web_sys::Element>())
                };
                let inside = active.as_ref().is_some_and(|a| root.contains(Some(a)));
                if e.shift_key() && (at(first) || !inside) {
                    e.prevent_default();
                    let _ = last.focus();
                } else if !e.shift_key() && (at(last) || !inside) {
                    e.prevent_default();
                    let _ = first.focus();
                }
            }
            _ => {}
        })
    };
    let outside = {
        let close = props.on_close.clone();
        let on = props.close_outside;
        Callback::from(move |e: MouseEvent| {
            if on && e.target() == e.current_target() {
                close.emit(());
            }
        })
    };
    html! {
        <div class="overlay" data-testid={props.testid.clone()} onclick={outside}>
            <div ref={node} class={classes!("dialog", "parchment", props.class.clone())} role="dialog"
                aria-modal="true" aria-labelledby={(*id).clone()} tabindex="-1" onkeydown={onkeydown}>
                <h2 id={(*id).clone()}>{ props.title.clone() }</h2>
                { props.children.clone() }
            </div>
        </div>
    }
}
