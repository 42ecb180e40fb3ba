//! The root component: the title bar, the new-game screen or the game, How to
//! play, and the engine worker that runs the computer seats and hints
//! (spawned here, once, and asked whenever the position calls for it).

use gloo::timers::callback::{Interval, Timeout};
use std::cell::Cell;
use std::rc::Rc;
use yew::prelude::*;

use super::extras::{ExtrasHost, Part, PartEvent};
use super::import_dialog::ImportDialog;
use super::language;
use super::legend::coins_on;
use super::modal::Modal;
use super::new_game::NewGameScreen;
use super::notice::notices;
use super::play_host::PlayHost;
use super::replay_bar::ReplayBar;
use super::saves_list::SavesList;
use super::session::Session;
use super::share_button::ShareButton;
use super::state::{Action, AppState, Notice};
use super::update::UpdateNotice;
use super::worker::{spawn_engine, Failure, FromEngine, ToEngine};
use super::worker_line::{WorkerLine, WorkerStatus};
use engine::any::{AnyGame, Ruleset};
use engine::city::{Catalogue, Options};
use engine::city::{Game, Setup, DEFAULT_STACKS};
use engine::core::random;
use engine::TileGame;
use i18n::msg;
use view::names;
use view::palette::{PlayerColour, Seat};
use view::Shared;

/// `game` played at random from SEED (the choices of `city random --seed
/// SEED`) up to its last tile placement, so that one move fills the board.
fn before_last_tile<G: TileGame>(mut game: G, seed: u64) -> Option<G> {
    random::play_out(&mut game, &mut random::choice_rng(seed));
    let last = game.history().iter().rposition(|c| G::is_placement(c))?;
    Some(game.at(last))
}

/// The measurement hook (`?bench=SEED`): a 2-player game of The City with
/// the full stacks dealt from SEED, before its last tile.
pub fn bench_game(seed: u64) -> Option<(AnyGame, Vec<Seat>)> {
    let cat = Catalogue::builtin().ok()?;
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let setup =
        Setup::from_seed(cat, names.clone(), seed, DEFAULT_STACKS, Options::default()).ok()?;
    let game = before_last_tile(Game::new(cat, setup).ok()?, seed)?;
    Some((AnyGame::City(game), bench_seats(names)))
}

/// The measurement hook for classic Carcassonne (`?bench=SEED&game=classic`):
/// a 2-player game with The City Gates and Old City dealt from SEED, before
/// its last tile.
pub fn bench_classic_game(seed: u64) -> Option<(AnyGame, Vec<Seat>)> {
    use engine::classic;
    let cat = classic::Catalogue::builtin().ok()?;
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let expansions = classic::Expansions::parse("city-gates old-city").ok()?;
    let options = classic::Options::default();
    let setup = classic::Setup::from_seed(cat, names.clone(), expansions, options, seed).ok()?;
    let game = before_last_tile(classic::Game::new(cat, setup).ok()?, seed)?;
    Some((AnyGame::Classic(game), bench_seats(names)))
}

fn bench_seats(names: Vec<String>) -> Vec<Seat> {
    names
        .into_iter()
        .zip([PlayerColour::Red, PlayerColour::Blue])
        .map(|(name, colour)| Seat {
            name,
            colour,
            computer: None,
        })
        .collect()
}

/// A query parameter of the page's address.
pub fn query_param(key: &str) -> Option<String> {
    let search = gloo::utils::window().location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('=').map(str::to_string))
}

/// The game the measurement hook asks for, if any.
fn bench() -> Option<(AnyGame, Vec<Seat>)> {
    let seed = query_param("bench")?.parse().ok()?;
    match query_param("game").as_deref() {
        Some("classic") => bench_classic_game(seed),
        _ => bench_game(seed),
    }
}

