//! (In the correspondence chunk.) Live play on three to five devices
//! (issue 37, docs/live-play.md "Three to five devices live"): a star of
//! WebRTC data channels around the host, one connection per guest device,
//! held here by the guest's device number (a guest holds one, to the
//! host: device 0). Two devices keep `super::live`, untouched.
//!
//! The host offers to each guest device with its invitation
//! (`INVITATION~SIGNAL`, `formats::star_signal`: the signal names the two
//! devices and the game); the guest's answer rides beside its answer link;
//! opened on the host, it connects that guest's channel. From then on each
//! channel carries exactly the link the device would otherwise ask its
//! player to copy: a guest sends its link to the host when it is not
//! deciding (its move made, its reveal due, the game over); the host sends
//! its link to every guest whenever it changes, so it relays each guest's
//! moves, reveals and signature to the others. Every device opens each
//! link it receives as any link of the game (`ui::star_play`:
//! `links::judge_star`, each relayed move checked against its device's
//! signature): the host can relay but not forge. A link that brings
//! nothing new opens nothing, silently, so re-sending is harmless, and
//! after a reconnection each side sends its newest link: nothing lost,
//! nothing repeated.
//!
//! A cut channel or a reload: the device says so and offers one short
//! exchange with the other side of that channel (`#~SIGNAL`, no game in
//! it: both hold it), as for two devices.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use super::live::{
    call, certificate, connection, describe, get, presume_answer, set, set_answer, wait,
};
use super::live::{State, Why};
use super::live::{ANSWER_MS, CONNECT_MS};
use super::state::star::Star;
use super::state::{Action, AppState, Notice};
use formats::signal::{self, SEPARATOR};
use formats::star::StarGame;
use formats::star_signal::{game_of, StarSignal};
use i18n::msg::live as m;

/// The games played live here on three to five devices (their salts'
/// first 8 bytes, in hexadecimal): after a reload, the screen offers to
/// reconnect.
const PLAYED_KEY: &str = "the-city/star-live";
const MAX_PLAYED: usize = 32;
/// Each channel's other device, recognised by its fingerprint (`GAME:DEVICE:FP`,
/// hexadecimal): a short offer to it presumes its answer, so on one
/// network the offer alone reconnects, as for two devices.
const PEERS_KEY: &str = "the-city/star-peers";
const MAX_PEERS: usize = 4 * MAX_PLAYED;

/// One channel: this device and one other (the host and a guest).
#[derive(Default)]
struct Peer {
    state: State,
    why: Why,
    /// The exchange is a short one (`#~SIGNAL`): its link is shown on the
    /// live line.
    short: bool,
    /// Which connection the callbacks belong to.
    generation: u32,
    pc: Option<JsValue>,
    channel: Option<JsValue>,
    /// Our offer or answer (a `StarSignal`), until the channel opens.
    local: Option<String>,
    /// The other device's fingerprint, once its signal was opened.
    remote: Option<[u8; 32]>,
    /// Our short offer went to a device recognised: its answer was
    /// presumed (from its fingerprint) before it came.
    presumed: bool,
    /// The newest link sent on this channel.
    sent: String,
    closures: Vec<Closure<dyn FnMut(JsValue)>>,
    timeout: Option<Timeout>,
}

#[derive(Default)]
struct Hub {
    /// The game (its salt's first 8 bytes).
    game: Option<[u8; 8]>,
    /// This device (0: the host).
    me: u8,
    /// The other device of each channel.
    peers: BTreeMap<u8, Peer>,
    generation: u32,
    /// Where received links are opened, and the page redrawn.
    dispatch: Option<UseReducerDispatcher<AppState>>,
    /// The live line, redrawn when a state changes.
    redraw: Option<Callback<()>>,
}

thread_local! {
    static HUB: RefCell<Hub> = RefCell::new(Hub::default());
}

fn with<R>(f: impl FnOnce(&mut Hub) -> R) -> R {
    HUB.with(|h| f(&mut h.borrow_mut()))
}

