//! The session: what ties the app to the page and to storage. A component
//! that draws nothing and, from effects (never from the reducer):
//! - on load, opens the game of a share link in the URL fragment (a link
//!   that continues a saved game continues that save), or resumes this
//!   tab's game in play (its save id is kept per tab, `storage::current_id`),
//!   and tells what could not be read;
//! - opens a link when the fragment changes (`hashchange`);
//! - autosaves the game in play after every decision (and undo), never over
//!   a game another tab played on, and marks the game unsaved while saving
//!   fails;
//! - follows what other tabs save (`storage` events): the saves list reads
//!   them again, and this tab's game shows what another tab played, or says
//!   it moved on when this tab has moves of its own not saved;
//! - has the browser ask before the tab is closed or reloaded while the
//!   game in play has turns not saved;
//! - forgets this tab's game in play when the player leaves it.
//!
//! The state it adds to the app and the reducer's part for its actions are
//! in `state/session.rs`.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use yew::prelude::*;

use super::state::{Action, AppState, Notice, Opened, Play, Saving};
use super::storage::{self, StorageError};
use engine::fair::Secret;
use formats::fair_game::{FairGame, Refusal};
use formats::links::{self, FairVerdict, Verdict};
use formats::saves::{SavedGame, SavedRecord};
use formats::share;
use i18n::msg;
use view::palette::seats_from_param;

/// The page's URL without its fragment, without a `seats` parameter
/// (which only travels with a link) and without `lang` (a link carries no
/// language: the friend who opens it reads it in their own).
pub fn page_url() -> String {
    let loc = gloo::utils::window().location();
    let href = loc.href().unwrap_or_default();
    let base = match href.split_once('#') {
        Some((base, _)) => base.to_string(),
        None => href,
    };
    match base.split_once('?') {
        Some((path, query)) => {
            let kept: Vec<&str> = query
                .split('&')
                .filter(|kv| {
                    !kv.is_empty() && !kv.starts_with("seats=") && !kv.starts_with("lang=")
                })
                .collect();
            if kept.is_empty() {
                path.to_string()
            } else {
                format!("{path}?{}", kept.join("&"))
            }
        }
        None => base,
    }
}

/// The `seats` parameter of the page's URL, if any.
fn seats_param() -> Option<String> {
    let search = gloo::utils::window().location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("seats="))
        .map(|v| {
            js_sys::decode_uri_component(v)
                .ok()
                .and_then(|s| s.as_string())
                .unwrap_or_else(|| v.to_string())
        })
}

