//! Live play (issue 37, docs/live-play.md): a WebRTC data channel between
//! two browsers, no server of ours. The fair game's invitation carries an
//! offer beside its link (`#LINK~SIGNAL`, `formats::signal`), the answer
//! link carries the answer; once both are opened the channel carries,
//! from then on, exactly the link each device would otherwise ask its
//! player to copy, and the receiving device opens it as any link
//! (`hashchange`: read with its chains, judged, saved). When no
//! connection forms, or it drops, the screen says so and the game goes on
//! by links; a new invitation reconnects. Re-sending the newest link is
//! harmless (a link per decision, judged on arrival).
//!
//! The only thing contacted besides the other device is the STUN server
//! of the setting ([`stun`], none when it is empty), while a connection
//! is being made.
//!
//! The lifecycle (docs/live-play.md): a device keeps one DTLS certificate
//! (ECDSA P-256, in IndexedDB: [`certificate`]), so its fingerprint is the
//! same after a reload and the other device recognises it
//! (`formats::rejoin::Peers`, per game). After a reload or a dropped
//! connection either device starts a short exchange: its offer alone
//! (`#~SIGNAL`, no game: both hold it), answered the same way; then each
//! sends its newest link, judged on arrival (nothing lost, nothing
//! repeated). An answer or offer opened in another tab of this browser is
//! handed to the tab that holds its offer or game (`super::live_tabs`).
//! The guest's answer waits [`ANSWER_MS`] at most.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use formats::fair_game::FairGame;
use formats::rejoin::{Peers, Tab};
use formats::signal::{self, Signal, SEPARATOR};
use i18n::msg::live as m;

/// The STUN server used when the player has not chosen: Google's public
/// one (asked only for this device's public address).
pub const DEFAULT_STUN: &str = "stun:stun.l.google.com:19302";
const STUN_KEY: &str = "the-city/stun";
/// How long the host waits for the channel once the answer is opened.
pub(super) const CONNECT_MS: u32 = 8000;
/// How long candidates are gathered before the signal is written anyway.
const GATHER_MS: u32 = 3000;
/// How long an answer waits to be opened on the other device (its
/// candidates may change meanwhile: a phone moves to another network).
pub const ANSWER_MS: u32 = 5 * 60 * 1000;
const PEERS_KEY: &str = "the-city/live-peers";
/// Where the certificate is kept (IndexedDB: a certificate is not text).
const DB: &str = "the-city-live";
const DB_STORE: &str = "keys";
const DB_KEY: &str = "certificate";
/// A new certificate is made when this one expires within a day.
const CERT_MARGIN_MS: f64 = 86_400_000.0;
/// Its life: a year (browsers allow at most a year).
const CERT_LIFE_MS: f64 = 365.0 * 86_400_000.0;

/// Where the live connection is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum State {
    #[default]
    Off,
    /// Our offer is ready, beside the invitation: the answer is awaited.
    Offering,
    /// Our answer is ready, beside our link: the other device opens it.
    Answering,
    /// The answer was opened here: the channel is forming.
    Connecting,
    Open,
    /// No connection formed in time.
    Failed,
    /// The channel closed.
    Closed,
}

/// Why no connection formed ([`State::Failed`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Why {
    /// The connection did not form within [`CONNECT_MS`], or failed.
    #[default]
    NoConnection,
    /// Our answer was not opened on the other device within [`ANSWER_MS`].
    NotAnswered,
    /// An answer opened here, but no tab of this browser holds its offer
    /// (closed or reloaded).
    NoTab,
}

impl State {
    pub(super) fn name(self) -> &'static str {
        match self {
            State::Off => "off",
            State::Offering => "offering",
            State::Answering => "answering",
            State::Connecting => "connecting",
            State::Open => "open",
            State::Failed => "failed",
            State::Closed => "closed",
        }
    }
}

