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
use computer::Level;
use engine::any::Ruleset;
use engine::city::tiles::TOTAL_TILES;
use engine::city::Options;
use engine::city::{setup::check_player_name, DEFAULT_STACKS};
use engine::classic;
use engine::core::OptionProblem;
use i18n::msg;
use view::names;
use view::palette::{PlayerColour, Seat};

/// The levels offered for computer seats (random and greedy are baselines
/// for measurement, not opponents).
pub const COMPUTER_LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

/// The short game preset.
pub const SHORT_STACKS: [u32; 3] = [8, 6, 6];

/// Five players' names that sound right in the chosen language (English:
/// Aude, Bernat, Cécile, Dolors, Esteve), the form's defaults.
pub fn default_names() -> [&'static str; 5] {
    use i18n::msg::new_game_names as m;
    [m::first(), m::second(), m::third(), m::fourth(), m::fifth()]
}

/// Classic's short game preset: tiles taken from the shuffled pile.
pub const SHORT_PILE: usize = 24;

/// The most friends' devices a game may be played on (five devices in
/// all: `formats::star::MAX_DEVICES`).
pub const FRIENDS: u8 = 4;

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
    /// The players' aids (issue 39).
    pub aids: bool,
    /// Per seat: played on a friend's device (issue 37; missing: here).
    pub remote: Vec<bool>,
    /// Per seat on a friend's device: which friend's (1 to 4; missing: 1).
    pub friend: Vec<u8>,
}

impl Form {
    /// Whether seat `i` is played on a friend's device.
    pub fn is_remote(&self, i: usize) -> bool {
        self.remote.get(i).copied().unwrap_or(false)
    }

    /// Which friend's device plays seat `i` (1 to 4), when it is remote.
    pub fn friend_of(&self, i: usize) -> u8 {
        self.friend.get(i).copied().unwrap_or(1).clamp(1, FRIENDS)
    }

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
                // (A classic game's settings once kept no stacks: 0 0 0.)
                stacks: if ng.stacks[0] == 0 {
                    DEFAULT_STACKS
                } else {
                    ng.stacks
                }
                .map(|n| n.to_string()),
                options: ng.options,
                seed: ng.seed.map(|s| s.to_string()).unwrap_or_default(),
                speed: ng.speed,
                aids: ng.aids,
                remote: ng.remote.clone(),
                friend: ng.friend.clone(),
            },
            None => Form {
                ruleset: Ruleset::City,
                expansions: classic::Expansions::BASE,
                classic_options: classic::Options::default(),
                tiles: String::new(),
                seats: (0..2)
                    .map(|i| (default_names()[i].to_string(), PlayerColour::ALL[i], None))
                    .collect(),
                stacks: DEFAULT_STACKS.map(|n| n.to_string()),
                options: Options::default(),
                seed: String::new(),
                speed: Speed::default(),
                aids: true,
                remote: Vec::new(),
                friend: Vec::new(),
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
            let seat = i + 1;
            if name.trim().is_empty() {
                errors.push(msg::new_game::error_name_empty(seat));
            } else if check_player_name(name.trim()).is_err() {
                // The engine's two other reasons, in the form's words, with
                // the name quoted (as text: it is never markup).
                let name = name.trim();
                errors.push(if name.chars().count() > 24 {
                    msg::new_game::error_name_long(seat, name)
                } else {
                    msg::new_game::error_name_characters(seat, name)
                });
            }
        }
        for i in 0..self.seats.len() {
            for j in i + 1..self.seats.len() {
                if self.seats[i].1 == self.seats[j].1 {
                    errors.push(msg::new_game::error_same_colour(i + 1, j + 1));
                }
                if self.seats[i].0.trim() == self.seats[j].0.trim() {
                    errors.push(msg::new_game::error_same_name(i + 1, j + 1));
                }
            }
        }
        let seats = self.ruleset.seats();
        if !seats.contains(&self.seats.len()) {
            errors.push(msg::new_game::error_seats(
                names::ruleset(self.ruleset),
                *seats.start(),
                *seats.end(),
            ));
        }
        let mut stacks = [0u32; 3];
        let mut tiles = None;
        match self.ruleset {
            Ruleset::City => {
                for (k, s) in self.stacks.iter().enumerate() {
                    match s.trim().parse::<u32>() {
                        Ok(n) => stacks[k] = n,
                        Err(_) => errors.push(msg::new_game::error_stack(k + 1)),
                    }
                }
                let total: u32 = stacks.iter().sum();
                if stacks[0] == 0 {
                    errors.push(msg::new_game::error_first_stack().into());
                }
                if total > TOTAL_TILES {
                    errors.push(msg::new_game::error_stacks_total(total, TOTAL_TILES));
                }
            }
            Ruleset::Classic => {
                // The City's stacks as the form holds them (else its
                // defaults), so that the form shows them again when the
                // player leaves this game and picks The City.
                for (k, s) in self.stacks.iter().enumerate() {
                    stacks[k] = s.trim().parse().unwrap_or(DEFAULT_STACKS[k]);
                }
                if let Err(e) = self.classic_options.check(self.expansions) {
                    errors.push(classic_option_words(&e));
                }
                let t = self.tiles.trim();
                if !t.is_empty() {
                    match t.parse::<usize>() {
                        Ok(n) if n >= 1 => tiles = Some(n),
                        _ => errors.push(msg::new_game::error_tiles().into()),
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
                    errors.push(msg::new_game::error_seed().into());
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
            aids: self.aids,
            remote: (0..self.seats.len()).map(|i| self.is_remote(i)).collect(),
            friend: (0..self.seats.len()).map(|i| self.friend_of(i)).collect(),
        })
    }
}

