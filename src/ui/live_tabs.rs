//! Live play's signals opened in another tab (issue 37): a messenger opens
//! the answer (or a short reconnect link) in a new tab, not in the tab that
//! holds the offer or the game. Before opening it, the new tab asks this
//! browser's other tabs (a BroadcastChannel: same origin, this browser
//! only, nothing leaves the device); the tab that can use it
//! (`formats::rejoin::takes`) takes it and opens it as its own link, and
//! tells the new tab how it went, which says so ("connected in your other
//! tab") having opened nothing and saved nothing. When no tab takes it
//! within [`ASK_MS`], the new tab opens it itself: the game goes on by
//! links there, the screen saying that no tab held the offer.

use std::cell::RefCell;

use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::live::{self, State};
use super::live_star;
use super::state::{Action, AppState, Notice};
use formats::rejoin::{self, Route};
use formats::signal::Signal;
use formats::star_signal::StarSignal;
use i18n::msg::live as m;

const CHANNEL: &str = "the-city/live";
/// How long a new tab waits for another tab to take its signal: long
/// enough for a tab in the background of a loaded phone to answer (1.5 s
/// was once too short with the whole test suite running on two cores).
const ASK_MS: u32 = 4000;

/// What the session does with a link that has a signal beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    /// Open it here as before (its game's link, then its signal).
    Open,
    /// Asked of the other tabs: nothing to open now.
    Asked,
    /// A short reconnect link (no game) for the game `salt`, used here:
    /// that game in play, then its signal.
    Short([u8; 16]),
    /// A short reconnect link from a device not recognised.
    Unknown,
    /// A short answer no tab took: its offer is gone.
    NoTab,
}

struct Asking {
    id: u32,
    /// The whole address (its `seats` parameter judged with the link).
    href: String,
    offer: bool,
    /// On three to five devices: the device the signal came from.
    peer: Option<u8>,
    taken: bool,
    dispatch: UseReducerDispatcher<AppState>,
}

#[derive(Default)]
struct Tabs {
    channel: Option<JsValue>,
    /// This tab's number among the tabs.
    me: u32,
    listener: Option<Closure<dyn FnMut(JsValue)>>,
    asking: Option<Asking>,
    /// The question of the tab that handed this tab its signal: this
    /// tab's live states are told to it (on three to five devices, those
    /// of the channel with that device only).
    report_to: Option<u32>,
    report_peer: Option<u8>,
    /// A fragment no other tab took: opened here when it comes back.
    retry: Option<String>,
    /// If that fails to open, this tab's game before is resumed (it was
    /// asked with no game on screen: on load).
    resume: bool,
    timeout: Option<Timeout>,
}

thread_local! {
    static TABS: RefCell<Tabs> = RefCell::new(Tabs::default());
}

fn with<R>(f: impl FnOnce(&mut Tabs) -> R) -> R {
    TABS.with(|t| f(&mut t.borrow_mut()))
}

fn get(o: &JsValue, k: &str) -> JsValue {
    js_sys::Reflect::get(o, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED)
}

fn set(o: &JsValue, k: &str, v: &JsValue) {
    let _ = js_sys::Reflect::set(o, &JsValue::from_str(k), v);
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn random_id() -> u32 {
    let mut b = [0u8; 4];
    let _ = getrandom::fill(&mut b);
    u32::from_le_bytes(b)
}

fn post(fields: &[(&str, JsValue)]) {
    let Some(channel) = with(|t| t.channel.clone()) else {
        return;
    };
    let o = js_sys::Object::new();
    for (k, v) in fields {
        set(&o, k, v);
    }
    if let Ok(f) = get(&channel, "postMessage").dyn_into::<js_sys::Function>() {
        let _ = f.call1(&channel, &o);
    }
}

/// The address bar set to `url` (no reload, no event).
fn replace_url(url: &str) {
    if let Ok(h) = gloo::utils::window().history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(url));
    }
}

/// The session opens the address's link, as on `hashchange`.
fn hash_changed() {
    let window = gloo::utils::window();
    let Ok(ctor) = get(&window, "Event").dyn_into::<js_sys::Function>() else {
        return;
    };
    if let Ok(ev) = js_sys::Reflect::construct(&ctor, &js_sys::Array::of1(&"hashchange".into())) {
        if let Ok(f) = get(&window, "dispatchEvent").dyn_into::<js_sys::Function>() {
            let _ = f.call1(&window, &ev);
        }
    }
}

fn notice(d: &UseReducerDispatcher<AppState>, text: &str) {
    d.dispatch(Action::Notice(Notice::Text(text.to_string())));
}