/// How long the engine worker may stay silent while it is asked something.
const WORKER_SILENCE_MS: f64 = 8000.0;

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(AppState::default);
    let chosen = language::use_chosen();
    let status = use_state(|| WorkerStatus::Starting);
    // The engine worker, spawned once and kept while the app is mounted.
    // When the worker last said anything (ms since the epoch): a watchdog.
    let last_heard = use_mut_ref(|| 0.0f64);
    let bridge = {
        let d = state.dispatcher();
        let status = status.setter();
        let last_heard = last_heard.clone();
        use_memo((), move |_| {
            spawn_engine(move |out: FromEngine| match out {
                FromEngine::Pong { version, scope, .. } => {
                    status.set(WorkerStatus::Ready { version, scope })
                }
                answer => {
                    *last_heard.borrow_mut() = js_sys::Date::now();
                    d.dispatch(Action::Engine(answer))
                }
            })
        })
    };
    {
        let bridge = bridge.clone();
        use_effect_with((), move |_| bridge.send(ToEngine::Ping(1)));
    }
    // A computer's turn or a hint: ask the worker (after the speed's pause,
    // so a player can follow the computer's moves). When the position
    // changes (a move, an undo, a new game, leaving, the replay) the request
    // is cancelled.
    {
        // (Not while the replay shows a past position: nobody moves then.)
        let ask = state
            .play
            .as_ref()
            .filter(|_| state.replay.is_none() && !state.reviewing)
            .and_then(|p| p.engine_ask());
        let delay = match ask {
            Some(a) if !a.hint => state.speed.delay_ms(),
            _ => 0,
        };
        let game = state.play.as_ref().map(|p| p.game.clone());
        let bridge = bridge.clone();
        let d = state.dispatcher();
        use_effect_with((ask, delay), move |&(ask, delay)| {
            let sent_at = Rc::new(Cell::new(None::<f64>));
            let timer = ask.zip(game).map(|(ask, game)| {
                let msg = ToEngine::Think {
                    request: ask.request,
                    game: (*game).clone(),
                    level: ask.level,
                    seed: ask.seed,
                };
                let b = bridge.clone();
                let sent_at = sent_at.clone();
                Timeout::new(delay, move || {
                    sent_at.set(Some(js_sys::Date::now()));
                    b.send(msg)
                })
            });
            // The worker reports after every slice of thinking (~25 ms): long
            // silence means it is gone (crashed, or closed by the browser).
            let watchdog = ask.map(|ask| {
                Interval::new(1000, move || {
                    let Some(sent) = sent_at.get() else { return };
                    let heard = last_heard.borrow().max(sent);
                    if js_sys::Date::now() - heard > WORKER_SILENCE_MS {
                        sent_at.set(None);
                        d.dispatch(Action::Engine(FromEngine::Failed {
                            request: ask.request,
                            why: Failure::Silent,
                        }));
                    }
                })
            });
            move || {
                drop(timer);
                drop(watchdog);
                if let Some(ask) = ask {
                    bridge.send(ToEngine::Cancel {
                        request: ask.request,
                    });
                }
            }
        });
    }
    {
        let d = state.dispatcher();
        let chosen = chosen.clone();
        use_effect_with((), move |_| {
            language::start(chosen);
            if let Some((g, seats)) = bench() {
                d.dispatch(Action::StartGame(Box::new(g), seats));
            }
        });
    }
    let d = state.dispatcher();
    // The play screen and the header's replay bar tell the reducer what happened.
    let dispatch = {
        let d = d.clone();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    // A game with a friend's seat: the correspondence chunk first (the
    // form asked for it when the seat was chosen).
    let on_start = {
        let d = d.clone();
        Callback::from(move |ng: super::state::NewGame| {
            let d2 = d.clone();
            match ng.star_devices() {
                // Three to five devices: hosted by the `star` chunk, once
                // the correspondence chunk (the fair game's) is here too.
                Some(of_seat) => super::correspondence::with(&d, move |_| {
                    super::star_host::run(
                        d2,
                        super::star_play::Job::Host {
                            ng: Box::new(ng),
                            of_seat,
                        },
                    )
                }),
                None if ng.remote.contains(&true) => {
                    super::correspondence::with(&d, move |_| d2.dispatch(Action::Start(ng)))
                }
                None => d.dispatch(Action::Start(ng)),
            }
        })
    };
    // A game on three to five devices: its link made again (signed) after
    // each change.
    {
        let d = d.clone();
        let key = state.play.as_ref().and_then(|p| {
            let star = p.star.as_ref()?;
            Some((p.game_no, p.version, star.link.is_some()))
        });
        let state = state.clone();
        use_effect_with(key, move |_| {
            if let Some(p) = &state.play {
                super::star_host::refresh(d, p);
            }
        });
    }
    let help = |on: bool| {
        let d = d.clone();
        Callback::from(move |_: ()| d.dispatch(Action::Help(on)))
    };
    let close_review = {
        let d = d.clone();
        Callback::from(move |_: PartEvent| d.dispatch(Action::ReviewClose))
    };
    let close_puzzles = {
        let d = d.clone();
        Callback::from(move |_: PartEvent| d.dispatch(Action::Puzzles(false)))
    };
    let playing = state.play.is_some();
    // A game opened from the new-game form, a saved game or an import: the
    // control that had the focus goes with the screen it was on, so the
    // focus goes to the prompt's heading. (Read while the old screen is
    // still on the page; on a page load nothing had the focus, and it stays.)
    // A game left (New game → Leave it): the new-game form's heading.
    let focus_prompt = use_mut_ref(|| false);
    let was_playing = use_mut_ref(|| playing);
    if playing != *was_playing.borrow() {
        *focus_prompt.borrow_mut() = !playing
            || gloo::utils::document()
                .active_element()
                .is_some_and(|a| a.tag_name() != "BODY");
        *was_playing.borrow_mut() = playing;
    }
    {
        let focus_prompt = focus_prompt.clone();
        use_effect_with(playing, move |&playing| {
            if std::mem::take(&mut *focus_prompt.borrow_mut()) {
                super::text_view::focus_testid(if playing {
                    "prompt-title"
                } else {
                    "new-game-title"
                });
            }
        });
    }
    let on_dismiss = {
        let d = d.clone();
        Callback::from(move |i: usize| d.dispatch(Action::DismissNotice(i)))
    };
    // A person's turn done in a game from a link, and another person's to
    // come: offer its new link (correspondence). Not mid-turn, not when
    // the computer plays next.
    let moved_from_link = state.play.as_ref().is_some_and(|p| {
        state.saving.from_link
            && p.last_move_human
            && p.turn_passed
            && p.computer_to_move().is_none()
            && p.game.decisions() > state.saving.base
            && !p.game.is_over()
    });
    // Another tab played this game on: this tab's moves are not saved until
    // the player chooses.
    let moved_on = state.saving.moved_on.map(|turn| {
        let load = {
            let d = d.clone();
            let id = state.saving.id.clone();
            Callback::from(move |_: MouseEvent| {
                if let Some(id) = &id {
                    super::session::reload_saved(&d, id);
                }
            })
        };
        let keep = {
            let d = d.clone();
            Callback::from(move |_: MouseEvent| d.dispatch(Action::SaveAsNew))
        };
        html! {
            <div class="notice moved-on" role="alert" data-testid="moved-on">
                <p>{ msg::header::moved_on(turn) }</p>
                <div class="dialog-buttons">
                    <button class="primary small" data-testid="moved-on-load" onclick={load}>{ msg::header::show_there() }</button>
                    <button class="quiet small" data-testid="moved-on-keep" onclick={keep}>{ msg::header::keep_new() }</button>
                </div>
            </div>
        }
    });
    // A record imported or a link opened over a game in play that is not
    // saved: ask first (its turns would be lost).
    let replace_dialog = state.pending.is_some().then(|| {
        let answer = |open: bool| {
            let d = d.clone();
            Callback::from(move |_: ()| d.dispatch(Action::OpenPending(open)))
        };
        let export = {
            let d = d.clone();
            let game = state.play.as_ref().map(|p| p.game.clone());
            let fair = state.play.as_ref().and_then(|p| p.fair.clone());
            Callback::from(move |_: MouseEvent| {
                if let Some(game) = &game {
                    let d = d.clone();
                    super::download::export_record(game, fair.as_deref(), move |r| {
                        let text = match r {
                            Ok(Some(note)) => note,
                            Ok(None) => return,
                            Err(e) => msg::play::record_failed(&e),
                        };
                        d.dispatch(Action::Notice(Notice::Text(text)));
                    });
                }
            })
        };
        html! {
            <Modal title={msg::session::replace_title()} on_close={answer(false)} testid="replace-dialog">
                <p data-testid="replace-unsaved">{ msg::session::replace_unsaved() }</p>
                <div class="dialog-buttons">
                    <button data-testid="replace-no" class="quiet" onclick={answer(false).reform(|_: MouseEvent| ())}>
                        { msg::session::replace_stay() }</button>
                    <button data-testid="replace-export" onclick={export}>{ msg::play::save_record() }</button>
                    <button data-testid="replace-yes" class="primary" onclick={answer(true).reform(|_: MouseEvent| ())}>
                        { msg::session::replace_yes() }</button>
                </div>
            </Modal>
        }
    });
    // The first stop of Tab in a game: straight to the text view.
    let skip = {
        let d = d.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            d.dispatch(Action::TextView(true));
            // Once it is drawn, into its command line.
            Timeout::new(0, || super::text_view::focus_testid("text-command")).forget();
        })
    };
    // A new language: the words the state keeps (the prompt, the log, the
    // targets' names) are made again in it.
    {
        let d = d.clone();
        let first = use_mut_ref(|| true);
        use_effect_with(chosen.lang, move |_| {
            if !std::mem::take(&mut *first.borrow_mut()) {
                d.dispatch(Action::Relabel);
            }
        });
    }
    if !chosen.ready {
        // (The page's loading sign stays until the words are there.)
        return html! {};
    }
    // Live play's lines: beside the decision in the side panel.
    let live_lines = match (&state.play, state.reviewing, &state.replay) {
        (Some(play), false, None) => super::live_lines::live_lines(play, &d),
        _ => html! {},
    };
    html! {
        <div class={classes!("app", playing.then_some("playing"), state.replay.is_some().then_some("replaying"),
            state.reviewing.then_some("reviewing"))}>
            <Session play={state.play.clone()} saving={state.saving.clone()} dispatch={d.clone()} />
            <header class="title-bar">
                // First in the page's banner (a landmark, as all content).
                if playing && state.replay.is_none() {
                    <a class="skip-link" href="#text-view-title" data-testid="skip-to-text" onclick={skip}>
                        { msg::header::skip() }</a>
                }
                <h1>{ state.play.as_ref().map_or(msg::game::classic(), |p| names::ruleset(p.game.ruleset())) }</h1>
                if !playing {
                    <p class="tagline">{ msg::header::tagline() }</p>
                }
                if let (Some(play), false) = (&state.play, state.reviewing) {
                    <div class="game-extras">
                        if state.saving.unsaved {
                            <span class="unsaved" role="status" data-testid="unsaved"
                                title={msg::header::not_saved_why()}>
                                { msg::header::not_saved() }</span>
                        }
                        <ReplayBar game={Shared(play.game.clone())} replay={state.replay.clone()} dispatch={dispatch.clone()} />
                        if state.replay.is_none() {
                            <ShareButton game={Shared(play.game.clone())} seats={play.seats.clone()}
                                prominent={moved_from_link || play.waiting()} fair={play.fair.clone()}
                                star={play.star.clone()} />
                            <ImportDialog lang={chosen.lang} dispatch={d.clone()} />
                        }
                    </div>
                }
                { language::menu(&chosen) }
            </header>
            { notices(&state.notices, &on_dismiss) }
            <super::correspondence::CorrespondenceStatus />
            <UpdateNotice lang={chosen.lang} playing={state.play.is_some()}
                unsaved={state.saving.unsaved} />
            if let Some(banner) = moved_on { { banner } }
            if let Some(dialog) = replace_dialog { { dialog } }
            <main>
                if let (Some(play), true) = (&state.play, state.reviewing) {
                    // The review is drawn by the extras module (ui/review_app.rs),
                    // loaded the first time; it tells the page when it closes.
                    <ExtrasHost part={Part::Review {
                            game: play.game.clone(),
                            seats: play.seats.clone(),
                            text_view: state.text_view,
                            coords: state.coords,
                        }} testid="review-host" on_event={close_review} />
                } else if let Some(play) = &state.play {
                    <PlayHost lang={chosen.lang} play={state.replay.as_ref().map_or(play, |r| &r.play).clone()} speed={state.speed}
                        dispatch={dispatch.clone()} text_view={state.text_view} coords={state.coords}
                        leaving={state.leaving} unsaved={state.saving.unsaved} moved_on={state.saving.moved_on}
                        send_link={moved_from_link} live={live_lines}
                        whole={state.replay.is_some().then(|| Shared(play.game.clone()))} />
                } else if state.puzzles {
                    // The puzzles (issue 40), drawn by the extras module.
                    <ExtrasHost part={Part::Puzzles { text_view: state.text_view, coords: state.coords }}
                        testid="puzzles-host" on_event={close_puzzles} />
                } else {
                    <NewGameScreen lang={chosen.lang} initial={state.last_new_game.clone()} error={state.setup_error.clone()}
                        on_start={on_start} on_help={help(true)} />
                    <SavesList lang={chosen.lang} dispatch={d.clone()} changed={state.saves_changed} />
                }
            </main>
            // The engine worker's state, for the tests: not shown.
            <WorkerLine status={(*status).clone()} />
            if state.help {
                // A dialog of the extras module (ui/extras.rs), loaded the
                // first time.
                <ExtrasHost part={Part::Help {
                        ruleset: state.play.as_ref().map_or(Ruleset::City, |p| p.game.ruleset()),
                        coins: state.play.as_ref().is_some_and(|p| coins_on(&p.game)),
                    }} dialog=true on_event={help(false).reform(|_: PartEvent| ())} />
            }
        </div>
    }
}
