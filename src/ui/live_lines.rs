//! Live play's lines on the play screen (`super::live` for two devices,
//! `super::live_star` for three to five): beside the decision in the
//! side panel, where they have room for a row per device and its
//! reconnect link (the header's one row has not). Both are drawn by the
//! correspondence chunk, here once it is.

use yew::prelude::*;

use super::state::{AppState, Play};
use formats::fair_game::Awaited;

/// The live line of `play`'s fair game, if it is one and the chunk is
/// here (nothing for a game on one device).
pub fn live_lines(play: &Play, d: &UseReducerDispatcher<AppState>) -> Html {
    let (Some(fair), Some(c)) = (&play.fair, super::correspondence::loaded()) else {
        return html! {};
    };
    let awaited = play.awaited();
    let over = matches!(awaited, Some(Awaited::Over));
    match &play.star {
        None => c.live_bar(super::live::LiveBarProps {
            fair: fair.clone(),
            awaits_answer: matches!(awaited, Some(Awaited::Answer)),
            awaits_link: matches!(awaited, Some(Awaited::Link { .. })),
            over,
        }),
        Some(star) => c.live_star_bar(super::live_star::LiveStarProps {
            star: star.clone(),
            salt: fair.deal.salt,
            names: play.seats.iter().map(|s| s.name.clone()).collect(),
            // (Nothing is decided here now: a guest's link is due.)
            due: !matches!(awaited, Some(Awaited::Nothing) | None),
            over,
            dispatch: d.clone(),
        }),
    }
}
