//! Where the build is split: each function here is a split point, and the
//! code only it reaches goes into a chunk of its own, a wasm file fetched
//! the first time the function is called (wasm_split_helpers; the build is
//! split by `wasm-split-cli` in scripts/site.js). Everything else, the
//! engines included, is in the page's module, shared by the page and its
//! workers: each piece of code ships once. What each chunk costs and why
//! these three: docs/loading.md.
//!
//! A chunk that cannot be fetched (offline before the service worker kept
//! it, a deploy in between) is an error the caller shows; the next call
//! tries again.

use wasm_split_helpers::wasm_split;
pub use wasm_split_helpers::SplitLoaderError;

use crate::records::{Answer, Job};

/// Why a chunk did not come, or did but its part failed.
pub type Loaded<T> = Result<T, SplitLoaderError>;

/// The computer (search, review): run by an engine worker only
/// (`ui::worker::serve`).
#[wasm_split(computer, fallible)]
pub fn serve_engine() -> Loaded<()> {
    super::worker::serve();
    Ok(())
}

/// Records read and written, and the text view's words (`crate::records`).
#[wasm_split(records, fallible)]
pub fn records(job: Job) -> Loaded<Answer> {
    Ok(crate::records::work(job))
}

/// The screens few visits need (How to play, the key, the tiles left, the
/// import dialog, the end of the game with its pictures, the statistics,
/// the review): how to draw them (`ui::extras`).
#[wasm_split(extras, fallible)]
pub fn extras() -> Loaded<super::extras::DrawPart> {
    Ok(super::extras_part::draw)
}
