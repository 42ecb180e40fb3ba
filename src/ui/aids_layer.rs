//! The players' aids on the board (issue 39), as the view model hands them
//! (`view::aids::AidsView`): dead spaces cross-hatched and crossed out, a
//! space only one tile left can fill outlined with a "1", the tiles of a
//! feature that can no longer be finished striped, and — with the owners
//! layer on — each held farm or end-scored feature's tiles with its owners'
//! colours and marks. Patterns and marks, never colour alone.

use yew::prelude::*;

use view::aids::AidsView;
use view::geometry::{num, TILE};
use view::Shared;

#[derive(Properties, PartialEq)]
pub struct AidsLayerProps {
    pub aids: Shared<AidsView>,
    /// Show who holds what.
    pub owners: bool,
}

fn at(c: engine::core::geom::Cell) -> (f64, f64) {
    (c.x as f64 * TILE, c.y as f64 * TILE)
}

#[function_component(AidsLayer)]
pub fn aids_layer(props: &AidsLayerProps) -> Html {
    let a = &props.aids;
    let spaces = a.spaces.iter().filter(|s| s.dead || s.last).map(|s| {
        let (x, y) = at(s.cell);
        let cell = format!("{},{}", s.cell.x, s.cell.y);
        let (cx, cy) = (num(x + TILE / 2.0), num(y + TILE / 2.0));
        if s.dead {
            html! {
                <g class="aid-dead" data-testid="aid-dead" data-cell={cell.clone()}>
                    <title>{ i18n::msg::aids::dead_mark(&cell) }</title>
                    <rect x={num(x + 4.0)} y={num(y + 4.0)} width={num(TILE - 8.0)} height={num(TILE - 8.0)}
                        rx="6" fill="url(#aid-hatch)" />
                    <path d={format!("M{},{}l24,24m0,-24l-24,24", num(x + TILE / 2.0 - 12.0), num(y + TILE / 2.0 - 12.0))} />
                </g>
            }
        } else {
            html! {
                <g class="aid-last" data-testid="aid-last" data-cell={cell.clone()}>
                    <title>{ i18n::msg::aids::last_mark(&cell) }</title>
                    <rect x={num(x + 6.0)} y={num(y + 6.0)} width={num(TILE - 12.0)} height={num(TILE - 12.0)} rx="6" />
                    <text x={cx} y={cy} text-anchor="middle" dominant-baseline="central">{ "1" }</text>
                </g>
            }
        }
    });
    let doomed = a.doomed.iter().flat_map(|d| {
        d.tiles.iter().map(move |&c| {
            let (x, y) = at(c);
            html! {
                <rect class="aid-doomed" data-testid="aid-doomed" x={num(x)} y={num(y)} width={num(TILE)} height={num(TILE)}
                    fill="url(#aid-stripes)">
                    <title>{ format!("{} — {}", i18n::msg::aids::doomed_mark(), d.words) }</title>
                </rect>
            }
        })
    });
    // Several holdings on one tile: their badges side by side.
    let mut seen: Vec<engine::core::geom::Cell> = Vec::new();
    let mut owners = Vec::new();
    if props.owners {
        for h in &a.holdings {
            for &c in &h.tiles {
                let k = seen.iter().filter(|&&s| s == c).count() as f64;
                seen.push(c);
                let (x, y) = at(c);
                let marks = h.owners.iter().enumerate().map(|(i, colour)| {
                    let (ink, outline) = colour.ink();
                    let (mx, my) = (x + 16.0 + 20.0 * i as f64, y + 16.0 + 20.0 * k);
                    html! {
                        <g transform={format!("translate({} {})", num(mx), num(my))}>
                            <circle r="9" class={classes!("owner-disc", colour.css_class())} fill={colour.hex()} stroke={colour.edge()} />
                            <path class="mark" data-mark={colour.mark()} d={colour.mark_path()} fill={ink} stroke={outline} stroke-width="0.8" />
                        </g>
                    }
                });
                owners.push(html! {
                    <g class="aid-owner" data-testid="aid-owner">
                        <title>{ h.words.clone() }</title>
                        <rect class="owner-tile" x={num(x + 2.0)} y={num(y + 2.0)} width={num(TILE - 4.0)} height={num(TILE - 4.0)}
                            fill="url(#aid-dots)" />
                        { for marks }
                    </g>
                });
            }
        }
    }
    html! {
        <g class="aids-layer" data-testid="aids-layer">
            <defs>
                <pattern id="aid-hatch" patternUnits="userSpaceOnUse" width="10" height="10">
                    <path d="M0,10L10,0M0,0L10,10" class="hatch" />
                </pattern>
                <pattern id="aid-stripes" patternUnits="userSpaceOnUse" width="14" height="14"
                    patternTransform="rotate(45)">
                    <rect width="5" height="14" class="stripe" />
                </pattern>
                <pattern id="aid-dots" patternUnits="userSpaceOnUse" width="12" height="12">
                    <circle cx="6" cy="6" r="1.6" class="dot" />
                </pattern>
            </defs>
            { for doomed }
            { for owners }
            { for spaces }
        </g>
    }
}
