//! The full checks of the embedded tile catalogues against their formats
//! (tiles/FORMAT-2.md and check2.py for classic), native only: the game
//! needs only what the engine's loader reads (`engine::classic::load`), and
//! the browser never loads anything but the catalogue these checks passed
//! in the native tests. Used by those tests and by the example
//! `check_classic_catalogue`.

pub mod classic;
