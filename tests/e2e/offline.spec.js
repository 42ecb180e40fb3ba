// Static hosting under a sub-path, offline play and the
// page's security rules, in headless Chromium on the built site (dist/).
//
// 1. Serves dist/ only under /some/path/ (anything else is a 404), opens the
//    game there, waits for the engine worker's answer, starts a game whose
//    first player is named `<img src=x onerror=_x=1>` (after checking that
//    the form refuses `<img src=x onerror="window.__xss=1">` and shows it as
//    text) and plays a few decisions (placing tiles, zooming and panning).
// 2. Waits until the service worker controls the page and its cache holds
//    every file of dist/, stops the server (and checks that a fresh browser
//    context now cannot load the page), reloads, and plays again: the game,
//    its worker and a new game must work with the network gone. A second tab
//    opened offline with a query string must load too.
// 3. Throughout: the name shows as literal text and `window.__xss` and
//    `window._x` stay undefined; no Content-Security-Policy violation (a `securitypolicyviolation`
//    listener installed before any script) — and, as a control, the policy
//    does block an inline event handler and an inline style attribute;
//    every request of the page, its workers and the service worker goes to
//    the page's own origin; no console error, page error, failed request or
//    HTTP error.
//
// 4. A new deploy: a copy of dist/ with one file changed and sw.js written
//    again by scripts/precache.sh (which must give the same sw.js for the
//    same files, run twice or not, and a new version for changed ones) is
//    served on the same origin; once the old tabs are closed the new service
//    worker takes over, serves the new file and deletes the old cache.
//
// The test stops its server: it has its own (the `serve` fixture).
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const {
  test, check, ROOT, DIST, ARTIFACTS, PLAY: play, clickDecision, classicForm, until,
} = require('./fixtures.js');
const { ENGINE_WORKER_FILES, precachedFiles } = require('./build.js');

const PREFIX = '/some/path/';
const TIMEOUT = 30000;
// The engine takes names of at most 24 characters without quotes, so the
// issue's `<img src=x onerror="window.__xss=1">` is refused by the new-game
// form (its error message, which quotes the name, must show it as text), and
// the game is played with the longest such markup that is a valid name.
const XSS_REFUSED = '<img src=x onerror="window.__xss=1">';
const XSS_NAME = '<img src=x onerror=_x=1>';


// Installed before any script of the page: records CSP violations.
function recordViolations() {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
  });
}

// Waits for the new-game screen and the engine worker's answer. A page that
// resumed an autosaved game leaves it for the new-game screen first.
async function workerReady(page) {
  await page.waitForSelector(`${play}, [data-testid=new-game-form]`, { timeout: TIMEOUT });
  if (await page.$(play)) {
    await page.click('[data-testid=leave]');
    // A game in progress asks first (a dialog of the page: no confirm()).
    const yes = await page.waitForSelector('[data-testid=leave-yes]', { timeout: 2000 }).catch(() => null);
    if (yes) await yes.click();
  }
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: TIMEOUT });
  const status = page.locator('#worker-status.ready');
  await status.waitFor({ state: 'attached', timeout: TIMEOUT });
  return (await status.textContent()).trim();
}

