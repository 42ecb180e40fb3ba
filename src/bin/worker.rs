//! The engine Web Worker's entry point, built by Trunk (see index.html) and
//! spawned by the app. On native targets it is an empty program.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;
    use the_city::ui::codec::WireCodec;
    the_city::ui::worker::EngineWorker::registrar()
        .encoding::<WireCodec>()
        .register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
