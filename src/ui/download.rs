//! Saving the game's record (CGN or CGN-C, written by the records' chunk,
//! `ui::records`) as a `.cgn` download.

use wasm_bindgen::JsCast;

use super::records;
use crate::records::{Answer, Job};
use engine::any::AnyGame;
use formats::fair_game::FairGame;

/// The record's tags besides the game's own: today's date.
fn tags() -> Vec<(String, String)> {
    let date = js_sys::Date::new_0();
    vec![(
        "Date".to_string(),
        format!(
            "{:04}-{:02}-{:02}",
            date.get_full_year(),
            date.get_month() + 1,
            date.get_date()
        ),
    )]
}

/// Offer `text` as a file download named `name`.
pub fn download(name: &str, text: &str, mime: &str) -> Result<(), String> {
    let err = |e: wasm_bindgen::JsValue| super::js_error::js_message(&e);
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(err)?;
    download_blob(name, &blob)
}

/// Offer `blob` as a file download named `name` (the 3-D view's picture).
pub fn download_blob(name: &str, blob: &web_sys::Blob) -> Result<(), String> {
    let err = |e: wasm_bindgen::JsValue| super::js_error::js_message(&e);
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(err)?;
    let doc = gloo::utils::document();
    let a: web_sys::HtmlAnchorElement = doc
        .create_element("a")
        .map_err(err)?
        .dyn_into()
        .map_err(|_| "not an anchor".to_string())?;
    a.set_href(&url);
    a.set_download(name);
    // `hidden`, not a style attribute: the Content-Security-Policy allows no inline styles.
    a.set_hidden(true);
    let body = gloo::utils::body();
    body.append_child(&a).map_err(err)?;
    a.click();
    body.remove_child(&a).map_err(err)?;
    // Let the download start before the URL goes.
    let url2 = url.clone();
    gloo::timers::callback::Timeout::new(10_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url2);
    })
    .forget();
    Ok(())
}

/// Download the game's record (whole turns, written by the records
/// worker); `done` gets what the record leaves out of a turn in progress,
/// or why it could not be saved.
pub fn export_record(
    game: &AnyGame,
    fair: Option<&FairGame>,
    done: impl FnOnce(Result<Option<String>, String>) + 'static,
) {
    let (whole, name, note) = view::any::record_download(game);
    let mut tags = tags();
    // A fair game in play: what is known of its deal, never a tile to come.
    // (The correspondence chunk is here while a fair game is in play.)
    let chunk = super::correspondence::loaded();
    if let (Some(f), Some(c)) = (fair.filter(|_| !game.is_over()), chunk) {
        tags.insert(0, ("Fair".to_string(), c.tag(f)));
    }
    let job = Job::Write { game: whole, tags };
    records::ask(job, move |answer| {
        done(match answer {
            Answer::Text(text) => {
                download(&name, &text, "application/x-cgn;charset=utf-8").map(|()| note)
            }
            Answer::Failed(why) => Err(why),
            _ => Err(i18n::msg::play::record_unwritten().into()),
        })
    });
}
