//! The game review's state (issue 30): which game and level, the decisions
//! reviewed so far (the engine worker sends them as it goes), its progress
//! and the decision shown on the board. A finished review is kept by record
//! and level (ui/review_store.rs): it opens again, after a reload too,
//! without recomputing.

use std::cell::RefCell;
use std::rc::Rc;

use super::app::Action;
use super::play::Play;
use super::replay::Replay;
use crate::ui::review_store;
use crate::ui::worker::FromEngine;
use computer::review::Class;
use computer::Level;
use engine::any::{AnyChoice, AnyGame};
use view::any;
use view::palette::Seat;
use view::review::{Narrator, Reviewed};
use view::Shared;
use yew::Reducible;

/// The level the computer plays the other seats at in a review's variation
/// ("Try it"). The review itself judges with the ruleset's own judge
/// (`computer::Playable::JUDGE`, whatever level is asked).
pub const REVIEW_LEVEL: Level = Level::Normal;

/// How long the main thread shows waiting decisions in one task (ms): a
/// long task is 50 ms, and the page paints and renders beside it.
const DRAIN_MS: f64 = 12.0;

/// Where a review stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Running,
    Done,
    Cancelled,
    Failed(String),
}

/// A game under review.
#[derive(Clone, Debug)]
pub struct Review {
    /// Tells this review's answers from the engine worker's others.
    pub request: u64,
    pub level: Level,
    pub game: Rc<AnyGame>,
    pub seats: Rc<Vec<Seat>>,
    /// The review's key: the record and the level.
    pub key: Rc<String>,
    /// The decisions reviewed so far, in order, and each in words.
    pub decisions: Rc<Vec<Reviewed>>,
    pub words: Rc<Vec<String>>,
    pub done: u32,
    pub total: u32,
    /// When it started and when it was last heard of (ms since the epoch).
    pub started: f64,
    pub heard: f64,
    pub status: Status,
    /// The decision shown (an index into `decisions`).
    pub selected: Option<usize>,
    /// The board: the position after the selected decision, its best move
    /// as a ghost; the game's end before one is chosen.
    pub board: Play,
    /// It was found kept (in the session or the save), not computed.
    pub kept: bool,
    /// Walks the game as the reviews arrive, for their words.
    narrator: Rc<RefCell<Narrator>>,
    /// A review split across engine workers: each part's progress (`None`
    /// until heard of), and decisions that came before an earlier one
    /// (shown once every part has covered them, in order).
    pub parts: Vec<Option<PartProgress>>,
    waiting: Vec<Reviewed>,
    /// The waiting decisions before this one are ready to be shown
    /// (`usize::MAX`: every part is done).
    frontier: usize,
    /// The people's mistakes judged as puzzles once the review is done
    /// (issue 40), in the review's first engine worker.
    pub puzzles: Option<OwnPuzzles>,
}

/// The people's mistakes of a finished review being judged as puzzles by
/// the shipped puzzles' criteria (`ToEngine::Puzzles`).
#[derive(Clone, Debug, PartialEq)]
pub struct OwnPuzzles {
    pub request: u64,
    /// The mistakes' decisions.
    pub mistakes: Rc<Vec<u32>>,
    /// Moves judged, of how many (`None` until the worker says).
    pub done: u32,
    pub total: Option<u32>,
    /// Those kept as puzzles.
    pub kept: u32,
}

impl OwnPuzzles {
    pub fn finished(&self) -> bool {
        self.total.is_some_and(|t| self.done >= t)
    }
}

/// How far one part of a split review has got (`FromEngine::ReviewedPart`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartProgress {
    pub done: u32,
    pub total: u32,
    pub covered: u32,
}

impl PartialEq for Review {
    // The game and the decisions by address: they are replaced, never changed.
    fn eq(&self, o: &Self) -> bool {
        self.request == o.request
            && Rc::ptr_eq(&self.game, &o.game)
            && Rc::ptr_eq(&self.decisions, &o.decisions)
            && (self.done, self.total, self.heard) == (o.done, o.total, o.heard)
            && self.status == o.status
            && self.selected == o.selected
            && self.kept == o.kept
            && self.board == o.board
            && self.puzzles == o.puzzles
    }
}

