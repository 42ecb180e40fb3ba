//! Classic Carcassonne's pieces on the board: each piece's drawing (thief,
//! knight, monk, farmer lying down, Old City's bridge, wall, wooden gate,
//! guesthouse, wyvern, veil, the plaza's mark; `art::classic::pieces`) once in the board's
//! `<defs>` as `#piece-KIND`, and `<use>`s of them where the scene puts
//! followers and pieces, in the owner's colour (the `pc-…` class sets
//! `--pc`, which the drawings read).

use yew::prelude::*;

use view::geometry::num;

use super::pieces_layer::mark;
use art::classic::pieces::{piece_art, Piece};
use view::geometry::Pt;
use view::palette::PlayerColour;
use view::scene::{SceneFollower, ScenePiece};

/// The scene's name of a piece (a follower's role, a piece's kind).
fn kind_of(p: Piece) -> &'static str {
    match p {
        Piece::Thief => "thief",
        Piece::Knight => "knight",
        Piece::Monk => "monk",
        Piece::Farmer => "farmer",
        Piece::Bridge => "bridge",
        Piece::Wall => "wall",
        Piece::WoodenGate => "wooden-gate",
        Piece::Guesthouse => "guesthouse",
        Piece::Wyvern => "wyvern",
        Piece::Veil => "veil",
        Piece::Plaza => "plaza",
    }
}

/// The drawings of every piece, for the board's `<defs>`.
pub fn piece_defs() -> Html {
    html! {
        { for Piece::ALL.iter().map(|&p| html! {
            <g id={format!("piece-{}", kind_of(p))}>
                { for piece_art(p).iter().map(|s| html! {
                    <path d={s.d.clone()} class={s.class} fill={s.fill} />
                }) }
            </g>
        }) }
    }
}

/// Where a piece's drawing goes: centred on its spot, or (wood) the tile's
/// box turned as the piece stands.
fn transform(kind: &str, pos: Pt, quarter_turns: u8) -> String {
    let on_tile = matches!(kind, "bridge" | "wall" | "wooden-gate");
    if on_tile {
        format!(
            "translate({} {}) rotate({} 50 50)",
            num(pos.0 - 50.0),
            num(pos.1 - 50.0),
            quarter_turns as u32 * 90
        )
    } else {
        format!("translate({} {})", num(pos.0), num(pos.1))
    }
}

/// Where a follower's mark goes on its drawing: the chest, the knight's
/// shield, the monk's robe, the lying farmer's back.
fn mark_spot(role: &str) -> &'static str {
    match role {
        "knight" => "translate(2.5 2.4) scale(.78)",
        "monk" => "translate(0 6.6) scale(.88)",
        "farmer" => "translate(2 .2) scale(.88)",
        _ => "translate(0 1.2) scale(.88)",
    }
}

/// A follower by its role, in its owner's colour, with the colour's mark;
/// the `grow` group keeps it readable from afar (static/style.css).
pub fn follower(f: &SceneFollower, colour: PlayerColour) -> Html {
    html! {
        <g class="piece-at" transform={transform(f.role, f.pos, 0)}>
            <g class="grow">
                <@{"use"} href={format!("#piece-{}", f.role)} class={classes!("follower", f.role, colour.css_class())}
                    data-player={f.player.to_string()} />
                { mark(colour, mark_spot(f.role)) }
            </g>
        </g>
    }
}

/// One of Old City's pieces (wood, guesthouse, wyvern, veil, plaza); all
/// but the wood and the plaza's mark (drawn to the tile) keep a readable
/// size from afar, as the followers do.
pub fn piece(p: &ScenePiece, colour: Option<PlayerColour>) -> Html {
    let wood = matches!(p.kind, "bridge" | "wall" | "wooden-gate" | "plaza");
    html! {
        <g class="piece-at" transform={transform(p.kind, p.pos, p.rot.quarter_turns())}>
            <g class={(!wood).then_some("grow")}>
                <@{"use"} href={format!("#piece-{}", p.kind)}
                    class={classes!("piece", p.kind, colour.map(|c| c.css_class()))}
                    data-testid={format!("piece-{}", p.kind)} />
                // The guesthouse's owner (a veil's follower shows its own).
                { for colour.filter(|_| p.kind == "guesthouse").map(|c| mark(c, "scale(.7)")) }
            </g>
        </g>
    }
}
