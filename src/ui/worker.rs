//! The engine worker: the computer opponent and the game review, thinking
//! in a Web Worker off the main thread so that the page never freezes. The
//! worker runs this same build (`channel`): the page spawns it with
//! [`spawn_engine`]; the worker starts at `main.rs`'s `engine_worker`,
//! which loads the computer's chunk and calls [`serve`].
//!
//! The page sends [`ToEngine::Think`] with the whole game (setup and
//! decisions); the worker replays it, thinks in slices of a few milliseconds
//! (`computer::AnyThinker::run`) and, between slices, goes back to the event
//! loop so that a [`ToEngine::Cancel`] (or a newer request, which replaces
//! the old one) is read and obeyed at once. It reports
//! [`FromEngine::Progress`] after every slice and ends with
//! [`FromEngine::Decided`] or [`FromEngine::Failed`]. Slicing never changes
//! the answer: the budget is a number of playouts.
//!
//! A game review ([`ToEngine::Review`], `computer::review`) runs beside the
//! thinking, in slices of its own, and streams each decision's review back
//! as [`FromEngine::Reviewed`]; [`ToEngine::Cancel`] with its request stops it.
//!
//! Once a review is done, the people's mistakes are judged as puzzles
//! ([`ToEngine::Puzzles`], `computer::puzzles::own_at`: the shipped puzzles'
//! criteria), one decision a slice, each answered by [`FromEngine::Puzzles`].

use std::cell::RefCell;

use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;

use super::channel::{self, Channel};
use computer::puzzles::Found;
use computer::review::{AnyReviewer, DecisionReview};
use computer::{AnyThinker, Level};
use engine::any::{AnyChoice, AnyGame};

/// A request from the page to the engine worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToEngine {
    /// Are you there? The worker answers [`FromEngine::Pong`] with the same nonce.
    Ping(u32),
    /// Choose for the player to move in `game` at `level`; `seed` makes the
    /// answer reproducible. Replaces any request still being thought about.
    Think {
        request: u64,
        game: AnyGame,
        level: Level,
        seed: u64,
    },
    /// Review every decision of `game` at `level` (`computer::review`): answered
    /// by [`FromEngine::Reviewed`] until every decision is in. Replaces any
    /// review still running.
    Review {
        request: u64,
        game: AnyGame,
        level: Level,
    },
    /// Review part `part` of `parts` of `game` at `level` (`Reviewer::part`:
    /// every `parts`-th move): the page splits a review across its engine
    /// workers, one a core. Answered by [`FromEngine::ReviewedPart`].
    ReviewPart {
        request: u64,
        game: AnyGame,
        level: Level,
        part: u32,
        parts: u32,
    },
    /// Judge the moves of `mistakes` (decisions of `game` the review found
    /// mistakes of a person's) as puzzles by the shipped puzzles' criteria
    /// (`computer::puzzles::own_at`): answered by [`FromEngine::Puzzles`]
    /// after each move judged.
    Puzzles {
        request: u64,
        game: AnyGame,
        mistakes: Vec<u32>,
    },
    /// Stop thinking about, or reviewing, `request` (nothing is sent back for it).
    Cancel { request: u64 },
}

/// Why a request failed (the page says it in words).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Failure {
    /// The game is over: nothing to decide.
    Over,
    /// The worker did not answer in time, or could not start (the page's own).
    Silent,
}

impl Failure {
    /// In the player's words.
    pub fn words(self) -> &'static str {
        match self {
            Failure::Over => i18n::msg::computer::game_is_over(),
            Failure::Silent => i18n::msg::play::worker_silent(),
        }
    }
}

/// An answer from the engine worker to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromEngine {
    /// The answer to [`ToEngine::Ping`].
    Pong {
        /// The nonce of the ping.
        nonce: u32,
        /// The crate version the worker was built from.
        version: String,
        /// The JavaScript global scope the worker runs in, as its constructor
        /// name: `DedicatedWorkerGlobalScope` in a real Web Worker.
        scope: String,
    },
    /// `done` of `total` playouts of `request` are done.
    Progress { request: u64, done: u32, total: u32 },
    /// The choice for `request`, and the follow-up the computer has in mind
    /// when the same player decides next (the follower after a tile).
    Decided {
        request: u64,
        choice: AnyChoice,
        then: Option<AnyChoice>,
    },
    /// `request` could not be thought about (or reviewed).
    Failed { request: u64, why: Failure },
    /// The review `request` has `done` of its `total` decisions; `decisions`:
    /// those finished since the last message, in order.
    Reviewed {
        request: u64,
        done: u32,
        total: u32,
        decisions: Vec<DecisionReview<AnyChoice>>,
    },
    /// As `Reviewed`, for part `part` of a split review: `done` of its
    /// `total`, and every decision of the part before `covered` sent.
    ReviewedPart {
        request: u64,
        part: u32,
        done: u32,
        total: u32,
        covered: u32,
        decisions: Vec<DecisionReview<AnyChoice>>,
    },
    /// The puzzles `request` has judged `done` of its `total` moves; `found`:
    /// the puzzle of the move judged last, if it is one.
    Puzzles {
        request: u64,
        done: u32,
        total: u32,
        found: Option<Found>,
    },
}

