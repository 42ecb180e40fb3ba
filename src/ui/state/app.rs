//! The reducer: the whole app's state ([`AppState`]) and everything that can
//! happen to it ([`Action`]). A game in play is a [`Play`] (play.rs); how
//! it is saved, a [`Saving`] (session.rs). The game review keeps a state of
//! its own (review.rs): it only shares the actions' names.

use std::rc::Rc;
use yew::Reducible;

use super::play::Play;
use super::replay::Replay;
use super::session::{Opened, Saving};
use crate::ui::worker::FromEngine;
use engine::any::{AnyChoice, AnyGame, AnySetup, Ruleset};
use engine::city::tiles::Catalogue;
use engine::city::{Options, Setup, SetupError};
use engine::classic;
use engine::core::geom::Cell;
use i18n::msg;
use view::palette::Seat;
use view::targets::Arrow;

/// What the new-game screen asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// Which game: The City or classic Carcassonne.
    pub ruleset: Ruleset,
    pub seats: Vec<Seat>,
    /// The City's stacks and rule options.
    pub stacks: [u32; 3],
    pub options: Options,
    /// Classic Carcassonne's expansions and rule options.
    pub expansions: classic::Expansions,
    pub classic_options: classic::Options,
    /// Classic: only the first this many tiles of the shuffled pile (a
    /// short game); `None`: the whole pile.
    pub tiles: Option<usize>,
    /// `None`: a random seed.
    pub seed: Option<u64>,
    /// How fast computer seats move.
    pub speed: Speed,
    /// The players' aids shown (issue 39); off: the purist's game.
    pub aids: bool,
    /// Per seat: played on a friend's device (issue 37): a fair game by
    /// links, dealt by every device together.
    pub remote: Vec<bool>,
    /// Per seat on a friend's device: which friend's (1 to 4): two or
    /// more friends make a game on three to five devices (`formats::star`).
    pub friend: Vec<u8>,
}

impl NewGame {
    /// Each seat's device when the game is played on three to five
    /// devices (0: this one; the friends' numbered 1, 2… in the order
    /// their first seat comes); None for one device or two.
    pub fn star_devices(&self) -> Option<Vec<u8>> {
        view::fair::star_devices(&self.remote, &self.friend)
    }

    /// The game this form asks for, dealt from `seed`.
    pub fn game(&self, seed: u64) -> Result<AnyGame, String> {
        let names: Vec<String> = self.seats.iter().map(|s| s.name.clone()).collect();
        let setup = match self.ruleset {
            Ruleset::City => AnySetup::City(self.setup(seed).map_err(|e| view::errors::setup(&e))?),
            Ruleset::Classic => {
                let cat = classic::Catalogue::builtin().map_err(|e| e.to_string())?;
                let setup = classic::Setup::from_seed(
                    cat,
                    names,
                    self.expansions,
                    self.classic_options,
                    seed,
                )
                .map_err(|e| view::errors::setup(&e))?;
                // A short game: the record and the link carry the deck.
                AnySetup::Classic(match self.tiles {
                    Some(n) => setup.first_tiles(n),
                    None => setup,
                })
            }
        };
        AnyGame::new(setup)
            .map(|g| g.with_aids(self.aids))
            .map_err(|e| view::errors::setup(&e))
    }

    /// The City's setup for this game.
    pub fn setup(&self, seed: u64) -> Result<Setup, SetupError> {
        let cat = Catalogue::builtin().map_err(SetupError::catalogue)?;
        Setup::from_seed(
            cat,
            self.seats.iter().map(|s| s.name.clone()).collect(),
            seed,
            self.stacks,
            self.options,
        )
    }
}

/// A random seed from the browser's generator (getrandom).
pub fn random_seed() -> u64 {
    // A seed under 2^53 stays exact when written, read or shown anywhere.
    getrandom::u64().unwrap_or(0x5EED) & ((1u64 << 53) - 1)
}

/// How fast computer seats move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Speed {
    Fast,
    #[default]
    Normal,
    Slow,
}

impl Speed {
    pub const ALL: [Speed; 3] = [Speed::Fast, Speed::Normal, Speed::Slow];