/// Listen to the other tabs (once, when the session starts).
pub fn listen() {
    if with(|t| t.channel.is_some()) {
        return;
    }
    let window = gloo::utils::window();
    let Ok(ctor) = get(&window, "BroadcastChannel").dyn_into::<js_sys::Function>() else {
        return;
    };
    let Ok(channel) = js_sys::Reflect::construct(&ctor, &js_sys::Array::of1(&CHANNEL.into()))
    else {
        return;
    };
    let listener = Closure::<dyn FnMut(JsValue)>::new(|e: JsValue| heard(&get(&e, "data")));
    set(&channel, "onmessage", listener.as_ref());
    with(|t| {
        t.me = random_id();
        t.channel = Some(channel);
        t.listener = Some(listener);
    });
}

/// A message of another tab.
fn heard(msg: &JsValue) {
    let kind = get(msg, "t").as_string().unwrap_or_default();
    let id = get(msg, "id").as_f64().unwrap_or(-1.0) as u32;
    let me = with(|t| t.me);
    match kind.as_str() {
        // Can this tab use that signal of three to five devices?
        "who" if !get(msg, "star").is_undefined() => {
            let text = get(msg, "star").as_string().unwrap_or_default();
            if StarSignal::decode(&text).is_ok_and(|sig| live_star::holds(&sig)) {
                post(&[("t", "mine".into()), ("id", id.into()), ("from", me.into())]);
            }
        }
        // Can this tab use that signal? (`offering`: an answer from a
        // certificate not known, for whichever tab's offer waits.)
        "who" => {
            let salt = get(msg, "salt").as_string().unwrap_or_default();
            let offer = get(msg, "offer").as_bool().unwrap_or(false);
            let any_offer = get(msg, "offering").as_bool() == Some(true);
            let tab = live::tab();
            let mine = tab.game.is_some_and(|g| {
                (any_offer && tab.offering) || (hex(&g) == salt && rejoin::takes(offer, &g, &tab))
            });
            if mine {
                post(&[("t", "mine".into()), ("id", id.into()), ("from", me.into())]);
            }
        }
        // The first tab that can is handed the link.
        "mine" => {
            let from = get(msg, "from").as_f64().unwrap_or(-1.0) as u32;
            let handed = with(|t| match &mut t.asking {
                Some(a) if a.id == id && !a.taken => {
                    a.taken = true;
                    t.timeout = None;
                    Some((a.href.clone(), a.offer, a.peer, a.dispatch.clone()))
                }
                _ => None,
            });
            if let Some((href, offer, peer, d)) = handed {
                let peer = peer.map_or(JsValue::UNDEFINED, JsValue::from);
                post(&[
                    ("t", "take".into()),
                    ("id", id.into()),
                    ("to", from.into()),
                    ("href", href.as_str().into()),
                    ("peer", peer),
                ]);
                // Nothing opened here: the address without the link.
                replace_url(&super::session::page_url());
                if !offer {
                    notice(&d, m::handed());
                }
            }
        }
        // This tab takes it: opened as a link of its own.
        "take" => {
            let to = get(msg, "to").as_f64().unwrap_or(-1.0) as u32;
            if to == me {
                if let Some(href) = get(msg, "href").as_string() {
                    let peer = get(msg, "peer").as_f64().map(|p| p as u8);
                    with(|t| {
                        t.report_to = Some(id);
                        t.report_peer = peer;
                    });
                    // Opened as if this tab's address were the link (its
                    // `seats` judged as the session judges any link's).
                    replace_url(&href);
                    hash_changed();
                }
            }
        }
        // How it went in the tab that took it.
        "state" => {
            let state = get(msg, "state").as_string().unwrap_or_default();
            let done = with(|t| match &t.asking {
                Some(a) if a.id == id => Some(a.dispatch.clone()),
                _ => None,
            });
            let Some(d) = done else { return };
            let words = match state.as_str() {
                "open" => m::handed_open(),
                "answering" => m::handed_offer(),
                "failed" | "closed" => m::handed_failed(),
                _ => return,
            };
            with(|t| t.asking = None);
            notice(&d, words);
        }
        _ => {}
    }
}

/// Whether a link asked of the other tabs on load, opened here at last and
/// not opened (refused), leaves this tab to resume its game (asked once).
pub fn take_resume() -> bool {
    with(|t| std::mem::take(&mut t.resume))
}

/// This tab's live state changed: told to the tab that handed it the
/// signal, until it is settled.
pub fn report(state: State) {
    let Some(id) = with(|t| t.report_to.filter(|_| t.report_peer.is_none())) else {
        return;
    };
    tell(id, state);
}

/// The same for the channel with device `peer` of a game on three to five
/// devices.
pub fn report_star(peer: u8, state: State) {
    let Some(id) = with(|t| t.report_to.filter(|_| t.report_peer == Some(peer))) else {
        return;
    };
    tell(id, state);
}

fn tell(id: u32, state: State) {
    let name = match state {
        State::Open => "open",
        State::Answering => "answering",
        State::Failed => "failed",
        State::Closed => "closed",
        _ => return,
    };
    with(|t| {
        t.report_to = None;
        t.report_peer = None;
    });
    post(&[
        ("t", "state".into()),
        ("id", id.into()),
        ("state", name.into()),
    ]);
}

