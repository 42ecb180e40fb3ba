//! The game review as a part of the extras (ui/extras.rs): the review's
//! screen and the board beside it, with a reducer of their own
//! (state/review.rs) and an engine worker of their own that computes the
//! review, so the page keeps its worker. Closing the review (its Close
//! button, or Esc) tells the page.

use yew::prelude::*;

use super::help::Help;
use super::legend::coins_on;
use super::notice::notices;
use super::play_screen::PlayScreen;
use super::review_screen::ReviewScreen;
use super::state::{Action, AppState, Play};
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

/// The app's state for the review of the game of `props`.
fn opened(props: &ReviewAppProps) -> Option<AppState> {
    let (game, seats) = ((*props.game).clone(), (*props.seats).clone());
    Some(AppState {
        play: Some(Play::new(game, seats)),
        text_view: props.text_view,
        coords: props.coords,
        ..AppState::default()
    })
}

#[function_component(ReviewApp)]
pub fn review_app(props: &ReviewAppProps) -> Html {
    let state = use_reducer(|| {
        let mut s = opened(props).unwrap_or_default();
        s.of_review = true;
        if s.play.is_some() {
            super::state::review::apply(&mut s, Action::ReviewOpen);
        }
        s
    });
    // The review's own engine worker, kept while the review is open.
    let bridge = {
        let d = state.dispatcher();
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
        let bridge = bridge.clone();
        use_effect_with(job.as_ref().map(|j| j.0), move |_| {
            let request = job.as_ref().map(|j| j.0);
            if let Some((request, game, level)) = job {
                bridge.send(ToEngine::Review {
                    request,
                    game: (*game).clone(),
                    level,
                });
            }
            move || {
                if let Some(request) = request {
                    bridge.send(ToEngine::Cancel { request });
                }
            }
        });
    }
    // Closed (or a game that does not read): back to the page's game.
    let closed = state.review.is_none();
    {
        let on_close = props.on_close.clone();
        use_effect_with(closed, move |&closed| {
            if closed {
                on_close.emit(());
            }
        });
    }
    let d = state.dispatcher();
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
                <ReviewScreen review={review.clone()} dispatch={d.clone()} />
                <PlayScreen play={review.board.clone()} speed={state.speed}
                    dispatch={d.clone()} text_view={state.text_view} coords={state.coords}
                    leaving={state.leaving} />
            </div>
            if state.help {
                <Help ruleset={review.game.ruleset()} coins={coins_on(&review.game)} on_close={close_help} />
            }
        </>
    }
}