    /// The pause before a computer decision, so a player can follow it.
    pub fn delay_ms(self) -> u32 {
        match self {
            Speed::Fast => 50,
            Speed::Normal => 600,
            Speed::Slow => 1500,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Speed::Fast => "fast",
            Speed::Normal => "normal",
            Speed::Slow => "slow",
        }
    }

    pub fn from_name(s: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|x| x.name() == s)
    }
}

/// The whole app.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AppState {
    pub play: Option<Play>,
    /// The last new-game settings (the form starts from them).
    pub last_new_game: Option<NewGame>,
    /// Why the last new game could not start.
    pub setup_error: Option<String>,
    pub help: bool,
    /// How fast computer seats move.
    pub speed: Speed,
    /// How the game in play is saved (state/session.rs).
    pub saving: Saving,
    /// The replay viewer, when open (state/replay.rs).
    pub replay: Option<Replay>,
    /// Messages shown until dismissed (notice.rs).
    pub notices: Vec<super::Notice>,
    /// The text view of the game (screen readers, typed moves) is open.
    pub text_view: bool,
    /// "Leave this game?" is asked.
    pub leaving: bool,
    /// The board shows each space's coordinates.
    pub coords: bool,
    /// Counts the changes to the saved games made outside the saves list
    /// (the list reads them again).
    pub saves_changed: u32,
    /// The game review is open (it has a state of its own: the extras'
    /// ui/review_app.rs, state/review.rs).
    pub reviewing: bool,
    /// The puzzles are open (issue 40; their own state: the extras'
    /// ui/puzzles_app.rs, state/puzzle.rs).
    pub puzzles: bool,
    /// A game to open (an imported record, a link) held while the player
    /// is asked whether to leave the game in play, which is not saved.
    pub pending: Option<view::Shared<Opened>>,
}