/// Drop the fragment from the address bar (no reload, no `hashchange`).
fn clear_fragment() {
    let window = gloo::utils::window();
    let url = page_url();
    if let Ok(h) = window.history() {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Open the game of the link in the fragment, if there is one; whether a
/// game was opened. A link that continues a game saved here continues that
/// save (a correspondence game stays one saved game, however many links
/// go back and forth); one that shows an earlier position of it opens the
/// save where it is; one that would change a game saved here (its deal, a
/// move played, a turn of a seat played here, who plays a seat:
/// `formats::links::judge`) opens nothing, writes nothing and says what it
/// changes. The seats are those of the save it continues, else those the
/// link carries beside it, else every seat a person's, and the player is
/// told when the link's seats were missing or damaged.
///
/// A game across devices' link is opened by the correspondence chunk
/// ([`open_correspondence`]), which the callers fetch first
/// (`super::correspondence::with`).
fn open_fragment(d: &UseReducerDispatcher<AppState>) -> bool {
    let hash = fragment();
    let link = hash.trim_start_matches('#');
    if link.is_empty() {
        return false;
    }
    if super::correspondence::is_for(link) {
        return super::correspondence::loaded().is_some_and(|c| c.open_fragment(d, link));
    }
    open_link(d, link)
}

/// The address's fragment (`#…`, or empty).
fn fragment() -> String {
    gloo::utils::window().location().hash().unwrap_or_default()
}

/// Whether what the page opens as it starts needs the correspondence chunk
/// first: a link of a game across devices, or this tab's game in play
/// maybe a saved fair game.
fn start_needs_chunk() -> bool {
    super::correspondence::is_for(fragment().trim_start_matches('#'))
        || (storage::holds_fair() && storage::current_id().is_some())
}

/// (In the correspondence chunk) [`open_fragment`] for a game across
/// devices: live play's signals, invitations and answers, fair games'
/// links.
pub(super) fn open_correspondence(d: &UseReducerDispatcher<AppState>, link: &str) -> bool {
    // A fair game's link may carry live play's offer or answer beside it
    // (`LINK~SIGNAL`, `super::live`).
    let fragment = link;
    let (link, signal) = formats::signal::split(link);
    // Live play on three to five devices (`super::live_star`): its signal
    // names the two devices and the game.
    if let Some(text) = signal.filter(|s| formats::star_signal::is_star_signal(s)) {
        return open_star_signal(d, fragment, link, text);
    }
    // An answer or a short reconnect link may be another tab's to use
    // (`super::live_tabs`); a short one names no game, only its sender.
    if let Some(signal) = signal {
        use super::live_tabs::Go;
        match super::live_tabs::route(d, fragment, link, signal) {
            Go::Open => {}
            // (The address stays as it is, its `seats` with it, until a
            // tab takes it or this one opens it.)
            Go::Asked => return true,
            Go::Short(salt) => {
                clear_fragment();
                return open_short(d, salt, signal);
            }
            go @ (Go::Unknown | Go::NoTab) => {
                let words = match go {
                    Go::Unknown => msg::live::unknown(),
                    _ => msg::live::no_tab_short(),
                };
                d.dispatch(Action::Notice(Notice::Text(words.to_string())));
                clear_fragment();
                return false;
            }
        }
    }
    // Live play's invitation or answer on three to five devices
    // (`formats::star_handshake`): the version 5 link it stands for and
    // its signal, as `LINK~SIGNAL` would be.
    if formats::star_handshake::is_star_handshake(link) {
        return open_star_handshake(d, fragment, link);
    }
    let from_channel = super::live::take_from_channel();
    // Live play's invitation or answer (`formats::handshake`): the fair
    // game's link it stands for opens as any, then its signal connects.
    if formats::handshake::is_handshake(link) {
        // An answer is the tab's that holds its offer (`super::live_tabs`).
        if let Ok(formats::handshake::Handshake::Answer(a)) = formats::handshake::decode(link) {
            let loaded = storage::load().ok().map(|l| l.doc).unwrap_or_default();
            if let Some(game) = a.link_in(&loaded) {
                if super::live_tabs::route_signal(d, fragment, &game, a.signal)
                    == super::live_tabs::Go::Asked
                {
                    return true;
                }
            }
        }
        let opened = open_handshake(d, link);
        clear_fragment();
        return opened;
    }
    // A game on three to five devices (version 5): opened by the `star`
    // chunk (`super::star_play`), each relayed move's signature checked.
    if formats::star::is_star(link) {
        let job = super::star_play::Job::Open {
            link: link.to_string(),
            seats: seats_param(),
            from_channel: false,
        };
        super::star_host::run(d.clone(), job);
        clear_fragment();
        return true;
    }
    if share::version(link) == Some(share::fair::VERSION) {
        let opened = open_fair(d, link, from_channel, None);
        clear_fragment();
        if let (true, Some(signal)) = (opened, signal) {
            super::live::signal_opened(signal, false);
        }
        return opened;
    }
    open_link(d, link)
}

/// [`open_fragment`] for a link of a game on one device (any other link).
fn open_link(d: &UseReducerDispatcher<AppState>, link: &str) -> bool {
    let game = match share::decode(link) {
        Ok(game) => game,
        Err(e) => {
            d.dispatch(Action::Notice(Notice::LinkFailed(e)));
            clear_fragment();
            return false;
        }
    };
    let param = seats_param();
    let from_param = param
        .as_deref()
        .and_then(|p| seats_from_param(p, game.players()));
    let loaded = storage::load().ok().map(|l| l.doc).unwrap_or_default();
    let link_seats = from_param.as_ref().map(|s| storage::to_saved(s, &[]));
    let verdict = links::judge(&loaded, &game, link_seats.as_deref());
    // A game saved here is played by the seats its save says (a link
    // cannot change who plays a seat: `judge` refuses it).
    let seats = match (&verdict, &from_param) {
        (Verdict::Continues(entry, _) | Verdict::Earlier(entry, _), _) => {
            storage::from_saved(entry)
        }
        (_, Some(seats)) => seats.clone(),
        _ => {
            d.dispatch(Action::Notice(if param.is_some() {
                Notice::SeatsDamaged
            } else {
                Notice::SeatsMissing
            }));
            storage::default_seats(&game)
        }
    };
    let opened = match verdict {
        // A link that would change a game saved here: nothing opens,
        // nothing is written; the player is told what it changes.
        Verdict::Refused(entry, forgery) => {
            d.dispatch(Action::Notice(Notice::LinkRefused(
                entry.name.clone(),
                forgery,
            )));
            clear_fragment();
            return false;
        }
        // The link shows an earlier position of a game saved here: that
        // game, where it is.
        Verdict::Earlier(entry, saved) => {
            d.dispatch(Action::Notice(Notice::EarlierPosition(
                entry.name.clone(),
                saved.turns(),
            )));
            Opened {
                game: saved,
                seats,
                id: Some(entry.id.clone()),
                from_link: entry.from_link,
                link_base: entry.link_base,
                known: Some(storage::record_of(entry)),
                here: storage::here_of(entry),
                fair: None,
                star: None,
            }
        }
        Verdict::Continues(entry, _) => Opened {
            link_base: game.decisions(),
            game,
            seats,
            id: Some(entry.id.clone()),
            from_link: true,
            known: Some(storage::record_of(entry)),
            here: storage::here_of(entry),
            fair: None,
            star: None,
        },
        Verdict::New => Opened {
            link_base: game.decisions(),
            game,
            seats,
            id: None,
            from_link: true,
            known: None,
            here: Vec::new(),
            fair: None,
            star: None,
        },
    };
    d.dispatch(Action::OpenAsk(Box::new(opened)));
    clear_fragment();
    true
}

/// A version 5 link with live play's signal beside it (an invitation with
/// the host's offer, a guest's answer link with its answer), or the signal
/// alone (a short reconnect link): the link opened as any, then the signal
/// used (`super::live_star`). A signal that does not read, or a link
/// beside it that is not of a game on three to five devices, is said.
fn open_star_signal(
    d: &UseReducerDispatcher<AppState>,
    fragment: &str,
    link: &str,
    text: &str,
) -> bool {
    let Ok(sig) = formats::star_signal::StarSignal::decode(text) else {
        clear_fragment();
        d.dispatch(Action::Notice(Notice::LinkFailed(
            formats::share::ShareError::Damaged,
        )));
        return false;
    };
    // (The link's `seats` read before the address is cleared of it: read
    // after, an invitation told every guest that its seats were missing.)
    open_star_live(d, fragment, link, sig, seats_param())
}

/// Live play's invitation or answer on three to five devices as one short
/// link (`formats::star_handshake`): an invitation's version 5 link by
/// itself, with the seats it holds; an answer's from the host's game
/// saved here that it answers; then as [`open_star_signal`]. An answer to
/// no game saved here opens nothing and says so.
fn open_star_handshake(d: &UseReducerDispatcher<AppState>, fragment: &str, text: &str) -> bool {
    use formats::star_handshake::{decode, StarHandshake};
    let (link, seats, sig) = match decode(text) {
        Err(e) => {
            clear_fragment();
            d.dispatch(Action::Notice(Notice::LinkFailed(e)));
            return false;
        }
        Ok(StarHandshake::Invitation(inv)) => (
            inv.link,
            Some(view::palette::param_of_codes(&inv.seats)),
            inv.signal,
        ),
        Ok(StarHandshake::Answer(a)) => {
            let loaded = storage::load().ok().map(|l| l.doc).unwrap_or_default();
            match a.link_in(&loaded) {
                Some(link) => (link, None, a.star_signal()),
                None => {
                    clear_fragment();
                    d.dispatch(Action::Notice(Notice::NotAnswered));
                    return false;
                }
            }
        }
    };
    open_star_live(d, fragment, &link, sig, seats)
}

/// A version 5 link (empty: none) and live play's signal with it, from
/// the address `fragment`: handed to another tab that holds its channel
/// (an answer, a short link), else the link opened as any (`seats` its
/// seats' parameter) and the signal used (`super::live_star`).
fn open_star_live(
    d: &UseReducerDispatcher<AppState>,
    fragment: &str,
    link: &str,
    sig: formats::star_signal::StarSignal,
    seats: Option<String>,
) -> bool {
    // An answer, or a short reconnect link, may be another tab's to use
    // (`super::live_tabs`): the address stays as it is until a tab takes
    // it or this one opens it.
    if super::live_tabs::route_star(d, fragment, link, &sig) {
        return true;
    }
    clear_fragment();
    if link.is_empty() {
        return super::live_star::open_short(d, sig);
    }
    if !formats::star::is_star(link) {
        return open_link(d, link);
    }
    let job = super::star_play::Job::Open {
        link: link.to_string(),
        seats,
        from_channel: false,
    };
    super::star_host::run(d.clone(), job);
    super::live_star::signal_received(sig, false);
    true
}

/// A short reconnect link (`#~SIGNAL`) for the fair game `salt`: that
/// game in play here (opened from its save when another is), then its
/// signal used: an offer answered, an answer connecting.
fn open_short(d: &UseReducerDispatcher<AppState>, salt: [u8; 16], signal: &str) -> bool {
    if super::live::tab().game != Some(salt) {
        let loaded = storage::load().ok().map(|l| l.doc).unwrap_or_default();
        let entry = loaded.list().into_iter().find(|e| {
            e.record
                .fair()
                .and_then(Result::ok)
                .is_some_and(|(_, f)| f.deal.salt == salt)
        });
        match entry {
            Some(entry) => open_saved(d, entry),
            None => {
                d.dispatch(Action::Notice(Notice::Text(
                    msg::live::unknown().to_string(),
                )));
                return false;
            }
        }
    }
    super::live::signal_opened(signal, true);
    true
}

/// A secret for a seat of this device, from the browser's generator.
pub fn secret() -> Secret {
    let mut x = [0u8; 32];
    // (getrandom cannot fail in a browser with crypto.getRandomValues.)
    let _ = getrandom::fill(&mut x);
    x
}

/// A game salt, from 8 bytes of the browser's generator (the rest their
/// hash, so live play's invitation carries only the 8:
/// `formats::handshake::salt`).
pub fn salt() -> [u8; 16] {
    let mut x = [0u8; 8];
    let _ = getrandom::fill(&mut x);
    formats::handshake::salt(x)
}

/// The seats of a game new here: those of the link's `seats` parameter,
/// else every seat a person's in the colours' order (and a notice).
pub(super) fn seats_or_default(
    param: Option<&str>,
    players: &[String],
    out: &mut Vec<Action>,
) -> Vec<view::palette::Seat> {
    if let Some(s) = param.and_then(|p| seats_from_param(p, players)) {
        return s;
    }
    out.push(Action::Notice(if param.is_some() {
        Notice::SeatsDamaged
    } else {
        Notice::SeatsMissing
    }));
    players
        .iter()
        .enumerate()
        .map(|(i, n)| view::palette::Seat {
            name: n.clone(),
            colour: view::palette::PlayerColour::ALL[i % view::palette::PlayerColour::ALL.len()],
            computer: None,
        })
        .collect()
}

/// Open a fair game's link (version 4, issue 37): an invitation joins its
/// game (this device commits to the seats left open and answers), a link
/// of a fair game saved here continues it, shows it where it is, or is
/// refused for what it changes (`links::judge_fair`: the deal, a move
/// played, a move for a seat of this device, a reveal that does not hold,
/// who plays a seat), and nothing is written; one of a game played
/// elsewhere opens to watch.
/// A link that came on live play's channel and brings nothing new (the
/// newest link sent again, after a reconnection) opens nothing, silently.
fn open_fair(
    d: &UseReducerDispatcher<AppState>,
    link: &str,
    from_channel: bool,
    seats: Option<String>,
) -> bool {
    let loaded = storage::load().ok().map(|l| l.doc).unwrap_or_default();
    let read = match links::read_fair(&loaded, link) {
        Ok(l) => l,
        Err(e) => {
            d.dispatch(Action::Notice(Notice::LinkFailed(e)));
            return false;
        }
    };
    let players: Vec<String> = read.setup.players().to_vec();
    let param = seats.or_else(seats_param);
    let from_param = param.as_deref().and_then(|p| seats_from_param(p, &players));
    let link_seats = from_param.as_ref().map(|s| storage::to_saved(s, &[]));
    let seats_or_default = |d: &UseReducerDispatcher<AppState>| {
        let mut said = Vec::new();
        let seats = seats_or_default(param.as_deref(), &players, &mut said);
        for a in said {
            d.dispatch(a);
        }
        seats
    };
    let opened = match links::judge_fair(&loaded, &read, link_seats.as_deref()) {
        FairVerdict::Refused(entry, Refusal::Forgery(f)) => {
            d.dispatch(Action::Notice(Notice::LinkRefused(entry.name.clone(), f)));
            return false;
        }
        FairVerdict::Refused(_, Refusal::Link(e)) => {
            d.dispatch(Action::Notice(Notice::LinkFailed(e)));
            return false;
        }
        FairVerdict::Earlier(..) if from_channel => return false,
        FairVerdict::Earlier(entry, fair) => {
            let turns = entry.summary.as_ref().map_or(0, |s| s.turns);
            d.dispatch(Action::Notice(Notice::EarlierPosition(
                entry.name.clone(),
                turns,
            )));
            let Ok(r) = fair.replayed() else { return false };
            Opened {
                game: r.game,
                seats: storage::from_saved(entry),
                id: Some(entry.id.clone()),
                from_link: entry.from_link,
                link_base: entry.link_base,
                known: Some(storage::record_of(entry)),
                here: storage::here_of(entry),
                fair: Some(fair),
                star: None,
            }
        }
        // The newest link sent again on a reconnected channel: nothing new.
        FairVerdict::Continues(entry, fair)
            if from_channel
                && entry
                    .record
                    .fair()
                    .and_then(Result::ok)
                    .is_some_and(|(_, here)| formats::rejoin::nothing_new(&here, &fair)) =>
        {
            return false
        }
        FairVerdict::Continues(entry, fair) => {
            let Ok(r) = fair.replayed() else { return false };
            Opened {
                link_base: fair.history.len(),
                game: r.game,
                seats: storage::from_saved(entry),
                id: Some(entry.id.clone()),
                from_link: true,
                known: Some(storage::record_of(entry)),
                here: storage::here_of(entry),
                fair: Some(fair),
                star: None,
            }
        }
        FairVerdict::Invitation => {
            let fair = match FairGame::join(&read, &mut secret) {
                Ok(f) => f,
                Err(Refusal::Link(e)) => {
                    d.dispatch(Action::Notice(Notice::LinkFailed(e)));
                    return false;
                }
                Err(Refusal::Forgery(_)) => return false,
            };
            let Ok(r) = fair.replayed() else { return false };
            Opened {
                link_base: 0,
                game: r.game,
                seats: seats_or_default(d),
                id: None,
                from_link: true,
                known: None,
                here: Vec::new(),
                fair: Some(fair),
                star: None,
            }
        }
        FairVerdict::New => {
            // Another device's game: watched, this device playing no seat.
            let Ok(fair) = FairGame::restore(&read, vec![None; players.len()]) else {
                return false;
            };
            let Ok(r) = fair.replayed() else { return false };
            Opened {
                link_base: fair.history.len(),
                game: r.game,
                seats: seats_or_default(d),
                id: None,
                from_link: true,
                known: None,
                here: Vec::new(),
                fair: Some(fair),
                star: None,
            }
        }
    };
    d.dispatch(Action::OpenAsk(Box::new(opened)));
    true
}

/// Live play's invitation or answer opened: the version 4 link it stands
/// for (an invitation's by itself, with the seats it holds; an answer's
/// from the fair game saved here that it answers) opens as that link
/// would, then its offer is answered or its answer connects this tab
/// (`super::live`). An answer to no game saved here opens nothing and
/// says so.
fn open_handshake(d: &UseReducerDispatcher<AppState>, text: &str) -> bool {
    use formats::handshake::{decode, Handshake};
    let (link, seats, signal) = match decode(text) {
        Err(e) => {
            d.dispatch(Action::Notice(Notice::LinkFailed(e)));
            return false;
        }
        Ok(Handshake::Invitation(inv)) => match inv.link() {
            Ok(link) => (
                link,
                Some(view::palette::param_of_codes(&inv.seats)),
                inv.signal,
            ),
            Err(e) => {
                d.dispatch(Action::Notice(Notice::LinkFailed(e)));
                return false;
            }
        },
        Ok(Handshake::Answer(a)) => {
            let loaded = storage::load().ok().map(|l| l.doc).unwrap_or_default();
            match a.link_in(&loaded) {
                Some(link) => (link, None, a.signal),
                None => {
                    d.dispatch(Action::Notice(Notice::NotAnswered));
                    return false;
                }
            }
        }
    };
    let opened = open_fair(d, &link, false, seats);
    if opened {
        super::live::signal_received(signal, false);
    }
    opened
}

/// What went wrong when the saved games were read, as one notice.
fn load_notice(problems: &[String]) -> Notice {
    Notice::Text(msg::session::load_problems(&problems.join(" ")))
}

/// The saved game `id` opened as this tab's game in play (a fair game
/// once the correspondence chunk is here).
pub fn open_saved(d: &UseReducerDispatcher<AppState>, entry: &SavedGame) {
    if matches!(entry.record, SavedRecord::Fair { .. }) {
        let (d2, entry) = (d.clone(), entry.clone());
        return super::correspondence::with(d, move |c| c.open_saved(&d2, &entry));
    }
    open_entry(d, entry, None, None)
}

/// (In the correspondence chunk) a saved fair game opened.
pub(super) fn open_saved_fair(d: &UseReducerDispatcher<AppState>, entry: &SavedGame) {
    let fair = entry.record.fair().and_then(Result::ok).map(|(_, f)| f);
    // A game on three to five devices: its devices too.
    let star = entry
        .record
        .star()
        .and_then(Result::ok)
        .map(|(_, g)| crate::ui::state::star::Star::of(&g));
    open_entry(d, entry, fair, star)
}

fn open_entry(
    d: &UseReducerDispatcher<AppState>,
    entry: &SavedGame,
    fair: Option<FairGame>,
    star: Option<crate::ui::state::star::Star>,
) {
    match entry.load() {
        Ok(game) => d.dispatch(Action::Open(Box::new(Opened {
            game,
            seats: storage::from_saved(entry),
            id: Some(entry.id.clone()),
            from_link: entry.from_link,
            link_base: entry.link_base,
            known: Some(storage::record_of(entry)),
            here: storage::here_of(entry),
            fair,
            star,
        }))),
        Err(e) => d.dispatch(Action::Notice(Notice::Unreadable(e))),
    }
}

/// Resume the game that was in play in this tab before the reload.
fn resume(d: &UseReducerDispatcher<AppState>) {
    let loaded = match storage::load() {
        Ok(l) => l,
        Err(e) => {
            d.dispatch(Action::Notice(Notice::Storage(e)));
            return;
        }
    };
    if !loaded.problems.is_empty() {
        d.dispatch(Action::Notice(load_notice(&loaded.problems)));
    }
    let Some(id) = storage::current_id() else {
        return;
    };
    if let Some(entry) = loaded.doc.get(&id) {
        open_saved(d, entry);
    }
}

/// Load this tab's game in play as it is saved now (after another tab
/// played it on).
pub fn reload_saved(d: &UseReducerDispatcher<AppState>, id: &str) {
    match storage::load() {
        Ok(l) => match l.doc.get(id) {
            Some(entry) => open_saved(d, entry),
            None => d.dispatch(Action::Notice(Notice::Gone)),
        },
        Err(e) => d.dispatch(Action::Notice(Notice::Storage(e))),
    }
}

/// What a storage event (another tab wrote the saves) means for this tab's
/// game in play: nothing, follow it (this tab has nothing unsaved: it shows
/// what the other tab saved), or a game moved on under this tab's unsaved
/// moves.
fn other_tab_wrote(d: &UseReducerDispatcher<AppState>, tracked: &Tracked) {
    let Some(id) = &tracked.id else { return };
    let Ok(loaded) = storage::load() else { return };
    let Some(entry) = loaded.doc.get(id) else {
        return;
    };
    if tracked.known.as_deref() == Some(storage::record_of(entry).as_str()) {
        return;
    }
    if tracked.unsaved {
        let turns = entry.summary.as_ref().map_or(0, |s| s.turns);
        d.dispatch(Action::MovedOn(turns));
    } else {
        open_saved(d, entry);
        d.dispatch(Action::Notice(Notice::PlayedOn(entry.name.clone())));
    }
}

/// What the storage listener needs to know of the game in play (kept
/// current at every render).
#[derive(Clone, Debug, Default)]
struct Tracked {
    id: Option<String>,
    known: Option<String>,
    unsaved: bool,
}

fn measuring() -> bool {
    let search = gloo::utils::window()
        .location()
        .search()
        .unwrap_or_default();
    search.contains("bench=")
}

#[derive(Properties, PartialEq)]
pub struct SessionProps {
    pub play: Option<Play>,
    pub saving: Saving,
    pub dispatch: UseReducerDispatcher<AppState>,
}

#[function_component(Session)]
pub fn session(props: &SessionProps) -> Html {
    // What the storage listener reads of the game in play.
    let tracked = use_mut_ref(Tracked::default);
    *tracked.borrow_mut() = Tracked {
        id: props.saving.id.clone(),
        known: props.saving.known.clone(),
        unsaved: props.saving.unsaved,
    };
    // On load: a link, else the game in play before; and links opened later.
    {
        let d = props.dispatch.clone();
        let tracked = tracked.clone();
        use_effect_with((), move |_| {
            let listener = (!measuring()).then(|| {
                let start = {
                    let d = d.clone();
                    move || {
                        if !open_fragment(&d) {
                            resume(&d);
                        } else if let Ok(l) = storage::load() {
                            if !l.problems.is_empty() {
                                d.dispatch(Action::Notice(load_notice(&l.problems)));
                            }
                        }
                    }
                };
                // A game across devices to open: its chunk first (saved
                // fair games only listed: fetched meanwhile, then listed).
                if start_needs_chunk() {
                    let d2 = d.clone();
                    super::correspondence::with(&d, move |_| {
                        start();
                        d2.dispatch(Action::SavesChanged);
                    });
                } else {
                    start();
                    if storage::holds_fair() {
                        let d = d.clone();
                        super::correspondence::preload(move || d.dispatch(Action::SavesChanged));
                    }
                }
                let d2 = d.clone();
                let hash = EventListener::new(&gloo::utils::window(), "hashchange", move |_| {
                    // (A link asked of the other tabs on load, then opened
                    // here and refused: this tab's game, as on load.)
                    let after_asking =
                        super::correspondence::loaded().is_some_and(|c| c.take_resume());
                    let d = d2.clone();
                    let open = move || {
                        if !open_fragment(&d) && after_asking {
                            resume(&d);
                        }
                    };
                    if super::correspondence::is_for(fragment().trim_start_matches('#')) {
                        super::correspondence::with(&d2, move |_| open());
                    } else {
                        open();
                    }
                });
                // Another tab wrote the saves: the list reads them again,
                // and this tab's game follows or says it moved on (a fair
                // game saved there: once its chunk is here).
                let tracked = tracked.clone();
                let storage = EventListener::new(&gloo::utils::window(), "storage", move |e| {
                    let key = js_sys::Reflect::get(e, &"key".into())
                        .ok()
                        .and_then(|k| k.as_string());
                    if key.as_deref().is_none_or(|k| k == storage::DOC_KEY) {
                        let d = d.clone();
                        let tracked = tracked.clone();
                        let heard = move || {
                            d.dispatch(Action::SavesChanged);
                            other_tab_wrote(&d, &tracked.borrow());
                        };
                        if storage::holds_fair() {
                            super::correspondence::preload(heard);
                        } else {
                            heard();
                        }
                    }
                });
                (hash, storage)
            });
            move || drop(listener)
        });
    }

    // Autosave after every change of the game (opening one writes nothing:
    // it is what is stored); the same failure is told once.
    let last_error: Rc<RefCell<Option<StorageError>>> = use_mut_ref(|| None);
    {
        let key = props.play.as_ref().map(|p| {
            (
                Rc::as_ptr(&p.game) as usize,
                p.version,
                props.saving.id.clone(),
            )
        });
        let play = props.play.clone();
        let saving = props.saving.clone();
        let d = props.dispatch.clone();
        let last_error = last_error.clone();
        use_effect_with(key, move |_| {
            let play = play.filter(|_| !measuring() && saving.moved_on.is_none());
            if let Some(play) = play {
                let link = saving.from_link.then_some(saving.base);
                let known = saving.known.as_deref();
                let result = storage::save_game(
                    saving.apart,
                    saving.id.as_deref(),
                    &play.game,
                    play.fair.as_deref(),
                    play.star.as_deref(),
                    &play.seats,
                    &play.here,
                    link,
                    known,
                );
                let mut last = last_error.borrow_mut();
                match result {
                    Ok((id, known)) => {
                        *last = None;
                        if saving.id.as_deref() != Some(id.as_str())
                            || saving.known.as_deref() != Some(known.as_str())
                            || saving.unsaved
                        {
                            d.dispatch(Action::Saved { id, known });
                        }
                    }
                    Err(StorageError::MovedOn(turn)) => d.dispatch(Action::MovedOn(turn)),
                    Err(e) => {
                        if last.as_ref() != Some(&e) {
                            d.dispatch(Action::Notice(Notice::Storage(e.clone())));
                        }
                        *last = Some(e);
                        if !saving.unsaved {
                            d.dispatch(Action::SaveFailed);
                        }
                    }
                }
            }
        });
    }

    // Closing or reloading the tab while the game in play has turns not
    // saved (storage full or off, another tab moved it on): the browser
    // asks first.
    {
        let guard = props.saving.unsaved
            && props.play.as_ref().is_some_and(|p| !p.game.is_over())
            && !measuring();
        use_effect_with(guard, move |&guard| {
            let listener = guard.then(|| {
                let options = gloo::events::EventListenerOptions::enable_prevent_default();
                EventListener::new_with_options(
                    &gloo::utils::window(),
                    "beforeunload",
                    options,
                    |e| {
                        e.prevent_default();
                        // (Older browsers ask only when returnValue is set.)
                        let _ = js_sys::Reflect::set(e, &"returnValue".into(), &"".into());
                    },
                )
            });
            move || drop(listener)
        });
    }

    // Leaving the game: a reload shows the new-game screen, not the game.
    let seen_play = use_mut_ref(|| false);
    {
        let playing = props.play.is_some();
        use_effect_with(playing, move |&playing| {
            let mut seen = seen_play.borrow_mut();
            if playing {
                *seen = true;
            } else if *seen {
                storage::set_current(None);
            }
        });
    }
    html! {}
}
