//! A Web Worker running this very build, and the messages both ends send
//! each other.
//!
//! The page and its workers are one wasm module: a worker is a module
//! worker (`web/worker.js`) that imports the page's own JavaScript glue,
//! instantiates the module the page has already compiled (sent to it, so
//! nothing is fetched or compiled twice) and starts at an entry of its own
//! (`main.rs`: `engine_worker`). Code that only a worker runs sits in a
//! chunk split from the same build (`computer`), which the worker loads.
//!
//! Messages are any serde value, written with postcard and sent as bytes.
//! A worker says `ready` (an empty message) once it listens; what the page
//! sends before that waits in a queue.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Object, Reflect, Uint8Array};
use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Worker, WorkerOptions, WorkerType};

thread_local! {
    /// The URL of the page's JavaScript glue, handed to `start_page` by
    /// web/boot.js: a worker imports it.
    static GLUE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Remember where the glue is (boot.js knows, from index.html).
pub fn set_glue(url: String) {
    GLUE.with(|g| *g.borrow_mut() = Some(url));
}

/// Where the worker bootstrap is, beside the page.
const BOOTSTRAP: &str = "./worker.js";

/// `value` as a message's bytes.
pub fn encode<T: Serialize>(value: &T) -> Uint8Array {
    // Writing a value of our own types into a Vec cannot fail.
    let bytes = postcard::to_allocvec(value).unwrap_or_default();
    Uint8Array::from(bytes.as_slice())
}

/// The value a message's bytes hold; `None` for anything else (a message
/// from another build, or not ours).
pub fn decode<T: DeserializeOwned>(data: &JsValue) -> Option<T> {
    let bytes = data.dyn_ref::<Uint8Array>()?.to_vec();
    postcard::from_bytes(&bytes).ok()
}

struct Inner {
    worker: Worker,
    ready: bool,
    queue: Vec<Uint8Array>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

/// The page's end of a worker of this build that runs `entry`.
pub struct Channel<In> {
    inner: Rc<RefCell<Inner>>,
    _in: std::marker::PhantomData<In>,
}

impl<In> Clone for Channel<In> {
    fn clone(&self) -> Self {
        Channel {
            inner: self.inner.clone(),
            _in: std::marker::PhantomData,
        }
    }
}

impl<In> PartialEq for Channel<In> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.inner, &other.inner)
    }
}

impl<In: Serialize> Channel<In> {
    /// Start a worker at the module's export `entry`; its messages go to
    /// `heard`. `None` where workers cannot start (no glue known, or the
    /// browser refuses): the caller says so.
    pub fn spawn<Out: DeserializeOwned + 'static>(
        entry: &str,
        heard: impl Fn(Out) + 'static,
    ) -> Option<Channel<In>> {
        let glue = GLUE.with(|g| g.borrow().clone())?;
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(BOOTSTRAP, &options).ok()?;
        let inner = Rc::new_cyclic(|weak: &std::rc::Weak<RefCell<Inner>>| {
            let weak = weak.clone();
            let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                let data = e.data();
                let Some(inner) = weak.upgrade() else { return };
                if data.is_null() || data.is_undefined() {
                    // `ready`: send what waited.
                    let mut inner = inner.borrow_mut();
                    inner.ready = true;
                    for m in std::mem::take(&mut inner.queue) {
                        let _ = inner.worker.post_message(&m);
                    }
                    return;
                }
                if let Some(out) = decode::<Out>(&data) {
                    heard(out);
                }
            });
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            RefCell::new(Inner {
                worker: worker.clone(),
                ready: false,
                queue: Vec::new(),
                _on_message: on_message,
            })
        });
        // The bootstrap's one message: where the glue is, the compiled
        // module, and which entry to start.
        let start = Object::new();
        let _ = Reflect::set(&start, &"glue".into(), &glue.into());
        let _ = Reflect::set(&start, &"module".into(), &wasm_bindgen::module());
        let _ = Reflect::set(&start, &"entry".into(), &entry.into());
        worker.post_message(&start).ok()?;
        Some(Channel {
            inner,
            _in: std::marker::PhantomData,
        })
    }

    /// Send a message (queued until the worker is ready).
    pub fn send(&self, message: &In) {
        let bytes = encode(message);
        let mut inner = self.inner.borrow_mut();
        if inner.ready {
            let _ = inner.worker.post_message(&bytes);
        } else {
            inner.queue.push(bytes);
        }
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

/// The worker's end: call `heard` with every message the page sends, and
/// tell the page it listens. `answer` sends a message back.
pub fn listen<In: DeserializeOwned + 'static>(heard: impl Fn(In) + 'static) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if let Some(m) = decode::<In>(&e.data()) {
            heard(m);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::NULL);
}

/// Send `message` from a worker to the page.
pub fn answer<Out: Serialize>(message: &Out) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&encode(message));
}
