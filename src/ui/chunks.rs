//! Where the build is split: each function here is a split point, and the
//! code only it reaches goes into a chunk of its own, a wasm file fetched
//! the first time the function is called (wasm_split_helpers; the build is
//! split by `wasm-split-cli` in scripts/site.js). Everything else, the
//! engines included, is in the page's module, shared by the page and its
//! workers: each piece of code ships once. What each chunk costs and why
//! these four: docs/loading.md.
//!
//! A chunk that cannot be fetched (offline before the service worker kept
//! it, a deploy in between) is an error the caller shows; the next call
//! tries again.
//!
//! Only the site's build splits (feature `split`, scripts/site.js): a build
//! that is not split (the browser tests', clippy's) has each function here
//! as a plain async function over the same body, since a split point
//! imports a loader that only the split build's JavaScript provides.

pub use wasm_split_helpers::SplitLoaderError;

use crate::records::{Answer, Job};

/// Why a chunk did not come.
pub type Loaded<T> = Result<T, SplitLoaderError>;

/// A split point: `wasm_split` in the split build, a plain async function
/// in any other.
macro_rules! split_point {
    ($chunk:ident, $(#[$m:meta])* pub fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty $body:block) => {
        $(#[$m])*
        #[cfg(feature = "split")]
        #[wasm_split_helpers::wasm_split($chunk, fallible)]
        pub fn $name($($arg: $ty),*) -> $out $body

        $(#[$m])*
        #[cfg(not(feature = "split"))]
        pub async fn $name($($arg: $ty),*) -> $out $body
    };
}

split_point! {
    computer,
    /// The computer (search, review): run by an engine worker only
    /// (`ui::worker::serve`).
    pub fn serve_engine() -> Loaded<()> {
        super::worker::serve();
        Ok(())
    }
}

split_point! {
    records,
    /// Records read and written, and the text view's words (`crate::records`).
    pub fn records(job: Job) -> Loaded<Answer> {
        Ok(crate::records::work(job))
    }
}

split_point! {
    play,
    /// A game on the screen: the board and its layers, the tile art, the
    /// prompt, the panel, the keyboard, the text view (`ui::play_host`).
    pub fn play() -> Loaded<super::play_screen::DrawPlay> {
        Ok(super::play_screen::draw)
    }
}

split_point! {
    extras,
    /// The screens few visits need (How to play, the key, the tiles left,
    /// the import dialog, the end of the game with its pictures, the
    /// statistics, the review): how to draw them (`ui::extras`).
    pub fn extras() -> Loaded<super::extras::DrawPart> {
        Ok(super::extras_part::draw)
    }
}

split_point! {
    city3d,
    /// The board in 3-D: its canvas, its controls, the picture to save
    /// (`ui::city3d`; the page's host is `ui::city3d_host`).
    pub fn city3d() -> Loaded<super::city3d_host::DrawCity3d> {
        Ok(super::city3d::draw)
    }
}

split_point! {
    qr,
    /// QR codes (live play's invitation and answer): the encoder and its
    /// drawing, fetched the first time one is shown (`ui::qr_code`).
    pub fn qr() -> Loaded<super::qr_code::DrawQr> {
        Ok(super::qr_code::draw)
    }
}

split_point! {
    star,
    /// Games on three to five devices (issue 37): a new game hosted, a
    /// version 5 link opened and checked (each relayed move against its
    /// device's signature), this device's link signed (`ui::star_play`;
    /// the page's side is `ui::star_host`).
    pub fn star(job: super::star_play::Job) -> Loaded<super::star_play::Working> {
        Ok(super::star_play::work(job))
    }
}

split_point! {
    correspondence,
    /// Games with friends on other devices: fair games by links, live
    /// play, their saves' reading (`ui::correspondence`; the chunk's side
    /// is `ui::correspondence_part`).
    pub fn correspondence() -> Loaded<&'static dyn super::correspondence::Correspondence> {
        Ok(super::correspondence_part::install())
    }
}
