//! Reading a JavaScript exception as text, for the messages the app shows
//! (a full storage, a refused download).

use wasm_bindgen::JsValue;

/// What a JavaScript error says: its `message`, or the value itself when it
/// is a string. (Not `{:?}`: JsValue's Debug brings wasm-bindgen's whole
/// value printer into the page.)
pub fn js_message(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| i18n::msg::storage::no_reason().to_string())
}
