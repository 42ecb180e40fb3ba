//! The game's one wasm module: the page and its workers run this same
//! build, each from an entry of its own. web/boot.js instantiates it and
//! calls [`start_page`]; an engine worker (web/worker.js, spawned by
//! `ui::channel`) instantiates the module the page compiled and calls
//! [`engine_worker`]. Code only some entries need is in chunks split from
//! the build (`ui::chunks`), loaded when first needed. On native targets
//! this is an empty program (the command-line tool is crates/cli).

#[cfg(target_arch = "wasm32")]
mod entries {
    use wasm_bindgen::prelude::*;

    /// The page: `glue` is the URL of the module's JavaScript glue (workers
    /// import it).
    #[wasm_bindgen]
    pub fn start_page(glue: String) {
        the_city::ui::channel::set_glue(glue);
        the_city::ui::start();
    }

    /// An engine worker: the computer opponent and the game review
    /// (`ui::worker`), once the computer's chunk is loaded.
    #[wasm_bindgen]
    pub async fn engine_worker() -> Result<(), JsValue> {
        the_city::ui::chunks::serve_engine()
            .await
            .map_err(|e| JsValue::from_str(&e.to_string()))
    }
}

fn main() {}