/// Change the channel with `peer` if it is still connection `generation`
/// (a newer one replaced it: nothing).
fn with_current(peer: u8, generation: u32, f: impl FnOnce(&mut Peer)) {
    with(|h| {
        if let Some(p) = h
            .peers
            .get_mut(&peer)
            .filter(|p| p.generation == generation)
        {
            f(p);
        }
    });
}

/// A connection's handlers unset and it closed.
fn close(p: &mut Peer) {
    if let Some(c) = p.channel.take() {
        for e in ["onopen", "onclose", "onmessage"] {
            set(&c, e, &JsValue::NULL);
        }
    }
    if let Some(pc) = p.pc.take() {
        set(&pc, "onconnectionstatechange", &JsValue::NULL);
        let _ = call(&pc, "close", &[]);
    }
    p.local = None;
    p.timeout = None;
}

/// The game played here now: another game's connections are closed.
fn play(game: [u8; 8], me: u8) {
    with(|h| {
        if h.game != Some(game) {
            for p in h.peers.values_mut() {
                close(p);
            }
            h.peers.clear();
            h.game = Some(game);
        }
        h.me = me;
    });
}

fn redraw() {
    let (r, d) = with(|h| (h.redraw.clone(), h.dispatch.clone()));
    if let Some(r) = r {
        r.emit(());
    }
    // (The host's invitations and the share popover show the signals.)
    if let Some(d) = d {
        d.dispatch(Action::StarLive);
    }
}

fn played() -> Vec<String> {
    stored_words(PLAYED_KEY)
}

fn stored_words(key: &str) -> Vec<String> {
    gloo::utils::window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(key).ok().flatten())
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

fn store_words(key: &str, words: &[String]) {
    if let Some(s) = gloo::utils::window().local_storage().ok().flatten() {
        let _ = s.set_item(key, &words.join(" "));
    }
}

