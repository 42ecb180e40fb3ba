//! The tile pictures, each drawn once into the SVG `<defs>` of the board as
//! `#tile-ID`; placed tiles are `<use>` elements pointing at them, so a board
//! of 75 tiles holds 75 small elements, not thousands of paths. Only the
//! types in play are drawn, and a type's picture is never redrawn.

use yew::prelude::*;

use super::tile_art::tile_picture;
use crate::engine::city::tiles::{Catalogue, TileType};

/// The element id of a tile type's picture.
pub fn tile_ref(cat: &Catalogue, t: TileType) -> String {
    format!("#tile-{}", cat.get(t).id)
}

#[derive(Properties, PartialEq)]
pub struct TileDefsProps {
    /// The tile types to have pictures of.
    pub types: Vec<TileType>,
}

/// `<defs>`: the board's ground pattern and the
/// pictures of the tile types in play.
#[function_component(TileDefs)]
pub fn tile_defs(props: &TileDefsProps) -> Html {
    let Ok(cat) = Catalogue::builtin() else {
        return html! {};
    };
    html! {
        <defs>
            <pattern id="ground" width="100" height="100" patternUnits="userSpaceOnUse">
                <rect width="100" height="100" fill="#e4d3a8" />
                <path d="M100,0 L0,0 L0,100" fill="none" stroke="#cdb98a" stroke-width="1.2" stroke-dasharray="4 6" />
                <circle cx="27" cy="63" r="1.4" fill="#c9b482" />
                <circle cx="71" cy="22" r="1.1" fill="#c9b482" />
                <circle cx="83" cy="77" r="0.9" fill="#c9b482" />
            </pattern>
            { for props.types.iter().map(|&t| html! {
                <g key={t as u32} id={format!("tile-{}", cat.get(t).id)}>{ tile_picture(cat, t) }</g>
            }) }
        </defs>
    }
}
