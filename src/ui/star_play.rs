//! (In the `star` chunk: `chunks::star`.) Games on three to five devices
//! on the screens (issue 37, docs/fair-deal.md "Three to five devices"):
//! the host's new game, a version 5 link opened (an invitation joined, a
//! link of a game saved here judged by `formats::links::judge_star`, each
//! relayed move checked against its device's signature), and this
//! device's link made again after each change, signed by its key
//! (`ui::device_key`, WebCrypto). Each job ends in the actions the page
//! dispatches (`ui::star_host` runs it): the reducer stays synchronous.

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use super::device_key::device_key;
use super::js_error::js_message;
use super::session::{salt, secret};
use super::state::star::{Invitation, Star};
use super::state::{random_seed, Action, NewGame, Notice, Opened};
use super::storage;
use formats::fair_game::{FairGame, Refusal};
use formats::links::{self, StarVerdict};
use formats::star::{StarError, StarGame};
use i18n::msg;
use view::palette::seats_from_param;

/// A job of the `star` chunk.
#[derive(Clone, Debug)]
pub enum Job {
    /// A new game hosted here, seat `s` on device `of_seat[s]`.
    Host { ng: Box<NewGame>, of_seat: Vec<u8> },
    /// A version 5 link opened, with the `seats` parameter beside it;
    /// `from_channel`: it came on live play's channel (one that brings
    /// nothing new opens nothing, silently).
    Open {
        link: String,
        seats: Option<String>,
        from_channel: bool,
    },
    /// The link of the game in play (`game_no`, at `version`) made again,
    /// signed first when this device's signature is due.
    Refresh {
        game_no: u64,
        version: u64,
        game: Box<StarGame>,
    },
}

/// A job under way: the actions it ends in.
pub type Working = Pin<Box<dyn Future<Output = Vec<Action>>>>;

/// The job's work.
pub fn work(job: Job) -> Working {
    Box::pin(async move {
        match job {
            Job::Host { ng, of_seat } => host(*ng, of_seat).await,
            Job::Open {
                link,
                seats,
                from_channel,
            } => open(link, seats, from_channel).await,
            Job::Refresh {
                game_no,
                version,
                game,
            } => refresh(game_no, version, *game).await,
        }
    })
}

/// Why this device's key could not be used, as a notice.
fn no_key(e: &wasm_bindgen::JsValue) -> Vec<Action> {
    vec![Action::Notice(Notice::Text(msg::share::star_no_key(
        &js_message(e),
    )))]
}

async fn host(ng: NewGame, of_seat: Vec<u8>) -> Vec<Action> {
    let seed = ng.seed.unwrap_or_else(random_seed);
    let game = match ng.game(seed) {
        Ok(g) => g,
        Err(e) => return vec![Action::StarStart(Box::new(ng), Err(e))],
    };
    let key = match device_key().await {
        Ok(k) => k,
        Err(e) => {
            let words = msg::share::star_no_key(&js_message(&e));
            return vec![Action::StarStart(Box::new(ng), Err(words))];
        }
    };
    let star = StarGame::host(&game.setup(), &of_seat, salt(), &mut secret, key.public);
    let star = star.map(Box::new).map_err(|e| match e {
        StarError::Devices => msg::new_game::star_host_seat().to_string(),
        StarError::Setup(e) => view::errors::setup(&e),
    });
    vec![Action::StarStart(Box::new(ng), star)]
}