#[derive(Default)]
struct Live {
    state: State,
    why: Why,
    /// The exchange is a short one (`#~SIGNAL`, no game): its link is
    /// shown on the live line.
    short: bool,
    /// The other device's fingerprint, once its signal was opened.
    remote: Option<[u8; 32]>,
    /// Our short offer went to a device recognised: its answer was
    /// presumed (set from its fingerprint) before it came.
    presumed: bool,
    /// The salt of the fair game in play in this tab.
    game: Option<[u8; 16]>,
    /// This device's certificate, once loaded or made.
    certificate: Option<JsValue>,
    /// Its load, while it is under way (every caller awaits this one).
    certificate_loading: Option<js_sys::Promise>,
    answer_timeout: Option<Timeout>,
    /// Which connection the callbacks belong to (an older one's are ignored).
    generation: u32,
    pc: Option<JsValue>,
    /// The connection last made (closed or not), to unset its handlers.
    closed_pc: Option<JsValue>,
    channel: Option<JsValue>,
    /// Our signal, to travel beside our next link until the channel opens.
    local: Option<String>,
    /// The newest link sent on this channel.
    sent: String,
    /// A link came on the channel and is being opened.
    receiving: bool,
    /// The same, for the session's opening of it.
    from_channel: bool,
    /// The fair game's decisions when the newest received link was opened.
    received_len: Option<usize>,
    /// The screen to redraw when the state changes.
    redraw: Option<Callback<()>>,
    closures: Vec<Closure<dyn FnMut(JsValue)>>,
    timeout: Option<Timeout>,
}

thread_local! {
    static LIVE: RefCell<Live> = RefCell::new(Live::default());
}

fn with<R>(f: impl FnOnce(&mut Live) -> R) -> R {
    LIVE.with(|l| f(&mut l.borrow_mut()))
}

/// Change the live state if it is still connection `generation` (a newer
/// one replaced it: nothing).
fn with_current(generation: u32, f: impl FnOnce(&mut Live)) {
    with(|l| {
        if l.generation == generation {
            f(l)
        }
    });
}

fn set_state(generation: u32, state: State) {
    set_state_why(generation, state, Why::NoConnection)
}

fn set_state_why(generation: u32, state: State, why: Why) {
    let redraw = with(|l| {
        if l.generation != generation {
            return None;
        }
        l.state = state;
        l.why = why;
        if state == State::Open {
            l.local = None;
            l.sent.clear();
            l.timeout = None;
            l.answer_timeout = None;
            l.short = false;
        }
        // The other device, recognised from now on by its fingerprint: from
        // the signal of this game it sent (an invitation or an answer, read
        // with the game's link), so a first connection that never formed
        // (two networks whose NATs do not meet) can be tried again by the
        // short reconnect links, which name no game.
        if matches!(state, State::Open | State::Connecting | State::Answering) {
            if let (Some(game), Some(fp)) = (l.game, l.remote) {
                let mut peers = peers();
                if peers.fingerprint(&game) != Some(fp) {
                    peers.set(game, fp);
                    save_peers(&peers);
                }
            }
        }
        if matches!(state, State::Failed | State::Closed) {
            l.local = None;
            l.timeout = None;
            l.answer_timeout = None;
            l.short = false;
            if let Some(pc) = l.pc.take() {
                let _ = call(&pc, "close", &[]);
            }
        }
        Some(l.redraw.clone())
    });
    if let Some(r) = redraw {
        super::live_tabs::report(state);
        if let Some(r) = r {
            r.emit(());
        }
    }
}

/// Why the connection failed, when it did.
pub fn why() -> Why {
    with(|l| l.why)
}

/// The other devices remembered per game (localStorage).
pub fn peers() -> Peers {
    let stored = gloo::utils::window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(PEERS_KEY).ok().flatten());
    Peers::read(stored.as_deref().unwrap_or(""))
}

fn save_peers(p: &Peers) {
    if let Some(s) = gloo::utils::window().local_storage().ok().flatten() {
        let _ = s.set_item(PEERS_KEY, &p.write());
    }
}

/// What this tab holds, for a signal opened in another tab.
pub fn tab() -> Tab {
    with(|l| Tab {
        game: l.game,
        offering: l.state == State::Offering,
    })
}

/// The fair game in play in this tab (None: none).
pub fn set_game(game: Option<[u8; 16]>) {
    with(|l| l.game = game);
}

/// Whether the link being opened came on the channel (asked once).
pub fn take_from_channel() -> bool {
    with(|l| std::mem::take(&mut l.from_channel))
}

