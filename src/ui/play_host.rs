//! The play screen's host: a game on the screen is drawn by code in a
//! chunk of the build (`chunks::play`, docs/loading.md), so the new-game
//! form shows before it arrives. The page asks for the chunk as soon as
//! its module runs, before its first screen ([`preload`], `ui::start`), so
//! a player rarely waits for it; until it is here, [`PlayHost`] shows "Loading…",
//! and a chunk that cannot be fetched (offline before the service worker
//! kept it) says so with a button that tries again. The game's state is
//! the page's: nothing is lost while the screen loads.

use std::cell::Cell;

use yew::prelude::*;

use super::play_screen::{DrawPlay, PlayScreenProps};
use i18n::msg;

thread_local! {
    /// The chunk's drawing function, once the chunk is here.
    static DRAW: Cell<Option<DrawPlay>> = const { Cell::new(None) };
}

/// Fetches the play chunk in the background (the page calls it as it
/// starts); `done` is told whether it came.
pub fn preload(done: impl FnOnce(bool) + 'static) {
    if DRAW.with(Cell::get).is_some() {
        return done(true);
    }
    wasm_bindgen_futures::spawn_local(async move {
        match super::chunks::play().await {
            Ok(draw) => {
                DRAW.with(|d| d.set(Some(draw)));
                done(true)
            }
            Err(_) => done(false),
        }
    });
}

/// Where the chunk stands, for this host.
#[derive(Clone, Copy, PartialEq)]
enum Stage {
    Loading,
    Here,
    Failed,
}

/// The play screen, drawn once its chunk is here.
#[function_component(PlayHost)]
pub fn play_host(props: &PlayScreenProps) -> Html {
    let stage = use_state(|| DRAW.with(Cell::get).map_or(Stage::Loading, |_| Stage::Here));
    {
        let stage = stage.clone();
        use_effect_with(*stage, move |now| {
            if *now == Stage::Loading {
                preload(move |ok| stage.set(if ok { Stage::Here } else { Stage::Failed }));
            }
        });
    }
    match (*stage, DRAW.with(Cell::get)) {
        (Stage::Here, Some(draw)) => draw(props),
        (Stage::Loading | Stage::Here, _) => html! {
            <p class="extras-status" role="status" data-testid="play-loading">{ msg::extras::loading() }</p>
        },
        (Stage::Failed, _) => {
            let again = {
                let stage = stage.clone();
                Callback::from(move |_: MouseEvent| stage.set(Stage::Loading))
            };
            html! {
                <div class="extras-status" role="alert" data-testid="play-failed">
                    <p>{ msg::extras::board_failed(msg::extras::no_reason()) }</p>
                    <button class="small" onclick={again}>{ msg::extras::try_again() }</button>
                </div>
            }
        }
    }
}
