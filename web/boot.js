// Starts the game: the page's Content-Security-Policy (script-src 'self')
// forbids inline script, so index.html loads this file, with the hashed
// names of the module's glue and wasm in data- attributes (scripts/site.js
// writes them; relative URLs, resolved against the page, so dist/ works
// under any sub-path).
const boot = document.querySelector('script[data-js][data-wasm]');
const base = document.baseURI;

// The loading sign's words in the player's language, chosen as
// src/ui/language.rs chooses (`?lang=`, then the choice remembered, then
// the browser's languages): each language file's `boot.*` messages, which
// scripts/pack-lang.js writes into WORDS at build time (unbuilt: English).
const WORDS = {};
function spoken() {
  const tags = [];
  try {
    tags.push(new URLSearchParams(location.search).get('lang'));
    tags.push(localStorage.getItem('the-city/language'));
  } catch (_) { /* storage blocked: the browser's languages decide */ }
  tags.push(...(navigator.languages || []));
  for (const tag of tags) {
    // As Language::from_tag: "de", "de-AT", "de_AT".
    const m = /^([a-z]{2})(?:[-_].*)?$/i.exec((tag || '').trim());
    if (!m) continue;
    const code = m[1].toLowerCase();
    if (code === 'en') return null;
    if (WORDS[code]) return [code, WORDS[code]];
  }
  return null;
}
const language = spoken();
if (language) {
  document.documentElement.lang = language[0];
  const text = document.getElementById('loading-text');
  if (text) text.textContent = language[1]['boot.loading'];
}

try {
  // The module's glue, which its workers import too (src/ui/channel.rs).
  const glue = new URL(boot.dataset.js, base).href;
  const game = await import(glue);
  await game.default({ module_or_path: new URL(boot.dataset.wasm, base) });
  game.start_page(glue);
} catch (e) {
  // The loading sign (index.html) says what went wrong, in plain words.
  const text = document.getElementById('loading-text');
  if (text) {
    text.textContent = language?.[1]['boot.failed']
      || 'The game could not start in this browser (it needs WebAssembly). Reload the page to try again.';
  }
  document.querySelector('#loading .spinner')?.remove();
  throw e;
}

// Offline play: sw.js sits at the root of dist/, so its scope is the game's
// folder wherever that is hosted. Registered once the game runs, so that
// precaching does not compete with the first load. Needs a secure context
// (https or localhost); elsewhere the game simply works online only.
if ('serviceWorker' in navigator) {
  // A new version installed while an older one runs this page waits (sw.js):
  // the page is told (the event `the-city-update`, src/ui/update.rs), and
  // its "Reload to update" calls theCityUpdate: the waiting worker takes
  // over, then the page reloads into the new build. (The game in play is
  // saved after every decision, and this tab opens it again.)
  let waiting = null;
  const offer = (worker) => {
    waiting = worker;
    window.dispatchEvent(new Event('the-city-update'));
  };
  window.theCityUpdate = () => {
    if (!waiting || waiting.state === 'redundant') {
      location.reload();
      return;
    }
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (!reloading) {
        reloading = true;
        location.reload();
      }
    });
    waiting.postMessage('skip-waiting');
  };
  // (Installed while a worker controls the page: an update, not the first visit.)
  const watch = (worker) => worker && worker.addEventListener('statechange', () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
  });
  navigator.serviceWorker
    .register(new URL('sw.js', base), { scope: new URL('./', base).href })
    .then((reg) => {
      if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
      watch(reg.installing);
      reg.addEventListener('updatefound', () => watch(reg.installing));
      // A tab kept open for days hears of a deploy too.
      setInterval(() => reg.update().catch(() => {}), 60 * 60 * 1000);
    })
    .catch((e) => console.warn('offline play unavailable:', e));
  // The first visit fetched its language's file (src/ui/language.rs) before
  // the service worker took the page: fetched again through it, it is kept,
  // and the language works offline too.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const lang = document.documentElement.lang;
    if (/^[a-z]{2}$/.test(lang) && lang !== 'en') {
      fetch(new URL(`static/lang/${lang}.txt`, base)).catch(() => {});
    }
  });
}
