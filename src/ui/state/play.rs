//! The game being played: the engine's game (replaced, never mutated, on
//! each move), the seats, the UI state around it (the drawn tile's rotation,
//! the cell it is tried on, the keyboard focus, a message), the view derived
//! from the game once per move and the targets derived from both; moves,
//! undo, and what the computer seats need to know.

use std::rc::Rc;

use computer::{Level, Progress};
use engine::any::{AnyChoice, AnyGame};
use engine::core::geom::{Cell, Rotation};
use engine::core::shape::{RegionIdx, TileType};
use formats::fair_game::{Awaited, FairGame};
use i18n::msg;
use view::any;
use view::geometry::{self, TILE};
use view::palette::Seat;
use view::prompt::{Pointer, Prompt};
use view::scene::Recent;
use view::targets::{self, Arrow, InHand, Targets};
use view::words::{cell_name, turn_name};
use view::{GameView, Shared};

/// How this browser's player points: a coarse pointer (a finger) gets
/// prompts that speak of taps.
pub fn pointer() -> Pointer {
    let coarse = web_sys::window()
        .and_then(|w| w.match_media("(pointer: coarse)").ok().flatten())
        .is_some_and(|m| m.matches());
    if coarse {
        Pointer::Touch
    } else {
        Pointer::Mouse
    }
}

/// UI state of a game in progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UiState {
    pub rot: Option<Rotation>,
    pub tentative: Option<Cell>,
    pub focus: Option<usize>,
    /// A message for the player (a rejected move).
    pub message: Option<String>,
    /// The game-over overlay was closed to look at the board.
    pub over_closed: bool,
    /// A hint's placement and the region of its suggested follower.
    pub hint_follower: Option<(Cell, Rotation, RegionIdx)>,
    /// The hint asked was typed in the text view.
    pub hint_typed: bool,
}

/// A game being played.
#[derive(Clone, Debug)]
pub struct Play {
    pub game: Rc<AnyGame>,
    pub seats: Rc<Vec<Seat>>,
    pub ui: UiState,
    pub view: GameView<AnyChoice>,
    pub targets: Shared<Targets<AnyChoice>>,
    /// Counts the changes of the game (for effects that follow moves).
    pub version: u64,
    /// Tells this game's requests to the engine worker from another game's.
    pub game_no: u64,
    /// How far the engine worker has got with the current request.
    pub thinking: Option<Progress>,
    /// A human asked for a hint at this position.
    pub hint_asked: bool,
    /// The computer seats wait (watching an all-computer game).
    pub paused: bool,
    /// A past position shown by the replay: nothing moves, nobody thinks.
    pub view_only: bool,
    /// The last decision was a person's (not the computer's, not an undo):
    /// in a game from a link, its new link is worth sending.
    pub last_move_human: bool,
    /// That decision ended the person's turn: another seat decides now.
    pub turn_passed: bool,
    /// Undo stops at this many decisions: a game from a link cannot take
    /// back the moves it arrived with.
    pub floor: usize,
    /// Per seat: a person took a decision for it here (saved; a link may
    /// not play such a seat's turns: formats::links).
    pub here: Vec<bool>,
    /// What happened since the last decision of a person, marked on the
    /// board until the next one.
    pub recent: Shared<Recent>,
    /// The game as it was before that decision.
    pub(super) recent_base: Rc<AnyGame>,
    /// Prompts for clicks or for taps.
    pub pointer: Pointer,
    /// A game dealt fairly across devices (issue 37): what this device
    /// knows of the deal, its secrets (saved, never shown or linked).
    pub fair: Option<Rc<FairGame>>,
    /// A fair game on three to five devices (`fair` is its deal and
    /// moves): its devices, keys, signatures and links.
    pub star: Option<Rc<super::star::Star>>,
    /// The tile in hand is the deal's: false while another device's reveal
    /// is due (the engine holds a stand-in, never shown or played).
    pub known: bool,
}

/// A new number for each game put in play.
fn next_game_no() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl PartialEq for Play {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.game, &other.game)
            && self.ui == other.ui
            && self.targets == other.targets
            && self.version == other.version
            && self.game_no == other.game_no
            && self.thinking == other.thinking
            && self.hint_asked == other.hint_asked
            && self.paused == other.paused
            && self.view_only == other.view_only
            && self.last_move_human == other.last_move_human
            && self.turn_passed == other.turn_passed
            && self.floor == other.floor
            && self.here == other.here
            && self.recent == other.recent
            && self.known == other.known
            && match (&self.fair, &other.fair) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
            && self.star == other.star
    }
}

