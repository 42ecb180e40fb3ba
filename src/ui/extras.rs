//! The extras: parts of the app that few visits need, or not at once (How
//! to play, the key, the tiles left, the import dialog, the end of the
//! game with its pictures, the statistics, the game review), in a chunk of
//! the build loaded the first time one is opened (`chunks::mount_extras`,
//! docs/loading.md). The page holds a host element for each: [`ExtrasHost`]
//! loads the chunk, mounts the part into the host, and unmounts it when the
//! host goes. The part tells the page what happened (its dialog closed, a
//! button pressed, a record read: `view::extras`'s events) through
//! `on_event`. The chunk is precached by the service worker like every file
//! of the build, so the parts work offline; a failed load is tried again
//! the next time.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use engine::any::AnyGame;
use i18n::{msg, Language};
pub use view::extras::Part;

thread_local! {
    /// The last game written as a link for a part, and its link.
    static LINK: RefCell<Option<(Rc<AnyGame>, String)>> = const { RefCell::new(None) };
}

/// The link of `game`, for a part that shows it (the pictures, the
/// review). Written once per game: writing replays the whole game, and the
/// screens that hold a part are drawn again and again.
pub fn link_of(game: &Rc<AnyGame>) -> String {
    LINK.with(|l| {
        let mut l = l.borrow_mut();
        match &*l {
            Some((g, link)) if Rc::ptr_eq(g, game) => link.clone(),
            _ => {
                let link = formats::share::encode(game);
                *l = Some((game.clone(), link.clone()));
                link
            }
        }
    })
}

/// A part mounted from the chunk: dropping it unmounts it.
struct Mounted(Option<Box<dyn FnOnce()>>);

impl Drop for Mounted {
    fn drop(&mut self) {
        if let Some(unmount) = self.0.take() {
            unmount();
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct ExtrasHostProps {
    pub part: Part,
    /// What the part tells the page ("close": its dialog closed; the
    /// others in `view::extras`).
    pub on_event: Callback<String>,
    /// A dialog part: while it loads, a small "Loading…" note at the top of
    /// the window (not in the page's flow), and if it cannot be loaded, the
    /// reason with a Close button.
    #[prop_or_default]
    pub dialog: bool,
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    /// The language the part speaks: the page's, as it is when the host
    /// is drawn (a new one mounts the part again).
    #[prop_or_else(i18n::current)]
    pub lang: Language,
}

/// Where a part stands.
#[derive(Clone, PartialEq)]
enum Stage {
    Loading,
    Shown,
    Failed(String),
}

/// The host of one part of the extras module.
#[function_component(ExtrasHost)]
pub fn extras_host(props: &ExtrasHostProps) -> Html {
    let node = use_node_ref();
    let stage = use_state(|| Stage::Loading);
    {
        let node = node.clone();
        let stage = stage.clone();
        let on_event = props.on_event.clone();
        use_effect_with((props.part.clone(), props.lang), move |(part, lang)| {
            // The part, once mounted; dropped (unmounted) with the host or
            // when the part changes. `gone` stops a mount that finishes
            // after the host went.
            let held: Rc<RefCell<Option<Mounted>>> = Rc::default();
            let gone = Rc::new(std::cell::Cell::new(false));
            stage.set(Stage::Loading);
            if let Some(host) = node.cast::<web_sys::Element>() {
                let (held, gone, part, stage) =
                    (held.clone(), gone.clone(), part.clone(), stage.clone());
                let _ = lang; // (a new language mounts the part again)
                wasm_bindgen_futures::spawn_local(async move {
                    let result = super::chunks::mount_extras(host, part, on_event).await;
                    let mounted = result.map(|unmount| Mounted(Some(unmount)));
                    if gone.get() {
                        return; // (dropping `mounted` unmounts it)
                    }
                    match mounted {
                        Ok(m) => {
                            *held.borrow_mut() = Some(m);
                            stage.set(Stage::Shown);
                        }
                        Err(_) => stage.set(Stage::Failed(String::new())),
                    }
                });
            }
            move || {
                gone.set(true);
                held.borrow_mut().take();
            }
        });
    }
    let status = match &*stage {
        Stage::Shown => html! {},
        Stage::Loading => html! {
            <p class={classes!("extras-status", props.dialog.then_some("extras-toast"))} role="status">
                { msg::extras::loading() }</p>
        },
        Stage::Failed(why) => {
            let close = props.on_event.reform(|_: MouseEvent| "close".to_string());
            html! {
                <div class={classes!("extras-status", props.dialog.then_some("extras-toast"))} role="alert"
                    data-testid="extras-failed">
                    <p>{ msg::extras::failed(if why.is_empty() { msg::extras::no_reason() } else { why.as_str() }) }</p>
                    if props.dialog {
                        <button class="small" onclick={close}>{ msg::extras::close() }</button>
                    }
                </div>
            }
        }
    };
    html! {
        <div class="extras-host" data-testid={props.testid.clone()}>
            { status }
            // The module's part lives in here: this page's Yew never draws
            // into it.
            <div ref={node} class="extras-root"></div>
        </div>
    }
}