/// The state now.
pub fn state() -> State {
    with(|l| l.state)
}

/// `~SIGNAL` to append to the link this device shows, while its offer or
/// answer has not been answered by a channel; else nothing.
pub fn suffix() -> String {
    with(|l| match (&l.local, l.state) {
        (Some(s), State::Offering | State::Answering) => format!("{SEPARATOR}{s}"),
        _ => String::new(),
    })
}

/// Our offer or answer while it waits to be opened by the other device
/// (the invitation and the answer carry it inside: `formats::handshake`).
pub fn local_signal() -> Option<Signal> {
    with(|l| match (&l.local, l.state) {
        (Some(s), State::Offering | State::Answering) => Signal::decode(s).ok(),
        _ => None,
    })
}

/// The STUN server of the setting: None when the player turned it off
/// (one network only).
pub fn stun() -> Option<String> {
    let stored = gloo::utils::window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(STUN_KEY).ok().flatten());
    match stored {
        Some(s) if s.trim().is_empty() => None,
        Some(s) => Some(s.trim().to_string()),
        None => Some(DEFAULT_STUN.to_string()),
    }
}

/// Change the STUN setting (empty: off).
pub fn set_stun(value: &str) {
    if let Some(s) = gloo::utils::window().local_storage().ok().flatten() {
        let _ = s.set_item(STUN_KEY, value.trim());
    }
}

/// A new peer connection with this device's certificate and the STUN
/// server of the setting, and its game channel (negotiated, id 0: both
/// sides make it, nothing is signalled for it). Two devices' `live` and
/// the star's `live_star` both connect through it.
pub(super) fn connection(cert: Option<JsValue>) -> Result<(JsValue, JsValue), JsValue> {
    let config = js_sys::Object::new();
    if let Some(cert) = cert {
        set(&config, "certificates", &js_sys::Array::of1(&cert));
    }
    let servers = js_sys::Array::new();
    if let Some(url) = stun() {
        let s = js_sys::Object::new();
        set(&s, "urls", &JsValue::from_str(&url));
        servers.push(&s);
    }
    set(&config, "iceServers", &servers);
    let ctor: js_sys::Function = get(&gloo::utils::window(), "RTCPeerConnection").dyn_into()?;
    let pc = js_sys::Reflect::construct(&ctor, &js_sys::Array::of1(&config))?;
    let init = js_sys::Object::new();
    set(&init, "negotiated", &JsValue::TRUE);
    set(&init, "id", &JsValue::from(0));
    let channel = call(
        &pc,
        "createDataChannel",
        &[JsValue::from_str("game"), init.into()],
    )?;
    Ok((pc, channel))
}

pub(super) fn get(o: &JsValue, k: &str) -> JsValue {
    js_sys::Reflect::get(o, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED)
}

pub(super) fn set(o: &JsValue, k: &str, v: &JsValue) {
    let _ = js_sys::Reflect::set(o, &JsValue::from_str(k), v);
}

pub(super) fn call(o: &JsValue, method: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = get(o, method).dyn_into()?;
    let a: js_sys::Array = args.iter().collect();
    f.apply(o, &a)
}

pub(super) async fn wait(p: Result<JsValue, JsValue>) -> Result<JsValue, JsValue> {
    JsFuture::from(p?.dyn_into::<js_sys::Promise>()?).await
}

fn on(target: &JsValue, event: &str, generation: u32, f: impl FnMut(JsValue) + 'static) {
    let c = Closure::<dyn FnMut(JsValue)>::new(f);
    set(target, &format!("on{event}"), c.as_ref());
    with_current(generation, |l| l.closures.push(c));
}

/// A promise of an IndexedDB request's result.
fn request(req: &JsValue) -> js_sys::Promise {
    let req = req.clone();
    js_sys::Promise::new(&mut |resolve, reject| {
        let r = req.clone();
        let ok = Closure::once_into_js(move |_: JsValue| {
            let _ = resolve.call1(&JsValue::NULL, &get(&r, "result"));
        });
        let r = req.clone();
        let bad = Closure::once_into_js(move |_: JsValue| {
            let _ = reject.call1(&JsValue::NULL, &get(&r, "error"));
        });
        set(&req, "onsuccess", &ok);
        set(&req, "onerror", &bad);
    })
}