/// A review's key: the level and the game's link. The same record and
/// level give the same review.
pub fn key_of(game: &AnyGame, level: Level) -> String {
    // The judge's (issue 40): reviews kept by the level's review of issue
    // 30 are computed again.
    let _ = level;
    format!("judge:{}", formats::share::encode(game))
}

/// Whether a kept review is one of `game` (storage can be tampered with):
/// each decision in the game, in order, of a seat that plays, as played.
fn fits(game: &AnyGame, reviews: &[Reviewed]) -> bool {
    let history = game.history();
    let players = game.players().len();
    reviews.windows(2).all(|w| w[0].n < w[1].n)
        && reviews.iter().all(|r| {
            history.get(r.n) == Some(&r.played)
                && (r.seat as usize) < players
                && of_game(r.best, game)
                && r.best_then.is_none_or(|t| of_game(t, game))
        })
}

/// Whether `c` is a choice of `game`'s ruleset.
fn of_game(c: AnyChoice, game: &AnyGame) -> bool {
    matches!(
        (c, game),
        (AnyChoice::City(_), AnyGame::City(_)) | (AnyChoice::Classic(_), AnyGame::Classic(_))
    )
}

/// A new number for each review (the high bit tells them from the
/// computer's requests).
fn next_request() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    (1 << 63) | NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Review {
    /// A review of the game of `play` at `level`: the kept one if there is
    /// one, else a new one for the engine worker to compute. The board shows
    /// the game as it is until a decision is chosen.
    pub fn open(play: &Play, level: Level, now: f64) -> Review {
        Review::open_split(play, level, 1, now)
    }

    /// As `open`, the review split across `workers` engine workers (one
    /// part each when more than one).
    pub fn open_split(play: &Play, level: Level, workers: usize, now: f64) -> Review {
        let (game, seats) = (play.game.clone(), play.seats.clone());
        let key = Rc::new(key_of(&game, level));
        // The game's view as it is (not computed again: a full board's view
        // is a long task), with nothing to click.
        let mut board = play.clone();
        board.view_only = true;
        board.targets = Shared::new(Default::default());
        board.ui.over_closed = true;
        review_prompt(
            &mut board,
            i18n::msg::trial::review_panel(game.turn()),
            None,
        );
        let narrator = Rc::new(RefCell::new(Narrator::new(&game)));
        let mut r = Review {
            request: next_request(),
            level,
            game,
            seats,
            key,
            decisions: Rc::new(Vec::new()),
            words: Rc::new(Vec::new()),
            done: 0,
            total: 0,
            started: now,
            heard: now,
            status: Status::Running,
            selected: None,
            narrator,
            board,
            kept: false,
            parts: Vec::new(),
            waiting: Vec::new(),
            frontier: 0,
            puzzles: None,
        };
        if workers > 1 {
            r.parts = vec![None; workers];
        }
        if let Some(done) = review_store::kept(&r.key).filter(|d| fits(&r.game, d)) {
            r.kept = true;
            r.status = Status::Done;
            r.done = done.len() as u32;
            r.total = r.done;
            r.add(&done);
        }
        r
    }

    /// Whether the engine worker should be working on it.
    pub fn running(&self) -> bool {
        self.status == Status::Running
    }

    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// Reviews arrived: kept with their words.
    fn add(&mut self, new: &[Reviewed]) {
        if new.is_empty() {
            return;
        }
        let names = self.names();
        let mut narrator = self.narrator.borrow_mut();
        let decisions = Rc::make_mut(&mut self.decisions);
        let words = Rc::make_mut(&mut self.words);
        for r in new {
            words.push(narrator.words(&names, r));
            decisions.push(r.clone());
        }
    }

    /// The decisions every part has covered, shown in order, for at most
    /// [`DRAIN_MS`] of the main thread: a part that ends after the others
    /// frees dozens at once, and each mistake's words play both of its
    /// lines (`view::review_why`), so the rest waits for the next task
    /// (`Action::ReviewDrain`, sent while [`Review::backlog`] says so).
    /// The last one shown ends the review.
    pub fn drain(&mut self) {
        if !self.running() {
            return;
        }
        let start = js_sys::Date::now();
        while self.waiting.first().is_some_and(|r| r.n < self.frontier) {
            let r = self.waiting.remove(0);
            self.add(std::slice::from_ref(&r));
            if js_sys::Date::now() - start >= DRAIN_MS {
                break;
            }
        }
        if self.frontier == usize::MAX && self.waiting.is_empty() {
            self.finish();
        }
    }

    /// Decisions ready to be shown wait for the next task (`drain`).
    pub fn backlog(&self) -> bool {
        self.running() && self.waiting.first().is_some_and(|r| r.n < self.frontier)
    }

    /// Every decision is in: the review is done and kept, and the people's
    /// mistakes go to the engine worker to be judged as puzzles (issue 40).
    fn finish(&mut self) {
        self.status = Status::Done;
        review_store::keep(&self.key, self.decisions.clone());
        let mistakes = super::puzzle::own_mistakes(&self.seats, &self.decisions);
        if !mistakes.is_empty() {
            self.puzzles = Some(OwnPuzzles {
                request: next_request(),
                mistakes: Rc::new(mistakes),
                done: 0,
                total: None,
                kept: 0,
            });
        }
    }

    /// An answer of the engine worker about this review.
    pub fn answer(&mut self, answer: FromEngine, now: f64) {
        match answer {
            FromEngine::Reviewed {
                done,
                total,
                decisions,
                ..
            } if self.running() => {
                self.add(&decisions);
                self.done = done;
                self.total = total;
                self.heard = now;
                if done >= total {
                    self.finish();
                }
            }
            FromEngine::ReviewedPart {
                part,
                done,
                total,
                covered,
                decisions,
                ..
            } if self.running() => {
                let Some(slot) = self.parts.get_mut(part as usize) else {
                    return;
                };
                *slot = Some(PartProgress {
                    done,
                    total,
                    covered,
                });
                self.waiting.extend(decisions);
                self.waiting.sort_by_key(|r| r.n);
                // Shown in order: what every part has covered.
                let heard: Vec<PartProgress> = self.parts.iter().flatten().copied().collect();
                let all = heard.len() == self.parts.len();
                self.frontier = if all && heard.iter().all(|p| p.done >= p.total) {
                    usize::MAX
                } else if all {
                    heard.iter().map(|p| p.covered).min().unwrap_or(0) as usize
                } else {
                    0
                };
                self.done = heard.iter().map(|p| p.done).sum();
                self.total = heard.iter().map(|p| p.total).sum();
                self.heard = now;
                self.drain();
            }
            FromEngine::Puzzles {
                done, total, found, ..
            } => {
                let kept = found
                    .as_ref()
                    .is_some_and(|f| super::puzzle::keep_found(&self.game, f));
                if let Some(p) = self.puzzles.as_mut() {
                    p.done = done;
                    p.total = Some(total);
                    p.kept += u32::from(kept);
                }
            }
            FromEngine::Failed { why, .. } => self.status = Status::Failed(why.words().to_string()),
            _ => {}
        }
    }

    /// The language changed: the board's words again, the panel still the
    /// review's (a position's own view would ask for its decision).
    pub fn relabel(&mut self) {
        match self.selected {
            Some(i) => self.select(i),
            None => {
                self.board.relabel();
                self.board.targets = Shared::new(Default::default());
                review_prompt(
                    &mut self.board,
                    i18n::msg::trial::review_panel(self.game.turn()),
                    None,
                );
            }
        }
    }

    /// Shows decision `i` on the board.
    pub fn select(&mut self, i: usize) {
        let Some(r) = self.decisions.get(i) else {
            return;
        };
        self.selected = Some(i);
        let words = self.words.get(i).cloned().unwrap_or_default();
        self.board = board_for(&self.game, &self.seats, r, words);
    }
}

