//! Carcassonne: The City and classic Carcassonne in the browser: the Yew
//! app (wasm32 only) over the workspace's crates (`engine`, `formats`,
//! `computer`, `i18n`, `art`, `view`).

pub mod records;
#[cfg(target_arch = "wasm32")]
pub mod ui;
