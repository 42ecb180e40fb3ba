//! Messages for the player that stay until dismissed: saves that could not
//! be read or written, links that could not be opened. Text only.

use std::rc::Rc;

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NoticesProps {
    pub notices: Rc<Vec<String>>,
    pub on_dismiss: Callback<usize>,
}

#[function_component(Notices)]
pub fn notices(props: &NoticesProps) -> Html {
    if props.notices.is_empty() {
        return html! {};
    }
    let items = props.notices.iter().enumerate().map(|(i, text)| {
        let dismiss = props.on_dismiss.reform(move |_: MouseEvent| i);
        html! {
            <li class="notice" data-testid="notice" role="alert">
                <span class="notice-text">{ text.clone() }</span>
                <button class="quiet small" data-testid="notice-dismiss" title="Dismiss"
                    aria-label="Dismiss" onclick={dismiss}>{ "✕" }</button>
            </li>
        }
    });
    html! { <ul class="notices" data-testid="notices">{ for items }</ul> }
}