/// The board for a reviewed decision: the position after the move played
/// (marked as what just happened), with the best move drawn as a ghost when
/// it differs (the hint's drawing: the tile, its turn and follower, Old
/// City's wood; or the ring, side or end it takes).
fn board_for(game: &AnyGame, seats: &[Seat], r: &Reviewed, words: String) -> Play {
    let before = game.at(r.n);
    let mut play = Replay::at(game, seats, r.n + 1).play;
    play.recent = Shared::new(any::recent(&before, &play.game, &play.view.colours));
    if r.best != r.played && r.class != Class::Best {
        // The hint's ghost, as a person to move would see it.
        let people: Vec<Seat> = seats
            .iter()
            .map(|s| Seat {
                computer: None,
                ..s.clone()
            })
            .collect();
        let mut hint = Play::new(before, people);
        hint.show_hint(r.best, r.best_then);
        let mut t = (*hint.targets).clone();
        let focused = t.focus.and_then(|f| t.choice_at(f));
        let best = |c: &AnyChoice| *c == r.best;
        t.cells.clear();
        t.hand = None;
        t.regions.retain(|x| best(&x.choice));
        t.sides.retain(|x| best(&x.choice));
        t.vertices.retain(|x| best(&x.choice));
        t.tiles.retain(|x| best(&x.choice));
        t.placements.retain(|x| best(&x.choice));
        t.focus = (focused == Some(r.best) && t.focusable() > 0).then_some(0);
        play.targets = Shared::new(t);
    }
    // The board looks at the decision (issue 40): the best tile's space,
    // else the tile played, else the last tile laid before it.
    let history = game.history();
    let cell = any::placement_of(r.best)
        .or_else(|| any::placement_of(r.played))
        .or_else(|| {
            history[..r.n]
                .iter()
                .rev()
                .find_map(|&c| any::placement_of(c))
        })
        .map(|(cell, _)| cell);
    let mut t = (*play.targets).clone();
    t.zoom = cell;
    play.targets = Shared::new(t);
    let name = seats
        .get(r.seat as usize)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    review_prompt(
        &mut play,
        i18n::msg::trial::review_decision(r.turn, &name),
        Some(r.seat),
    );
    play.view.prompt_base.detail = words;
    play
}

