//! Games with friends on other devices (issue 37): fair games by links,
//! live play, three to five devices. Their code is a chunk of the build
//! (`chunks::correspondence`, docs/loading.md), fetched only when such a
//! game is needed: a link of version 4 or 5, live play's invitation,
//! answer or reconnect link in the address, a saved fair game (listed,
//! opened or resumed), or a seat set to "On a friend's device" on the
//! new-game form (fetched then, before Start is pressed).
//!
//! The page reaches that code through one value, the chunk's
//! [`Correspondence`]: what the page asks of a game across devices is a
//! method of it, and whatever the chunk's side of a method calls
//! (`ui::correspondence_part`) is in the chunk. A fair game is in play
//! only once the chunk is here ([`loaded`]), so the page's state reads it
//! without waiting; what starts one waits for it ([`with`]), the screen
//! saying "Loading…" meanwhile, and a chunk that cannot be fetched
//! (offline before the service worker kept it) is said in words, the next
//! try fetching it again.

use std::cell::RefCell;

use yew::prelude::*;

use super::live::LiveBarProps;
use super::live_star::LiveStarProps;
use super::state::star::Star;
use super::state::{Action, AppState, Notice, Play};
use engine::any::AnyGame;
use formats::fair_game::{Awaited, FairGame};
use formats::saves::{SaveDoc, SaveError, SavedGame, SavedSeat};
use formats::{handshake, share, signal, star, star_handshake};
use i18n::msg;
use view::palette::Seat;

/// What the page asks of games across devices: the chunk's side is
/// `ui::correspondence_part`.
pub trait Correspondence {
    /// Open the address's `fragment` ([`is_for`]): a fair game's link, live
    /// play's invitation, answer or reconnect link; whether a game opened.
    fn open_fragment(&self, d: &UseReducerDispatcher<AppState>, fragment: &str) -> bool;
    /// Open a saved fair game as this tab's game in play.
    fn open_saved(&self, d: &UseReducerDispatcher<AppState>, entry: &SavedGame);
    /// A link asked of the other tabs on load, opened here at last and not
    /// opened: whether this tab resumes its game (asked once).
    fn take_resume(&self) -> bool;
    /// A new fair game hosted here: this device commits to the seats of
    /// `here` (`seats`: who plays each).
    fn host(&self, game: &AnyGame, here: &[bool], seats: Vec<Seat>) -> Option<Play>;
    /// A fair game in play.
    fn play(&self, fair: FairGame, seats: Vec<Seat>) -> Option<Play>;
    /// What a fair game whose game here is `game` waits for.
    fn awaited(&self, fair: &FairGame, game: &AnyGame, known: bool) -> Awaited;
    /// The fair game after `game`'s decisions, and `game` replayed with its
    /// deal (with whether its tile in hand is known, when it replays).
    fn replay(&self, fair: &FairGame, game: AnyGame) -> (FairGame, AnyGame, Option<bool>);
    /// Its link on this page (with live play's signal while one waits).
    fn link(&self, fair: &FairGame, seats: &[Seat]) -> String;
    /// Its record's `[Fair]` tag.
    fn tag(&self, fair: &FairGame) -> String;
    /// Saved as `SaveDoc::save_fair_from` saves it (`save_star_from` for a
    /// game on three to five devices).
    #[allow(clippy::too_many_arguments)]
    fn save(
        &self,
        doc: &mut SaveDoc,
        id: &str,
        game: &AnyGame,
        fair: &FairGame,
        star: Option<&Star>,
        seats: Vec<SavedSeat>,
        link: Option<usize>,
        known: Option<&str>,
        now: f64,
    ) -> Result<(String, bool), SaveError>;
    /// Live play's line on the screen.
    fn live_bar(&self, props: LiveBarProps) -> Html;
    /// Live play's line of a game on three to five devices.
    fn live_star_bar(&self, props: LiveStarProps) -> Html;
    /// Live play's offer or answer to device `peer` of a game on three to
    /// five devices while it waits (`~SIGNAL`, beside the link this device
    /// shows that device), else nothing.
    fn star_suffix(&self, peer: u8) -> String;
    /// This device's invitation of `peer` or answer to it as one short
    /// link (`formats::star_handshake`) while its offer or answer waits:
    /// `g` the game, `codes` each seat's code; else None.
    fn star_handshake(&self, g: &star::StarGame, peer: u8, codes: &[u8]) -> Option<String>;
}

