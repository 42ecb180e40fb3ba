//! The puzzles (issue 40), a part of the extras: a position from a game
//! where one move is clearly the best, played on the board as in a game
//! (mouse, keyboard, the text view's typed moves), then said right or not
//! with the best move, its gain and theme, and the ratings moved. The
//! daily puzzle first; "Next puzzle" the unanswered one rated nearest the
//! player. Each game's set is a file fetched when first shown
//! (`static/puzzles/`), precached by the service worker for offline play.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::help::Help;
use super::legend::coins_on;
use super::play_screen::PlayScreen;
use super::state::puzzle::{PuzzleAction, PuzzleState};
use super::state::Action;
use engine::any::Ruleset;
use i18n::msg;
use view::names;
use view::puzzles::theme_name;

#[derive(Properties, PartialEq)]
pub struct PuzzlesAppProps {
    pub text_view: bool,
    pub coords: bool,
    pub on_close: Callback<()>,
}

/// A set's file, relative to the page.
fn set_file(r: Ruleset) -> &'static str {
    match r {
        Ruleset::City => "static/puzzles/the-city-puzzles.json",
        Ruleset::Classic => "static/puzzles/classic-puzzles.json",
    }
}

async fn fetch_set(r: Ruleset) -> Result<Rc<String>, String> {
    let promise = gloo::utils::window().fetch_with_str(set_file(r));
    let response: web_sys::Response = JsFuture::from(promise)
        .await
        .map_err(|e| super::js_error::js_message(&e))?
        .dyn_into()
        .map_err(|_| String::from("?"))?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let text = JsFuture::from(
        response
            .text()
            .map_err(|e| super::js_error::js_message(&e))?,
    )
    .await
    .map_err(|e| super::js_error::js_message(&e))?;
    text.as_string()
        .map(Rc::new)
        .ok_or_else(|| String::from("?"))
}

/// A number of points with one decimal, in the language's way.
fn points(x: f64) -> String {
    view::review::points(x)
}

#[function_component(PuzzlesApp)]
pub fn puzzles_app(props: &PuzzlesAppProps) -> Html {
    let state = use_reducer(|| PuzzleState::open(Ruleset::City, props.text_view, props.coords));
    let d = state.dispatcher();
    let dispatch = {
        let d = d.clone();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    // Each game's set fetched once, when first shown.
    {
        let d = d.clone();
        use_effect_with(state.to_fetch(), move |r| {
            if let Some(r) = *r {
                wasm_bindgen_futures::spawn_local(async move {
                    let text = fetch_set(r).await;
                    d.dispatch(Action::Puzzle(PuzzleAction::Loaded(r, text)));
                });
            }
        });
    }
    // Opened: the focus on the heading.
    use_effect_with((), |_| super::text_view::focus_testid("puzzles-title"));
    {
        let on_close = props.on_close.clone();
        use_effect_with(state.closed, move |&closed| {
            if closed {
                on_close.emit(());
            }
        });
    }
    let act = |a: PuzzleAction| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Puzzle(a.clone())))
    };
    let close_help = {
        let d = d.clone();
        Callback::from(move |_: ()| d.dispatch(Action::Help(false)))
    };
    let s = &*state;
    let rating = s.kept.player.rating.round() as u32;
    let set_status = match &s.sets[usize::from(s.ruleset == Ruleset::Classic)] {
        None => html! { <p role="status">{ msg::puzzles::loading() }</p> },
        Some(Err(why)) => html! { <p class="errors" role="alert" data-testid="puzzles-failed">
        { msg::puzzles::unavailable(why) }</p> },
        Some(Ok(set)) => html! {
            <p data-testid="puzzles-count" data-count={set.len().to_string()}
                data-own={s.own().count().to_string()}>
                { msg::puzzles::counts(set.len() as u32, s.own().count() as u32) }</p>
        },
    };
    let games = [Ruleset::City, Ruleset::Classic].map(|r| {
        let on = s.ruleset == r;
        html! {
            <button class={classes!("small", on.then_some("chosen"))} aria-pressed={on.to_string()}
                data-testid={format!("puzzles-game-{}", if r == Ruleset::City { "city" } else { "classic" })}
                onclick={act(PuzzleAction::Game(r))}>{ names::ruleset(r) }</button>
        }
    });
    let current = s.current.as_ref();
    let task = current.map(|c| {
        let name = c
            .play
            .seats
            .get(usize::from(c.puzzle.seat))
            .map(|x| x.name.clone())
            .unwrap_or_default();
        let puzzle_rating = s.kept.rating_of(&c.puzzle).rating.round() as u32;
        html! {
            <>
                <p class="puzzle-task" data-testid="puzzle-task" data-id={c.puzzle.id.clone()}
                    data-daily={c.daily.to_string()}>
                    if c.daily { <strong>{ msg::puzzles::daily() }{ ": " }</strong> }
                    { msg::puzzles::task(&name, c.puzzle.turn as u32, theme_name(c.puzzle.theme)) }</p>
                <p class="puzzle-rating">{ msg::puzzles::puzzle_rating(puzzle_rating) }</p>
            </>
        }
    });
    let outcome = current.and_then(|c| {
        let o = c.outcome.as_ref()?;
        let gain = points(c.puzzle.gain);
        let words = if o.solved {
            msg::puzzles::solved(&gain)
        } else {
            msg::puzzles::failed(&c.puzzle.best_words(&c.pos), &gain)
        };
        let change = if o.rated {
            msg::puzzles::rating_change(o.before.round() as u32, o.after.round() as u32)
        } else {
            msg::puzzles::not_rated().to_string()
        };
        Some(html! {
            <div class={classes!("puzzle-outcome", if o.solved { "solved" } else { "failed" })}
                data-testid="puzzle-outcome" data-solved={o.solved.to_string()} role="alert">
                <p><span aria-hidden="true">{ if o.solved { "✓ " } else { "✗ " } }</span>{ words }</p>
                <p>{ change }</p>
            </div>
        })
    });
    html! {
        <div class="puzzles-layout">
            <section class="puzzles parchment" data-testid="puzzles" aria-labelledby="puzzles-title"
                data-rating={rating.to_string()}>
                <div class="review-head">
                    <h2 id="puzzles-title" data-testid="puzzles-title" tabindex="-1">{ msg::puzzles::title() }</h2>
                    <button class="quiet small" data-testid="puzzles-close"
                        onclick={act(PuzzleAction::Close)}>{ msg::puzzles::close() }</button>
                </div>
                <p class="review-about">{ msg::puzzles::about() }</p>
                <div class="puzzle-games" role="group" aria-label={msg::puzzles::games()}>{ for games }</div>
                { set_status }
                <p data-testid="puzzles-rating">{ msg::puzzles::your_rating(rating) }</p>
                { for task }
                { for outcome }
                <div class="puzzle-buttons">
                    <button data-testid="puzzle-daily" onclick={act(PuzzleAction::Daily)}>{ msg::puzzles::daily() }</button>
                    <button data-testid="puzzle-next" onclick={act(PuzzleAction::Next)}>{ msg::puzzles::next() }</button>
                </div>
            </section>
            if let Some(c) = current {
                <PlayScreen play={c.play.clone()} {dispatch} text_view={s.text_view} coords={s.coords} />
            }
            if s.help {
                <Help ruleset={s.ruleset} coins={current.is_some_and(|c| coins_on(&c.pos))} on_close={close_help} />
            }
        </div>
    }
}
