//! The session's part of the app state: how the game in play is saved
//! ([`Saving`]), a game to open ([`Opened`]), and the reducer's part for the
//! actions of saves, links, notices and the replay ([`apply`]). The
//! `Session` component (ui/session.rs) does the page and storage side.

use super::app::{Action, AppState};
use super::play::Play;
use super::replay::Replay;
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
}

/// Whether [`apply`] handles the action.
pub(super) fn handles(a: &Action) -> bool {
    matches!(
        a,
        Action::Open(_)
            | Action::Saved { .. }
            | Action::SaveFailed
            | Action::MovedOn(_)
            | Action::SaveAsNew
            | Action::Notice(_)
            | Action::DismissNotice(_)
            | Action::SavesChanged
            | Action::ReplayOpen
            | Action::ReplayTo(_)
            | Action::ReplayStep(_)
            | Action::ReplayClose
    )
}

/// The reducer's part for the session's actions (and the replay's).
pub(super) fn apply(s: &mut AppState, action: Action) {
    match action {
        Action::Open(o) => {
            let o = *o;
            let base = if o.from_link {
                o.link_base.min(o.game.decisions())
            } else {
                o.game.decisions()
            };
            s.saving = Saving {
                id: o.id,
                from_link: o.from_link,
                base,
                known: o.known,
                ..Saving::default()
            };
            let mut play = Play::new(o.game, o.seats);
            if o.from_link {
                play.floor = base;
            }
            s.play = Some(play);
            s.leaving = false;
            s.replay = None;
            s.setup_error = None;
            s.help = false;
        }
        Action::Saved { id, known } => {
            s.saving.id = Some(id);
            s.saving.known = Some(known);
            s.saving.unsaved = false;
            s.saving.moved_on = None;
        }
        Action::SaveFailed => s.saving.unsaved = true,
        Action::MovedOn(turn) => {
            s.saving.moved_on = Some(turn);
            s.saving.unsaved = true;
        }
        // Keep this tab's game as a save of its own: the next autosave
        // gives it an id (the other tab's game stays as it is).
        Action::SaveAsNew => {
            s.saving.id = None;
            s.saving.known = None;
            s.saving.moved_on = None;
        }
        Action::SavesChanged => s.saves_changed += 1,
        Action::Notice(text) if !s.notices.contains(&text) => s.notices.push(text),
        Action::DismissNotice(i) if i < s.notices.len() => {
            s.notices.remove(i);
        }
        Action::ReplayOpen => {
            if let Some(p) = &s.play {
                s.replay = Some(Replay::at(&p.game, &p.seats, p.game.decisions()));
            }
        }
        Action::ReplayTo(n) => {
            if let Some(p) = &s.play {
                if s.replay.as_ref().map(|r| r.n) != Some(n) {
                    s.replay = Some(Replay::at(&p.game, &p.seats, n));
                }
            }
        }
        Action::ReplayStep(d) => {
            if let (Some(p), Some(r)) = (&s.play, &s.replay) {
                let n = (r.n as i64 + d).clamp(0, r.total as i64) as usize;
                if n != r.n {
                    s.replay = Some(Replay::at(&p.game, &p.seats, n));
                }
            }
        }
        Action::ReplayClose => s.replay = None,
        _ => {}
    }
}

/// Whether an action may run while the replay shows the past (the others
/// would change the game).
pub(super) fn allowed_in_replay(a: &Action) -> bool {
    matches!(
        a,
        Action::Help(_)
            | Action::Relabel
            | Action::TextView(_)
            | Action::Coords
            | Action::Leave(_)
            | Action::Cancel
            | Action::CloseGameOver
            | Action::ShowGameOver
            | Action::NewGameScreen
            | Action::Start(_)
            | Action::StartGame(..)
    )
}
