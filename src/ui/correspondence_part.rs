//! (In the correspondence chunk) the chunk's side of
//! [`Correspondence`](super::correspondence::Correspondence): each method
//! calls the code the page called before the split (`ui::session`'s
//! opening of links, `ui::live`, `ui::live_tabs`, `formats::fair_game`,
//! `formats::handshake`…), so that code, and whatever code for games
//! across devices is called from here later, is in this chunk and not in
//! the page's module (docs/loading.md).

use yew::prelude::*;

use super::correspondence::Correspondence;
use super::live::{LiveBar, LiveBarProps};
use super::live_star::{LiveStarBar, LiveStarProps};
use super::state::star::Star;
use super::state::{AppState, Play};
use engine::any::AnyGame;
use formats::fair_game::{Awaited, FairGame};
use formats::saves::{SaveDoc, SaveError, SavedGame, SavedSeat};
use formats::star::StarGame;
use view::palette::Seat;

struct Chunk;

static CHUNK: Chunk = Chunk;

/// What the chunk does as it arrives: saved fair games become readable
/// (the saves' reader installed, the page's parsed saves read again), and
/// this tab listens to its other tabs for live play's signals; then the
/// page is handed the chunk.
pub fn install() -> &'static dyn Correspondence {
    #[cfg(feature = "split")]
    formats::saves::fair_hook::install(formats::saves::SavedRecord::read_fair);
    super::storage::forget_parsed();
    super::live_tabs::listen();
    &CHUNK
}

impl Correspondence for Chunk {
    fn open_fragment(&self, d: &UseReducerDispatcher<AppState>, fragment: &str) -> bool {
        super::session::open_correspondence(d, fragment)
    }

    fn open_saved(&self, d: &UseReducerDispatcher<AppState>, entry: &SavedGame) {
        super::session::open_saved_fair(d, entry)
    }

    fn take_resume(&self) -> bool {
        super::live_tabs::take_resume()
    }

    fn host(&self, game: &AnyGame, here: &[bool], seats: Vec<Seat>) -> Option<Play> {
        let fair = FairGame::host(
            &game.setup(),
            here,
            super::session::salt(),
            &mut super::session::secret,
        );
        fair.ok().and_then(|f| Play::fair(f, seats))
    }

    fn play(&self, fair: FairGame, seats: Vec<Seat>) -> Option<Play> {
        Play::fair(fair, seats)
    }

    fn awaited(&self, fair: &FairGame, game: &AnyGame, known: bool) -> Awaited {
        fair.awaited_at(game, known)
    }

    fn replay(&self, fair: &FairGame, game: AnyGame) -> (FairGame, AnyGame, Option<bool>) {
        let mut next = fair.clone();
        next.history = game.history();
        match next.replayed() {
            Ok(r) => (next, r.game, Some(r.known)),
            Err(_) => (next, game, None),
        }
    }

    fn link(&self, fair: &FairGame, seats: &[Seat]) -> String {
        super::share_button::fair_link_of(fair, seats)
    }

    fn tag(&self, fair: &FairGame) -> String {
        fair.tag()
    }

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
    ) -> Result<(String, bool), SaveError> {
        match star {
            Some(star) => doc.save_star_from(id, game, &star.game(fair), seats, link, known, now),
            None => doc.save_fair_from(id, game, fair, seats, link, known, now),
        }
    }

    fn live_bar(&self, props: LiveBarProps) -> Html {
        html! { <LiveBar ..props /> }
    }

    fn live_star_bar(&self, props: LiveStarProps) -> Html {
        html! { <LiveStarBar ..props /> }
    }

    fn star_suffix(&self, peer: u8) -> String {
        super::live_star::suffix(peer)
    }

    fn star_handshake(&self, g: &StarGame, peer: u8, codes: &[u8]) -> Option<String> {
        super::live_star::handshake(g, peer, codes)
    }
}
