//! Carcassonne: The City — the rules engine, game records, the view model
//! (what the screens show, tested natively) and (on wasm32) the browser app.
//! The engine and the view model depend on nothing web.

pub mod ai;
pub mod art;
#[cfg(not(target_arch = "wasm32"))]
pub mod catalogue_check;
pub mod engine;
pub mod i18n;
pub mod json;
pub mod level;
pub mod notation;
pub mod records;
pub mod saves;
pub mod share;
#[cfg(target_arch = "wasm32")]
pub mod ui;
pub mod view;
pub mod wire;
