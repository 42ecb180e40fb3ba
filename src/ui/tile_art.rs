//! A tile type's picture as SVG elements, from the artwork `view::tile_art`
//! computes once per type.

use yew::prelude::*;

use crate::engine::city::tiles::{Catalogue, TileType};
use crate::view::tile_art::tile_art;

/// A tile type's picture as SVG paths (to put in a `<g>`).
pub fn tile_picture(cat: &Catalogue, t: TileType) -> Html {
    let a = tile_art(cat, t);
    html! {
        { for a.shapes.iter().map(|s| html! {
            <path d={s.d.clone()} class={s.class} fill={s.fill}>
                { for s.title.as_ref().map(|t| html! { <title>{ t.clone() }</title> }) }
            </path>
        }) }
    }
}
