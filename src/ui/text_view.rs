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
use view::command::{Command, Reading};
use view::log::LogTurn;
use view::words::sentence;

#[derive(Properties, PartialEq)]
pub struct TextViewProps {
    pub play: Play,
    pub dispatch: Callback<Action>,
    /// In the game review: its words for the decision shown (the prompt's
    /// detail) instead of the position's decision and options (issue 40).
    #[prop_or_default]
    pub review: bool,
    /// A variation of the review ("Try it"): said before the decision.
    #[prop_or_default]
    pub variation: Option<AttrValue>,
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

/// The text view's answers so far, newest last (a few are kept), each
/// with its number: drawn keyed, an answer's node is never rewritten, so a
/// screen reader hears only the new one (the log appends).
#[derive(Default, PartialEq)]
struct Answers(Vec<(u64, String)>, u64);

impl Reducible for Answers {
    type Action = String;
    fn reduce(self: Rc<Self>, said: String) -> Rc<Self> {
        let mut v = self.0.clone();
        v.push((self.1, said));
        let n = v.len();
        if n > 6 {
            v.drain(..n - 6);
        }
        Rc::new(Answers(v, self.1 + 1))
    }
}

/// The position's words: which position (its version), the tile in hand,
/// the options.
type Words = (u64, Option<String>, String);

/// What is done with a typed line once read, in the game it was typed in.
type Then = Box<dyn FnOnce(Command<usize>, &AnyGame)>;

/// Where the text view's "short answers" setting is kept.
const TERSE_KEY: &str = "the-city-text-terse";

fn terse_kept() -> bool {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(TERSE_KEY).ok().flatten())
        .is_some_and(|v| v == "1")
}

fn keep_terse(on: bool) {
    if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.set_item(TERSE_KEY, if on { "1" } else { "0" });
    }
}

