//! The text view: the game in words for screen readers (and anyone who
//! prefers to read), after lichess's blind mode, in both games. It says
//! whose decision it is, the tile in hand and what may be done, answers
//! questions about the board, and takes moves typed in (`view::command`).
//! The words come from the records' chunk (`crate::records::Job::Text`,
//! `ui::records`): they are seldom needed, and large. What happens is
//! announced by `Announcer`, which is always on the page. The words are
//! asked again when the language changes.

use std::rc::Rc;

use yew::prelude::*;

use super::records;
use super::state::{Action, Play};
use crate::records::{Answer, Job};
use engine::any::AnyGame;
use i18n::msg::text_view as m;
use view::command::Command;
use view::log::LogTurn;
use view::words::sentence;

#[derive(Properties, PartialEq)]
pub struct TextViewProps {
    pub play: Play,
    pub dispatch: Callback<Action>,
}

/// Give the keyboard focus to the element of a test id, if it is there.
pub fn focus_testid(id: &str) {
    if let Some(el) = gloo::utils::document()
        .query_selector(&format!("[data-testid={id}]"))
        .ok()
        .flatten()
    {
        super::modal::focus_el(&el);
    }
}

/// The text view's answers so far, newest last (a few are kept).
#[derive(Default, PartialEq)]
struct Answers(Vec<String>);

impl Reducible for Answers {
    type Action = String;
    fn reduce(self: Rc<Self>, said: String) -> Rc<Self> {
        let mut v = self.0.clone();
        v.push(said);
        let n = v.len();
        if n > 6 {
            v.drain(..n - 6);
        }
        Rc::new(Answers(v))
    }
}

/// The position's words: which position (its version), the tile in hand,
/// the options.
type Words = (u64, Option<String>, String);

/// What is done with a typed line once read, in the game it was typed in.
type Then = Box<dyn FnOnce(Command<usize>, &AnyGame)>;

#[function_component(TextView)]
pub fn text_view(props: &TextViewProps) -> Html {
    let line = use_state(String::new);
    let answers = use_reducer(Answers::default);
    let words = use_state(|| None::<Words>);
    let play = &props.play;
    // The position on the page now: an answer about an older one is stale.
    let now = use_mut_ref(|| play.version);
    *now.borrow_mut() = play.version;
    // Ask the records' chunk about this position, with a line typed or
    // not; `then` hears what the line asks for, if it is still this
    // position's.
    let ask = {
        let (game, version, words, now) =
            (play.game.clone(), play.version, words.clone(), now.clone());
        let names = play.view.names.as_ref().clone();
        let rot = play.ui.rot.map(|r| r.quarter_turns());
        let say = answers.dispatcher();
        move |line: Option<String>, then: Then| {
            let job = Job::Text {
                game: (*game).clone(),
                names: names.clone(),
                line,
                rot,
            };
            let (game, words, now, say) = (game.clone(), words.clone(), now.clone(), say.clone());
            records::ask(job, move |answer| match answer {
                Answer::TextView {
                    hand,
                    options,
                    typed,
                } if *now.borrow() == version => {
                    words.set(Some((version, hand, options)));
                    if let Some(c) = typed {
                        then(c, &game);
                    }
                }
                Answer::TextView { typed: Some(_), .. } => say.dispatch(m::moved_on().into()),
                Answer::Failed(why) => say.dispatch(m::failed(&why)),
                _ => {}
            });
        }
    };
    {
        // On opening, after each move and when the language changes: the
        // position's words.
        let ask = ask.clone();
        use_effect_with((play.version, i18n::current()), move |_| {
            ask(None, Box::new(|_, _| ()))
        });
    }
    let run = {
        let say = answers.dispatcher();
        let d = props.dispatch.clone();
        move |typed: String| {
            let (say, d) = (say.clone(), d.clone());
            let line = typed.clone();
            ask(
                Some(typed),
                Box::new(move |c, game| match c {
                    Command::Play(i) => {
                        if let Some(&c) = game.legal_choices().get(i) {
                            say.dispatch(m::done(line.trim()));
                            d.emit(Action::Choose(c));
                        }
                    }
                    Command::Say(s) => say.dispatch(s),
                    Command::Undo => d.emit(Action::Undo),
                    Command::Hint => {
                        say.dispatch(m::hint().into());
                        d.emit(Action::Hint)
                    }
                }),
            )
        }
    };
    let submit = {
        let line = line.clone();
        let run = run.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            run((*line).clone());
            line.set(String::new());
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
    let question = |q: &'static str| {
        let run = run.clone();
        Callback::from(move |_: MouseEvent| run(q.into()))
    };
    // Closed, the focus goes back to the button that opens it.
    let close = {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            d.emit(Action::TextView(false));
            focus_testid("text-view-toggle");
        })
    };
    let prompt = play.prompt();
    let computer = play.computer_to_move().is_some() && !play.view_only;
    let city = play.game.as_city().is_some();
    let help = if city {
        view::city::command::help()
    } else {
        view::classic::command::help()
    };
    let current = (*words).clone().filter(|w| w.0 == play.version);
    html! {
        <section class="text-view" data-testid="text-view" aria-labelledby="text-view-title">
            <h2 id="text-view-title">{ m::title() }</h2>
            <p data-testid="text-state">
                { m::state(play.game.turn(), &sentence(&prompt.title)) }
                if computer { { " " }{ m::computer_decides() } }
            </p>
            if let Some((_, hand, options)) = current {
                if let Some(hand) = hand {
                    <p data-testid="text-hand">{ hand }</p>
                }
                if !computer {
                    <p data-testid="text-options">{ options }</p>
                }
            }
            <form class="text-command" onsubmit={submit}>
                <label for="text-command-input">{ m::your_move() }</label>
                <input id="text-command-input" type="text" data-testid="text-command"
                    autocomplete="off" spellcheck="false" value={(*line).clone()} oninput={oninput}
                    aria-describedby="text-command-help" />
                <button type="submit" data-testid="text-go">{ m::go() }</button>
            </form>
            <p id="text-command-help" class="text-help">{ help }</p>
            <div class="text-quick">
                <button type="button" class="small quiet" onclick={question("board")}>{ m::board() }</button>
                <button type="button" class="small quiet" onclick={question("followers")}>{ m::followers() }</button>
                if city {
                    <button type="button" class="small quiet" onclick={question("walls")}>{ m::walls() }</button>
                }
                <button type="button" class="small quiet" onclick={question("scores")}>{ m::scores() }</button>
                <button type="button" class="small quiet" data-testid="text-close" onclick={close}>{ m::close() }</button>
            </div>
            <div class="text-answers" data-testid="text-answers" aria-live="polite">
                { for answers.0.iter().map(|a| html! { <p>{ a.clone() }</p> }) }
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
        Some(n) if lines.len() < n => *said.borrow_mut() = m::taken_back().into(),
        _ => {}
    }
    *s = Some(lines.len());
    html! {
        <div class="sr-only" role="log" aria-live="polite" data-testid="announcer">
            <p>{ said.borrow().clone() }</p>
        </div>
    }
}