/// Everything that can happen to the app.
#[derive(Clone, Debug)]
pub enum Action {
    /// Start a game from the new-game screen.
    Start(NewGame),
    /// Start from a ready game (tests, the measurement hook).
    StartGame(Box<AnyGame>, Vec<Seat>),
    /// Start a game on three to five devices hosted here (made in the
    /// `star` chunk: `ui::star_play`), or why it cannot start.
    StarStart(Box<NewGame>, Result<Box<formats::star::StarGame>, String>),
    /// The link of the game in play `game_no` at `version`, on three to
    /// five devices, made (signed): `ui::star_play`.
    StarLinked {
        game_no: u64,
        version: u64,
        star: Rc<super::star::Star>,
    },
    /// Live play's offers or answers changed in a game on three to five
    /// devices (`ui::live_star`): drawn again.
    StarLive,
    /// Back to the new-game screen.
    NewGameScreen,
    Rotate,
    RotateBack,
    PickCell(Cell),
    Choose(AnyChoice),
    Confirm,
    Cancel,
    /// An arrow key on the board: the next space or target that way.
    Arrow(Arrow),
    Undo,
    /// Say no: no follower, no guard or no tower.
    No,
    CloseGameOver,
    ShowGameOver,
    Help(bool),
    /// Open or close the text view.
    TextView(bool),
    /// Ask "leave this game?" (true), or answer no (false).
    Leave(bool),
    /// Show or hide the coordinates of the spaces.
    Coords,
    /// An answer from the engine worker.
    Engine(FromEngine),
    /// Ask the engine for a hint for the human to move.
    Hint,
    /// The same, typed in the text view (its words say nothing of the
    /// board's keys).
    TypedHint,
    /// Stop or restart the computer seats.
    Pause(bool),
    SetSpeed(Speed),
    // Saves, links and the replay (state/session.rs).
    /// Open a game as the local game in play (a save, a link, a record).
    Open(Box<Opened>),
    /// Open a game the player did not choose from this screen (a record
    /// imported, a link): first ask when it would replace a game in play
    /// that is not saved.
    OpenAsk(Box<Opened>),
    /// The answer: open the game held (true), or keep the one in play.
    OpenPending(bool),
    /// The game in play was saved under `id` as `known` (its record).
    Saved {
        id: String,
        known: String,
    },
    /// The game in play could not be saved (storage full or off).
    SaveFailed,
    /// Another tab played the game in play on (to this turn): not saved.
    MovedOn(usize),
    /// Save the game in play as a new saved game (after `MovedOn`).
    SaveAsNew,
    Notice(super::Notice),
    DismissNotice(usize),
    /// The saved games changed (the list reads them again).
    SavesChanged,
    ReplayOpen,
    /// Show the position after this many decisions.
    ReplayTo(usize),
    ReplayStep(i64),
    ReplayClose,
    // The game review (state/review.rs).
    /// Review the game in play (from the game's end or the replay).
    ReviewOpen,
    /// Show this reviewed decision (an index into the review's).
    ReviewSelect(usize),
    ReviewCancel,
    /// Show more of the reviewed decisions that wait (`Review::drain`).
    ReviewDrain,
    ReviewClose,
    /// Try it (state/variation.rs): play on from the decision shown, a
    /// variation (`true`: the best move played first).
    ReviewTry(bool),
    /// Leave the variation: back to the game's line.
    ReviewBack,
    /// Show the next (`true`) or previous mistake of one's own.
    ReviewMistake(bool),
    /// Open (`true`) or close the puzzles (issue 40).
    Puzzles(bool),
    /// The puzzles' own actions (state/puzzle.rs).
    Puzzle(super::puzzle::PuzzleAction),
    /// The language changed: the words kept in the state are made again.
    Relabel,
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        // Saves, links and the replay (state/session.rs).
        if matches!(
            action,
            Action::Start(_)
                | Action::StartGame(..)
                | Action::StarStart(_, Ok(_))
                | Action::NewGameScreen
        ) {
            s.saving = Default::default();
            s.replay = None;
            s.leaving = false;
            s.pending = None;
        }
        if matches!(
            action,
            Action::Start(_)
                | Action::StartGame(..)
                | Action::StarStart(_, Ok(_))
                | Action::NewGameScreen
                | Action::Open(_)
                | Action::OpenAsk(_)
                | Action::OpenPending(true)
                | Action::Leave(true)
        ) {
            s.reviewing = false;
            s.puzzles = false;
        }
        match action {
            Action::Puzzles(on) => {
                s.puzzles = on;
                return Rc::new(s);
            }
            Action::ReviewOpen if s.play.is_some() => {
                s.replay = None;
                s.reviewing = true;
                return Rc::new(s);
            }
            Action::ReviewClose => {
                s.reviewing = false;
                return Rc::new(s);
            }
            _ => {}
        }
        if s.reviewing && !allowed_in_replay(&action) {
            return self;
        }
        if session_handles(&action) {
            apply_session(&mut s, action);
            return Rc::new(s);
        }
        if s.replay.is_some() && !allowed_in_replay(&action) {
            return self;
        }
        match action {
            Action::Start(ng) => {
                let seed = ng.seed.unwrap_or_else(random_seed);
                match ng.game(seed) {
                    // Every seat on the friend's device: this one would only
                    // watch, as the star's form says (`StarError::Devices`).
                    Ok(_) if !ng.remote.is_empty() && ng.remote.iter().all(|&r| r) => {
                        s.setup_error = Some(msg::new_game::star_host_seat().into());
                    }
                    Ok(g) if ng.remote.contains(&true) => {
                        // A fair game: this device commits to its seats;
                        // the invitation goes to the friend's device.
                        // (The page fetched the correspondence chunk first.)
                        let here: Vec<bool> = ng.remote.iter().map(|r| !r).collect();
                        let hosted = crate::ui::correspondence::loaded()
                            .and_then(|c| c.host(&g, &here, ng.seats.clone()));
                        match hosted {
                            Some(p) => {
                                s.play = Some(p);
                                s.setup_error = None;
                            }
                            None => s.setup_error = Some(msg::errors::link_damaged().into()),
                        }
                    }
                    Ok(g) => {
                        s.play = Some(Play::new(g, ng.seats.clone()));
                        s.setup_error = None;
                    }
                    Err(e) => s.setup_error = Some(e.to_string()),
                }
                s.speed = ng.speed;
                s.last_new_game = Some(ng);
            }
            Action::StartGame(g, seats) => {
                s.play = Some(Play::new(*g, seats));
                s.setup_error = None;
            }
            Action::StarStart(ng, star) => {
                // (The page fetched the correspondence chunk first.)
                let star = star.and_then(|g| {
                    let mut p = crate::ui::correspondence::loaded()
                        .and_then(|c| c.play(g.fair.clone(), ng.seats.clone()))
                        .ok_or_else(|| msg::errors::link_damaged().to_string())?;
                    p.star = Some(Rc::new(super::star::Star::of(&g)));
                    Ok(p)
                });
                match star {
                    Ok(p) => {
                        s.play = Some(p);
                        s.setup_error = None;
                    }
                    Err(e) => s.setup_error = Some(e),
                }
                s.speed = ng.speed;
                s.last_new_game = Some(*ng);
            }
            Action::StarLinked {
                game_no,
                version,
                star,
            } => {
                if let Some(p) = s.play.as_mut() {
                    if p.game_no == game_no && p.version == version {
                        p.star = Some(star);
                        // (Saved again: its signature with it.)
                        p.version += 1;
                    }
                }
            }
            Action::StarLive => {
                if let Some(star) = s.play.as_mut().and_then(|p| p.star.as_mut()) {
                    Rc::make_mut(star).live += 1;
                }
            }
            Action::NewGameScreen => s.play = None,
            Action::Help(on) => s.help = on,
            Action::Relabel => {
                if let Some(p) = s.play.as_mut() {
                    p.relabel();
                }
                if let Some(r) = s.replay.take() {
                    s.replay = match &s.play {
                        Some(p) => Some(super::replay::Replay::of(p, r.n)),
                        None => Some(r),
                    };
                }
            }
            Action::TextView(on) => s.text_view = on,
            Action::Coords => s.coords = !s.coords,
            // Leaving a finished game asks nothing.
            Action::Leave(true) if s.play.as_ref().is_some_and(|p| p.game.is_over()) => {
                s.play = None;
                s.saving = Default::default();
                s.replay = None;
            }
            Action::Leave(on) => s.leaving = on,
            Action::Cancel if s.leaving => s.leaving = false,
            Action::SetSpeed(speed) => s.speed = speed,
            Action::Cancel if s.help => s.help = false,
            // How to play covers the board: the game waits (but an answer
            // of the engine worker is not lost: it is not asked again).
            a if s.help && !matches!(a, Action::Engine(_) | Action::Pause(_)) => return self,
            a => {
                let Some(p) = s.play.as_mut() else {
                    return self;
                };
                // On a computer's turn the board and the prompt are only
                // to watch: the engine's answer moves.
                let humans_move = p.computer_to_move().is_none();
                match a {
                    Action::Engine(answer) => p.engine(answer),
                    Action::Hint => p.ask_hint(false),
                    Action::TypedHint => p.ask_hint(true),
                    Action::Pause(on) => p.paused = on,
                    Action::Undo => p.undo(),
                    Action::CloseGameOver => p.ui.over_closed = true,
                    Action::ShowGameOver => p.ui.over_closed = false,
                    _ if !humans_move => return self,
                    Action::Rotate => p.rotate(false),
                    Action::RotateBack => p.rotate(true),
                    Action::PickCell(c) => p.pick_cell(c),
                    Action::Choose(c) => p.play(c),
                    Action::Confirm => p.confirm(),
                    Action::Cancel => p.cancel(),
                    Action::Arrow(a) => p.arrow(a),
                    Action::No => p.say_no(),
                    _ => {}
                }
            }
        }
        Rc::new(s)
    }
}

