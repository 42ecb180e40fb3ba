//! The language the page speaks (`words`): at the first visit the
//! first of the browser's languages the game speaks (English where none
//! is); the header's menu chooses another, remembered in localStorage.
//! `?lang=de` in an address speaks German for that visit (remembered only
//! when nothing is yet); the menu's choice drops it from the address, so
//! that a reload keeps the choice, and links carry no language. A language other than English is its file
//! (`static/lang/xx.txt`), fetched when chosen; the service worker keeps it,
//! so a language chosen once works offline. `<html lang>` follows.
//!
//! The root holds the choice ([`use_chosen`]) and hands it to each
//! component that shows words as a `lang` prop: a new language draws them
//! again at once, and the game and every other state stay as they are.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use i18n::{catalog::Unusable, msg, Language};

/// Where the choice is remembered.
const LANGUAGE_KEY: &str = "the-city/language";

/// Why a chosen language is not spoken.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Problem {
    /// Its file is for another version of the game.
    Stale(Language),
    /// Its file could not be fetched.
    Unavailable(Language),
}

fn query_lang() -> Option<Language> {
    Language::from_tag(&super::app::query_param("lang")?)
}

fn local() -> Option<web_sys::Storage> {
    gloo::utils::window().local_storage().ok().flatten()
}

fn remember(lang: Language) {
    if let Some(s) = local() {
        // (Storage full or off: the choice lasts this visit.)
        let _ = s.set_item(LANGUAGE_KEY, lang.code());
    }
}

/// The language to speak at the start: the address's, the remembered one,
/// or the browser's.
fn initial() -> Language {
    let stored = local()
        .and_then(|s| s.get_item(LANGUAGE_KEY).ok().flatten())
        .and_then(|code| Language::from_tag(&code));
    if let Some(lang) = query_lang() {
        // (A link's language does not overwrite a player's own choice.)
        if stored.is_none() {
            remember(lang);
        }
        return lang;
    }
    stored.unwrap_or_else(|| {
        let tags: Vec<String> = gloo::utils::window()
            .navigator()
            .languages()
            .iter()
            .filter_map(|v| v.as_string())
            .collect();
        Language::first_of(tags.iter().map(String::as_str))
    })
}

/// The text of `lang`'s file, fetched (from the service worker's cache when
/// offline).
async fn fetch_text(lang: Language) -> Option<String> {
    let promise = gloo::utils::window().fetch_with_str(&lang.file());
    let response: web_sys::Response = JsFuture::from(promise).await.ok()?.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}

/// Makes `lang` ready to speak: its file fetched and read, once.
async fn load(lang: Language) -> Result<(), Problem> {
    if i18n::installed(lang) {
        return Ok(());
    }
    let text = fetch_text(lang).await.ok_or(Problem::Unavailable(lang))?;
    i18n::install(lang, text).map_err(|e| match e {
        Unusable::Stale | Unusable::Malformed(_) => Problem::Stale(lang),
    })
}

/// The language spoken, and why a chosen one is not, if it is not.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chosen {
    pub lang: Language,
    pub problem: Option<Problem>,
    /// The first language is ready (until then the page's loading sign stays).
    pub ready: bool,
}

/// The address without its `lang` parameter (no reload): the menu chose.
fn drop_lang_param() {
    let window = gloo::utils::window();
    let loc = window.location();
    let search = loc.search().unwrap_or_default();
    if !search.contains("lang=") {
        return;
    }
    let kept: Vec<&str> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|kv| !kv.is_empty() && !kv.starts_with("lang="))
        .collect();
    let url = format!(
        "{}{}{}{}",
        loc.pathname().unwrap_or_default(),
        if kept.is_empty() { "" } else { "?" },
        kept.join("&"),
        loc.hash().unwrap_or_default()
    );
    if let Ok(h) = window.history() {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Speaks `lang` if it can be had, and says so in `state`. Chosen from the
/// menu (`chosen`): remembered once spoken; the menu shows the language
/// spoken, whichever that is.
fn switch(state: UseStateHandle<Chosen>, lang: Language, chosen: bool) {
    wasm_bindgen_futures::spawn_local(async move {
        let result = load(lang).await;
        let spoken = if result.is_ok() && i18n::choose(lang) {
            lang
        } else {
            i18n::current()
        };
        if chosen && spoken == lang {
            remember(lang);
            drop_lang_param();
        }
        if let Some(root) = gloo::utils::document().document_element() {
            let _ = root.set_attribute("lang", spoken.code());
        }
        // (The menu would go on showing what was picked: it shows what is
        // spoken, as the page and the notice do.)
        if let Some(menu) = gloo::utils::document()
            .query_selector("[data-testid=language]")
            .ok()
            .flatten()
            .and_then(|el| el.dyn_into::<web_sys::HtmlSelectElement>().ok())
        {
            menu.set_value(spoken.code());
        }
        state.set(Chosen {
            lang: spoken,
            problem: result.err(),
            ready: true,
        });
        // The page's loading sign, until the words are there.
        if let Some(el) = gloo::utils::document().get_element_by_id("loading") {
            el.remove();
        }
    });
}

/// The app's language, before it is loaded: English, not ready.
#[hook]
pub fn use_chosen() -> UseStateHandle<Chosen> {
    use_state(|| Chosen {
        lang: Language::En,
        problem: None,
        ready: false,
    })
}

/// Loads the first language (the root's first effect): the page's loading
/// sign goes once it is there.
pub fn start(state: UseStateHandle<Chosen>) {
    switch(state, initial(), false);
}

/// The header's language menu, each language named in itself; and why a
/// chosen one is not spoken, if it is not.
pub fn menu(state: &UseStateHandle<Chosen>) -> Html {
    let onchange = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_dyn_into::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .unwrap_or_default();
            if let Some(lang) = Language::from_tag(&value) {
                switch(state.clone(), lang, true);
            }
        })
    };
    let problem = state.problem.map(|p| match p {
        Problem::Stale(l) => msg::language::stale(l.autonym()),
        Problem::Unavailable(l) => msg::language::unavailable(l.autonym()),
    });
    html! {
        <div class="language-menu">
            <select data-testid="language" aria-label={msg::language::menu()} {onchange}>
                { for Language::ALL.iter().map(|&l| html! {
                    <option value={l.code()} lang={l.code()} selected={l == state.lang}>{ l.autonym() }</option>
                }) }
            </select>
            if let Some(p) = problem {
                <p class="language-problem" role="status" data-testid="language-problem">{ p }</p>
            }
        </div>
    }
}
