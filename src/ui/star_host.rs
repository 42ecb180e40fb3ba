//! The page's side of games on three to five devices (issue 37): their
//! work is the `star` chunk's (`ui::star_play`: links checked with each
//! device's signature, this device's key), fetched the first time such a
//! game starts or its link is opened; here it is asked for and its
//! actions dispatched.

use yew::prelude::*;

use super::chunks;
use super::star_play::Job;
use super::state::{Action, AppState, Notice, Play};
use i18n::msg;

/// Run `job` in the `star` chunk; its actions dispatched when it ends.
pub fn run(d: UseReducerDispatcher<AppState>, job: Job) {
    wasm_bindgen_futures::spawn_local(async move {
        match chunks::star(job).await {
            Ok(working) => {
                for a in working.await {
                    d.dispatch(a);
                }
            }
            Err(_) => d.dispatch(Action::Notice(Notice::Text(
                msg::extras::failed(msg::extras::no_reason()).to_string(),
            ))),
        }
    });
}

/// The link of a game on three to five devices in play, made again
/// (signed) when it is not made yet.
pub fn refresh(d: UseReducerDispatcher<AppState>, play: &Play) {
    let (Some(star), Some(fair)) = (&play.star, &play.fair) else {
        return;
    };
    if star.link.is_some() || play.view_only {
        return;
    }
    run(
        d,
        Job::Refresh {
            game_no: play.game_no,
            version: play.version,
            game: Box::new(star.game(fair)),
        },
    );
}
