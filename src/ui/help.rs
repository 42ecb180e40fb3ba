//! How to play, briefly, in our own words, with pictures drawn from the
//! game's own tiles and pieces, and the key to the tile art.

use yew::prelude::*;

use super::legend::legend;
use super::modal::Modal;
use super::pieces_layer::{gate, meeple, tower, wall_piece};
use super::tile_art::tile_picture;
use engine::any::Ruleset;
use engine::city::tiles::Catalogue;
use engine::core::geom::{Cell, Dir, Rotation, Side, Vertex};
use i18n::msg;
use view::geometry::{tile_transform, vertex_point};
use view::names;
use view::palette::PlayerColour;

/// Tiles of the catalogue laid out as on the board: (id, x, y, turns).
fn tiles(cat: &Catalogue, layout: &[(&str, i32, i32, u8)]) -> Html {
    html! {
        { for layout.iter().filter_map(|&(id, x, y, q)| {
            let t = cat.by_id(id)?;
            let rot = Rotation::new(q)?;
            Some(html! {
                <g transform={tile_transform(Cell::new(x, y), rot)}>{ tile_picture(Ruleset::City, t) }</g>
            })
        }) }
    }
}

#[derive(Properties, PartialEq)]
pub struct HelpProps {
    /// The game to explain first (the other is a click away).
    #[prop_or(Ruleset::City)]
    pub ruleset: Ruleset,
    /// The game in play has Old City's coins: its pennants give coins, not
    /// points (O4.3).
    #[prop_or(false)]
    pub coins: bool,
    pub on_close: Callback<()>,
}

