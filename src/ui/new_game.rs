//! The new-game screen: which game (Carcassonne: The City or classic
//! Carcassonne), its seats (2–4 or 2–5) with names, colours and who plays
//! them (a human, or the computer at a level), an optional seed, and each
//! game's own settings: The City's stack sizes (with a short-game preset)
//! and rule options (RULES.md §15); classic's expansions (The City Gates,
//! Old City with its five parts under an "advanced" fold), a short pile and
//! the rule options of CLASSIC.md.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::{NewGame, Speed};
use crate::ai::Level;
use crate::engine::any::Ruleset;
use crate::engine::city::tiles::TOTAL_TILES;
use crate::engine::city::Options;
use crate::engine::city::{setup::check_player_name, DEFAULT_STACKS};
use crate::engine::classic;
use crate::view::palette::{PlayerColour, Seat};

/// The levels offered for computer seats (random and greedy are baselines
/// for measurement, not opponents).
pub const COMPUTER_LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

/// The short game preset.
pub const SHORT_STACKS: [u32; 3] = [8, 6, 6];

const DEFAULT_NAMES: [&str; 5] = ["Aude", "Bernat", "Cécile", "Dolors", "Esteve"];

/// Classic's short game preset: tiles taken from the shuffled pile.
pub const SHORT_PILE: usize = 24;

/// What the form holds while it is edited.
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    pub ruleset: Ruleset,
    /// Name, colour and, for a computer seat, its level.
    pub seats: Vec<(String, PlayerColour, Option<Level>)>,
    pub stacks: [String; 3],
    pub options: Options,
    pub expansions: classic::Expansions,
    pub classic_options: classic::Options,
    /// Classic: tiles of the pile to play (empty: the whole pile).
    pub tiles: String,
    pub seed: String,
    pub speed: Speed,
}

