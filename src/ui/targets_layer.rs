//! What can be clicked on the board now, as handed over by the state: legal
//! cells (and the tile tried on one), the new tile's regions for a follower
//! (hovering one lights up the whole feature it would join), outline sides for
//! the gate, the wall's next sides, and wall ends for a tower.

use yew::prelude::*;

use view::geometry::num;

use super::classic_pieces;
use super::pieces_layer::{mark, MEEPLE};
use super::tile_defs::tile_ref;
use engine::any::{AnyChoice as Choice, Ruleset};
use engine::core::geom::{Cell, Dir};
use view::geometry::{side_point, side_points, tile_transform, vertex_point, Pt, TILE};
use view::palette::PlayerColour;
use view::targets::{RegionShape, Targets, RING_R};
use view::Shared;

#[derive(Properties, PartialEq)]
pub struct TargetsLayerProps {
    pub targets: Shared<Targets<Choice>>,
    /// The game whose tiles are drawn.
    pub ruleset: Ruleset,
    pub on_cell: Callback<Cell>,
    pub on_choice: Callback<Choice>,
    /// True while a drag just ended: the click that follows is not a pick.
    pub is_drag: Callback<(), bool>,
    /// The board point under a client position (CSS pixels).
    pub to_board: Callback<Pt, Option<Pt>>,
}

fn highlight(shapes: &[RegionShape], colour: &str) -> Html {
    html! {
        <g class="feature-highlight" data-testid="feature-highlight" data-count={shapes.len().to_string()}
            clip-path="url(#tiles-clip)">
            { for shapes.iter().map(|s| if s.street {
                html! { <path d={s.d.clone()} transform={s.transform.clone()} fill="none"
                    stroke={colour.to_string()} stroke-width="15" stroke-linecap="round" /> }
            } else {
                html! { <path d={s.d.clone()} transform={s.transform.clone()} fill={colour.to_string()} /> }
            }) }
        </g>
    }
}