/// A version 5 link opened (as `session::open_fair` opens a version 4
/// one): an invitation joins its game for the device it invites; a link
/// of a game saved here continues it, shows it where it is, or is refused
/// for what it changes (a relayed move its device did not sign included),
/// nothing written then; a game played elsewhere opens to watch.
async fn open(link: String, seats: Option<String>, from_channel: bool) -> Vec<Action> {
    let loaded = storage::load().ok().map(|l| l.doc).unwrap_or_default();
    let read = match links::read_star(&loaded, &link) {
        Ok(l) => l,
        Err(e) => return vec![Action::Notice(Notice::LinkFailed(e))],
    };
    let players: Vec<String> = read.fair.setup.players().to_vec();
    let from_param = seats.as_deref().and_then(|p| seats_from_param(p, &players));
    let link_seats = from_param.as_ref().map(|s| storage::to_saved(s, &[]));
    let mut out = Vec::new();
    let saved = |entry: &formats::saves::SavedGame, g: StarGame, continues: bool| {
        let r = g.fair.replayed().ok()?;
        Some(Opened {
            link_base: if continues {
                g.fair.history.len()
            } else {
                entry.link_base
            },
            game: r.game,
            seats: storage::from_saved(entry),
            id: Some(entry.id.clone()),
            from_link: continues || entry.from_link,
            known: Some(storage::record_of(entry)),
            here: storage::here_of(entry),
            star: Some(Star::of(&g)),
            fair: Some(g.fair),
        })
    };
    let opened = match links::judge_star(&loaded, &read, link_seats.as_deref()) {
        StarVerdict::Refused(entry, Refusal::Forgery(f)) => {
            return vec![Action::Notice(Notice::LinkRefused(entry.name.clone(), f))]
        }
        StarVerdict::Refused(_, Refusal::Link(e)) => {
            return vec![Action::Notice(Notice::LinkFailed(e))]
        }
        // A link from live play's channel that brings nothing new (an
        // older one, or the newest sent again): nothing opens.
        StarVerdict::Earlier(..) if from_channel => return Vec::new(),
        StarVerdict::Continues(entry, g)
            if from_channel
                && entry
                    .record
                    .star()
                    .and_then(Result::ok)
                    .is_some_and(|(_, here)| {
                        here.devices == g.devices
                            && formats::rejoin::nothing_new(&here.fair, &g.fair)
                    }) =>
        {
            return Vec::new()
        }
        StarVerdict::Earlier(entry, g) => {
            let turns = entry.summary.as_ref().map_or(0, |s| s.turns);
            out.push(Action::Notice(Notice::EarlierPosition(
                entry.name.clone(),
                turns,
            )));
            saved(entry, g, false)
        }
        StarVerdict::Continues(entry, g) => saved(entry, g, true),
        StarVerdict::Invitation => {
            let key = match device_key().await {
                Ok(k) => k,
                Err(e) => return no_key(&e),
            };
            let g = match StarGame::join(&read, &mut secret, key.public) {
                Ok(g) => g,
                Err(Refusal::Link(e)) => return vec![Action::Notice(Notice::LinkFailed(e))],
                Err(Refusal::Forgery(_)) => return Vec::new(),
            };
            let seats = super::session::seats_or_default(seats.as_deref(), &players, &mut out);
            g.fair.replayed().ok().map(|r| Opened {
                link_base: 0,
                game: r.game,
                seats,
                id: None,
                from_link: true,
                known: None,
                here: Vec::new(),
                star: Some(Star::of(&g)),
                fair: Some(g.fair),
            })
        }
        StarVerdict::New => {
            // Another device's game: watched, this device playing no seat.
            let fair = FairGame::restore(&read.fair, vec![None; players.len()]).ok();
            let seats = super::session::seats_or_default(seats.as_deref(), &players, &mut out);
            fair.and_then(|f| {
                let r = f.replayed().ok()?;
                Some(Opened {
                    link_base: f.history.len(),
                    game: r.game,
                    seats,
                    id: None,
                    from_link: true,
                    known: None,
                    here: Vec::new(),
                    star: None,
                    fair: Some(f),
                })
            })
        }
    };
    if let Some(o) = opened {
        out.push(Action::OpenAsk(Box::new(o)));
    }
    out
}

/// This device's link made again: signed first when its signature is due
/// (every device joined, and this device has moved since it last signed,
/// or never signed); the host's invitations while answers are due.
async fn refresh(game_no: u64, version: u64, mut g: StarGame) -> Vec<Action> {
    if let Some((k, m)) = g.to_sign() {
        let key = match device_key().await {
            Ok(k) => k,
            Err(e) => return no_key(&e),
        };
        match key.sign(&m).await {
            Ok(sig) => g.signed(k, sig),
            Err(e) => return no_key(&e),
        }
    }
    let invitations = if g.me == 0 && !g.fair.deal.committed() {
        (1..g.devices.count() as u8)
            .map(|d| Invitation {
                device: d,
                link: g.invitation(d).unwrap_or_default(),
                answered: g.devices.keys[usize::from(d)].is_some(),
            })
            .collect()
    } else {
        Vec::new()
    };
    let star = Star {
        me: g.me,
        link: g.link().ok(),
        devices: g.devices,
        invitations,
        live: 0,
    };
    vec![Action::StarLinked {
        game_no,
        version,
        star: Rc::new(star),
    }]
}
