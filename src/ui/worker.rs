//! The engine worker: a gloo-worker [`Worker`] that runs in a dedicated Web
//! Worker (bin `worker`), off the main thread, so that the computer opponent
//! can think without freezing the page. For now it only answers pings; the AI
//! requests come later.

use gloo_worker::{HandlerId, Worker, WorkerScope};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;

/// A request from the page to the engine worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToEngine {
    /// Are you there? The worker answers [`FromEngine::Pong`] with the same nonce.
    Ping(u32),
}

/// An answer from the engine worker to the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FromEngine {
    /// The answer to [`ToEngine::Ping`].
    Pong {
        /// The nonce of the ping.
        nonce: u32,
        /// The crate version the worker was built from.
        version: String,
        /// The JavaScript global scope the worker runs in, as its constructor
        /// name: `DedicatedWorkerGlobalScope` in a real Web Worker.
        scope: String,
    },
}

/// The engine worker. Register it with
/// `<EngineWorker as gloo_worker::Registrable>::registrar().register()` in the
/// worker binary; spawn it from the page with [`gloo_worker::Spawnable`].
#[derive(Debug, Default)]
pub struct EngineWorker;

/// The constructor name of the current JavaScript global object.
pub fn global_scope_name() -> String {
    js_sys::global()
        .unchecked_into::<js_sys::Object>()
        .constructor()
        .name()
        .into()
}

impl Worker for EngineWorker {
    type Message = ();
    type Input = ToEngine;
    type Output = FromEngine;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        EngineWorker
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Self::Input, id: HandlerId) {
        match msg {
            ToEngine::Ping(nonce) => scope.respond(
                id,
                FromEngine::Pong {
                    nonce,
                    version: env!("CARGO_PKG_VERSION").to_string(),
                    scope: global_scope_name(),
                },
            ),
        }
    }
}