impl Form {
    pub fn from_new_game(ng: Option<&NewGame>) -> Form {
        match ng {
            Some(ng) => Form {
                ruleset: ng.ruleset,
                expansions: ng.expansions,
                classic_options: ng.classic_options,
                tiles: ng.tiles.map(|n| n.to_string()).unwrap_or_default(),
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
                ruleset: Ruleset::City,
                expansions: classic::Expansions::BASE,
                classic_options: classic::Options::default(),
                tiles: String::new(),
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

    /// Seat `i` takes `colour`; a seat that had it takes seat `i`'s old
    /// one in exchange, so that no two seats ever share a colour.
    pub fn set_colour(&mut self, i: usize, colour: PlayerColour) {
        let Some(old) = self.seats.get(i).map(|s| s.1) else {
            return;
        };
        for seat in self.seats.iter_mut() {
            if seat.1 == colour {
                seat.1 = old;
            }
        }
        self.seats[i].1 = colour;
    }

    /// The game this form asks for, or every problem with it. Names are
    /// taken without the spaces at their ends.
    pub fn check(&self) -> Result<NewGame, Vec<String>> {
        let mut errors = Vec::new();
        for (i, (name, _, _)) in self.seats.iter().enumerate() {
            if name.trim().is_empty() {
                errors.push(format!("Seat {}: the name is empty.", i + 1));
            } else if let Err(e) = check_player_name(name.trim()) {
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
        let seats = self.ruleset.seats();
        if !seats.contains(&self.seats.len()) {
            errors.push(format!(
                "{} is for {} to {} players.",
                self.ruleset.title(),
                seats.start(),
                seats.end()
            ));
        }
        let mut stacks = [0u32; 3];
        let mut tiles = None;
        match self.ruleset {
            Ruleset::City => {
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
            }
            Ruleset::Classic => {
                if let Err(e) = self.classic_options.check(self.expansions) {
                    errors.push(format!("Rules: {}.", classic_option_words(&e)));
                }
                let t = self.tiles.trim();
                if !t.is_empty() {
                    match t.parse::<usize>() {
                        Ok(n) if n >= 1 => tiles = Some(n),
                        _ => errors.push(
                            "The number of tiles must be a whole number from 1 (or empty for the whole pile)."
                                .into(),
                        ),
                    }
                }
            }
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
            ruleset: self.ruleset,
            expansions: self.expansions,
            classic_options: self.classic_options,
            tiles,
            seats: self
                .seats
                .iter()
                .map(|(n, c, computer)| Seat {
                    name: n.trim().to_string(),
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

/// A rule check's complaint in the form's words.
fn classic_option_words(e: &str) -> String {
    if e.contains("B9.4") {
        "the second and first editions' farm scoring need Old City's proportional scoring switched off (B9.4)".into()
    } else {
        e.to_string()
    }
}

/// An option's values, each with its words.
type Values = &'static [(&'static str, &'static str)];

/// Classic's choices with values: option name, label, (value, words).
const CLASSIC_CHOICES: [(&str, &str, Values); 2] = [
    (
        "farm-scoring",
        "Farms score",
        &[
            (
                "3rd",
                "3 per finished city next to each farm (third edition)",
            ),
            (
                "2nd",
                "3 per finished city, to whoever leads one of its farms (second edition)",
            ),
            (
                "1st",
                "4 per finished city, to the most farmers round it (first edition)",
            ),
        ],
    ),
    (
        "small-city",
        "A finished city of 2 tiles scores",
        &[
            ("4", "4 points, as any city"),
            ("2", "2 points (1 per tile and pennant)"),
        ],
    ),
];

/// Old City's switches: option name, label, explanation.
const OLD_CITY_SWITCHES: [(&str, &str, &str); 7] = [
    (
        "oc-proportional",
        "Proportional scoring",
        "Every follower in a feature scores its share, rounded up; the plaza city scores 3 a tile (O2).",
    ),
    (
        "oc-wood",
        "Bridges, walls and wooden gates",
        "Each player may mend one placement with each piece of wood (O3).",
    ),
    (
        "oc-coins",
        "Coins",
        "Finishing a city with pennants takes coins, worth points at the end (O4).",
    ),
    (
        "oc-guesthouse",
        "Guesthouses",
        "Once a game, on an open road of the tile you placed: that road scores 2 a tile when finished, and nothing if it is unfinished at the end (O5).",
    ),
    (
        "oc-wyvern",
        "The wyvern",
        "A tile with a pennant sends the wyvern, which veils a follower (O6).",
    ),
    (
        "coin-limit",
        "Ten coins only",
        "When the supply runs short, what is left is given (O4.2); off: coins never run out.",
    ),
    (
        "plaza-pennants",
        "Plaza pennants score",
        "The plaza city's pennants score 3 each (O2.3).",
    ),
];

/// The value of a switch of [`OLD_CITY_SWITCHES`] when it is on.
fn switch_on(name: &str) -> &'static str {
    if name == "coin-limit" {
        "10"
    } else {
        "on"
    }
}

/// The value of a switch of [`OLD_CITY_SWITCHES`] when it is off.
fn switch_off(name: &str) -> &'static str {
    if name == "coin-limit" {
        "none"
    } else {
        "off"
    }
}

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
                f.set_colour(i, c);
            }
        }));
        // Another seat's colour is offered as an exchange.
        let holder = |c: PlayerColour| form.seats.iter().position(|s| s.1 == c).filter(|&j| j != i);
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
                        <option value={c.name()} selected={c == colour}>
                            { match holder(*c) {
                                Some(j) => format!("{} (swap with seat {})", c.name(), j + 1),
                                None => c.name().to_string(),
                            } }</option>
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
            if next.seats.len() < *next.ruleset.seats().end() {
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

    let choose_game = |r: Ruleset| {
        update(Box::new(move |f, _| {
            f.ruleset = r;
            let max = *r.seats().end();
            f.seats.truncate(max);
        }))
    };
    let classic_form = form.ruleset == Ruleset::Classic;
    let expansion = |name: &'static str| {
        update(Box::new(move |f, e| {
            let on = input_checked(e);
            match name {
                "city-gates" => f.expansions.city_gates = on,
                _ => {
                    f.expansions.old_city = on;
                    // Old City's switches start from their defaults, and its
                    // proportional scoring needs the third edition's farms (B9.4).
                    f.classic_options.old_city = Default::default();
                    if on {
                        f.classic_options.farm_scoring = Default::default();
                    }
                }
            }
        }))
    };
    let proportional = form.expansions.old_city && form.classic_options.old_city.proportional;
    let classic_choices = CLASSIC_CHOICES.iter().map(|&(name, label, values)| {
        let on = update(Box::new(move |f, e| {
            let _ = f.classic_options.set(name, &select_value(e));
        }));
        let now = form.classic_options.get(name).unwrap_or("");
        html! {
            <label class="choice">
                <span>{ label }</span>
                <select data-testid={format!("classic-{name}")} onchange={on}>
                    { for values.iter().map(|&(v, words)| {
                        // B9.4: only the third edition's farms with proportional scoring.
                        let blocked = name == "farm-scoring" && v != "3rd" && proportional;
                        html! { <option value={v} selected={v == now} disabled={blocked}>{ words }</option> }
                    }) }
                </select>
            </label>
        }
    });
    let switches = OLD_CITY_SWITCHES.iter().map(|&(name, label, text)| {
        let on = update(Box::new(move |f, e| {
            let v = if input_checked(e) { switch_on(name) } else { switch_off(name) };
            let _ = f.classic_options.set(name, v);
            if name == "oc-proportional" && v == "on" {
                f.classic_options.farm_scoring = Default::default();
            }
        }));
        html! {
            <label class="option">
                <input type="checkbox" checked={form.classic_options.get(name) == Some(switch_on(name))}
                    data-testid={format!("option-{name}")} onchange={on} />
                <span><b>{ label }</b><br /><small>{ text }</small></span>
            </label>
        }
    });
    let on_tiles = update_input(Box::new(|f, v| f.tiles = v));
    let pile_preset = |n: Option<usize>| {
        let form = form.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*form).clone();
            next.tiles = n.map(|n| n.to_string()).unwrap_or_default();
            form.set(next);
        })
    };
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
            <h2>{ if classic_form { "A new game" } else { "A new city" } }</h2>
            <fieldset class="game-choice" data-testid="game-choice">
                <legend>{ "Which game" }</legend>
                <label class="option">
                    <input type="radio" name="ruleset" value="the-city" data-testid="game-the-city"
                        checked={!classic_form} onchange={choose_game(Ruleset::City)} />
                    <span><b>{ "Carcassonne: The City" }</b><br />
                        <small>{ "A walled town of streets, markets and homes; 2 to 4 players." }</small></span>
                </label>
                <label class="option">
                    <input type="radio" name="ruleset" value="classic" data-testid="game-classic"
                        checked={classic_form} onchange={choose_game(Ruleset::Classic)} />
                    <span><b>{ "Carcassonne" }</b><br />
                        <small>{ "The classic game of roads, cities, cloisters and farms; 2 to 5 players, with The City Gates and Old City if you like." }</small></span>
                </label>
            </fieldset>
            <fieldset>
                <legend>{ "Players, in turn order" }</legend>
                <ol class="seats">{ for seats }</ol>
                <button type="button" class="quiet" data-testid="add-seat" onclick={add_seat}
                    disabled={form.seats.len() >= *form.ruleset.seats().end()}>{ "+ Add a player" }</button>
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
            if classic_form {
                <fieldset data-testid="expansions">
                    <legend>{ "Expansions" }</legend>
                    <label class="option">
                        <input type="checkbox" checked={form.expansions.city_gates} data-testid="expansion-city-gates"
                            onchange={expansion("city-gates")} />
                        <span><b>{ "The City Gates" }</b><br /><small>{ "24 more tiles: gates in the city walls end roads, bridges carry roads over cities." }</small></span>
                    </label>
                    <label class="option">
                        <input type="checkbox" checked={form.expansions.old_city} data-testid="expansion-old-city"
                            onchange={expansion("old-city")} />
                        <span><b>{ "Old City" }</b><br /><small>{ "Shared scoring, wood to mend a placement, coins, guesthouses and the wyvern; 6 followers each." }</small></span>
                    </label>
                </fieldset>
                <fieldset>
                    <legend>{ "Length" }</legend>
                    <label class="seed">
                        <span>{ "Tiles to play (empty: the whole pile)" }</span>
                        <input type="number" min="1" placeholder="whole pile" value={form.tiles.clone()}
                            data-testid="classic-tiles" oninput={on_tiles} />
                    </label>
                    <div class="presets">
                        <button type="button" class="quiet" data-testid="preset-whole" onclick={pile_preset(None)}>
                            { "Whole pile" }</button>
                        <button type="button" class="quiet" data-testid="preset-short-pile" onclick={pile_preset(Some(SHORT_PILE))}>
                            { format!("Short game ({SHORT_PILE} tiles)") }</button>
                    </div>
                </fieldset>
            }
            <fieldset hidden={classic_form}>
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
                if classic_form {
                    <div class="options">{ for classic_choices }</div>
                    if form.expansions.old_city {
                        <fieldset class="old-city-parts" data-testid="old-city-parts">
                            <legend>{ "Old City's parts" }</legend>
                            <div class="options">{ for switches }</div>
                        </fieldset>
                    }
                } else {
                    <div class="options">{ for options }</div>
                }
            </details>
            if !all_errors.is_empty() {
                // (The list inside the alert: a list keeps its own role.)
                <div class="errors" role="alert" data-testid="setup-errors">
                    <ul>{ for all_errors.iter().map(|e| html! { <li>{ e.clone() }</li> }) }</ul>
                </div>
            }
            <div class="form-buttons">
                <button type="button" class="quiet" onclick={help}>{ "How to play" }</button>
                <button type="submit" class="primary big" data-testid="start-game">
                    { if classic_form { "Start the game" } else { "Found the city" } }</button>
            </div>
        </form>
    }
}
