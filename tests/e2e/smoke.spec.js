#!/usr/bin/env node
// End-to-end smoke test of the built game (dist/, from `trunk build`).
//
// Serves dist/ with a tiny static server on a free 127.0.0.1 port, both at /
// and under /some/path/ (the build uses relative URLs, so both must work),
// opens each in headless Chromium through playwright-core (installed into
// .tools/ by scripts/setup.sh), waits for the Yew app and for the engine Web
// Worker's answer, takes a screenshot into tests/e2e/artifacts/, and fails on
// any console error, warning about its loading (preloads, integrity), page
// error, failed request or HTTP error. Also checks
// that the shipped page (wasm + js + css, gzipped) is within its budget.
//
// Usage: node tests/e2e/smoke.js   (from any directory; exit 0 iff all passed)
// Env:   CHROMIUM=/path/to/chromium (default /usr/bin/chromium)
//        DIST=/path/to/dist         (default <repo>/dist)
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.resolve(process.env.DIST || path.join(ROOT, 'dist'));
const ARTIFACTS = path.join(__dirname, 'artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SUB_PATH = '/some/path/';
const TIMEOUT_MS = 30000;

const { chromium } = require(path.join(ROOT, '.tools', 'node_modules', 'playwright-core'));
const { LOAD_WARNING } = require('./common.js');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

// Serves DIST at / and at SUB_PATH. Resolves to the listening server.
function startServer() {
  const server = http.createServer((req, res) => {
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (urlPath === SUB_PATH.slice(0, -1)) {
      res.writeHead(301, { Location: SUB_PATH }).end();
      return;
    }
    if (urlPath.startsWith(SUB_PATH)) urlPath = '/' + urlPath.slice(SUB_PATH.length);
    if (urlPath.endsWith('/')) urlPath += 'index.html';
    const file = path.join(DIST, path.normalize(urlPath));
    if (file !== DIST && !file.startsWith(DIST + path.sep)) {
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
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// Loads the game at `url` and checks it; throws on failure. `settle`: how
// long to wait for late problems (Chrome says a preload went unused 3 s
// after the page's load).
async function checkPage(browser, url, shotName, settle = 200) {
  const problems = [];
  // Rejects as soon as the first problem is seen, so that a broken page fails
  // at once instead of at the end of a wait.
  let reportProblem;
  const firstProblem = new Promise((_, reject) => {
    reportProblem = reject;
  });
  firstProblem.catch(() => {});
  const guard = (promise) => Promise.race([promise, firstProblem]);
  const addProblem = (text) => {
    problems.push(text);
    reportProblem(new Error(text));
  };
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') addProblem(`console error: ${msg.text()}`);
    if (msg.type() === 'warning' && LOAD_WARNING.test(msg.text())) addProblem(`console warning: ${msg.text()}`);
  });
  page.on('pageerror', (err) => addProblem(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // The browser fetches the favicon on its own and cancels it when the
    // page reloads or navigates (seen under load): not the page's failure.
    if (/\/favicon[^/]*\.svg$/.test(req.url()) && req.failure()
        && req.failure().errorText === 'net::ERR_ABORTED') return;
    addProblem(`request failed: ${req.url()} (${req.failure() && req.failure().errorText})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) addProblem(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.on('worker', (worker) => {
    worker.on('console', (msg) => {
      if (msg.type() === 'error') addProblem(`worker console error: ${msg.text()}`);
    });
  });

  try {
    await guard(page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS }));
    const title = await guard(page.textContent('h1', { timeout: TIMEOUT_MS }));
    if (title.trim() !== 'Carcassonne') throw new Error(`unexpected title ${JSON.stringify(title)}`);

    const status = page.locator('#worker-status.ready');
    // The status is kept on the page for tests, hidden from players.
    await guard(status.waitFor({ state: 'attached', timeout: TIMEOUT_MS }));
    const text = (await status.textContent()).trim();
    if (!text.startsWith('engine worker ready')) throw new Error(`unexpected worker status ${JSON.stringify(text)}`);
    const scope = await status.getAttribute('data-scope');
    if (scope !== 'DedicatedWorkerGlobalScope') throw new Error(`worker answered from ${scope}, not a Web Worker`);
    const workers = page.workers().map((w) => w.url());
    if (!workers.some((u) => u.endsWith('/worker_loader.js'))) {
      throw new Error(`no worker_loader.js Web Worker among ${JSON.stringify(workers)}`);
    }
    const expectedBase = new URL('.', url).href;
    if (!workers.every((u) => u.startsWith(expectedBase))) {
      throw new Error(`worker not loaded relative to the page: ${JSON.stringify(workers)}`);
    }

    // The stylesheet applied, and static/ (copied by Trunk) is reachable by a relative URL.
    const styled = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    if (styled === 'rgba(0, 0, 0, 0)' || styled === 'rgb(255, 255, 255)') {
      throw new Error(`style.css not applied (body background ${styled})`);
    }
    const tiles = await page.evaluate(async () => {
      const r = await fetch('static/tiles/the-city.json');
      if (!r.ok) return `HTTP ${r.status}`;
      const data = await r.json();
      return data && typeof data === 'object' ? 'ok' : 'not an object';
    });
    if (tiles !== 'ok') throw new Error(`static/tiles/the-city.json: ${tiles}`);

    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, shotName), fullPage: true });
    // Give late errors (e.g. from the worker) a moment to surface.
    await page.waitForTimeout(settle);
  } catch (err) {
    const first = err.message.split('\n')[0];
    throw new Error([first, ...problems.filter((p) => p !== first)].join('\n    '));
  } finally {
    await context.close();
  }
  if (problems.length) throw new Error(problems.join('\n    '));
}

async function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    console.error(`no ${path.join(DIST, 'index.html')}: run \`trunk build --release\` first`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const server = await startServer();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
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

  const cases = [
    ['served at /, no console warning about its preloads', `${origin}/`, 'home-root.png', 4000],
    [`served under ${SUB_PATH}`, `${origin}${SUB_PATH}`, 'home-subpath.png'],
    [`served under ${SUB_PATH} via the slashless URL`, `${origin}${SUB_PATH.slice(0, -1)}`, 'home-subpath-redirect.png'],
  ];
  let passed = 0;
  let failed = 0;
  // The page's size budget: a build over it fails here, not only in the
  // measurements of docs/size.md.
  const { shippedSizes, PAGE_BUDGET_GZIP } = require('./common.js');
  const size = shippedSizes();
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB (${n} bytes)`;
  if (size.app_gzip <= PAGE_BUDGET_GZIP) {
    passed++;
    console.log(`ok   the shipped page is ${kib(size.app_gzip)} gzipped, within ${kib(PAGE_BUDGET_GZIP)}`);
    console.log(`     (the engine worker ${kib(size.worker_gzip)}; the records worker, loaded on demand, ${kib(size.records_gzip)};`);
    console.log(`     the extras module, loaded on demand, ${kib(size.extras_gzip)})`);
  } else {
    failed++;
    console.log(`FAIL the shipped page is ${kib(size.app_gzip)} gzipped, over its budget of ${kib(PAGE_BUDGET_GZIP)}`);
  }
  try {
    for (const [name, url, shot, settle] of cases) {
      const started = Date.now();
      try {
        await checkPage(browser, url, shot, settle);
        passed++;
        console.log(`ok   ${name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed++;
        console.log(`FAIL ${name}\n    ${err.message}`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
