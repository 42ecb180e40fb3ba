//! How the page and its workers encode their messages: `formats::wire`'s
//! text (not gloo-worker's default bincode, whose error formatting cost the
//! page several KB; docs/size.md). Both ends of every worker use it.

use wasm_bindgen::JsValue;

/// The codec of the page's workers (`.encoding::<WireCodec>()` on both
/// the spawner and the registrar).
pub struct WireCodec;

impl gloo_worker::Codec for WireCodec {
    fn encode<I: serde::Serialize>(input: I) -> JsValue {
        match formats::wire::to_string(&input) {
            Ok(text) => JsValue::from_str(&text),
            Err(_) => wasm_bindgen::throw_str("a worker message could not be written"),
        }
    }

    fn decode<O: for<'de> serde::Deserialize<'de>>(input: JsValue) -> O {
        // Both ends run the same build: a message that does not read is a
        // broken build or a foreign sender, and stops here loudly.
        match input.as_string().map(|t| formats::wire::from_str(&t)) {
            Some(Ok(v)) => v,
            _ => wasm_bindgen::throw_str("a worker message could not be read"),
        }
    }
}
