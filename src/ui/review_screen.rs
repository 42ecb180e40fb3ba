//! The game review (issue 30): its progress (Cancel), each seat's figures
//! with luck apart from skill, the key moments, the chart of the seats'
//! expected margins (with its table) and the list of decisions. Choosing a
//! decision (a click, Enter, or the arrow keys in the list or on the chart)
//! shows it on the board beside it (state/review.rs).

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::review::Status;
use super::state::{Action, Review};
use computer::review::{balance, end_margins, key_moments, summarize, Class};
use computer::AnyReviewer;
use i18n::msg;
use view::geometry::num;
use view::palette::Seat;
use view::review::{
    chart, class_name, key_step as step, points, seat_mark_words, seat_marks, signed, time_left,
    Reviewed, CHART_H,
};

/// A class's mark: each told apart by more than its colour.
fn class_mark(c: Class) -> &'static str {
    match c {
        Class::Best => "✓",
        Class::Good => "·",
        Class::Inaccuracy => "?!",
        Class::Mistake => "?",
        Class::Blunder => "??",
    }
}
use view::Shared;

/// What the chart and the list show.
pub struct DecisionsProps {
    pub decisions: Shared<Vec<Reviewed>>,
    pub words: Shared<Vec<String>>,
    pub seats: Shared<Vec<Seat>>,
    pub selected: Option<usize>,
    /// The game's turns (the chart's width).
    pub turns: usize,
    pub on_select: Callback<usize>,
}

fn seat_name(seats: &[Seat], seat: u8) -> String {
    seats
        .get(seat as usize)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| msg::new_game::default_player(seat as usize + 1))
}

#[derive(Properties, PartialEq)]
pub struct ReviewScreenProps {
    pub review: Review,
    pub dispatch: Callback<Action>,
}

/// Scrolls the list so that its selected entry shows (the list scrolls,
/// not the page).
fn entry_into_view(i: usize) {
    let doc = gloo::utils::document();
    let (Some(list), Some(item)) = (
        doc.get_element_by_id("review-list"),
        doc.get_element_by_id(&format!("review-d-{i}")),
    ) else {
        return;
    };
    let (Ok(list), Ok(item)) = (
        list.dyn_into::<web_sys::HtmlElement>(),
        item.dyn_into::<web_sys::HtmlElement>(),
    ) else {
        return;
    };
    let (top, bottom) = (item.offset_top(), item.offset_top() + item.offset_height());
    if top < list.scroll_top() {
        list.set_scroll_top(top);
    } else if bottom > list.scroll_top() + list.client_height() {
        list.set_scroll_top(bottom - list.client_height());
    }
}

/// A player's line in a chart's key: its dashes and mark, and its name.
pub fn key_item(seat: u8, paint: &'static str, words: String) -> Html {
    let (dash, mark) = seat_marks(seat);
    html! {
        <li>
            <svg class="chart-key" viewBox="-14 -7 28 14" width="28" height="14" aria-hidden="true">
                <line x1="-13" x2="13" y1="0" y2="0" stroke={paint} stroke-dasharray={dash} />
                <path d={mark} fill={paint} stroke={paint} />
            </svg>
            { words }
        </li>
    }
}

/// Header cells of a table.
pub fn head_cells(names: impl IntoIterator<Item = String>) -> Html {
    names
        .into_iter()
        .map(|h| html! { <th scope="col">{ h }</th> })
        .collect()
}

