//! (In the play chunk.) A game on three to five devices on the play
//! screen (issue 37): what the waiting device says (whose link it waits
//! for, to whom it sends its own: `view::fair::star_waiting`), and the
//! host's invitations while answers are due, one per guest device,
//! labelled with the seats it is for, each to copy.

use yew::prelude::*;

use super::share_button::{copy, star_live_link};
use super::state::Play;
use i18n::msg::share as m;

/// What a fair game waits for on this device, in words, and the seat
/// awaited (None: a seat of this device decides, or the game is over):
/// for a game on three to five devices, its own words.
pub fn waiting(play: &Play, names: &[String]) -> Option<(u8, String)> {
    let awaited = play.awaited().filter(|_| !play.view_only)?;
    let fair = play.fair.as_ref()?;
    match &play.star {
        Some(star) => view::fair::star_waiting(&star.game(fair), names),
        None => view::fair::waiting(awaited, fair, names),
    }
}

/// The host's invitations, one per guest device, while answers are due
/// (nothing otherwise).
pub fn invitations(play: &Play) -> Html {
    let Some(star) = play.star.as_ref().filter(|s| !s.invitations.is_empty()) else {
        return html! {};
    };
    let names: Vec<String> = play.seats.iter().map(|s| s.name.clone()).collect();
    let rows = star.invitations.iter().map(|inv| {
        let players: Vec<&str> = star
            .seats_of(inv.device)
            .into_iter()
            .filter_map(|s| names.get(s).map(String::as_str))
            .collect();
        let label = view::fair::invitation_label(&star.devices.of_seat, inv.device, &names);
        // (Live play's offer to that device in it, while it waits.)
        let link = star_live_link(star, play.fair.as_deref(), inv.device, &inv.link, &play.seats);
        let d = inv.device;
        let on_copy = {
            let link = link.clone();
            Callback::from(move |_: MouseEvent| copy(&link, Callback::noop()))
        };
        let select = Callback::from(|e: FocusEvent| {
            if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                i.select();
            }
        });
        html! {
            <li data-testid={format!("star-invitation-{d}")} data-answered={inv.answered.to_string()}>
                <label>
                    <span class="star-for">{ label.clone() }</span>
                    <input type="text" readonly=true class="share-link" data-testid={format!("star-link-{d}")}
                        value={link} onfocus={select} />
                </label>
                if inv.answered {
                    <span class="star-answered" data-testid={format!("star-answered-{d}")}>{ m::star_answered() }</span>
                } else {
                    <button class="small quiet" data-testid={format!("star-copy-{d}")} onclick={on_copy}
                        aria-label={m::star_copy(&players.join(", "))}>{ m::copy() }</button>
                }
            </li>
        }
    });
    html! {
        <section class="star-invitations" data-testid="star-invitations" aria-label={m::star_invitations()}>
            <p>{ m::star_invitations() }</p>
            <ul>{ for rows }</ul>
        </section>
    }
}
