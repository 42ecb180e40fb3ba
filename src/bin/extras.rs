//! The extras module's entry point: a second wasm module of the page,
//! built by Trunk (index.html) and loaded by the app the first time it
//! shows one of its parts (How to play, the game in pictures, the
//! statistics; `ui::extras`). The page calls [`mount`] with a host element
//! and the part in words (`view::extras::Part`). On native targets it is an
//! empty program.

#[cfg(target_arch = "wasm32")]
mod web {
    use the_city::ui::extras_part::{mount as mount_part, Part};
    use wasm_bindgen::prelude::*;

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

    /// Mount the part `part` (`Part::to_text`) into `host`; `on_event` is
    /// called with what the page must know ("close": its dialog closed).
    #[wasm_bindgen]
    pub fn mount(
        host: web_sys::Element,
        part: String,
        on_event: js_sys::Function,
    ) -> Result<Mounted, JsValue> {
        let part = Part::from_text(&part).ok_or_else(|| {
            JsValue::from_str("the page asked for a part this module does not have")
        })?;
        let on_event = yew::Callback::from(move |e: String| {
            let _ = on_event.call1(&JsValue::NULL, &e.into());
        });
        Ok(Mounted {
            unmount: Some(mount_part(host, &part, on_event)),
        })
    }
}

fn main() {}
