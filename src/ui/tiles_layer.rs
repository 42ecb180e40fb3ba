//! The placed tiles, each a `<use>` of its picture, and the highlight of the
//! tile placed last. Re-rendered only when the scene changes (never on pan or
//! zoom).

use yew::prelude::*;

use super::tile_defs::tile_ref;
use view::geometry::{num, tile_transform, TILE};
use view::scene::Scene;
use view::Shared;

#[derive(Properties, PartialEq)]
pub struct TilesLayerProps {
    pub scene: Shared<Scene>,
}

#[function_component(TilesLayer)]
pub fn tiles_layer(props: &TilesLayerProps) -> Html {
    let scene = &props.scene;
    let last = scene.last.and_then(|i| scene.tiles.get(i)).map(|t| {
        let (x, y) = (t.cell.x as f64 * TILE, t.cell.y as f64 * TILE);
        html! {
            <rect class="last-tile" data-testid="last-tile" x={num(x + 2.0)} y={num(y + 2.0)}
                width="96" height="96" rx="3" />
        }
    });
    // Classic's start tile, marked so that the landscape's origin is found.
    let start = (scene.ruleset == engine::any::Ruleset::Classic)
        .then(|| scene.tiles.first())
        .flatten()
        .map(|t| {
            let (x, y) = (t.cell.x as f64 * TILE, t.cell.y as f64 * TILE);
            html! {
                <rect class="start-tile" data-testid="start-tile" x={num(x + 4.0)} y={num(y + 4.0)}
                    width="92" height="92" rx="3"><title>{ i18n::msg::play::start_tile() }</title></rect>
            }
        });
    // One path of offset squares under the tiles: a shadow without a filter,
    // which would be redrawn on every pan.
    let shadow: String = scene
        .tiles
        .iter()
        .map(|t| {
            format!(
                "M{},{}h100v100h-100z",
                num(t.cell.x as f64 * TILE + 2.5),
                num(t.cell.y as f64 * TILE + 3.5)
            )
        })
        .collect();
    // The tiles' outline, to keep highlights on the tiles.
    let clip: String = scene
        .tiles
        .iter()
        .map(|t| {
            format!(
                "M{},{}h100v100h-100z",
                num(t.cell.x as f64 * TILE),
                num(t.cell.y as f64 * TILE)
            )
        })
        .collect();
    html! {
        <g class="tiles" data-count={scene.tiles.len().to_string()}>
            <clipPath id="tiles-clip"><path d={clip} /></clipPath>
            <path class="tile-shadow" d={shadow} />
            <g>
                { for scene.tiles.iter().map(|t| html! {
                    <@{"use"} href={tile_ref(scene.ruleset, t.tile)} transform={tile_transform(t.cell, t.rot)}
                        data-tile={format!("{},{}", t.cell.x, t.cell.y)} />
                }) }
            </g>
            { for start }
            { for last }
        </g>
    }
}
