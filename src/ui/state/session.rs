//! The session's part of the app state: how the game in play is saved
//! ([`Saving`]) and a game to open ([`Opened`]). The reducer's part for the
//! actions of saves, links, notices and the replay is state/app.rs's
//! (`AppState::session`); the `Session` component (ui/session.rs) does the
//! page and storage side.

use engine::any::AnyGame;
use view::palette::Seat;

/// How the game in play is saved.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Saving {
    /// Its save id (None until the first autosave gives it one).
    pub id: Option<String>,
    /// It came from a share link: each move offers the new link.
    pub from_link: bool,
    /// Decisions it had when it was opened (for a game from a link, when
    /// its link was first opened: undo stops there).
    pub base: usize,
    /// Its record as this tab last read or wrote it in storage (None: not
    /// saved yet): a save over a game another tab played on is refused.
    pub known: Option<String>,
    /// The last save failed (storage full or off): what is on the screen
    /// is not saved, and the app says so until a save succeeds.
    pub unsaved: bool,
    /// Another tab played this game on (to this turn): this tab's moves are
    /// not saved until the player chooses (load that game, or keep this one
    /// as a new save).
    pub moved_on: Option<usize>,
    /// The player chose to keep this game as a new save and leave it: it
    /// leaves once saved (and asks again if the save fails).
    pub leave_when_saved: bool,
    /// Kept as a save of its own ("keep this one" after `moved_on`): its
    /// first save takes a new id, not that of the save its link continues.
    pub apart: bool,
}

/// A game to open as the local game in play.
#[derive(Clone, Debug)]
pub struct Opened {
    pub game: AnyGame,
    pub seats: Vec<Seat>,
    /// The save it continues (None: a new save).
    pub id: Option<String>,
    pub from_link: bool,
    /// For a game from a link, the decisions the link held (undo stops
    /// there); ignored otherwise.
    pub link_base: usize,
    /// The save's record as stored now (see [`Saving::known`]).
    pub known: Option<String>,
    /// Per seat: a person played it on this device (the save's; none for a
    /// game new here).
    pub here: Vec<bool>,
    /// A game dealt fairly across devices: what this device knows of its
    /// deal, with its secrets (None: any other game).
    pub fair: Option<formats::fair_game::FairGame>,
    /// A fair game on three to five devices: its devices beside `fair`.
    pub star: Option<super::star::Star>,
}