/// How long one slice of thinking runs before the worker reads its messages.
const SLICE_MS: f64 = 25.0;

/// How often a review tells the page its progress and the decisions
/// finished since: the page redraws the review on every message.
const REVIEW_TELL_MS: f64 = 500.0;

/// The page's end of an engine worker; none where no worker can start
/// (then nothing answers, and the page's watchdog says so).
#[derive(Clone, PartialEq)]
pub struct Engine(Option<Channel<ToEngine>>);

impl Engine {
    pub fn send(&self, message: ToEngine) {
        if let Some(c) = &self.0 {
            c.send(&message);
        }
    }
}

/// Starts an engine worker whose answers go to `heard`: the app's, for the
/// computer seats and hints, and the game review's own.
pub fn spawn_engine(heard: impl Fn(FromEngine) + 'static) -> Engine {
    Engine(Channel::spawn("engine_worker", heard))
}

struct ReviewJob {
    request: u64,
    reviewer: AnyReviewer,
    generation: u64,
    /// When the page last heard of it, and what it has not heard yet.
    told: f64,
    pending: Vec<DecisionReview<AnyChoice>>,
    /// Which part of a split review, if split.
    part: Option<u32>,
}

struct Job {
    request: u64,
    thinker: AnyThinker,
    /// Tells the job's scheduled slices from a replaced job's.
    generation: u64,
}

/// The people's mistakes being judged as puzzles: the moves they start,
/// and how many are judged.
struct PuzzleJob {
    request: u64,
    game: AnyGame,
    /// The mistakes' decisions until the first slice; then the moves'.
    starts: Option<Vec<usize>>,
    mistakes: Vec<usize>,
    done: usize,
    generation: u64,
}

/// What a scheduled slice is of.
#[derive(Clone, Copy)]
enum Slice {
    Think,
    Review,
    Puzzles,
}

/// The worker's state: what it thinks about, what it reviews and judges.
#[derive(Default)]
struct Worker {
    job: Option<Job>,
    review: Option<ReviewJob>,
    puzzles: Option<PuzzleJob>,
    generation: u64,
}

thread_local! {
    static WORKER: RefCell<Worker> = RefCell::new(Worker::default());
}

/// A game without its event log (nothing here shows it).
fn quiet(mut game: AnyGame) -> AnyGame {
    game.set_logging(false);
    game
}

/// The constructor name of the current JavaScript global object.
pub fn global_scope_name() -> String {
    js_sys::global()
        .unchecked_into::<js_sys::Object>()
        .constructor()
        .name()
        .into()
}

/// The worker's side: answer the page's messages (in the worker, from the
/// computer's chunk).
pub fn serve() {
    channel::listen(|m: ToEngine| WORKER.with(|w| w.borrow_mut().received(m)));
}

/// Run the next slice after the event loop has had its turn (a timer, not a
/// microtask, so that messages from the page come first).
fn schedule(generation: u64, slice: Slice) {
    gloo::timers::callback::Timeout::new(0, move || {
        WORKER.with(|w| {
            let mut w = w.borrow_mut();
            match slice {
                Slice::Review => w.review_slice(generation),
                Slice::Think => w.think_slice(generation),
                Slice::Puzzles => w.puzzles_slice(generation),
            }
        })
    })
    .forget();
}

impl Worker {
    /// One slice of the review: decisions as they are finished, progress
    /// now and then, until every decision is in.
    fn review_slice(&mut self, generation: u64) {
        let Some(job) = self.review.as_mut().filter(|j| j.generation == generation) else {
            return; // cancelled or replaced
        };
        let start = js_sys::Date::now();
        while !job.reviewer.is_done() && js_sys::Date::now() - start < SLICE_MS {
            job.pending.extend(job.reviewer.step(1));
        }
        let now = js_sys::Date::now();
        let done = job.reviewer.is_done();
        if done || now - job.told >= REVIEW_TELL_MS {
            job.told = now;
            let p = job.reviewer.progress();
            let decisions = std::mem::take(&mut job.pending);
            channel::answer(&match job.part {
                None => FromEngine::Reviewed {
                    request: job.request,
                    done: p.done as u32,
                    total: p.total as u32,
                    decisions,
                },
                Some(part) => FromEngine::ReviewedPart {
                    request: job.request,
                    part,
                    done: p.done as u32,
                    total: p.total as u32,
                    covered: job.reviewer.covered() as u32,
                    decisions,
                },
            });
        }
        if done {
            self.review = None;
        } else {
            schedule(generation, Slice::Review);
        }
    }

