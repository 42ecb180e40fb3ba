//! The records worker's entry point, built by Trunk (see index.html) and
//! spawned by the app the first time it reads or writes a record
//! (`ui::records`). On native targets it is an empty program.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;
    use the_city::ui::codec::WireCodec;
    the_city::ui::records::RecordsWorker::registrar()
        .encoding::<WireCodec>()
        .register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
