//! The end of the game: the final breakdown of every player's score, the
//! winner(s), which guard and which stewards scored what, and the way out
//! (export the record, look at the city, review the game, see it in 3-D,
//! new game), and
//! the game in pictures. A modal dialog: Esc (or "Look at the city")
//! closes it. A part of the extras ([`GameOverPart`]; ui/extras.rs), loaded
//! when a game ends: the page hears which button was pressed.

use std::rc::Rc;

use yew::prelude::*;

use super::extras::PartEvent;
use super::game_pictures::PicturesPart;
use super::modal::Modal;
use engine::any::{AnyChoice as Choice, AnyGame, Ruleset};
use i18n::msg;
use i18n::msg::game_over as m;
use view::any::game_view_on;
use view::log::capitalise;
use view::palette::Seat;
use view::panel::{EndLine, PanelData};
use view::prompt::Pointer;
use view::prompt::Prompt;
use view::Shared;

#[derive(PartialEq)]
pub struct GameOverProps {
    /// "The city is finished", "The game is over".
    pub title: &'static str,
    pub panel: Shared<PanelData>,
    pub prompt: Prompt<Choice>,
    pub lines: Rc<Vec<EndLine>>,
    /// The game and its seats (its pictures: the score turn by turn, the facts).
    pub game: Shared<AnyGame>,
    pub seats: Shared<Vec<Seat>>,
    pub on_export: Callback<()>,
    pub on_close: Callback<()>,
    pub on_new: Callback<()>,
    /// Review every decision against the computer's (issue 30).
    pub on_review: Callback<()>,
    /// See the board in 3-D (issue 41).
    pub on_city3d: Callback<()>,
}

/// (A plain function, not a component: it has no state of its own and its
/// parent redraws it anyway.)
pub fn game_over(props: &GameOverProps) -> Html {
    let p = &props.panel;
    let city = p.ruleset == engine::any::Ruleset::City;
    let mut order: Vec<usize> = (0..p.players.len()).collect();
    // (The engine's small sort: engine::core::sort says why.)
    engine::core::sort::sort_by(&mut order, |&a, &b| p.players[a].score > p.players[b].score);
    let rows = order.iter().map(|&i| {
        let r = &p.players[i];
        html! {
            <tr class={classes!(r.colour.css_class(), r.winner.then_some("winner"))}>
                <th scope="row"><span class="swatch"></span>{ r.name.clone() }
                    if r.winner {
                        <span class="sr-only">{ ", " }{ m::winner() }</span>
                        <span class="crown" title={m::winner()} aria-hidden="true">{ " ♛" }</span>
                    }</th>
                { for r.breakdown.iter().map(|&n| html! { <td>{ n }</td> }) }
                <td class="total" data-testid={format!("final-score-{i}")}>{ r.score }</td>
            </tr>
        }
    });
    let export = props.on_export.reform(|_: MouseEvent| ());
    let close = props.on_close.reform(|_: MouseEvent| ());
    let new = props.on_new.reform(|_: MouseEvent| ());
    let review = props.on_review.reform(|_: MouseEvent| ());
    let city3d = props.on_city3d.reform(|_: MouseEvent| ());
    // One line per scoring, with a swatch for each player it names (the
    // names are in the text: colour is not all that tells them).
    let details = props.lines.iter().map(|l| {
        let swatches = l.paid.iter().filter_map(|&(seat, _)| {
            let r = p.players.get(seat as usize)?;
            Some(html! { <span class={classes!("swatch", r.colour.css_class())}></span> })
        });
        html! {
            <li data-testid="end-line">{ for swatches }{ l.text.clone() }</li>
        }
    });
    html! {
        <Modal title={props.title} on_close={props.on_close.clone()} testid="game-over" class="game-over">
            <p class="winner-line" data-testid="winner">{ props.prompt.title.clone() }</p>
            <p class="reason">{ props.prompt.detail.clone() }</p>
            <div class="final-wrap">
                <table class="final" data-testid="final-table">
                    <thead><tr><th scope="col"><span class="sr-only">{ m::player() }</span></th>
                        { for p.sources.iter().map(|s| html! { <th scope="col">{ capitalise(view::names::source(s)) }</th> }) }
                        <th scope="col">{ m::total() }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            if !props.lines.is_empty() {
                <details class="end-lines" data-testid="end-lines">
                    <summary>{ if city { m::lines_city() } else { m::lines_classic() } }</summary>
                    <ul>{ for details }</ul>
                </details>
            }
            <details class="game-pictures" data-testid="game-pictures">
                <summary>{ m::pictures() }</summary>
                <PicturesPart game={props.game.clone()} seats={props.seats.clone()} />
            </details>
            <div class="dialog-buttons">
                <button data-testid="export-final" onclick={export}>{ m::export() }</button>
                <button data-testid="review-open" onclick={review}>{ m::review() }</button>
                <button data-testid="city3d-open" onclick={city3d}>{ view::city3d::describe::open(p.ruleset) }</button>
                <button data-testid="view-board" class="quiet" onclick={close}>{ if city { m::look_city() } else { m::look_board() } }</button>
                <button data-testid="new-game" class="primary" onclick={new}>{ m::new_game() }</button>
            </div>
        </Modal>
    }
}

#[derive(Properties, PartialEq)]
pub struct GameOverPartProps {
    pub game: Shared<AnyGame>,
    pub seats: Shared<Vec<Seat>>,
    /// Which button was pressed: Export, New, Review or Close.
    pub on_event: Callback<PartEvent>,
}

/// The part of the extras: the end of the game.
#[function_component(GameOverPart)]
pub fn game_over_part(props: &GameOverPartProps) -> Html {
    let read = use_memo(
        (props.game.clone(), props.seats.clone()),
        |(game, seats)| Some((game.ruleset(), game_view_on(game, seats, Pointer::Mouse))),
    );
    let says = |what: PartEvent| props.on_event.reform(move |_: ()| what.clone());
    match &*read {
        Some((ruleset, view)) => game_over(&GameOverProps {
            title: match ruleset {
                Ruleset::City => msg::play::city_finished(),
                Ruleset::Classic => msg::play::game_over(),
            },
            panel: view.panel.clone(),
            prompt: view.prompt_base.clone(),
            lines: view.end_lines.clone(),
            game: props.game.clone(),
            seats: props.seats.clone(),
            on_export: says(PartEvent::Export),
            on_close: says(PartEvent::Close),
            on_new: says(PartEvent::New),
            on_review: says(PartEvent::Review),
            on_city3d: says(PartEvent::City3d),
        }),
        None => html! {
            <Modal title={msg::play::game_over()} on_close={says(PartEvent::Close)} testid="game-over">
                <p role="alert">{ m::unreadable() }</p>
            </Modal>
        },
    }
}
