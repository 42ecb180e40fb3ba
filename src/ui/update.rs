//! A new version of the game installed and waiting (issue 38): the page
//! says so, with "Reload to update". The service worker's side is
//! web/boot.js's: it tells the page (the window event `the-city-update`)
//! and `theCityUpdate()` lets the new worker take over and reloads once it
//! has. Nothing is lost: the game in play is saved after every decision and
//! this tab opens it again where it is (a game that could not be saved is
//! said to be so).

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use i18n::msg::header as m;

/// The window event boot.js sends when a new version waits.
const EVENT: &str = "the-city-update";

#[derive(Properties, PartialEq)]
pub struct UpdateProps {
    /// A game is in play.
    pub playing: bool,
    /// The game in play is not saved (storage full or off, another tab).
    pub unsaved: bool,
    /// The language spoken: a new one draws the words again.
    pub lang: i18n::Language,
}

/// Calls boot.js's `theCityUpdate` (else simply reloads).
fn update_now() {
    let window = gloo::utils::window();
    let f = js_sys::Reflect::get(&window, &"theCityUpdate".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match f {
        Some(f) => {
            let _ = f.call0(&window);
        }
        None => {
            let _ = window.location().reload();
        }
    }
}

#[function_component(UpdateNotice)]
pub fn update_notice(props: &UpdateProps) -> Html {
    let waiting = use_state(|| false);
    {
        let waiting = waiting.clone();
        use_effect_with((), move |_| {
            let listener =
                EventListener::new(&gloo::utils::window(), EVENT, move |_| waiting.set(true));
            move || drop(listener)
        });
    }
    if !*waiting {
        return html! {};
    }
    let reload = Callback::from(|_: MouseEvent| update_now());
    html! {
        <div class="notice update" role="status" data-testid="update">
            <p>
                { m::update_ready() }
                if props.playing {
                    { " " }{ if props.unsaved { m::update_not_saved() } else { m::update_saved() } }
                }
            </p>
            <button class="primary small" data-testid="update-reload" onclick={reload}>{ m::update_reload() }</button>
        </div>
    }
}
