// Smoke test of the built game (dist/, from `node scripts/site.js`).
//
// Serves dist/ both at / and under /some/path/ (the build uses relative
// URLs, so both must work), opens each in headless Chromium, waits for the
// Yew app and for the engine Web Worker's answer, takes a screenshot into
// tests/e2e/artifacts/, and fails on any console error, warning about its
// loading (preloads, integrity), page error, failed request or HTTP error.
// Also checks that the shipped page (wasm + js + css, gzipped) is within its
// budget (build.js).
'use strict';

const path = require('node:path');
const { test, ARTIFACTS } = require('./fixtures.js');
const { ENGINE_WORKER_SCRIPT, CORRESPONDENCE_FILES, sizeChecks } = require('./build.js');
const { PLAY, newGameForm, cityForm, startGame, copyLink } = require('./fixtures.js');

const SUB_PATH = '/some/path/';
const TIMEOUT_MS = 30000;

// What a visit downloads (docs/loading.md): a build over either measure
// fails here, not only in scripts/cold-visit.sh's figures.
test('what a visit downloads is within its measures', async ({ check }) => {
  const size = sizeChecks(check);
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`before the form ${kib(size.first_gzip)} gzipped; for offline play ${kib(size.offline_gzip)}; `
    + `the chunks ${Object.entries(size.chunks).map(([k, v]) => `${k} ${kib(v)}`).join(', ')}`);
});

// Loads the game at `url` and checks it; resolves to what went wrong (empty
// when nothing). `settle`: how long to wait for late problems (Chrome says a
// preload went unused 3 s after the page's load).
async function checkPage(open, url, shotName, settle) {
  const { page, problems } = await open({ viewport: { width: 1024, height: 700 } });
  const wrong = [];
  try {
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    const title = await page.textContent('h1', { timeout: TIMEOUT_MS });
    if (title.trim() !== 'Carcassonne') throw new Error(`unexpected title ${JSON.stringify(title)}`);

    const status = page.locator('#worker-status.ready');
    // The status is kept on the page for tests, hidden from players.
    await status.waitFor({ state: 'attached', timeout: TIMEOUT_MS });
    const text = (await status.textContent()).trim();
    if (!text.startsWith('engine worker ready')) throw new Error(`unexpected worker status ${JSON.stringify(text)}`);
    const scope = await status.getAttribute('data-scope');
    if (scope !== 'DedicatedWorkerGlobalScope') throw new Error(`worker answered from ${scope}, not a Web Worker`);
    const workers = page.workers().map((w) => w.url());
    if (!workers.some((u) => u.endsWith(`/${ENGINE_WORKER_SCRIPT}`))) {
      throw new Error(`no ${ENGINE_WORKER_SCRIPT} Web Worker among ${JSON.stringify(workers)}`);
    }
    const expectedBase = new URL('.', url).href;
    if (!workers.every((u) => u.startsWith(expectedBase))) {
      throw new Error(`worker not loaded relative to the page: ${JSON.stringify(workers)}`);
    }

    // The stylesheet applied, and static/ (its files: the language files,
    // the icons) is reachable by a relative URL.
    const styled = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    if (styled === 'rgba(0, 0, 0, 0)' || styled === 'rgb(255, 255, 255)') {
      throw new Error(`style.css not applied (body background ${styled})`);
    }
    const lang = await page.evaluate(async () => {
      const r = await fetch('static/lang/de.txt');
      if (!r.ok) return `HTTP ${r.status}`;
      return (await r.text()).includes('@keys') ? 'ok' : 'not a language file';
    });
    if (lang !== 'ok') throw new Error(`static/lang/de.txt: ${lang}`);

    await page.screenshot({ path: path.join(ARTIFACTS, shotName), fullPage: true });
    // Give late errors (e.g. from the worker) a moment to surface.
    await page.waitForTimeout(settle);
  } catch (err) {
    wrong.push(err.message.split('\n')[0]);
  }
  // (Taken from the page's record: the check below tells them.)
  wrong.push(...problems.splice(0).filter((p) => !wrong.includes(p)));
  return wrong;
}

for (const [name, where, shot, settle] of [
  ['served at /, no console warning about its preloads', '/', 'home-root.png', 4000],
  [`served under ${SUB_PATH}`, SUB_PATH, 'home-subpath.png', 200],
  [`served under ${SUB_PATH} via the slashless URL`, SUB_PATH.slice(0, -1), 'home-subpath-redirect.png', 200],
]) {
  test(name, async ({ serve, open, check }) => {
    const { origin } = await serve({ prefixes: ['/', SUB_PATH], redirect: true });
    const started = Date.now();
    const wrong = await checkPage(open, `${origin}${where}`, shot, settle);
    check(`${name} (${Date.now() - started} ms)`, wrong.length === 0, wrong.join('\n    '));
  });
}