impl Play {
    pub fn new(game: AnyGame, seats: Vec<Seat>) -> Play {
        let pointer = pointer();
        let view = any::game_view_on(&game, &seats, pointer);
        let game = Rc::new(game);
        let mut p = Play {
            recent_base: game.clone(),
            recent: Shared::new(Recent::default()),
            pointer,
            floor: 0,
            here: vec![false; seats.len()],
            game,
            seats: Rc::new(seats),
            ui: UiState::default(),
            view,
            targets: Shared::new(Targets::default()),
            version: 0,
            game_no: next_game_no(),
            thinking: None,
            hint_asked: false,
            paused: false,
            view_only: false,
            last_move_human: false,
            turn_passed: false,
            fair: None,
            star: None,
            known: true,
        };
        p.ui.rot = p.first_rotation(Rotation::ALL[0]);
        p.refresh_targets();
        p
    }

    /// A fair game in play: its game as this device replays it, its seats
    /// (called from the correspondence chunk).
    pub fn fair(fair: FairGame, seats: Vec<Seat>) -> Option<Play> {
        let r = fair.replayed().ok()?;
        let mut p = Play::new(r.game, seats);
        p.known = r.known;
        p.hide_unknown_hand();
        for (s, here) in p.here.iter_mut().enumerate() {
            *here = fair.own(s);
        }
        p.fair = Some(Rc::new(fair));
        p.refresh_targets();
        Some(p)
    }

    /// While the tile in hand is a stand-in (another device's reveal is
    /// due), the aids count it with the tiles still to come and say
    /// nothing of it (`view::aids::hide_hand`).
    pub(super) fn hide_unknown_hand(&mut self) {
        if !self.known {
            self.view.aids = view::aids::AidsView::of_hand(
                &self.game,
                &self.view.names,
                &self.view.colours,
                false,
            )
            .map(Shared::new);
        }
    }

    /// What a fair game waits for on this device (None: not a fair game).
    pub fn awaited(&self) -> Option<Awaited> {
        let fair = self.fair.as_ref()?;
        let c = crate::ui::correspondence::loaded()?;
        Some(c.awaited(fair, &self.game, self.known))
    }

    /// Nothing may be decided here: another device's link is due.
    pub fn waiting(&self) -> bool {
        matches!(self.awaited(), Some(Awaited::Answer | Awaited::Link { .. }))
    }

    /// The drawn tile, when a tile is to be placed (never a stand-in).
    pub fn drawn_tile(&self) -> Option<TileType> {
        any::drawn_tile(&self.game).filter(|_| self.known)
    }

    fn legal(&self, cell: Cell, rot: Rotation) -> bool {
        self.view.placements.contains(&(cell, rot))
    }

    fn rotation_has_cells(&self, rot: Rotation) -> bool {
        self.view.placements.iter().any(|&(_, r)| r == rot)
    }

    /// `from` or the next rotation clockwise that has a legal cell.
    fn first_rotation(&self, from: Rotation) -> Option<Rotation> {
        targets::first_rotation(&self.view.placements, from)
    }

    /// Legal cells for the current rotation, in reading order.
    pub fn cells_now(&self) -> Vec<Cell> {
        match self.ui.rot {
            Some(rot) => targets::cells_for(&self.view.placements, rot),
            None => Vec::new(),
        }
    }

    pub(super) fn refresh_targets(&mut self) {
        if self.computer_to_move().is_some() || self.waiting() {
            // The computer decides: nothing on the board to click.
            self.targets = Shared::new(Targets::default());
            return;
        }
        let base = &self.view.base_targets;
        let mut t = match (self.drawn_tile(), self.ui.rot) {
            (Some(tile), Some(rot)) => {
                let follower = self.ui.hint_follower.map(|(cell, rot, region)| {
                    (cell, rot, any::anchor(self.game.ruleset(), tile, region))
                });
                base.with_tile(
                    &self.view.placements,
                    InHand {
                        tile,
                        rot,
                        tried: self.ui.tentative,
                        follower,
                    },
                )
            }
            _ => base.clone(),
        };
        t.focus = self.ui.focus.filter(|&f| f < t.focusable());
        self.targets = Shared::new(t);
    }