/// The panel beside the review's board is the review's (issue 40): its
/// decision says what the board shows, never the position's own decision
/// (a follower to put, a tile to place), and offers nothing to press.
fn review_prompt(play: &mut Play, title: String, seat: Option<u8>) {
    let p = &mut play.view.prompt_base;
    p.decision = "review";
    p.player = seat;
    p.title = title;
    p.detail = String::new();
    p.why = None;
    p.note = None;
    p.buttons.clear();
}

/// The review's own state (ui/review_app.rs): the review, and the screen's
/// own settings around its board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReviewState {
    /// `None` once closed (or when the game did not open).
    pub review: Option<Review>,
    pub text_view: bool,
    pub coords: bool,
    pub help: bool,
    pub notices: Vec<super::Notice>,
    /// A variation tried from a reviewed decision (issue 40), shown on the
    /// board instead of the game while it is open.
    pub variation: Option<super::variation::Variation>,
}

impl ReviewState {
    /// The review of the game of `play`, with the text view and the
    /// coordinates as the player had them.
    pub fn open(play: &Play, text_view: bool, coords: bool) -> ReviewState {
        ReviewState::open_with(play, text_view, coords, REVIEW_LEVEL, 1)
    }

    /// As `open`, at `level`, split across `workers` engine workers.
    pub fn open_with(
        play: &Play,
        text_view: bool,
        coords: bool,
        level: Level,
        workers: usize,
    ) -> ReviewState {
        ReviewState {
            review: Some(Review::open_split(
                play,
                level,
                workers,
                js_sys::Date::now(),
            )),
            text_view,
            coords,
            ..ReviewState::default()
        }
    }
}

impl Reducible for ReviewState {
    type Action = Action;