// Types a name into seat 0. The input's maxlength (24) would cut a longer
// name, so the value is set as a script (or a paste) could, and the app's
// input handler takes it.
async function setName(page, name) {
  await page.$eval('[data-testid=name-0]', (el, v) => {
    el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, name);
}

async function noScriptRan(page) {
  return page.evaluate(() => typeof window.__xss === 'undefined' && typeof window._x === 'undefined');
}

// Starts a 2-player game with the short stacks from the new-game screen.
async function startGame(page, firstName) {
  await setName(page, firstName);
  await page.click('[data-testid=preset-short]');
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

// The form refuses the name and quotes it, as text, in its error.
async function refusedName(page) {
  await setName(page, XSS_REFUSED);
  await page.click('[data-testid=start-game]');
  const errors = page.locator('[data-testid=setup-errors]');
  await errors.waitFor({ timeout: TIMEOUT });
  const text = await errors.textContent();
  const imgs = await page.$$eval('[data-testid=new-game-form] img', (els) => els.length);
  check('the form refuses the name `<img src=x onerror="window.__xss=1">` and quotes it as text',
    text.includes('<img src=x onerror=') && imgs === 0 && (await noScriptRan(page)) && !(await page.$(play)),
    `errors ${JSON.stringify(text)}, ${imgs} img elements`);
}

// Places one tile and plays on until `n` decisions have been taken.
async function playSome(page, n) {
  const before = Number(await page.getAttribute('.tiles', 'data-count'));
  for (let i = 0; i < n && (await page.$(play)) && (await page.getAttribute(play, 'data-decision')); i++) {
    await clickDecision(page, { follower: true });
  }
  const after = Number(await page.getAttribute('.tiles', 'data-count'));
  return { before, after };
}

// The wheel zooms and a drag pans: both restyle the board while they last.
async function zoomAndPan(page) {
  const box = await page.locator('[data-testid=board]').boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const vb0 = await page.getAttribute('[data-testid=board]', 'viewBox');
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction((v) => document.querySelector('[data-testid=board]').getAttribute('viewBox') !== v,
    vb0, { timeout: TIMEOUT });
  const vb1 = await page.getAttribute('[data-testid=board]', 'viewBox');
  await page.mouse.move(x + 20, y + 20);
  await page.mouse.down();
  await page.mouse.move(x + 100, y + 60, { steps: 6 });
  await page.mouse.up();
  await page.waitForFunction((v) => document.querySelector('[data-testid=board]').getAttribute('viewBox') !== v,
    vb1, { timeout: TIMEOUT });
  await page.click('[data-testid=fit]');
}

async function nameChecks(page, label) {
  const shown = await page.textContent('[data-testid=player-0] .player-name');
  check(`${label}: the player name shows as literal text`, shown === XSS_NAME, `got ${JSON.stringify(shown)}`);
  const logged = await page.$$eval('.log-who', (els) => els.map((e) => e.textContent.trim()));
  check(`${label}: and so in the chronicle`, logged.includes(XSS_NAME), JSON.stringify(logged));
  const imgs = await page.$$eval('[data-testid=play] img', (els) => els.length);
  check(`${label}: the name made no element and ran no script`, imgs === 0 && (await noScriptRan(page)),
    `${imgs} img elements`);
}

// The web manifest: linked, valid, the game's folder as start and scope,
// colours of static/style.css, and icons that load.
async function manifestChecks(page, url) {
  const m = await page.evaluate(async () => {
    const href = document.querySelector('link[rel=manifest]').href;
    const json = await (await fetch(href)).json();
    const icons = [];
    for (const i of json.icons || []) {
      const res = await fetch(new URL(i.src, href));
      const size = (await res.arrayBuffer()).byteLength;
      icons.push(`${i.src} ${i.sizes} ${res.status} ${res.headers.get('content-type')} ${size} bytes`);
    }
    return {
      json,
      start: new URL(json.start_url, href).href,
      scope: new URL(json.scope, href).href,
      icons,
    };
  });
  const css = fs.readFileSync(path.join(ROOT, 'static', 'style.css'), 'utf8');
  check('the web manifest names the game, starts and stays in its folder, standalone',
    m.json.name === 'Carcassonne' && m.json.short_name && m.start === url && m.scope === url
      && m.json.display === 'standalone', JSON.stringify(m));
  check('its colours are the style sheet\'s parchment and wall',
    css.includes(`--parchment: ${m.json.background_color};`) && css.includes(`--wall: ${m.json.theme_color};`),
    `${m.json.background_color} ${m.json.theme_color}`);
  check('its icons load (an SVG for any size, PNGs of 192 and 512)',
    m.icons.length === 3 && m.icons.every((i) => / 200 image\/.* [1-9]\d* bytes$/.test(i)) && m.icons.some((i) => i.includes(' any '))
      && m.icons.some((i) => i.includes('512x512')), m.icons.join(', '));
}

async function violations(page) {
  return page.evaluate(() => window.__csp.slice());
}

// scripts/precache.sh run on `dir` as Trunk's post_build hook would.
function precache(dir) {
  execFileSync('bash', [path.join(ROOT, 'scripts', 'precache.sh')], {
    env: { ...process.env, TRUNK_PROFILE: 'release', TRUNK_SOURCE_DIR: ROOT, TRUNK_STAGING_DIR: dir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
}

function swVersion(text) {
  const m = /const VERSION = '([0-9a-f]+)';/.exec(text);
  return m ? m[1] : null;
}

// The names of this scope's caches, seen from `page`.
async function cacheNames(page, scope) {
  return page.evaluate(async (s) => (await caches.keys()).filter((k) => k.includes(s)), scope);
}

function isDown(origin) {
  return new Promise((resolve) => {
    const req = http.get(`${origin}${PREFIX}`, (res) => {
      res.resume();
      resolve(false);
    });
    req.on('error', () => resolve(true));
    req.setTimeout(3000, () => {
      req.destroy();
      resolve(true);
    });
  });
}

test('under a sub-path, offline, safe, and a new deploy', async ({ serve, open }) => {
  test.setTimeout(300000);
  const files = precachedFiles();
  const served = [];
  let { origin, stop } = await serve({ prefix: PREFIX, onRequest: (m, u) => served.push(u) });
  const url = `${origin}${PREFIX}`;
  const { context, page, problems } = await open();
  await context.addInitScript(recordViolations);
  // Every request: the page's, its workers' and (where Chromium reports
  // them) the service worker's.
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('worker', (w) => requests.push(w.url()));
  const foreign = () => requests.filter((u) => {
    try {
      return new URL(u).origin !== origin && !u.startsWith('blob:') && !u.startsWith('data:');
    } catch {
      return true;
    }
  });

  // ---------------------------------------------------------- 1. sub-path
  await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT });
  const ready = await workerReady(page);
  check('under /some/path/: the engine worker answers', ready.startsWith('engine worker ready'), ready);
  await refusedName(page);
  await manifestChecks(page, url);
  await startGame(page, XSS_NAME);
  await zoomAndPan(page);
  const online = await playSome(page, 8);
  check('under /some/path/: tiles are placed', online.after > online.before, JSON.stringify(online));
  await nameChecks(page, 'after some moves');
  await page.screenshot({ path: path.join(ARTIFACTS, 'offline-subpath.png') });
  check('under /some/path/: only files of the sub-path were asked for',
    served.every((u) => u.startsWith(PREFIX)), served.filter((u) => !u.startsWith(PREFIX)).join(', '));
  check('the request log sees the engine worker\'s files',
    ENGINE_WORKER_FILES.every((f) => requests.some((u) => f.test(u))),
    requests.join('\n    '));

  // ------------------------------------------------- 2. service worker, offline
  const controlled = await page.waitForFunction(() => !!navigator.serviceWorker.controller, null,
    { timeout: TIMEOUT }).then(() => true, () => false);
  check('the service worker controls the page after one visit', controlled);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  check('its scope is the game\'s folder', scope === url, scope);
  let missing = files;
  const deadline = Date.now() + TIMEOUT;
  while (Date.now() < deadline) {
    missing = await page.evaluate(async ([list, base]) => {
      const out = [];
      for (const f of list) {
        if (!(await caches.match(new URL(f, base).href))) out.push(f);
      }
      return out;
    }, [files, scope]);
    if (missing.length === 0) break;
    await page.waitForTimeout(200);
  }
  check(`its cache holds all ${files.length} files of dist/`, missing.length === 0, `missing: ${missing.join(', ')}`);

  await stop();
  check('the server is stopped', await isDown(origin));
  const control = await open({ watch: false });
  const cold = await control.page.goto(url, { timeout: TIMEOUT }).then(() => 'loaded', (e) => e.message);
  await control.context.close();
  check('a browser that never visited cannot load the game now', cold !== 'loaded', cold);

  const tilesBefore = Number(await page.getAttribute('.tiles', 'data-count'));
  await page.reload({ waitUntil: 'load', timeout: TIMEOUT });
  // The game in play was autosaved: the reload resumes it, offline.
  await page.waitForSelector(play, { timeout: TIMEOUT });
  const resumed = Number(await page.getAttribute('.tiles', 'data-count'));
  check('offline: the reload resumes the game in play', resumed === tilesBefore, `${resumed} vs ${tilesBefore} tiles`);
  const goOn = await playSome(page, 4);
  check('offline: the resumed game plays on', goOn.after >= goOn.before && (await page.getAttribute(play, 'data-version')) !== null,
    JSON.stringify(goOn));
  const readyOffline = await workerReady(page);
  check('offline: the page reloads and the engine worker answers',
    readyOffline.startsWith('engine worker ready'), readyOffline);
  await startGame(page, XSS_NAME);
  const offline = await playSome(page, 6);
  check('offline: a new game starts and tiles are placed', offline.after > offline.before, JSON.stringify(offline));
  await nameChecks(page, 'offline');
  await page.screenshot({ path: path.join(ARTIFACTS, 'offline-play.png') });
  // How to play comes from the extras module (src/ui/extras.rs), loaded
  // on demand: from the cache too.
  await page.click('[data-testid=help-button]');
  const helpShown = await page.waitForSelector('[data-testid=help]', { timeout: 20000 }).then(() => true, () => false);
  check('offline: How to play opens (the extras module, loaded on demand, from the cache)',
    helpShown && !(await page.$('[data-testid=extras-failed]')));
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=help]', { state: 'detached', timeout: 20000 });

  // Classic Carcassonne with both expansions, offline, against the
  // computer: its tiles, pieces and moves need nothing from the network.
  await page.click('[data-testid=leave]');
  await page.click('[data-testid=leave-yes]');
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: TIMEOUT });
  await classicForm(page, { tiles: 20 });
  await page.selectOption('[data-testid=kind-1]', 'easy');
  await page.selectOption('[data-testid=new-speed]', 'fast');
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(`${play}[data-ruleset=classic]`, { timeout: TIMEOUT });
  const classicBefore = Number(await page.getAttribute('.tiles', 'data-count'));
  for (let i = 0; i < 8 && (await page.getAttribute(play, 'data-decision')) !== 'over'; i++) {
    // The computer's turns pass by themselves; a person's are clicked.
    const ours = await page.waitForFunction((sel) => {
      const el = document.querySelector(sel);
      if (!el) return false;
      return el.dataset.decision === 'over' ? 'over' : el.dataset.computer === 'false' ? 'ours' : false;
    }, play, { timeout: TIMEOUT });
    if ((await ours.jsonValue()) !== 'ours') break;
    await clickDecision(page, { follower: true });
  }
  const classicAfter = Number(await page.getAttribute('.tiles', 'data-count'));
  check('offline: a classic game against the computer starts and both sides place tiles',
    classicAfter >= classicBefore + 4, `${classicBefore} → ${classicAfter} tiles`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'offline-classic.png') });

  const tab = await context.newPage();
  tab.on('pageerror', (err) => problems.push(`second tab: page error: ${err.message}`));
  await tab.goto(`${url}?from=home-screen`, { waitUntil: 'load', timeout: TIMEOUT });
  // (It resumes the game in play, autosaved by the first tab.)
  const tabLoaded = await tab.waitForSelector(`${play}, [data-testid=new-game-form]`, { timeout: TIMEOUT })
    .then(() => 'loaded', (e) => e.message);
  check('offline: a new tab with a query string loads the game', tabLoaded === 'loaded', tabLoaded);
  check('offline: no CSP violation in the second tab', (await violations(tab)).length === 0,
    (await violations(tab)).join('\n    '));
  await tab.close();

  // ------------------------------------------------------------ 3. security
  const seen = await violations(page);
  check('no Content-Security-Policy violation', seen.length === 0, seen.join('\n    '));
  const resources = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  requests.push(...resources);
  check('every request went to the page\'s own origin', foreign().length === 0, foreign().join('\n    '));
  check('no console error, page error, failed request or HTTP error', problems.length === 0,
    problems.join('\n    '));

  // Controls: the policy really blocks inline script and inline style, and
  // the listener sees it (so the checks above can fail).
  await page.evaluate(() => {
    const div = document.createElement('div');
    div.innerHTML = '<img src="data:," onerror="window._x=2">';
    div.setAttribute('style', 'outline: 1px solid red');
    document.body.append(div);
  });
  await page.waitForTimeout(300);
  const blocked = await violations(page);
  check('control: the policy blocks an inline handler and a style attribute, and the listener sees it',
    blocked.some((v) => v.startsWith('script-src')) && blocked.some((v) => v.startsWith('style-src'))
      && (await noScriptRan(page)),
    blocked.join('\n    '));
  // (The control's own console errors, which the page was meant to have.)
  problems.splice(0);

  // --------------------------------------------------------- 4. new deploy
  const oldSw = fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const next = fs.mkdtempSync(path.join(os.tmpdir(), 'city-deploy-'));
  fs.cpSync(DIST, next, { recursive: true });
  check('precache.sh gives the same sw.js for the same build', precache(next) === oldSw);
  fs.appendFileSync(path.join(next, 'boot.js'), '\n// the next deploy\n');
  const newSw = precache(next);
  check('precache.sh is idempotent and versions a changed build anew',
    precache(next) === newSw && swVersion(newSw) && swVersion(newSw) !== swVersion(oldSw),
    `${swVersion(oldSw)} -> ${swVersion(newSw)}`);
  const port = new URL(origin).port;
  ({ origin, stop } = await serve({ prefix: PREFIX, dist: next, port: Number(port) }));
  const before = await cacheNames(page, scope);
  // A visit lets the browser see the changed sw.js; the new worker installs
  // and waits while a tab runs the old build.
  await page.reload({ waitUntil: 'load', timeout: TIMEOUT });
  const waiting = await until(page, async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return !!(reg && reg.waiting && reg.active === navigator.serviceWorker.controller);
  }, null, { timeout: TIMEOUT });
  check('a new deploy installs a new service worker, which waits', waiting);
  // Close every tab of the game; watch from a page of the origin outside the
  // game's scope (a 404), which no service worker controls.
  await page.close();
  const fresh = await context.newPage();
  fresh.on('pageerror', (err) => problems.push(`after the deploy: page error: ${err.message}`));
  fresh.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().includes('404')) problems.push(`after the deploy: ${msg.text()}`);
  });
  await fresh.goto(`${origin}/outside-the-game`, { timeout: TIMEOUT });
  let after = [];
  const deadline2 = Date.now() + TIMEOUT;
  while (Date.now() < deadline2) {
    after = await cacheNames(fresh, scope);
    if (after.length === 1 && after[0].endsWith(swVersion(newSw))) break;
    await fresh.waitForTimeout(200);
  }
  check('once the old tabs are gone, the new build\'s cache replaces the old one',
    before.length === 1 && before[0].endsWith(swVersion(oldSw)) && after.length === 1
      && after[0].endsWith(swVersion(newSw)),
    `${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
  await stop();
  await fresh.goto(url, { waitUntil: 'load', timeout: TIMEOUT });
  const readyNew = await workerReady(fresh);
  const boot = await fresh.evaluate(async () => (await fetch('boot.js')).text());
  check('offline again, the new build loads and serves its own files',
    readyNew.startsWith('engine worker ready') && boot.includes('// the next deploy'), readyNew);
  check('no error after the deploy', problems.length === 0, problems.join('\n    '));
  fs.rmSync(next, { recursive: true, force: true });
});
