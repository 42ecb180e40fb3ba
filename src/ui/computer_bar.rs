//! The computer seats' bar: who is thinking and how far it has got, the
//! speed of the computer's moves, and pause / resume (to watch a game of
//! computers at one's own pace).

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::Speed;
use computer::{Level, Progress};
use i18n::msg;
use view::names;
use view::palette::PlayerColour;

#[derive(PartialEq)]
pub struct ComputerBarProps {
    /// The computer to move: its name, colour and level.
    pub thinker: Option<(String, PlayerColour, Level)>,
    pub progress: Option<Progress>,
    pub speed: Speed,
    pub paused: bool,
    /// Pause is offered (a game of computers only, or when paused).
    pub can_pause: bool,
    pub on_speed: Callback<Speed>,
    pub on_pause: Callback<bool>,
}

/// (A plain function, not a component: it has no state of its own and its
/// parent redraws it anyway.)
pub fn computer_bar(props: &ComputerBarProps) -> Html {
    let percent = props
        .progress
        .filter(|p| p.total > 0)
        .map_or(0, |p| (100 * p.done as u64 / p.total as u64) as u32);
    let on_speed = props.on_speed.reform(|e: Event| {
        e.target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            .and_then(|s| Speed::from_name(&s.value()))
            .unwrap_or_default()
    });
    let paused = props.paused;
    let on_pause = props.on_pause.reform(move |_: MouseEvent| !paused);
    html! {
        <section class="computer-bar" data-testid="computer-bar">
            if let Some((name, colour, level)) = &props.thinker {
                <p class={classes!("thinking", colour.who_class())} data-testid="thinking"
                    data-paused={paused.to_string()}>
                    <span class="swatch"></span>
                    if paused {
                        { msg::computer::waits(name, names::level(*level)) }
                    } else {
                        { msg::computer::thinking(name, names::level(*level)) }
                        <progress max="100" value={percent.to_string()} aria-label={msg::computer::thinking_label()}></progress>
                    }
                </p>
            }
            <div class="computer-controls">
                <label>
                    <span>{ msg::computer::speed() }</span>
                    <select data-testid="speed" onchange={on_speed}>
                        { for Speed::ALL.iter().map(|s| html! {
                            <option value={s.name()} selected={*s == props.speed}>{ speed_name(*s) }</option>
                        }) }
                    </select>
                </label>
                if props.can_pause {
                    <button data-testid="pause" onclick={on_pause}>
                        { if paused { msg::computer::resume() } else { msg::computer::pause() } }</button>
                }
            </div>
        </section>
    }
}

/// A speed's name in the chosen language (its `value` stays `Speed::name`).
fn speed_name(s: Speed) -> &'static str {
    match s {
        Speed::Fast => msg::speed::fast(),
        Speed::Normal => msg::speed::normal(),
        Speed::Slow => msg::speed::slow(),
    }
}