/// An edit of the form from a change event.
type EditEvent = dyn Fn(&mut Form, &Event);
/// An edit of the form from a text field's new value.
type EditText = dyn Fn(&mut Form, String);

#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// The language spoken: a new one draws the screen again.
    pub lang: i18n::Language,
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

/// A message, by the function that says it in the chosen language.
type Words = fn() -> &'static str;

/// The rule options: name, label, explanation.
const OPTION_TEXT: [(&str, Words, Words); 3] = {
    use msg::new_game as m;
    [
        (
            "round-needs-follower",
            m::round_needs_follower,
            m::round_needs_follower_about,
        ),
        (
            "score-before-guard",
            m::score_before_guard,
            m::score_before_guard_about,
        ),
        (
            "cross-side-adjacency",
            m::cross_side_adjacency,
            m::cross_side_adjacency_about,
        ),
    ]
};

/// A rule check's complaint in the form's words.
fn classic_option_words(e: &OptionProblem) -> String {
    match e {
        OptionProblem::FarmScoring { .. } => msg::new_game::error_farms().into(),
        e => msg::new_game::error_rules(&view::errors::option(e)),
    }
}

/// An option's values, each with its words.
type Values = &'static [(&'static str, Words)];

/// Classic's choices with values: option name, label, (value, words).
const CLASSIC_CHOICES: [(&str, Words, Values); 2] = {
    use msg::new_game as m;
    [
        (
            "farm-scoring",
            m::farm_scoring,
            &[
                ("3rd", m::farm_3rd),
                ("2nd", m::farm_2nd),
                ("1st", m::farm_1st),
            ],
        ),
        (
            "small-city",
            m::small_city,
            &[("4", m::small_city_4), ("2", m::small_city_2)],
        ),
    ]
};

/// Old City's switches: option name, label, explanation.
const OLD_CITY_SWITCHES: [(&str, Words, Words); 7] = {
    use msg::new_game as m;
    [
        (
            "oc-proportional",
            m::oc_proportional,
            m::oc_proportional_about,
        ),
        ("oc-wood", m::oc_wood, m::oc_wood_about),
        ("oc-coins", m::oc_coins, m::oc_coins_about),
        ("oc-guesthouse", m::oc_guesthouse, m::oc_guesthouse_about),
        ("oc-wyvern", m::oc_wyvern, m::oc_wyvern_about),
        ("coin-limit", m::coin_limit, m::coin_limit_about),
        ("plaza-pennants", m::plaza_pennants, m::plaza_pennants_about),
    ]
};

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