/// The certificate kept in IndexedDB, if it is good for another day.
async fn stored_certificate(db: &JsValue) -> Result<Option<JsValue>, JsValue> {
    let tx = call(
        db,
        "transaction",
        &[JsValue::from_str(DB_STORE), JsValue::from_str("readonly")],
    )?;
    let store = call(&tx, "objectStore", &[JsValue::from_str(DB_STORE)])?;
    let req = call(&store, "get", &[JsValue::from_str(DB_KEY)])?;
    let cert = JsFuture::from(request(&req)).await?;
    let expires = get(&cert, "expires").as_f64().unwrap_or(0.0);
    Ok((expires > js_sys::Date::now() + CERT_MARGIN_MS).then_some(cert))
}

/// This device's certificate: the one kept, else a new one (ECDSA P-256,
/// a year), kept. A device keeps its fingerprint so, across reloads: the
/// other device recognises it. Without IndexedDB (a private window may
/// refuse it), a certificate for this page only.
pub async fn certificate() -> Option<JsValue> {
    if let Some(c) = with(|l| l.certificate.clone()) {
        return Some(c);
    }
    // One load for every caller: a star's host offers to its guests at
    // once, and two loads could each make a certificate (found by the
    // star's presumed answers: a guest had kept a fingerprint the host
    // no longer used).
    let loading = with(|l| l.certificate_loading.clone()).unwrap_or_else(|| {
        let p = wasm_bindgen_futures::future_to_promise(async {
            Ok(load_certificate().await.unwrap_or(JsValue::NULL))
        });
        with(|l| l.certificate_loading = Some(p.clone()));
        p
    });
    let cert = JsFuture::from(loading)
        .await
        .ok()
        .filter(|c| !c.is_null() && !c.is_undefined());
    with(|l| {
        l.certificate_loading = None;
        if cert.is_some() {
            l.certificate = cert.clone();
        }
    });
    cert
}

/// [`certificate`]'s one load: the kept one, else one made and kept.
async fn load_certificate() -> Option<JsValue> {
    let window = gloo::utils::window();
    let db = async {
        let idb = get(&window, "indexedDB");
        let open = call(&idb, "open", &[JsValue::from_str(DB), JsValue::from(1)])?;
        let upgrade = Closure::once_into_js(move |e: JsValue| {
            let db = get(&get(&e, "target"), "result");
            let _ = call(&db, "createObjectStore", &[JsValue::from_str(DB_STORE)]);
        });
        set(&open, "onupgradeneeded", &upgrade);
        JsFuture::from(request(&open)).await
    }
    .await
    .ok();
    let mut cert = None;
    if let Some(db) = &db {
        cert = stored_certificate(db).await.ok().flatten();
    }
    if cert.is_none() {
        let ctor = get(&window, "RTCPeerConnection");
        let params = js_sys::Object::new();
        set(&params, "name", &JsValue::from_str("ECDSA"));
        set(&params, "namedCurve", &JsValue::from_str("P-256"));
        set(&params, "expires", &JsValue::from_f64(CERT_LIFE_MS));
        let made = wait(call(&ctor, "generateCertificate", &[params.into()]))
            .await
            .ok()?;
        if let Some(db) = &db {
            let kept = (|| {
                let tx = call(
                    db,
                    "transaction",
                    &[JsValue::from_str(DB_STORE), JsValue::from_str("readwrite")],
                )?;
                let store = call(&tx, "objectStore", &[JsValue::from_str(DB_STORE)])?;
                call(&store, "put", &[made.clone(), JsValue::from_str(DB_KEY)])
            })();
            if let Ok(req) = kept {
                let _ = JsFuture::from(request(&req)).await;
            }
        }
        cert = Some(made);
    }
    cert
}