#[function_component(TargetsLayer)]
pub fn targets_layer(props: &TargetsLayerProps) -> Html {
    let hover = use_state_eq(|| None::<usize>);
    let hover_cell = use_state_eq(|| None::<Cell>);
    // The side the pointer is nearest to, over the sides' hit bands.
    let hover_side = use_state_eq(|| None::<usize>);
    {
        // A new set of targets: what was hovered is gone.
        let hover = hover.clone();
        let hover_cell = hover_cell.clone();
        let hover_side = hover_side.clone();
        use_effect_with(props.targets.clone(), move |_| {
            hover.set(None);
            hover_cell.set(None);
            hover_side.set(None);
        });
    }
    let t = &props.targets;
    let colour = t.colour.unwrap_or(PlayerColour::Black);
    let ruleset = props.ruleset;

    let pick_cell = |cell: Cell| {
        let cb = props.on_cell.clone();
        let drag = props.is_drag.clone();
        Callback::from(move |e: MouseEvent| {
            e.stop_propagation();
            if !drag.emit(()) {
                cb.emit(cell)
            }
        })
    };
    let pick = |c: Choice| {
        let cb = props.on_choice.clone();
        let drag = props.is_drag.clone();
        Callback::from(move |e: MouseEvent| {
            e.stop_propagation();
            if !drag.emit(()) {
                cb.emit(c)
            }
        })
    };

    let cells = t.cells.iter().map(|c| {
        let tentative = t.ghost.is_some_and(|g| g.cell == c.cell);
        // Classic's Old City: a space the tile fits only with wood.
        let wood = t
            .placements
            .iter()
            .any(|p| p.cell == c.cell && p.label.is_some());
        let (over, out) = if c.now {
            let (a, b) = (hover_cell.clone(), hover_cell.clone());
            let cell = c.cell;
            (
                Some(Callback::from(move |_: PointerEvent| a.set(Some(cell)))),
                Some(Callback::from(move |_: PointerEvent| b.set(None))),
            )
        } else {
            (None, None)
        };
        html! {
            <rect key={format!("c{},{}", c.cell.x, c.cell.y)}
                class={classes!("target-cell", if c.now { "now" } else { "other" }, tentative.then_some("tried"), wood.then_some("wood"))}
                data-cell={format!("{},{}", c.cell.x, c.cell.y)} data-wood={wood.then_some("yes")}
                data-legal={if c.now { "now" } else { "other" }}
                x={num(c.cell.x as f64 * TILE + 4.0)} y={num(c.cell.y as f64 * TILE + 4.0)}
                width="92" height="92" rx="6"
                onclick={pick_cell(c.cell)} onpointerover={over} onpointerout={out} />
        }
    });
    // The drawn tile previewed, faintly, on the legal cell under the pointer.
    let preview = (*hover_cell)
        .filter(|&c| t.ghost.is_none_or(|g| g.cell != c))
        .zip(t.hand)
        .map(|(cell, (tile, rot))| {
            html! {
                <@{"use"} class="preview" href={tile_ref(ruleset, tile)} transform={tile_transform(cell, rot)} />
            }
        });
    let ghost = t.ghost.map(|g| {
        html! {
            <g class="ghost" data-testid="ghost" data-cell={format!("{},{}", g.cell.x, g.cell.y)}
                data-rot={g.rot.quarter_turns().to_string()} onclick={pick_cell(g.cell)}>
                <@{"use"} href={tile_ref(ruleset, g.tile)} transform={tile_transform(g.cell, g.rot)} />
                // The wood this placement would use (classic's Old City).
                { for t.placement_at(g.cell, g.rot).into_iter().flat_map(|p| p.pieces.iter())
                    .map(|p| classic_pieces::piece(p, None)) }
                <rect class="ghost-frame" x={num(g.cell.x as f64 * TILE)} y={num(g.cell.y as f64 * TILE)}
                    width="100" height="100" stroke={colour.hex()} />
                if let Some(p) = g.follower {
                    <g class="hint-follower" data-testid="hint-follower"
                        transform={format!("translate({} {})", num(p.0), num(p.1))}>
                        <title>{ i18n::msg::board::hint_follower() }</title>
                        <circle r="13" class="ring" stroke={colour.hex()} />
                        <path d={MEEPLE} transform="scale(0.72)" fill={colour.hex()} />
                        { mark(colour, "translate(0 .7) scale(.6)") }
                    </g>
                }
            </g>
        }
    });

    // The region whose feature is lit: the hovered one, else the focused one.
    let lit = (*hover).or(t.focus).and_then(|i| t.regions.get(i));
    let feature = lit.map(|r| highlight(&r.feature, colour.hex()));
    let hover_on = |i: usize| {
        let hover = hover.clone();
        Callback::from(move |_: PointerEvent| hover.set(Some(i)))
    };
    let hover_off = {
        let hover = hover.clone();
        move || {
            let hover = hover.clone();
            Callback::from(move |_: PointerEvent| hover.set(None))
        }
    };
    // Each region whole is a hit area (a finger's), under every ring; the
    // rings show where the follower goes, and are the test hook.
    let areas = t.regions.iter().enumerate().map(|(i, r)| {
        let class = classes!("region-hit", r.shape.street.then_some("street"));
        html! {
            <path key={format!("a{}", r.region)} class={class} d={r.shape.d.clone()}
                transform={r.shape.transform.clone()} data-region={r.region.to_string()}
                onpointerover={hover_on(i)} onpointerout={hover_off()} onclick={pick(r.choice)} />
        }
    });
    // A finger's circle round each ring, under all the rings.
    let ring_hits = t.regions.iter().enumerate().map(|(i, r)| {
        html! {
            <circle key={format!("h{}", r.region)} class="ring-hit" data-region={r.region.to_string()}
                cx={num(r.pos.0)} cy={num(r.pos.1)}
                onpointerover={hover_on(i)} onpointerout={hover_off()} onclick={pick(r.choice)} />
        }
    });
    let regions = t.regions.iter().enumerate().map(|(i, r)| {
        let focused = t.focus == Some(i);
        html! {
            <g key={format!("r{}", r.region)} class={classes!("target-region", focused.then_some("focused"))}
                data-testid="region-target" data-region={r.region.to_string()}
                transform={format!("translate({} {})", num(r.pos.0), num(r.pos.1))}
                onpointerover={hover_on(i)} onpointerout={hover_off()} onclick={pick(r.choice)}>
                <title>{ i18n::msg::board::put(&r.label) }</title>
                <circle r={num(RING_R)} class="ring" stroke={colour.hex()} />
                // The piece it would be (classic's thief, knight, monk,
                // farmer, guesthouse), else a follower; with the colour's mark.
                <g class="ghost-meeple">
                    if let Some(piece) = r.piece {
                        <@{"use"} href={format!("#piece-{piece}")} transform="scale(0.72)"
                            class={classes!("ghost-piece", colour.css_class())} data-piece={piece} />
                    } else {
                        <path d={MEEPLE} transform="scale(0.72)" fill={colour.hex()} />
                    }
                    { mark(colour, "translate(0 .7) scale(.6)") }
                </g>
            </g>
        }
    });
    let n_regions = t.regions.len();
    // The outline's sides: each one's hit band reaches a finger's width
    // outwards, so bands overlap at inward corners; whichever band the
    // pointer is on, the side nearest to it is lit and taken.
    let nearest = {
        let to_board = props.to_board.clone();
        let t = t.clone();
        move |e: &MouseEvent| {
            let client = (e.client_x() as f64, e.client_y() as f64);
            to_board.emit(client).and_then(|p| t.nearest_side(p))
        }
    };
    let side_move = {
        let hover_side = hover_side.clone();
        let nearest = nearest.clone();
        Callback::from(move |e: PointerEvent| hover_side.set(nearest(&e)))
    };
    let side_leave = {
        let hover_side = hover_side.clone();
        Callback::from(move |_: PointerEvent| hover_side.set(None))
    };
    let side_click = {
        let cb = props.on_choice.clone();
        let drag = props.is_drag.clone();
        let t = t.clone();
        Callback::from(move |e: MouseEvent| {
            e.stop_propagation();
            if drag.emit(()) {
                return;
            }
            let i = nearest(&e);
            if let Some(s) = i.and_then(|i| t.sides.get(i)) {
                cb.emit(s.choice)
            }
        })
    };
    let sides = t.sides.iter().enumerate().map(|(i, s)| {
        let (a, b) = side_points(s.side);
        let m = side_point(s.side);
        let focused = t.focus == Some(n_regions + i);
        let lit = *hover_side == Some(i);
        html! {
            <g key={format!("s{i}")} class={classes!("target-side", focused.then_some("focused"), lit.then_some("lit"))}
                data-testid="side-target" data-end={s.key.clone()}
                data-side={format!("{},{},{}", s.side.cell.x, s.side.cell.y, s.side.dir.letter())}>
                <title>{ s.words.clone() }</title>
                // The hit band: the side's length, a little inside the city
                // and a finger's width (or more) outside it.
                <g transform={format!("translate({} {}) rotate({})", num(m.0), num(m.1), match s.side.dir {
                    Dir::S => 0,
                    Dir::W => 90,
                    Dir::N => 180,
                    Dir::E => 270,
                })}>
                    <rect class="hit" x="-50" y="-14" width="100" />
                </g>
                <line class="glow" x1={num(a.0)} y1={num(a.1)} x2={num(b.0)} y2={num(b.1)} />
                // The wall's end or the guard's points; a click on it goes
                // through to the bands below (its own side is the nearest).
                { for s.label.as_ref().map(|l| {
                    let (dx, dy) = s.side.dir.step();
                    let lp = (m.0 + dx as f64 * 26.0, m.1 + dy as f64 * 26.0 + 7.0);
                    html! { <text x={num(lp.0)} y={num(lp.1)} class="target-label big side-label">{ l.clone() }</text> }
                }) }
            </g>
        }
    });
    let n_before_vertices = n_regions + t.sides.len();
    let vertices = t.vertices.iter().enumerate().map(|(i, v)| {
        let p = vertex_point(v.vertex);
        // Two towers offered on one vertex (after the wall closed): side by side.
        let shift = if t.vertices.iter().filter(|w| w.vertex == v.vertex).count() > 1 {
            if i == 0 {
                -30.0
            } else {
                30.0
            }
        } else {
            0.0
        };
        let focused = t.focus == Some(n_before_vertices + i);
        html! {
            <g key={format!("v{i}")} class={classes!("target-vertex", focused.then_some("focused"))}
                data-testid="vertex-target" data-end={v.key.clone()}
                transform={format!("translate({} {})", num(p.0 + shift), num(p.1))}
                onclick={pick(v.choice)}>
                <title>{ v.words.clone() }</title>
                <circle class="hit" />
                <circle r="18" class="ring" stroke={colour.hex()} />
                <text y="5" class="target-label">{ v.label.clone() }</text>
                // The tower's owner-to-be: the colour's mark on the ring.
                <g class="ring-mark">
                    <path d={colour.mark_path()} transform="translate(13 -13)" fill={colour.hex()} stroke={colour.edge()} stroke-width="1.2" />
                </g>
            </g>
        }
    });
    // Placed tiles to click (the wyvern's targets).
    let n_before_tiles = n_before_vertices + t.vertices.len();
    let tiles = t.tiles.iter().enumerate().map(|(i, tt)| {
        let focused = t.focus == Some(n_before_tiles + i);
        html! {
            <rect key={format!("t{},{}", tt.cell.x, tt.cell.y)}
                class={classes!("target-tile", focused.then_some("focused"))} data-testid="tile-target"
                data-cell={format!("{},{}", tt.cell.x, tt.cell.y)}
                x={num(tt.cell.x as f64 * TILE + 5.0)} y={num(tt.cell.y as f64 * TILE + 5.0)}
                width="90" height="90" rx="8" stroke={colour.hex()} onclick={pick(tt.choice)}>
                <title>{ tt.words.clone() }</title>
            </rect>
        }
    });
    // The row or column a guard would watch.
    let line = (!t.line.is_empty()).then(|| {
        html! {
            <g class="guard-line" data-testid="guard-line" data-count={t.line.len().to_string()}>
                { for t.line.iter().map(|c| html! {
                    <rect x={num(c.x as f64 * TILE + 3.0)} y={num(c.y as f64 * TILE + 3.0)}
                        width="94" height="94" rx="4" stroke={colour.hex()} />
                }) }
            </g>
        }
    });
    let mark = t.mark.map(|s| {
        let (a, b) = side_points(s);
        html! {
            <line class="mark-side" data-testid="marked-piece"
                x1={num(a.0)} y1={num(a.1)} x2={num(b.0)} y2={num(b.1)} />
        }
    });
    html! {
        <g class="targets">
            { for feature }
            { for preview }
            { for cells }
            { for ghost }
            { for line }
            { for mark }
            <g class="side-targets" onclick={side_click} onpointermove={side_move} onpointerleave={side_leave}>
                { for sides }
            </g>
            { for areas }
            { for ring_hits }
            { for regions }
            { for vertices }
            { for tiles }
        </g>
    }
}
