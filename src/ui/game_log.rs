//! The game log ("Chronicle"), newest turn first.

use std::rc::Rc;
use yew::prelude::*;

use super::log_entry::LogEntry;
use i18n::msg;
use view::log::LogTurn;
use view::palette::PlayerColour;

/// (A plain function, not a component, as the panel: each turn is a
/// [`LogEntry`] component, which is what spares the redraws.)
pub fn game_log(turns: &[Rc<LogTurn>], names: &[String], colours: &[PlayerColour]) -> Html {
    html! {
        <section class="log" data-testid="log" aria-label={msg::chronicle::label()}>
            <h2>{ msg::chronicle::title() }</h2>
            if turns.is_empty() {
                <p class="empty">{ msg::chronicle::empty() }</p>
            } else {
                <ol>
                    { for turns.iter().rev().map(|t| {
                        let who = t.player.map(|p| {
                            (
                                names.get(p as usize).cloned().unwrap_or_default(),
                                colours.get(p as usize).copied().unwrap_or(PlayerColour::Black),
                            )
                        });
                        html! { <LogEntry key={t.turn} turn={t.clone()} who={who} /> }
                    }) }
                </ol>
            }
        </section>
    }
}
