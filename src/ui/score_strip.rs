//! The scores in one line, above the board on a phone (where the panel is
//! below the board): each player's colour, name and score, the player to
//! move marked. A link to the full panel.

use yew::prelude::*;

use view::panel::PanelData;

/// The strip for the panel's data (a function: it re-renders with the
/// prompt anyway).
pub fn score_strip(panel: &PanelData) -> Html {
    html! {
        <a class="score-strip" href="#panel" data-testid="scoreline" aria-label={i18n::msg::panel::strip()}>
            { for panel.players.iter().map(|r| html! {
                <span class={classes!("chip", r.colour.css_class(), r.to_move.then_some("to-move"))}>
                    <span class="swatch"></span>
                    <span class="chip-name">{ r.name.clone() }</span>
                    <b class="chip-score">{ r.score }</b>
                </span>
            }) }
        </a>
    }
}