/// What to do with `fragment` (`link`, maybe empty, with `signal` beside
/// it), opened in this tab.
pub fn route(d: &UseReducerDispatcher<AppState>, fragment: &str, link: &str, signal: &str) -> Go {
    match Signal::decode(signal) {
        Ok(sig) => route_signal(d, fragment, link, sig),
        Err(_) => Go::Open,
    }
}

/// The same, the signal read (a handshake's answer, `formats::handshake`,
/// whose `link` is the fair game's link it stands for).
pub fn route_signal(
    d: &UseReducerDispatcher<AppState>,
    fragment: &str,
    link: &str,
    sig: Signal,
) -> Go {
    let link_salt = (!link.is_empty())
        .then(|| formats::share::fair::salt_of(link))
        .flatten();
    if !link.is_empty() && link_salt.is_none() {
        return Go::Open;
    }
    let short = |salt| match link_salt {
        Some(_) => Go::Open,
        None => Go::Short(salt),
    };
    // Asked already, and no other tab took it: here.
    if with(|t| t.retry.as_deref() == Some(fragment)) {
        with(|t| t.retry = None);
        return match (
            link_salt,
            sig.offer,
            live::peers().game_of(&sig.fingerprint),
        ) {
            // (An answer: its game opened here, by links; no offer here.)
            (Some(_), _, _) => Go::Open,
            (None, false, _) => Go::NoTab,
            (None, true, Some(salt)) => Go::Short(salt),
            (None, true, None) => Go::Unknown,
        };
    }
    match rejoin::route(link_salt, &sig, &live::tab(), &live::peers()) {
        Route::Here => match link_salt {
            Some(_) => Go::Open,
            None => match live::tab().game {
                Some(salt) => Go::Short(salt),
                None => Go::Unknown,
            },
        },
        Route::Unknown => Go::Unknown,
        Route::AnyOffer if with(|t| t.channel.is_none()) => Go::Unknown,
        Route::AnyOffer => {
            ask(
                d,
                fragment,
                (false, None),
                ("offering", true.into()),
                live::tab().game.is_none(),
            );
            Go::Asked
        }
        Route::Tabs { salt } => {
            if with(|t| t.channel.is_none()) {
                // No other tab can be asked.
                return match (link_salt, sig.offer) {
                    (None, false) => Go::NoTab,
                    _ => short(salt),
                };
            }
            ask(
                d,
                fragment,
                (sig.offer, None),
                ("salt", hex(&salt).into()),
                live::tab().game.is_none(),
            );
            Go::Asked
        }
    }
}

/// A signal of three to five devices (`formats::star_signal`) opened in
/// this tab, `fragment` the whole of it: whether it was asked of the other
/// tabs (nothing to open now). An answer, or a short reconnect link, that
/// this tab cannot use (it does not hold that channel) is handed to the
/// tab that does, as for two devices; an invitation is opened here.
pub fn route_star(
    d: &UseReducerDispatcher<AppState>,
    fragment: &str,
    link: &str,
    sig: &StarSignal,
) -> bool {
    if with(|t| t.retry.as_deref() == Some(fragment)) {
        // Asked already, and no other tab took it: here.
        with(|t| t.retry = None);
        return false;
    }
    let handed = !sig.signal.offer || link.is_empty();
    if !handed || live_star::holds(sig) || with(|t| t.channel.is_none()) {
        return false;
    }
    ask(
        d,
        fragment,
        (sig.signal.offer, Some(sig.from)),
        ("star", sig.encode().into()),
        live::tab().game.is_none() && !live_star::in_play(),
    );
    true
}

/// Ask the other tabs who can use the signal of `fragment` (`(offer,
/// peer)`: whether it is an offer, and on three to five devices which
/// device sent it; `which`: the field that names its channel). Nobody
/// taking it within [`ASK_MS`], it is opened here (the address as it is),
/// and, if it fails to open and `resume`, this tab's game before resumed.
fn ask(
    d: &UseReducerDispatcher<AppState>,
    fragment: &str,
    (offer, peer): (bool, Option<u8>),
    which: (&str, JsValue),
    resume: bool,
) {
    let id = random_id();
    with(|t| {
        t.asking = Some(Asking {
            id,
            href: gloo::utils::window().location().href().unwrap_or_default(),
            offer,
            peer,
            taken: false,
            dispatch: d.clone(),
        });
    });
    post(&[
        ("t", "who".into()),
        ("id", id.into()),
        which,
        ("offer", offer.into()),
    ]);
    let fragment = fragment.to_string();
    let timeout = Timeout::new(ASK_MS, move || {
        let untaken = with(|t| match &t.asking {
            Some(a) if a.id == id && !a.taken => {
                t.asking = None;
                t.retry = Some(fragment.clone());
                t.resume = resume;
                true
            }
            _ => false,
        });
        if untaken {
            hash_changed();
        }
    });
    with(|t| t.timeout = Some(timeout));
}
