//! Carcassonne: The City — the rules engine, game records and (on wasm32) the
//! browser app. The engine depends on nothing web.

pub mod ai;
pub mod art;
pub mod engine;
pub mod notation;
pub mod replay;
pub mod saves;
pub mod share;
#[cfg(target_arch = "wasm32")]
pub mod ui;
