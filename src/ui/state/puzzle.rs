//! The puzzles' state (issue 40): the sets of both games (fetched when
//! first shown: `static/puzzles/*.json`, precached for offline play), the
//! player's own puzzles and ratings (localStorage `the-city/puzzles`,
//! `view::puzzles::Kept`), the puzzle on the board and how it was
//! answered. The board takes the play actions as in a game; the move ends
//! the puzzle: right or not, the ratings move (Glicko-2, first try only).

use std::rc::Rc;

use super::app::Action;
use super::play::Play;
use engine::any::{AnyGame, Ruleset};
use view::palette::Seat;
use view::puzzles::{daily, day_of, Kept, Puzzle};
use yew::Reducible;

/// Where the kept puzzles and ratings live in localStorage.
pub const KEY: &str = "the-city/puzzles";

/// A puzzle action (in `Action::Puzzle`).
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleAction {
    /// A set's file arrived (its text), or could not be fetched (why).
    Loaded(Ruleset, Result<Rc<String>, String>),
    /// Show this game's puzzles (its daily puzzle first).
    Game(Ruleset),
    Daily,
    Next,
    Close,
}

/// How a puzzle was answered.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub solved: bool,
    /// The player's rating before and after (equal when answered before).
    pub before: f64,
    pub after: f64,
    pub rated: bool,
}

/// The puzzle on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Current {
    pub puzzle: Puzzle,
    pub daily: bool,
    pub pos: Rc<AnyGame>,
    pub play: Play,
    pub outcome: Option<Outcome>,
}

/// The puzzles' screen.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleState {
    pub ruleset: Ruleset,
    /// Per game (The City, classic): not fetched yet, its puzzles, or why not.
    pub sets: [Option<Result<Rc<Vec<Puzzle>>, String>>; 2],
    pub kept: Kept,
    pub current: Option<Current>,
    pub text_view: bool,
    pub coords: bool,
    pub help: bool,
    pub closed: bool,
}

fn slot(r: Ruleset) -> usize {
    match r {
        Ruleset::City => 0,
        Ruleset::Classic => 1,
    }
}

/// The kept document, read tolerantly (nothing kept: a new player).
pub fn load_kept() -> Kept {
    crate::ui::storage::get(KEY)
        .ok()
        .flatten()
        .map(|t| Kept::read(&t))
        .unwrap_or_default()
}

fn store(k: &Kept) {
    // Full or disabled storage: the ratings last the visit.
    let _ = crate::ui::storage::set(KEY, &k.write());
}

/// The decisions of a finished review whose moves may become the people's
/// own puzzles (issue 40): the people's decisions that lost at least
/// `MIN_GAIN` points to the review's best. The review's engine worker then
/// judges each move by the shipped puzzles' criteria (`ToEngine::Puzzles`).
pub fn own_mistakes(seats: &[Seat], decisions: &[view::review::Reviewed]) -> Vec<u32> {
    decisions
        .iter()
        .filter(|r| {
            seats
                .get(r.seat as usize)
                .is_some_and(|s| s.computer.is_none())
                && r.loss >= computer::puzzles::MIN_GAIN
        })
        .map(|r| r.n as u32)
        .collect()
}

/// A move of `game` the engine worker judged a puzzle: kept among the
/// player's own (once; the newest `MAX_OWN`). Whether it is a puzzle of
/// the game's position there.
pub fn keep_found(game: &AnyGame, found: &computer::puzzles::Found) -> bool {
    if found.n >= game.decisions() {
        return false;
    }
    let mut pos = game.at(found.n);
    pos.set_logging(false);
    let Some(p) = view::puzzles::own_puzzle(&pos, found) else {
        return false;
    };
    let mut k = load_kept();
    if !k.own.iter().any(|x| x.id == p.id) {
        k.add_own(p);
        store(&k);
    }
    true
}

impl PuzzleState {
    pub fn open(ruleset: Ruleset, text_view: bool, coords: bool) -> PuzzleState {
        PuzzleState {
            ruleset,
            sets: [None, None],
            kept: load_kept(),
            current: None,
            text_view,
            coords,
            help: false,
            closed: false,
        }
    }

    /// The current game's set, once fetched.
    pub fn set(&self) -> Option<&Rc<Vec<Puzzle>>> {
        self.sets[slot(self.ruleset)].as_ref()?.as_ref().ok()
    }

    /// Whether the current game's set is still to fetch.
    pub fn to_fetch(&self) -> Option<Ruleset> {
        self.sets[slot(self.ruleset)]
            .is_none()
            .then_some(self.ruleset)
    }

    /// The player's own puzzles of the current game.
    pub fn own(&self) -> impl Iterator<Item = &Puzzle> {
        self.kept
            .own
            .iter()
            .filter(move |p| p.ruleset == self.ruleset)
    }

