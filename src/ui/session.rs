//! The session: what ties the app to the page and to storage. A component
//! that draws nothing and, from effects (never from the reducer):
//! - on load, opens the game of a share link in the URL fragment, or resumes
//!   the game that was in play (its save id is kept under
//!   `storage::CURRENT_KEY`), and tells what could not be read;
//! - opens a link when the fragment changes (`hashchange`);
//! - autosaves the game in play after every decision (and undo);
//! - forgets the current game when the player leaves it.
//!
//! The state it adds to the app and the reducer's part for its actions are
//! in `state/session.rs`.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use yew::prelude::*;

use super::state::{Action, AppState, Opened, Play, Saving};
use super::storage::{self, StorageError};
use crate::engine::any::AnyGame;
use crate::share;
use crate::view::palette::{seats_from_param, Seat};
use crate::view::words::plain;

/// The page's URL without its fragment and without a `seats` parameter
/// (which only travels with a link).
pub fn page_url() -> String {
    let loc = gloo::utils::window().location();
    let href = loc.href().unwrap_or_default();
    let base = match href.split_once('#') {
        Some((base, _)) => base.to_string(),
        None => href,
    };
    match base.split_once('?') {
        Some((path, query)) => {
            let kept: Vec<&str> = query
                .split('&')
                .filter(|kv| !kv.is_empty() && !kv.starts_with("seats="))
                .collect();
            if kept.is_empty() {
                path.to_string()
            } else {
                format!("{path}?{}", kept.join("&"))
            }
        }
        None => base,
    }
}

/// The `seats` parameter of the page's URL, if any.
fn seats_param() -> Option<String> {
    let search = gloo::utils::window().location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("seats="))
        .map(|v| {
            js_sys::decode_uri_component(v)
                .ok()
                .and_then(|s| s.as_string())
                .unwrap_or_else(|| v.to_string())
        })
}

/// The seats for a game opened from a link: those the link carried beside
/// it; else those of a game saved in this browser that the link continues
/// (or is an earlier position of: the same deal and players, one history
/// the start of the other), the most recently saved first; else every seat
/// a person's, in the first colours.
fn link_seats(game: &AnyGame) -> Vec<Seat> {
    let names = game.players();
    if let Some(seats) = seats_param().and_then(|p| seats_from_param(&p, names)) {
        return seats;
    }
    if let Ok(loaded) = storage::load() {
        for entry in loaded.doc.list() {
            if entry.players != *names {
                continue;
            }
            let Ok(saved) = entry.load_with(None) else {
                continue;
            };
            let (a, b) = (saved.history(), game.history());
            let related = a.starts_with(&b) || b.starts_with(&a);
            if related && saved.setup() == game.setup() {
                return storage::from_saved(entry);
            }
        }
    }
    storage::default_seats(game)
}

