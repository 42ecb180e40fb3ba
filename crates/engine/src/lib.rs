//! The rules engines, pure Rust with no web dependency.
//!
//! `core` holds the mechanics of any tile-laying game (grid, shapes, feature
//! graph, deal, the decision loop's trait) and knows no ruleset; `city` is
//! Carcassonne: The City over it, `classic` classic Carcassonne with its
//! two expansions; `any` the closed enums that carry either ruleset across
//! the edges (records, links, saves, the worker); `replay` the replay
//! viewer's arithmetic over any `TileGame` (rule-free); `fair` the deal of
//! a game played on more than one device (docs/fair-deal.md).

pub mod any;
pub mod city;
pub mod classic;
pub mod core;
pub mod fair;
pub mod replay;
// Native only: every check of the classic catalogue (tests, an example).
#[cfg(not(target_arch = "wasm32"))]
pub mod catalogue_check;

pub use self::core::geom::{Cell, Dir, Rotation, Side, Vertex};
pub use self::core::rules::{IllegalChoice, Seat, TileGame};