    fn show(&mut self, puzzle: Puzzle, daily: bool) {
        let Some(pos) = puzzle.position() else {
            return;
        };
        let seats = crate::ui::storage::default_seats(&pos)
            .into_iter()
            .map(|s| Seat {
                computer: None,
                ..s
            })
            .collect();
        let mut play = Play::new(pos.clone(), seats);
        play.floor = pos.decisions();
        self.current = Some(Current {
            puzzle,
            daily,
            pos: Rc::new(pos),
            play,
            outcome: None,
        });
    }

    fn show_daily(&mut self) {
        let Some(set) = self.set().cloned() else {
            return;
        };
        let day = day_of(js_sys::Date::now());
        if let Some(i) = daily(set.len(), day) {
            self.show(set[i].clone(), true);
        }
    }

    /// The next puzzle: not answered yet, the player's own or shipped, whose
    /// rating is nearest the player's.
    fn show_next(&mut self) {
        let me = self.kept.player.rating;
        let current = self.current.as_ref().map(|c| c.puzzle.id.clone());
        let set = self.set().cloned().unwrap_or_default();
        let pick = self
            .own()
            .chain(set.iter())
            .filter(|p| self.kept.answered(p).is_none() && Some(&p.id) != current.as_ref())
            .min_by(|a, b| {
                let d = |p: &Puzzle| (self.kept.rating_of(p).rating - me).abs();
                d(a).total_cmp(&d(b))
            })
            .cloned()
            // All answered: any other, in turn.
            .or_else(|| {
                let i = current
                    .and_then(|id| set.iter().position(|p| p.id == id))
                    .map_or(0, |i| i + 1);
                set.get(i % set.len().max(1)).cloned()
            });
        if let Some(p) = pick {
            self.show(p, false);
        }
    }

    /// After a play action: whether the puzzle's move is over, and how.
    fn judge(&mut self) {
        let Some(c) = self.current.as_mut().filter(|c| c.outcome.is_none()) else {
            return;
        };
        let n = c.puzzle.n;
        let history = c.play.game.history();
        let Some(&first) = history.get(n) else {
            return;
        };
        let seat = c.puzzle.seat;
        let after_first = c.play.game.at(n + 1);
        let same_seat = !after_first.is_over() && after_first.to_move() == seat;
        let then = history.get(n + 1).copied().filter(|_| same_seat);
        let verdict = match c.puzzle.check(&c.pos, first, then) {
            Some(v) => v,
            // The move goes on: wait for its follow-up.
            None if same_seat && then.is_none() => return,
            None => false,
        };
        let rated = self.kept.answered(&c.puzzle).is_none();
        let (before, after) = self.kept.answer(&c.puzzle, verdict);
        store(&self.kept);
        c.play.view_only = true;
        if !verdict {
            // The best move shown on the puzzle's position, as a hint.
            if let Some((best, then)) = c.puzzle.best_choices(&c.pos) {
                let mut p = Play::new((*c.pos).clone(), (*c.play.seats).clone());
                p.show_hint(best, then);
                p.view_only = true;
                c.play = p;
            }
        }
        c.outcome = Some(Outcome {
            solved: verdict,
            before,
            after,
            rated,
        });
    }
}

impl Reducible for PuzzleState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Action::Puzzle(a) => match a {
                PuzzleAction::Loaded(r, text) => {
                    s.sets[slot(r)] = Some(text.map(|t| Rc::new(view::puzzles::parse_set(&t, r))));
                    if r == s.ruleset && s.current.is_none() {
                        // `?puzzle=ID` opens that puzzle (a link to it).
                        let asked = crate::ui::app::query_param("puzzle")
                            .map(|id| id.replace("%3A", ":").replace("%3a", ":"));
                        let found = asked.and_then(|id| {
                            s.set()
                                .and_then(|set| set.iter().find(|p| p.id == id).cloned())
                        });
                        match found {
                            Some(p) => s.show(p, false),
                            None => s.show_daily(),
                        }
                    }
                }
                PuzzleAction::Game(r) => {
                    s.ruleset = r;
                    s.current = None;
                    s.show_daily();
                }
                PuzzleAction::Daily => s.show_daily(),
                PuzzleAction::Next => s.show_next(),
                PuzzleAction::Close => s.closed = true,
            },
            Action::Cancel if s.help => s.help = false,
            Action::Cancel => match s.current.as_mut() {
                Some(c)
                    if c.outcome.is_none()
                        && (c.play.ui.tentative.is_some() || c.play.ui.focus.is_some()) =>
                {
                    c.play.cancel()
                }
                _ => s.closed = true,
            },
            Action::Help(on) => s.help = on,
            Action::TextView(on) => s.text_view = on,
            Action::Coords => s.coords = !s.coords,
            Action::Relabel => {
                if let Some(c) = s.current.as_mut() {
                    c.play.relabel();
                }
            }
            a => {
                let Some(c) = s.current.as_mut().filter(|c| c.outcome.is_none()) else {
                    return self;
                };
                if !super::variation::play_action(&mut c.play, &a) {
                    return self;
                }
                s.judge();
            }
        }
        Rc::new(s)
    }
}
