// The end-to-end harness without the test runner: a tiny static server of
// dist/, Chromium through playwright-core (from .tools/node_modules), a page
// that records every console error, page error, failed request and HTTP
// error, the axe audit and the moves of a game. The test suite's fixtures
// (fixtures.js) are built on it; the measurement scripts (measure.js,
// trace_computer.js) use it directly.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.resolve(process.env.DIST || path.join(ROOT, 'dist'));
const ARTIFACTS = path.join(__dirname, 'artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// Debian's Chromium, as the tests run it (the test runner's config too).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

// Serves DIST (or `options.dist`) on a free 127.0.0.1 port (or
// `options.port`): at / by default, or only under `options.prefix` (like
// '/some/path/'), or under each of `options.prefixes`; with
// `options.redirect`, a prefix asked for without its final slash is
// redirected to it (301). Calls
// `options.onRequest(method, url)` for every request. Resolves to
// { server, origin, stop }, where `stop()` closes the server and every open
// connection (resolves when it is down; a second call does nothing).
function startServer(options = {}) {
  const prefixes = options.prefixes || [options.prefix || '/'];
  const dist = options.dist ? path.resolve(options.dist) : DIST;
  const server = http.createServer((req, res) => {
    if (options.onRequest) options.onRequest(req.method, req.url);
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (options.redirect && prefixes.some((p) => p !== '/' && urlPath === p.slice(0, -1))) {
      res.writeHead(301, { Location: `${urlPath}/` }).end();
      return;
    }
    // The longest prefix that holds the path.
    const prefix = prefixes.filter((p) => urlPath.startsWith(p)).sort((a, b) => b.length - a.length)[0];
    if (!prefix) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    urlPath = '/' + urlPath.slice(prefix.length);
    if (urlPath.endsWith('/')) urlPath += 'index.html';
    const file = path.join(dist, path.normalize(urlPath));
    if (file !== dist && !file.startsWith(dist + path.sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(data);
    });
  });
  let stopped = null;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port || 0, '127.0.0.1', () =>
      resolve({
        server,
        origin: `http://127.0.0.1:${server.address().port}`,
        stop: () => {
          if (!stopped) {
            stopped = new Promise((done) => {
              server.close(() => done());
              server.closeAllConnections();
            });
          }
          return stopped;
        },
      }));
  });
}