/// Whether the address's fragment is for the chunk: a fair game's link
/// (version 4), one of three to five devices (version 5), live play's
/// invitation or answer (of two devices or more), or a link with a signal beside it (`LINK~SIGNAL`,
/// `#~SIGNAL`).
pub fn is_for(fragment: &str) -> bool {
    let (link, signal) = signal::split(fragment);
    signal.is_some()
        || handshake::is_handshake(link)
        || star_handshake::is_star_handshake(link)
        || matches!(
            share::version(link),
            Some(share::fair::VERSION | star::VERSION)
        )
}

type Waiting = Box<dyn FnOnce(&'static dyn Correspondence)>;

#[derive(Default)]
struct Loader {
    here: Option<&'static dyn Correspondence>,
    fetching: bool,
    /// Asked for with [`with`]: "Loading…" is shown until the chunk is here.
    waiting: Vec<(UseReducerDispatcher<AppState>, Waiting)>,
    /// Asked for with [`preload`]: nothing shown.
    quiet: Vec<Box<dyn FnOnce()>>,
    redraw: Option<Callback<()>>,
}

thread_local! {
    static LOADER: RefCell<Loader> = RefCell::new(Loader::default());
}

fn with_loader<R>(f: impl FnOnce(&mut Loader) -> R) -> R {
    LOADER.with(|l| f(&mut l.borrow_mut()))
}

/// The chunk, once it is here (always, while a fair game is in play).
pub fn loaded() -> Option<&'static dyn Correspondence> {
    with_loader(|l| l.here)
}

/// Run `then` with the chunk: at once when it is here, else once it came
/// ("Loading…" on the screen meanwhile); when it cannot be fetched, the
/// player is told and `then` is dropped (the next call tries again).
pub fn with(
    d: &UseReducerDispatcher<AppState>,
    then: impl FnOnce(&'static dyn Correspondence) + 'static,
) {
    if let Some(c) = loaded() {
        return then(c);
    }
    with_loader(|l| l.waiting.push((d.clone(), Box::new(then))));
    redraw();
    fetch();
}

/// Fetch the chunk in the background (a friend's seat chosen on the
/// new-game form; saved fair games to list); `then` runs once it came or
/// could not come, at once if it is here.
pub fn preload(then: impl FnOnce() + 'static) {
    if loaded().is_some() {
        return then();
    }
    with_loader(|l| l.quiet.push(Box::new(then)));
    fetch();
}

fn fetch() {
    if with_loader(|l| std::mem::replace(&mut l.fetching, true)) {
        return;
    }
    wasm_bindgen_futures::spawn_local(async {
        let got = super::chunks::correspondence().await;
        let (waiting, quiet) = with_loader(|l| {
            l.fetching = false;
            if let Ok(c) = &got {
                l.here = Some(*c);
            }
            (std::mem::take(&mut l.waiting), std::mem::take(&mut l.quiet))
        });
        redraw();
        // (What only waited in the background goes on either way.)
        for then in quiet {
            then();
        }
        match got {
            Ok(c) => {
                for (_, then) in waiting {
                    then(c);
                }
            }
            Err(_) => {
                // Said once, to whoever waited; the next call tries again.
                if let Some((d, _)) = waiting.first() {
                    d.dispatch(Action::Notice(Notice::Text(msg::live::load_failed(
                        msg::extras::no_reason(),
                    ))));
                }
            }
        }
    });
}

fn redraw() {
    if let Some(r) = with_loader(|l| l.redraw.clone()) {
        r.emit(());
    }
}

/// "Loading…" while something waits for the chunk ([`with`]).
#[function_component(CorrespondenceStatus)]
pub fn correspondence_status() -> Html {
    let update = use_force_update();
    use_effect_with((), move |_| {
        // (The session's effect may have asked for the chunk before this
        // one ran: drawn again if something waits.)
        let waiting = with_loader(|l| {
            let again = update.clone();
            l.redraw = Some(Callback::from(move |_| again.force_update()));
            !l.waiting.is_empty()
        });
        if waiting {
            update.force_update();
        }
        || with_loader(|l| l.redraw = None)
    });
    if with_loader(|l| l.waiting.is_empty()) {
        return html! {};
    }
    html! {
        <p class="extras-status" role="status" data-testid="correspondence-loading">
            { msg::extras::loading() }</p>
    }
}
