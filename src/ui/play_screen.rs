//! A game in progress: the board with its camera, the prompt, the drawn tile,
//! the buttons (undo, save, help), the score panel and the log; the keyboard;
//! the game-over overlay.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::board::Board;
use super::camera::{Camera, CameraAction};
use super::computer_bar::ComputerBar;
use super::download;
use super::game_log::GameLog;
use super::game_over::GameOver;
use super::hand::Hand;
use super::keys::{self, KeyCommand};
use super::panel::Panel;
use super::prompt::PromptBar;
use super::state::{Action, AppState, Play, Speed};
use crate::engine::city::Choice;
use crate::engine::core::geom::Cell;
use crate::engine::TileGame;

#[derive(Properties, PartialEq)]
pub struct PlayScreenProps {
    pub play: Play,
    #[prop_or_default]
    pub speed: Speed,
    pub dispatch: UseReducerDispatcher<AppState>,
}

/// Whether a key press belongs to a form field rather than the game.
fn typing(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
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
            Callback::from(move |c: Cell| d.dispatch(Action::PickCell(c)))
        }))
        .clone()
    };
    let on_choice = {
        let d = d.clone();
        (*use_memo((), move |_| {
            Callback::from(move |c: Choice| d.dispatch(Action::Choose(c)))
        }))
        .clone()
    };
    let on_rotate = {
        let d = d.clone();
        (*use_memo((), move |_| {
            Callback::from(move |_: ()| d.dispatch(Action::Rotate))
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

    // The keyboard.
    {
        let d = d.clone();
        let cd = camera.dispatcher();
        let bounds = bounds.clone();
        use_effect_with((), move |_| {
            let doc = gloo::utils::document();
            let listener = EventListener::new_with_options(
                &doc,
                "keydown",
                EventListenerOptions::enable_prevent_default(),
                move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    if typing(e) {
                        return;
                    }
                    let ctrl = e.ctrl_key() || e.meta_key();
                    let Some(cmd) = keys::command(&e.key(), ctrl, e.shift_key(), e.alt_key())
                    else {
                        return;
                    };
                    // Enter on a focused button presses the button instead.
                    let on_button = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .is_some_and(|el| el.tag_name() == "BUTTON");
                    if on_button && matches!(cmd, KeyCommand::App(Action::Confirm)) {
                        return;
                    }
                    e.prevent_default();
                    match cmd {
                        KeyCommand::App(a) => d.dispatch(a),
                        KeyCommand::Camera(a) => cd.dispatch(a),
                        KeyCommand::Fit => cd.dispatch(CameraAction::Fit(*bounds.borrow())),
                        KeyCommand::Help => d.dispatch(Action::Help(true)),
                    }
                },
            );
            move || drop(listener)
        });
    }

    let mut prompt = play.prompt().clone();
    let over = play.game.is_over();
    let computer = play.computer_to_move().filter(|_| !play.view_only);
    if computer.is_some() {
        // The computer's decision: nothing to press.
        prompt.buttons.clear();
        prompt.detail = "The computer decides; watch the board.".into();
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
    let dispatch = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: ()| d.dispatch(a.clone()))
    };
    let click = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(a.clone()))
    };
    let on_speed = {
        let d = d.clone();
        Callback::from(move |s| d.dispatch(Action::SetSpeed(s)))
    };
    let on_pause = {
        let d = d.clone();
        Callback::from(move |on| d.dispatch(Action::Pause(on)))
    };
    let export = {
        let game = play.game.clone();
        Callback::from(move |_: ()| {
            if let Err(e) = download::export_record(&game) {
                gloo::console::error!(format!("could not save the record: {e}"));
            }
        })
    };
    let export_click = export.reform(|_: MouseEvent| ());
    let new_game = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            let sure = over || gloo::dialogs::confirm("Leave this game and set up a new one?");
            if sure {
                d.dispatch(Action::NewGameScreen)
            }
        })
    };
    let camera_click = |a: CameraAction| {
        let cd = camera.dispatcher();
        Callback::from(move |_: MouseEvent| cd.dispatch(a))
    };
    let fit = camera_click(CameraAction::Fit(play.view.scene.bounds));

    html! {
        <div class="play" data-testid="play" data-decision={prompt.decision}
            data-turn={play.game.turns().to_string()} data-version={play.version.to_string()}
            data-computer={computer.is_some().to_string()}>
            <div class="board-area">
                <Board scene={play.view.scene.clone()} targets={play.targets.clone()} camera={*camera}
                    on_camera={on_camera} on_cell={on_cell} on_choice={on_choice.clone()} on_rotate={on_rotate} />
                <div class="board-tools">
                    <button data-testid="zoom-in" title="Zoom in (+)"
                        onclick={camera_click(CameraAction::Zoom { factor: 1.25, at: None })}>{ "+" }</button>
                    <button data-testid="zoom-out" title="Zoom out (−)"
                        onclick={camera_click(CameraAction::Zoom { factor: 0.8, at: None })}>{ "−" }</button>
                    <button data-testid="fit" title="Fit the city in view (F)" onclick={fit}>{ "Fit city" }</button>
                </div>
            </div>
            <section class="side-top">
                <PromptBar prompt={prompt.clone()} colour={colour} message={play.ui.message.clone()}
                    on_choice={on_choice} />
                if has_computers && !over {
                    <ComputerBar thinker={thinker} progress={play.thinking} speed={props.speed}
                        paused={play.paused} can_pause={play.all_computers() || play.paused}
                        on_speed={on_speed} on_pause={on_pause} />
                }
                if drawn.is_some() {
                    <Hand tile={drawn} rot={play.ui.rot} stack={play.game.drawn().map(|d| d.1)}
                        tried={play.targets.ghost.is_some()} can_rotate={can_rotate}
                        on_rotate={dispatch(Action::Rotate)} on_confirm={dispatch(Action::Confirm)}
                        on_cancel={dispatch(Action::Cancel)} />
                }
                <div class="game-buttons">
                    <button data-testid="undo" onclick={click(Action::Undo)}
                        disabled={play.game.history().is_empty()} title="Take back the last decision (Ctrl+Z)">
                        { "↶ Undo" }</button>
                    <button data-testid="export" onclick={export_click} title="Save the game record (.cgn)">
                        { "Save record" }</button>
                    if !over && computer.is_none() && !play.view_only {
                        <button data-testid="hint" onclick={click(Action::Hint)} disabled={play.hint_asked}
                            title="Ask the computer for a suggestion">
                            { if play.hint_asked {
                                format!("Thinking… {}%", play.thinking.filter(|p| p.total > 0)
                                    .map_or(0, |p| 100 * p.done as u64 / p.total as u64))
                            } else { "Hint".to_string() } }</button>
                    }
                    if over {
                        <button data-testid="show-result" onclick={click(Action::ShowGameOver)}>{ "Result" }</button>
                    }
                    <button data-testid="help-button" class="quiet" onclick={click(Action::Help(true))}>{ "How to play" }</button>
                    <button data-testid="leave" class="quiet" onclick={new_game}>{ "New game" }</button>
                </div>
            </section>
            <aside class="side-bottom">
                <Panel panel={play.view.panel.clone()} />
                <GameLog turns={play.view.log.clone()} names={play.view.names.clone()} colours={play.view.colours.clone()} />
            </aside>
            if over && !play.ui.over_closed {
                <GameOver panel={play.view.panel.clone()} prompt={prompt}
                    on_export={export} on_close={dispatch(Action::CloseGameOver)}
                    on_new={dispatch(Action::NewGameScreen)} />
            }
        </div>
    }
}