    /// The view's words again, in the language now chosen (the game, the
    /// player's choices on the board and the focus stay as they are). The
    /// last action's message, which cannot be made again, goes.
    pub fn relabel(&mut self) {
        self.view = any::game_view_on(&self.game, &self.seats, self.pointer);
        self.hide_unknown_hand();
        self.recent = Shared::new(any::recent(
            &self.recent_base,
            &self.game,
            &self.view.colours,
        ));
        self.ui.message = None;
        self.refresh_targets();
    }

    /// Replace the game after a move or an undo.
    pub(super) fn set_game(&mut self, game: AnyGame) {
        // A fair game: replayed with the deal (each draw the deal's, or a
        // stand-in while another device's reveal is due).
        // (The correspondence chunk is here while a fair game is in play.)
        let mut game = game;
        if let (Some(fair), Some(c)) = (&self.fair, crate::ui::correspondence::loaded()) {
            let (next, replayed, known) = c.replay(fair, game);
            game = replayed;
            if let Some(known) = known {
                self.known = known;
            }
            self.fair = Some(Rc::new(next));
        }
        // A game on three to five devices: its link is made again (signed).
        if let Some(star) = &mut self.star {
            Rc::make_mut(star).link = None;
        }
        let prev_rot = self.ui.rot;
        self.view = any::game_view_on(&game, &self.seats, self.pointer);
        self.recent = Shared::new(any::recent(&self.recent_base, &game, &self.view.colours));
        self.game = Rc::new(game);
        self.hide_unknown_hand();
        self.version += 1;
        self.ui = UiState::default();
        self.thinking = None;
        self.hint_asked = false;
        self.last_move_human = false;
        self.turn_passed = false;
        self.ui.rot = self.first_rotation(prev_rot.unwrap_or(Rotation::ALL[0]));
        self.refresh_targets();
    }

    /// A person's decision (the board, the prompt, the text view).
    pub(super) fn play(&mut self, choice: AnyChoice) {
        if self.waiting() {
            // Another device decides, or its reveal is due: nothing here.
            return;
        }
        let mut g = (*self.game).clone();
        match g.play(choice) {
            Ok(()) => {
                // What happens from here on is marked until their next one.
                self.recent_base = self.game.clone();
                let mover = self.game.to_move();
                if let Some(here) = self.here.get_mut(usize::from(mover)) {
                    *here = true;
                }
                self.set_game(g);
                self.last_move_human = true;
                self.turn_passed = self.game.is_over() || self.game.to_move() != mover;
            }
            Err(e) => {
                self.ui.message = Some(msg::board::not_allowed(&view::errors::illegal(&e)));
                self.refresh_targets();
            }
        }
    }

    pub(super) fn rotate(&mut self, back: bool) {
        let Some(rot) = self.ui.rot else { return };
        let step = |r: Rotation| {
            if back {
                r.next().next().next()
            } else {
                r.next()
            }
        };
        let mut r = step(rot);
        for _ in 0..3 {
            let ok = match self.ui.tentative {
                Some(c) => self.legal(c, r),
                None => self.rotation_has_cells(r),
            };
            if ok {
                self.ui.rot = Some(r);
                break;
            }
            r = step(r);
        }
        self.ui.message = None;
        self.refresh_targets();
    }

    pub(super) fn pick_cell(&mut self, cell: Cell) {
        let Some(rot) = self.ui.rot else { return };
        if self.ui.tentative == Some(cell) {
            // Clicking the tried tile again turns it.
            self.rotate(false);
            return;
        }
        if self.legal(cell, rot) {
            self.ui.tentative = Some(cell);
        } else {
            let mut r = rot.next();
            for _ in 0..3 {
                if self.legal(cell, r) {
                    self.ui.rot = Some(r);
                    self.ui.tentative = Some(cell);
                    break;
                }
                r = r.next();
            }
        }
        self.ui.message = None;
        self.refresh_targets();
    }

    pub(super) fn confirm(&mut self) {
        if let (Some(_), Some(cell), Some(rot)) =
            (self.drawn_tile(), self.ui.tentative, self.ui.rot)
        {
            if self.legal(cell, rot) {
                if let Some(c) = any::place_choice(&self.game, &self.targets, cell, rot) {
                    self.play(c);
                }
            }
            return;
        }
        if let Some(c) = self.ui.focus.and_then(|f| self.targets.choice_at(f)) {
            self.play(c);
        }
    }

