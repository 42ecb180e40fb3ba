//! "Statistics" on the saves list (issue 30): the finished saved games, per
//! game and computer level: played, won, mean and best score
//! (view/stats.rs), read from localStorage when opened. A part of the
//! extras module, loaded when it is first opened (ui/extras.rs).

use yew::prelude::*;

use super::modal::Modal;
use super::review_screen::head_cells;
use super::storage;
use computer::Level;
use engine::any::AnySetup;
use formats::saves::SavedGame;
use i18n::msg;
use view::names;
use view::stats::{game_label, stats, StatGame, StatRow};

/// The game a save holds, in English words with classic's expansions (the
/// row's key and `data-game`; shown by [`game_label`] in the language).
fn game_words(g: &SavedGame) -> Option<StatGame> {
    let game = g.load().ok()?;
    let name = match game.setup() {
        AnySetup::City(_) => "The City".to_string(),
        AnySetup::Classic(s) => {
            let parts: Vec<&str> = [("city-gates", "The City Gates"), ("old-city", "Old City")]
                .into_iter()
                .filter(|(k, _)| s.expansions.get(k) == Some(true))
                .map(|(_, words)| words)
                .collect();
            match parts.is_empty() {
                true => "Carcassonne".to_string(),
                false => format!("Carcassonne with {}", parts.join(" and ")),
            }
        }
    };
    Some(StatGame {
        game: name,
        scores: game.scores(),
        computers: g
            .seats
            .iter()
            .map(|s| s.computer.as_deref().and_then(Level::from_name))
            .collect(),
    })
}

/// The statistics of the finished saved games.
fn read() -> Vec<StatRow> {
    let games: Vec<StatGame> = storage::load()
        .map(|l| {
            l.doc
                .games()
                .iter()
                .filter(|g| g.finished)
                .filter_map(game_words)
                .collect()
        })
        .unwrap_or_default();
    stats(&games)
}

#[derive(Properties, PartialEq)]
pub struct StatsDialogProps {
    pub on_close: Callback<()>,
}

/// The dialog, read from localStorage when it opens. A part of the extras
/// module (ui/extras.rs); its button is on the saves list.
#[function_component(StatsDialog)]
pub fn stats_dialog(props: &StatsDialogProps) -> Html {
    let rows = use_memo((), |_| read());
    let close = props.on_close.clone();
    let body = rows.iter().map(|r| {
        html! {
            <tr data-testid="stats-row" data-game={r.game.clone()}
                data-level={r.level.map_or("none", |l| l.name())}>
                <th scope="row">{ game_label(&r.game) }</th>
                <td>{ r.level.map_or(msg::stats::people_only(), names::level) }</td>
                <td>{ r.played }</td><td>{ r.won }</td><td>{ r.mean().replace('.', msg::review::decimal_sign()) }</td><td>{ r.best }</td>
            </tr>
        }
    });
    html! {
        <Modal title={msg::stats::title()} on_close={close.clone()} testid="stats-dialog" close_outside=true>
            <p>{ msg::stats::about() }</p>
            if rows.is_empty() {
                <p data-testid="stats-empty">{ msg::stats::empty() }</p>
            } else {
                <div class="final-wrap" tabindex="0" role="region" aria-label={msg::stats::title()}>
                    <table class="final" data-testid="stats-table">
                        <thead><tr>{ head_cells([msg::stats::game(), msg::stats::against(), msg::stats::played(),
                            msg::stats::won(), msg::stats::mean(), msg::stats::best()].map(String::from)) }</tr></thead>
                        <tbody>{ for body }</tbody>
                    </table>
                </div>
            }
            <div class="dialog-buttons">
                <button class="primary" onclick={close.reform(|_: MouseEvent| ())}>{ msg::stats::close() }</button>
            </div>
        </Modal>
    }
}