// Chromium for the scripts (the test suite's is the runner's `browser`).
function launch() {
  const { chromium } = require(path.join(ROOT, '.tools', 'node_modules', 'playwright-core'));
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

// Chrome's warnings about how the page loads: a preload whose `integrity`
// it ignores, a preload not used, a resource blocked by its integrity.
const LOAD_WARNING = /preload|integrity/i;

// Records the problems of `page` into `problems`: console errors, the
// page's loading warnings, page errors, failed requests, HTTP errors and
// its workers' console errors, but those `ignore` (a RegExp) matches.
// `onProblem(text)` is called for each too.
//
// A load cut short by the test is no failure of the page: one aborted
// (net::ERR_ABORTED) once the test has navigated the page elsewhere (a
// goto or reload begun, or committed, after it: the page's and its workers'
// loads in flight are cancelled), or closed it or its context.
function watchPage(page, problems, { ignore = null, onProblem = () => {} } = {}) {
  const add = (text) => {
    if (ignore && ignore.test(text)) return;
    problems.push(text);
    onProblem(text);
  };
  let seq = 0;
  const order = new WeakMap();
  let navigated = 0;
  let closing = false;
  for (const owner of [page, page.context()]) {
    const close = owner.close.bind(owner);
    owner.close = (...args) => {
      closing = true;
      return close(...args);
    };
  }
  // The main frame's navigation under way (begun, not yet committed).
  let leaving = null;
  page.on('request', (req) => {
    order.set(req, ++seq);
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) {
      navigated = seq;
      leaving = req;
    }
  });
  // Until the new document commits, the old one and its workers still run
  // and may start loads (a worker fetching its chunk) that the commit
  // cancels: those too were cut short by the navigation.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) {
      navigated = ++seq;
      leaving = null;
    }
  });
  // A load the old document started after the navigation's request and
  // that the commit cancels may be reported failed before the commit is
  // (seen once in CI: a worker's chunks during a reload): a load aborted
  // while the main frame is leaving is cut short too.
  const cutShort = (req) => {
    const failure = req.failure();
    return !!failure && failure.errorText === 'net::ERR_ABORTED'
      && (closing || (leaving !== null && req !== leaving) || (order.has(req) && order.get(req) < navigated));
  };
  page.on('console', (msg) => {
    if (msg.type() === 'error') add(`console error: ${msg.text()}`);
    // The page's own loading warnings (a preload unused or its integrity
    // ignored) are problems too; warnings of the game's own are not.
    if (msg.type() === 'warning' && LOAD_WARNING.test(msg.text())) add(`console warning: ${msg.text()}`);
  });
  page.on('pageerror', (err) => add(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    if (req === leaving) leaving = null;
    // A revoked blob: URL after a download is not a failure of the page.
    if (req.url().startsWith('blob:')) return;
    if (cutShort(req)) return;
    // The browser fetches the favicon on its own and cancels it when the
    // page reloads or navigates (seen under load): not the page's failure.
    if (/\/favicon[^/]*\.svg$/.test(req.url()) && req.failure()
        && req.failure().errorText === 'net::ERR_ABORTED') return;
    add(`request failed: ${req.url()} (${req.failure() && req.failure().errorText})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) add(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.on('worker', (worker) => {
    worker.on('console', (msg) => {
      if (msg.type() === 'error') add(`worker console error: ${msg.text()}`);
    });
  });
  return problems;
}

// The context options every page of the tests starts from (a test or a
// project overrides them).
const CONTEXT_DEFAULTS = {
  viewport: { width: 1280, height: 800 },
  acceptDownloads: true,
  deviceScaleFactor: 1,
  hasTouch: false,
  isMobile: false,
};

// A new context and page of `browser` whose problems are collected into the
// returned `problems` array (for the scripts; the tests have the `open`
// fixture).
async function openPage(browser, options = {}) {
  const context = await browser.newContext({ ...CONTEXT_DEFAULTS, ...options });
  const page = await context.newPage();
  const problems = watchPage(page, []);
  return { context, page, problems };
}

function gzipSize(file) {
  const zlib = require('node:zlib');
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

// Stops a script when DIST holds no build (or lacks one of `files`).
function requireBuild(...files) {
  const missing = ['index.html', ...files].filter((f) => !fs.existsSync(path.join(DIST, f)));
  if (missing.length) {
    throw new Error(`no ${missing.map((f) => path.join(DIST, f)).join(', ')}: run \`node scripts/site.js\` first`);
  }
}

// Runs a script's `main`, which resolves to its exit code; an error fails
// the script.
function runMain(main) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

// Evaluates `fn` (which may be async) in `page` every `interval` ms until it
// returns true; resolves to true, or to false after `timeout` ms.
// (page.waitForFunction cannot wait for an async function: the promise it
// returns is an object, so a true value at once.)
async function until(page, fn, arg, { timeout = 30000, interval = 200 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    if ((await page.evaluate(fn, arg)) === true) return true;
    if (Date.now() >= end) return false;
    await page.waitForTimeout(interval);
  }
}

// ------------------------------------------------ checks and moves in a game

// The game in play (its data-decision, data-turn, data-version, data-computer).
const PLAY = '[data-testid=play]';

// The decision the game in play waits for (`place`, `follower`, ..., `over`).
async function decision(page) {
  return page.getAttribute(PLAY, 'data-decision');
}

async function version(page) {
  return page.getAttribute(PLAY, 'data-version');
}

// Waits until the game has moved on from version `v`.
async function moved(page, v, timeout = 30000) {
  await page.waitForFunction(
    ([sel, v0]) => document.querySelector(sel).dataset.version !== v0,
    [PLAY, v],
    { timeout },
  );
}

