//! The pieces on the board: wall pieces along the sides they cover, the city
//! gate, towers on wall-end vertices, guards on their pieces and followers on
//! their regions, in the owners' colours. Re-rendered only with the scene.

use yew::prelude::*;

use view::geometry::num;

use super::classic_pieces;
use engine::any::Ruleset;

use engine::core::geom::Side;
use view::geometry::{outward, side_point, side_points, vertex_point, Pt};
use view::palette::PlayerColour;
use view::scene::Scene;
use view::Shared;

/// A follower's outline, centred on its feet-to-head middle, about 22 high.
pub const MEEPLE: &str = "M0,-11 C3.2,-11 4.6,-8.6 4.6,-6.6 C4.6,-5 3.9,-3.9 3.1,-3.3 L9.6,-1.3 C11.6,-0.7 11.6,2.3 9.6,2.6 L5,3 L8.6,10.4 L1.9,10.4 L0,6.3 L-1.9,10.4 L-8.6,10.4 L-5,3 L-9.6,2.6 C-11.6,2.3 -11.6,-0.7 -9.6,-1.3 L-3.1,-3.3 C-3.9,-3.9 -4.6,-5 -4.6,-6.6 C-4.6,-8.6 -3.2,-11 0,-11 Z";

/// A player's mark (`PlayerColour::mark`), placed by `transform`, in the
/// ink that reads on a piece of that colour.
pub fn mark(colour: PlayerColour, transform: &'static str) -> Html {
    let (ink, outline) = colour.ink();
    html! {
        <path class="mark" data-mark={colour.mark()} d={colour.mark_path()} fill={ink} stroke={outline}
            transform={transform} />
    }
}

/// A meeple at `p` in a player's colour, with the colour's mark on its
/// chest; `lying` turns it on its side (a steward, as the rulebook draws
/// them), its mark upright. Inside, the `grow` group keeps it a readable
/// size when the board is seen from afar (static/style.css).
pub fn meeple(p: Pt, colour: PlayerColour, scale: f64, class: Classes, lying: bool) -> Html {
    let (turn, chest) = if lying {
        (" rotate(-90)", "rotate(90) translate(1 0) scale(.85)")
    } else {
        ("", "translate(0 1) scale(.85)")
    };
    html! {
        <g class={class} transform={format!("translate({} {}) scale({}){turn}", num(p.0), num(p.1), view::geometry::fixed(scale, 2))}>
            <g class="grow">
                <path class="piece-shadow" d={MEEPLE} transform="translate(1.6 2.2)" />
                <path class="piece-halo" d={MEEPLE} />
                <path d={MEEPLE} fill={colour.hex()} stroke={colour.edge()} stroke-width="1.4" stroke-linejoin="round" />
                { mark(colour, chest) }
            </g>
        </g>
    }
}

/// A stretch of wall drawn just outside the side it covers.
pub fn wall_piece(side: Side, key: usize) -> Html {
    let (a, b) = side_points(side);
    let (ox, oy) = outward(side);
    let off = |p: Pt, k: f64| (p.0 + ox * k, p.1 + oy * k);
    // Stop short of the corners a little so that turns look like joints.
    let (a1, b1) = (off(a, 5.0), off(b, 5.0));
    let (a2, b2) = (off(a, 10.5), off(b, 10.5));
    html! {
        <g class="wall" key={key} data-wall={format!("{},{},{}", side.cell.x, side.cell.y, side.dir.letter())}>
            <line class="wall-body" x1={num(a1.0)} y1={num(a1.1)} x2={num(b1.0)} y2={num(b1.1)} />
            <line class="wall-top" x1={num(a2.0)} y1={num(a2.1)} x2={num(b2.0)} y2={num(b2.1)} />
        </g>
    }
}

/// A side walled in only by the closing at the end of the game.
fn closing_piece(side: Side) -> Html {
    let (a, b) = side_points(side);
    let (ox, oy) = outward(side);
    let (a1, b1) = (
        (a.0 + ox * 5.0, a.1 + oy * 5.0),
        (b.0 + ox * 5.0, b.1 + oy * 5.0),
    );
    html! {
        <line class="closing-wall" x1={num(a1.0)} y1={num(a1.1)} x2={num(b1.0)} y2={num(b1.1)} />
    }
}

