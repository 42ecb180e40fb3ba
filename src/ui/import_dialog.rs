//! Import a game record (CGN, NOTATION.md): a `.cgn` file or pasted text.
//! The records worker (`ui::records`) reads it; a record that reads starts
//! as a new local game at its last position, one that does not shows the
//! reader's error with its line number.

use yew::prelude::*;

use super::modal::Modal;
use super::records;
use super::state::{Action, AppState, Opened};
use super::storage;
use crate::records::{Answer, Job};
use crate::share;
use crate::view::words::plain;

/// Largest record read (a whole game is a few KB).
const MAX_TEXT: usize = 1 << 20;

/// Read a record in the records worker; `then` gets the game, or the reason
/// it cannot be read.
fn open(text: &str, then: impl FnOnce(Result<Opened, String>) + 'static) {
    // A byte-order mark, as some editors put before a text, is not part of
    // the record (a file chosen from disk loses it on the way).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return then(Err("Paste a record or choose a .cgn file first.".into()));
    }
    if text.len() > MAX_TEXT {
        return then(Err("This is far too long to be a game record.".into()));
    }
    records::ask(Job::Read(text.to_string()), move |answer| {
        then(match answer {
            Answer::Read(link) => match share::decode(&link) {
                Ok(game) => Ok(Opened {
                    seats: storage::default_seats(&game),
                    game,
                    id: None,
                    from_link: false,
                    link_base: 0,
                    known: None,
                }),
                Err(e) => Err(format!(
                    "The record does not read: {}",
                    plain(&e.to_string())
                )),
            },
            Answer::Unreadable { line: 0, reason } => {
                Err(format!("The record does not read: {}", plain(&reason)))
            }
            Answer::Unreadable { line, reason } => Err(format!(
                "The record does not read: line {line}: {}",
                plain(&reason)
            )),
            Answer::Failed(why) => Err(format!("The record could not be read: {why}.")),
            Answer::Text(_) => Err("The record could not be read.".into()),
        })
    });
}

#[derive(Properties, PartialEq)]
pub struct ImportDialogProps {
    pub dispatch: UseReducerDispatcher<AppState>,
}

#[function_component(ImportDialog)]
pub fn import_dialog(props: &ImportDialogProps) -> Html {
    let open_state = use_state(|| false);
    let text = use_state(String::new);
    let error = use_state(|| None::<String>);

    // Try a text; on success start the game and close.
    let attempt = {
        let d = props.dispatch.clone();
        let open_state = open_state.clone();
        let error = error.clone();
        let text = text.clone();
        Callback::from(move |t: String| {
            let (d, open_state, error, text) =
                (d.clone(), open_state.clone(), error.clone(), text.clone());
            open(&t.clone(), move |result| match result {
                Ok(o) => {
                    d.dispatch(Action::Open(Box::new(o)));
                    open_state.set(false);
                    error.set(None);
                    text.set(String::new());
                }
                Err(e) => {
                    text.set(t);
                    error.set(Some(e));
                }
            })
        })
    };
    let show = {
        let open_state = open_state.clone();
        let error = error.clone();
        Callback::from(move |_: MouseEvent| {
            error.set(None);
            open_state.set(true)
        })
    };
    let button = html! {
        <button class="quiet small" data-testid="import-open" onclick={show}
            title="Open a game record (.cgn) from a file or pasted text">{ "Import record" }</button>
    };
    if !*open_state {
        return button;
    }
    let close = {
        let open_state = open_state.clone();
        Callback::from(move |_: ()| open_state.set(false))
    };
    let on_file = {
        let attempt = attempt.clone();
        let error = error.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
                return;
            };
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            if file.size() > MAX_TEXT as f64 {
                error.set(Some("This file is far too big to be a game record.".into()));
                return;
            }
            let attempt = attempt.clone();
            let error = error.clone();
            let promise = file.text();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(promise).await {
                    Ok(v) => attempt.emit(v.as_string().unwrap_or_default()),
                    Err(_) => error.set(Some("The file could not be read.".into())),
                }
            });
        })
    };
    let on_text = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                text.set(t.value());
            }
        })
    };
    let go = {
        let attempt = attempt.clone();
        let text = text.clone();
        Callback::from(move |_: MouseEvent| attempt.emit((*text).clone()))
    };
    html! {
        <>
            { button }
            <Modal title="Import a game record" on_close={close.clone()} testid="import-dialog" class="import">
                <p>{ "Choose a .cgn file, or paste a record below. The game opens at its last position as a new saved game." }</p>
                <label class="import-file">{ "File: " }
                    <input type="file" accept=".cgn,text/plain" data-testid="import-file" onchange={on_file} />
                </label>
                <label class="import-label" for="import-text">{ "Or paste the record:" }</label>
                <textarea id="import-text" class="import-text" data-testid="import-text" rows="10"
                    placeholder="[Game \"Carcassonne: The City\"] …" value={(*text).clone()} oninput={on_text} />
                if let Some(e) = &*error {
                    <p class="errors" role="alert" data-testid="import-error">{ e.clone() }</p>
                }
                <div class="dialog-buttons">
                    <button class="quiet" data-testid="import-cancel" onclick={close.reform(|_: MouseEvent| ())}>{ "Cancel" }</button>
                    <button class="primary" data-testid="import-go" onclick={go}>{ "Open the game" }</button>
                </div>
            </Modal>
        </>
    }
}