/// The chart of the seats' expected margins, with its key and its table
/// (drawn only when asked for: hundreds of rows redrawn as each decision
/// arrives would cost the page its smoothness). (Plain functions, not
/// components: they have no state of their own.)
fn review_chart(props: &DecisionsProps, table_open: UseStateHandle<bool>) -> Html {
    let seats = &props.seats;
    let players = seats.len();
    let selected = props.selected;
    let c = chart(&props.decisions, players, props.turns);
    let focus_at = selected
        .filter(|i| c.order.contains(i))
        .or(c.order.first().copied());
    let lines = c.lines.iter().map(|line| {
        let (dash, _) = seat_marks(line.seat);
        let paint = seats.get(line.seat as usize).map_or("#000", |s| s.colour.hex());
        let points = line.points.iter().map(|p| {
            let i = p.index;
            // The mover's mark and colour; a mistake or a blunder larger,
            // with its class's mark above it.
            let (_, mark) = seat_marks(p.mover);
            let paint = seats.get(p.mover as usize).map_or("#000", |s| s.colour.hex());
            let flagged = p.class >= Class::Mistake;
            let on = selected == Some(i);
            let label = props.words.get(i).cloned().unwrap_or_default();
            let click = props.on_select.reform(move |_: MouseEvent| i);
            let key = {
                let on_select = props.on_select.clone();
                let order = c.order.clone();
                Callback::from(move |e: KeyboardEvent| {
                    let at = order.iter().position(|&o| o == i);
                    let to = match e.key().as_str() {
                        "Enter" | " " => Some(i),
                        k => step(k, at, order.len()).and_then(|k| order.get(k).copied()),
                    };
                    if let Some(to) = to {
                        e.prevent_default();
                        e.stop_propagation();
                        on_select.emit(to);
                    }
                })
            };
            let scale = if flagged { " scale(1.6)" } else { "" };
            html! {
                <>
                <path class={classes!("chart-point", on.then_some("selected"), flagged.then_some(p.class.name()))}
                    data-testid="chart-point" data-index={i.to_string()} data-class={p.class.name()}
                    d={mark} fill={paint} stroke={paint}
                    transform={format!("translate({} {}){scale}", num(p.x), num(p.y))}
                    tabindex={if Some(i) == focus_at { "0" } else { "-1" }} role="button" aria-label={label}
                    aria-pressed={on.to_string()} onclick={click} onkeydown={key}>
                </path>
                if flagged {
                    <text class="flag" x={num(p.x)} y={num(p.y - 9.0)} text-anchor="middle" aria-hidden="true">
                        { class_mark(p.class) }</text>
                }
                </>
            }
        });
        html! {
            <g class="chart-line" data-seat={line.seat.to_string()}>
                <path class="line" d={line.d.clone()} stroke={paint} stroke-dasharray={dash} fill="none" />
                { for points }
            </g>
        }
    });
    let right = num(c.width - 10.0);
    let y_ticks = c.y_ticks.iter().map(|(y, label)| {
        html! {
            <g class="tick">
                <line x1="44" x2={right.clone()} y1={num(*y)} y2={num(*y)} />
                <text x="38" y={num(y + 4.0)} text-anchor="end">{ label.clone() }</text>
            </g>
        }
    });
    let x_ticks = c.x_ticks.iter().map(|(x, label)| {
        html! { <text class="tick" x={num(*x)} y={num(CHART_H - 14.0)} text-anchor="middle">{ label.clone() }</text> }
    });
    let key_items = (0..players as u8).map(|s| {
        let paint = seats.get(s as usize).map_or("#000", |x| x.colour.hex());
        key_item(
            s,
            paint,
            msg::review::key_item(&seat_name(seats, s), seat_mark_words(s)),
        )
    });
    let table_rows = props.decisions.iter().filter(|_| *table_open).map(|x| {
        html! {
            <tr>
                <td>{ x.turn }</td><td>{ seat_name(seats, x.seat) }</td><td>{ points(x.played_value) }</td>
                <td>{ points(x.best_value) }</td><td>{ points(x.loss) }</td>
                <td>{ x.luck.map(signed).unwrap_or_default() }</td><td>{ class_name(x.class) }</td>
            </tr>
        }
    });
    let toggle = {
        let table_open = table_open.clone();
        Callback::from(move |_: MouseEvent| table_open.set(!*table_open))
    };
    html! {
        <>
            <h3 id="review-chart-title">{ msg::review::advantage_title() }</h3>
            <p class="review-about">{ msg::review::advantage_about(&seat_name(seats, 0)) }</p>
            <ul class="chart-keys">{ for key_items }</ul>
            <div class="chart-scroll" tabindex="0" role="region" aria-labelledby="review-chart-title">
                <svg class="review-chart" data-testid="review-chart" role="group" aria-labelledby="review-chart-title"
                    viewBox={format!("0 0 {} {}", num(c.width), num(CHART_H))}>
                    { for y_ticks }
                    <line class="zero" x1="44" x2={right.clone()} y1={num(c.zero)} y2={num(c.zero)} />
                    { for x_ticks }
                    <text class="axis" x="44" y={num(CHART_H - 1.0)}>{ msg::review::turn_axis() }</text>
                    { for lines }
                </svg>
            </div>
            <button class="quiet small" data-testid="chart-table-toggle" aria-expanded={table_open.to_string()}
                aria-controls="review-chart-table" onclick={toggle}>{ msg::review::chart_table() }</button>
            if *table_open {
                <div id="review-chart-table" class="table-scroll" data-testid="chart-table" tabindex="0" role="region"
                    aria-label={msg::review::chart_table()}>
                    <table>
                        <thead><tr>{ head_cells([msg::review::turn(), msg::review::player(), msg::review::expected(),
                            msg::review::with_best(), msg::review::points_lost(), msg::review::luck(),
                            msg::review::class()].map(String::from)) }</tr></thead>
                        <tbody>{ for table_rows }</tbody>
                    </table>
                </div>
            }
        </>
    }
}