// Opens the new-game form at `url` (the site's root by default).
async function newGameForm(page, url) {
  await page.goto(url, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
}

// Fills the new-game form (on screen) for The City: seat names `names`,
// `players` seats (2 or more), the short stacks (8 6 6) when `short`, and a
// `seed` under Advanced. Starts the game when `start` and waits for it.
async function cityForm(page, { names = [], players = 2, short = true, seed, start = true } = {}) {
  for (let k = 2; k < players; k++) await page.click('[data-testid=add-seat]');
  for (let i = 0; i < names.length; i++) await page.fill(`[data-testid=name-${i}]`, names[i]);
  if (short) await page.click('[data-testid=preset-short]');
  if (seed !== undefined) {
    await page.click('.advanced summary');
    await page.fill('[data-testid=seed]', String(seed));
  }
  if (start) await startGame(page);
}

// Clicks "Found the city" (or "Start the game") and waits for the game.
async function startGame(page, timeout = 30000) {
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(PLAY, { timeout });
}

// Fills the new-game form (on screen) for classic Carcassonne with The City
// Gates and Old City (the base game alone when `expansions` is false):
// `players` seats (2 or more, named `names` if given), a pile of the first
// `tiles` tiles, and a `seed` under Advanced (whose fold, Old City's parts
// included, is then open). The caller starts the game.
async function classicForm(page, { players = 2, names = [], tiles, seed, expansions = true } = {}) {
  await page.check('[data-testid=game-classic]');
  await page.waitForSelector('[data-testid=expansions]');
  if (expansions) {
    await page.check('[data-testid=expansion-city-gates]');
    await page.check('[data-testid=expansion-old-city]');
  }
  for (let k = 2; k < players; k++) await page.click('[data-testid=add-seat]');
  for (let i = 0; i < names.length; i++) await page.fill(`[data-testid=name-${i}]`, names[i]);
  if (tiles !== undefined) await page.fill('[data-testid=classic-tiles]', String(tiles));
  if (seed !== undefined) {
    await page.click('.advanced summary');
    await page.fill('[data-testid=seed]', String(seed));
    await page.waitForSelector('[data-testid=old-city-parts]');
  }
}

// Seats played on friends' devices (a game on several devices): `devices[i]`
// is the friend's device number of seat i (0: played here, left as it is).
async function friendSeats(page, devices) {
  for (let i = 0; i < devices.length; i++) {
    if (!devices[i]) continue;
    await page.selectOption(`[data-testid=kind-${i}]`, 'friend');
    await page.selectOption(`[data-testid=friend-${i}]`, String(devices[i]));
  }
}

// Live play (live, star_live specs): every data channel the page makes,
// for the test to close one, and every peer connection (`__name`: whose
// device it is, if given).
function recordChannels(context, name) {
  return context.addInitScript((n) => {
    window.__name = n;
    window.__channels = [];
    window.__peers = [];
    // The session descriptions the page was handed: the other device's
    // candidates as its signal carried them.
    window.__remote = [];
    const P = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends P {
      constructor(...a) {
        super(...a);
        window.__peers.push(this);
      }
      setRemoteDescription(d, ...a) {
        if (d && d.sdp) window.__remote.push(d.sdp);
        return super.setRemoteDescription(d, ...a);
      }
      createDataChannel(...a) {
        const c = super.createDataChannel(...a);
        window.__channels.push(c);
        return c;
      }
    };
  }, name);
}

// "Start" on a form the game refuses: the form's errors, read.
async function refusedStart(page) {
  await page.click('[data-testid=start-game]');
  await page.waitForSelector('[data-testid=setup-errors]', { timeout: 20000 });
  return page.textContent('[data-testid=setup-errors]');
}

// Leaves the game in play for the first screen: "New game", then "Leave
// it" when the page asks (its own dialog, no confirm()); waits for `wait`
// (the new-game form by default).
async function leave(page, wait = '[data-testid=new-game-form]') {
  await page.click('[data-testid=leave]');
  const yes = await page.waitForSelector('[data-testid=leave-yes]', { timeout: 2000 }).catch(() => null);
  if (yes) await yes.click();
  await page.waitForSelector(wait, { timeout: 30000 });
}

// Waits until it is a person's decision (not the computer's) or the game is
// over. Polled every 50 ms, not on every animation frame (Playwright's
// default): the poll runs on the page's main thread, whose long tasks some
// tests measure while the computer thinks.
async function humansTurn(page, timeout = 30000) {
  await page.waitForFunction(
    (sel) => {
      const p = document.querySelector(sel);
      return p && (p.dataset.computer === 'false' || p.dataset.decision === 'over');
    },
    PLAY,
    { timeout, polling: 50 },
  );
}

// Plays a person's decisions by clicks until the computer is to move or the
// next tile is to be placed.
async function humanTurn(page) {
  do {
    await clickDecision(page);
  } while (
    (await page.getAttribute(PLAY, 'data-computer')) === 'false' &&
    !['place', 'over'].includes(await decision(page))
  );
}

// How `city ARGS…` is run: the binary CITY names, else the debug build's
// (the test command builds it before the e2e step), else `cargo run`
// (which may build it first).
function cityCommand(args) {
  const built = path.join(ROOT, 'target', 'debug', 'city');
  if (process.env.CITY) return [process.env.CITY, args];
  return fs.existsSync(built) ? [built, args] : ['cargo', ['run', '--quiet', '--bin', 'city', '--', ...args]];
}

// `city ARGS…`'s output; throws when it fails.
function city(args) {
  const { execFileSync } = require('node:child_process');
  const [cmd, all] = cityCommand(args);
  return execFileSync(cmd, all, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

// `city replay FILE`'s JSON summary of a record (a promise).
function cityReplay(file) {
  const { execFile } = require('node:child_process');
  const [cmd, args] = cityCommand(['replay', file]);
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.join(' ')}: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

// The notices on the page (their text).
async function notices(page) {
  return page.$$eval('[data-testid=notice]', (els) => els.map((e) => e.textContent));
}

// "Copy link": the game's link from the share popover (left open).
// The game's link, as "Copy link" shows it; `close`: the dialog closed after.
async function copyLink(page, { close = false } = {}) {
  await page.click('[data-testid=copy-link]');
  await page.waitForSelector('[data-testid=share-link]', { timeout: 20000 });
  const link = await page.inputValue('[data-testid=share-link]');
  if (close) await page.click('[data-testid=share-close]');
  return link;
}

// The first space the tile fits as it is turned, in the board's view: on a
// touch screen or a small board the camera comes close, to keep the spaces
// a finger wide, and may leave that space out of view; then "Fit" shows the
// whole board first (the same space is taken, so a game goes as it went).
// `tap`: tapped (a touch screen), else clicked.
async function legalCell(page, { tap = false } = {}) {
  const sel = '[data-cell][data-legal=now]';
  const shown = await page.$eval(sel, (e) => {
    const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  });
  if (!shown) await (tap ? page.tap('[data-testid=fit]') : page.click('[data-testid=fit]'));
  return page.$(sel);
}

// One decision by clicks, taking the first legal target: the first glowing
// space, no guard, no tower; a follower on the first ring when `follower`
// (else none). Resolves when the game has moved on.
async function clickDecision(page, { follower = false } = {}) {
  const d = await page.getAttribute(PLAY, 'data-decision');
  const v = await version(page);
  switch (d) {
    case 'place':
      await (await legalCell(page)).click();
      await page.waitForSelector('[data-testid=ghost]');
      await page.click('[data-testid=confirm]');
      break;
    case 'follower': {
      const region = follower && (await page.$('[data-testid=region-target]'));
      if (region) await region.click();
      else await page.click('[data-testid=no-follower]');
      break;
    }
    case 'gate':
    case 'wall':
      await page.click('[data-testid=side-target]');
      break;
    case 'guard':
      await page.click('[data-testid=guard-no]');
      break;
    case 'tower':
      await page.click('[data-testid=tower-none]');
      break;
    // Classic Carcassonne with Old City.
    case 'guesthouse':
      await page.click('[data-testid=no-guesthouse]');
      break;
    case 'wyvern':
      await page.click('[data-testid=tile-target]');
      break;
    default:
      throw new Error(`unexpected decision ${d}`);
  }
  await moved(page, v);
}

// axe-core on the page as it is, as one check through `check`: no serious
// or critical violation (the minor ones named in the check's line).
let axeSource = null;
async function axeAudit(page, name, check) {
  await axeAudit.load(page);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = found.filter((v) => !bad.includes(v)).map((v) => `${v.id} (${v.impact})`);
  check(`axe: no serious or critical violation on ${name}${minor.length ? ` (also: ${minor.join(', ')})` : ''}`,
    bad.length === 0, JSON.stringify(bad, null, 1));
}
// Puts axe-core into the page (for a check of a rule of its own), unless
// the document has it already.
axeAudit.load = async (page) => {
  if (await page.evaluate(() => typeof window.axe === 'object')) return;
  if (axeSource === null) {
    axeSource = fs.readFileSync(path.join(ROOT, '.tools', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  }
  await page.evaluate(axeSource);
};

// The game's result overlay closed, if it is shown (once closed, it stays).
async function closeResult(page) {
  if ((await decision(page)) !== 'over') return;
  const button = await page.waitForSelector('[data-testid=view-board]', { timeout: 3000 }).catch(() => null);
  if (button) await button.click();
}

// A device's decisions in a game across devices until it waits for another
// device's link (or the end): a wall's or gate's first end by its own
// click (a deal new each run may lay one end under another's hit area), a
// follower every other decision; with `close`, the result's overlay closed
// at the end.
async function playOn(page, n = 0, { close = true } = {}) {
  for (let d = await decision(page); d !== 'waiting' && d !== 'over'; d = await decision(page)) {
    if (d === 'gate' || d === 'wall') {
      const v = await version(page);
      await page.$eval('[data-testid=side-target]', (e) => e.dispatchEvent(new MouseEvent('click', { bubbles: true })));
      await moved(page, v);
    } else {
      await clickDecision(page, { follower: n % 2 === 0 });
    }
    n++;
  }
  if (close) await closeResult(page);
}

// A link's fragment (without live play's signal beside it: `LINK~SIGNAL`),
// its payload (the CRC-32 left off), and a payload sealed back into a
// link as crates/formats' envelope seals it: for the specs that forge links.
const linkFragment = (link) => link.slice(link.lastIndexOf('#') + 1).split('~')[0];
const payload = (link) => {
  const b = Buffer.from(linkFragment(link), 'base64url');
  return b.subarray(0, b.length - 4);
};
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function reseal(link, bytes) {
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(bytes));
  return `${link.slice(0, link.lastIndexOf('#') + 1)}${Buffer.concat([bytes, sum]).toString('base64url')}`;
}

// The page's kept DTLS certificate forgotten (as a private window's at a
// reload: `live::certificate` makes a new one on its next load).
function forgetCertificate(page) {
  return page.evaluate(() => new Promise((done) => {
    const open = indexedDB.open('the-city-live', 1);
    open.onsuccess = () => {
      const tx = open.result.transaction('keys', 'readwrite');
      tx.objectStore('keys').delete('certificate');
      tx.oncomplete = () => { open.result.close(); done(); };
      tx.onerror = () => done();
    };
    open.onerror = () => done();
  }));
}

module.exports = {
  ROOT, DIST, ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, MIME, CONTEXT_DEFAULTS, LOAD_WARNING,
  startServer, launch, watchPage, openPage, gzipSize, requireBuild, runMain, until,
  PLAY, decision, version, moved, newGameForm, cityForm, startGame, classicForm, friendSeats, leave,
  humansTurn, humanTurn, city, cityReplay, notices, copyLink, legalCell, clickDecision, axeAudit,
  playOn, closeResult, linkFragment, payload, reseal, recordChannels, refusedStart, forgetCertificate,
};
