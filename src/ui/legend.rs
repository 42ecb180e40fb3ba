//! The key to the tile art and the pieces, drawn from the game's own tiles
//! and pieces. The City: streets and crossings, the three markets,
//! residential areas with public and historic buildings, and the followers
//! by role (stewards lie down), guards, towers, the gate and the wall.
//! Classic Carcassonne: cities with pennants, roads, cloisters, The City
//! Gates' gates and bridges, the followers by role (farmers lie down) and
//! Old City's pieces.

use yew::prelude::*;

use super::pieces_layer::{gate, meeple, tower, wall_piece};
use super::tile_art::tile_picture;
use crate::engine::any::{AnyGame, Ruleset};
use crate::engine::city::tiles::Catalogue;
use crate::engine::core::geom::{Cell, Dir, Side};
use crate::view::palette::PlayerColour;

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
                { tile(cat, "S2", "Street: grey cobbles, between residential areas (red roofs)") }
                { tile(cat, "X1", "Streets ending at a crossing") }
                { tile(cat, "D6", "A street ending where it opens into a market") }
                { tile(cat, "N1", "Fish market: blue stalls") }
                { tile(cat, "N2", "Grain market: yellow stalls and sheaves") }
                { tile(cat, "N3", "Livestock market: green stalls and pens") }
                { tile(cat, "N9", "Public building: a slate-roofed hall (guards: 2 points)") }
                { tile(cat, "N12", "Historic building: a named landmark (guards: 3 points)") }
            </div>
            <div class="legend-row pieces">
                { piece(meeple((0.0, 0.0), red, 1.2, classes!("follower"), false), "-16 -16 32 32", "Citizen on a street, seller on a market") }
                { piece(meeple((0.0, 0.0), red, 1.2, classes!("follower"), true), "-16 -16 32 32", "Steward on a residential area: lying down") }
                { piece(html! { <>{ wall_piece(side, 0) }{ meeple((50.0, -8.0), red, 0.8, classes!("guard"), false) }</> },
                    "10 -30 80 40", "Guard on a wall piece") }
                { piece(tower((0.0, 0.0), red, 0), "-20 -20 40 40", "Tower on a wall end") }
                { piece(gate(side), "15 -32 70 40", "The city gate") }
            </div>
        </div>
    }
}

/// A classic tile, drawn small, with what it shows.
fn classic_tile(id: &str, caption: &str) -> Html {
    let Some(t) = crate::engine::classic::Catalogue::builtin()
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

/// Whether `game` is classic with Old City's coins (O4.3: pennants give
/// coins, not points), which the key and How to play say.
pub fn coins_on(game: &AnyGame) -> bool {
    game.as_classic().is_some_and(|g| g.parts().coins)
}

/// The key for classic Carcassonne (a function: drawn only in a dialog);
/// `coins`: Old City's coins are on, so pennants give coins, not points.
pub fn classic_legend(coins: bool) -> Html {
    let pennant = if coins {
        "City with a pennant (a blue shield: a coin, no points, when finished)"
    } else {
        "City with a pennant (a blue shield: 2 more points when finished)"
    };
    html! {
        <div class="legend" data-testid="legend">
            <div class="legend-row">
                { classic_tile("F", pennant) }
                { classic_tile("U", "Road") }
                { classic_tile("L", "Roads ending at a junction") }
                { classic_tile("B", "Cloister in a field") }
                { classic_tile("G05", "The City Gates: a gate closes the city and ends the road") }
                { classic_tile("G08", "The City Gates: a bridge carries the road over the city") }
            </div>
            <div class="legend-row pieces">
                { classic_piece("thief", "-16 -16 32 32", "Thief on a road") }
                { classic_piece("knight", "-16 -16 32 32", "Knight in a city") }
                { classic_piece("monk", "-16 -16 32 32", "Monk in a cloister") }
                { classic_piece("farmer", "-16 -16 32 32", "Farmer in a field: lying down") }
                { classic_piece("bridge", "0 0 100 100", "Old City's bridge") }
                { classic_piece("wall", "0 -10 100 40", "Old City's wall") }
                { classic_piece("wooden-gate", "0 -10 100 40", "Old City's wooden gate") }
                { classic_piece("guesthouse", "-16 -16 32 32", "Guesthouse on a road") }
                { classic_piece("wyvern", "-20 -20 40 40", "The wyvern") }
                { classic_piece("veil", "-16 -16 32 32", "A veiled follower: under the wyvern") }
                { classic_piece("plaza", "-16 -16 32 32", "Old City's plaza: tile C's city scores 3 a tile, shared out") }
            </div>
        </div>
    }
}
