//! The records worker: a Web Worker, loaded the first time a record is read
//! or written (an import, "Save record", saves of the first versions), that
//! does the jobs of `crate::records` off the page. [`ask`] sends a job and
//! calls back with the answer; a worker that does not answer in time is an
//! error, not a wait for ever.

use std::cell::{Cell, RefCell};

use gloo_worker::{HandlerId, Spawnable, Worker, WorkerBridge, WorkerScope};

use crate::records::{work, Answer, FromRecords, Job, ToRecords};
use i18n::{msg, Language};

/// Where the records worker's loader is, relative to the page (Trunk writes
/// `records_loader.js`, `records.js` and `records_bg.wasm` beside index.html).
pub const RECORDS_LOADER: &str = "./records_loader.js";

/// How long the page waits for an answer (the first one loads the worker).
const PATIENCE_MS: u32 = 20_000;

/// The records worker. Registered in the `records` binary; spawned by
/// [`ask`] the first time it is needed.
pub struct RecordsWorker;

impl Worker for RecordsWorker {
    type Message = ();
    type Input = ToRecords;
    type Output = FromRecords;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        RecordsWorker
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, msg: ToRecords, who: HandlerId) {
        let answer = work(msg.job);
        scope.respond(
            who,
            FromRecords {
                request: msg.request,
                answer,
            },
        );
    }
}

type Pending = Vec<(u64, Box<dyn FnOnce(Answer)>)>;

thread_local! {
    static BRIDGE: RefCell<Option<WorkerBridge<RecordsWorker>>> = const { RefCell::new(None) };
    static PENDING: RefCell<Pending> = const { RefCell::new(Vec::new()) };
    static NEXT: Cell<u64> = const { Cell::new(1) };
    /// The language the worker was last told to speak (English at first).
    static SPOKEN: Cell<Language> = const { Cell::new(Language::En) };
}

/// The job that tells the worker the page's language, when it speaks
/// another: the language's code and its file's text (`i18n::source`).
fn language_job() -> Option<Job> {
    let lang = i18n::current();
    if SPOKEN.with(Cell::get) == lang {
        return None;
    }
    SPOKEN.with(|s| s.set(lang));
    Some(Job::Language {
        code: lang.code().to_string(),
        text: i18n::source(lang).map(str::to_string),
    })
}

/// Call back the request's waiter, if it still waits.
fn deliver(request: u64, answer: Answer) {
    let waiter = PENDING.with(|p| {
        let mut p = p.borrow_mut();
        let i = p.iter().position(|(r, _)| *r == request)?;
        Some(p.swap_remove(i).1)
    });
    if let Some(f) = waiter {
        f(answer);
    }
}

/// Ask the records worker to do `job`; `then` gets its answer (or
/// [`Answer::Failed`] when the worker does not answer in time). The worker
/// answers in the page's language: when it changed since the last job, the
/// worker is told first (a job no one waits for).
pub fn ask(job: Job, then: impl FnOnce(Answer) + 'static) {
    let request = NEXT.with(|n| {
        let r = n.get();
        n.set(r + 1);
        r
    });
    PENDING.with(|p| p.borrow_mut().push((request, Box::new(then))));
    BRIDGE.with(|b| {
        let mut b = b.borrow_mut();
        let bridge = b.get_or_insert_with(|| {
            RecordsWorker::spawner()
                .encoding::<super::codec::WireCodec>()
                .with_loader(true)
                .callback(|out: FromRecords| deliver(out.request, out.answer))
                .spawn(RECORDS_LOADER)
        });
        if let Some(language) = language_job() {
            bridge.send(ToRecords {
                request: 0,
                job: language,
            });
        }
        bridge.send(ToRecords { request, job });
    });
    gloo::timers::callback::Timeout::new(PATIENCE_MS, move || {
        deliver(
            request,
            Answer::Failed(msg::text_view::records_did_not_start().into()),
        )
    })
    .forget();
}
