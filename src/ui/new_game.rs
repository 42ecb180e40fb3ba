//! The new-game screen: 2–4 seats with names, colours and who plays them (a
//! human, or the computer at a level), stack sizes (with a
//! short-game preset), an optional seed, and the rule options of RULES.md §15
//! under an "advanced" fold.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::{NewGame, Speed};
use crate::ai::Level;
use crate::engine::city::tiles::TOTAL_TILES;
use crate::engine::city::Options;
use crate::engine::city::{setup::check_player_name, DEFAULT_STACKS};
use crate::view::palette::{PlayerColour, Seat};

/// The levels offered for computer seats (random and greedy are baselines
/// for measurement, not opponents).
pub const COMPUTER_LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

/// The short game preset.
pub const SHORT_STACKS: [u32; 3] = [8, 6, 6];

const DEFAULT_NAMES: [&str; 4] = ["Aude", "Bernat", "Cécile", "Dolors"];

/// What the form holds while it is edited.
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    /// Name, colour and, for a computer seat, its level.
    pub seats: Vec<(String, PlayerColour, Option<Level>)>,
    pub stacks: [String; 3],
    pub options: Options,
    pub seed: String,
    pub speed: Speed,
}

impl Form {
    pub fn from_new_game(ng: Option<&NewGame>) -> Form {
        match ng {
            Some(ng) => Form {
                seats: ng
                    .seats
                    .iter()
                    .map(|s| (s.name.clone(), s.colour, s.computer))
                    .collect(),
                stacks: ng.stacks.map(|n| n.to_string()),
                options: ng.options,
                seed: ng.seed.map(|s| s.to_string()).unwrap_or_default(),
                speed: ng.speed,
            },
            None => Form {
                seats: (0..2)
                    .map(|i| (DEFAULT_NAMES[i].to_string(), PlayerColour::ALL[i], None))
                    .collect(),
                stacks: DEFAULT_STACKS.map(|n| n.to_string()),
                options: Options::default(),
                seed: String::new(),
                speed: Speed::default(),
            },
        }
    }

    /// The game this form asks for, or every problem with it.
    pub fn check(&self) -> Result<NewGame, Vec<String>> {
        let mut errors = Vec::new();
        for (i, (name, _, _)) in self.seats.iter().enumerate() {
            if let Err(e) = check_player_name(name) {
                errors.push(format!("Seat {}: {e}.", i + 1));
            }
        }
        for i in 0..self.seats.len() {
            for j in i + 1..self.seats.len() {
                if self.seats[i].1 == self.seats[j].1 {
                    errors.push(format!(
                        "Seats {} and {} have the same colour.",
                        i + 1,
                        j + 1
                    ));
                }
                if self.seats[i].0.trim() == self.seats[j].0.trim() {
                    errors.push(format!("Seats {} and {} have the same name.", i + 1, j + 1));
                }
            }
        }
        let mut stacks = [0u32; 3];
        for (k, s) in self.stacks.iter().enumerate() {
            match s.trim().parse::<u32>() {
                Ok(n) => stacks[k] = n,
                Err(_) => errors.push(format!("Stack {} must be a whole number.", k + 1)),
            }
        }
        let total: u32 = stacks.iter().sum();
        if stacks[0] == 0 {
            errors.push("The first stack needs at least one tile.".into());
        }
        if total > TOTAL_TILES {
            errors.push(format!(
                "The stacks hold {total} tiles, but the box has only {TOTAL_TILES}."
            ));
        }
        let seed = if self.seed.trim().is_empty() {
            None
        } else {
            match self.seed.trim().parse::<u64>() {
                Ok(s) => Some(s),
                Err(_) => {
                    errors.push(
                        "The seed must be a whole number (or empty for a random one).".into(),
                    );
                    None
                }
            }
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(NewGame {
            seats: self
                .seats
                .iter()
                .map(|(n, c, computer)| Seat {
                    name: n.clone(),
                    colour: *c,
                    computer: *computer,
                })
                .collect(),
            stacks,
            options: self.options,
            seed,
            speed: self.speed,
        })
    }
}

/// An edit of the form from a change event.
type EditEvent = dyn Fn(&mut Form, &Event);
/// An edit of the form from a text field's new value.
type EditText = dyn Fn(&mut Form, String);

#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    pub initial: Option<NewGame>,
    /// Why the last start failed (from the engine).
    pub error: Option<String>,
    pub on_start: Callback<NewGame>,
    pub on_help: Callback<()>,
}

