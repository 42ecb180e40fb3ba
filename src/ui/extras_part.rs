//! The extras' parts drawn (in the extras chunk: `chunks::extras` hands
//! the page [`draw`]; ui/extras.rs names the parts).

use yew::prelude::*;

use super::extras::{Part, PartEvent};
use super::game_over::GameOverPart;
use super::game_pictures::PicturesPart;
use super::help::Help;
use super::import_part::ImportPart;
use super::legend::KeyDialog;
use super::puzzles_app::PuzzlesApp;
use super::review_app::ReviewApp;
use super::stats_dialog::StatsDialog;
use super::tiles_left::TilesLeftPart;
use view::Shared;

/// `part`, telling the page through `on_event`.
pub fn draw(part: &Part, on_event: &Callback<PartEvent>) -> Html {
    let on_close = on_event.reform(|_: ()| PartEvent::Close);
    let on_event = on_event.clone();
    match part {
        Part::Help { ruleset, coins } => {
            html! { <Help ruleset={*ruleset} coins={*coins} {on_close} /> }
        }
        Part::Pictures { game, seats } => {
            html! { <PicturesPart game={Shared(game.clone())} seats={Shared(seats.clone())} /> }
        }
        Part::Key { ruleset, coins } => {
            html! { <KeyDialog ruleset={*ruleset} coins={*coins} {on_close} /> }
        }
        Part::TilesLeft { game, known } => {
            html! { <TilesLeftPart game={Shared(game.clone())} known={*known} {on_close} /> }
        }
        Part::GameOver { game, seats } => html! {
            <GameOverPart game={Shared(game.clone())} seats={Shared(seats.clone())} {on_event} />
        },
        Part::Import => html! { <ImportPart {on_event} /> },
        Part::Review {
            game,
            seats,
            text_view,
            coords,
        } => html! {
            <ReviewApp game={Shared(game.clone())} seats={Shared(seats.clone())} text_view={*text_view}
                coords={*coords} {on_close} />
        },
        Part::Stats => html! { <StatsDialog {on_close} /> },
        Part::Puzzles { text_view, coords } => html! {
            <PuzzlesApp text_view={*text_view} coords={*coords} {on_close} />
        },
    }
}
