// Loads the extras module (src/bin/extras.rs: How to play, the game in
// pictures, the statistics, the game review), the first time the page needs
// one of them. The module is a second wasm-bindgen build (Trunk writes
// extras.js and extras_bg.wasm beside index.html, unhashed, like the
// workers'), loaded with a dynamic import: no inline script (the CSP), and
// precached by the service worker like every file of the build.
let loading = null;

export function load_extras() {
  if (!loading) {
    const base = document.baseURI;
    loading = import(new URL('extras.js', base).href).then(async (m) => {
      await m.default();
      return m;
    });
    // A failed load (offline before the first visit finished caching) is
    // tried again the next time.
    loading.catch(() => { loading = null; });
  }
  return loading;
}