/// A new peer connection and its data channel (negotiated, id 0, so
/// neither side announces it), replacing any earlier one; with this
/// device's kept certificate.
async fn start() -> Result<(u32, JsValue), JsValue> {
    let generation = with(|l| {
        if let Some(pc) = l.pc.take() {
            let _ = call(&pc, "close", &[]);
        }
        // (The old handlers unset before their closures are dropped: an
        // event of the old connection must not call a dropped closure.)
        for (o, events) in [
            (l.channel.take(), &["onopen", "onclose", "onmessage"][..]),
            (l.closed_pc.take(), &["onconnectionstatechange"][..]),
        ] {
            if let Some(o) = o {
                for e in events {
                    set(&o, e, &JsValue::NULL);
                }
            }
        }
        l.generation += 1;
        l.channel = None;
        l.closures.clear();
        l.local = None;
        l.timeout = None;
        l.answer_timeout = None;
        l.received_len = None;
        l.remote = None;
        l.presumed = false;
        l.generation
    });
    let cert = certificate().await;
    if with(|l| l.generation != generation) {
        return Err(JsValue::from_str("replaced"));
    }
    // (A connection that cannot be made is said, with the reconnect
    // button: the line must not stay on an offer or answer it lost.)
    let (pc, channel) = connection(cert).inspect_err(|_| set_state(generation, State::Failed))?;
    with(|l| {
        l.pc = Some(pc.clone());
        l.closed_pc = Some(pc.clone());
        l.channel = Some(channel.clone());
    });
    on(&channel, "open", generation, move |_| {
        set_state(generation, State::Open)
    });
    on(&channel, "close", generation, move |_| {
        if state() == State::Open {
            set_state(generation, State::Closed)
        }
    });
    on(&channel, "message", generation, move |e| {
        if let Some(text) = get(&e, "data").as_string() {
            received(generation, &text);
        }
    });
    let pc2 = pc.clone();
    on(&pc, "connectionstatechange", generation, move |_| {
        let s = get(&pc2, "connectionState").as_string().unwrap_or_default();
        match (s.as_str(), state()) {
            ("failed" | "closed", State::Open) => set_state(generation, State::Closed),
            // (An answer waiting to be opened is not failed by its ICE
            // state: the other side's checks may come minutes later, and
            // revive it; ANSWER_MS bounds the wait.)
            ("failed", State::Connecting) => set_state(generation, State::Failed),
            _ => {}
        }
    });
    Ok((generation, pc))
}

/// A link from the other device: opened as a link pasted in the address
/// bar is (`session.rs`, on `hashchange`), so it is read and judged here.
fn received(generation: u32, text: &str) {
    if with(|l| l.generation != generation) {
        return;
    }
    // Only a fair game's link (version 4) is taken; anything else is ignored.
    if formats::share::version(text) != Some(formats::share::fair::VERSION) {
        return;
    }
    with(|l| {
        l.receiving = true;
        l.from_channel = true;
    });
    let _ = gloo::utils::window().location().set_hash(text);
}

/// Our description made, credentials derived, candidates gathered (or
/// [`GATHER_MS`] passed): our signal, with the candidates its reader
/// needs (an offer for an answerer or alone, else the answer to an offer).
pub(super) async fn describe(pc: &JsValue, reader: signal::Reader<'_>) -> Result<Signal, JsValue> {
    let offer = !matches!(reader, signal::Reader::Offerer(_));
    let made = wait(call(
        pc,
        if offer { "createOffer" } else { "createAnswer" },
        &[],
    ))
    .await?;
    let sdp = get(&made, "sdp").as_string().unwrap_or_default();
    let sdp = signal::with_credentials(&sdp).ok_or_else(|| JsValue::from_str("no fingerprint"))?;
    let desc = js_sys::Object::new();
    set(
        &desc,
        "type",
        &JsValue::from_str(if offer { "offer" } else { "answer" }),
    );
    set(&desc, "sdp", &JsValue::from_str(&sdp));
    wait(call(pc, "setLocalDescription", &[desc.into()])).await?;
    // Candidates: wait for the gathering to complete, at most GATHER_MS.
    let pc2 = pc.clone();
    let gathered = js_sys::Promise::new(&mut |resolve, _| {
        let r2 = resolve.clone();
        let pc3 = pc2.clone();
        let done = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            if get(&pc3, "iceGatheringState").as_string().as_deref() == Some("complete") {
                let _ = r2.call0(&JsValue::NULL);
            }
        });
        set(&pc2, "onicegatheringstatechange", done.as_ref());
        done.forget();
        if get(&pc2, "iceGatheringState").as_string().as_deref() == Some("complete") {
            let _ = resolve.call0(&JsValue::NULL);
        }
        Timeout::new(GATHER_MS, move || {
            let _ = resolve.call0(&JsValue::NULL);
        })
        .forget();
    });
    let _ = JsFuture::from(gathered).await;
    let local = get(&get(pc, "localDescription"), "sdp")
        .as_string()
        .unwrap_or_default();
    let mut s = Signal::from_sdp(&local, offer).map_err(|_| JsValue::from_str("no fingerprint"))?;
    s.candidates = signal::needed(s.candidates, reader);
    Ok(s)
}

