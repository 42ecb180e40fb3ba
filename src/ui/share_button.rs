//! "Copy link": the whole game (`formats::share`) in the page's URL fragment,
//! copied to the clipboard and shown in a read-only field to copy by hand.
//! In a game opened from a link, after a move it is the way to send the game
//! on to the next player (correspondence play), so it stands out then.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::session::page_url;
use engine::any::AnyGame;
use formats::fair_game::FairGame;
use formats::{handshake, share};
use i18n::msg::share as m;
use view::palette::{seat_code, seats_param, Seat};
use view::Shared;

use super::state::star::Star;

/// The link of `game` on this page. The link itself (the fragment) holds
/// the game; the seats (colours, computer seats) travel beside it, in the
/// `seats` parameter.
pub fn link_of(game: &AnyGame, seats: &[Seat]) -> String {
    format!("{}#{}", page_with_seats(seats), share::encode(game))
}

/// This page with the `seats` parameter.
pub fn page_with_seats(seats: &[Seat]) -> String {
    let page = page_url();
    let p = seats_param(seats);
    if page.contains('?') {
        format!("{page}&seats={p}")
    } else {
        format!("{page}?seats={p}")
    }
}

/// The link of a game on three to five devices (issue 37): the host's
/// invitation for the first device whose answer is not in (as the prompt
/// says), else this device's signed link; None while it is being made.
/// `fair` is the play's fair game.
pub fn star_link_of(star: &Star, fair: Option<&FairGame>, seats: &[Seat]) -> Option<String> {
    let (text, peer) = match star.invitations.iter().find(|i| !i.answered) {
        Some(i) => (&i.link, Some(i.device)),
        // (A guest's link goes to the host; the host's to every guest.)
        None => (star.link.as_ref()?, (star.me != 0).then_some(0)),
    };
    Some(match peer {
        Some(peer) => star_live_link(star, fair, peer, text, seats),
        None => format!("{}#{text}", page_with_seats(seats)),
    })
}

/// The link this device shows device `peer` of a game on three to five
/// devices (`link`, its version 5 link for it): while live play's offer
/// or answer to it waits, one short link holding both (its seats inside:
/// `formats::star_handshake`), else `link` with the signal beside it
/// (`~SIGNAL`: a game whose salt is older), else `link`.
pub fn star_live_link(
    star: &Star,
    fair: Option<&FairGame>,
    peer: u8,
    link: &str,
    seats: &[Seat],
) -> String {
    let Some(c) = super::correspondence::loaded() else {
        return format!("{}#{link}", page_with_seats(seats));
    };
    let codes: Vec<u8> = seats.iter().map(seat_code).collect();
    if let Some(short) = fair.and_then(|f| c.star_handshake(&star.game(f), peer, &codes)) {
        return format!("{}#{short}", page_url());
    }
    format!("{}#{link}{}", page_with_seats(seats), c.star_suffix(peer))
}

/// The link of a fair game (issue 37) on this page: its version 4 link,
/// this device's reveals due now, never a secret (in the correspondence
/// chunk).
pub fn fair_link_of(fair: &FairGame, seats: &[Seat]) -> String {
    let page = page_url();
    // Live play's invitation or answer: one short link holding the game's
    // handshake and the connection's (`formats::handshake`), for a
    // message or a QR code; the seats inside it.
    if let Some(signal) = super::live::local_signal() {
        let short = if signal.offer {
            let codes: Vec<u8> = seats.iter().map(seat_code).collect();
            handshake::invitation(fair, &codes, &signal)
        } else {
            handshake::answer(fair, &signal)
        };
        if let Some(short) = short {
            return format!("{page}#{short}");
        }
    }
    let p = seats_param(seats);
    let page = if page.contains('?') {
        format!("{page}&seats={p}")
    } else {
        format!("{page}?seats={p}")
    };
    // (Live play's offer or answer rides beside it until a channel opens.)
    format!(
        "{page}#{}{}",
        fair.link().unwrap_or_default(),
        super::live::suffix()
    )
}

/// Whether a link is live play's (an invitation or an answer, or a link
/// with an offer or answer beside it): shown with its QR code.
fn is_live(link: &str) -> bool {
    let fragment = link.rsplit('#').next().unwrap_or_default();
    fragment.contains(formats::signal::SEPARATOR)
        || handshake::is_handshake(fragment)
        || formats::star_handshake::is_star_handshake(fragment)
}

/// Ask the browser to copy `text`; `done` hears whether it did.
pub fn copy(text: &str, done: Callback<bool>) {
    let window = gloo::utils::window();
    let nav = window.navigator();
    let clipboard = js_sys::Reflect::get(&nav, &JsValue::from_str("clipboard"))
        .ok()
        .filter(|c| !c.is_undefined() && !c.is_null());
    let write = clipboard.as_ref().and_then(|c| {
        js_sys::Reflect::get(c, &JsValue::from_str("writeText"))
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()
    });
    let (Some(c), Some(write)) = (clipboard, write) else {
        done.emit(false);
        return;
    };
    let Ok(promise) = write.call1(&c, &JsValue::from_str(text)) else {
        done.emit(false);
        return;
    };
    let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else {
        done.emit(false);
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        done.emit(ok);
    });
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Copied {
    Waiting,
    Yes,
    No,
}

