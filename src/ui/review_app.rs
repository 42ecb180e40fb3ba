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
use super::review_try::ReviewTry;
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

/// How many engine workers a review splits its decisions across: one a
/// core but the page's (`navigator.hardwareConcurrency − 1`), but two on a
/// 2-core device: the page is idle while a review runs (the player reads),
/// and one worker on two cores takes the judge's review of a City game to
/// about twice the 60 s it should (docs/puzzles.md). At most 16;
/// `?review-workers=N` in the address sets it (measurements).
pub fn review_workers() -> usize {
    let asked = super::app::query_param("review-workers").and_then(|n| n.parse::<usize>().ok());
    let cores = gloo::utils::window().navigator().hardware_concurrency() as usize;
    asked
        .unwrap_or(cores.saturating_sub(1).max(cores.min(2)))
        .clamp(1, 16)
}

/// The level the computer plays a variation at (the review itself judges
/// with the ruleset's own judge).
pub fn review_level() -> computer::Level {
    super::state::review::REVIEW_LEVEL
}

#[function_component(ReviewApp)]
pub fn review_app(props: &ReviewAppProps) -> Html {
    let workers = use_memo((), |_| review_workers());
    let state = use_reducer(|| {
        let play = Play::new((*props.game).clone(), (*props.seats).clone());
        ReviewState::open_with(
            &play,
            props.text_view,
            props.coords,
            review_level(),
            *workers,
        )
    });
    let d = state.dispatcher();
    let dispatch = {
        let d = d.clone();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    // The review's own engine workers (one a core but the page's), kept
    // while the review is open.
    let engines = {
        let d = d.clone();
        let n = *workers;
        use_memo((), move |_| {
            (0..n)
                .map(|_| {
                    let d = d.clone();
                    spawn_engine(move |out: FromEngine| {
                        if !matches!(out, FromEngine::Pong { .. }) {
                            d.dispatch(Action::Engine(out))
                        }
                    })
                })
                .collect::<Vec<_>>()
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
        let engines = engines.clone();
        use_effect_with(job.as_ref().map(|j| j.0), move |_| {
            let request = job.as_ref().map(|j| j.0);
            if let Some((request, game, level)) = job {
                let parts = engines.len() as u32;
                for (part, engine) in engines.iter().enumerate() {
                    engine.send(if parts > 1 {
                        ToEngine::ReviewPart {
                            request,
                            game: (*game).clone(),
                            level,
                            part: part as u32,
                            parts,
                        }
                    } else {
                        ToEngine::Review {
                            request,
                            game: (*game).clone(),
                            level,
                        }
                    });
                }
            }
            move || {
                if let Some(request) = request {
                    for engine in engines.iter() {
                        engine.send(ToEngine::Cancel { request });
                    }
                }
            }
        });
    }
    // The review done, the people's mistakes are judged as puzzles in the
    // first review worker (issue 40); closed before, it is told to stop.
    {
        let job = state
            .review
            .as_ref()
            .and_then(|r| r.puzzles.as_ref().filter(|p| !p.finished()).map(|p| (r, p)))
            .map(|(r, p)| (p.request, r.game.clone(), p.mistakes.clone()));
        let engine = engines[0].clone();
        use_effect_with(job.as_ref().map(|j| j.0), move |_| {
            let request = job.as_ref().map(|j| j.0);
            if let Some((request, game, mistakes)) = job {
                engine.send(ToEngine::Puzzles {
                    request,
                    game: (*game).clone(),
                    mistakes: (*mistakes).clone(),
                });
            }
            move || {
                if let Some(request) = request {
                    engine.send(ToEngine::Cancel { request });
                }
            }
        });
    }
    // A variation's computer seats think in the first review worker, beside
    // the review (a job of its own there).
    {
        let ask = state.variation.as_ref().and_then(|v| v.play.engine_ask());
        let game = state.variation.as_ref().map(|v| v.play.game.clone());
        let engine = engines[0].clone();
        use_effect_with(ask, move |&ask| {
            let sent = ask.zip(game).map(|(ask, game)| {
                let msg = ToEngine::Think {
                    request: ask.request,
                    game: (*game).clone(),
                    level: ask.level,
                    seed: ask.seed,
                };
                let e = engine.clone();
                // A moment, so that the player sees the move that called it.
                gloo::timers::callback::Timeout::new(if ask.hint { 0 } else { 400 }, move || {
                    e.send(msg)
                })
            });
            move || {
                drop(sent);
                if let Some(ask) = ask {
                    engine.send(ToEngine::Cancel {
                        request: ask.request,
                    });
                }
            }
        });
    }
    // Decisions freed at once are shown a few per task (`Review::drain`),
    // the page free to paint and take input between.
    {
        let backlog = state
            .review
            .as_ref()
            .filter(|r| r.backlog())
            .map(|r| r.decisions.len());
        let d = d.clone();
        use_effect_with(backlog, move |backlog| {
            let next = backlog.map(|_| {
                gloo::timers::callback::Timeout::new(0, move || d.dispatch(Action::ReviewDrain))
            });
            move || drop(next)
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
    // A variation's panel says what it is (issue 40).
    let variation_note = state.variation.as_ref().map(|v| {
        let turn = review.decisions.get(v.index).map_or(0, |x| x.turn);
        AttrValue::from(i18n::msg::trial::variation(turn))
    });
    html! {
        <>
            { notices(&state.notices, &on_dismiss) }
            <div class="review-layout">
                <ReviewScreen review={review.clone()} dispatch={dispatch.clone()} />
                <div class="review-board">
                    <ReviewTry review={review.clone()} variation={state.variation.clone()}
                        dispatch={dispatch.clone()} />
                    // The panel is the review's; in a variation the player
                    // plays, so the hand and its buttons are there.
                    <PlayScreen play={state.variation.as_ref().map_or(&review.board, |v| &v.play).clone()}
                        {dispatch} text_view={state.text_view} coords={state.coords}
                        review={state.variation.is_none()} variation={variation_note} />
                </div>
            </div>
            if state.help {
                <Help ruleset={review.game.ruleset()} coins={coins_on(&review.game)} on_close={close_help} />
            }
        </>
    }
}