fn redraw() {
    if let Some(r) = with(|l| l.redraw.clone()) {
        r.emit(());
    }
}

/// Make an offer: it travels beside this device's next link (the
/// invitation, or a reconnecting one); `short`: and on its own, in the
/// short reconnect link the live line shows.
pub fn offer(short: bool) {
    wasm_bindgen_futures::spawn_local(async move {
        let Ok((generation, pc)) = start().await else {
            return;
        };
        with(|l| l.short = short);
        let reader = if short {
            signal::Reader::Alone
        } else {
            signal::Reader::Answerer
        };
        match describe(&pc, reader).await.map(|s| s.encode()) {
            Ok(s) => {
                // A device recognised: its answer is presumed (its ICE
                // credentials and fingerprint are known; its candidates
                // are learnt from its checks), so on one network the
                // offer alone reconnects; its answer, if it comes, adds
                // its candidates (across NATs).
                let peer = with(|l| l.game)
                    .filter(|_| short)
                    .and_then(|g| peers().fingerprint(&g));
                if let Some(fp) = peer {
                    if presume_answer(&pc, fp).await {
                        with_current(generation, |l| {
                            l.remote = Some(fp);
                            l.presumed = true;
                        });
                    }
                }
                with_current(generation, |l| {
                    l.local = Some(s);
                });
                // (With a presumed answer the channel may be open already.)
                if state() != State::Open {
                    set_state(generation, State::Offering);
                }
            }
            Err(_) => set_state(generation, State::Failed),
        }
    });
}

/// A link opened here carried a signal: an offer is answered (the answer
/// travels beside this device's next link, and on its own when `short`:
/// the offer came without the game); an answer to our offer starts the
/// connection, which must form within [`CONNECT_MS`]. An answer with no
/// offer here to answer (none made, or lost to a reload) says so.
pub fn signal_opened(text: &str, short: bool) {
    if let Ok(sig) = Signal::decode(text) {
        signal_received(sig, short);
    }
}

/// The same, for a signal read from an invitation or an answer.
pub fn signal_received(sig: Signal, short: bool) {
    if sig.offer {
        wasm_bindgen_futures::spawn_local(async move {
            let Ok((generation, pc)) = start().await else {
                return;
            };
            with(|l| {
                l.short = short;
                l.remote = Some(sig.fingerprint);
            });
            let desc = js_sys::Object::new();
            set(&desc, "type", &JsValue::from_str("offer"));
            set(&desc, "sdp", &JsValue::from_str(&sig.to_sdp()));
            let answered = match wait(call(&pc, "setRemoteDescription", &[desc.into()])).await {
                Ok(_) => describe(&pc, signal::Reader::Offerer(&sig))
                    .await
                    .map(|s| s.encode()),
                Err(e) => Err(e),
            };
            match answered {
                Ok(s) => {
                    // Not opened on the other device in time: said, and the
                    // game goes on by links.
                    let timeout = Timeout::new(ANSWER_MS, move || {
                        if state() == State::Answering {
                            set_state_why(generation, State::Failed, Why::NotAnswered);
                        }
                    });
                    with_current(generation, |l| {
                        l.local = Some(s);
                        l.answer_timeout = Some(timeout);
                    });
                    // (The other device may have presumed this answer: the
                    // channel may be open before it is written.)
                    if state() != State::Open {
                        set_state(generation, State::Answering);
                    }
                }
                Err(_) => set_state(generation, State::Failed),
            }
        });
        return;
    }
    let offering = with(|l| {
        (l.state == State::Offering)
            .then(|| l.pc.clone().map(|pc| (l.generation, pc)))
            .flatten()
    });
    let Some((generation, pc)) = offering else {
        // No offer here for this answer: said, unless connected already.
        let generation = with(|l| l.generation);
        if matches!(state(), State::Off | State::Failed | State::Closed) {
            set_state_why(generation, State::Failed, Why::NoTab);
        }
        return;
    };
    let presumed = with(|l| l.presumed.then_some(l.remote).flatten());
    if presumed.is_some_and(|fp| fp != sig.fingerprint) {
        // Another certificate than the one presumed: the other device made
        // a new one (a private window reloaded, its certificate expired).
        // A new connection offers the same description (it derives from
        // this device's certificate), so the answer fits it as it is.
        wasm_bindgen_futures::spawn_local(async move {
            let Ok((generation, pc)) = start().await else {
                return;
            };
            match describe(&pc, signal::Reader::Alone).await {
                Ok(_) => answer_opened(generation, pc, sig, false),
                Err(_) => set_state(generation, State::Failed),
            }
        });
        return;
    }
    answer_opened(generation, pc, sig, presumed.is_some());
}