#[function_component(TextView)]
pub fn text_view(props: &TextViewProps) -> Html {
    let line = use_state(String::new);
    let answers = use_reducer(Answers::default);
    let words = use_state(|| None::<Words>);
    let terse = use_state(terse_kept);
    let play = &props.play;
    // The position on the page now: an answer about an older one is stale.
    let now = use_mut_ref(|| play.version);
    *now.borrow_mut() = play.version;
    // The last position whose decision was said unasked (not the one the
    // text view opened on).
    let told = use_mut_ref(|| play.version);
    let prompt = play.prompt();
    let computer = play.computer_to_move().is_some() && !play.view_only;
    // A fair game waiting for another device says so, not a decision; a
    // review reads the review's words.
    let names: Vec<String> = play.seats.iter().map(|s| s.name.clone()).collect();
    let waiting_words = super::star_invites::waiting(play, &names).map(|(_, w)| w);
    let title = waiting_words.as_deref().unwrap_or(&prompt.title);
    let state_words = if props.review && !prompt.detail.is_empty() {
        prompt.detail.clone()
    } else {
        m::state(play.game.turn(), &sentence(title))
    };
    let state_words = match &props.variation {
        Some(v) => format!("{v} {state_words}"),
        None => state_words,
    };
    // Ask the records' chunk about this position, with a line typed or
    // not; `then` hears what the line asks for, if it is still this
    // position's.
    let ask = {
        let (game, version, words, now) =
            (play.game.clone(), play.version, words.clone(), now.clone());
        let names = play.view.names.as_ref().clone();
        let rot = play.ui.rot.map(|r| r.quarter_turns());
        // A computer deciding: a move typed now is not its move.
        let waiting = computer
            .then(|| names.get(play.game.to_move() as usize).cloned())
            .flatten();
        let terse = *terse;
        // A fair game's stand-in tile in hand is not said (issue 37).
        let hand_unknown = !play.known;
        let say = answers.dispatcher();
        let told = told.clone();
        // After a move, a person's next decision is said with its options,
        // unasked (a screen reader need not type "options").
        let tell = (!computer && !play.view_only).then(|| state_words.clone());
        move |line: Option<String>, then: Then| {
            let asked = line.is_some();
            let job = Job::Text {
                game: (*game).clone(),
                names: names.clone(),
                line,
                rot,
                how: Reading {
                    waiting: waiting.clone(),
                    terse,
                    hand_unknown,
                },
            };
            let (game, words, now, say, told, tell) = (
                game.clone(),
                words.clone(),
                now.clone(),
                say.clone(),
                told.clone(),
                tell.clone(),
            );
            records::ask(job, move |answer| match answer {
                Answer::TextView {
                    hand,
                    options,
                    typed,
                } if *now.borrow() == version => {
                    if !asked && *told.borrow() != version {
                        *told.borrow_mut() = version;
                        if let Some(state) = tell {
                            let what = match (&hand, terse) {
                                (Some(hand), false) => hand.clone(),
                                _ => options.clone(),
                            };
                            say.dispatch(format!("{state} {what}"));
                        }
                    }
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
        // On opening, after each move, when the language or the answers'
        // length changes: the position's words.
        let ask = ask.clone();
        use_effect_with((play.version, i18n::current(), *terse), move |_| {
            ask(None, Box::new(|_, _| ()))
        });
    }
    let set_terse = {
        let terse = terse.clone();
        move |on: bool| {
            keep_terse(on);
            terse.set(on);
        }
    };
    let run = {
        let say = answers.dispatcher();
        let d = props.dispatch.clone();
        let set_terse = set_terse.clone();
        // The review's board: a move, Undo or a hint typed is not played
        // there (only in a variation), and it says so.
        let review = props.review;
        move |typed: String| {
            let (say, d, set_terse) = (say.clone(), d.clone(), set_terse.clone());
            let line = typed.clone();
            ask(
                Some(typed),
                Box::new(move |c, game| match c {
                    Command::Play(_) | Command::Undo | Command::Hint if review => {
                        say.dispatch(i18n::msg::trial::text_not_played().into())
                    }
                    Command::Play(i) => {
                        if let Some(&c) = game.legal_choices().get(i) {
                            // A placement says where and which way it went
                            // (a bare space takes a turn of its own).
                            say.dispatch(match view::any::placement_of(c) {
                                Some((cell, rot)) => i18n::msg::survey::placed_turned(
                                    &view::words::cell_name(cell),
                                    &view::words::turn_name(rot),
                                ),
                                None => m::done(line.trim()),
                            });
                            d.emit(Action::Choose(c));
                        }
                    }
                    Command::Say(s) => say.dispatch(s),
                    Command::Undo => d.emit(Action::Undo),
                    Command::Hint => {
                        say.dispatch(m::hint().into());
                        d.emit(Action::TypedHint)
                    }
                    Command::Terse(on) => {
                        set_terse(on);
                        say.dispatch(
                            if on {
                                i18n::msg::survey::terse_on()
                            } else {
                                i18n::msg::survey::verbose_on()
                            }
                            .into(),
                        );
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
    let on_terse = Callback::from(move |e: Event| {
        if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            set_terse(i.checked());
        }
    });
    // Closed, the focus goes back to the button that opens it.
    let close = {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            d.emit(Action::TextView(false));
            focus_testid("text-view-toggle");
        })
    };
    let city = play.game.as_city().is_some();
    let help = if city {
        view::city::command::help()
    } else {
        view::classic::command::help()
    };
    // A fair game waiting for another device: its tile in hand is not
    // known here (a stand-in): neither it nor its options are said.
    let current = (*words)
        .clone()
        .filter(|w| w.0 == play.version && !play.waiting());
    html! {
        <section class="text-view" data-testid="text-view" aria-labelledby="text-view-title">
            <h2 id="text-view-title">{ m::title() }</h2>
            <p data-testid="text-state">
                { state_words.clone() }
                if computer { { " " }{ m::computer_decides() } }
            </p>
            if let Some((_, hand, options)) = current {
                if let (Some(hand), false) = (hand, props.review) {
                    <p data-testid="text-hand">{ hand }</p>
                }
                if !computer && !props.review {
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
                <button type="button" class="small quiet" onclick={question("open")}>{ m::open() }</button>
                <button type="button" class="small quiet" onclick={question("followers")}>{ m::followers() }</button>
                if city {
                    <button type="button" class="small quiet" onclick={question("walls")}>{ m::walls() }</button>
                }
                <button type="button" class="small quiet" onclick={question("scores")}>{ m::scores() }</button>
                <button type="button" class="small quiet" data-testid="text-tiles" onclick={question("tiles")}>{ m::tiles() }</button>
                <label class="text-terse">
                    <input type="checkbox" data-testid="text-terse" checked={*terse} onchange={on_terse} />
                    { m::terse() }
                </label>
                <button type="button" class="small quiet" data-testid="text-close" onclick={close}>{ m::close() }</button>
            </div>
            <div class="text-answers" data-testid="text-answers" role="log" aria-live="polite"
                aria-label={m::answers()}>
                { for answers.0.iter().map(|(k, a)| html! { <p key={*k}>{ a.clone() }</p> }) }
            </div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct AnnouncerProps {
    pub turns: Rc<Vec<Rc<LogTurn>>>,
    /// A past position shown (the replay, the review): its turn is said,
    /// not the history between.
    pub shown: bool,
    /// The turn of the position.
    pub turn: usize,
    /// What the chronicle's new sentences leave out: a computer's tile in
    /// words, whose follower the wyvern veils (`view::any::announce_extra`).
    pub extra: Option<String>,
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
    let seen = use_mut_ref(|| None::<(usize, bool)>);
    let said = use_mut_ref(String::new);
    let last_extra = use_mut_ref(String::new);
    let mut s = seen.borrow_mut();
    match *s {
        // The first render: nothing has happened yet (a game opened).
        None => {}
        // Into the replay or the review, out of it, or a position there.
        Some((n, shown))
            if (props.shown || shown) && (shown != props.shown || n != lines.len()) =>
        {
            *said.borrow_mut() = m::showing_turn(props.turn)
        }
        Some((n, _)) if lines.len() > n => {
            let mut text = lines[n..].join(" ");
            // (Each extra once: a turn's later decisions keep it.)
            if let Some(x) = props.extra.as_ref().filter(|x| **x != *last_extra.borrow()) {
                text.push(' ');
                text.push_str(x);
                *last_extra.borrow_mut() = x.clone();
            }
            *said.borrow_mut() = text;
        }
        Some((n, _)) if lines.len() < n => *said.borrow_mut() = m::taken_back().into(),
        _ => {}
    }
    *s = Some((lines.len(), props.shown));
    html! {
        <div class="sr-only" role="log" aria-live="polite" data-testid="announcer">
            <p>{ said.borrow().clone() }</p>
        </div>
    }
}
