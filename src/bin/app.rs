//! The browser app's entry point, built by Trunk (see index.html). On native
//! targets it is an empty program, so that `cargo build` of the workspace works.

#[cfg(target_arch = "wasm32")]
fn main() {
    the_city::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
