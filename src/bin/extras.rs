//! The extras module's entry point: a second wasm module of the page,
//! built by Trunk (index.html) and loaded by the app the first time it
//! shows one of its parts (How to play, the key, the tiles left, the
//! import dialog, the end of the game, the game in pictures, the
//! statistics, the review; `ui::extras`). The page calls [`mount`] with a host element
//! and the part in words (`view::extras::Part`). On native targets it is an
//! empty program.

#[cfg(target_arch = "wasm32")]
mod web {
    use i18n::{msg, Language};
    use the_city::ui::extras_part::{mount as mount_part, Part};
    use wasm_bindgen::prelude::*;

    /// Reads `text` as the file of the language `code` (the page's
    /// `i18n::source`), for the parts mounted in it from now on. A file the
    /// module cannot use leaves it speaking English.
    #[wasm_bindgen]
    pub fn language(code: String, text: String) {
        if let Some(lang) = Language::from_tag(&code) {
            let _ = i18n::install(lang, text);
        }
    }

    /// A part on the page: [`Mounted::destroy`] takes it off.
    #[wasm_bindgen]
    pub struct Mounted {
        unmount: Option<Box<dyn FnOnce()>>,
    }

    #[wasm_bindgen]
    impl Mounted {
        pub fn destroy(&mut self) {
            if let Some(f) = self.unmount.take() {
                f();
            }
        }
    }

    /// Mount the part `part` (`Part::to_text_in`: the language, then the
    /// part) into `host`, in that language if it was handed ([`language`]),
    /// else English; `on_event` is called with what the page must know
    /// ("close": its dialog closed).
    #[wasm_bindgen]
    pub fn mount(
        host: web_sys::Element,
        part: String,
        on_event: js_sys::Function,
    ) -> Result<Mounted, JsValue> {
        let (lang, part) = Part::from_text_in(&part)
            .ok_or_else(|| JsValue::from_str(msg::extras::unknown_part()))?;
        i18n::choose(lang);
        let on_event = yew::Callback::from(move |e: String| {
            let _ = on_event.call1(&JsValue::NULL, &e.into());
        });
        Ok(Mounted {
            unmount: Some(mount_part(host, &part, on_event)),
        })
    }
}

fn main() {}
