//! The drawn tile beside the board: its picture in the current rotation and
//! the buttons to turn it, place it and take it back.

use yew::prelude::*;

use super::tile_art::tile_picture;
use crate::engine::city::tiles::{Catalogue, TileType};
use crate::engine::core::geom::Rotation;

#[derive(Properties, PartialEq)]
pub struct HandProps {
    /// The drawn tile, when a tile is to be placed.
    pub tile: Option<TileType>,
    pub rot: Option<Rotation>,
    /// The stack it came from (1–3).
    pub stack: Option<u8>,
    /// Whether it is tried on a cell (so it can be confirmed).
    pub tried: bool,
    /// Whether another rotation is legal.
    pub can_rotate: bool,
    /// A touch screen: no keys to mention.
    #[prop_or_default]
    pub touch: bool,
    pub on_rotate: Callback<()>,
    pub on_confirm: Callback<()>,
    pub on_cancel: Callback<()>,
}

#[function_component(Hand)]
pub fn hand(props: &HandProps) -> Html {
    let Some(tile) = props.tile else {
        return html! {
            <section class="hand idle" data-testid="hand">
                <div class="hand-tile empty"></div>
            </section>
        };
    };
    let Ok(cat) = Catalogue::builtin() else {
        return html! {};
    };
    let def = cat.get(tile);
    let q = props.rot.map_or(0, |r| r.quarter_turns());
    let rotate = props.on_rotate.reform(|_: MouseEvent| ());
    let confirm = props.on_confirm.reform(|_: MouseEvent| ());
    let cancel = props.on_cancel.reform(|_: MouseEvent| ());
    html! {
        <section class="hand" data-testid="hand" data-tile={def.id.clone()} data-rot={q.to_string()}>
            <div class="hand-tile" title="The tile you drew">
                <svg viewBox="-6 -6 112 112" xmlns="http://www.w3.org/2000/svg" role="img"
                    aria-label={format!("The tile in hand: {}", crate::view::city::describe::tile_words(cat, tile, props.rot.unwrap_or(crate::engine::core::geom::Rotation::ALL[0])))}>
                    <g transform={format!("rotate({} 50 50)", q as u32 * 90)}>{ tile_picture(cat, tile) }</g>
                </svg>
            </div>
            <div class="hand-info">
                <span class="stack">{ format!("Stack {}", props.stack.unwrap_or(1)) }</span>
                <div class="hand-buttons">
                    <button data-testid="rotate" onclick={rotate} disabled={!props.can_rotate}
                        title={if props.touch { "Turn the tile" } else { "Turn the tile (R or right click)" }}>{ "⟳ Turn" }</button>
                    <button data-testid="confirm" class="primary" onclick={confirm} disabled={!props.tried}
                        title={if props.touch { "Place the tile where it is tried" } else { "Place the tile where it is tried (Enter)" }}>{ "Place tile" }</button>
                    <button data-testid="cancel" class="quiet" onclick={cancel} disabled={!props.tried}
                        title={if props.touch { "Take the tile back" } else { "Take the tile back (Esc)" }}>{ "Take back" }</button>
                </div>
            </div>
        </section>
    }
}
