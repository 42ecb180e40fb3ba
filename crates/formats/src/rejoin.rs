//! Live play's lifecycle between two devices (issue 37, docs/live-play.md),
//! its pure parts: which game a short reconnect link is for (a device is
//! recognised by its DTLS fingerprint, kept stable across reloads by a
//! stored certificate: [`Peers`]), where a link with a signal beside it is
//! used ([`route`]: in this tab, or handed to the tab of this browser that
//! holds its game or its offer), and whether a link that came on the
//! channel brings anything new ([`nothing_new`]: a link sent again after a
//! reconnection changes nothing, so re-sending is harmless).
//!
//! Pure, no browser: the app's `ui/live.rs` and `ui/live_tabs.rs` use it.

use crate::fair_game::FairGame;
use crate::signal::Signal;

/// The most games whose other device is remembered (the oldest forgotten).
pub const MAX_PEERS: usize = 32;

/// Per fair game (its salt), the fingerprint of the other device it was
/// played with live: a short reconnect link (`#~SIGNAL`, no game) names
/// its game by its sender's fingerprint.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Peers(Vec<([u8; 16], [u8; 32])>);

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn unhex<const N: usize>(s: &str) -> Option<[u8; N]> {
    if s.len() != 2 * N || !s.is_ascii() {
        return None;
    }
    let mut out = [0u8; N];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

impl Peers {
    /// As stored: `SALT:FINGERPRINT` in hexadecimal, separated by spaces,
    /// the most recent last. A damaged entry is left out, never a panic.
    pub fn read(s: &str) -> Peers {
        let mut p = Peers::default();
        for entry in s.split_whitespace() {
            if let Some((salt, fp)) = entry.split_once(':') {
                if let (Some(salt), Some(fp)) = (unhex::<16>(salt), unhex::<32>(fp)) {
                    p.set(salt, fp);
                }
            }
        }
        p
    }

    pub fn write(&self) -> String {
        let v: Vec<String> = self
            .0
            .iter()
            .map(|(s, f)| format!("{}:{}", hex(s), hex(f)))
            .collect();
        v.join(" ")
    }

    /// The game `salt` was played live with the device of `fp` (replacing
    /// what was known of that game; the oldest game forgotten beyond
    /// [`MAX_PEERS`]).
    pub fn set(&mut self, salt: [u8; 16], fp: [u8; 32]) {
        self.0.retain(|(s, _)| *s != salt);
        self.0.push((salt, fp));
        if self.0.len() > MAX_PEERS {
            self.0.remove(0);
        }
    }

    /// The other device's fingerprint in game `salt`.
    pub fn fingerprint(&self, salt: &[u8; 16]) -> Option<[u8; 32]> {
        self.0.iter().find(|(s, _)| s == salt).map(|(_, f)| *f)
    }

    /// The game most recently played live with the device of `fp`.
    pub fn game_of(&self, fp: &[u8; 32]) -> Option<[u8; 16]> {
        self.0.iter().rev().find(|(_, f)| f == fp).map(|(s, _)| *s)
    }
}

/// What a tab holds, for a signal to be used there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tab {
    /// The salt of the fair game in play in this tab.
    pub game: Option<[u8; 16]>,
    /// This tab's offer waits for its answer.
    pub offering: bool,
}

/// Whether `tab` can use a signal for game `salt`: an answer only where
/// its offer waits; an offer where its game is in play.
pub fn takes(offer: bool, salt: &[u8; 16], tab: &Tab) -> bool {
    tab.game.as_ref() == Some(salt) && (offer || tab.offering)
}

/// Where a link with a signal beside it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// In this tab, as it is opened.
    Here,
    /// First asked of this browser's other tabs: the one that holds the
    /// game (an offer) or the offer (an answer) takes it; when none does,
    /// this tab opens it (`salt`: its game).
    Tabs { salt: [u8; 16] },
    /// A short reconnect link from a device not recognised: no game here
    /// is played with it.
    Unknown,
    /// A short answer from a certificate not known here (the other device
    /// made a new one), this tab not offering: whichever of this browser's
    /// other tabs has an offer waiting takes it.
    AnyOffer,
}

/// Where the signal `sig`, beside a link of the game `link_salt` (None: a
/// short reconnect link, no game: its sender's fingerprint names the game,
/// or, for an answer from a new certificate, the offer this tab waits
/// with), is used, this tab holding `tab`.
/// An offer beside a whole link is an invitation or a reconnection that
/// carries the game: it is opened here as any link, as before.
pub fn route(link_salt: Option<[u8; 16]>, sig: &Signal, tab: &Tab, peers: &Peers) -> Route {
    let salt = match link_salt {
        Some(s) => s,
        None => match (peers.game_of(&sig.fingerprint), tab.game) {
            (Some(s), _) => s,
            // An answer from a certificate not known here, to this tab's
            // offer: the other device made a new one (a private window
            // reloaded); where it is used, a new connection takes it.
            (None, Some(s)) if !sig.offer && tab.offering => s,
            (None, _) if !sig.offer => return Route::AnyOffer,
            (None, _) => return Route::Unknown,
        },
    };
    if takes(sig.offer, &salt, tab) || (sig.offer && link_salt.is_some()) {
        Route::Here
    } else {
        Route::Tabs { salt }
    }
}

/// A link that came on the channel and leaves the game here as it is (the
/// newest link sent again after a reconnection): it opens nothing.
pub fn nothing_new(here: &FairGame, after: &FairGame) -> bool {
    here == after
}

#[cfg(test)]
mod tests;