pub fn gate(side: Side) -> Html {
    let (a, b) = side_points(side);
    let (ox, oy) = outward(side);
    let m = side_point(side);
    let c = (m.0 + ox * 7.0, m.1 + oy * 7.0);
    let angle = match side.dir {
        engine::core::geom::Dir::N => 0,
        engine::core::geom::Dir::E => 90,
        engine::core::geom::Dir::S => 180,
        engine::core::geom::Dir::W => 270,
    };
    let (a1, b1) = (
        (a.0 + ox * 5.0, a.1 + oy * 5.0),
        (b.0 + ox * 5.0, b.1 + oy * 5.0),
    );
    html! {
        <g class="gate" data-testid="gate" data-side={format!("{},{},{}", side.cell.x, side.cell.y, side.dir.letter())}>
            <line class="wall-body" x1={num(a1.0)} y1={num(a1.1)} x2={num(b1.0)} y2={num(b1.1)} />
            <g transform={format!("translate({} {}) rotate({angle})", num(c.0), num(c.1))}>
                <rect x="-24" y="-13" width="14" height="20" class="gate-tower" />
                <rect x="10" y="-13" width="14" height="20" class="gate-tower" />
                <path d="M-12,7 L-12,-6 Q0,-16 12,-6 L12,7 Z" class="gate-door" />
                <path d="M-24,-13 L-24,-17 L-20,-17 L-20,-13 M-14,-13 L-14,-17 L-10,-17 L-10,-13 M10,-13 L10,-17 L14,-17 L14,-13 M20,-13 L20,-17 L24,-17 L24,-13" class="gate-crenel" />
            </g>
        </g>
    }
}

pub fn tower(p: Pt, colour: PlayerColour, points: u32) -> Html {
    html! {
        <g class="tower" data-testid="tower" transform={format!("translate({} {})", num(p.0), num(p.1))}>
            <title>{ i18n::msg::board::tower(points) }</title>
            <g class="grow">
                <circle r="13" class="tower-base" />
                <path d="M-13,0 A13,13 0 0 1 13,0" class="tower-crenel" />
                <circle r="8.5" fill={colour.hex()} stroke={colour.edge()} stroke-width="1.5" />
                { mark(colour, "scale(.95)") }
            </g>
        </g>
    }
}

#[derive(Properties, PartialEq)]
pub struct PiecesLayerProps {
    pub scene: Shared<Scene>,
}

#[function_component(PiecesLayer)]
pub fn pieces_layer(props: &PiecesLayerProps) -> Html {
    let s = &props.scene;
    let colour = |p: u8| {
        s.colours
            .get(p as usize)
            .copied()
            .unwrap_or(PlayerColour::Black)
    };
    let guards = s.walls.iter().filter_map(|w| {
        let g = w.guard?;
        let m = side_point(w.side);
        let (ox, oy) = outward(w.side);
        Some(html! {
            <g data-testid="guard">
                { meeple((m.0 + ox * 8.0, m.1 + oy * 8.0), colour(g), 0.8, classes!("guard"), false) }
            </g>
        })
    });
    let classic = s.ruleset == Ruleset::Classic;
    let followers = s.followers.iter().map(|f| {
        if classic {
            return classic_pieces::follower(f, colour(f.player));
        }
        meeple(
            f.pos,
            colour(f.player),
            1.0,
            classes!("follower", f.role),
            f.role == "steward",
        )
    });
    // Old City's wood and the plaza's mark lie on the tile, under the
    // followers (a monk on a tile a bridge crosses stands on top of it);
    // the guesthouse, the wyvern and its veil stand over them.
    let under = |p: &&view::scene::ScenePiece| {
        matches!(p.kind, "bridge" | "wall" | "wooden-gate" | "plaza")
    };
    let wood = s
        .pieces
        .iter()
        .filter(under)
        .map(|p| classic_pieces::piece(p, p.owner.map(colour)));
    let others = s
        .pieces
        .iter()
        .filter(|p| !under(p))
        .map(|p| classic_pieces::piece(p, p.owner.map(colour)));
    html! {
        <g class="pieces">
            <g class="closing" data-count={s.closing.len().to_string()}>
                { for s.closing.iter().map(|&side| closing_piece(side)) }
            </g>
            <g class="walls" data-count={s.walls.len().to_string()}>
                { for s.walls.iter().enumerate().map(|(i, w)| wall_piece(w.side, i)) }
            </g>
            { for s.gate.map(gate) }
            { for s.towers.iter().map(|t| tower(vertex_point(t.vertex), colour(t.owner), t.points)) }
            { for guards }
            <g class="wood-pieces">{ for wood }</g>
            <g class="followers" data-count={s.followers.len().to_string()}>{ for followers }</g>
            // (Its count is every piece's, the wood's included.)
            <g class="other-pieces" data-count={s.pieces.len().to_string()}>{ for others }</g>
        </g>
    }
}
