//! This device's signing key for games on three to five devices (issue
//! 37, docs/fair-deal.md "Three to five devices"): an ECDSA P-256 key pair
//! made by WebCrypto with a non-extractable private key, kept in IndexedDB
//! (a `CryptoKey` is stored as it is: the private key never leaves
//! WebCrypto). Its public key, compressed, goes into the game's setup; the
//! device signs its links with it. Verifying is `formats::star::verify`.
//!
//! The `star` chunk (`ui::star_play`) takes the key from here for a new
//! game hosted, an invitation joined, and each link it signs.

use std::cell::RefCell;

use formats::star::{compress, PublicKey, Signature};
use js_sys::{Array, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

const DB: &str = "the-city-keys";
const STORE: &str = "keys";
const ID: &str = "device";

/// This device's key: the private half as WebCrypto holds it, the public
/// half compressed.
#[derive(Clone, Debug)]
pub struct DeviceKey {
    private: JsValue,
    pub public: PublicKey,
}

thread_local! {
    static CACHE: RefCell<Option<DeviceKey>> = const { RefCell::new(None) };
}

fn get(o: &JsValue, k: &str) -> JsValue {
    Reflect::get(o, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED)
}

fn call(o: &JsValue, method: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = get(o, method).dyn_into()?;
    f.apply(o, &args.iter().collect::<Array>())
}

/// An IndexedDB request's result (or its error), awaited.
async fn request(req: JsValue) -> Result<JsValue, JsValue> {
    let promise = Promise::new(&mut |resolve, reject| {
        let r = req.clone();
        let ok = Closure::once_into_js(move |_: JsValue| {
            let _ = resolve.call1(&JsValue::NULL, &get(&r, "result"));
        });
        let r = req.clone();
        let err = Closure::once_into_js(move |_: JsValue| {
            let _ = reject.call1(&JsValue::NULL, &get(&r, "error"));
        });
        let _ = Reflect::set(&req, &"onsuccess".into(), &ok);
        let _ = Reflect::set(&req, &"onerror".into(), &err);
    });
    JsFuture::from(promise).await
}

/// The keys' database, its store made on first use.
async fn open() -> Result<JsValue, JsValue> {
    let idb = get(&js_sys::global(), "indexedDB");
    let req = call(&idb, "open", &[DB.into(), 1.into()])?;
    let r = req.clone();
    let upgrade = Closure::once_into_js(move |_: JsValue| {
        let _ = call(&get(&r, "result"), "createObjectStore", &[STORE.into()]);
    });
    Reflect::set(&req, &"onupgradeneeded".into(), &upgrade)?;
    request(req).await
}

/// The store in a transaction of `mode`.
fn store(db: &JsValue, mode: &str) -> Result<JsValue, JsValue> {
    let tx = call(db, "transaction", &[STORE.into(), mode.into()])?;
    call(&tx, "objectStore", &[STORE.into()])
}

fn subtle() -> JsValue {
    get(&get(&js_sys::global(), "crypto"), "subtle")
}

async fn promised(p: JsValue) -> Result<JsValue, JsValue> {
    JsFuture::from(p.dyn_into::<Promise>()?).await
}

/// The stored pair as a key, its public half exported (public keys are
/// always extractable) and compressed.
async fn of_pair(pair: &JsValue) -> Result<DeviceKey, JsValue> {
    let raw = promised(call(
        &subtle(),
        "exportKey",
        &["raw".into(), get(pair, "publicKey")],
    )?)
    .await?;
    let public = compress(&Uint8Array::new(&raw).to_vec()).ok_or("not a P-256 key")?;
    Ok(DeviceKey {
        private: get(pair, "privateKey"),
        public,
    })
}

/// This device's key: the one kept in IndexedDB, or a new one made and
/// kept (`add`: if another tab kept one first, that one).
pub async fn device_key() -> Result<DeviceKey, JsValue> {
    if let Some(k) = CACHE.with(|c| c.borrow().clone()) {
        return Ok(k);
    }
    let db = open().await?;
    let kept = request(call(&store(&db, "readonly")?, "get", &[ID.into()])?).await?;
    let pair = if kept.is_object() {
        kept
    } else {
        let algorithm = Object::new();
        Reflect::set(&algorithm, &"name".into(), &"ECDSA".into())?;
        Reflect::set(&algorithm, &"namedCurve".into(), &"P-256".into())?;
        let usages = Array::of2(&"sign".into(), &"verify".into());
        let made = promised(call(
            &subtle(),
            "generateKey",
            &[algorithm.into(), false.into(), usages.into()],
        )?)
        .await?;
        let pair = Object::new();
        Reflect::set(&pair, &"privateKey".into(), &get(&made, "privateKey"))?;
        Reflect::set(&pair, &"publicKey".into(), &get(&made, "publicKey"))?;
        let add = call(
            &store(&db, "readwrite")?,
            "add",
            &[pair.clone().into(), ID.into()],
        )?;
        match request(add).await {
            Ok(_) => pair.into(),
            // Another tab kept its key first: this device's key is that one.
            Err(_) => request(call(&store(&db, "readonly")?, "get", &[ID.into()])?).await?,
        }
    };
    let key = of_pair(&pair).await?;
    CACHE.with(|c| *c.borrow_mut() = Some(key.clone()));
    Ok(key)
}

/// Forget the key read in this tab (the next [`device_key`] reads it from
/// IndexedDB again).
pub fn forget_cache() {
    CACHE.with(|c| *c.borrow_mut() = None);
}

impl DeviceKey {
    /// Whether WebCrypto lets the private key be exported (never: it is
    /// made non-extractable).
    pub fn extractable(&self) -> bool {
        get(&self.private, "extractable").as_bool().unwrap_or(true)
    }

    /// The signature (ECDSA, SHA-256; r ‖ s) of `msg`.
    pub async fn sign(&self, msg: &[u8]) -> Result<Signature, JsValue> {
        let algorithm = Object::new();
        Reflect::set(&algorithm, &"name".into(), &"ECDSA".into())?;
        Reflect::set(&algorithm, &"hash".into(), &"SHA-256".into())?;
        let data = Uint8Array::from(msg);
        let sig = promised(call(
            &subtle(),
            "sign",
            &[algorithm.into(), self.private.clone(), data.into()],
        )?)
        .await?;
        Uint8Array::new(&sig)
            .to_vec()
            .try_into()
            .map_err(|_| JsValue::from_str("not a P-256 signature"))
    }
}
