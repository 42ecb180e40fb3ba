//! The keyboard: which key does what (no rules, no state).

use super::camera::CameraAction;
use super::state::Action;

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

/// The command for a key (`KeyboardEvent.key`) with its modifiers.
pub fn command(key: &str, ctrl: bool, shift: bool, alt: bool) -> Option<KeyCommand> {
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
    match key {
        "ArrowLeft" | "a" | "A" => step(-STEP, 0.0),
        "ArrowRight" | "d" | "D" => step(STEP, 0.0),
        "ArrowUp" | "w" | "W" => step(0.0, -STEP),
        "ArrowDown" | "s" | "S" => step(0.0, STEP),
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
        "Escape" => Some(App(Action::Cancel)),
        "Tab" => Some(App(Action::Focus { back: shift })),
        "n" | "N" => Some(App(Action::No)),
        "f" | "F" => Some(Fit),
        "?" | "h" | "H" => Some(Help),
        _ => None,
    }
}
