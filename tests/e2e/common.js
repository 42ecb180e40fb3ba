// Shared by the e2e scripts: a tiny static server of dist/, Chromium through
// playwright-core (from .tools/node_modules), and a page that records every
// console error, page error, failed request and HTTP error.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.resolve(process.env.DIST || path.join(ROOT, 'dist'));
const ARTIFACTS = path.join(__dirname, 'artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const { chromium } = require(path.join(ROOT, '.tools', 'node_modules', 'playwright-core'));

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

// Serves DIST (or `options.dist`) at / on a free 127.0.0.1 port (or
// `options.port`), or only under `options.prefix` (like '/some/path/') when
// given; calls `options.onRequest(method, url)` for every request. Resolves to { server, origin, stop }, where `stop()` closes
// the server and every open connection (resolves when it is down).
function startServer(options = {}) {
  const prefix = options.prefix || '/';
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
    if (!urlPath.startsWith(prefix)) {
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
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port || 0, '127.0.0.1', () =>
      resolve({
        server,
        origin: `http://127.0.0.1:${server.address().port}`,
        stop: () => new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
      }));
  });
}

function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}

// Chrome's warnings about how the page loads: a preload whose `integrity`
// it ignores, a preload not used, a resource blocked by its integrity.
const LOAD_WARNING = /preload|integrity/i;

// A new page whose problems (console errors, loading warnings, page errors,
// failed requests, HTTP errors) are collected into the returned `problems`
// array.
async function openPage(browser, options = {}) {
  const context = await browser.newContext({
    viewport: options.viewport || { width: 1280, height: 800 },
    acceptDownloads: true,
    deviceScaleFactor: options.deviceScaleFactor || 1,
    hasTouch: !!options.hasTouch,
    isMobile: !!options.isMobile,
  });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    // The page's own loading warnings (a preload unused or its integrity
    // ignored) are problems too; warnings of the game's own are not.
    if (msg.type() === 'warning' && LOAD_WARNING.test(msg.text())) problems.push(`console warning: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // A revoked blob: URL after a download is not a failure of the page.
    if (req.url().startsWith('blob:')) return;
    // The browser fetches the favicon on its own and cancels it when the
    // page reloads or navigates (seen under load): not the page's failure.
    if (/\/favicon[^/]*\.svg$/.test(req.url()) && req.failure()
        && req.failure().errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${req.url()} (${req.failure() && req.failure().errorText})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.on('worker', (worker) => {
    worker.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`worker console error: ${msg.text()}`);
    });
  });
  return { context, page, problems };
}

function gzipSize(file) {
  const zlib = require('node:zlib');
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

// The shipped page (the app's wasm + js + css) and the worker, raw and
// gzipped, as built in DIST.
function shippedSizes() {
  const files = fs.readdirSync(DIST);
  const pick = (re) => files.filter((f) => re.test(f)).map((f) => path.join(DIST, f));
  const sum = (list) => list.reduce((acc, f) => acc + fs.statSync(f).size, 0);
  const gz = (list) => list.reduce((acc, f) => acc + gzipSize(f), 0);
  // wasm-bindgen's snippets (web/extras_loader.js) are imported by the
  // page's JS, so they are the page's too.
  const snippets = [];
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (f.endsWith('.js')) snippets.push(f);
    }
  };
  walk(path.join(DIST, 'snippets'));
  const app = [...pick(/^app-.*_bg\.wasm$/), ...pick(/^app-.*\.js$/), ...pick(/\.css$/), ...snippets];
  const worker = [...pick(/^worker.*\.wasm$/), ...pick(/^worker.*\.js$/)];
  // Loaded only when a record is read or written (src/ui/records.rs).
  const records = [...pick(/^records.*\.wasm$/), ...pick(/^records.*\.js$/)];
  // Loaded when one of its parts is first shown: How to play, the key, the
  // tiles left, the import dialog, the end of the game, the statistics, the
  // review (src/ui/extras.rs).
  const extras = [...pick(/^extras.*\.wasm$/), ...pick(/^extras.*\.js$/)];
  return {
    app_files: app.map((f) => path.basename(f)),
    app_bytes: sum(app),
    app_gzip: gz(app),
    worker_bytes: sum(worker),
    worker_gzip: gz(worker),
    records_bytes: sum(records),
    records_gzip: gz(records),
    extras_bytes: sum(extras),
    extras_gzip: gz(extras),
  };
}

// The budget of the shipped page, gzipped: 360 KiB since issue 27 made
// room (it was 400 KiB, issue 12), so that the room cannot be spent by
// accident. A change that spends it says how many bytes in its commit and
// raises the budget here by a line of its own (the ledger in docs/size.md).
const PAGE_BUDGET_GZIP = 360 * 1024
  + 2 * 1024 // issue 28, links, saves and tabs (items 15–22): +8,194 bytes, the page 369,913
  + 3 * 1024 // issue 28, seeing the board (items 9–11): +3,047 bytes, the page 373,469 (the text view -1,541 and the scoring +2,050 between)
  + 4 * 1024 // issue 30, the game review, the game in pictures, the statistics: +36,682 bytes (the page 410,151), then the four in the extras module loaded on demand: the page 377,282: +3,813 since issue 28 (docs/size.md)
  + 8 * 1024; // issue 29, languages: the machinery and every screen's words in the chosen language: +6,628 bytes, the page 383,910 (docs/size.md)

// ------------------------------------------------ the harness of each script

// Stops the script, as one failed check, when DIST holds no build (or lacks
// one of `files`).
function requireBuild(...files) {
  const missing = ['index.html', ...files].filter((f) => !fs.existsSync(path.join(DIST, f)));
  if (missing.length) {
    console.error(`no ${missing.map((f) => path.join(DIST, f)).join(', ')}: run \`trunk build --release\` first`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

// Runs a script's `main`, which resolves to its exit code (`report()`); an
// error thrown outside its checks fails the script.
// The harness of a script that needs one server and one browser: the build
// required, the artifacts' folder made, `body(browser, origin)` run, and
// both closed whatever happens. (The older scripts still spell it out.)
async function withBrowser(body) {
  requireBuild();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const { origin, stop } = await startServer();
  const browser = await launch();
  try {
    await body(browser, origin);
  } finally {
    await browser.close();
    await stop();
  }
}

function runMain(main) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      console.log('0 passed, 1 failed');
      process.exit(1);
    },
  );
}

