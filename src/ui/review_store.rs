//! Finished game reviews kept in the browser (issue 30), so that a game
//! reviewed once opens its review again without recomputing it, after a
//! reload too: the newest few, by key (the record and the level:
//! `state::review::key_of`), under their own localStorage key beside the
//! saves document, which stays as it was (saves v1–v5 unchanged). A review
//! that cannot be stored (full or disabled storage) is still kept for the
//! session; one that does not read is dropped: it is computed again.

use std::cell::RefCell;
use std::rc::Rc;

use super::storage;
use view::review::{decode_kept, encode_kept, Reviewed};

/// The localStorage key of the kept reviews.
pub const KEY: &str = "the-city/reviews";

/// How many reviews are kept (the newest); a whole game's is some 20 KB.
const KEEP: usize = 8;

/// A finished review under its key.
type Kept = (String, Rc<Vec<Reviewed>>);

thread_local! {
    /// This session's reviews, newest last; read from storage once.
    static KEPT: RefCell<Option<Vec<Kept>>> = const { RefCell::new(None) };
}

/// The stored reviews, as the wire's text of `(key, decisions)` pairs.
fn read_stored() -> Vec<Kept> {
    let text = storage::get(KEY).ok().flatten().unwrap_or_default();
    decode_kept(&text)
        .into_iter()
        .map(|(k, d)| (k, Rc::new(d)))
        .collect()
}

fn with_kept<T>(f: impl FnOnce(&mut Vec<Kept>) -> T) -> T {
    KEPT.with(|k| {
        let mut k = k.borrow_mut();
        f(k.get_or_insert_with(read_stored))
    })
}

/// The review kept under `key`, if any.
pub fn kept(key: &str) -> Option<Rc<Vec<Reviewed>>> {
    with_kept(|k| k.iter().find(|(kk, _)| kk == key).map(|(_, v)| v.clone()))
}

/// Keeps a finished review, for the session and in storage (written in a
/// task of its own, after the screen has drawn the end of the review).
pub fn keep(key: &str, decisions: Rc<Vec<Reviewed>>) {
    with_kept(|k| {
        k.retain(|(kk, _)| kk != key);
        k.push((key.to_string(), decisions));
        if k.len() > KEEP {
            k.remove(0);
        }
    });
    gloo::timers::callback::Timeout::new(0, || {
        let text = with_kept(|k| {
            let all: Vec<(&str, &[Reviewed])> = k
                .iter()
                .map(|(kk, d)| (kk.as_str(), d.as_slice()))
                .collect();
            encode_kept(&all)
        });
        // Full or disabled storage: kept for the session only.
        let _ = storage::set(KEY, &text);
    })
    .forget();
}
