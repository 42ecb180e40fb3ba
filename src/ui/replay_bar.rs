//! The replay viewer: a mode of the play screen showing the game after its
//! first N decisions. The bar steps (|◀ ◀ ▶ ▶|, ← and →, Home and End), jumps (a slider over
//! the decisions, a turn number) and closes (✕, Esc). While it is open the
//! board shows the past and the reducer refuses moves.

use gloo::events::{EventListener, EventListenerOptions, EventListenerPhase};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::{Action, Replay};
use engine::any::AnyGame;
use i18n::msg::replay as m;
use view::Shared;

#[derive(Properties, PartialEq)]
pub struct ReplayBarProps {
    /// The game in play (the whole history).
    pub game: Shared<AnyGame>,
    pub replay: Option<Replay>,
    pub dispatch: Callback<Action>,
}

fn typing(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

#[function_component(ReplayBar)]
pub fn replay_bar(props: &ReplayBarProps) -> Html {
    let d = props.dispatch.clone();
    let open = props.replay.is_some();
    // While open, ← → step and Esc closes, before the play screen's keys
    // (capture phase on the window; arrows otherwise pan).
    {
        let d = d.clone();
        use_effect_with(open, move |&open| {
            let listener = open.then(|| {
                EventListener::new_with_options(
                    &gloo::utils::window(),
                    "keydown",
                    EventListenerOptions {
                        phase: EventListenerPhase::Capture,
                        passive: false,
                    },
                    move |e| {
                        let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                            return;
                        };
                        if typing(e)
                            || super::modal::open()
                            || e.ctrl_key()
                            || e.meta_key()
                            || e.alt_key()
                        {
                            return;
                        }
                        let action = match e.key().as_str() {
                            "ArrowLeft" => Action::ReplayStep(-1),
                            "ArrowRight" => Action::ReplayStep(1),
                            "Home" => Action::ReplayTo(0),
                            "End" => Action::ReplayTo(usize::MAX),
                            "Escape" => Action::ReplayClose,
                            _ => return,
                        };
                        e.prevent_default();
                        e.stop_propagation();
                        d.emit(action);
                    },
                )
            });
            move || drop(listener)
        });
    }
    let click = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(a.clone()))
    };
    let Some(r) = &props.replay else {
        return html! {
            <button class="replay-open quiet small" data-testid="replay-open" onclick={click(Action::ReplayOpen)}
                title={m::open_title()}>{ m::name() }</button>
        };
    };
    // Turns numbered as the chronicle numbers them.
    let turn = r.play.game.turn();
    let turns = props.game.turn();
    let slide = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                if let Ok(n) = i.value().parse::<usize>() {
                    d.emit(Action::ReplayTo(n));
                }
            }
        })
    };
    // A typed turn shows its start; the field then lets go of the
    // keyboard, so that ← and → step again.
    let jump = {
        let d = d.clone();
        let game = props.game.clone();
        Callback::from(move |e: Event| {
            if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                if let Ok(t) = i.value().trim().parse::<usize>() {
                    d.emit(Action::ReplayTo(game.start_of_turn(t)));
                }
                let _ = i.blur();
            }
        })
    };
    html! {
        <div class="replay-bar" data-testid="replay-bar" role="toolbar" aria-label={m::name()}
            data-n={r.n.to_string()} data-total={r.total.to_string()}>
            <span class="replay-label">{ m::name() }</span>
            <button class="small" data-testid="replay-first" title={m::first()} aria-label={m::first()} disabled={r.n == 0}
                onclick={click(Action::ReplayTo(0))}>{ "|◀" }</button>
            <button class="small" data-testid="replay-prev" title={m::prev()} aria-label={m::prev()} disabled={r.n == 0}
                onclick={click(Action::ReplayStep(-1))}>{ "◀" }</button>
            <span class="replay-pos" data-testid="replay-pos">
                { m::position(r.n, r.total, turn, turns) }
            </span>
            <button class="small" data-testid="replay-next" title={m::next()} aria-label={m::next()} disabled={r.n >= r.total}
                onclick={click(Action::ReplayStep(1))}>{ "▶" }</button>
            <button class="small" data-testid="replay-last" title={m::last()} aria-label={m::last()} disabled={r.n >= r.total}
                onclick={click(Action::ReplayTo(r.total))}>{ "▶|" }</button>
            <input type="range" class="replay-slider" data-testid="replay-slider" aria-label={m::slider()}
                aria-valuetext={m::slider_value(r.n, r.total, turn)}
                min="0" max={r.total.to_string()} value={r.n.to_string()} oninput={slide} />
            <label class="replay-turn">{ m::turn() }{ " " }
                <input type="number" data-testid="replay-turn" min="1" max={turns.to_string()}
                    value={turn.to_string()} onchange={jump} />
            </label>
            <button class="small" data-testid="replay-review" title={m::review_title()}
                onclick={click(Action::ReviewOpen)}>{ m::review() }</button>
            <button class="small" data-testid="replay-close" title={m::back_title()}
                onclick={click(Action::ReplayClose)}><span aria-hidden="true">{ "✕ " }</span>{ m::back() }</button>
        </div>
    }
}
