//! The review's "Try it" bar (issue 40), above its board: the previous and
//! next mistake of one's own (buttons, and the keys [ and ] anywhere in the
//! review but a text field), "Try it from here" and "Play the best move"
//! for the decision shown; while a variation is played, what it is (never
//! the game, not saved) and "Back to the game" (Esc too).

use yew::prelude::*;

use super::state::variation::Variation;
use super::state::{Action, Review};
use i18n::msg;
use view::names;

#[derive(Properties, PartialEq)]
pub struct ReviewTryProps {
    pub review: Review,
    pub variation: Option<Variation>,
    pub dispatch: Callback<Action>,
}

/// Whether a key press came from a text field (the text view's input).
fn typing(e: &KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

#[function_component(ReviewTry)]
pub fn review_try(props: &ReviewTryProps) -> Html {
    let d = props.dispatch.clone();
    // [ and ]: the previous and the next mistake, from anywhere in the review.
    {
        let d = d.clone();
        use_effect_with((), move |_| {
            let listener = gloo::events::EventListener::new_with_options(
                &gloo::utils::document(),
                "keydown",
                gloo::events::EventListenerOptions::enable_prevent_default(),
                move |e| {
                    let Some(e) = wasm_bindgen::JsCast::dyn_ref::<KeyboardEvent>(e) else {
                        return;
                    };
                    if typing(e) || e.ctrl_key() || e.meta_key() || e.alt_key() {
                        return;
                    }
                    let forward = match e.key().as_str() {
                        "]" => true,
                        "[" => false,
                        _ => return,
                    };
                    e.prevent_default();
                    d.emit(Action::ReviewMistake(forward));
                },
            );
            move || drop(listener)
        });
    }
    let click = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(a.clone()))
    };
    let r = &props.review;
    let shown = r.selected.and_then(|i| r.decisions.get(i));
    match &props.variation {
        Some(v) => {
            let name = r
                .seats
                .get(usize::from(v.seat))
                .map(|s| s.name.clone())
                .unwrap_or_default();
            let turn = r.decisions.get(v.index).map_or(0, |x| x.turn);
            html! {
                <div class="review-try variation" data-testid="variation" role="region"
                    aria-label={msg::trial::variation_label()} data-moves={v.moves().to_string()}
                    data-from={v.from.to_string()}>
                    <p data-testid="variation-about"><strong>{ msg::trial::variation(turn) }</strong>
                        { " " }{ msg::trial::variation_seats(&name, names::level(r.level)) }</p>
                    <button data-testid="variation-back" title={msg::trial::back_title()}
                        onclick={click(Action::ReviewBack)}>{ msg::trial::back() }</button>
                </div>
            }
        }
        None => html! {
            <div class="review-try" data-testid="review-try" role="group" aria-label={msg::trial::tools()}>
                <button class="small" data-testid="mistake-previous" aria-keyshortcuts="["
                    title={msg::trial::previous_title()} onclick={click(Action::ReviewMistake(false))}>
                    { msg::trial::previous() }</button>
                <button class="small" data-testid="mistake-next" aria-keyshortcuts="]"
                    title={msg::trial::next_title()} onclick={click(Action::ReviewMistake(true))}>
                    { msg::trial::next() }</button>
                if shown.is_some() {
                    <button class="small" data-testid="try-it" onclick={click(Action::ReviewTry(false))}>
                        { msg::trial::try_it() }</button>
                }
                if shown.is_some_and(|x| x.best != x.played) {
                    <button class="small" data-testid="try-best" onclick={click(Action::ReviewTry(true))}>
                        { msg::trial::try_best() }</button>
                }
            </div>
        },
    }
}