// ------------------------------------------------ checks and moves in a game

// Fills the new-game form (on screen) for classic Carcassonne with The City
// Gates and Old City: `players` seats (2 or more, named `names` if given), a
// pile of the first `tiles` tiles, and a `seed` under Advanced (whose fold,
// Old City's parts included, is then open). The caller starts the game.
async function classicForm(page, { players = 2, names = [], tiles, seed } = {}) {
  await page.check('[data-testid=game-classic]');
  await page.waitForSelector('[data-testid=expansions]');
  await page.check('[data-testid=expansion-city-gates]');
  await page.check('[data-testid=expansion-old-city]');
  for (let k = 2; k < players; k++) await page.click('[data-testid=add-seat]');
  for (let i = 0; i < names.length; i++) await page.fill(`[data-testid=name-${i}]`, names[i]);
  if (tiles !== undefined) await page.fill('[data-testid=classic-tiles]', String(tiles));
  if (seed !== undefined) {
    await page.click('.advanced summary');
    await page.fill('[data-testid=seed]', String(seed));
    await page.waitForSelector('[data-testid=old-city-parts]');
  }
}

// Named checks that print `ok` / `FAIL` as they go. `report()` prints the
// totals and returns the process's exit code.
function checks() {
  let passed = 0;
  let failed = 0;
  return {
    check(name, ok, detail) {
      if (ok) {
        passed++;
        console.log(`ok   ${name}`);
      } else {
        failed++;
        console.log(`FAIL ${name}${detail ? `\n    ${detail}` : ''}`);
      }
      return ok;
    },
    report() {
      console.log(`${passed} passed, ${failed} failed`);
      return failed ? 1 : 0;
    },
  };
}

// The game in play (its data-decision, data-turn, data-version, data-computer).
const PLAY = '[data-testid=play]';

// The decision the game in play waits for (`place`, `follower`, ..., `over`).
async function decision(page) {
  return page.getAttribute(PLAY, 'data-decision');
}

// `city replay FILE`'s JSON summary of a record: the binary CITY names, or
// `cargo run --bin city`.
function cityReplay(file) {
  const { execFileSync } = require('node:child_process');
  if (process.env.CITY) return execFileSync(process.env.CITY, ['replay', file], { encoding: 'utf8' });
  return execFileSync('cargo', ['run', '--quiet', '--bin', 'city', '--', 'replay', file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
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

// One decision by clicks, taking the first legal target: the first glowing
// space, no guard, no tower; a follower on the first ring when `follower`
// (else none). Resolves when the game has moved on.
async function clickDecision(page, { follower = false } = {}) {
  const d = await page.getAttribute(PLAY, 'data-decision');
  const v = await version(page);
  switch (d) {
    case 'place':
      await page.click('[data-cell][data-legal=now]');
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
// Puts axe-core into the page (for a check of a rule of its own).
axeAudit.load = async (page) => {
  if (axeSource === null) {
    axeSource = fs.readFileSync(path.join(ROOT, '.tools', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  }
  await page.evaluate(axeSource);
};

module.exports = {
  ROOT, DIST, ARTIFACTS, startServer, launch, openPage, LOAD_WARNING, gzipSize, shippedSizes, PAGE_BUDGET_GZIP,
  requireBuild, runMain, withBrowser, classicForm,
  checks, PLAY, decision, cityReplay, version, moved, clickDecision, axeAudit,
};