/// The decisions, one option each of a list box (↑ ↓, Page Up and Down,
/// Home, End).
fn review_list(props: &DecisionsProps) -> Html {
    let selected = props.selected;
    let len = props.decisions.len();
    let keys = {
        let on_select = props.on_select.clone();
        Callback::from(move |e: KeyboardEvent| {
            let to = match e.key().as_str() {
                "Enter" | " " => selected.or((len > 0).then_some(0)),
                k => step(k, selected, len),
            };
            if let Some(i) = to {
                // The play screen's keys (the board's arrows) stay out of it.
                e.prevent_default();
                e.stop_propagation();
                on_select.emit(i);
            }
        })
    };
    let entries = props.decisions.iter().enumerate().map(|(i, x)| {
        let on = selected == Some(i);
        let mark = class_mark(x.class);
        let colour = props
            .seats
            .get(x.seat as usize)
            .map(|s| s.colour.css_class());
        html! {
            <li key={i} id={format!("review-d-{i}")} role="option" aria-selected={on.to_string()}
                class={classes!("review-entry", x.class.name(), on.then_some("selected"), colour)}
                data-testid="review-entry" data-index={i.to_string()} data-class={x.class.name()}
                onclick={props.on_select.reform(move |_: MouseEvent| i)}>
                <span class="class-mark" aria-hidden="true">{ mark }</span>
                { props.words.get(i).cloned().unwrap_or_default() }
            </li>
        }
    });
    let active = selected.map(|i| format!("review-d-{i}"));
    html! {
        <>
            <h3 id="review-list-title">{ msg::review::decisions() }</h3>
            <ol id="review-list" class="review-list" data-testid="review-list" role="listbox" tabindex="0"
                aria-labelledby="review-list-title" aria-activedescendant={active} onkeydown={keys}>
                { for entries }
            </ol>
        </>
    }
}

