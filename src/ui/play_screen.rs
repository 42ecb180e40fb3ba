//! A game in progress: the board with its camera, the prompt, the drawn tile,
//! the buttons (undo, save, hint, text view, help, new game), the score
//! panel and the log; the text view and the announcer for screen readers;
//! the keyboard (Tab is the page's: it goes between the board and the
//! buttons; on the board the arrows go between its spaces and targets);
//! the game-over and "leave?" dialogs.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::board::Board;
use super::camera::{Camera, CameraAction};
use super::city3d_host::City3dHost;
use super::computer_bar::{computer_bar, ComputerBarProps};
use super::download;
use super::extras::{ExtrasHost, Part, PartEvent};
use super::game_log::game_log;
use super::hand::{hand, HandProps};
use super::keys::{self, KeyCommand};
use super::legend::coins_on;
use super::modal::{self, Modal};
use super::panel::panel;
use super::prompt::{prompt_bar, PromptBarProps};
use super::score_strip::score_strip;
use super::state::{Action, Play, Speed};
use super::text_view::{Announcer, TextView};
use engine::any::AnyChoice as Choice;
use engine::any::AnyGame;
use engine::core::geom::Cell;
use i18n::msg;
use i18n::msg::play as m;
use std::rc::Rc;
use view::Shared;

#[derive(Properties, PartialEq, Clone)]
pub struct PlayScreenProps {
    pub play: Play,
    #[prop_or_default]
    pub speed: Speed,
    pub dispatch: Callback<Action>,
    /// The text view is open.
    #[prop_or_default]
    pub text_view: bool,
    /// The board shows coordinates.
    #[prop_or_default]
    pub coords: bool,
    /// The game review's board (issue 40): the panel is the review's (no
    /// Undo, Save record, hint, tile to turn or new game), the board looks
    /// at the decision shown, the text view reads the review's words.
    #[prop_or_default]
    pub review: bool,
    /// A variation of the review (issue 40, "Try it"): what it is, said in
    /// the panel with a way back to the review; nothing of the game (Save
    /// record, New game, the game's end) is offered, the variation's own
    /// moves are (Undo, Hint, the tile in hand).
    #[prop_or_default]
    pub variation: Option<AttrValue>,
    /// "Leave this game?" is asked.
    #[prop_or_default]
    pub leaving: bool,
    /// The game is not saved (the last save failed).
    #[prop_or_default]
    pub unsaved: bool,
    /// Another tab played this game on (to this turn): this tab's moves are
    /// not saved over it.
    #[prop_or_default]
    pub moved_on: Option<usize>,
    /// In the replay (`play` is a past position): the whole game.
    #[prop_or_default]
    pub whole: Option<Shared<AnyGame>>,
    /// A person's turn is done in a game from a link: the link is to be sent
    /// to the next player (said above the prompt, not over it).
    #[prop_or_default]
    pub send_link: bool,
    /// The language spoken: a new one draws the screen again.
    #[prop_or_default]
    pub lang: i18n::Language,
    /// Live play's lines (`ui::live`, `ui::live_star`: a row per other
    /// device), drawn by the app and shown beside the decision.
    #[prop_or_default]
    pub live: Html,
}

/// Whether a key press belongs to a form field rather than the game.
fn typing(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// The element of the key press, if it is a control that handles Enter
/// itself (a button, a link, a fold).
fn on_control(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY"))
}

/// Whether the key press is on the board (the SVG has the focus).
fn on_board(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| el.get_attribute("data-testid").as_deref() == Some("board"))
}

/// Focus the first element matching `sel`, if there is one.
fn focus(sel: &str) -> bool {
    gloo::utils::document()
        .query_selector(sel)
        .ok()
        .flatten()
        .is_some_and(|e| modal::focus_el(&e))
}

