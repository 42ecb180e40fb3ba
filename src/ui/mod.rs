//! The browser app (wasm32 only): Yew components for the page, and the engine
//! worker that runs the computer opponent in a Web Worker.

pub mod worker;

use gloo_worker::Spawnable;
use yew::prelude::*;

use self::worker::{EngineWorker, FromEngine, ToEngine};

/// Where the worker's loader is, relative to the page (Trunk writes
/// `worker_loader.js`, `worker.js` and `worker_bg.wasm` next to index.html).
pub const WORKER_LOADER: &str = "./worker_loader.js";

/// What the page knows about the engine worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkerStatus {
    /// Spawned, no answer yet.
    Starting,
    /// It answered a ping from the given global scope.
    Ready {
        /// The worker's crate version.
        version: String,
        /// The worker's JavaScript global scope.
        scope: String,
    },
}

/// The engine worker's status line.
#[derive(Properties, PartialEq)]
pub struct WorkerLineProps {
    /// The status to show.
    pub status: WorkerStatus,
}

/// Shows whether the engine worker answered.
#[function_component(WorkerLine)]
pub fn worker_line(props: &WorkerLineProps) -> Html {
    match &props.status {
        WorkerStatus::Starting => html! {
            <p id="worker-status" class="worker-status starting">{ "starting the engine worker…" }</p>
        },
        WorkerStatus::Ready { version, scope } => html! {
            <p id="worker-status" class="worker-status ready" data-scope={scope.clone()}>
                { format!("engine worker ready (v{version}, {scope})") }
            </p>
        },
    }
}

/// The placeholder page: a title, a line saying the game is coming, and the
/// engine worker's status.
#[function_component(App)]
pub fn app() -> Html {
    let status = use_state(|| WorkerStatus::Starting);
    {
        let status = status.clone();
        use_effect_with((), move |_| {
            let bridge = EngineWorker::spawner()
                .with_loader(true)
                .callback(move |out: FromEngine| match out {
                    FromEngine::Pong { version, scope, .. } => {
                        status.set(WorkerStatus::Ready { version, scope })
                    }
                })
                .spawn(WORKER_LOADER);
            bridge.send(ToEngine::Ping(1));
            // Keep the bridge (and so the worker) alive while the app is mounted.
            move || drop(bridge)
        });
    }
    html! {
        <main class="app">
            <h1>{ "Carcassonne: The City" }</h1>
            <p class="coming">{ "The game is coming soon: build the walled city, tile by tile." }</p>
            <WorkerLine status={(*status).clone()} />
        </main>
    }
}

/// Mounts [`App`] on the document body.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
