//! Messages for the player that stay until dismissed: saves that could not
//! be read or written, links that could not be opened. Text only, in the
//! language spoken when drawn.

use super::state::Notice;
use yew::prelude::*;

/// The notices, each with its dismiss button (`on_dismiss` gets its index).
/// (A plain function, not a component: it has no state of its own and the
/// app redraws it anyway.)
pub fn notices(notices: &[Notice], on_dismiss: &Callback<usize>) -> Html {
    if notices.is_empty() {
        return html! {};
    }
    let items = notices.iter().enumerate().map(|(i, text)| {
        let dismiss = on_dismiss.reform(move |_: MouseEvent| i);
        html! {
            // (The alert on the text, not the item: a list holds list items
            // only, axe's "list" rule.)
            <li class="notice" data-testid="notice">
                <span class="notice-text" role="alert">{ text.words() }</span>
                <button class="quiet small" data-testid="notice-dismiss" title={i18n::msg::session::dismiss()}
                    aria-label={i18n::msg::session::dismiss()} onclick={dismiss}>{ "✕" }</button>
            </li>
        }
    });
    html! { <ul class="notices" data-testid="notices">{ for items }</ul> }
}