// ------------------------------------------------ saves, links, the replay

/// Whether [`apply_session`] handles the action.
fn session_handles(a: &Action) -> bool {
    matches!(
        a,
        Action::Open(_)
            | Action::OpenAsk(_)
            | Action::OpenPending(_)
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
fn apply_session(s: &mut AppState, action: Action) {
    match action {
        // The game in play is not saved (storage full or off, or another
        // tab moved it on): leaving it loses turns, so ask first.
        Action::OpenAsk(o)
            if s.saving.unsaved && s.play.as_ref().is_some_and(|p| !p.game.is_over()) =>
        {
            s.pending = Some(view::Shared(std::rc::Rc::new(*o)));
        }
        Action::OpenAsk(o) => apply_session(s, Action::Open(o)),
        Action::OpenPending(open) => {
            if let Some(o) = s.pending.take().filter(|_| open) {
                let o = std::rc::Rc::try_unwrap(o.0).unwrap_or_else(|rc| (*rc).clone());
                apply_session(s, Action::Open(Box::new(o)));
            }
        }
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
            // (A fair game is opened by the correspondence chunk: it is here.)
            let mut play = match o.fair {
                Some(fair) => match crate::ui::correspondence::loaded()
                    .and_then(|c| c.play(fair, o.seats.clone()))
                {
                    Some(p) => p,
                    None => Play::new(o.game, o.seats),
                },
                None => Play::new(o.game, o.seats),
            };
            if o.from_link {
                play.floor = base;
            }
            play.star = o.star.map(Rc::new);
            for (here, &was) in play.here.iter_mut().zip(&o.here) {
                *here |= was;
            }
            s.play = Some(play);
            s.leaving = false;
            s.replay = None;
            s.setup_error = None;
            s.help = false;
            s.pending = None;
        }
        Action::Saved { id, known } => {
            // Storage works again: what said it did not is no longer true.
            s.notices
                .retain(|n| !matches!(n, super::Notice::Storage(_)));
            s.saving.apart = false;
            s.saving.id = Some(id);
            s.saving.known = Some(known);
            s.saving.unsaved = false;
            s.saving.moved_on = None;
            if s.saving.leave_when_saved {
                s.play = None;
                s.saving = Saving::default();
                s.replay = None;
                s.reviewing = false;
            }
        }
        Action::SaveFailed => {
            s.saving.unsaved = true;
            // (Leaving was asked: it is asked again, now as not saved.)
            s.leaving |= std::mem::take(&mut s.saving.leave_when_saved);
        }
        Action::MovedOn(turn) => {
            // (The banner says the opposite of "this tab shows it as it is".)
            s.notices
                .retain(|n| !matches!(n, super::Notice::PlayedOn(_)));
            s.saving.moved_on = Some(turn);
            s.saving.unsaved = true;
        }
        // Keep this tab's game as a save of its own: the next autosave
        // gives it an id (the other tab's game stays as it is).
        Action::SaveAsNew => {
            s.saving.id = None;
            s.saving.known = None;
            s.saving.moved_on = None;
            // From the leave dialog: keep it, then leave.
            s.saving.leave_when_saved = std::mem::take(&mut s.leaving);
            s.saving.apart = true;
        }
        Action::SavesChanged => s.saves_changed += 1,
        Action::Notice(n) => super::notice::add(&mut s.notices, n),
        Action::DismissNotice(i) if i < s.notices.len() => {
            s.notices.remove(i);
        }
        Action::ReplayOpen => {
            if let Some(p) = &s.play {
                s.replay = Some(Replay::of(p, p.game.decisions()));
            }
        }
        Action::ReplayTo(n) => {
            if let Some(p) = &s.play {
                if s.replay.as_ref().map(|r| r.n) != Some(n) {
                    s.replay = Some(Replay::of(p, n));
                }
            }
        }
        Action::ReplayStep(d) => {
            if let (Some(p), Some(r)) = (&s.play, &s.replay) {
                let n = (r.n as i64 + d).clamp(0, r.total as i64) as usize;
                if n != r.n {
                    s.replay = Some(Replay::of(p, n));
                }
            }
        }
        Action::ReplayClose => s.replay = None,
        _ => {}
    }
}

/// Whether an action may run while the replay shows the past (the others
/// would change the game).
fn allowed_in_replay(a: &Action) -> bool {
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
            | Action::StarStart(..)
            | Action::StarLinked { .. }
            | Action::StarLive
    )
}