    /// An arrow key on the board: the tile tried on the nearest legal
    /// space that way, or the focus on the nearest target that way.
    pub(super) fn arrow(&mut self, a: Arrow) {
        if self.drawn_tile().is_some() {
            let cells: Vec<Cell> = self.targets.cells.iter().map(|c| c.cell).collect();
            let points: Vec<geometry::Pt> = cells
                .iter()
                .map(|c| ((c.x as f64 + 0.5) * TILE, (c.y as f64 + 0.5) * TILE))
                .collect();
            let from = self
                .ui
                .tentative
                .and_then(|c| cells.iter().position(|&x| x == c));
            if let Some(i) = targets::step(&points, from, a) {
                if self.ui.tentative != Some(cells[i]) {
                    self.pick_cell(cells[i]);
                }
            }
        } else {
            let n = self.targets.focusable();
            let points: Vec<geometry::Pt> =
                (0..n).filter_map(|i| self.targets.point_at(i)).collect();
            self.ui.focus = targets::step(&points, self.ui.focus, a);
            self.ui.message = None;
            self.refresh_targets();
        }
    }

    /// What the board's keyboard focus is on, in words (for screen readers).
    pub fn focus_words(&self) -> Option<String> {
        if let (Some(tile), Some(g)) = (self.drawn_tile(), self.targets.ghost) {
            // The wood it would spend (classic's Old City).
            let wood = self
                .targets
                .placement_at(g.cell, g.rot)
                .and_then(|p| p.label.as_ref())
                .cloned();
            let (cell, turn) = (cell_name(g.cell), turn_name(g.rot));
            let words = any::tile_words(self.game.ruleset(), tile, g.rot);
            let mut said = match wood {
                Some(wood) => msg::board::focus_tile_wood(&cell, &turn, &wood, &words),
                None => msg::board::focus_tile(&cell, &turn, &words),
            };
            // The aids of the space (issue 39): what else fits it, the odds.
            if let Some(space) = self.view.aids.as_ref().and_then(|a| a.space(g.cell)) {
                said.push(' ');
                said.push_str(&space.words);
            }
            return Some(said);
        }
        let n = self.ui.focus?;
        self.targets
            .label_at(n)
            .map(|l| msg::board::focus_target(&l))
    }

    /// Where the board's keyboard focus is, on the board.
    pub fn focus_point(&self) -> Option<geometry::Pt> {
        if let Some(g) = self.targets.ghost {
            return Some((
                (g.cell.x as f64 + 0.5) * TILE,
                (g.cell.y as f64 + 0.5) * TILE,
            ));
        }
        self.targets.point_at(self.targets.focus?)
    }

    pub(super) fn cancel(&mut self) {
        self.hint_asked = false;
        self.thinking = None;
        self.ui.tentative = None;
        self.ui.focus = None;
        self.ui.message = None;
        self.refresh_targets();
    }

    /// Whether undo can take anything back.
    pub fn can_undo(&self) -> bool {
        self.game.decisions() > self.floor
    }

    pub(super) fn undo(&mut self) {
        if !self.can_undo() && self.floor > 0 {
            self.ui.message = Some(msg::board::undo_link().into());
            self.refresh_targets();
            return;
        }
        match self.game.undo() {
            Some(mut g) => {
                if self.seats.iter().any(|s| s.computer.is_none()) {
                    // Take back the computer's replies too, up to the last
                    // decision of a human (or the start, or the link's position).
                    while g.decisions() > self.floor && self.is_computer(g.to_move()) {
                        match g.undo() {
                            Some(h) => g = h,
                            None => break,
                        }
                    }
                } else {
                    // Watching computers: stop them, or they play again.
                    self.paused = true;
                }
                self.recent_base = Rc::new(g.clone());
                self.set_game(g)
            }
            None => {
                self.ui.message = Some(msg::board::nothing_to_undo().into());
                self.refresh_targets();
            }
        }
    }

    pub(super) fn say_no(&mut self) {
        if let Some(c) = self.view.prompt_base.declining() {
            self.play(c);
        }
    }

    /// The prompt with the UI's message.
    pub fn prompt(&self) -> &Prompt<AnyChoice> {
        &self.view.prompt_base
    }

    pub fn is_computer(&self, seat: u8) -> bool {
        self.seats
            .get(seat as usize)
            .is_some_and(|s| s.computer.is_some())
    }

    /// The level of the computer seat to move, if a computer is to move.
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.game.is_over() || self.waiting() {
            return None;
        }
        self.seats
            .get(self.game.to_move() as usize)
            .and_then(|s| s.computer)
    }

    /// Whether every seat is a computer's (a game to watch).
    pub fn all_computers(&self) -> bool {
        self.seats.iter().all(|s| s.computer.is_some())
    }
}
