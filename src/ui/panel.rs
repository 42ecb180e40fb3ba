//! The score panel: each player's score with its breakdown and the projected
//! final score, followers and towers in supply; the walls left and the gap;
//! the tiles left in each stack.

use yew::prelude::*;

use super::pieces_layer::MEEPLE;
use crate::engine::any::Ruleset;
use crate::view::log::plural;
use crate::view::panel::{held_words, stack_name, PanelData};

fn mini_meeple(fill: &str, edge: &str) -> Html {
    html! {
        <svg class="mini" viewBox="-12 -12 24 24" aria-hidden="true">
            <path d={MEEPLE} fill={fill.to_string()} stroke={edge.to_string()} stroke-width="1.5" />
        </svg>
    }
}

/// (A plain function, not a component: its parent redraws it on every move
/// anyway, and each component costs the page its own copy of Yew's code.)
pub fn panel(p: &PanelData) -> Html {
    let city = p.ruleset == Ruleset::City;
    let final_now_title = if city {
        "The score if the game ended now: the wall closed, unfinished streets and markets lost, stewards and guards scored"
    } else {
        "The score if the game ended now: unfinished roads, cities and cloisters, farms and coins scored"
    };
    let players = p.players.iter().enumerate().map(|(i, r)| {
        let supply = (0..r.supply).map(|_| mini_meeple(r.colour.hex(), r.colour.edge()));
        html! {
            <li class={classes!("player", r.colour.css_class(), r.to_move.then_some("to-move"), r.winner.then_some("winner"))}
                data-testid={format!("player-{i}")}>
                <div class="player-head">
                    <span class="swatch"></span>
                    <span class="player-name">{ r.name.clone() }</span>
                    if let Some(level) = r.computer {
                        <span class="computer-tag" title={format!("Played by the computer ({level})")}>
                            { format!("computer · {level}") }</span>
                    }
                    // (Not a diamond: that is yellow's mark.)
                    if r.to_move { <span class="turn-mark" title="to move" role="img" aria-label="to move">{ "◀" }</span> }
                    <span class="projected">
                        <abbr title={final_now_title}>
                            { "final now" }</abbr>{ " " }<b data-testid={format!("projected-{i}")}>{ r.projected }</b>
                    </span>
                    <span class="score" data-testid={format!("score-{i}")}>{ r.score }</span>
                </div>
                <table class="breakdown" data-testid={format!("breakdown-{i}")}>
                    <tr>{ for p.sources.iter().map(|&s| html! { <th>{ s }</th> }) }</tr>
                    <tr>{ for r.breakdown.iter().map(|&n| html! { <td>{ n }</td> }) }</tr>
                </table>
                <div class="supply">
                    <span class="followers" data-testid={format!("supply-{i}")} role="img"
                        title={format!("{} in supply", plural(r.supply as u32, "follower", "followers"))}
                        aria-label={format!("{} in supply", plural(r.supply as u32, "follower", "followers"))}>
                        { for supply }
                        if r.supply == 0 { <i>{ "no followers left" }</i> }
                    </span>
                    if !r.held.is_empty() {
                        <span class="held" data-testid={format!("held-{i}")}>
                            { for r.held.iter().filter(|h| h.1 > 0).map(|&(what, n)| html! {
                                <span class="held-item" data-what={what}>{ held_words(what, n) }</span>
                            }) }
                        </span>
                    }
                    if let Some(towers) = r.towers {
                        <span class="towers-left" data-testid={format!("towers-{i}")} title="towers left" role="img"
                            aria-label={format!("{} left", plural(towers as u32, "tower", "towers"))}>
                            { format!("♜ {towers}") }
                        </span>
                    }
                </div>
            </li>
        }
    });
    let stacks = p.tiles_left.iter().enumerate().map(|(k, n)| {
        let current = p.stack == Some(k as u8 + 1);
        html! {
            <span class={classes!("stack-count", current.then_some("current"))}
                title={format!("stack {}", k + 1)} data-testid={format!("stack-{}", k + 1)}>
                { format!("{}: {n}", stack_name(k)) }
            </span>
        }
    });
    let left: u32 = p.tiles_left.iter().sum();
    html! {
        <section class="panel" data-testid="panel">
            // Five seats: each card on fewer lines, so that all are in view
            // beside the board (static/style.css).
            <ol class={classes!("players", (p.players.len() > 4).then_some("many"))}>{ for players }</ol>
            <div class="supplies">
                if let Some(walls) = p.walls {
                    <div class="walls-left" title="wall pieces left in the common supply">
                        { "Walls left: " }<b data-testid="walls-left">{ walls.left }</b>
                        if let Some(g) = walls.gap { { " · gap " }<b data-testid="gap">{ g }</b> }
                    </div>
                }
                <div class="tiles-left">
                    { "Tiles left: " }<b data-testid="tiles-left">{ left }</b>
                    // (Classic's one pile needs no breakdown.)
                    if p.tiles_left.len() > 1 { <span class="stacks">{ for stacks }</span> }
                </div>
                if !p.common.is_empty() {
                    <div class="common" data-testid="common-supply">
                        { for p.common.iter().map(|&(what, left)| html! {
                            <span>{ format!("{} left: ", crate::view::log::capitalise(what)) }
                                <b data-testid={format!("common-{what}")}>{ left.map_or("unlimited".to_string(), |n| n.to_string()) }</b></span>
                        }) }
                    </div>
                }
                <div class="placed">{ if city { format!("{} in the city", plural(p.placed as u32, "tile", "tiles")) } else { format!("{} placed", plural(p.placed as u32, "tile", "tiles")) } }
                    if p.set_aside > 0 { { format!(" · {} set aside", p.set_aside) } }
                </div>
                <details class="explain" data-testid="explain-final">
                    <summary>{ "What is “final now”?" }</summary>
                    <p>{ if city { FINAL_NOW_CITY } else { FINAL_NOW_CLASSIC } }</p>
                </details>
                <div class="deal" title="The same seed and stacks deal the same tiles">
                    if let Some(seed) = p.seed { { "Seed " }<b data-testid="seed-shown">{ seed }</b>{ " · " } }
                    { format!("{} {}", if city { "stacks" } else { "pile" }, p.stacks.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")) }
                </div>
            </div>
        </section>
    }
}

const FINAL_NOW_CITY: &str = "The score each player would have if the game ended at once: the rest of the outline walled in, what that completes scored, followers on unfinished streets and markets sent home without points, then stewards (2 per market next to their residential area) and guards (2 per public, 3 per historic building in their line). Inside a turn, what the turn has completed counts as scored.";

const FINAL_NOW_CLASSIC: &str = "The score each player would have if the game ended at once: unfinished roads, cities and cloisters scored as at the end, the farms scored, and coins counted. Inside a turn, what the turn has completed counts as scored.";
