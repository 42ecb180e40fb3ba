//! The tile pictures, each drawn once into the SVG `<defs>` of the board as
//! `#tile-ID`; placed tiles are `<use>` elements pointing at them, so a board
//! of 75 tiles holds 75 small elements, not thousands of paths. Only the
//! types in play are drawn, and a type's picture is never redrawn.

use yew::prelude::*;

use super::classic_pieces::piece_defs;
use super::tile_art::tile_picture;
use engine::any::Ruleset;
use engine::core::shape::TileType;
use view::any::tile_id;

/// The element id of a tile type's picture.
pub fn tile_ref(ruleset: Ruleset, t: TileType) -> String {
    format!("#{}", tile_id(ruleset, t))
}

#[derive(Properties, PartialEq)]
pub struct TileDefsProps {
    /// The game whose tiles they are.
    pub ruleset: Ruleset,
    /// The tile types to have pictures of.
    pub types: Vec<TileType>,
    /// The language of their titles (drawn again when it changes).
    #[prop_or_else(i18n::current)]
    pub lang: i18n::Language,
}

/// `<defs>`: the board's ground pattern and the
/// pictures of the tile types in play.
#[function_component(TileDefs)]
pub fn tile_defs(props: &TileDefsProps) -> Html {
    html! {
        <defs>
            <pattern id="ground" width="100" height="100" patternUnits="userSpaceOnUse">
                <rect width="100" height="100" fill="#e4d3a8" />
                <path d="M100,0 L0,0 L0,100" fill="none" stroke="#cdb98a" stroke-width="1.2" stroke-dasharray="4 6" />
                <circle cx="27" cy="63" r="1.4" fill="#c9b482" />
                <circle cx="71" cy="22" r="1.1" fill="#c9b482" />
                <circle cx="83" cy="77" r="0.9" fill="#c9b482" />
            </pattern>
            if props.ruleset == Ruleset::Classic { { piece_defs() } }
            { for props.types.iter().map(|&t| html! {
                <g key={t as u32} id={tile_id(props.ruleset, t)}>{ tile_picture(props.ruleset, t) }</g>
            }) }
        </defs>
    }
}
