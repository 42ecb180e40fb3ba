//! One turn of the game log. A component of its own so that, after a move,
//! only the turns that changed are redrawn.

use std::rc::Rc;
use yew::prelude::*;

use i18n::msg;
use view::log::LogTurn;
use view::palette::PlayerColour;

#[derive(Properties, PartialEq)]
pub struct LogEntryProps {
    pub turn: Rc<LogTurn>,
    /// Who placed the tile of the turn: name and colour.
    pub who: Option<(String, PlayerColour)>,
}

#[function_component(LogEntry)]
pub fn log_entry(props: &LogEntryProps) -> Html {
    let t = &props.turn;
    html! {
        <li class="log-turn">
            <div class="log-head">
                if t.turn == 0 { { msg::chronicle::before_first() } } else { { msg::chronicle::turn(t.turn) } }
                if let Some((name, colour)) = &props.who {
                    <span class="log-who">
                        <span class={classes!("swatch", colour.css_class())}></span>
                        { name.clone() }
                    </span>
                }
            </div>
            <ul>
                { for t.lines.iter().map(|l| html! {
                    <li class={classes!(l.scored.then_some("scored"))}>{ l.text.clone() }</li>
                }) }
            </ul>
        </li>
    }
}
