//! The extras: parts of the app that few visits need, or not at once (How
//! to play, the key, the tiles left, the import dialog, the end of the
//! game with its pictures, the statistics, the game review), kept out of
//! the page and
//! loaded the first time one is opened, from a second wasm module
//! (src/bin/extras.rs, which mounts them with `extras_part::mount`). The
//! page only holds a host element for each: [`ExtrasHost`] loads the module
//! (web/extras_loader.js), mounts the part into the host, and unmounts it
//! when the host goes. The part tells the page what happened (its dialog
//! closed, a button pressed, a record read: `view::extras`'s events)
//! through `on_event`.
//!
//! Why: the page's size (docs/size.md). The module is precached by the
//! service worker like every file of the build, so the parts work offline.
//! web/extras_loader.js imports it with a dynamic `import()` (no inline
//! script: the CSP) from beside index.html, where Trunk writes it unhashed
//! as it does the workers (a new build's service worker replaces it with
//! the rest); a failed load is tried again the next time.
//!
//! The module speaks the page's language: before mounting, the page hands
//! it the language's file (`i18n::source`, through the module's `language`
//! export) and names the language in the part's text
//! (`Part::to_text_in`); a new language mounts the part again.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Function, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use engine::any::AnyGame;
use i18n::{msg, Language};
pub use view::extras::Part;

#[wasm_bindgen(module = "/web/extras_loader.js")]
extern "C" {
    fn load_extras() -> Promise;
}

thread_local! {
    /// The last game written as a link for a part, and its link.
    static LINK: RefCell<Option<(Rc<AnyGame>, String)>> = const { RefCell::new(None) };
    /// The languages whose file the module has been handed.
    static HANDED: RefCell<Vec<Language>> = const { RefCell::new(Vec::new()) };
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

/// A part mounted by the module: its `destroy` unmounts it.
struct Mounted(JsValue);

impl Drop for Mounted {
    fn drop(&mut self) {
        if let Ok(f) =
            Reflect::get(&self.0, &"destroy".into()).and_then(|f| f.dyn_into::<Function>())
        {
            let _ = f.call0(&self.0);
        }
        // (The module's handle frees itself when destroyed.)
    }
}

/// Load the module (once), hand it `lang`'s file (once) and mount `part`
/// into `host`, in `lang`.
async fn mount(
    host: web_sys::Element,
    part: &Part,
    lang: Language,
    on_event: &Closure<dyn Fn(String)>,
) -> Result<Mounted, JsValue> {
    let module = JsFuture::from(load_extras()).await?;
    // (A module without `language` speaks English.)
    let language = Reflect::get(&module, &"language".into())?.dyn_into::<Function>();
    if let (Some(text), Ok(language)) = (i18n::source(lang), language) {
        if !HANDED.with(|h| h.borrow().contains(&lang)) {
            language.call2(&JsValue::NULL, &lang.code().into(), &text.into())?;
            HANDED.with(|h| h.borrow_mut().push(lang));
        }
    }
    let mount: Function = Reflect::get(&module, &"mount".into())?.dyn_into()?;
    let args = Array::of3(&host, &part.to_text_in(lang).into(), on_event.as_ref());
    Ok(Mounted(mount.apply(&JsValue::NULL, &args)?))
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
            let closure = Rc::new(Closure::<dyn Fn(String)>::new(move |e: String| {
                on_event.emit(e)
            }));
            stage.set(Stage::Loading);
            if let Some(host) = node.cast::<web_sys::Element>() {
                let (held, gone, part, lang, closure) = (
                    held.clone(),
                    gone.clone(),
                    part.clone(),
                    *lang,
                    closure.clone(),
                );
                wasm_bindgen_futures::spawn_local(async move {
                    let result = mount(host, &part, lang, &closure).await;
                    if gone.get() {
                        return; // (dropping `result` unmounts it)
                    }
                    match result {
                        Ok(m) => {
                            *held.borrow_mut() = Some(m);
                            stage.set(Stage::Shown);
                        }
                        Err(e) => stage.set(Stage::Failed(super::js_error::js_message(&e))),
                    }
                });
            }
            move || {
                gone.set(true);
                held.borrow_mut().take();
                drop(closure);
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