#[function_component(ReviewScreen)]
pub fn review_screen(props: &ReviewScreenProps) -> Html {
    let r = &props.review;
    let d = props.dispatch.clone();
    let selected = r.selected;
    let table_open = use_state(|| false);
    // The chosen decision shows in the list, and keeps the keyboard's focus
    // on the chart when it was chosen there.
    use_effect_with(selected, move |&sel| {
        if let Some(i) = sel {
            entry_into_view(i);
            let doc = gloo::utils::document();
            let on_chart = doc
                .active_element()
                .is_some_and(|a| a.get_attribute("data-testid").as_deref() == Some("chart-point"));
            if on_chart {
                if let Some(p) = doc
                    .query_selector(&format!(".chart-point[data-index=\"{i}\"]"))
                    .ok()
                    .flatten()
                    .and_then(|e| e.dyn_into::<web_sys::SvgElement>().ok())
                {
                    let _ = p.focus();
                }
            }
        }
    });
    // Made once: the chart's and the list's props stay equal between ticks.
    let on_select = {
        let d = d.clone();
        (*use_memo((), move |_| {
            Callback::from(move |i: usize| d.emit(Action::ReviewSelect(i)))
        }))
        .clone()
    };
    let click = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(a.clone()))
    };
    let seats = &r.seats;
    let name = |seat: u8| seat_name(seats, seat);
    let colour = |seat: u8| seats.get(seat as usize).map(|s| s.colour);

    // Progress, or how it ended.
    let left = time_left(r.heard - r.started, r.done, r.total);
    let status_text = match &r.status {
        Status::Running if r.total == 0 => msg::review::starting().to_string(),
        Status::Running => msg::review::progress(
            r.done,
            r.total,
            &left.unwrap_or_else(|| msg::review::estimating().into()),
        ),
        Status::Done if r.kept => msg::review::all_kept(r.total),
        Status::Done => msg::review::all_done(r.total),
        Status::Cancelled => msg::review::stopped(r.done, r.total),
        Status::Failed(why) => msg::review::failed(why),
    };
    // What a screen reader hears of it: the progress at each quarter or
    // after 10 s at the soonest (not at every decision reviewed), the rest
    // (done, stopped, failed) at once.
    let spoken = use_mut_ref(|| (String::new(), 0.0_f64, 0_u32));
    {
        let mut s = spoken.borrow_mut();
        let quarter = (r.done * 4).checked_div(r.total).unwrap_or(0);
        let now = js_sys::Date::now();
        let due = !matches!(r.status, Status::Running)
            || s.0.is_empty()
            || quarter > s.2
            || now - s.1 >= 10_000.0;
        if due && s.0 != status_text {
            *s = (status_text.clone(), now, quarter);
        }
    }
    // Opened, the focus on its heading (the button that opened it is gone);
    // closed, on the game's heading, unless a dialog took it.
    use_effect_with((), |_| {
        super::text_view::focus_testid("review-title");
        || {
            gloo::timers::callback::Timeout::new(0, super::modal::focus_heading_if_lost).forget();
        }
    });
    let progress = html! {
        <div class="review-progress">
            if r.running() {
                <progress data-testid="review-progress" aria-label={msg::review::progress_label()}
                    max={r.total.max(1).to_string()} value={r.done.to_string()}
                    aria-valuetext={status_text.clone()}></progress>
            }
            <p class="review-status" data-testid="review-status" aria-hidden="true">{ status_text.clone() }</p>
            <p class="sr-only" data-testid="review-spoken" role="status">{ spoken.borrow().0.clone() }</p>
            if r.running() {
                <button data-testid="review-cancel" onclick={click(Action::ReviewCancel)}>{ msg::review::cancel() }</button>
            }
            if matches!(r.status, Status::Cancelled | Status::Failed(_)) {
                <button data-testid="review-again" onclick={click(Action::ReviewOpen)}>{ msg::review::again() }</button>
            }
            if let Some(p) = &r.puzzles {
                // The people's mistakes judged as puzzles (issue 40).
                <p class="review-about" data-testid="review-puzzles" role="status"
                    data-status={if p.finished() { "done" } else { "judging" }}
                    data-done={p.done.to_string()} data-kept={p.kept.to_string()}>
                    { if p.finished() {
                        msg::puzzles::own_kept(p.kept, p.total.unwrap_or(0))
                    } else {
                        msg::puzzles::own_judging(p.done, p.total.unwrap_or(p.mistakes.len() as u32))
                    } }</p>
            }
        </div>
    };

    // Each seat's figures: skill (points lost, classes) and luck apart.
    let summary = summarize(&r.decisions, seats.len());
    // (The game as it stands: its last position.)
    let balances = balance(
        &r.decisions,
        &end_margins(&r.decisions, &r.game.scores(), r.game.is_over()),
    );
    let summary_rows = summary.iter().zip(&balances).map(|(s, b)| {
        // The classes in one cell, each with its mark and its name.
        let classes = Class::ALL.iter().zip(s.classes).map(|(&c, n)| {
            html! { <span class="class-count" title={class_name(c)}>
                <span aria-hidden="true">{ class_mark(c) }</span>
                <span class="sr-only">{ class_name(c) }</span>{ format!(" {n}") }</span> }
        });
        html! {
            <tr class={classes!(colour(s.seat).map(|c| c.css_class()))}>
                <th scope="row"><span class="swatch"></span>{ name(s.seat) }</th>
                <td>{ s.decisions }</td>
                <td>{ format!("{} ({})", points(s.loss), points(s.mean_loss)) }</td>
                <td data-testid={format!("review-accuracy-{}", s.seat)}>{ format!("{:.0}", b.accuracy) }</td>
                <td class="classes">{ for classes }</td>
            </tr>
        }
    });
    let balance_rows = balances.iter().map(|b| {
        html! {
            <tr class={classes!(colour(b.seat).map(|c| c.css_class()))}>
                <th scope="row"><span class="swatch"></span>{ name(b.seat) }</th>
                <td data-testid={format!("review-margin-{}", b.seat)}>{ signed(b.margin) }</td>
                <td data-testid={format!("review-skill-{}", b.seat)}>{ signed(b.skill) }</td>
                <td data-testid={format!("review-luck-{}", b.seat)}>{ signed(b.luck) }</td>
                <td data-testid={format!("review-rest-{}", b.seat)}>{ signed(b.rest) }</td>
            </tr>
        }
    });
    let judge = AnyReviewer::judge_of(&r.game);
    let index_of = |n: usize| r.decisions.iter().position(|x| x.n == n);
    let moments = key_moments(&r.decisions);
    let moment = |n: usize, what: String, name: String| {
        let Some(i) = index_of(n) else {
            return html! {};
        };
        let words = r.words.get(i).cloned().unwrap_or_default();
        html! {
            <li><button class="link-like" data-testid="key-moment" data-index={i.to_string()}
                aria-label={name} onclick={on_select.reform(move |_: MouseEvent| i)}>{ what }</button>{ format!(" {words}") }</li>
        }
    };
    let losses = moments.losses.iter().map(|&n| {
        let loss = index_of(n).map_or(0.0, |i| r.decisions[i].loss);
        let name = format!("{}: {}", msg::review::points_lost(), points(loss));
        moment(n, format!("−{}", points(loss)), name)
    });
    let luck = moments.luck.iter().map(|&n| {
        let l = index_of(n).and_then(|i| r.decisions[i].luck).unwrap_or(0.0);
        let what = msg::review::luck_moment(&signed(l));
        moment(n, what.clone(), what)
    });
    let shown = selected.and_then(|i| r.words.get(i)).cloned();
    let decisions = DecisionsProps {
        decisions: Shared(r.decisions.clone()),
        words: Shared(r.words.clone()),
        seats: Shared(r.seats.clone()),
        selected,
        turns: r.game.turns(),
        on_select: on_select.clone(),
    };

    html! {
        <section class="review" data-testid="review" aria-labelledby="review-title"
            data-done={r.done.to_string()} data-total={r.total.to_string()}
            data-status={match r.status { Status::Running => "running", Status::Done => "done",
                Status::Cancelled => "cancelled", Status::Failed(_) => "failed" }}
            data-kept={r.kept.to_string()} data-count={r.decisions.len().to_string()}>
            <div class="review-head">
                <h2 id="review-title" data-testid="review-title" tabindex="-1">{ msg::review::title() }</h2>
                <button class="quiet small" data-testid="review-close" title={msg::review::back_title()}
                    onclick={click(Action::ReviewClose)}>
                    { msg::review::back() }</button>
            </div>
            <p class="review-about" data-testid="review-judge">{ msg::review::judge(judge.candidates as u64, judge.work as u64, judge.samples as u64) }</p>
            { progress }
            if let Some(words) = shown {
                <p class="review-shown" data-testid="review-shown" aria-live="polite">{ words }</p>
            }
            <h3>{ msg::review::skill_luck() }</h3>
            <div class="table-scroll" tabindex="0" role="region" aria-label={msg::review::skill_luck()}>
                <table class="review-summary" data-testid="review-summary">
                    <thead><tr>{ head_cells([msg::review::player().to_string(), msg::review::decisions().to_string(),
                        format!("{} ({})", msg::review::points_lost(), msg::review::per_decision()),
                        msg::review::accuracy().to_string(), msg::review::class().to_string()]) }</tr></thead>
                    <tbody>{ for summary_rows }</tbody>
                </table>
            </div>
            <h3 id="review-balance-title">{ msg::review::balance() }</h3>
            <p class="review-about">{ msg::review::balance_about() }</p>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="review-balance-title">
                <table class="review-balance" data-testid="review-balance">
                    <thead><tr>{ head_cells([msg::review::player(), msg::review::margin(), msg::review::skill(),
                        msg::review::luck(), msg::review::rest()].map(String::from)) }</tr></thead>
                    <tbody>{ for balance_rows }</tbody>
                </table>
            </div>
            <h3>{ msg::review::key_moments() }</h3>
            <div class="key-moments" data-testid="key-moments">
                <div><h4>{ msg::review::largest_losses() }</h4>
                    if moments.losses.is_empty() { <p>{ msg::review::none_yet() }</p> }
                    <ol>{ for losses }</ol></div>
                <div><h4>{ msg::review::largest_luck() }</h4>
                    if moments.luck.is_empty() { <p>{ msg::review::none_yet() }</p> }
                    <ol>{ for luck }</ol></div>
            </div>
            { review_chart(&decisions, table_open) }
            { review_list(&decisions) }
        </section>
    }
}
