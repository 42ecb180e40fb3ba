//! The score panel: each player's score with its breakdown and the projected
//! final score, followers and towers in supply; the walls left and the gap;
//! the tiles left in each stack.

use yew::prelude::*;

use super::pieces_layer::MEEPLE;
use engine::any::Ruleset;
use i18n::msg;
use i18n::msg::panel as m;
use view::aids::AidsView;
use view::names;
use view::panel::{stack_name, PanelData};

fn mini_meeple(fill: &str, edge: &str) -> Html {
    html! {
        <svg class="mini" viewBox="-12 -12 24 24" aria-hidden="true">
            <path d={MEEPLE} fill={fill.to_string()} stroke={edge.to_string()} stroke-width="1.5" />
        </svg>
    }
}

/// (A plain function, not a component: it has no state of its own and its
/// parent redraws it on every move anyway.)
pub fn panel(p: &PanelData, aids: Option<&AidsView>) -> Html {
    let city = p.ruleset == Ruleset::City;
    let final_now_title = if city {
        m::final_now_about_city()
    } else {
        m::final_now_about_classic()
    };
    let players = p.players.iter().enumerate().map(|(i, r)| {
        let supply = (0..r.supply).map(|_| mini_meeple(r.colour.hex(), r.colour.edge()));
        let in_supply = m::in_supply(r.supply);
        html! {
            <li class={classes!("player", r.colour.css_class(), r.to_move.then_some("to-move"), r.winner.then_some("winner"))}
                data-testid={format!("player-{i}")}>
                <div class="player-head">
                    <span class="swatch"></span>
                    <span class="player-name">{ r.name.clone() }</span>
                    if let Some(level) = r.computer {
                        <span class="computer-tag" title={m::computer_about(names::level(level))}>
                            { m::computer(names::level(level)) }</span>
                    }
                    // (Not a diamond: that is yellow's mark.)
                    if r.to_move { <span class="turn-mark" title={m::to_move()} role="img" aria-label={m::to_move()}>{ "◀" }</span> }
                    // The score if the game ended now is an aid (issue 39): its
                    // breakdown on demand; nothing with the aids off.
                    if let Some(a) = aids {
                        <details class="projected" data-testid={format!("projected-breakdown-{i}")}>
                            <summary data-testid={format!("projected-summary-{i}")}><abbr title={final_now_title}>
                                { m::final_now() }</abbr>{ " " }<b data-testid={format!("projected-{i}")}>{ r.projected }</b></summary>
                            <table class="breakdown" aria-label={msg::aids::breakdown()}>
                                <tr>{ for p.sources.iter().map(|&s| html! { <th>{ names::source(s) }</th> }) }</tr>
                                <tr>{ for a.breakdown.get(i).into_iter().flatten().map(|&n| html! { <td>{ n }</td> }) }</tr>
                            </table>
                        </details>
                    }
                    <span class="score"><span class="sr-only">{ m::score() }{ " " }</span>
                        <span data-testid={format!("score-{i}")}>{ r.score }</span></span>
                </div>
                <table class="breakdown" data-testid={format!("breakdown-{i}")}>
                    <tr>{ for p.sources.iter().map(|&s| html! { <th>{ names::source(s) }</th> }) }</tr>
                    <tr>{ for r.breakdown.iter().map(|&n| html! { <td>{ n }</td> }) }</tr>
                </table>
                <div class="supply">
                    <span class="followers" data-testid={format!("supply-{i}")} role="img"
                        title={in_supply.clone()} aria-label={in_supply}>
                        { for supply }
                        if r.supply == 0 { <i>{ m::no_followers() }</i> }
                    </span>
                    if !r.held.is_empty() {
                        <span class="held" data-testid={format!("held-{i}")}>
                            { for r.held.iter().filter(|h| h.1 > 0).map(|&(what, n)| html! {
                                <span class="held-item" data-what={what}>{ names::held(what, n) }</span>
                            }) }
                        </span>
                    }
                    if let Some(towers) = r.towers {
                        <span class="towers-left" data-testid={format!("towers-{i}")} title={m::towers_left_about()} role="img"
                            aria-label={m::towers_left(towers)}>
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
                title={m::stack(k + 1)} data-testid={format!("stack-{}", k + 1)}>
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
                    <div class="walls-left" title={m::walls_left_about()}>
                        { m::walls_left() }{ " " }<b data-testid="walls-left">{ walls.left }</b>
                        if let Some(g) = walls.gap { { " · " }{ m::gap() }{ " " }<b data-testid="gap">{ g }</b> }
                    </div>
                }
                <div class="tiles-left">
                    { m::tiles_left() }{ " " }<b data-testid="tiles-left">{ left }</b>
                    // (Classic's one pile needs no breakdown.)
                    if p.tiles_left.len() > 1 { <span class="stacks">{ for stacks }</span> }
                </div>
                if !p.common.is_empty() {
                    <div class="common" data-testid="common-supply">
                        { for p.common.iter().map(|&(what, left)| html! {
                            // (Classic's coins are the only common supply.)
                            <span>{ m::coins_left() }{ " " }
                                <b data-testid={format!("common-{what}")}>{ left.map_or(m::unlimited().to_string(), |n| n.to_string()) }</b></span>
                        }) }
                    </div>
                }
                <div class="placed">{ if city { m::in_the_city(p.placed) } else { m::placed(p.placed) } }
                    if p.set_aside > 0 { { " · " }{ m::set_aside(p.set_aside) } }
                </div>
                if let Some(a) = aids {
                    <details class="explain" data-testid="aids-dead">
                        <summary data-testid="aids-dead-summary">{ msg::aids::dead_heading() }</summary>
                        <p>{ a.dead_words.clone() }</p>
                    </details>
                    <details class="explain" data-testid="explain-final">
                        <summary>{ m::what_is_final_now() }</summary>
                        <p>{ if city { m::final_now_city() } else { m::final_now_classic() } }</p>
                    </details>
                } else {
                    <details class="explain aids-off" data-testid="aids-off">
                        <summary data-testid="aids-off-summary">{ msg::aids::off_short() }</summary>
                        <p>{ msg::aids::off() }</p>
                    </details>
                }
                <div class="deal" title={m::deal_about()}>
                    if let Some(seed) = p.seed { { m::seed() }{ " " }<b data-testid="seed-shown">{ seed }</b>{ " · " } }
                    { {
                        let sizes = p.stacks.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
                        if city { m::stacks(&sizes) } else { m::pile(&sizes) }
                    } }
                </div>
            </div>
        </section>
    }
}
