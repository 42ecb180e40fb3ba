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

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use formats::fair_game::FairGame;
use formats::signal::{self, Signal, SEPARATOR};
use i18n::msg::live as m;

/// The STUN server used when the player has not chosen: Google's public
/// one (asked only for this device's public address).
pub const DEFAULT_STUN: &str = "stun:stun.l.google.com:19302";
const STUN_KEY: &str = "the-city/stun";
/// How long the host waits for the channel once the answer is opened.
const CONNECT_MS: u32 = 8000;
/// How long candidates are gathered before the signal is written anyway.
const GATHER_MS: u32 = 3000;

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

impl State {
    fn name(self) -> &'static str {
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

fn set_state(generation: u32, state: State) {
    let redraw = with(|l| {
        if l.generation != generation {
            return None;
        }
        l.state = state;
        if state == State::Open {
            l.local = None;
            l.sent.clear();
            l.timeout = None;
        }
        if matches!(state, State::Failed | State::Closed) {
            l.local = None;
            l.timeout = None;
            if let Some(pc) = l.pc.take() {
                let _ = call(&pc, "close", &[]);
            }
        }
        l.redraw.clone()
    });
    if let Some(r) = redraw {
        r.emit(());
    }
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

fn get(o: &JsValue, k: &str) -> JsValue {
    js_sys::Reflect::get(o, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED)
}

fn set(o: &JsValue, k: &str, v: &JsValue) {
    let _ = js_sys::Reflect::set(o, &JsValue::from_str(k), v);
}

fn call(o: &JsValue, method: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = get(o, method).dyn_into()?;
    let a: js_sys::Array = args.iter().collect();
    f.apply(o, &a)
}

async fn wait(p: Result<JsValue, JsValue>) -> Result<JsValue, JsValue> {
    JsFuture::from(p?.dyn_into::<js_sys::Promise>()?).await
}

fn on(target: &JsValue, event: &str, generation: u32, f: impl FnMut(JsValue) + 'static) {
    let c = Closure::<dyn FnMut(JsValue)>::new(f);
    set(target, &format!("on{event}"), c.as_ref());
    with(|l| {
        if l.generation == generation {
            l.closures.push(c)
        }
    });
}

/// A new peer connection and its data channel (negotiated, id 0, so
/// neither side announces it), replacing any earlier one.
fn start() -> Result<(u32, JsValue), JsValue> {
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
        l.received_len = None;
        l.generation
    });
    let config = js_sys::Object::new();
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
/// [`GATHER_MS`] passed): our signal.
async fn describe(pc: &JsValue, offer: bool) -> Result<String, JsValue> {
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
    let s = Signal::from_sdp(&local, offer).map_err(|_| JsValue::from_str("no fingerprint"))?;
    Ok(s.encode())
}

fn redraw() {
    if let Some(r) = with(|l| l.redraw.clone()) {
        r.emit(());
    }
}

/// Make an offer: it travels beside this device's next link (the
/// invitation, or a reconnecting one).
pub fn offer() {
    let Ok((generation, pc)) = start() else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        match describe(&pc, true).await {
            Ok(s) => {
                with(|l| {
                    if l.generation == generation {
                        l.local = Some(s);
                    }
                });
                set_state(generation, State::Offering);
            }
            Err(_) => set_state(generation, State::Failed),
        }
    });
}

/// A link opened here carried a signal: an offer is answered (the answer
/// travels beside this device's next link); an answer to our offer starts
/// the connection, which must form within [`CONNECT_MS`].
pub fn signal_opened(text: &str) {
    if let Ok(sig) = Signal::decode(text) {
        signal_received(sig);
    }
}

/// The same, for a signal read from an invitation or an answer.
pub fn signal_received(sig: Signal) {
    if sig.offer {
        let Ok((generation, pc)) = start() else {
            return;
        };
        wasm_bindgen_futures::spawn_local(async move {
            let desc = js_sys::Object::new();
            set(&desc, "type", &JsValue::from_str("offer"));
            set(&desc, "sdp", &JsValue::from_str(&sig.to_sdp()));
            let answered = match wait(call(&pc, "setRemoteDescription", &[desc.into()])).await {
                Ok(_) => describe(&pc, false).await,
                Err(e) => Err(e),
            };
            match answered {
                Ok(s) => {
                    with(|l| {
                        if l.generation == generation {
                            l.local = Some(s);
                        }
                    });
                    set_state(generation, State::Answering);
                }
                Err(_) => set_state(generation, State::Failed),
            }
        });
        return;
    }
    let Some((generation, pc)) = with(|l| {
        (l.state == State::Offering)
            .then(|| l.pc.clone().map(|pc| (l.generation, pc)))
            .flatten()
    }) else {
        return;
    };
    set_state(generation, State::Connecting);
    let timeout = Timeout::new(CONNECT_MS, move || {
        if state() == State::Connecting {
            set_state(generation, State::Failed);
        }
    });
    with(|l| l.timeout = Some(timeout));
    wasm_bindgen_futures::spawn_local(async move {
        let desc = js_sys::Object::new();
        set(&desc, "type", &JsValue::from_str("answer"));
        set(&desc, "sdp", &JsValue::from_str(&sig.to_sdp()));
        if wait(call(&pc, "setRemoteDescription", &[desc.into()]))
            .await
            .is_err()
        {
            set_state(generation, State::Failed);
        }
    });
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
    let now = state();
    let link = props.fair.link().unwrap_or_default();
    let len = props.fair.history.len();
    // The host waiting for the answer offers a connection with its invitation.
    {
        let awaits_answer = props.awaits_answer;
        use_effect_with(awaits_answer, move |&a| {
            if a && state() == State::Off {
                offer();
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
    let words = match now {
        State::Off => return html! {},
        State::Offering => m::offering(),
        State::Answering => m::answering(),
        State::Connecting => m::connecting(),
        State::Open => m::open(),
        State::Failed => m::failed(),
        State::Closed => m::closed(),
    };
    let again = matches!(now, State::Failed | State::Closed) && !props.over;
    let reconnect = Callback::from(move |_: MouseEvent| {
        offer();
        redraw();
    });
    html! {
        <p class={classes!("live-line", format!("live-{}", now.name()))} role="status"
            data-testid="live" data-state={now.name()}>
            { words }
            if again {
                { " " }
                <button type="button" data-testid="live-reconnect" onclick={reconnect}>
                    { m::reconnect() }</button>
            }
        </p>
    }
}