    /// The review's actions, and those of the screen around it; the board
    /// shows a past position: nothing on it moves.
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        let now = js_sys::Date::now();
        // Try it (issue 40): a variation's board takes the play actions.
        if let Some(v) = s.variation.as_mut() {
            match &action {
                Action::ReviewBack => s.variation = None,
                Action::Cancel if s.help => s.help = false,
                Action::Cancel => {
                    if !v.cancel() {
                        s.variation = None;
                    }
                }
                a if v.act(a) => {}
                _ => return ReviewState::reduce_review(s, self, action, now),
            }
            return Rc::new(s);
        }
        ReviewState::reduce_review(s, self, action, now)
    }
}

impl ReviewState {
    /// The review's own actions (a variation's board aside).
    fn reduce_review(mut s: ReviewState, this: Rc<Self>, action: Action, now: f64) -> Rc<Self> {
        let level = s.review.as_ref().map(|r| r.level);
        match action {
            Action::ReviewTry(best) => {
                let (Some(r), Some(level)) = (s.review.as_ref(), level) else {
                    return this;
                };
                let Some(i) = r.selected.or((!r.decisions.is_empty()).then_some(0)) else {
                    return this;
                };
                let d = &r.decisions[i];
                s.variation = Some(if best {
                    super::variation::Variation::with_best(&r.game, &r.seats, i, d, level)
                } else {
                    super::variation::Variation::new(&r.game, &r.seats, i, d, level)
                });
            }
            Action::ReviewBack => s.variation = None,
            Action::ReviewMistake(forward) => {
                s.variation = None;
                let Some(r) = s.review.as_mut() else {
                    return this;
                };
                match super::variation::next_mistake(&r.decisions, &r.seats, r.selected, forward) {
                    Some(i) => r.select(i),
                    None => return this,
                }
            }
            Action::ReviewSelect(i) => {
                s.variation = None;
                if let Some(r) = s.review.as_mut() {
                    r.select(i)
                }
            }
            // "Review again" (after a cancel or a failure): a new review of
            // the same game, at the same level.
            Action::ReviewOpen => {
                let Some(r) = s.review.as_ref() else {
                    return this;
                };
                let play = Play::new((*r.game).clone(), (*r.seats).clone());
                let workers = r.parts.len().max(1);
                s.review = Some(Review::open_split(&play, r.level, workers, now));
            }
            Action::ReviewDrain => match s.review.as_mut() {
                Some(r) if r.backlog() => r.drain(),
                _ => return this,
            },
            Action::ReviewCancel => {
                if let Some(r) = s.review.as_mut().filter(|r| r.running()) {
                    r.status = Status::Cancelled
                }
            }
            Action::Cancel if s.help => s.help = false,
            // Esc (the board's Cancel) goes back to the game.
            Action::ReviewClose | Action::Cancel => s.review = None,
            Action::Engine(answer) => {
                let ours = match &answer {
                    FromEngine::Reviewed { request, .. }
                    | FromEngine::ReviewedPart { request, .. }
                    | FromEngine::Failed { request, .. } => {
                        s.review.as_ref().is_some_and(|r| r.request == *request)
                    }
                    FromEngine::Puzzles { request, .. } => s
                        .review
                        .as_ref()
                        .is_some_and(|r| r.puzzles.as_ref().is_some_and(|p| p.request == *request)),
                    _ => false,
                };
                match s.review.as_mut() {
                    Some(r) if ours => r.answer(answer, now),
                    _ => return this,
                }
            }
            Action::Help(on) => s.help = on,
            Action::TextView(on) => s.text_view = on,
            Action::Coords => s.coords = !s.coords,
            Action::Notice(n) => super::notice::add(&mut s.notices, n),
            Action::DismissNotice(i) if i < s.notices.len() => {
                s.notices.remove(i);
            }
            Action::Relabel => {
                if let Some(r) = s.review.as_mut() {
                    r.relabel();
                }
            }
            _ => return this,
        }
        Rc::new(s)
    }
}
