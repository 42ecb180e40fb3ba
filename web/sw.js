// The service worker that lets the game load and play offline after one visit.
// This file is a template: the Trunk post_build hook scripts/precache.sh
// writes dist/sw.js from it, filling in PRECACHE (every file of the build)
// and VERSION (a hash of all of them).
//
// Why a precache list made at build time rather than caching at run time what
// the first visit fetched: the first visit does not fetch everything (the
// engine worker's files come a moment after the page, and a visitor may leave
// before), while the list made from dist/ is complete, so one visit that lets
// the install finish is enough. And one version per build makes a deploy
// atomic: the new worker caches the whole new build under a new name, takes
// over only when no tab runs the old one (no skipWaiting), and then deletes the
// old cache. A tab never mixes files of two builds (worker.js and
// worker_bg.wasm keep their names from build to build, so that would happen).
//
// A new build waiting may be let in by the page (issue 38): web/boot.js
// tells the page a new version is ready and, on its "Reload to update",
// posts 'skip-waiting'; the new worker then takes over (its activate
// deletes the old cache) and the page reloads into the new build. Other
// tabs of the old build are told the same (each sees the worker waiting).
//
// Everything is served cache first, including navigations, which get the
// cached index.html (whatever the query string): offline, and also online,
// the page comes from the cache, and a new deploy shows on the visit after the
// browser has seen the changed sw.js. Requests outside the list go to the
// network, except a language file's, which is kept. Only same-origin GETs
// under this worker's scope are handled.
'use strict';

const VERSION = '__VERSION__';
// The languages other than English (static/lang/) are not precached: each
// visitor needs one at most. The one a page fetches is kept (below), so a
// language chosen once works offline.
const LANG = 'static/lang/';
const PRECACHE = __PRECACHE__.filter((f) => !f.startsWith(`./${LANG}`));

const SCOPE = self.registration.scope;
// Cache names are per origin, so they carry the scope: two copies of the game
// on one host, under different paths, do not delete each other's cache.
const PREFIX = `the-city ${SCOPE} `;
const CACHE = PREFIX + VERSION;
const INDEX = new URL('index.html', SCOPE).href;
const LANG_URL = new URL(LANG, SCOPE).href;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // 'no-cache' revalidates with the server: the HTTP cache may hold an
    // older index.html or worker.js.
    await cache.addAll(PRECACHE.map((f) => new Request(new URL(f, SCOPE).href, { cache: 'no-cache' })));
    // The languages an older version kept, fetched anew for this one (its
    // words may have changed), so they stay offline; a failure leaves the
    // language to be fetched when next chosen.
    const kept = new Set();
    for (const key of await caches.keys()) {
      if (!key.startsWith(PREFIX) || key === CACHE) continue;
      for (const r of await (await caches.open(key)).keys()) {
        if (r.url.startsWith(LANG_URL)) kept.add(r.url);
      }
    }
    await Promise.all([...kept].map((u) => cache.add(new Request(u, { cache: 'no-cache' })).catch(() => {})));
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    // The first visit's page (and its engine worker) come under control at
    // once, without a reload.
    await self.clients.claim();
  })());
});

// The page's "Reload to update" (web/boot.js `theCityUpdate`).
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  const path = url.origin + url.pathname;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (request.mode === 'navigate') {
      const page = (await cache.match(path)) || (path === SCOPE ? await cache.match(INDEX) : undefined);
      if (page) return page;
      try {
        return await fetch(request);
      } catch (err) {
        const index = await cache.match(INDEX);
        if (index) return index;
        throw err;
      }
    }
    const cached = await cache.match(request);
    if (cached) return cached;
    const response = await fetch(request);
    // A language file, kept once fetched.
    if (request.url.startsWith(LANG_URL) && response.ok) await cache.put(request, response.clone());
    return response;
  })());
});
