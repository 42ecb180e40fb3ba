//! The text view: the game in words for screen readers (and anyone who
//! prefers to read), after lichess's blind mode. It says whose decision it
//! is, the tile in hand and what may be done, answers questions about the
//! board, and takes moves typed in (`view::city::command`). What happens is
//! announced by `Announcer`, which is always on the page.

use std::rc::Rc;

use yew::prelude::*;

use super::state::{Action, AppState, Play};
use crate::engine::core::geom::Rotation;
use crate::view::city::command::{command, Command, HELP};
use crate::view::city::describe;
use crate::view::log::LogTurn;
use crate::view::words::sentence;

#[derive(Properties, PartialEq)]
pub struct TextViewProps {
    pub play: Play,
    pub dispatch: UseReducerDispatcher<AppState>,
}

#[function_component(TextView)]
pub fn text_view(props: &TextViewProps) -> Html {
    let line = use_state(String::new);
    // The answers so far, newest last (a few are kept).
    let answers = use_state(Vec::<String>::new);
    let input = use_node_ref();
    let play = &props.play;
    let game = play.game.clone();
    let names = play.view.names.clone();
    let rot = play.ui.rot;
    let d = props.dispatch.clone();
    let say = {
        let answers = answers.clone();
        move |text: String| {
            let mut v = (*answers).clone();
            v.push(text);
            let n = v.len();
            if n > 6 {
                v.drain(..n - 6);
            }
            answers.set(v);
        }
    };
    let submit = {
        let line = line.clone();
        let say = say.clone();
        let game = game.clone();
        let names = names.clone();
        let d = d.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let typed = (*line).clone();
            line.set(String::new());
            let Some(city) = game.as_city() else { return };
            match command(city, &names, &typed, rot) {
                Command::Play(c) => {
                    say(format!("{}: done.", typed.trim()));
                    d.dispatch(Action::Choose(crate::engine::any::AnyChoice::City(c)));
                }
                Command::Say(s) => say(s),
                Command::Undo => d.dispatch(Action::Undo),
                Command::Hint => d.dispatch(Action::Hint),
            }
        })
    };
    let oninput = {
        let line = line.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                line.set(i.value());
            }
        })
    };
    let ask = |q: &'static str| {
        let say = say.clone();
        let game = game.clone();
        let names = names.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(city) = game.as_city() {
                if let Command::Say(s) = command(city, &names, q, rot) {
                    say(s)
                }
            }
        })
    };
    let close = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::TextView(false)))
    };
    let prompt = play.prompt();
    let computer = play.computer_to_move().is_some() && !play.view_only;
    let Some(city) = play.game.as_city() else {
        // Classic Carcassonne: the decision, the tile in hand and the
        // scores in words; moves are made on the board (arrow keys, Enter,
        // R, N) or with the prompt's buttons.
        let hand = play.drawn_tile().map(|t| {
            crate::view::any::tile_words(play.game.ruleset(), t, rot.unwrap_or(Rotation::ALL[0]))
        });
        let scores: Vec<String> = play
            .view
            .panel
            .players
            .iter()
            .map(|r| format!("{} {}", r.name, r.score))
            .collect();
        return html! {
            <section class="text-view" data-testid="text-view" aria-labelledby="text-view-title">
                <h2 id="text-view-title">{ "Text view" }</h2>
                <p data-testid="text-state">
                    { format!("Turn {}. {} {}", play.game.turn(), sentence(&prompt.title), prompt.detail) }
                    if computer { { " The computer decides." } }
                </p>
                if let Some(hand) = hand {
                    <p data-testid="text-hand">{ format!("The tile in hand: {hand}.") }</p>
                }
                <p data-testid="text-scores">{ format!("Scores: {}.", scores.join(", ")) }</p>
                <p class="text-help">{ "On the board, the arrow keys go from space to space or target to target, Enter takes it, R turns the tile and N says no. Typed moves are for Carcassonne: The City." }</p>
                <div class="text-quick">
                    <button type="button" class="small quiet" onclick={close}>{ "Close the text view" }</button>
                </div>
            </section>
        };
    };
    html! {
        <section class="text-view" data-testid="text-view" aria-labelledby="text-view-title">
            <h2 id="text-view-title">{ "Text view" }</h2>
            <p data-testid="text-state">
                { format!("Turn {}. {}", play.game.turn(), sentence(&prompt.title)) }
                if computer { { " The computer decides." } }
            </p>
            if let Some(hand) = describe::hand_words(city) {
                <p data-testid="text-hand">{ hand }</p>
            }
            if !computer {
                <p data-testid="text-options">{ describe::options_words(city) }</p>
            }
            <form class="text-command" onsubmit={submit}>
                <label for="text-command-input">{ "Your move or question" }</label>
                <input ref={input} id="text-command-input" type="text" data-testid="text-command"
                    autocomplete="off" spellcheck="false" value={(*line).clone()} oninput={oninput}
                    aria-describedby="text-command-help" />
                <button type="submit" data-testid="text-go">{ "Go" }</button>
            </form>
            <p id="text-command-help" class="text-help">{ HELP }</p>
            <div class="text-quick">
                <button type="button" class="small quiet" onclick={ask("board")}>{ "The board" }</button>
                <button type="button" class="small quiet" onclick={ask("followers")}>{ "Followers" }</button>
                <button type="button" class="small quiet" onclick={ask("walls")}>{ "The wall" }</button>
                <button type="button" class="small quiet" onclick={ask("scores")}>{ "Scores" }</button>
                <button type="button" class="small quiet" onclick={close}>{ "Close the text view" }</button>
            </div>
            <div class="text-answers" data-testid="text-answers" aria-live="polite">
                { for answers.iter().map(|a| html! { <p>{ a.clone() }</p> }) }
            </div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct AnnouncerProps {
    pub turns: Rc<Vec<Rc<LogTurn>>>,
}

/// A live region (read by screen readers, not shown) that announces each
/// move and score as the chronicle gets it, the computer's included.
#[function_component(Announcer)]
pub fn announcer(props: &AnnouncerProps) -> Html {
    let lines: Vec<&str> = props
        .turns
        .iter()
        .flat_map(|t| t.lines.iter().map(|l| l.text.as_str()))
        .collect();
    let seen = use_mut_ref(|| None::<usize>);
    let said = use_mut_ref(String::new);
    let mut s = seen.borrow_mut();
    match *s {
        // The first render: nothing has happened yet (a game opened).
        None => {}
        Some(n) if lines.len() > n => *said.borrow_mut() = lines[n..].join(" "),
        Some(n) if lines.len() < n => *said.borrow_mut() = "A move was taken back.".into(),
        _ => {}
    }
    *s = Some(lines.len());
    html! {
        <div class="sr-only" role="log" aria-live="polite" data-testid="announcer">
            <p>{ said.borrow().clone() }</p>
        </div>
    }
}