#[derive(Properties, PartialEq)]
pub struct ShareButtonProps {
    pub game: Shared<AnyGame>,
    pub seats: Rc<Vec<Seat>>,
    /// Make it stand out: a move was just made in a game from a link.
    pub prominent: bool,
    /// A fair game across devices: its link is the fair game's.
    #[prop_or_default]
    pub fair: Option<Rc<FairGame>>,
    /// A game on three to five devices: its link is the star game's.
    #[prop_or_default]
    pub star: Option<Rc<Star>>,
}

#[function_component(ShareButton)]
pub fn share_button(props: &ShareButtonProps) -> Html {
    // The link shown (of the game as it was when the button was pressed).
    let shown = use_state(|| None::<(String, Copied)>);
    // Which showing of the popover a copy's answer belongs to: an answer
    // that comes after Esc (or after another press) must not reopen it.
    let showing = use_mut_ref(|| 0u32);
    // A new move makes the shown link stale: hide it.
    {
        let shown = shown.clone();
        let showing = showing.clone();
        use_effect_with(Rc::as_ptr(&props.game.0) as usize, move |_| {
            *showing.borrow_mut() += 1;
            shown.set(None);
        });
    }
    let press = {
        let shown = shown.clone();
        let game = props.game.clone();
        let seats = props.seats.clone();
        let showing = showing.clone();
        let fair = props.fair.clone();
        let star = props.star.clone();
        Callback::from(move |_: MouseEvent| {
            // (A fair game's link even once it is over: every reveal in
            // it, so the other device checks the whole deal.)
            let link = match (&star, &fair) {
                (Some(s), f) => match star_link_of(s, f.as_deref(), &seats) {
                    Some(l) => l,
                    None => return,
                },
                // (A fair game is in play once the correspondence chunk
                // is here.)
                (None, Some(f)) => super::correspondence::loaded()
                    .map(|c| c.link(f, &seats))
                    .unwrap_or_default(),
                (None, None) => link_of(&game, &seats),
            };
            shown.set(Some((link.clone(), Copied::Waiting)));
            *showing.borrow_mut() += 1;
            let this = *showing.borrow();
            let showing = showing.clone();
            let shown = shown.clone();
            let l2 = link.clone();
            copy(
                &link,
                Callback::from(move |ok: bool| {
                    if *showing.borrow() == this {
                        shown.set(Some((
                            l2.clone(),
                            if ok { Copied::Yes } else { Copied::No },
                        )))
                    }
                }),
            );
        })
    };
    // Esc closes the popover, from its button as from inside it; the focus
    // goes (back) to the button.
    let button = use_node_ref();
    let close_key = {
        let shown = shown.clone();
        let showing = showing.clone();
        let button = button.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" && shown.is_some() {
                e.stop_propagation();
                *showing.borrow_mut() += 1;
                shown.set(None);
                if let Some(b) = button.cast::<web_sys::HtmlElement>() {
                    let _ = b.focus();
                }
            }
        })
    };
    let close = {
        let shown = shown.clone();
        let button = button.clone();
        let showing = showing.clone();
        Callback::from(move |_: MouseEvent| {
            *showing.borrow_mut() += 1;
            shown.set(None);
            if let Some(b) = button.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        })
    };
    let select = Callback::from(|e: FocusEvent| {
        if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            i.select();
        }
    });
    let prominent = props.prominent && shown.is_none();
    // A game on three to five devices: its link is being signed.
    let signing = props.star.as_ref().is_some_and(|s| s.link.is_none());
    html! {
        <div class={classes!("share", prominent.then_some("prominent"))} onkeydown={close_key}>
            <button ref={button} class={classes!("small", if prominent { "primary" } else { "quiet" })}
                data-testid="copy-link" onclick={press} disabled={signing}
                title={m::copy_title()}>{ m::copy() }</button>
            if let Some((link, copied)) = &*shown {
                <div class="share-popover" data-testid="share-popover" role="dialog" aria-label={m::link()}>
                    <p data-testid="share-status">{ match copied {
                        Copied::Waiting => m::copying(),
                        Copied::Yes => m::copied(),
                        Copied::No => m::not_copied(),
                    } }</p>
                    <input type="text" readonly=true class="share-link" data-testid="share-link"
                        aria-label={m::link()} value={link.clone()} onfocus={select} />
                    // A live invitation or answer: its QR code too, for
                    // the other device's camera.
                    if is_live(link) {
                        <super::qr_code::QrCode text={link.clone()} />
                    }
                    <button class="quiet small" data-testid="share-close" onclick={close}>{ m::close() }</button>
                </div>
            }
        </div>
    }
}