/// The answer `sig` to our offer on `pc` (connection `generation`): the
/// connection starts, and must form within [`CONNECT_MS`]; `presumed`:
/// that answer was presumed, its candidates are added.
fn answer_opened(generation: u32, pc: JsValue, sig: Signal, presumed: bool) {
    with(|l| l.remote = Some(sig.fingerprint));
    set_state(generation, State::Connecting);
    let timeout = Timeout::new(CONNECT_MS, move || {
        if state() == State::Connecting {
            set_state(generation, State::Failed);
        }
    });
    with(|l| l.timeout = Some(timeout));
    wasm_bindgen_futures::spawn_local(async move {
        if !set_answer(&pc, &sig, presumed).await {
            set_state(generation, State::Failed);
        }
    });
}

/// Set on `pc`, our offer's connection, the answer of the device whose
/// certificate has the fingerprint `fp` before it comes: its ICE
/// credentials derive from `fp`, its candidates are learnt from its checks
/// (none here). False when the browser refuses it.
pub(super) async fn presume_answer(pc: &JsValue, fp: [u8; 32]) -> bool {
    let presumed = Signal {
        offer: false,
        fingerprint: fp,
        candidates: Vec::new(),
    };
    set_answer(pc, &presumed, false).await
}

/// Hand the answer `sig` to `pc`, our offer's connection: its description,
/// or, when it was `presumed` (set already), its candidates. False when
/// the browser refuses the description.
pub(super) async fn set_answer(pc: &JsValue, sig: &Signal, presumed: bool) -> bool {
    if presumed {
        for line in sig.to_sdp().lines() {
            if let Some(c) = line
                .strip_prefix("a=")
                .filter(|c| c.starts_with("candidate:"))
            {
                let init = js_sys::Object::new();
                set(&init, "candidate", &JsValue::from_str(c));
                set(&init, "sdpMid", &JsValue::from_str("0"));
                set(&init, "sdpMLineIndex", &JsValue::from(0));
                let _ = wait(call(pc, "addIceCandidate", &[init.into()])).await;
            }
        }
        return true;
    }
    let desc = js_sys::Object::new();
    set(&desc, "type", &JsValue::from_str("answer"));
    set(&desc, "sdp", &JsValue::from_str(&sig.to_sdp()));
    wait(call(pc, "setRemoteDescription", &[desc.into()]))
        .await
        .is_ok()
}

/// Send `link` on the open channel (once: the same link again is not).
fn send(link: &str) {
    with(|l| {
        if l.state != State::Open || l.sent == link {
            return;
        }
        if let Some(c) = &l.channel {
            if call(c, "send", &[JsValue::from_str(link)]).is_ok() {
                l.sent = link.to_string();
            }
        }
    });
}

#[derive(Properties, PartialEq)]
pub struct LiveBarProps {
    /// The fair game in play.
    pub fair: Rc<FairGame>,
    /// This device waits for the other's answer.
    pub awaits_answer: bool,
    /// This device waits for the other's link: its own is due to it.
    pub awaits_link: bool,
    pub over: bool,
}

