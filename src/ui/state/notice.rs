//! What a notice is about ([`Notice`]): it says its words when drawn, so a
//! language chosen later speaks them too, and the reducer drops one once it
//! is no longer true (a save that works again, a game that moved on under
//! a "played on" notice).

use crate::ui::storage::StorageError;
use formats::saves::SaveError;
use formats::share::ShareError;
use i18n::msg;
use view::words::plain;

/// A message shown until dismissed (ui/notice.rs draws them).
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// Storage could not be used (full, off, …): gone once a save works.
    Storage(StorageError),
    /// Another tab played the game in play on, and this tab shows it as it
    /// is there: gone when this tab's own moves are not saved (moved on).
    PlayedOn(String),
    /// A link that could not be opened.
    LinkFailed(ShareError),
    /// A link whose list of seats was damaged, or missing.
    SeatsDamaged,
    SeatsMissing,
    /// A link that would change a game saved here (its name, what it
    /// changes): refused, nothing written.
    LinkRefused(String, formats::links::Forgery),
    /// A link showing an earlier position of this saved game (its turns).
    EarlierPosition(String, usize),
    /// The saved game asked for was deleted in another tab.
    Gone,
    /// A saved game that could not be opened.
    Unreadable(SaveError),
    /// Words made once, as they were read (the saved games' problems).
    Text(String),
    /// Live play's answer to an invitation not made on this device.
    NotAnswered,
}

impl Notice {
    /// Its words in the language spoken now.
    pub fn words(&self) -> String {
        use msg::session as m;
        match self {
            Notice::Storage(e) => e.to_string(),
            Notice::PlayedOn(name) => m::played_on(name),
            Notice::LinkFailed(e) => m::link_failed(&plain(&view::errors::share_error(e))),
            Notice::SeatsDamaged => m::seats_damaged().into(),
            Notice::SeatsMissing => m::seats_missing().into(),
            Notice::LinkRefused(name, forgery) => view::errors::link_refused(name, forgery),
            Notice::EarlierPosition(name, turns) => m::earlier_position(name, *turns),
            Notice::Gone => m::gone().into(),
            Notice::Unreadable(e) => plain(&view::errors::save_error(e)),
            Notice::Text(text) => text.clone(),
            Notice::NotAnswered => msg::live::no_game().to_string(),
        }
    }
}

/// Adds `notice` to `list` unless it is there.
pub fn add(list: &mut Vec<Notice>, notice: Notice) {
    if !list.contains(&notice) {
        list.push(notice);
    }
}
