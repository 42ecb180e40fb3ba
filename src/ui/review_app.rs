//! The game review as a part of the extras (ui/extras.rs): the review's
//! screen and the board beside it, with a state of their own
//! (state/review.rs, `ReviewState`) and an engine worker of their own that
//! computes the review, so the page keeps its worker. Closing the review
//! (its Close button, or Esc) tells the page.

use yew::prelude::*;

use super::help::Help;
use super::legend::coins_on;
use super::notice::notices;
use super::play_screen::PlayScreen;
use super::review_screen::ReviewScreen;
use super::state::review::ReviewState;
use super::state::{Action, Play};
use super::worker::{spawn_engine, FromEngine, ToEngine};
use engine::any::AnyGame;
use view::palette::Seat;
use view::Shared;

#[derive(Properties, PartialEq)]
pub struct ReviewAppProps {
    pub game: Shared<AnyGame>,
    pub seats: Shared<Vec<Seat>>,
    pub text_view: bool,
    pub coords: bool,
    pub on_close: Callback<()>,
}

#[function_component(ReviewApp)]
pub fn review_app(props: &ReviewAppProps) -> Html {
    let state = use_reducer(|| {
        let play = Play::new((*props.game).clone(), (*props.seats).clone());
        ReviewState::open(&play, props.text_view, props.coords)
    });
    let d = state.dispatcher();
    let dispatch = {
        let d = d.clone();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    // The review's own engine worker, kept while the review is open.
    let engine = {
        let d = d.clone();
        use_memo((), move |_| {
            spawn_engine(move |out: FromEngine| {
                if !matches!(out, FromEngine::Pong { .. }) {
                    d.dispatch(Action::Engine(out))
                }
            })
        })
    };
    // The review runs in the worker while it is open and running; closed
    // or cancelled, the worker is told to stop.
    {
        let job = state
            .review
            .as_ref()
            .filter(|r| r.running())
            .map(|r| (r.request, r.game.clone(), r.level));
        let engine = engine.clone();
        use_effect_with(job.as_ref().map(|j| j.0), move |_| {
            let request = job.as_ref().map(|j| j.0);
            if let Some((request, game, level)) = job {
                engine.send(ToEngine::Review {
                    request,
                    game: (*game).clone(),
                    level,
                });
            }
            move || {
                if let Some(request) = request {
                    engine.send(ToEngine::Cancel { request });
                }
            }
        });
    }
    // Closed: back to the page's game.
    let closed = state.review.is_none();
    {
        let on_close = props.on_close.clone();
        use_effect_with(closed, move |&closed| {
            if closed {
                on_close.emit(());
            }
        });
    }
    let on_dismiss = {
        let d = d.clone();
        Callback::from(move |i: usize| d.dispatch(Action::DismissNotice(i)))
    };
    let close_help = {
        let d = d.clone();
        Callback::from(move |_: ()| d.dispatch(Action::Help(false)))
    };
    let Some(review) = &state.review else {
        return html! {};
    };
    html! {
        <>
            { notices(&state.notices, &on_dismiss) }
            <div class="review-layout">
                <ReviewScreen review={review.clone()} dispatch={dispatch.clone()} />
                <PlayScreen play={review.board.clone()} {dispatch} text_view={state.text_view}
                    coords={state.coords} review=true />
            </div>
            if state.help {
                <Help ruleset={review.game.ruleset()} coins={coins_on(&review.game)} on_close={close_help} />
            }
        </>
    }
}
