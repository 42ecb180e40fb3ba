//! Import a game record (CGN, NOTATION.md): a `.cgn` file or pasted text.
//! The records worker (`ui::records`) reads it; a record that reads starts
//! as a new local game at its last position, one that does not shows the
//! reader's error with its line number.

use yew::prelude::*;

use super::modal::Modal;
use super::records;
use super::state::{Action, AppState, Opened};
use super::storage;
use crate::i18n::msg::import as m;
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
        return then(Err(m::empty().into()));
    }
    if text.len() > MAX_TEXT {
        return then(Err(m::too_long().into()));
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
                Err(e) => Err(m::does_not_read(&plain(&e.words()))),
            },
            Answer::Unreadable { line: 0, reason } => Err(m::does_not_read(&plain(&reason))),
            Answer::Unreadable { line, reason } => {
                Err(m::does_not_read_line(line, &plain(&reason)))
            }
            Answer::Failed(why) => Err(m::failed_why(&why)),
            Answer::Text(_) | Answer::TextView { .. } => Err(m::failed().into()),
        })
    });
}

#[derive(Properties, PartialEq)]
pub struct ImportDialogProps {
    /// The language spoken: a new one draws the dialog again.
    pub lang: crate::i18n::Language,
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
            title={m::open_title()}>{ m::open() }</button>
    };
    // The button stays the same element, open or not (Yew matches a list's
    // children from its end: the dialog's place is kept, empty): the dialog
    // gives it the focus back when it closes (Esc, Cancel).
    if !*open_state {
        return html! { <>{ button }{ Html::default() }</> };
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
                error.set(Some(m::too_big().into()));
                return;
            }
            let attempt = attempt.clone();
            let error = error.clone();
            let promise = file.text();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(promise).await {
                    Ok(v) => attempt.emit(v.as_string().unwrap_or_default()),
                    Err(_) => error.set(Some(m::file_unreadable().into())),
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
            <Modal title={m::title()} on_close={close.clone()} testid="import-dialog" class="import">
                <p>{ m::about() }</p>
                <label class="import-file">{ m::file() }{ " " }
                    <input type="file" accept=".cgn,text/plain" data-testid="import-file" onchange={on_file} />
                </label>
                <label class="import-label" for="import-text">{ m::paste() }</label>
                <textarea id="import-text" class="import-text" data-testid="import-text" rows="10"
                    placeholder="[Game \"Carcassonne: The City\"] …" value={(*text).clone()} oninput={on_text} />
                if let Some(e) = &*error {
                    <p class="errors" role="alert" data-testid="import-error">{ e.clone() }</p>
                }
                <div class="dialog-buttons">
                    <button class="quiet" data-testid="import-cancel" onclick={close.reform(|_: MouseEvent| ())}>{ m::cancel() }</button>
                    <button class="primary" data-testid="import-go" onclick={go}>{ m::go() }</button>
                </div>
            </Modal>
        </>
    }
}