/// The fingerprint of device `peer` in `game`, if it was connected here.
fn known_fingerprint(game: &[u8; 8], peer: u8) -> Option<[u8; 32]> {
    let prefix = format!("{}:{peer}:", hex(game));
    let fp = stored_words(PEERS_KEY)
        .into_iter()
        .find_map(|w| w.strip_prefix(&prefix).map(str::to_string))?;
    let mut out = [0u8; 32];
    if fp.len() != 64 || !fp.is_ascii() {
        return None;
    }
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&fp[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

fn remember_fingerprint(game: &[u8; 8], peer: u8, fp: &[u8; 32]) {
    let prefix = format!("{}:{peer}:", hex(game));
    let mut all = stored_words(PEERS_KEY);
    all.retain(|w| !w.starts_with(&prefix));
    all.insert(0, format!("{prefix}{}", hex(fp)));
    all.truncate(MAX_PEERS);
    store_words(PEERS_KEY, &all);
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Whether this game was played live here (its channels made once).
fn was_played(game: &[u8; 8]) -> bool {
    played().contains(&hex(game))
}

fn remember(game: &[u8; 8]) {
    let g = hex(game);
    let mut all = played();
    all.retain(|x| *x != g);
    all.insert(0, g);
    all.truncate(MAX_PLAYED);
    store_words(PLAYED_KEY, &all);
}

fn set_state(peer: u8, generation: u32, state: State, why: Why) {
    let changed = with(|h| {
        let game = h.game;
        let p = h.peers.get_mut(&peer)?;
        if p.generation != generation {
            return None;
        }
        p.state = state;
        p.why = why;
        match state {
            State::Open => {
                p.local = None;
                p.sent.clear();
                p.timeout = None;
                p.short = false;
                if let Some(g) = game {
                    remember(&g);
                }
            }
            State::Failed | State::Closed => {
                p.short = false;
                close(p);
            }
            _ => {}
        }
        // The other device, recognised from now on by its fingerprint: from
        // the signal it sent with this game (so a first connection that
        // never formed can be tried again by a short offer alone, as for
        // two devices: `super::live::set_state`).
        if matches!(state, State::Open | State::Connecting | State::Answering) {
            if let (Some(g), Some(fp)) = (game, p.remote) {
                if known_fingerprint(&g, peer) != Some(fp) {
                    remember_fingerprint(&g, peer, &fp);
                }
            }
        }
        Some(())
    });
    if changed.is_some() {
        super::live_tabs::report_star(peer, state);
        redraw();
    }
}

/// A new connection with `peer` and its data channel (negotiated, id 0),
/// replacing any earlier one with it; with this device's kept certificate.
async fn start(peer: u8) -> Result<(u32, JsValue), JsValue> {
    let generation = with(|h| {
        h.generation += 1;
        let g = h.generation;
        let p = h.peers.entry(peer).or_default();
        close(p);
        p.closures.clear();
        p.generation = g;
        p.state = State::Off;
        p.short = false;
        p.remote = None;
        p.presumed = false;
        g
    });
    let cert = certificate().await;
    let current = |h: &mut Hub| {
        h.peers
            .get(&peer)
            .is_some_and(|p| p.generation == generation)
    };
    if !with(current) {
        return Err(JsValue::from_str("replaced"));
    }
    let (pc, channel) = connection(cert)?;
    let mut closures = Vec::new();
    let mut on = |target: &JsValue, event: &str, f: Box<dyn FnMut(JsValue)>| {
        let c = Closure::<dyn FnMut(JsValue)>::wrap(f);
        set(target, &format!("on{event}"), c.as_ref());
        closures.push(c);
    };
    on(
        &channel,
        "open",
        Box::new(move |_: JsValue| set_state(peer, generation, State::Open, Why::NoConnection)),
    );
    on(
        &channel,
        "close",
        Box::new(move |_: JsValue| {
            if state_of(peer) == State::Open {
                set_state(peer, generation, State::Closed, Why::NoConnection)
            }
        }),
    );
    on(
        &channel,
        "message",
        Box::new(move |e: JsValue| {
            if let Some(text) = get(&e, "data").as_string() {
                received(peer, generation, text);
            }
        }),
    );
    let pc2 = pc.clone();
    on(
        &pc,
        "connectionstatechange",
        Box::new(move |_: JsValue| {
            let s = get(&pc2, "connectionState").as_string().unwrap_or_default();
            match (s.as_str(), state_of(peer)) {
                ("failed" | "closed", State::Open) => {
                    set_state(peer, generation, State::Closed, Why::NoConnection)
                }
                ("failed", State::Connecting) => {
                    set_state(peer, generation, State::Failed, Why::NoConnection)
                }
                _ => {}
            }
        }),
    );
    let kept = with(|h| match h.peers.get_mut(&peer) {
        Some(p) if p.generation == generation => {
            p.pc = Some(pc.clone());
            p.channel = Some(channel.clone());
            p.closures = closures;
            true
        }
        _ => false,
    });
    if !kept {
        let _ = call(&pc, "close", &[]);
        return Err(JsValue::from_str("replaced"));
    }
    Ok((generation, pc))
}

fn state_of(peer: u8) -> State {
    with(|h| h.peers.get(&peer).map_or(State::Off, |p| p.state))
}

/// A link from the other device of a channel: opened as any link of the
/// game (`ui::star_play`), judged there; one bringing nothing new opens
/// nothing. Anything but a version 5 link is ignored.
fn received(peer: u8, generation: u32, text: String) {
    let d = with(|h| {
        let current = h
            .peers
            .get(&peer)
            .is_some_and(|p| p.generation == generation);
        h.dispatch.clone().filter(|_| current)
    });
    let Some(d) = d else { return };
    if text.len() > 64 * 1024 || !formats::star::is_star(&text) {
        return;
    }
    super::star_host::run(
        d,
        super::star_play::Job::Open {
            link: text,
            seats: None,
            from_channel: true,
        },
    );
}

/// Offer a connection to `peer` of the game `game` (this device `me`):
/// the offer rides beside the invitation (the host's, `short` false) or
/// alone in a short reconnect link (`short`).
pub fn offer(game: [u8; 8], me: u8, peer: u8, short: bool) {
    play(game, me);
    wasm_bindgen_futures::spawn_local(async move {
        let Ok((generation, pc)) = start(peer).await else {
            return;
        };
        // (A short offer may connect alone: it keeps every candidate.)
        let reader = if short {
            signal::Reader::Alone
        } else {
            signal::Reader::Answerer
        };
        let made = describe(&pc, reader).await.ok();
        match made {
            Some(signal) => {
                // A device recognised: its answer is presumed (its ICE
                // credentials and fingerprint are known; its candidates
                // are learnt from its checks), so on one network the
                // offer alone reconnects (`super::live::offer`).
                if let Some(fp) = known_fingerprint(&game, peer).filter(|_| short) {
                    if presume_answer(&pc, fp).await {
                        with_current(peer, generation, |p| {
                            p.remote = Some(fp);
                            p.presumed = true;
                        });
                    }
                }
                let local = StarSignal {
                    from: me,
                    to: peer,
                    game,
                    signal,
                }
                .encode();
                with_current(peer, generation, |p| {
                    p.local = Some(local);
                    p.short = short;
                });
                // (With a presumed answer the channel may be open already.)
                if state_of(peer) != State::Open {
                    set_state(peer, generation, State::Offering, Why::NoConnection);
                }
            }
            None => set_state(peer, generation, State::Failed, Why::NoConnection),
        }
    });
}

/// A signal opened here (beside a link, or alone: `short`): an offer is
/// answered (the answer rides beside this device's link, or alone in a
/// short link); an answer to our offer connects, which must happen within
/// [`CONNECT_MS`]. An answer with no offer of ours (made in another
/// browser, or lost to a reload) says so.
pub fn signal_received(sig: StarSignal, short: bool) {
    let me = sig.to;
    let peer = sig.from;
    if sig.signal.offer {
        play(sig.game, me);
        wasm_bindgen_futures::spawn_local(async move {
            let Ok((generation, pc)) = start(peer).await else {
                return;
            };
            let desc = js_sys::Object::new();
            set(&desc, "type", &JsValue::from_str("offer"));
            set(&desc, "sdp", &JsValue::from_str(&sig.signal.to_sdp()));
            let answered = match wait(call(&pc, "setRemoteDescription", &[desc.into()])).await {
                Ok(_) => describe(&pc, signal::Reader::Offerer(&sig.signal))
                    .await
                    .ok(),
                Err(_) => None,
            };
            let Some(signal) = answered else {
                set_state(peer, generation, State::Failed, Why::NoConnection);
                return;
            };
            let local = StarSignal {
                from: me,
                to: peer,
                game: sig.game,
                signal,
            }
            .encode();
            let timeout = Timeout::new(ANSWER_MS, move || {
                if state_of(peer) == State::Answering {
                    set_state(peer, generation, State::Failed, Why::NotAnswered);
                }
            });
            with_current(peer, generation, |p| {
                p.local = Some(local);
                p.short = short;
                p.timeout = Some(timeout);
                p.remote = Some(sig.signal.fingerprint);
            });
            if state_of(peer) != State::Open {
                set_state(peer, generation, State::Answering, Why::NoConnection);
            }
        });
        return;
    }
    let offering = with(|h| {
        if h.game != Some(sig.game) || h.me != me {
            return None;
        }
        let p = h.peers.get(&peer)?;
        (p.state == State::Offering)
            .then(|| p.pc.clone().map(|pc| (p.generation, pc)))
            .flatten()
    });
    let Some((generation, pc)) = offering else {
        // No offer here for this answer (made in another tab, or lost to a
        // reload): said, unless connected already. (In a tab playing
        // another game, or none, the link beside it opens its game here,
        // by links: its line says so.)
        if with(|h| h.game != Some(sig.game)) {
            play(sig.game, me);
        }
        if matches!(state_of(peer), State::Off | State::Failed | State::Closed) {
            let generation = with(|h| {
                h.generation += 1;
                let g = h.generation;
                let p = h.peers.entry(peer).or_default();
                p.generation = g;
                g
            });
            set_state(peer, generation, State::Failed, Why::NoTab);
        }
        return;
    };
    let presumed = with(|h| {
        h.peers
            .get(&peer)
            .and_then(|p| p.presumed.then_some(p.remote).flatten())
    });
    if presumed.is_some_and(|fp| fp != sig.signal.fingerprint) {
        // Another certificate than the one presumed (the other device made
        // a new one): a new connection offers the same description (it
        // derives from this device's certificate), which the answer fits
        // as it is (as `super::live` does).
        wasm_bindgen_futures::spawn_local(async move {
            let Ok((generation, pc)) = start(peer).await else {
                return;
            };
            match describe(&pc, signal::Reader::Alone).await {
                Ok(_) => answer_opened(peer, generation, pc, sig, false),
                Err(_) => set_state(peer, generation, State::Failed, Why::NoConnection),
            }
        });
        return;
    }
    answer_opened(peer, generation, pc, sig, presumed.is_some());
}

/// The answer `sig` from `peer` to our offer on `pc` (connection
/// `generation`): the connection starts, and must form within
/// [`CONNECT_MS`]; `presumed`: that answer was presumed.
fn answer_opened(peer: u8, generation: u32, pc: JsValue, sig: StarSignal, presumed: bool) {
    with_current(peer, generation, |p| {
        p.remote = Some(sig.signal.fingerprint)
    });
    set_state(peer, generation, State::Connecting, Why::NoConnection);
    let timeout = Timeout::new(CONNECT_MS, move || {
        if state_of(peer) == State::Connecting {
            set_state(peer, generation, State::Failed, Why::NoConnection);
        }
    });
    with_current(peer, generation, |p| p.timeout = Some(timeout));
    wasm_bindgen_futures::spawn_local(async move {
        if !set_answer(&pc, &sig.signal, presumed).await {
            set_state(peer, generation, State::Failed, Why::NoConnection);
        }
    });
}

/// `~SIGNAL` for the link this device shows to `peer` while our offer or
/// answer to it waits (not a short one's); else nothing.
pub fn suffix(peer: u8) -> String {
    with(|h| match h.peers.get(&peer) {
        Some(p) if !p.short && matches!(p.state, State::Offering | State::Answering) => p
            .local
            .as_ref()
            .map(|s| format!("{SEPARATOR}{s}"))
            .unwrap_or_default(),
        _ => String::new(),
    })
}

/// Our offer or answer to `peer` while it waits (not a short one's): a
/// short handshake carries it (`formats::star_handshake`).
pub fn local_signal(peer: u8) -> Option<StarSignal> {
    with(|h| match h.peers.get(&peer) {
        Some(p) if !p.short && matches!(p.state, State::Offering | State::Answering) => {
            p.local.as_deref().and_then(|s| StarSignal::decode(s).ok())
        }
        _ => None,
    })
}

/// This device's invitation of `peer` (the host's) or its answer (a
/// guest's) as one short link (`formats::star_handshake`), while our
/// offer or answer to it waits; None otherwise (the link with the signal
/// beside it then: a game whose salt is older, a move made).
pub fn handshake(g: &StarGame, peer: u8, codes: &[u8]) -> Option<String> {
    let sig = local_signal(peer)?;
    if sig.signal.offer {
        formats::star_handshake::invitation(g, peer, codes, &sig.signal)
    } else {
        formats::star_handshake::answer(g, &sig.signal)
    }
}

/// Whether a game on three to five devices is on this tab's screen.
pub fn in_play() -> bool {
    with(|h| h.game.is_some() && h.redraw.is_some())
}

/// Whether this tab holds the channel `sig` is for: its game played here
/// as its device, and, for an answer, our offer to its sender waiting
/// (`super::live_tabs`: a signal opened in another tab is handed here).
pub fn holds(sig: &StarSignal) -> bool {
    with(|h| {
        h.game == Some(sig.game)
            && h.me == sig.to
            && h.redraw.is_some()
            && (sig.signal.offer
                || h.peers
                    .get(&sig.from)
                    .is_some_and(|p| p.state == State::Offering))
    })
}

/// A short reconnect link's signal opened (`#~SIGNAL`): for the game in
/// play here, used; else that game opened from its save first (this
/// device the one the signal is for), then used; else said.
pub fn open_short(d: &UseReducerDispatcher<AppState>, sig: StarSignal) -> bool {
    let here = with(|h| h.game == Some(sig.game) && h.me == sig.to && h.redraw.is_some());
    if !here {
        let loaded = super::storage::load()
            .ok()
            .map(|l| l.doc)
            .unwrap_or_default();
        let entry = loaded.list().into_iter().find(|e| {
            e.record
                .star()
                .and_then(Result::ok)
                .is_some_and(|(_, g)| sig.is_for(&g.fair.deal.salt) && g.me == sig.to)
        });
        match entry {
            Some(entry) => super::session::open_saved(d, entry),
            None => {
                d.dispatch(Action::Notice(Notice::Text(m::unknown().to_string())));
                return false;
            }
        }
    }
    signal_received(sig, true);
    true
}

#[derive(Properties, PartialEq)]
pub struct LiveStarProps {
    pub star: Rc<Star>,
    /// The game's salt.
    pub salt: [u8; 16],
    /// Each seat's player's name.
    pub names: Vec<String>,
    /// Nothing is decided here now (another device's link is awaited, or
    /// the game is over): a guest's link is due to the host.
    pub due: bool,
    pub over: bool,
    pub dispatch: UseReducerDispatcher<AppState>,
}

/// The live line of a game on three to five devices: one row per channel
/// (the host's: one per guest device, named by its players; a guest's:
/// the host), and the sending.
#[function_component(LiveStarBar)]
pub fn live_star_bar(props: &LiveStarProps) -> Html {
    let update = use_force_update();
    {
        let update = update.clone();
        let d = props.dispatch.clone();
        use_effect_with((), move |_| {
            with(|h| {
                h.redraw = Some(Callback::from(move |_| update.force_update()));
                h.dispatch = Some(d);
            });
            // (The dispatcher stays: a link arriving while the line is not
            // shown, in the replay, still opens.)
            || with(|h| h.redraw = None)
        });
    }
    let game = game_of(&props.salt);
    let me = props.star.me;
    {
        use_effect_with((game, me), move |&(game, me)| {
            play(game, me);
        });
    }
    // The host offers to each guest device whose answer is not in.
    {
        let waiting: Vec<u8> = props
            .star
            .invitations
            .iter()
            .filter(|i| !i.answered)
            .map(|i| i.device)
            .collect();
        use_effect_with(waiting, move |waiting| {
            for &d in waiting {
                if state_of(d) == State::Off {
                    offer(game, me, d, false);
                }
            }
        });
    }
    let states: Vec<(u8, State)> = with(|h| h.peers.iter().map(|(d, p)| (*d, p.state)).collect());
    // The sending: the host's link to every guest whenever it changes (so
    // it relays), a guest's to the host when it is due.
    {
        let link = props.star.link.clone();
        let due = props.due || props.over;
        use_effect_with((states.clone(), link, due), move |(_, link, due)| {
            let Some(link) = link.as_ref() else { return };
            with(|h| {
                if h.me != 0 && !*due {
                    return;
                }
                for p in h.peers.values_mut() {
                    if p.state != State::Open || p.sent == *link {
                        continue;
                    }
                    if let Some(c) = &p.channel {
                        if call(c, "send", &[JsValue::from_str(link)]).is_ok() {
                            p.sent = link.clone();
                        }
                    }
                }
            });
        });
    }
    let others: Vec<u8> = if me == 0 {
        (1..props.star.devices.count() as u8).collect()
    } else {
        vec![0]
    };
    let played = was_played(&game);
    let rows: Vec<Html> = others
        .iter()
        .filter_map(|&d| row(d, me, game, played, props))
        .collect();
    if rows.is_empty() {
        return html! {};
    }
    let all: Vec<&str> = states.iter().map(|(_, s)| s.name()).collect();
    html! {
        <div class="live-line live-star" data-testid="live-star" data-states={all.join(" ")}>
            { for rows }
        </div>
    }
}

/// The row of the channel with device `d`; None when there is nothing to
/// say (never connected, no invitation out).
fn row(d: u8, me: u8, game: [u8; 8], played: bool, props: &LiveStarProps) -> Option<Html> {
    let (now, why, short_link) = with(|h| {
        let p = h.peers.get(&d);
        let now = p.map_or(State::Off, |p| p.state);
        let why = p.map_or(Why::NoConnection, |p| p.why);
        let short = p.and_then(|p| match (&p.local, p.short, p.state) {
            (Some(s), true, State::Offering | State::Answering) => {
                Some((p.state == State::Offering, s.clone()))
            }
            _ => None,
        });
        (now, why, short)
    });
    let rejoin = now == State::Off && played && !props.over;
    let words = match now {
        State::Off if rejoin => m::rejoin(),
        State::Off => return None,
        State::Offering => m::offering(),
        State::Answering => m::answering(),
        State::Connecting => m::connecting(),
        State::Open => m::open(),
        State::Failed => match why {
            Why::NoConnection => m::failed(),
            Why::NotAnswered => m::not_answered(),
            Why::NoTab => m::no_tab(),
        },
        State::Closed => m::closed(),
    };
    let again = (rejoin || matches!(now, State::Failed | State::Closed)) && !props.over;
    let players: Vec<&str> = props
        .star
        .seats_of(d)
        .into_iter()
        .filter_map(|s| props.names.get(s).map(String::as_str))
        .collect();
    let reconnect = Callback::from(move |_: MouseEvent| offer(game, me, d, true));
    let short_link =
        short_link.map(|(o, s)| (o, format!("{}#{SEPARATOR}{s}", super::session::page_url())));
    let copy = {
        let text = short_link
            .as_ref()
            .map(|(_, l)| l.clone())
            .unwrap_or_default();
        Callback::from(move |_: MouseEvent| {
            let clipboard = get(&gloo::utils::window().navigator(), "clipboard");
            let _ = call(&clipboard, "writeText", &[JsValue::from_str(&text)]);
        })
    };
    let id = format!("live-short-link-{d}");
    Some(html! {
        <div class={classes!("live-peer", format!("live-{}", now.name()))} role="status"
            data-testid={format!("live-peer-{d}")} data-state={now.name()} data-why={format!("{why:?}")}>
            <p>
                <strong>{ m::star_with(&players.join(", ")) }</strong>
                { " " }{ words }
                if again {
                    { " " }
                    <button type="button" data-testid={format!("live-reconnect-{d}")} onclick={reconnect}>
                        { m::reconnect() }</button>
                }
            </p>
            if let Some((offering, link)) = short_link {
                <p class="live-short">
                    <label for={id.clone()}>
                        { if offering { m::short_offer() } else { m::short_answer() } }</label>
                    { " " }
                    <input id={id} type="text" readonly=true value={link}
                        data-testid={format!("live-link-{d}")} size="40" />
                    { " " }
                    <button type="button" data-testid={format!("live-copy-{d}")} onclick={copy}>
                        { m::copy() }</button>
                </p>
            }
        </div>
    })
}
