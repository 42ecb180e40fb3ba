//! A tile type's picture as SVG elements, from the artwork `view::any`
//! computes once per type (either ruleset's).

use yew::prelude::*;

use engine::any::Ruleset;
use engine::core::shape::TileType;
use view::any::tile_art;

/// A shape's hover title in the player's language: the artwork names a
/// public building in English (it has no words); a historic building's
/// name is its own.
fn title(art: &str) -> String {
    match art {
        "Public building" => i18n::msg::legend::public_title().to_string(),
        name => name.to_string(),
    }
}

/// A tile type's picture as SVG paths (to put in a `<g>`).
pub fn tile_picture(ruleset: Ruleset, t: TileType) -> Html {
    let Some(a) = tile_art(ruleset, t) else {
        return html! {};
    };
    html! {
        { for a.shapes.iter().map(|s| html! {
            <path d={s.d.clone()} class={s.class} fill={s.fill}>
                { for s.title.as_ref().map(|t| html! { <title>{ title(t) }</title> }) }
            </path>
        }) }
    }
}