fn input_value(e: &Event) -> String {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

fn select_value(e: &Event) -> String {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

fn input_checked(e: &Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .is_some_and(|i| i.checked())
}

/// The rule options: name, label, explanation.
const OPTION_TEXT: [(&str, &str, &str); 3] = [
    (
        "round-needs-follower",
        "Only occupied completions start wall rounds",
        "A street or market finished with nobody on it does not start a wall round (R6.1).",
    ),
    (
        "score-before-guard",
        "Score before the guard",
        "What a wall piece completes is scored before its builder decides on a guard (R6.8).",
    ),
    (
        "cross-side-adjacency",
        "Markets across a tile edge count for stewards",
        "A residential area facing a market across a tile side is next to it for the stewards' scoring (R12.2).",
    ),
];

#[function_component(NewGameScreen)]
pub fn new_game_screen(props: &NewGameProps) -> Html {
    let form = use_state(|| Form::from_new_game(props.initial.as_ref()));
    let errors = use_state(Vec::<String>::new);

    let update = |f: Box<EditEvent>| {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let mut next = (*form).clone();
            f(&mut next, &e);
            form.set(next);
        })
    };

    let seats = form.seats.iter().enumerate().map(|(i, (name, colour, computer))| {
        let on_name = {
            let form = form.clone();
            Callback::from(move |e: InputEvent| {
                let mut next = (*form).clone();
                next.seats[i].0 = input_value(&e);
                form.set(next);
            })
        };
        let on_colour = update(Box::new(move |f, e| {
            if let Some(c) = PlayerColour::from_name(&select_value(e)) {
                f.seats[i].1 = c;
            }
        }));
        let on_kind = update(Box::new(move |f, e| {
            f.seats[i].2 = Level::from_name(&select_value(e));
        }));
        let remove = {
            let form = form.clone();
            Callback::from(move |_: MouseEvent| {
                let mut next = (*form).clone();
                if next.seats.len() > 2 {
                    next.seats.remove(i);
                }
                form.set(next);
            })
        };
        html! {
            <li class={classes!("seat", colour.css_class())}>
                <span class="seat-no">{ i + 1 }</span>
                <span class="swatch big"></span>
                <input type="text" maxlength="24" value={name.clone()} data-testid={format!("name-{i}")}
                    aria-label={format!("Name of player {}", i + 1)} oninput={on_name} />
                <select data-testid={format!("colour-{i}")} aria-label={format!("Colour of player {}", i + 1)}
                    onchange={on_colour}>
                    { for PlayerColour::ALL.iter().map(|c| html! {
                        <option value={c.name()} selected={c == colour}>{ c.name() }</option>
                    }) }
                </select>
                <select data-testid={format!("kind-{i}")} aria-label={format!("Who plays seat {}", i + 1)}
                    onchange={on_kind}>
                    <option value="human" selected={computer.is_none()}>{ "Human" }</option>
                    { for COMPUTER_LEVELS.iter().map(|l| html! {
                        <option value={l.name()} selected={*computer == Some(*l)}>
                            { format!("Computer: {l}") }</option>
                    }) }
                </select>
                <button class="quiet small" data-testid={format!("remove-seat-{i}")} onclick={remove}
                    disabled={form.seats.len() <= 2} title="Remove this seat">{ "✕" }</button>
            </li>
        }
    });

    let on_speed = update(Box::new(|f, e| {
        if let Some(s) = Speed::from_name(&select_value(e)) {
            f.speed = s;
        }
    }));
    let any_computer = form.seats.iter().any(|s| s.2.is_some());

    let add_seat = {
        let form = form.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*form).clone();
            if next.seats.len() < 4 {
                let used: Vec<PlayerColour> = next.seats.iter().map(|s| s.1).collect();
                let colour = PlayerColour::ALL
                    .into_iter()
                    .find(|c| !used.contains(c))
                    .unwrap_or(PlayerColour::Black);
                let n = next.seats.len();
                let name = DEFAULT_NAMES
                    .iter()
                    .find(|d| !next.seats.iter().any(|s| s.0 == **d))
                    .map_or(format!("Player {}", n + 1), |d| d.to_string());
                next.seats.push((name, colour, None));
            }
            form.set(next);
        })
    };

    let update_input = |f: Box<EditText>| {
        let form = form.clone();
        Callback::from(move |e: InputEvent| {
            let mut next = (*form).clone();
            f(&mut next, input_value(&e));
            form.set(next);
        })
    };
    let stack_inputs = (0..3).map(|k| {
        let on = update_input(Box::new(move |f, v| f.stacks[k] = v));
        html! {
            <label class="stack-input">
                <span>{ format!("Stack {}", ["I", "II", "III"][k]) }</span>
                <input type="number" min="0" max="75" value={form.stacks[k].clone()}
                    data-testid={format!("stacks-{}", k + 1)} oninput={on} />
            </label>
        }
    });
    let preset = |s: [u32; 3]| {
        let form = form.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*form).clone();
            next.stacks = s.map(|n| n.to_string());
            form.set(next);
        })
    };
    let on_seed = update_input(Box::new(|f, v| f.seed = v));
    let options = OPTION_TEXT.iter().map(|&(name, label, text)| {
        let on = update(Box::new(move |f, e| {
            f.options.set(name, input_checked(e));
        }));
        html! {
            <label class="option">
                <input type="checkbox" checked={form.options.get(name).unwrap_or(false)}
                    data-testid={format!("option-{name}")} onchange={on} />
                <span><b>{ label }</b><br /><small>{ text }</small></span>
            </label>
        }
    });

    let start = {
        let form = form.clone();
        let errors = errors.clone();
        let on_start = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match form.check() {
                Ok(ng) => {
                    errors.set(Vec::new());
                    on_start.emit(ng);
                }
                Err(list) => errors.set(list),
            }
        })
    };
    let help = props.on_help.reform(|_: MouseEvent| ());
    let all_errors: Vec<String> = errors.iter().cloned().chain(props.error.clone()).collect();

    html! {
        <form class="new-game parchment" data-testid="new-game-form" onsubmit={start}>
            <h2>{ "A new city" }</h2>
            <fieldset>
                <legend>{ "Players, in turn order" }</legend>
                <ol class="seats">{ for seats }</ol>
                <button type="button" class="quiet" data-testid="add-seat" onclick={add_seat}
                    disabled={form.seats.len() >= 4}>{ "+ Add a player" }</button>
                if any_computer {
                    <label class="speed-choice">
                        <span>{ "The computer plays" }</span>
                        <select data-testid="new-speed" onchange={on_speed}>
                            { for Speed::ALL.iter().map(|s| html! {
                                <option value={s.name()} selected={*s == form.speed}>{ s.name() }</option>
                            }) }
                        </select>
                    </label>
                }
            </fieldset>
            <fieldset>
                <legend>{ "Length" }</legend>
                <div class="stacks-row">{ for stack_inputs }</div>
                <div class="presets">
                    <button type="button" class="quiet" data-testid="preset-full" onclick={preset(DEFAULT_STACKS)}>
                        { "Full game (30 25 20)" }</button>
                    <button type="button" class="quiet" data-testid="preset-short" onclick={preset(SHORT_STACKS)}>
                        { "Short game (8 6 6)" }</button>
                </div>
            </fieldset>
            <details class="advanced">
                <summary>{ "Advanced" }</summary>
                <label class="seed">
                    <span>{ "Seed (the same seed deals the same tiles)" }</span>
                    <input type="text" inputmode="numeric" placeholder="random" value={form.seed.clone()}
                        data-testid="seed" oninput={on_seed} />
                </label>
                <div class="options">{ for options }</div>
            </details>
            if !all_errors.is_empty() {
                <ul class="errors" role="alert" data-testid="setup-errors">
                    { for all_errors.iter().map(|e| html! { <li>{ e.clone() }</li> }) }
                </ul>
            }
            <div class="form-buttons">
                <button type="button" class="quiet" onclick={help}>{ "How to play" }</button>
                <button type="submit" class="primary big" data-testid="start-game">{ "Found the city" }</button>
            </div>
        </form>
    }
}
