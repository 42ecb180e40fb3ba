//! The game log ("Chronicle"), newest turn first.

use std::rc::Rc;
use yew::prelude::*;

use super::log_entry::LogEntry;
use crate::view::log::LogTurn;
use crate::view::palette::PlayerColour;

#[derive(Properties, PartialEq)]
pub struct GameLogProps {
    pub turns: Rc<Vec<Rc<LogTurn>>>,
    pub names: Rc<Vec<String>>,
    pub colours: Rc<Vec<PlayerColour>>,
}

#[function_component(GameLog)]
pub fn game_log(props: &GameLogProps) -> Html {
    html! {
        <section class="log" data-testid="log" aria-label="Game log">
            <h2>{ "Chronicle" }</h2>
            if props.turns.is_empty() {
                <p class="empty">{ "Nothing has happened yet." }</p>
            } else {
                <ol>
                    { for props.turns.iter().rev().map(|t| {
                        let who = t.player.map(|p| {
                            (
                                props.names.get(p as usize).cloned().unwrap_or_default(),
                                props.colours.get(p as usize).copied().unwrap_or(PlayerColour::Black),
                            )
                        });
                        html! { <LogEntry key={t.turn} turn={t.clone()} who={who} /> }
                    }) }
                </ol>
            }
        </section>
    }
}
