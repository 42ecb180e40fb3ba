//! The coordinates of the spaces, on demand (the C key or the board's
//! button): each placed tile's and each space the tile in hand may go to,
//! as the chronicle and the text view name them (x east, y south).

use yew::prelude::*;

use engine::core::geom::Cell;
use view::geometry::TILE;
use view::scene::Scene;
use view::words::cell_name;

/// The labels for the tiles of `scene` and the spaces `cells` offered now
/// (a function, not a component: it is drawn only on demand).
pub fn coords_layer(scene: &Scene, cells: &[Cell]) -> Html {
    let label = |c: Cell, class: &'static str| {
        html! {
            <text class={class} x={view::geometry::num(c.x as f64 * TILE + 50.0)}
                y={view::geometry::num(c.y as f64 * TILE + 94.0)}>{ cell_name(c) }</text>
        }
    };
    html! {
        <g class="coords" data-testid="coords">
            { for scene.tiles.iter().map(|t| label(t.cell, "coord")) }
            { for cells.iter().map(|&c| label(c, "coord free")) }
        </g>
    }
}
