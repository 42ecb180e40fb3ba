//! The game's end in pictures (issue 30), on the game-over screen: each
//! player's score turn by turn, their points by where they came from, and a
//! few facts; each picture with its table (view/pictures.rs). Players are
//! told apart by dashes and marks and by their names, categories by
//! patterns: nothing by colour alone. A part of the extras module, loaded
//! when the pictures are opened (ui/extras.rs).

use yew::prelude::*;

use super::review_screen::{head_cells, key_item};
use engine::any::AnyGame;
use i18n::msg;
use view::any::game_view_on;
use view::geometry::num;
use view::log::capitalise;
use view::panel::PanelData;
use view::pictures::{bars, facts, history, score_chart, BARS_H, BAR_W, SCORE_H, SCORE_W};
use view::prompt::Pointer;
use view::review::seat_marks;
use view::Shared;

#[derive(Properties, PartialEq)]
pub struct GamePicturesProps {
    pub game: Shared<AnyGame>,
    pub panel: Shared<PanelData>,
}

/// The game in pictures of a game and its seats (a part of the extras).
#[derive(Properties, PartialEq)]
pub struct PicturesPartProps {
    pub game: Shared<AnyGame>,
    pub seats: Shared<Vec<view::palette::Seat>>,
}

#[function_component(PicturesPart)]
pub fn pictures_part(props: &PicturesPartProps) -> Html {
    let panel = use_memo(
        (props.game.clone(), props.seats.clone()),
        |(game, seats)| game_view_on(game, seats, Pointer::Mouse).panel,
    );
    html! { <GamePictures game={props.game.clone()} panel={(*panel).clone()} /> }
}

/// The patterns that tell the sources apart (grey, on any player's bar).
fn patterns() -> Html {
    const LINES: [&str; 6] = [
        "",
        "M0 8L8 0",
        "M0 0L8 8M0 8L8 0",
        "M0 4H8",
        "M4 0V8",
        "M0 0L8 8",
    ];
    html! {
        <defs>
            { for LINES.iter().enumerate().map(|(k, d)| html! {
                <pattern id={format!("src-{k}")} width="8" height="8" patternUnits="userSpaceOnUse">
                    <rect width="8" height="8" class={format!("src-bg src-bg-{k}")} />
                    if !d.is_empty() { <path d={*d} class="src-line" /> }
                </pattern>
            }) }
        </defs>
    }
}

