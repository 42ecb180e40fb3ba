//! Browser smoke tests, run in headless Chromium by wasm-bindgen-test-runner:
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web_smoke`
//! (scripts/test.sh does this). On native targets this file is empty.
#![cfg(target_arch = "wasm32")]

use gloo::storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};
use the_city::ui::device_key::{device_key, forget_cache};
use the_city::ui::worker::{global_scope_name, FromEngine, ToEngine};
use the_city::ui::{WorkerLine, WorkerLineProps, WorkerStatus};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod web_support;
use web_support::{fresh_div, settle};

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Saved {
    name: String,
    turns: Vec<u32>,
}

#[wasm_bindgen_test]
fn local_storage_round_trip() {
    let raw = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    raw.set_item("the-city-smoke-raw", "walls").unwrap();
    assert_eq!(
        raw.get_item("the-city-smoke-raw").unwrap().as_deref(),
        Some("walls")
    );
    raw.remove_item("the-city-smoke-raw").unwrap();
    assert_eq!(raw.get_item("the-city-smoke-raw").unwrap(), None);

    let saved = Saved {
        name: "game 1".into(),
        turns: vec![3, 1, 4, 1, 5],
    };
    LocalStorage::set("the-city-smoke-json", &saved).unwrap();
    let back: Saved = LocalStorage::get("the-city-smoke-json").unwrap();
    assert_eq!(back, saved);
    LocalStorage::delete("the-city-smoke-json");
    assert!(LocalStorage::get::<Saved>("the-city-smoke-json").is_err());
}

#[wasm_bindgen_test]
fn main_thread_is_a_window() {
    assert_eq!(global_scope_name(), "Window");
}

#[wasm_bindgen_test]
fn worker_messages_survive_the_channel() {
    use the_city::ui::channel::{decode, encode};
    let ping = ToEngine::Ping(42);
    let back: ToEngine = decode(&encode(&ping).into()).expect("a message");
    assert_eq!(back, ping);
    let pong = FromEngine::Pong {
        nonce: 42,
        version: "0.1.0".into(),
        scope: "DedicatedWorkerGlobalScope".into(),
    };
    let back: FromEngine = decode(&encode(&pong).into()).expect("a message");
    assert_eq!(back, pong);
    // Anything else is no message, not a panic.
    assert_eq!(
        decode::<ToEngine>(&wasm_bindgen::JsValue::from_str("x")),
        None
    );
    let junk = js_sys::Uint8Array::from(&[255u8, 255, 255][..]);
    assert_eq!(decode::<ToEngine>(&junk.into()), None);
}

#[wasm_bindgen_test]
async fn yew_component_renders_into_a_div() {
    let root = fresh_div("smoke-starting");
    let app = yew::Renderer::<WorkerLine>::with_root_and_props(
        root.clone(),
        WorkerLineProps {
            status: WorkerStatus::Starting,
        },
    )
    .render();
    settle().await;
    let p = root
        .query_selector("#worker-status")
        .unwrap()
        .expect("rendered");
    assert!(p.get_attribute("class").unwrap().contains("starting"));
    assert!(p
        .text_content()
        .unwrap()
        .contains("starting the engine worker"));
    app.destroy();
    settle().await;
    assert!(root.query_selector("#worker-status").unwrap().is_none());

    let root = fresh_div("smoke-ready");
    let _app = yew::Renderer::<WorkerLine>::with_root_and_props(
        root.clone(),
        WorkerLineProps {
            status: WorkerStatus::Ready {
                version: "9.9.9".into(),
                scope: "DedicatedWorkerGlobalScope".into(),
            },
        },
    )
    .render();
    settle().await;
    let p = root
        .query_selector("#worker-status")
        .unwrap()
        .expect("rendered");
    assert_eq!(
        p.text_content().unwrap(),
        "engine worker ready (v9.9.9, DedicatedWorkerGlobalScope)"
    );
    assert_eq!(
        p.get_attribute("data-scope").as_deref(),
        Some("DedicatedWorkerGlobalScope")
    );
}

/// This device's signing key (issue 37, three to five devices): WebCrypto
/// makes it with a non-extractable private key, IndexedDB keeps it, and its
/// signatures verify with `formats::star`.
#[wasm_bindgen_test]
async fn the_device_key_is_kept_and_its_signatures_verify() {
    let made = device_key().await.expect("a key made and kept");
    forget_cache();
    let kept = device_key().await.expect("the key read back");
    assert_eq!(
        made.public, kept.public,
        "the same key after reading it back"
    );
    assert!(
        !kept.extractable(),
        "the private key never leaves WebCrypto"
    );
    let m = [7u8; 32];
    let sig = kept.sign(&m).await.expect("a signature");
    assert!(formats::star::verify(&kept.public, &m, &sig));
    assert!(!formats::star::verify(&kept.public, &[8u8; 32], &sig));
    // A second signature of the same message differs (ECDSA draws a
    // nonce) and verifies too.
    let again = kept.sign(&m).await.expect("a signature");
    assert_ne!(sig, again);
    assert!(formats::star::verify(&kept.public, &m, &again));
}
