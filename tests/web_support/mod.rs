//! What the browser tests (`web_smoke.rs`, `web_ui.rs`) share: a place to
//! mount a component and a pause for Yew to render.

use std::time::Duration;

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A fresh `<div>` appended to the body, for a component to render into.
pub fn fresh_div(id: &str) -> web_sys::Element {
    let doc = document();
    let div = doc.create_element("div").unwrap();
    div.set_id(id);
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

/// Lets Yew's scheduler (which runs in spawned futures) render.
pub async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(30)).await;
}