// The code of games with friends on other devices is a chunk of its own
// (src/ui/correspondence.rs, docs/loading.md): a plain visit never fetches
// it; a friend's seat chosen on the form fetches it before Start is
// pressed, a fair game's link opened on another device fetches it, and so
// does a saved fair game, to be listed. One that cannot be fetched is said in words, and the next try fetches it.
test('the correspondence chunk: not on a plain visit; for a friend\'s seat and a fair link; said when it cannot come', async ({ origin, open, check }) => {
  const fetched = (page) => {
    const seen = [];
    // (The page's own requests: the service worker precaches every file.)
    page.on('request', (r) => {
      if (CORRESPONDENCE_FILES.test(r.url()) && !r.serviceWorker()) seen.push(r.url());
    });
    return seen;
  };
  // (No live play: the invitation is the fair game's version 4 link.)
  const byLinksOnly = (context) => context.addInitScript(() => { window.RTCPeerConnection = undefined; });
  const a = await open({ noStun: true });
  await byLinksOnly(a.context);
  const seenA = fetched(a.page);
  await newGameForm(a.page, `${origin}/`);
  await a.page.locator('#worker-status.ready').waitFor({ state: 'attached', timeout: TIMEOUT_MS });
  await a.page.waitForTimeout(1500);
  check('a plain visit does not fetch the correspondence chunk', seenA.length === 0, seenA.join(', '));
  await cityForm(a.page, { names: ['Ann', 'Bob'], start: false });
  const asked = a.page.waitForRequest((r) => CORRESPONDENCE_FILES.test(r.url()) && !r.serviceWorker(),
    { timeout: TIMEOUT_MS });
  await a.page.selectOption('[data-testid=kind-1]', 'friend');
  await asked;
  check('a friend\'s seat fetches it before Start is pressed', seenA.length === 1, seenA.join(', '));
  await startGame(a.page);
  const invitation = await copyLink(a.page, { close: true });
  check('the invitation is a fair game\'s link', /#[A-Za-z0-9_-]+$/.test(invitation), invitation);

  const b = await open({ noStun: true });
  await byLinksOnly(b.context);
  const seenB = fetched(b.page);
  await b.page.goto(invitation, { waitUntil: 'load', timeout: TIMEOUT_MS });
  await b.page.waitForSelector(PLAY, { timeout: TIMEOUT_MS });
  check('opening a fair game\'s link fetches it', seenB.length === 1, seenB.join(', '));
  // Another tab of Bob's browser (no game in play in it): his saved fair
  // game is listed once the chunk, fetched for it, is here; Continue
  // opens it.
  const tab = await b.context.newPage();
  const seenTab = fetched(tab);
  await tab.goto(`${origin}/`, { waitUntil: 'load', timeout: TIMEOUT_MS });
  const listed = await tab.waitForSelector('[data-testid=save-row]', { timeout: TIMEOUT_MS }).then(() => true, () => false);
  check('a saved fair game fetches it to be listed', listed && seenTab.length === 1, seenTab.join(', '));
  await tab.click('[data-testid=save-continue]');
  const continued = await tab.waitForSelector(PLAY, { timeout: TIMEOUT_MS }).then(() => true, () => false);
  check('and opens from the list', continued && (await tab.getAttribute(PLAY, 'data-decision')) === 'waiting');
  await tab.close();

  // The chunk cannot be fetched (offline before the service worker kept
  // it): the link is said not to open, in words, and the next try (the
  // link opened again, online) opens it. (No service worker: it would
  // answer from its cache. The refused load is a failed request: only
  // page errors count.)
  const c = await open({ serviceWorkers: 'block', watch: false });
  await byLinksOnly(c.context);
  const errors = [];
  c.page.on('pageerror', (err) => errors.push(err.message));
  let blocked = true;
  // (Refused after a moment: "Loading…" shows meanwhile.)
  await c.page.route(CORRESPONDENCE_FILES, async (route) => {
    if (!blocked) return route.continue();
    await new Promise((done) => setTimeout(done, 1500));
    return route.abort();
  });
  await c.page.goto(invitation, { waitUntil: 'load', timeout: TIMEOUT_MS });
  const loading = await c.page.waitForSelector('[data-testid=correspondence-loading]', { timeout: TIMEOUT_MS })
    .then((n) => n.textContent(), () => '');
  check('while the chunk loads, the screen says "Loading…"', loading.includes('Loading…'), loading);
  const notice = await c.page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT_MS })
    .then((n) => n.textContent(), () => '');
  check('the chunk not fetched: said in words, nothing opened',
    /could not be loaded/.test(notice) && !(await c.page.$(PLAY)), notice);
  blocked = false;
  await c.page.reload({ waitUntil: 'load', timeout: TIMEOUT_MS });
  const opened = await c.page.waitForSelector(PLAY, { timeout: TIMEOUT_MS }).then(() => true, () => false);
  check('online again, the next try opens the link', opened);
  check('and no page error', errors.length === 0, errors.join('\n    '));
});