    /// One slice of the puzzles: the moves the mistakes start found (the
    /// first slice), then one move judged a slice (a few hundred
    /// milliseconds at most), its answer sent at once.
    fn puzzles_slice(&mut self, generation: u64) {
        let Some(job) = self.puzzles.as_mut().filter(|j| j.generation == generation) else {
            return; // cancelled or replaced
        };
        let starts = job
            .starts
            .get_or_insert_with(|| computer::puzzles::move_starts(&job.game, &job.mistakes))
            .clone();
        let found = starts
            .get(job.done)
            .and_then(|&n| computer::puzzles::own_at(&job.game, n, 1.0));
        job.done = (job.done + 1).min(starts.len());
        channel::answer(&FromEngine::Puzzles {
            request: job.request,
            done: job.done as u32,
            total: starts.len() as u32,
            found,
        });
        if job.done >= starts.len() {
            self.puzzles = None;
        } else {
            schedule(generation, Slice::Puzzles);
        }
    }

    /// One slice of thinking: progress, and the choice once decided.
    fn think_slice(&mut self, generation: u64) {
        let Some(job) = self.job.as_mut().filter(|j| j.generation == generation) else {
            return; // cancelled or replaced
        };
        let start = js_sys::Date::now();
        let decided = loop {
            if let Some(m) = job.thinker.run(1) {
                break Some(m);
            }
            if js_sys::Date::now() - start >= SLICE_MS {
                break None;
            }
        };
        let p = job.thinker.progress();
        let request = job.request;
        channel::answer(&FromEngine::Progress {
            request,
            done: p.done,
            total: p.total,
        });
        match decided {
            Some(m) => {
                self.job = None;
                channel::answer(&FromEngine::Decided {
                    request,
                    choice: m.0,
                    then: m.1,
                });
            }
            None => schedule(generation, Slice::Think),
        }
    }

    fn received(&mut self, msg: ToEngine) {
        match msg {
            ToEngine::Ping(nonce) => channel::answer(&FromEngine::Pong {
                nonce,
                version: env!("CARGO_PKG_VERSION").to_string(),
                scope: global_scope_name(),
            }),
            ToEngine::Think {
                request,
                game,
                level,
                seed,
            } => {
                self.job = None;
                self.generation += 1;
                let thinker = AnyThinker::new(&quiet(game), level, seed).ok_or(Failure::Over);
                match thinker {
                    Ok(thinker) => {
                        self.job = Some(Job {
                            request,
                            thinker,
                            generation: self.generation,
                        });
                        schedule(self.generation, Slice::Think);
                    }
                    Err(why) => channel::answer(&FromEngine::Failed { request, why }),
                }
            }
            ToEngine::Review {
                request,
                game,
                level: _,
            } => {
                self.generation += 1;
                self.review = Some(ReviewJob {
                    request,
                    // The review's own judge (issue 40), whatever the level asked.
                    reviewer: AnyReviewer::judged(&quiet(game)),
                    generation: self.generation,
                    told: 0.0,
                    pending: Vec::new(),
                    part: None,
                });
                schedule(self.generation, Slice::Review);
            }
            ToEngine::ReviewPart {
                request,
                game,
                level: _,
                part,
                parts,
            } => {
                self.generation += 1;
                self.review = Some(ReviewJob {
                    request,
                    reviewer: AnyReviewer::part(&quiet(game), part as usize, parts as usize),
                    generation: self.generation,
                    told: 0.0,
                    pending: Vec::new(),
                    part: Some(part),
                });
                schedule(self.generation, Slice::Review);
            }
            ToEngine::Puzzles {
                request,
                game,
                mistakes,
            } => {
                self.generation += 1;
                self.puzzles = Some(PuzzleJob {
                    request,
                    game: quiet(game),
                    starts: None,
                    mistakes: mistakes.into_iter().map(|n| n as usize).collect(),
                    done: 0,
                    generation: self.generation,
                });
                schedule(self.generation, Slice::Puzzles);
            }
            ToEngine::Cancel { request } => {
                if self.job.as_ref().is_some_and(|j| j.request == request) {
                    self.job = None;
                }
                if self.review.as_ref().is_some_and(|j| j.request == request) {
                    self.review = None;
                }
                if self.puzzles.as_ref().is_some_and(|j| j.request == request) {
                    self.puzzles = None;
                }
            }
        }
    }
}
