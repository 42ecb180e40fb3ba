//! The engine worker's status, kept on the page (hidden: it is not for
//! players) for the tests and for anyone debugging.

use yew::prelude::*;

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
            <p id="worker-status" class="worker-status starting" hidden=true>{ "starting the engine worker…" }</p>
        },
        WorkerStatus::Ready { version, scope } => html! {
            <p id="worker-status" class="worker-status ready" data-scope={scope.clone()} hidden=true>
                { format!("engine worker ready (v{version}, {scope})") }
            </p>
        },
    }
}
