//! The keyboard: which key does what (no rules, no state).

use super::camera::CameraAction;
use super::state::Action;
use view::targets::Arrow;

/// What a key press asks for.
#[derive(Clone, Debug)]
pub enum KeyCommand {
    App(Action),
    Camera(CameraAction),
    /// Fit the city in view.
    Fit,
    /// Open or close How to play.
    Help,
}

/// How far one press of an arrow key pans, as a fraction of the view.
const STEP: f64 = 0.15;
const ZOOM: f64 = 1.25;

/// The command for a key (`KeyboardEvent.key`) with its modifiers;
/// `on_board`: the board has the keyboard focus (its arrows then move
/// between the spaces or targets it offers; elsewhere they pan). Tab is
/// never the game's: it moves between the page's controls.
pub fn command(
    key: &str,
    ctrl: bool,
    shift: bool,
    alt: bool,
    on_board: bool,
) -> Option<KeyCommand> {
    use KeyCommand::*;
    if alt {
        return None;
    }
    if ctrl {
        return match key {
            "z" | "Z" => Some(App(Action::Undo)),
            _ => None,
        };
    }
    let step = |fx: f64, fy: f64| Some(Camera(CameraAction::Step { fx, fy }));
    let arrow = |a: Arrow, fx: f64, fy: f64| {
        if on_board && !shift {
            Some(App(Action::Arrow(a)))
        } else {
            step(fx, fy)
        }
    };
    match key {
        "ArrowLeft" => arrow(Arrow::Left, -STEP, 0.0),
        "ArrowRight" => arrow(Arrow::Right, STEP, 0.0),
        "ArrowUp" => arrow(Arrow::Up, 0.0, -STEP),
        "ArrowDown" => arrow(Arrow::Down, 0.0, STEP),
        "a" | "A" => step(-STEP, 0.0),
        "d" | "D" => step(STEP, 0.0),
        "w" | "W" => step(0.0, -STEP),
        "s" | "S" => step(0.0, STEP),
        "+" | "=" => Some(Camera(CameraAction::Zoom {
            factor: ZOOM,
            at: None,
        })),
        "-" | "_" => Some(Camera(CameraAction::Zoom {
            factor: 1.0 / ZOOM,
            at: None,
        })),
        "r" => Some(App(Action::Rotate)),
        "R" => Some(App(Action::RotateBack)),
        "Enter" => Some(App(Action::Confirm)),
        " " if on_board => Some(App(Action::Confirm)),
        "Escape" => Some(App(Action::Cancel)),
        "n" | "N" => Some(App(Action::No)),
        "c" | "C" => Some(App(Action::Coords)),
        "f" | "F" => Some(Fit),
        "?" | "h" | "H" => Some(Help),
        _ => None,
    }
}
