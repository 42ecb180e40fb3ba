//! The key to the tile art and the pieces, drawn from the game's own tiles
//! and pieces. The City: streets and crossings, the three markets,
//! residential areas with public and historic buildings, and the followers
//! by role (stewards lie down), guards, towers, the gate and the wall.
//! Classic Carcassonne: cities with pennants, roads, cloisters, The City
//! Gates' gates and bridges, the followers by role (farmers lie down) and
//! Old City's pieces.

use yew::prelude::*;

use super::modal::Modal;
use super::pieces_layer::{gate, meeple, tower, wall_piece};
use super::tile_art::tile_picture;
use engine::any::{AnyGame, Ruleset};
use engine::city::tiles::Catalogue;
use engine::core::geom::{Cell, Dir, Side};
use i18n::msg;
use view::palette::PlayerColour;

/// A tile of the catalogue, drawn small, with what it shows.
fn tile(cat: &Catalogue, id: &str, caption: &str) -> Html {
    let Some(t) = cat.by_id(id) else {
        return html! {};
    };
    html! {
        <figure class="legend-item">
            <svg viewBox="0 0 100 100" class="legend-tile" aria-hidden="true">{ tile_picture(Ruleset::City, t) }</svg>
            <figcaption>{ caption.to_string() }</figcaption>
        </figure>
    }
}

/// A piece, drawn small, with its name.
fn piece(picture: Html, view_box: &str, caption: &str) -> Html {
    html! {
        <figure class="legend-item">
            <svg viewBox={view_box.to_string()} class="legend-piece" aria-hidden="true">{ picture }</svg>
            <figcaption>{ caption.to_string() }</figcaption>
        </figure>
    }
}

/// The key (a function, not a component: drawn only in a dialog).
pub fn legend() -> Html {
    let Ok(cat) = Catalogue::builtin() else {
        return html! {};
    };
    let red = PlayerColour::Red;
    let side = Side::new(Cell::new(0, 0), Dir::N);
    html! {
        <div class="legend" data-testid="legend">
            <div class="legend-row">
                { tile(cat, "S2", msg::legend::street()) }
                { tile(cat, "X1", msg::legend::crossing()) }
                { tile(cat, "D6", msg::legend::street_market()) }
                { tile(cat, "N1", msg::legend::fish()) }
                { tile(cat, "N2", msg::legend::grain()) }
                { tile(cat, "N3", msg::legend::livestock()) }
                { tile(cat, "N9", msg::legend::public()) }
                { tile(cat, "N12", msg::legend::historic()) }
            </div>
            <div class="legend-row pieces">
                { piece(meeple((0.0, 0.0), red, 1.2, classes!("follower"), false), "-16 -16 32 32", msg::legend::citizen_seller()) }
                { piece(meeple((0.0, 0.0), red, 1.2, classes!("follower"), true), "-16 -16 32 32", msg::legend::steward()) }
                { piece(html! { <>{ wall_piece(side, 0) }{ meeple((50.0, -8.0), red, 0.8, classes!("guard"), false) }</> },
                    "10 -30 80 40", msg::legend::guard()) }
                { piece(tower((0.0, 0.0), red, 0), "-20 -20 40 40", msg::legend::tower()) }
                { piece(gate(side), "15 -32 70 40", msg::legend::gate()) }
            </div>
        </div>
    }
}

/// A classic tile, drawn small, with what it shows.
fn classic_tile(id: &str, caption: &str) -> Html {
    let Some(t) = engine::classic::Catalogue::builtin()
        .ok()
        .and_then(|cat| cat.by_id(id))
    else {
        return html! {};
    };
    html! {
        <figure class="legend-item">
            <svg viewBox="0 0 100 100" class="legend-tile" aria-hidden="true">{ tile_picture(Ruleset::Classic, t) }</svg>
            <figcaption>{ caption.to_string() }</figcaption>
        </figure>
    }
}

/// A classic piece (its drawing is in the board's `<defs>`), with its name.
fn classic_piece(kind: &str, view_box: &str, caption: &str) -> Html {
    html! {
        <figure class="legend-item">
            <svg viewBox={view_box.to_string()} class={classes!("legend-piece", PlayerColour::Red.css_class())} aria-hidden="true">
                <@{"use"} href={format!("#piece-{kind}")} />
            </svg>
            <figcaption>{ caption.to_string() }</figcaption>
        </figure>
    }
}

#[derive(Properties, PartialEq)]
pub struct KeyDialogProps {
    pub ruleset: Ruleset,
    /// Old City's coins are on ([`coins_on`]).
    pub coins: bool,
    pub on_close: Callback<()>,
}

/// The key as a dialog, the play screen's "Key": a part of the extras
/// module (ui/extras_part.rs), so the page does not carry it.
#[function_component(KeyDialog)]
pub fn key_dialog(props: &KeyDialogProps) -> Html {
    let close = props.on_close.clone();
    html! {
        <Modal title={msg::play::legend_title()} on_close={close.clone()} testid="legend-dialog" close_outside=true>
            { match props.ruleset {
                Ruleset::City => legend(),
                Ruleset::Classic => classic_legend(props.coins),
            } }
            <div class="dialog-buttons">
                <button class="primary" onclick={close.reform(|_: MouseEvent| ())}>{ msg::help::back() }</button>
            </div>
        </Modal>
    }
}

/// Whether `game` is classic with Old City's coins (O4.3: pennants give
/// coins, not points), which the key and How to play say.
pub fn coins_on(game: &AnyGame) -> bool {
    game.as_classic().is_some_and(|g| g.parts().coins)
}

/// The key for classic Carcassonne (a function: drawn only in a dialog);
/// `coins`: Old City's coins are on, so pennants give coins, not points.
pub fn classic_legend(coins: bool) -> Html {
    let pennant = if coins {
        msg::legend::pennant_coins()
    } else {
        msg::legend::pennant()
    };
    html! {
        <div class="legend" data-testid="legend">
            <div class="legend-row">
                { classic_tile("F", pennant) }
                { classic_tile("U", msg::legend::road()) }
                { classic_tile("L", msg::legend::junction()) }
                { classic_tile("B", msg::legend::cloister()) }
                { classic_tile("G05", msg::legend::gate_tile()) }
                { classic_tile("G08", msg::legend::bridge_tile()) }
            </div>
            <div class="legend-row pieces">
                { classic_piece("thief", "-16 -16 32 32", msg::legend::thief()) }
                { classic_piece("knight", "-16 -16 32 32", msg::legend::knight()) }
                { classic_piece("monk", "-16 -16 32 32", msg::legend::monk()) }
                { classic_piece("farmer", "-16 -16 32 32", msg::legend::farmer()) }
                { classic_piece("bridge", "0 0 100 100", msg::legend::oc_bridge()) }
                { classic_piece("wall", "0 -10 100 40", msg::legend::oc_wall()) }
                { classic_piece("wooden-gate", "0 -10 100 40", msg::legend::oc_wooden_gate()) }
                { classic_piece("guesthouse", "-16 -16 32 32", msg::legend::guesthouse()) }
                { classic_piece("wyvern", "-20 -20 40 40", msg::legend::wyvern()) }
                { classic_piece("veil", "-16 -16 32 32", msg::legend::veil()) }
                { classic_piece("plaza", "-16 -16 32 32", msg::legend::plaza()) }
            </div>
        </div>
    }
}
