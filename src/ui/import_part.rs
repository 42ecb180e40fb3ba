//! The dialog that opens a game record (CGN, NOTATION.md): a `.cgn` file or
//! pasted text. A part of the extras (ui/extras.rs; the page holds only
//! the button, ui/import_dialog.rs). A record that reads is handed to the
//! page (`PartEvent::Open`), which opens it as a new local game at its last
//! position. One that does not shows the reader's error with its line
//! number.

use yew::prelude::*;

use super::modal::Modal;
use crate::records::{work, Answer, Job};
use engine::any::AnyGame;
use i18n::msg::import as m;
use view::words::plain;

/// Largest record read (a whole game is a few KB).
const MAX_TEXT: usize = 1 << 20;

/// Read a record: its game, or the reason it cannot be read.
fn read(text: &str) -> Result<AnyGame, String> {
    // A byte-order mark, as some editors put before a text, is not part of
    // the record (a file chosen from disk loses it on the way).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(m::empty().into());
    }
    if text.len() > MAX_TEXT {
        return Err(m::too_long().into());
    }
    match work(Job::Read(text.to_string())) {
        // (The page decodes the link again; one that does not decode here
        // would not there either.)
        Answer::Read(game) => Ok(*game),
        Answer::Unreadable { line: 0, reason } => Err(m::does_not_read(&plain(&reason))),
        Answer::Unreadable { line, reason } => Err(m::does_not_read_line(line, &plain(&reason))),
        Answer::Failed(why) => Err(m::failed_why(&why)),
        Answer::Text(_) | Answer::TextView { .. } => Err(m::failed().into()),
    }
}

#[derive(Properties, PartialEq)]
pub struct ImportPartProps {
    /// `Open` with the game read, or `Close`.
    pub on_event: Callback<super::extras::PartEvent>,
}

#[function_component(ImportPart)]
pub fn import_part(props: &ImportPartProps) -> Html {
    let text = use_state(String::new);
    let error = use_state(|| None::<String>);

    // Try a text; a game that reads goes to the page, which closes the dialog.
    let attempt = {
        let on_event = props.on_event.clone();
        let error = error.clone();
        let text = text.clone();
        Callback::from(move |t: String| match read(&t) {
            Ok(game) => on_event.emit(super::extras::PartEvent::Open(std::rc::Rc::new(game))),
            Err(e) => {
                text.set(t);
                error.set(Some(e));
            }
        })
    };
    let close = props
        .on_event
        .reform(|_: ()| super::extras::PartEvent::Close);
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
        let text = text.clone();
        Callback::from(move |_: MouseEvent| attempt.emit((*text).clone()))
    };
    html! {
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
    }
}
