//! This device's signing key in headless Chromium (issue 37, three to five
//! devices): WebCrypto makes it with a non-extractable private key,
//! IndexedDB keeps it, and its signatures verify with `formats::star`.
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web_keys`
#![cfg(target_arch = "wasm32")]

use the_city::ui::device_key::{device_key, forget_cache};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn the_device_key_is_kept_and_its_signatures_verify() {
    let made = device_key().await.expect("a key made and kept");
    forget_cache();
    let kept = device_key().await.expect("the key read back");
    assert_eq!(
        made.public, kept.public,
        "the same key after reading it back"
    );
    assert!(
        !kept.extractable(),
        "the private key never leaves WebCrypto"
    );
    let m = [7u8; 32];
    let sig = kept.sign(&m).await.expect("a signature");
    assert!(formats::star::verify(&kept.public, &m, &sig));
    assert!(!formats::star::verify(&kept.public, &[8u8; 32], &sig));
    // A second signature of the same message differs (ECDSA draws a
    // nonce) and verifies too.
    let again = kept.sign(&m).await.expect("a signature");
    assert_ne!(sig, again);
    assert!(formats::star::verify(&kept.public, &m, &again));
}