/// Scrolls the page as little as it takes to show the whole prompt (the
/// question and its buttons) and, where the board is under it (a phone),
/// as much of the board as fits with it; unless the player is typing (the
/// text view's command line keeps its place).
fn decision_into_view() {
    const MARGIN: f64 = 8.0;
    let doc = gloo::utils::document();
    let typing = doc
        .active_element()
        .is_some_and(|a| matches!(a.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
    let rect = |sel: &str| {
        doc.query_selector(sel)
            .ok()
            .flatten()
            .map(|e| e.get_bounding_client_rect())
    };
    let (Some(prompt), Some(board)) = (rect("[data-testid=prompt]"), rect(".board-area")) else {
        return;
    };
    let window = gloo::utils::window();
    let height = window.inner_height().ok().and_then(|h| h.as_f64());
    let (Some(height), false) = (height, typing) else {
        return;
    };
    // How far down the page should go: to the prompt's end, and the
    // board's end when it is under the prompt; never past the prompt's top.
    let below = if board.top() >= prompt.bottom() - 1.0 {
        board.bottom() - height
    } else {
        prompt.bottom() + MARGIN - height
    };
    let by = if prompt.top() < 0.0 {
        prompt.top() - MARGIN
    } else if below > 0.5 {
        below.min(prompt.top() - MARGIN).max(0.0)
    } else {
        return;
    };
    if by != 0.0 {
        window.scroll_by_with_x_and_y(0.0, by);
    }
}

/// How the play chunk draws the screen (`chunks::play`, ui/play_host.rs).
pub type DrawPlay = fn(&PlayScreenProps) -> Html;

/// The screen for `props`: the function the play chunk hands the page.
pub fn draw(props: &PlayScreenProps) -> Html {
    html! { <PlayScreen ..props.clone() /> }
}

#[function_component(PlayScreen)]
pub fn play_screen(props: &PlayScreenProps) -> Html {
    let camera = use_reducer(Camera::default);
    let play = &props.play;
    let bounds = use_mut_ref(|| play.view.scene.bounds);
    *bounds.borrow_mut() = play.view.scene.bounds;

    // Callbacks made once, so that the board's props stay equal on pan and zoom.
    let d = props.dispatch.clone();
    let on_cell = {
        let d = d.clone();
        (*use_memo((), move |_| {
            Callback::from(move |c: Cell| d.emit(Action::PickCell(c)))
        }))
        .clone()
    };
    let on_choice = {
        let d = d.clone();
        (*use_memo((), move |_| {
            Callback::from(move |c: Choice| d.emit(Action::Choose(c)))
        }))
        .clone()
    };
    let on_rotate = {
        let d = d.clone();
        (*use_memo((), move |_| {
            Callback::from(move |_: ()| d.emit(Action::Rotate))
        }))
        .clone()
    };
    let on_camera = {
        let cd = camera.dispatcher();
        (*use_memo((), move |_| {
            Callback::from(move |a: CameraAction| cd.dispatch(a))
        }))
        .clone()
    };

    // The keyboard. Whether the player uses it (rather than a pointer):
    // after a move, the focus is put back where it can go on.
    let keyboard = use_mut_ref(|| false);
    {
        let d = d.clone();
        let cd = camera.dispatcher();
        let bounds = bounds.clone();
        let keyboard = keyboard.clone();
        use_effect_with((), move |_| {
            let doc = gloo::utils::document();
            let kb = keyboard.clone();
            let listener = EventListener::new_with_options(
                &doc,
                "keydown",
                EventListenerOptions::enable_prevent_default(),
                move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    *kb.borrow_mut() = true;
                    // A dialog keeps the keyboard; a form field keeps its keys.
                    if modal::open() || typing(e) {
                        return;
                    }
                    let ctrl = e.ctrl_key() || e.meta_key();
                    let board = on_board(e);
                    let Some(cmd) =
                        keys::command(&e.key(), ctrl, e.shift_key(), e.alt_key(), board)
                    else {
                        return;
                    };
                    // Enter on a focused button presses the button instead.
                    if on_control(e) && matches!(cmd, KeyCommand::App(Action::Confirm)) {
                        return;
                    }
                    e.prevent_default();
                    match cmd {
                        KeyCommand::App(a) => d.emit(a),
                        KeyCommand::Camera(a) => cd.dispatch(a),
                        KeyCommand::Fit => cd.dispatch(CameraAction::Fit(*bounds.borrow())),
                        KeyCommand::Help => d.emit(Action::Help(true)),
                    }
                },
            );
            let kb = keyboard.clone();
            let pointer = EventListener::new(&gloo::utils::document(), "pointerdown", move |_| {
                *kb.borrow_mut() = false;
            });
            move || {
                drop(listener);
                drop(pointer);
            }
        });
    }
    // After a move the control that had the focus may be gone (a prompt
    // button): a keyboard player gets it back on the board, else on the
    // prompt.
    {
        let keyboard = keyboard.clone();
        use_effect_with(play.version, move |_| {
            let lost = gloo::utils::document()
                .active_element()
                .is_none_or(|a| a.tag_name() == "BODY");
            if lost && *keyboard.borrow() && !modal::open() {
                let _ = focus("[data-testid=board]") || focus("[data-testid=prompt]");
            }
        });
    }
    // The keyboard's focus on the board stays in view (when the keyboard
    // moves it: a click needs no camera move).
    {
        let cd = camera.dispatcher();
        let point = play.focus_point();
        let keyboard = keyboard.clone();
        use_effect_with(
            point.map(|p| ((p.0 * 10.0) as i64, (p.1 * 10.0) as i64)),
            move |_| {
                let on_board = gloo::utils::document()
                    .active_element()
                    .is_some_and(|a| a.get_attribute("data-testid").as_deref() == Some("board"));
                if let (true, true, Some((x, y))) = (on_board, *keyboard.borrow(), point) {
                    cd.dispatch(CameraAction::Show { x, y });
                }
            },
        );
    }
    // What "Save record" said about the record (cleared by the next move).
    let record_note = use_state(|| None::<String>);
    {
        let record_note = record_note.clone();
        use_effect_with(play.version, move |_| record_note.set(None));
    }
    let legend_open = use_state(|| false);
    let tiles_open = use_state(|| false);
    // The players' aids (issue 39): the space a mouse points at, and the
    // owners layer.
    let pointed = use_state(|| None::<Cell>);
    let owners_on = use_state(|| false);
    let on_space = {
        let pointed = pointed.setter();
        (*use_memo((), move |_| {
            Callback::from(move |c: Option<Cell>| pointed.set(c))
        }))
        .clone()
    };

    let mut prompt = play.prompt().clone();
    let over = play.game.is_over();
    let computer = play.computer_to_move().filter(|_| !play.view_only);
    if computer.is_some() {
        // The computer's decision: nothing to press.
        prompt.buttons.clear();
        prompt.detail = m::computer_decides().into();
    }
    // A fair game across devices: what is awaited, from whom (issue 37).
    // The tile in hand is not shown: it is not known yet, or is another's.
    let names: Vec<String> = play.seats.iter().map(|s| s.name.clone()).collect();
    let waiting_for = super::star_invites::waiting(play, &names);
    if let Some((seat, words)) = &waiting_for {
        prompt.decision = "waiting";
        prompt.player = Some(*seat);
        prompt.title = words.clone();
        prompt.detail = String::new();
        prompt.why = None;
        prompt.note = None;
        prompt.buttons.clear();
    }
    // A game opens at the top of the page (the new-game form before it may
    // have been scrolled down): on a phone the prompt, the tile in hand and
    // "Place tile" are there.
    use_effect_with((), |_| {
        gloo::utils::window().scroll_to_with_x_and_y(0.0, 0.0)
    });
    // A person's decision comes into view: on a phone the prompt is above
    // the board, and whoever scrolled down to the board (to a wall's end)
    // would not see the question that follows (a guard, a tower).
    {
        let yours = computer.is_none() && !over && !play.view_only;
        use_effect_with(play.version, move |_| {
            if yours {
                decision_into_view();
            }
        });
    }
    let has_computers = !play.view_only && play.seats.iter().any(|s| s.computer.is_some());
    let thinker = computer.and_then(|level| {
        let s = play.seats.get(play.game.to_move() as usize)?;
        Some((s.name.clone(), s.colour, level))
    });
    let colour = prompt
        .player
        .and_then(|p| play.seats.get(p as usize))
        .map(|s| s.colour);
    let drawn = play.drawn_tile();
    let can_rotate = drawn.is_some() && computer.is_none() && {
        let rots: Vec<_> = match play.ui.tentative {
            Some(c) => play
                .view
                .placements
                .iter()
                .filter(|p| p.0 == c)
                .map(|p| p.1)
                .collect(),
            None => play.view.placements.iter().map(|p| p.1).collect(),
        };
        rots.iter().any(|r| Some(*r) != play.ui.rot)
    };
    // The wood of the placement tried, in words (classic's Old City).
    let variant = play
        .targets
        .ghost
        .and_then(|g| play.targets.placement_at(g.cell, g.rot))
        .and_then(|p| p.label.clone());
    let dispatch = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: ()| d.emit(a.clone()))
    };
    let click = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(a.clone()))
    };
    let on_speed = {
        let d = d.clone();
        Callback::from(move |s| d.emit(Action::SetSpeed(s)))
    };
    let on_pause = {
        let d = d.clone();
        Callback::from(move |on| d.emit(Action::Pause(on)))
    };
    // The record of a game: the game in play, or in the replay the whole
    // game or the game up to the position shown (two buttons, plainly named).
    let fair = play.fair.clone();
    let export_of = |game: Rc<AnyGame>| {
        let record_note = record_note.clone();
        let fair = fair.clone();
        Callback::from(move |_: ()| {
            let record_note = record_note.clone();
            download::export_record(&game, fair.as_deref(), move |result| match result {
                Ok(note) => record_note.set(note),
                Err(e) => record_note.set(Some(m::record_failed(&e))),
            })
        })
    };
    let export = export_of(
        props
            .whole
            .as_ref()
            .map_or(play.game.clone(), |w| w.0.clone()),
    );
    let export_click = export.reform(|_: MouseEvent| ());
    // The board in 3-D (issue 41): from the game's end, a finished board or
    // the replay's position; its code is a chunk of its own.
    let city3d_open = use_state(|| false);
    let city3d = {
        let open = city3d_open.clone();
        move |on: bool| {
            let open = open.clone();
            Callback::from(move |_: ()| open.set(on))
        }
    };
    let over_event = {
        let (d, export) = (d.clone(), export.clone());
        let see = city3d(true);
        Callback::from(move |e: PartEvent| match e {
            PartEvent::Export => export.emit(()),
            PartEvent::New => d.emit(Action::NewGameScreen),
            PartEvent::Review => d.emit(Action::ReviewOpen),
            PartEvent::City3d => see.emit(()),
            _ => d.emit(Action::CloseGameOver),
        })
    };
    let export_here = props
        .whole
        .is_some()
        .then(|| export_of(play.game.clone()).reform(|_: MouseEvent| ()));
    let new_game = click(Action::Leave(true));
    // A variation of the review: its moves are the player's, the game's
    // buttons are not there.
    let trial = props.variation.is_some();
    let text_toggle = click(Action::TextView(!props.text_view));
    // Opened, the text view comes into view (on a phone it opens under the
    // board, below the fold): its command line at least.
    use_effect_with(props.text_view, |&open| {
        if open {
            if let Some(el) = gloo::utils::document()
                .query_selector("[data-testid=text-view]")
                .ok()
                .flatten()
            {
                // The phone layout (one column): its top at the screen's top
                // (it is at most 45vh tall, so its words, which come a moment
                // later, stay in view); beside the board: as little as it
                // takes, nothing when it is in view.
                let phone = gloo::utils::window()
                    .match_media(
                        "(max-width: 760px), (orientation: portrait) and (max-width: 1100px)",
                    )
                    .ok()
                    .flatten()
                    .is_some_and(|m| m.matches());
                let block = if phone { "start" } else { "nearest" };
                let options = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&options, &"block".into(), &block.into());
                if let Ok(f) = js_sys::Reflect::get(&el, &"scrollIntoView".into()) {
                    if let Ok(f) = f.dyn_into::<js_sys::Function>() {
                        let _ = f.call1(&el, &options);
                    }
                }
            }
        }
    });
    let coords_toggle = click(Action::Coords);
    let legend_show = {
        let legend_open = legend_open.clone();
        Callback::from(move |_: MouseEvent| legend_open.set(true))
    };
    let legend_close = {
        let legend_open = legend_open.clone();
        Callback::from(move |_: PartEvent| legend_open.set(false))
    };

    // (Classic only: The City's pile is not by type.)
    let tiles_by_type = play.game.as_classic().is_some();
    let tiles_show = {
        let tiles_open = tiles_open.clone();
        Callback::from(move |_: MouseEvent| tiles_open.set(true))
    };
    let tiles_close = {
        let tiles_open = tiles_open.clone();
        Callback::from(move |_: PartEvent| tiles_open.set(false))
    };
    let owners_toggle = {
        let owners_on = owners_on.clone();
        Callback::from(move |_: MouseEvent| owners_on.set(!*owners_on))
    };
    // The aids of the space pointed at, else of the space the tile in hand
    // is tried on (the keyboard's focus).
    let aids_space = play.view.aids.as_ref().and_then(|a| {
        let cell = (*pointed)
            .filter(|c| a.space(*c).is_some())
            .or(play.targets.ghost.map(|g| g.cell))?;
        a.space(cell).map(|s| (cell, s.short.clone()))
    });
    let camera_click = |a: CameraAction| {
        let cd = camera.dispatcher();
        Callback::from(move |_: MouseEvent| cd.dispatch(a))
    };
    let fit = camera_click(CameraAction::Fit(play.view.scene.bounds));
    let (fit_label, fit_title) = match play.game.ruleset() {
        engine::any::Ruleset::City => (m::fit_city(), m::fit_city_title()),
        engine::any::Ruleset::Classic => (m::fit_board(), m::fit_board_title()),
    };

    html! {
        <div class="play" data-testid="play" data-decision={prompt.decision}
            data-turn={play.game.turns().to_string()} data-ruleset={play.game.ruleset().name()} data-version={play.version.to_string()}
            data-computer={computer.is_some().to_string()}>
            <Announcer turns={play.view.log.clone()} shown={play.view_only} turn={play.game.turn()}
                extra={view::any::announce_extra(&play.game, &play.view.names,
                    &play.seats.iter().map(|s| s.computer.is_some()).collect::<Vec<_>>())} />
            <div class="board-area">
                <Board scene={play.view.scene.clone()} targets={play.targets.clone()} camera={*camera}
                    recent={play.recent.clone()} coords={props.coords} focus_words={play.focus_words()}
                    touch={play.pointer == view::prompt::Pointer::Touch}
                    on_camera={on_camera} on_cell={on_cell} on_choice={on_choice.clone()} on_rotate={on_rotate}
                    aids={play.view.aids.clone()} owners={*owners_on} on_space={on_space}
                    review={props.review} />
                if let Some(words) = aids_space {
                    <div class="aids-space" data-testid="aids-space" data-cell={format!("{},{}", words.0.x, words.0.y)}>
                        { words.1 }
                    </div>
                }
                <div class="board-tools">
                    <button data-testid="zoom-in" title={m::zoom_in_title()} aria-label={m::zoom_in()}
                        onclick={camera_click(CameraAction::Zoom { factor: 1.25, at: None })}>{ "+" }</button>
                    <button data-testid="zoom-out" title={m::zoom_out_title()} aria-label={m::zoom_out()}
                        onclick={camera_click(CameraAction::Zoom { factor: 0.8, at: None })}>{ "−" }</button>
                    <button data-testid="fit" title={fit_title} onclick={fit}>{ fit_label }</button>
                    <button data-testid="coords-toggle" title={m::coords_title()}
                        aria-pressed={props.coords.to_string()} onclick={coords_toggle}>{ "x,y" }</button>
                    <button data-testid="legend-open" title={m::key_title()} onclick={legend_show}>{ m::key() }</button>
                    if tiles_by_type {
                        <button data-testid="tiles-left-open" title={m::tiles_title()}
                            onclick={tiles_show}>{ m::tiles() }</button>
                    }
                </div>
                if play.view.aids.is_some() {
                    // A layer's switch, in the board's corner as a map's
                    // are: the board's tools stay on one row on a 390 px
                    // phone in every language (seven buttons a finger wide
                    // and two words do not fit there).
                    <div class="layer-tools">
                        <button data-testid="owners-toggle" title={msg::aids::owners_about()} aria-label={msg::aids::owners()}
                            aria-pressed={(*owners_on).to_string()} onclick={owners_toggle}>{ "⚑" }</button>
                    </div>
                }
            </div>
            <section class="side-top">
                if let Some(note) = &props.variation {
                    <div class="variation-panel" data-testid="variation-panel" role="group"
                        aria-label={msg::trial::variation_label()}>
                        <p>{ note.clone() }</p>
                        <button class="small" data-testid="variation-panel-back" title={msg::trial::back_title()}
                            onclick={click(Action::ReviewBack)}>{ msg::trial::back() }</button>
                    </div>
                }
                { score_strip(&play.view.panel) }
                if props.send_link {
                    <p class="share-callout" data-testid="share-callout" role="status">
                        { m::send_link() }</p>
                }
                { prompt_bar(&PromptBarProps { prompt: prompt.clone(), colour, message: play.ui.message.clone(),
                    on_choice, typed: props.text_view }) }
                { super::star_invites::invitations(play) }
                { props.live.clone() }
                if has_computers && !over {
                    { computer_bar(&ComputerBarProps { thinker, progress: play.thinking, speed: props.speed,
                        paused: play.paused, can_pause: play.all_computers() || play.paused,
                        on_speed, on_pause }) }
                }
                if drawn.is_some() && !props.review {
                    { hand(&HandProps { tile: drawn, rot: play.ui.rot, ruleset: play.game.ruleset(),
                        pile: view::any::pile_words(&play.game), variant,
                        tried: play.targets.ghost.is_some(), can_rotate,
                        touch: play.pointer == view::prompt::Pointer::Touch,
                        on_rotate: dispatch(Action::Rotate), on_confirm: dispatch(Action::Confirm),
                        on_cancel: dispatch(Action::Cancel) }) }
                }
            </section>
            // The game's buttons: under the decision beside the board; on a
            // phone, under the board (static/style.css), so that the
            // decision and the board share the screen.
            <div class="side-tools">
                <div class="game-buttons">
                    if !props.review {
                    <button data-testid="undo" onclick={click(Action::Undo)}
                        disabled={!play.can_undo()} title={m::undo_title()}
                        aria-label={m::undo().trim_start_matches(|c: char| !c.is_alphanumeric())}>
                        { m::undo() }</button>
                    if !trial {
                    if let Some(here) = export_here {
                        <button data-testid="export" onclick={export_click} title={m::save_whole_title()}>
                            { m::save_whole() }</button>
                        <button data-testid="export-here" onclick={here} title={m::save_here_title()}>
                            { m::save_here() }</button>
                    } else {
                        <button data-testid="export" onclick={export_click} title={m::save_record_title()}>
                            { m::save_record() }</button>
                    }
                    }
                    if !over && computer.is_none() && !play.view_only && waiting_for.is_none() {
                        <button data-testid="hint" onclick={click(Action::Hint)} disabled={play.hint_asked}
                            title={m::hint_title()}>
                            { if play.hint_asked {
                                m::hint_thinking(play.thinking.filter(|p| p.total > 0)
                                    .map_or(0, |p| 100 * p.done as u64 / p.total as u64))
                            } else { m::hint().to_string() } }</button>
                    }
                    if over && !trial {
                        <button data-testid="show-result" onclick={click(Action::ShowGameOver)}>{ m::result() }</button>
                    }
                    if (over || props.whole.is_some()) && !trial {
                        <button data-testid="city3d-open-here" title={msg::city3d::open_title()}
                            onclick={city3d(true).reform(|_: MouseEvent| ())}>{ msg::city3d::open_short() }</button>
                    }
                    }
                    <button data-testid="text-view-toggle" class="quiet" aria-expanded={props.text_view.to_string()}
                        onclick={text_toggle}>{ msg::text_view::title() }</button>
                    <button data-testid="help-button" class="quiet" onclick={click(Action::Help(true))}>{ msg::help::title() }</button>
                    if !props.review && !trial {
                        <button data-testid="leave" class="quiet" onclick={new_game}>{ msg::game_over::new_game() }</button>
                    }
                </div>
                if let Some(note) = &*record_note {
                    <p class="record-note" role="status" data-testid="record-note">{ note.clone() }</p>
                }
                if props.text_view {
                    <TextView play={play.clone()} dispatch={d.clone()} review={props.review}
                        variation={props.variation.clone()} />
                }
            </div>
            <aside class="side-bottom" id="panel" aria-label={m::panel_label()}>
                { panel(&play.view.panel, play.view.aids.as_deref()) }
                { game_log(&play.view.log, &play.view.names, &play.view.colours) }
            </aside>
            if over && !play.ui.over_closed && !trial {
                // The end of the game is a part of the extras module
                // (ui/game_over.rs), loaded now; it says which button was
                // pressed.
                <ExtrasHost part={Part::GameOver { game: play.game.clone(), seats: play.seats.clone() }}
                    dialog=true on_event={over_event} testid="game-over-host" />
            }
            if *city3d_open {
                // Over the game's end when opened from it: closed, the
                // focus goes back to the button that opened it.
                <City3dHost game={Shared(play.game.clone())} seats={Shared(play.seats.clone())}
                    on_close={city3d(false)} />
            }
            if props.leaving {
                <Modal title={m::leave_title()} on_close={dispatch(Action::Leave(false))} testid="leave-dialog">
                    if let Some(turn) = props.moved_on {
                        <p data-testid="leave-unsaved">{ m::leave_moved_on(turn) }</p>
                    } else if props.unsaved {
                        <p data-testid="leave-unsaved">{ m::leave_unsaved() }</p>
                    } else {
                        <p>{ m::leave_saved() }</p>
                    }
                    <div class="dialog-buttons">
                        <button data-testid="leave-no" class="quiet" onclick={click(Action::Leave(false))}>{ m::stay() }</button>
                        if props.moved_on.is_some() {
                            <button data-testid="leave-keep" onclick={click(Action::SaveAsNew)}>{ i18n::msg::header::keep_new() }</button>
                        } else if props.unsaved {
                            <button data-testid="leave-export" onclick={export.reform(|_: MouseEvent| ())}>{ m::save_record() }</button>
                        }
                        <button data-testid="leave-yes" class="primary" onclick={click(Action::NewGameScreen)}>
                            { if props.unsaved { m::leave_unsaved_yes() } else { m::leave_yes() } }</button>
                    </div>
                    if let Some(note) = (*record_note).clone().filter(|_| props.unsaved) {
                        <p class="record-note" role="status">{ note }</p>
                    }
                </Modal>
            }
            // The two dialogs are parts of the extras module (ui/extras.rs),
            // loaded the first time.
            if *tiles_open && tiles_by_type {
                <ExtrasHost part={Part::TilesLeft { game: play.game.clone(), known: play.known }} dialog=true
                    on_event={tiles_close} />
            }
            if *legend_open {
                <ExtrasHost part={Part::Key { ruleset: play.game.ruleset(), coins: coins_on(&play.game) }}
                    dialog=true on_event={legend_close} />
            }
        </div>
    }
}