#[function_component(Help)]
pub fn help(props: &HelpProps) -> Html {
    let close = props.on_close.reform(|_: MouseEvent| ());
    let shown = use_state(|| props.ruleset);
    let pick = |r: Ruleset| {
        let shown = shown.clone();
        Callback::from(move |_: MouseEvent| shown.set(r))
    };
    let tabs = html! {
        <div class="help-games" role="group" aria-label={msg::new_game::which_game()}>
            { for Ruleset::ALL.iter().map(|&r| html! {
                <button class={classes!("small", (*shown != r).then_some("quiet"))} aria-pressed={(*shown == r).to_string()}
                    data-testid={format!("help-{}", r.name())} onclick={pick(r)}>{ names::ruleset(r) }</button>
            }) }
        </div>
    };
    if *shown == Ruleset::Classic {
        return classic_help(tabs, props.coins, props.on_close.clone(), close);
    }
    let Ok(cat) = Catalogue::builtin() else {
        return html! {};
    };
    let (red, blue) = (PlayerColour::Red, PlayerColour::Blue);
    // A street over two tiles with a citizen on it, and a market beside.
    let turn = html! {
        <svg class="help-picture" viewBox="-4 -4 308 108" role="img"
            aria-label={msg::help::turn_picture()}>
            { tiles(cat, &[("S2", 0, 0, 0), ("S2", 1, 0, 0), ("N1", 2, 0, 0)]) }
            { meeple((100.0, 50.0), red, 1.0, classes!("follower"), false) }
        </svg>
    };
    // Four tiles walled on two sides from the gate, a guard and a tower.
    let n = Side::new(Cell::new(0, 0), Dir::N);
    let wall = html! {
        <svg class="help-picture" viewBox="-30 -40 260 240" role="img"
            aria-label={msg::help::wall_picture()}>
            { tiles(cat, &[("S1", 0, 0, 1), ("T2", 1, 0, 0), ("N9", 0, 1, 0), ("D1", 1, 1, 2)]) }
            { gate(n) }
            { wall_piece(Side::new(Cell::new(1, 0), Dir::N), 1) }
            { wall_piece(Side::new(Cell::new(1, 0), Dir::E), 2) }
            { wall_piece(Side::new(Cell::new(1, 1), Dir::E), 3) }
            { meeple((208.0, 50.0), blue, 0.8, classes!("guard"), false) }
            { tower(vertex_point(Vertex::new(2, 2)), red, 3) }
        </svg>
    };
    let paras =
        |list: &[&'static str]| html! { { for list.iter().map(|t| html! { <p>{ *t }</p> }) } };
    let turn_steps = [
        msg::help::turn_1(),
        msg::help::turn_2(),
        msg::help::turn_3(),
    ];
    html! {
        <Modal title={msg::help::title()} on_close={props.on_close.clone()} testid="help" class="help" close_outside=true>
            { tabs }
            { paras(&[msg::help::intro()]) }
            <h3>{ msg::help::your_turn() }</h3>
            { turn }
            <ol>{ for turn_steps.iter().map(|t| html! { <li>{ *t }</li> }) }</ol>
            <h3>{ msg::help::tiles_show() }</h3>
            { legend() }
            <h3>{ msg::help::wall() }</h3>
            { wall }
            { paras(&[msg::help::wall_text()]) }
            <h3>{ msg::help::end() }</h3>
            { paras(&[msg::help::end_text()]) }
            <h3>{ msg::help::computer() }</h3>
            { paras(&[msg::help::computer_text()]) }
            <h3>{ msg::help::controls() }</h3>
            <ul class="keys">
                { for keys().iter().map(|(k, t)| html! { <li><kbd>{ *k }</kbd>{ " " }{ *t }</li> }) }
            </ul>
            <div class="dialog-buttons">
                <button class="primary" data-testid="close-help" onclick={close}>{ msg::help::back() }</button>
            </div>
        </Modal>
    }
}

// The pieces a round holds (help.wall_text): R6.3 (with R6.4's order,
// R6.5's gate); no guard opposite a guard: R8.3, R8.4.

/// The controls: a key (or gesture) and what it does.
fn keys() -> [(&'static str, &'static str); 7] {
    [
        (msg::help::key_click(), msg::help::key_click_does()),
        ("Tab", msg::help::key_tab_does()),
        (msg::help::key_drag(), msg::help::key_drag_does()),
        (msg::play::key_ctrl_z(), msg::help::key_undo_does()),
        (msg::help::key_text_view(), msg::help::key_text_view_does()),
        (msg::help::key_replay(), msg::help::key_replay_does()),
        ("?", msg::help::key_help_does()),
    ]
}

/// How to play classic Carcassonne, with The City Gates and Old City;
/// `coins`: the game in play has Old City's coins, so its pennants are
/// told as coins.
fn classic_help(
    tabs: Html,
    coins: bool,
    on_close: Callback<()>,
    close: Callback<MouseEvent>,
) -> Html {
    let list = |items: &[&'static str]| html! { <ul>{ for items.iter().map(|t| html! { <li>{ *t }</li> }) }</ul> };
    let scoring = [
        if coins {
            msg::help::coins_city()
        } else {
            msg::help::classic_scoring_1()
        },
        msg::help::classic_scoring_2(),
        if coins {
            msg::help::coins_at_end()
        } else {
            msg::help::classic_scoring_3()
        },
        msg::help::classic_scoring_4(),
    ];
    let turn_steps = [
        msg::help::classic_turn_1(),
        msg::help::classic_turn_2(),
        msg::help::classic_turn_3(),
    ];
    html! {
        <Modal title={msg::help::title()} on_close={on_close} testid="help" class="help" close_outside=true>
            { tabs }
            <p data-testid="help-classic">{ msg::help::classic_intro() }</p>
            <h3>{ msg::help::your_turn() }</h3>
            <ol>{ for turn_steps.iter().map(|t| html! { <li>{ *t }</li> }) }</ol>
            <h3>{ msg::help::scoring() }</h3>
            <ul data-testid="help-scoring">{ for scoring.iter().map(|t| html! { <li>{ *t }</li> }) }</ul>
            <h3>{ msg::game::city_gates() }</h3>
            <p>{ msg::help::classic_gates() }</p>
            <h3>{ msg::game::old_city() }</h3>
            { list(&[
                msg::help::old_city_1(),
                msg::help::old_city_2(),
                msg::help::old_city_3(),
                msg::help::old_city_4(),
                msg::help::old_city_5(),
            ]) }
            <h3>{ msg::help::controls() }</h3>
            <p>{ msg::help::classic_controls() }</p>
            <div class="dialog-buttons">
                <button class="primary" data-testid="close-help" onclick={close}>{ msg::help::back() }</button>
            </div>
        </Modal>
    }
}
