//! The browser app (wasm32 only): Yew components, one per file, over the
//! engine and the view model (`view`); the app state and its reducer
//! in `state/`; and the engine worker that runs the computer opponent in a
//! Web Worker.
//!
//! Game state (the engine's `Game`), UI state (`state::UiState`) and drawing
//! state (`camera::Camera`) are kept apart. The board draws a
//! `view::scene::Scene` and offers `view::targets::Targets`: it knows no
//! rules.

pub mod aids_layer;
pub mod app;
pub mod board;
pub mod camera;
pub mod channel;
pub mod chunks;
pub mod city3d;
pub mod city3d_canvas;
pub mod city3d_host;
pub mod classic_pieces;
pub mod computer_bar;
pub mod coords_layer;
pub mod correspondence;
pub mod correspondence_part;
pub mod device_key;
pub mod download;
pub mod extras;
pub mod extras_part;
pub mod game_log;
pub mod game_over;
pub mod game_pictures;
pub mod hand;
pub mod help;
pub mod import_dialog;
pub mod import_part;
pub mod js_error;
pub mod keys;
pub mod language;
pub mod legend;
pub mod live;
pub mod live_lines;
pub mod live_star;
pub mod live_tabs;
pub mod log_entry;
pub mod modal;
pub mod new_game;
pub mod notice;
pub mod panel;
pub mod pieces_layer;
pub mod play_host;
pub mod play_screen;
pub mod prompt;
pub mod puzzles_app;
pub mod qr_code;
pub mod recent_layer;
pub mod records;
pub mod replay_bar;
pub mod review_app;
pub mod review_screen;
pub mod review_store;
pub mod review_try;
pub mod saves_list;
pub mod score_strip;
pub mod session;
pub mod share_button;
pub mod star_host;
pub mod star_invites;
pub mod star_play;
pub mod state;
pub mod stats_dialog;
pub mod storage;
pub mod targets_layer;
pub mod text_view;
pub mod tile_art;
pub mod tile_defs;
pub mod tiles_layer;
pub mod tiles_left;
pub mod update;
pub mod worker;
pub mod worker_line;

pub use app::App;
pub use worker_line::{WorkerLine, WorkerLineProps, WorkerStatus};

/// Mounts [`App`] on the document body; the loading sign index.html shows
/// while the wasm starts goes when its words are there
/// (`language::use_chosen`).
pub fn start() {
    // The play screen's chunk, asked for before the first screen is drawn:
    // the network is idle then, and a link or a saved game shows its
    // board as soon as it is here (ui/play_host.rs).
    play_host::preload(|_| ());
    yew::Renderer::<App>::new().render();
}
