//! The prompt: whose decision it is, what it is and why (for a wall round,
//! which completion started it), with the buttons for choices that are not
//! on the board (no follower, guard yes/no, tower or none).

use yew::prelude::*;

use engine::any::AnyChoice as Choice;
use view::palette::PlayerColour;
use view::prompt::Prompt;

#[derive(PartialEq)]
pub struct PromptBarProps {
    pub prompt: Prompt<Choice>,
    pub colour: Option<PlayerColour>,
    pub message: Option<String>,
    pub on_choice: Callback<Choice>,
    /// The text view is open: the detail's words for the mouse or the
    /// finger are shown, not spoken (its reader types).
    pub typed: bool,
}

/// (A plain function, not a component: it has no state of its own and its
/// parent redraws it anyway.)
pub fn prompt_bar(props: &PromptBarProps) -> Html {
    let p = &props.prompt;
    let who = props.colour.map_or("who-none", |c| c.who_class());
    html! {
        <section class={classes!("prompt", format!("decision-{}", p.decision), who)} data-testid="prompt"
            data-decision={p.decision} data-player={p.player.map(|x| x.to_string())}
            tabindex="-1" aria-label={i18n::msg::play::decision_label()}>
            // Spoken as it changes: the words, not the buttons (a button's
            // label read as text would be heard as a sentence).
            <div class="prompt-live" data-testid="prompt-live" aria-live="polite">
                if let Some(why) = &p.why {
                    <p class="why" data-testid="why">{ why.clone() }</p>
                }
                if let Some(note) = &p.note {
                    <p class="note" data-testid="prompt-note">{ note.clone() }</p>
                }
                <h2 class="prompt-title" data-testid="prompt-title" tabindex="-1">
                    if props.colour.is_some() { <span class="swatch big"></span> }
                    { p.title.clone() }
                </h2>
                if !props.typed {
                    <p class="prompt-detail" data-testid="prompt-detail">{ p.detail.clone() }</p>
                }
            </div>
            if props.typed {
                <p class="prompt-detail" data-testid="prompt-detail">{ p.detail.clone() }</p>
            }
            if let Some(m) = &props.message {
                <p class="message" role="alert">{ m.clone() }</p>
            }
            if !p.buttons.is_empty() {
                <div class="prompt-buttons">
                    { for p.buttons.iter().map(|b| {
                        let c = b.choice;
                        let cb = props.on_choice.reform(move |_: MouseEvent| c);
                        html! {
                            <button data-testid={b.testid.clone()} class={classes!(b.primary.then_some("primary"))}
                                onclick={cb}>{ b.label.clone() }</button>
                        }
                    }) }
                </div>
            }
        </section>
    }
}