/// The live connection's line on the play screen, and the sending: when
/// the channel is open and this device's link is due to the other device
/// (it waits for the other's link, or the game just ended here), the
/// link goes on the channel.
#[function_component(LiveBar)]
pub fn live_bar(props: &LiveBarProps) -> Html {
    let update = use_force_update();
    {
        let update = update.clone();
        use_effect_with((), move |_| {
            with(|l| l.redraw = Some(Callback::from(move |_| update.force_update())));
            || with(|l| l.redraw = None)
        });
    }
    // Which game this tab plays, for a signal opened in another tab.
    {
        let salt = props.fair.deal.salt;
        use_effect_with(salt, move |&salt| {
            set_game(Some(salt));
            || set_game(None)
        });
    }
    let now = state();
    let link = props.fair.link().unwrap_or_default();
    let len = props.fair.history.len();
    // The host waiting for the answer offers a connection with its invitation.
    {
        let awaits_answer = props.awaits_answer;
        use_effect_with(awaits_answer, move |&a| {
            if a && state() == State::Off {
                offer(false);
            }
        });
    }
    {
        let due = props.awaits_link || props.over;
        use_effect_with(
            (now, link.clone(), len, due),
            move |(now, link, len, due)| {
                // A link just received is not sent back.
                let echo = with(|l| {
                    if l.receiving {
                        l.receiving = false;
                        l.received_len = Some(*len);
                    }
                    l.received_len == Some(*len)
                });
                if *now == State::Open && *due && !echo && !link.is_empty() {
                    send(link);
                }
            },
        );
    }
    // After a reload: this game was played live with a device recognised
    // by its fingerprint; without a server, a short exchange reconnects.
    let known_peer = peers().fingerprint(&props.fair.deal.salt).is_some();
    let rejoin = now == State::Off && known_peer && !props.awaits_answer && !props.over;
    let words = match now {
        State::Off if rejoin => m::rejoin(),
        State::Off => return html! {},
        State::Offering => m::offering(),
        State::Answering => m::answering(),
        State::Connecting => m::connecting(),
        State::Open => m::open(),
        State::Failed => match why() {
            Why::NoConnection => m::failed(),
            Why::NotAnswered => m::not_answered(),
            Why::NoTab => m::no_tab(),
        },
        State::Closed => m::closed(),
    };
    let again = (rejoin || matches!(now, State::Failed | State::Closed)) && !props.over;
    let short = !props.awaits_answer;
    let reconnect = Callback::from(move |_: MouseEvent| {
        offer(short);
        redraw();
    });
    // The short reconnect link (no game in it), with its own copy.
    let short_link = with(|l| match (l.short, &l.local, l.state) {
        (true, Some(s), State::Offering | State::Answering) => Some((
            l.state == State::Offering,
            format!("{}#{SEPARATOR}{s}", super::session::page_url()),
        )),
        _ => None,
    });
    let copied = use_state(|| false);
    let copy = {
        let copied = copied.clone();
        let text = short_link
            .as_ref()
            .map(|(_, l)| l.clone())
            .unwrap_or_default();
        Callback::from(move |_: MouseEvent| {
            let clipboard = get(&gloo::utils::window().navigator(), "clipboard");
            let _ = call(&clipboard, "writeText", &[JsValue::from_str(&text)]);
            copied.set(true);
        })
    };
    html! {
        <div class={classes!("live-line", format!("live-{}", now.name()))} role="status"
            data-testid="live" data-state={now.name()} data-why={format!("{:?}", why())}>
            <p>
                { words }
                if again {
                    { " " }
                    <button type="button" data-testid="live-reconnect" onclick={reconnect}>
                        { m::reconnect() }</button>
                }
            </p>
            if let Some((offering, link)) = short_link {
                <p class="live-short">
                    <label for="live-short-link">
                        { if offering { m::short_offer() } else { m::short_answer() } }</label>
                    { " " }
                    <input id="live-short-link" type="text" readonly=true value={link}
                        data-testid="live-link" size="40" />
                    { " " }
                    <button type="button" data-testid="live-copy" onclick={copy}>
                        { if *copied { m::copied() } else { m::copy() } }</button>
                </p>
            }
        </div>
    }
}