/// Drop the fragment from the address bar (no reload, no `hashchange`).
fn clear_fragment() {
    let window = gloo::utils::window();
    let url = page_url();
    if let Ok(h) = window.history() {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Open the game of the link in the fragment, if there is one; whether a
/// game was opened.
fn open_fragment(d: &UseReducerDispatcher<AppState>) -> bool {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    let link = hash.trim_start_matches('#');
    if link.is_empty() {
        return false;
    }
    let opened = match share::decode(link) {
        Ok(game) => {
            let seats = link_seats(&game);
            let link_base = game.decisions();
            d.dispatch(Action::Open(Box::new(Opened {
                game,
                seats,
                id: None,
                from_link: true,
                link_base,
            })));
            true
        }
        Err(e) => {
            d.dispatch(Action::Notice(format!(
                "The game link could not be opened: {}. Ask for the link again; nothing else was changed.",
                plain(&e.to_string())
            )));
            false
        }
    };
    clear_fragment();
    opened
}

/// What went wrong when the saved games were read, as one notice.
fn load_notice(problems: &[String]) -> String {
    format!(
        "Some saved games could not be read and are not listed. {}",
        problems.join(" ")
    )
}

/// Resume the game that was in play before the reload.
fn resume(d: &UseReducerDispatcher<AppState>) {
    let loaded = match storage::load() {
        Ok(l) => l,
        Err(e) => {
            d.dispatch(Action::Notice(e.to_string()));
            return;
        }
    };
    if !loaded.problems.is_empty() {
        d.dispatch(Action::Notice(load_notice(&loaded.problems)));
    }
    let Ok(Some(id)) = storage::get(storage::CURRENT_KEY) else {
        return;
    };
    let Some(entry) = loaded.doc.get(&id) else {
        return;
    };
    match entry.load_with(None).map_err(|e| e.to_string()) {
        Ok(game) => d.dispatch(Action::Open(Box::new(Opened {
            game,
            seats: storage::from_saved(entry),
            id: Some(id),
            from_link: entry.from_link,
            link_base: entry.link_base,
        }))),
        Err(e) => d.dispatch(Action::Notice(plain(&e))),
    }
}

fn measuring() -> bool {
    let search = gloo::utils::window()
        .location()
        .search()
        .unwrap_or_default();
    search.contains("bench=")
}

#[derive(Properties, PartialEq)]
pub struct SessionProps {
    pub play: Option<Play>,
    pub saving: Saving,
    pub dispatch: UseReducerDispatcher<AppState>,
}

#[function_component(Session)]
pub fn session(props: &SessionProps) -> Html {
    // On load: a link, else the game in play before; and links opened later.
    {
        let d = props.dispatch.clone();
        use_effect_with((), move |_| {
            let listener = (!measuring()).then(|| {
                let start = {
                    let d = d.clone();
                    move || {
                        if !open_fragment(&d) {
                            resume(&d);
                        } else if let Ok(l) = storage::load() {
                            if !l.problems.is_empty() {
                                d.dispatch(Action::Notice(load_notice(&l.problems)));
                            }
                        }
                    }
                };
                // Saves of the first versions are read by the records
                // worker first (the page reads links only).
                if storage::load().is_ok_and(|l| l.doc.has_unread()) {
                    let d = d.clone();
                    storage::convert_unread(move |result| {
                        if let Err(why) = result {
                            d.dispatch(Action::Notice(format!(
                                "Some games saved by an earlier version could not be read: {}",
                                plain(&why)
                            )));
                        }
                        d.dispatch(Action::SavesChanged);
                        start();
                    });
                } else {
                    start();
                }
                let d = d.clone();
                EventListener::new(&gloo::utils::window(), "hashchange", move |_| {
                    open_fragment(&d);
                })
            });
            move || drop(listener)
        });
    }

    // Autosave after every change of the game; the same failure is told once.
    let last_error: Rc<RefCell<Option<StorageError>>> = use_mut_ref(|| None);
    {
        let key = props
            .play
            .as_ref()
            .map(|p| (Rc::as_ptr(&p.game) as usize, p.version));
        let play = props.play.clone();
        let saving = props.saving.clone();
        let d = props.dispatch.clone();
        let last_error = last_error.clone();
        use_effect_with(key, move |_| {
            if let Some(play) = play.filter(|_| !measuring()) {
                let id = saving.id.clone().unwrap_or_else(|| {
                    let doc = storage::load().map(|l| l.doc).unwrap_or_default();
                    doc.fresh_id(storage::now())
                });
                let link = saving.from_link.then_some(saving.base);
                let result = storage::save_game(&id, &play.game, &play.seats, link);
                if saving.id.is_none() {
                    d.dispatch(Action::SaveId(id));
                }
                let mut last = last_error.borrow_mut();
                match result {
                    Ok(()) => *last = None,
                    Err(e) => {
                        if last.as_ref() != Some(&e) {
                            d.dispatch(Action::Notice(e.to_string()));
                        }
                        *last = Some(e);
                    }
                }
            }
        });
    }

    // Leaving the game: a reload shows the new-game screen, not the game.
    let seen_play = use_mut_ref(|| false);
    {
        let playing = props.play.is_some();
        use_effect_with(playing, move |&playing| {
            let mut seen = seen_play.borrow_mut();
            if playing {
                *seen = true;
            } else if *seen {
                let _ = storage::remove(storage::CURRENT_KEY);
            }
        });
    }
    html! {}
}