#[function_component(GamePictures)]
pub fn game_pictures(props: &GamePicturesProps) -> Html {
    let h = {
        let game = props.game.clone();
        use_memo(game, |g| history(g))
    };
    let p = &props.panel;
    let players = p.players.len();
    let name = |s: usize| p.players.get(s).map_or(String::new(), |r| r.name.clone());
    let paint = |s: usize| p.players.get(s).map_or("#000", |r| r.colour.hex());

    let c = score_chart(&h.scores, players);
    let score_lines = c.lines.iter().enumerate().map(|(s, (d, points))| {
        let (dash, mark) = seat_marks(s as u8);
        let every = points.len().div_ceil(12).max(1);
        html! {
            <g class="score-line">
                <path d={d.clone()} fill="none" stroke={paint(s)} stroke-width="2" stroke-dasharray={dash} />
                { for points.iter().step_by(every).map(|(x, y)| html! {
                    <path d={mark} fill={paint(s)} stroke={paint(s)} transform={format!("translate({} {})", num(*x), num(*y))} />
                }) }
            </g>
        }
    });
    let y_ticks = c.y_ticks.iter().map(|(y, label)| {
        html! {
            <g class="tick">
                <line x1="40" x2={num(SCORE_W - 10.0)} y1={num(*y)} y2={num(*y)} />
                <text x="34" y={num(y + 4.0)} text-anchor="end">{ label.clone() }</text>
            </g>
        }
    });
    let x_ticks = c.x_ticks.iter().map(|(x, label)| {
        html! { <text class="tick" x={num(*x)} y={num(SCORE_H - 14.0)} text-anchor="middle">{ label.clone() }</text> }
    });
    let key = (0..players).map(|s| key_item(s as u8, paint(s), name(s)));
    // The score table: every few turns, and the end.
    let every = h.scores.len().div_ceil(12).max(1);
    let last = h.scores.len().saturating_sub(1);
    let score_rows = h
        .scores
        .iter()
        .enumerate()
        .filter(|(t, _)| t % every == 0 || *t == last)
        .map(|(t, row)| {
            html! {
                <tr><th scope="row">{ if t == last { msg::pictures::end().to_string() } else { t.to_string() } }</th>
                    { for row.iter().map(|v| html! { <td>{ *v }</td> }) }</tr>
            }
        });

    let breakdowns: Vec<Vec<u32>> = p.players.iter().map(|r| r.breakdown.clone()).collect();
    let (bar_list, bars_w) = bars(&breakdowns);
    let bar_svg = bar_list.iter().enumerate().map(|(s, b)| {
        html! {
            <g class="bar" data-testid="pictures-bar" data-total={b.total.to_string()}>
                { for b.segments.iter().map(|&(k, y, height, v)| html! {
                    <rect x={num(b.x)} y={num(y)} width={num(BAR_W)} height={num(height)}
                        fill={format!("url(#src-{})", k % 6)} stroke={paint(s)} stroke-width="2">
                        <title>{ msg::pictures::bar_title(&name(s), view::names::source(p.sources.get(k).copied().unwrap_or("")), v) }</title>
                    </rect>
                }) }
                <text x={num(b.x + BAR_W / 2.0)} y={num(BARS_H - 12.0)} text-anchor="middle">{ name(s) }</text>
                <text x={num(b.x + BAR_W / 2.0)} y={num(b.segments.last().map_or(BARS_H - 30.0, |t| t.1) - 4.0)}
                    text-anchor="middle">{ b.total }</text>
            </g>
        }
    });
    let source_key = p.sources.iter().enumerate().map(|(k, src)| {
        html! {
            <li>
                <svg class="chart-key" viewBox="0 0 14 14" width="14" height="14" aria-hidden="true">
                    <rect width="14" height="14" fill={format!("url(#src-{})", k % 6)} stroke="#2b2118" />
                </svg>
                { capitalise(view::names::source(src)) }
            </li>
        }
    });
    let fact_rows = facts(&h).into_iter().map(|(what, per, all)| {
        html! {
            <tr><th scope="row">{ what }</th>{ for per.iter().map(|n| html! { <td>{ *n }</td> }) }
                <td>{ all }</td></tr>
        }
    });
    html! {
        <>
            <svg class="pictures-defs" width="0" height="0" aria-hidden="true">{ patterns() }</svg>
            <h3 id="score-chart-title">{ msg::pictures::score_title() }</h3>
            <ul class="chart-keys">{ for key }</ul>
            <div class="chart-scroll" tabindex="0" role="region" aria-labelledby="score-chart-title">
                <svg class="score-chart" data-testid="pictures-chart" role="img" aria-labelledby="score-chart-title"
                    viewBox={format!("0 0 {} {}", num(SCORE_W), num(SCORE_H))} width={num(SCORE_W)} height={num(SCORE_H)}>
                    { for y_ticks }{ for x_ticks }
                    <text class="axis" x="40" y={num(SCORE_H - 1.0)}>{ msg::pictures::turn_axis() }</text>
                    { for score_lines }
                </svg>
            </div>
            <div class="table-scroll" tabindex="0" role="region" aria-label={msg::pictures::score_table()}>
                <table data-testid="pictures-table">
                    <thead><tr>{ head_cells(std::iter::once(msg::pictures::turn().to_string()).chain((0..players).map(name))) }</tr></thead>
                    <tbody>{ for score_rows }</tbody>
                </table>
            </div>
            <h3 id="bars-title">{ msg::pictures::bars_title() }</h3>
            <ul class="chart-keys">{ for source_key }</ul>
            <div class="chart-scroll" tabindex="0" role="region" aria-labelledby="bars-title">
                <svg class="bars-chart" data-testid="bars-chart" role="img" aria-labelledby="bars-title"
                    viewBox={format!("0 0 {} {}", num(bars_w), num(BARS_H))} width={num(bars_w)} height={num(BARS_H)}>
                    { for bar_svg }
                </svg>
            </div>
            <h3>{ msg::pictures::facts() }</h3>
            <div class="table-scroll" tabindex="0" role="region" aria-label={msg::pictures::facts()}>
                <table data-testid="facts-table">
                    <thead><tr>{ head_cells(std::iter::once(msg::pictures::fact().to_string()).chain((0..players).map(name))
                        .chain([msg::pictures::all().to_string()])) }</tr></thead>
                    <tbody>{ for fact_rows }</tbody>
                </table>
            </div>
        </>
    }
}
