//! The language the page speaks (`crate::i18n`): at the first visit the
//! first of the browser's languages the game speaks (English where none
//! is); `?lang=de` in any address, or the header's menu, chooses another,
//! remembered in localStorage. A language other than English is its file
//! (`static/lang/xx.txt`), fetched when chosen; the service worker keeps it,
//! so a language chosen once works offline. `<html lang>` follows.
//!
//! [`LanguageRoot`] holds the choice above the app and hands it down as a
//! context: a component that shows words calls [`use_language`], and is
//! drawn again, at once, when the language changes (the game and every
//! other state stay as they are).

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::App;
use crate::i18n::{self, catalog::Unusable, msg, Language};

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

/// The context [`LanguageRoot`] hands down.
#[derive(Clone, Debug, PartialEq)]
pub struct Speech {
    pub lang: Language,
    pub choose: Callback<Language>,
    pub problem: Option<Problem>,
}

/// The language the page speaks; the component calling it is drawn again
/// when it changes.
#[hook]
pub fn use_language() -> Language {
    use_context::<Speech>().map_or(Language::En, |s| s.lang)
}

fn query_lang() -> Option<Language> {
    let search = gloo::utils::window().location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("lang="))
        .and_then(Language::from_tag)
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
    if let Some(lang) = query_lang() {
        remember(lang);
        return lang;
    }
    let stored = local()
        .and_then(|s| s.get_item(LANGUAGE_KEY).ok().flatten())
        .and_then(|code| Language::from_tag(&code));
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
    JsFuture::from(response.text().ok()?).await.ok()?.as_string()
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

/// What the root shows.
#[derive(Clone, Copy, PartialEq)]
struct Chosen {
    lang: Language,
    problem: Option<Problem>,
    /// The first language is ready (until then the loading sign stays).
    ready: bool,
}

/// Speaks `lang` if it can be had, and says so in `state`.
fn switch(state: UseStateHandle<Chosen>, lang: Language) {
    wasm_bindgen_futures::spawn_local(async move {
        let result = load(lang).await;
        let spoken = if result.is_ok() && i18n::choose(lang) {
            lang
        } else {
            i18n::current()
        };
        if let Some(root) = gloo::utils::document().document_element() {
            let _ = root.set_attribute("lang", spoken.code());
        }
        state.set(Chosen {
            lang: spoken,
            problem: result.err(),
            ready: true,
        });
    });
}

/// The app under its language.
#[function_component(LanguageRoot)]
pub fn language_root() -> Html {
    let state = use_state(|| Chosen {
        lang: Language::En,
        problem: None,
        ready: false,
    });
    {
        let state = state.clone();
        use_effect_with((), move |_| switch(state, initial()));
    }
    let choose = {
        let state = state.clone();
        Callback::from(move |lang: Language| {
            remember(lang);
            switch(state.clone(), lang);
        })
    };
    let ready = state.ready;
    use_effect_with(ready, |&ready| {
        // The page's loading sign, until the words are there.
        if ready {
            if let Some(el) = gloo::utils::document().get_element_by_id("loading") {
                el.remove();
            }
        }
    });
    if !ready {
        return html! {};
    }
    let speech = Speech {
        lang: state.lang,
        choose,
        problem: state.problem,
    };
    html! {
        <ContextProvider<Speech> context={speech}>
            <App />
        </ContextProvider<Speech>>
    }
}

/// The header's language menu: each language named in itself; and why a
/// chosen one is not spoken, if it is not.
#[function_component(LanguageMenu)]
pub fn language_menu() -> Html {
    let Some(speech) = use_context::<Speech>() else {
        return html! {};
    };
    let onchange = {
        let choose = speech.choose.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_dyn_into::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .unwrap_or_default();
            if let Some(lang) = Language::from_tag(&value) {
                choose.emit(lang);
            }
        })
    };
    let problem = speech.problem.map(|p| match p {
        Problem::Stale(l) => msg::language::stale(l.autonym()),
        Problem::Unavailable(l) => msg::language::unavailable(l.autonym()),
    });
    html! {
        <div class="language-menu">
            <select data-testid="language" aria-label={msg::language::menu()} {onchange}>
                { for Language::ALL.iter().map(|&l| html! {
                    <option value={l.code()} lang={l.code()} selected={l == speech.lang}>{ l.autonym() }</option>
                }) }
            </select>
            if let Some(p) = problem {
                <p class="language-problem" role="status" data-testid="language-problem">{ p }</p>
            }
        </div>
    }
}
