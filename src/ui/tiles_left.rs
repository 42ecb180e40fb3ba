//! The tiles still in the pile, by type (classic Carcassonne, as
//! JCloisterZone's tile dialog shows them): each type's picture with how
//! many are left of how many in play; types used up are greyed.

use yew::prelude::*;

use super::modal::Modal;
use super::tile_art::tile_picture;
use engine::any::Ruleset;
use engine::core::geom::Rotation;
use i18n::msg::tiles_left as m;
use view::any::{short_pile_left, tile_name, tile_words, tiles_by_type_hand, TileCount};

#[derive(PartialEq)]
pub struct TilesLeftProps {
    pub ruleset: Ruleset,
    pub counts: Vec<TileCount>,
    /// With a short pile, how many tiles are still to draw (the list is
    /// then what they may be).
    pub short: Option<u32>,
    pub on_close: Callback<()>,
}

/// (A plain function, not a component: it has no state of its own and its
/// parent redraws it anyway.)
pub fn tiles_left(props: &TilesLeftProps) -> Html {
    let left: u32 = props.counts.iter().map(|c| c.left).sum();
    let close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <Modal title={m::title()} on_close={props.on_close.clone()} testid="tiles-left-dialog" close_outside=true>
            <p data-testid="tiles-left-total">{ match props.short {
                Some(n) => m::short(n),
                None => m::total(left),
            } }</p>
            <ul class="tiles-left">
                { for props.counts.iter().map(|c| {
                    let name = tile_name(props.ruleset, c.tile);
                    html! {
                        <li class={classes!("tile-count", (c.left == 0).then_some("gone"))}
                            data-tile={name.clone()} data-left={c.left.to_string()}>
                            <svg viewBox="0 0 100 100" aria-hidden="true">{ tile_picture(props.ruleset, c.tile) }</svg>
                            <span aria-hidden="true">{ format!("{} × {}", name, c.left) }<small>{ " " }{ m::of(c.in_play) }</small></span>
                            // (For a screen reader the tile in words, not its code: the
                            // picture shows it.)
                            <span class="sr-only">{ format!("{} {}: {}", c.left, m::of(c.in_play),
                                tile_words(props.ruleset, c.tile, Rotation::ALL[0])) }</span>
                        </li>
                    }
                }) }
            </ul>
            <div class="dialog-buttons">
                <button class="primary" onclick={close}>{ m::back() }</button>
            </div>
        </Modal>
    }
}

/// The tiles left of a game (the page's "Tiles"; a part of the extras).
#[derive(Properties, PartialEq)]
pub struct TilesLeftPartProps {
    pub game: view::Shared<engine::any::AnyGame>,
    /// The tile in hand is the game's (not a fair game's stand-in).
    pub known: bool,
    pub on_close: Callback<()>,
}

#[function_component(TilesLeftPart)]
pub fn tiles_left_part(props: &TilesLeftPartProps) -> Html {
    let read = use_memo((props.game.clone(), props.known), |(game, known)| {
        Some((
            game.ruleset(),
            tiles_by_type_hand(game, *known)?,
            short_pile_left(game, *known),
        ))
    });
    match &*read {
        Some((ruleset, counts, short)) => tiles_left(&TilesLeftProps {
            ruleset: *ruleset,
            counts: counts.clone(),
            short: *short,
            on_close: props.on_close.clone(),
        }),
        None => html! {
            <Modal title={m::title()} on_close={props.on_close.clone()} testid="tiles-left-dialog" close_outside=true>
                <p role="alert">{ m::unreadable() }</p>
            </Modal>
        },
    }
}