/// A speed's name in the chosen language.
fn speed_name(s: Speed) -> &'static str {
    match s {
        Speed::Fast => msg::speed::fast(),
        Speed::Normal => msg::speed::normal(),
        Speed::Slow => msg::speed::slow(),
    }
}

#[function_component(NewGameScreen)]
pub fn new_game_screen(props: &NewGameProps) -> Html {
    let form = use_state(|| Form::from_new_game(props.initial.as_ref()));
    let errors = use_state(Vec::<String>::new);
    // Another language: the seats still named by the last one's defaults
    // take this one's (a name typed stays).
    {
        let form = form.clone();
        let shown = use_mut_ref(default_names);
        use_effect_with(props.lang, move |_| {
            let now = default_names();
            let before = std::mem::replace(&mut *shown.borrow_mut(), now);
            if before != now {
                let mut next = (*form).clone();
                let mut changed = false;
                for seat in &mut next.seats {
                    if let Some(j) = before.iter().position(|d| *d == seat.0) {
                        seat.0 = now[j].to_string();
                        changed = true;
                    }
                }
                if changed {
                    form.set(next);
                }
            }
        });
    }

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
            let v = select_value(e);
            f.seats[i].2 = Level::from_name(&v);
            f.remote.resize(f.seats.len(), false);
            f.remote[i] = v == "friend";
        }));
        let remote = form.is_remote(i);
        // Which friend's device (issue 37: three to five devices).
        let on_friend = update(Box::new(move |f, e| {
            if let Ok(n) = select_value(e).parse::<u8>() {
                f.friend.resize(f.seats.len(), 1);
                f.friend[i] = n.clamp(1, FRIENDS);
            }
        }));
        let friend = form.friend_of(i);
        let remove = {
            let form = form.clone();
            Callback::from(move |_: MouseEvent| {
                let mut next = (*form).clone();
                if next.seats.len() > 2 {
                    next.seats.remove(i);
                    if i < next.remote.len() {
                        next.remote.remove(i);
                    }
                    if i < next.friend.len() {
                        next.friend.remove(i);
                    }
                }
                form.set(next);
            })
        };
        html! {
            <li class={classes!("seat", colour.css_class())}>
                <span class="seat-no">{ i + 1 }</span>
                <span class="swatch big"></span>
                <input type="text" maxlength="24" value={name.clone()} data-testid={format!("name-{i}")}
                    aria-label={msg::new_game::name_of(i + 1)} oninput={on_name} />
                <select data-testid={format!("colour-{i}")} aria-label={msg::new_game::colour_of(i + 1)}
                    onchange={on_colour}>
                    { for PlayerColour::ALL.iter().map(|c| html! {
                        <option value={c.name()} selected={c == colour}>
                            { match holder(*c) {
                                Some(j) => msg::new_game::swap(names::colour(*c), j + 1),
                                None => names::colour(*c).to_string(),
                            } }</option>
                    }) }
                </select>
                <select data-testid={format!("kind-{i}")} aria-label={msg::new_game::who_plays(i + 1)}
                    onchange={on_kind}>
                    <option value="human" selected={computer.is_none() && !remote}>{ msg::new_game::human() }</option>
                    { for COMPUTER_LEVELS.iter().map(|l| html! {
                        <option value={l.name()} selected={*computer == Some(*l)}>
                            { msg::new_game::computer(names::level(*l)) }</option>
                    }) }
                    <option value="friend" selected={remote}>{ msg::new_game::friend() }</option>
                </select>
                if remote {
                    <select data-testid={format!("friend-{i}")} aria-label={msg::new_game::which_friend(i + 1)}
                        onchange={on_friend}>
                        { for (1..=FRIENDS).map(|n| html! {
                            <option value={n.to_string()} selected={n == friend}>{ msg::new_game::friend_n(n) }</option>
                        }) }
                    </select>
                }
                <button class="quiet small" data-testid={format!("remove-seat-{i}")} onclick={remove}
                    disabled={form.seats.len() <= 2} title={msg::new_game::remove_seat()}
                    aria-label={msg::new_game::remove_seat_n(i + 1)}><span aria-hidden="true">{ "✕" }</span></button>
            </li>
        }
    });

    let on_speed = update(Box::new(|f, e| {
        if let Some(s) = Speed::from_name(&select_value(e)) {
            f.speed = s;
        }
    }));
    let any_computer = form.seats.iter().any(|s| s.2.is_some());
    let any_remote = (0..form.seats.len()).any(|i| form.is_remote(i));
    // A friend's seat: the code of games across devices is fetched now,
    // before Start is pressed (`super::correspondence`).
    use_effect_with(any_remote, |&remote| {
        if remote {
            super::correspondence::preload(|| ());
        }
    });

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
                let name = default_names()
                    .iter()
                    .find(|d| !next.seats.iter().any(|s| s.0 == **d))
                    .map_or(msg::new_game::default_player(n + 1), |d| d.to_string());
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
                <span>{ msg::new_game::stack(["I", "II", "III"][k]) }</span>
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
    let on_aids = update(Box::new(|f, e| f.aids = input_checked(e)));
    let options = OPTION_TEXT.iter().map(|&(name, label, text)| {
        let on = update(Box::new(move |f, e| {
            f.options.set(name, input_checked(e));
        }));
        html! {
            <label class="option">
                <input type="checkbox" checked={form.options.get(name).unwrap_or(false)}
                    data-testid={format!("option-{name}")} onchange={on} />
                <span><b>{ label() }</b><br /><small>{ text() }</small></span>
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
                <span>{ label() }</span>
                <select data-testid={format!("classic-{name}")} onchange={on}>
                    { for values.iter().map(|&(v, words)| {
                        // B9.4: only the third edition's farms with proportional scoring.
                        let blocked = name == "farm-scoring" && v != "3rd" && proportional;
                        html! { <option value={v} selected={v == now} disabled={blocked}>{ words() }</option> }
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
                <span><b>{ label() }</b><br /><small>{ text() }</small></span>
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
            <h2 data-testid="new-game-title" tabindex="-1">{ if classic_form { msg::new_game::title_classic() } else { msg::new_game::title_city() } }</h2>
            <fieldset class="game-choice" data-testid="game-choice">
                <legend>{ msg::new_game::which_game() }</legend>
                <label class="option">
                    <input type="radio" name="ruleset" value="the-city" data-testid="game-the-city"
                        checked={!classic_form} onchange={choose_game(Ruleset::City)} />
                    <span><b>{ msg::game::city() }</b><br />
                        <small>{ msg::new_game::city_about() }</small></span>
                </label>
                <label class="option">
                    <input type="radio" name="ruleset" value="classic" data-testid="game-classic"
                        checked={classic_form} onchange={choose_game(Ruleset::Classic)} />
                    <span><b>{ msg::game::classic() }</b><br />
                        <small>{ msg::new_game::classic_about() }</small></span>
                </label>
            </fieldset>
            <fieldset>
                <legend>{ msg::new_game::players() }</legend>
                <ol class="seats">{ for seats }</ol>
                <button type="button" class="quiet" data-testid="add-seat" onclick={add_seat}
                    disabled={form.seats.len() >= *form.ruleset.seats().end()}>{ msg::new_game::add_player() }</button>
                if any_remote {
                    <p class="fair-note" data-testid="fair-note">{ msg::new_game::fair_note() }</p>
                    { stun_setting() }
                }
                if any_computer {
                    <label class="speed-choice">
                        <span>{ msg::new_game::computer_plays() }</span>
                        <select data-testid="new-speed" onchange={on_speed}>
                            { for Speed::ALL.iter().map(|s| html! {
                                <option value={s.name()} selected={*s == form.speed}>{ speed_name(*s) }</option>
                            }) }
                        </select>
                    </label>
                }
            </fieldset>
            if classic_form {
                <fieldset data-testid="expansions">
                    <legend>{ msg::new_game::expansions() }</legend>
                    <label class="option">
                        <input type="checkbox" checked={form.expansions.city_gates} data-testid="expansion-city-gates"
                            onchange={expansion("city-gates")} />
                        <span><b>{ msg::game::city_gates() }</b><br /><small>{ msg::new_game::city_gates_about() }</small></span>
                    </label>
                    <label class="option">
                        <input type="checkbox" checked={form.expansions.old_city} data-testid="expansion-old-city"
                            onchange={expansion("old-city")} />
                        <span><b>{ msg::game::old_city() }</b><br /><small>{ msg::new_game::old_city_about() }</small></span>
                    </label>
                </fieldset>
                <fieldset>
                    <legend>{ msg::new_game::length() }</legend>
                    <label class="seed">
                        <span>{ msg::new_game::tiles_to_play() }</span>
                        <input type="number" min="1" placeholder={msg::new_game::whole_pile_hint()} value={form.tiles.clone()}
                            data-testid="classic-tiles" oninput={on_tiles} />
                    </label>
                    <div class="presets">
                        <button type="button" class="quiet" data-testid="preset-whole" onclick={pile_preset(None)}>
                            { msg::new_game::whole_pile() }</button>
                        <button type="button" class="quiet" data-testid="preset-short-pile" onclick={pile_preset(Some(SHORT_PILE))}>
                            { msg::new_game::short_pile(SHORT_PILE) }</button>
                    </div>
                </fieldset>
            }
            <fieldset hidden={classic_form}>
                <legend>{ msg::new_game::length() }</legend>
                <div class="stacks-row">{ for stack_inputs }</div>
                <div class="presets">
                    <button type="button" class="quiet" data-testid="preset-full" onclick={preset(DEFAULT_STACKS)}>
                        { msg::new_game::full_game() }</button>
                    <button type="button" class="quiet" data-testid="preset-short" onclick={preset(SHORT_STACKS)}>
                        { msg::new_game::short_game() }</button>
                </div>
            </fieldset>
            <label class="option aids-setting">
                <input type="checkbox" checked={form.aids} data-testid="aids-setting" onchange={on_aids} />
                <span><b>{ msg::aids::setting() }</b><br /><small>{ msg::aids::setting_about() }</small></span>
            </label>
            <details class="advanced">
                <summary>{ msg::new_game::advanced() }</summary>
                <label class="seed">
                    <span>{ msg::new_game::seed() }</span>
                    <input type="text" inputmode="numeric" placeholder={msg::new_game::seed_hint()} value={form.seed.clone()}
                        data-testid="seed" oninput={on_seed} />
                </label>
                if classic_form {
                    <div class="options">{ for classic_choices }</div>
                    if form.expansions.old_city {
                        <fieldset class="old-city-parts" data-testid="old-city-parts">
                            <legend>{ msg::new_game::old_city_parts() }</legend>
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
                <button type="button" class="quiet" onclick={help}>{ msg::new_game::how_to_play() }</button>
                <button type="submit" class="primary big" data-testid="start-game">
                    { if classic_form { msg::new_game::start_classic() } else { msg::new_game::start_city() } }</button>
            </div>
        </form>
    }
}

/// Live play's STUN server (issue 37): the one outside server a live game
/// contacts, named and changeable; empty, the devices meet on one network
/// only (`super::live`).
fn stun_setting() -> Html {
    let change = Callback::from(|e: Event| {
        if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            super::live::set_stun(&input.value());
        }
    });
    html! {
        <label class="stun-setting">
            <span>{ msg::live::stun_label() }</span>
            <input type="text" data-testid="stun" spellcheck="false" autocomplete="off"
                value={super::live::stun().unwrap_or_default()} onchange={change}
                placeholder={super::live::DEFAULT_STUN} />
            <small>{ msg::live::stun_help() }</small>
        </label>
    }
}
