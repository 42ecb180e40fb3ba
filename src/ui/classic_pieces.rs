//! Classic Carcassonne's pieces on the board: each piece's drawing (thief,
//! knight, monk, farmer lying down, Old City's bridge, wall, wooden gate,
//! guesthouse, wyvern, veil, the plaza's mark; `art::classic::pieces`) once in the board's
//! `<defs>` as `#piece-KIND`, and `<use>`s of them where the scene puts
//! followers and pieces, in the owner's colour (the `pc-…` class sets
//! `--pc`, which the drawings read).

use yew::prelude::*;

use crate::view::geometry::num;

use crate::art::classic::pieces::{piece_art, Piece};
use crate::view::geometry::Pt;
use crate::view::palette::PlayerColour;
use crate::view::scene::{SceneFollower, ScenePiece};

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

/// A follower by its role, in its owner's colour.
pub fn follower(f: &SceneFollower, colour: PlayerColour) -> Html {
    html! {
        <@{"use"} href={format!("#piece-{}", f.role)} class={classes!("follower", f.role, colour.css_class())}
            data-player={f.player.to_string()} transform={transform(f.role, f.pos, 0)} />
    }
}

/// One of Old City's pieces (wood, guesthouse, wyvern, veil, plaza).
pub fn piece(p: &ScenePiece, colour: Option<PlayerColour>) -> Html {
    html! {
        <@{"use"} href={format!("#piece-{}", p.kind)}
            class={classes!("piece", p.kind, colour.map(|c| c.css_class()))}
            data-testid={format!("piece-{}", p.kind)}
            transform={transform(p.kind, p.pos, p.rot.quarter_turns())} />
    }
}
