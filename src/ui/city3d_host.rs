//! The board in 3-D (issue 41) on the page: its code is a chunk of the
//! build (`chunks::city3d`, docs/loading.md), fetched the first time the
//! view opens (from the game's end, a finished board or the replay);
//! [`City3dHost`] shows "Loading…" until it is here, then the view, or says
//! it could not be loaded with a Close button (the next time tries again).

use std::cell::Cell;

use yew::prelude::*;

use engine::any::AnyGame;
use i18n::{msg, Language};
use view::palette::Seat;
use view::Shared;

#[derive(Properties, PartialEq, Clone)]
pub struct City3dProps {
    /// The position shown (the game's end, or the replay's position).
    pub game: Shared<AnyGame>,
    pub seats: Shared<Vec<Seat>>,
    pub on_close: Callback<()>,
    /// The language the view speaks: the page's (a new one draws it again).
    #[prop_or_else(i18n::current)]
    pub lang: Language,
}

/// How the chunk draws the view.
pub type DrawCity3d = fn(&City3dProps) -> Html;

thread_local! {
    static DRAW: Cell<Option<DrawCity3d>> = const { Cell::new(None) };
}

#[derive(Clone, Copy, PartialEq)]
enum Stage {
    Loading,
    Here,
    Failed,
}

/// The 3-D view, drawn once its chunk is here.
#[function_component(City3dHost)]
pub fn city3d_host(props: &City3dProps) -> Html {
    let stage = use_state(|| DRAW.with(Cell::get).map_or(Stage::Loading, |_| Stage::Here));
    {
        let stage = stage.clone();
        use_effect_with((), move |_| {
            if *stage == Stage::Loading {
                wasm_bindgen_futures::spawn_local(async move {
                    match super::chunks::city3d().await {
                        Ok(draw) => {
                            DRAW.with(|d| d.set(Some(draw)));
                            stage.set(Stage::Here);
                        }
                        Err(_) => stage.set(Stage::Failed),
                    }
                });
            }
        });
    }
    match (*stage, DRAW.with(Cell::get)) {
        (Stage::Here, Some(draw)) => draw(props),
        (Stage::Loading | Stage::Here, _) => html! {
            <p class="extras-status extras-toast" role="status" data-testid="city3d-loading">{ msg::extras::loading() }</p>
        },
        (Stage::Failed, _) => {
            let close = props.on_close.reform(|_: MouseEvent| ());
            html! {
                <div class="extras-status extras-toast" role="alert" data-testid="city3d-failed">
                    <p>{ msg::extras::failed(msg::extras::no_reason()) }</p>
                    <button class="small" onclick={close}>{ msg::extras::close() }</button>
                </div>
            }
        }
    }
}
