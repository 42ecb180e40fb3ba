//! The drawn tile beside the board: its picture in the current rotation and
//! the buttons to turn it, place it and take it back.

use yew::prelude::*;

use super::tile_art::tile_picture;
use engine::any::Ruleset;
use engine::core::geom::Rotation;
use engine::core::shape::TileType;
use i18n::msg::hand as m;
use view::any::{tile_name, tile_words};

#[derive(PartialEq)]
pub struct HandProps {
    /// The drawn tile, when a tile is to be placed.
    pub tile: Option<TileType>,
    pub rot: Option<Rotation>,
    /// The game whose tile it is.
    pub ruleset: Ruleset,
    /// Where it came from: "Stack 2", "31 tiles left".
    pub pile: String,
    /// What sets the placement tried apart (classic's wood: "with a
    /// bridge (north–south) across this tile").
    pub variant: Option<String>,
    /// Whether it is tried on a cell (so it can be confirmed).
    pub tried: bool,
    /// Whether another rotation is legal.
    pub can_rotate: bool,
    /// A touch screen: no keys to mention.
    pub touch: bool,
    pub on_rotate: Callback<()>,
    pub on_confirm: Callback<()>,
    pub on_cancel: Callback<()>,
}

/// (A plain function, not a component: it has no state of its own and its
/// parent redraws it anyway.)
pub fn hand(props: &HandProps) -> Html {
    let Some(tile) = props.tile else {
        return html! {
            <section class="hand idle" data-testid="hand">
                <div class="hand-tile empty"></div>
            </section>
        };
    };
    let q = props.rot.map_or(0, |r| r.quarter_turns());
    let rotate = props.on_rotate.reform(|_: MouseEvent| ());
    let confirm = props.on_confirm.reform(|_: MouseEvent| ());
    let cancel = props.on_cancel.reform(|_: MouseEvent| ());
    html! {
        <section class="hand" data-testid="hand" data-tile={tile_name(props.ruleset, tile)} data-rot={q.to_string()}>
            <div class="hand-tile" title={m::title()}>
                <svg viewBox="-6 -6 112 112" xmlns="http://www.w3.org/2000/svg" role="img"
                    aria-label={m::in_hand(&tile_words(props.ruleset, tile, props.rot.unwrap_or(Rotation::ALL[0])))}>
                    <g transform={format!("rotate({} 50 50)", q as u32 * 90)}>{ tile_picture(props.ruleset, tile) }</g>
                </svg>
            </div>
            <div class="hand-info">
                <span class="stack" data-testid="pile">{ props.pile.clone() }</span>
                if let Some(v) = &props.variant {
                    <span class="variant" data-testid="placement-variant">{ v.clone() }</span>
                }
                <div class="hand-buttons">
                    <button data-testid="rotate" onclick={rotate} disabled={!props.can_rotate}
                        title={if props.touch { m::turn_title() } else { m::turn_title_keys() }}><span aria-hidden="true">{ "⟳ " }</span>{ m::turn() }</button>
                    <button data-testid="confirm" class="primary" onclick={confirm} disabled={!props.tried}
                        title={if props.touch { m::place_title() } else { m::place_title_keys() }}>{ m::place() }</button>
                    <button data-testid="cancel" class="quiet" onclick={cancel} disabled={!props.tried}
                        title={if props.touch { m::back_title() } else { m::back_title_keys() }}>{ m::back() }</button>
                </div>
            </div>
        </section>
    }
}
