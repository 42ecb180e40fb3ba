//! What just happened, marked on the board until the next decision of a
//! person: the features that scored, lit in the scorers' colours with each
//! one's points (after their colour's mark) rising from them, and the wall
//! pieces, gate, guards and towers built since (the computer's moves among
//! them). Re-rendered only when that changes.

use yew::prelude::*;

use view::geometry::num;

use view::geometry::{side_points, vertex_point, Pt};
use view::scene::Recent;
use view::Shared;

#[derive(Properties, PartialEq)]
pub struct RecentLayerProps {
    pub recent: Shared<Recent>,
    /// The layer over the pieces (the points and the marks), else the one
    /// under them (the lit features).
    pub top: bool,
}

/// One of the two layers of what just happened.
#[function_component(RecentLayer)]
pub fn recent_layer(props: &RecentLayerProps) -> Html {
    if props.top {
        marks(&props.recent)
    } else {
        lit(&props.recent)
    }
}

/// The lit features (drawn under the pieces), each in its first scorer's
/// colour, naming its cells (`data-cells`: "x,y x,y").
fn lit(r: &Recent) -> Html {
    html! {
        <g class="recent-lit" clip-path="url(#tiles-clip)">
            { for r.scored.iter().map(|s| {
                let colour = s.scorers.first().map_or("#f2c14e", |c| c.colour.hex());
                let cells: Vec<String> = s.cells.iter().map(|c| format!("{},{}", c.x, c.y)).collect();
                html! {
                    <g class="scored-feature" data-testid="scored-feature" data-cells={cells.join(" ")}>
                        { for s.shapes.iter().map(|sh| if sh.street {
                            html! { <path d={sh.d.clone()} transform={sh.transform.clone()} fill="none"
                                stroke={colour} stroke-width="16" stroke-linecap="round" /> }
                        } else {
                            html! { <path d={sh.d.clone()} transform={sh.transform.clone()} fill={colour} /> }
                        }) }
                    </g>
                }
            }) }
        </g>
    }
}

/// The points rising from what scored, and the marks on what was built
/// (drawn over the pieces).
fn marks(r: &Recent) -> Html {
    let line = |a: Pt, b: Pt, class: &'static str| {
        html! {
            <line class={class} data-testid={class} x1={num(a.0)} y1={num(a.1)} x2={num(b.0)} y2={num(b.1)} />
        }
    };
    html! {
        <g class="recent-marks" data-count={(r.walls.len() + r.guards.len() + r.towers.len()).to_string()}>
            { for r.walls.iter().map(|&s| { let (a, b) = side_points(s); line(a, b, "recent-wall") }) }
            { for r.guards.iter().map(|&s| { let (a, b) = side_points(s); line(a, b, "recent-guard") }) }
            { for r.towers.iter().map(|&v| {
                let p = vertex_point(v);
                html! { <circle class="recent-tower" data-testid="recent-tower" cx={num(p.0)} cy={num(p.1)} r="21" /> }
            }) }
            { for r.scored.iter().map(|s| {
                let n = s.scorers.len().max(1) as f64;
                let cells: Vec<String> = s.cells.iter().map(|c| format!("{},{}", c.x, c.y)).collect();
                html! {
                    <g class="float-points" data-testid="float-points" data-cells={cells.join(" ")}
                        transform={format!("translate({} {})", num(s.at.0), num(s.at.1))}>
                        // Each scorer's points in their colour, haloed in the
                        // colour's contrasting ink (legible on a feature lit
                        // in that colour), after the colour's mark.
                        { for s.scorers.iter().enumerate().map(|(i, p)| {
                            let c = p.colour;
                            let x = (i as f64 - (n - 1.0) / 2.0) * 58.0;
                            let (halo, _) = c.ink();
                            html! {
                                <g class={classes!("points", c.css_class())}>
                                    <path class="mark" data-mark={c.mark()} d={c.mark_path()} fill={c.hex()} stroke={halo}
                                        stroke-width="1.6" transform={format!("translate({} -10) scale(1.5)", num(x - 20.0))} />
                                    <text x={num(x + 10.0)} fill={c.hex()} stroke={halo} data-seat={p.seat.to_string()}>{ format!("+{}", p.points) }</text>
                                </g>
                            }
                        }) }
                    </g>
                }
            }) }
        </g>
    }
}
