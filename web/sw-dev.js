// The service worker of a debug build (`trunk serve`, `trunk build` without
// --release), written as dist/sw.js by scripts/precache.sh: no offline cache,
// so that every rebuild shows at once. It removes what a release build's
// worker may have left under this scope, then unregisters itself.
'use strict';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const prefix = `the-city ${self.registration.scope} `;
    for (const key of await caches.keys()) {
      if (key.startsWith(prefix)) await caches.delete(key);
    }
    await self.registration.unregister();
  })());
});
