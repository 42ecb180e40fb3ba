#!/usr/bin/env node
// What a player waits for on a cold first visit on a slow phone, for two
// builds side by side (an old one and a new one), so that a restructured
// build can be judged against the old. docs/loading.md says what each figure
// means; scripts/cold-visit.sh makes the old build (7c0be94) when missing.
//
// The profile is Lighthouse's mobile one (its "slow 4G" and moto g power):
// 1,638.4 kbit/s down, 750 kbit/s up, 150 ms round trip (CDP
// Network.emulateNetworkConditions, for the page, its workers and its
// service worker), the page's CPU slowed 4x (Emulation.setCPUThrottlingRate),
// a 412x823 phone screen at 1.75 device pixels, touch. Each build is served
// by a static server of its own that sends text and wasm gzipped (zlib level
// 9, as a static host with precompressed files). Every visit is cold: a fresh
// browser context (empty HTTP cache, no service worker yet).
//
// Each run of a build is two visits:
//  1. `/`: the time from navigation start to the first frame showing the
//     new-game form; the bytes (transfer size) and number of the page's and
//     its workers' responses finished before it (not the service worker's:
//     the app registers it once it runs); then a click on Start (by the page
//     itself, START_DELAY_MS after that first frame, default 0: the player
//     who presses Start at once), timed from the click to the first frame
//     showing the new board with a place for the first tile (a legal cell);
//     then the time from navigation start until the service worker is
//     active, its precache done (offline play ready; "-" if none).
//  2. a share link of a game in progress (`/?seats=red,blue#...`, 40 tiles
//     placed): the time from navigation start to the first frame in which
//     the board holds all 40 tiles, each drawn (a non-empty box).
// A visit whose service worker escaped the throttling (a race with
// Playwright, which attaches to it too) is made again: both visits wait for
// it to be active and check that every request the server answered for it
// was throttled.
// Runs alternate old, new, old, new...; the report gives median, min and max
// per build and the ratios new/old of the medians, and the gzip -9 size of
// every .wasm, .js and .css file of each build (what the service worker
// precaches for offline play). Nothing here depends on the builds' file
// names: everything is measured through the network and the DOM.
//
// Usage: node scripts/cold-visit.js --old DIR [--new DIR] [--runs N] [--json[=FILE]]
//   --new defaults to dist/ of this checkout. Env: RUNS (5), PAUSE_MS (2000,
//   between visits), TIMEOUT_MS (120000, per thing waited for),
//   START_DELAY_MS (0), OLD_DIST and NEW_DIST (as --old, --new), CHROMIUM.
//   --json prints the figures as JSON on stdout (the table goes to stderr);
//   --json=FILE writes them to FILE as well as the table to stdout.
// Exits non-zero when a build is missing, a visit fails or a thing waited
// for never shows.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..');
const { chromium } = require(path.join(ROOT, '.tools', 'node_modules', 'playwright-core'));
// The e2e harness's Chromium and its files' MIME types.
const { CHROMIUM, CHROMIUM_ARGS, MIME } = require(path.join(ROOT, 'tests', 'e2e', 'common.js'));

// Lighthouse's mobile profile (constants.js: throttling.mobileSlow4G and
// screenEmulationMetrics.mobile, the moto g power).
const PROFILE = {
  downKbps: 1638.4,
  upKbps: 750,
  rttMs: 150,
  cpu: 4,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 '
    + '(KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};
const NETWORK = {
  offline: false,
  latency: PROFILE.rttMs,
  downloadThroughput: (PROFILE.downKbps * 1024) / 8,
  uploadThroughput: (PROFILE.upKbps * 1024) / 8,
};

// A game of The City in progress: `city random --seed 3 --players 2`, its
// first 40 turns kept, then `city share` (40 tiles on the board, the 41st
// to place). With `?seats=red,blue`, as the app's "Copy link" writes it.
const LINK = '?seats=red,blue#AcQDQW5uA0JvYkzvV9TZItD3K54VmYF2or08YlXBHEedp03pHfvn0g_2WKc7-tUuJ1igVBdzzBTMmjhwd-EpyrdAxpQ4RUo2xSxSiwd1dvI64uuCmrxGkSj3IQ';
const LINK_TILES = 40;

// What is waited for (the selectors of tests/e2e/*.js).
const SEL = {
  form: '[data-testid=new-game-form]',
  start: '[data-testid=start-game]',
  board: '[data-testid=board]',
  tile: '[data-testid=board] [data-tile]',
  legal: '[data-testid=board] [data-cell][data-legal=now]',
};

// ------------------------------------------------------------ arguments

function parseArgs(argv) {
  const o = {
    old: process.env.OLD_DIST || null,
    new: process.env.NEW_DIST || path.join(ROOT, 'dist'),
    runs: Number(process.env.RUNS || 5),
    json: null,
    pause: Number(process.env.PAUSE_MS || 2000),
    timeout: Number(process.env.TIMEOUT_MS || 120000),
    startDelay: Number(process.env.START_DELAY_MS || 0),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (a.includes('=')) return a.slice(a.indexOf('=') + 1);
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--old' || a.startsWith('--old=')) o.old = value();
    else if (a === '--new' || a.startsWith('--new=')) o.new = value();
    else if (a === '--runs' || a.startsWith('--runs=')) o.runs = Number(value());
    else if (a === '--json') o.json = '-';
    else if (a.startsWith('--json=')) o.json = a.slice(7);
    else if (a === '-h' || a === '--help') {
      console.log('usage: node scripts/cold-visit.js --old DIR [--new DIR] [--runs N] [--json[=FILE]]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!o.old) throw new Error('no old build: give --old DIR (or OLD_DIST); scripts/cold-visit.sh makes one');
  if (!Number.isInteger(o.runs) || o.runs < 1) throw new Error(`--runs must be a whole number >= 1, not ${o.runs}`);
  for (const k of ['old', 'new']) {
    o[k] = path.resolve(o[k]);
    if (!fs.existsSync(path.join(o[k], 'index.html'))) {
      throw new Error(`no build at ${o[k]} (no index.html)${k === 'new' ? ': run `node scripts/site.js` first' : ''}`);
    }
  }
  return o;
}

// ------------------------------------------------------------ the server

const GZIP = new Set(['.wasm', '.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

// A static server of `dir` on a free 127.0.0.1 port, gzipping (level 9,
// once per file, kept in memory) what GZIP lists for a client that accepts
// it. Notes every request's referrer and whether it fetches a service
// worker's script into `log.requests` (when an array). Resolves to
// { origin, stop }.
function startServer(dir, log) {
  const cache = new Map();
  const server = http.createServer((req, res) => {
    if (log.requests) {
      log.requests.push({
        url: req.url, referer: req.headers.referer || '', swScript: req.headers['service-worker'] === 'script',
      });
    }
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (urlPath.endsWith('/')) urlPath += 'index.html';
    const file = path.join(dir, path.normalize(urlPath));
    if (!file.startsWith(dir + path.sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    const ext = path.extname(file).toLowerCase();
    const gzip = GZIP.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] || '');
    const key = `${gzip ? 'gz' : 'raw'} ${file}`;
    let body = cache.get(key);
    if (!body) {
      try {
        body = fs.readFileSync(file);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      if (gzip) body = zlib.gzipSync(body, { level: 9 });
      cache.set(key, body);
    }
    const headers = {
      'Content-Type': MIME[ext] || 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    };
    if (gzip) headers['Content-Encoding'] = 'gzip';
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({
      origin: `http://127.0.0.1:${server.address().port}`,
      stop: () => new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
    }));
  });
}

// ------------------------------------------------------------ offline size

// The gzip -9 size of every .wasm, .js and .css file under `dir`.
function offlineFiles(dir) {
  const files = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (/\.(wasm|js|css)$/i.test(e.name)) {
        const raw = fs.readFileSync(f);
        files.push({ file: path.relative(dir, f), bytes: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length });
      }
    }
  };
  walk(dir);
  return { files, total: files.reduce((a, f) => a + f.gzip, 0) };
}

// ------------------------------------------------------------ one visit

// Put into the page before any of its scripts: every animation frame (until
// all is seen) looks for what the visit waits for and notes the time of the
// first frame showing it, in ms since navigation start (performance.now()),
// into window.__coldVisit. Frames are where the page is painted, so a time
// is that of the first paint showing the thing.
function watcher({ sel, tiles, startDelay }) {
  // tiles: the link's visit (the board); else the visit of `/` (the form,
  // then Start).
  const seen = {};
  window.__coldVisit = seen;
  const shown = (el) => {
    if (!el || !el.isConnected) return false;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return false;
    return el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true;
  };
  const probes = tiles ? {
    // Every tile of the link's game on the board, each drawn.
    board: () => {
      if (!shown(document.querySelector(sel.board))) return false;
      const all = document.querySelectorAll(sel.tile);
      if (all.length < tiles) return false;
      for (const t of all) if (!shown(t)) return false;
      return true;
    },
  } : {
    form: () => shown(document.querySelector(sel.form)),
    // After a click on Start: the new board with a place for the first tile.
    started: () => seen.click !== undefined && shown(document.querySelector(sel.board))
      && shown(document.querySelector(sel.legal)),
  };
  document.addEventListener('click', (e) => {
    if (seen.click === undefined && e.target instanceof Element && e.target.closest(sel.start)) {
      seen.click = performance.now();
    }
  }, true);
  const frame = () => {
    const now = performance.now();
    let left = 0;
    for (const [name, probe] of Object.entries(probes)) {
      if (seen[name] !== undefined) continue;
      try {
        if (probe()) seen[name] = now;
        else left++;
      } catch {
        left++;
      }
    }
    // Start pressed `startDelay` ms after the form first shows (on the
    // visit of `/`), by the page itself: no round trip to this script.
    if (startDelay !== null && seen.form !== undefined && !seen.pressing) {
      seen.pressing = true;
      setTimeout(() => {
        const button = document.querySelector(sel.start);
        if (button) button.click();
        else seen.noStart = true;
      }, startDelay);
    }
    if (left) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// The network of a page and of the workers and service worker it starts,
// throttled, with every response that finished: { url, bytes (transfer
// size: CDP encodedDataLength), at (CDP monotonic seconds), from }.
async function watchNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  const finished = [];
  const failed = [];
  const started = new Map(); // `${session} ${requestId}` -> { url, at }
  const local = new Set(); // answered by a cache or the service worker
  let documentTiming = null;
  // Requests of the service worker answered faster than one round trip
  // (it ran before its throttling was set), and how many it made.
  const fast = [];
  const swRequests = { count: 0 };
  const onEvent = (from, session, method, p) => {
    const key = `${session} ${p.requestId}`;
    if (method === 'Network.requestWillBeSent') {
      // (The service worker's own script is fetched by the browser, as it
      // starts, whether throttled or not.)
      const script = (p.request.headers || {})['Service-Worker'] === 'script';
      started.set(key, { url: p.request.url, at: p.timestamp, script });
      if (from === 'sw' && !script && /^https?:/.test(p.request.url)) swRequests.count++;
    } else if (method === 'Network.responseReceived') {
      if (from === 'page' && p.type === 'Document' && !documentTiming) documentTiming = p.response.timing;
      const r = p.response;
      if (r.fromServiceWorker || r.fromDiskCache || r.fromPrefetchCache) local.add(key);
    } else if (method === 'Network.loadingFinished') {
      const s = started.get(key);
      if (!s || !/^https?:/.test(s.url)) return;
      if (local.has(key)) return; // not over the network
      finished.push({ url: s.url, bytes: p.encodedDataLength, at: p.timestamp, from });
      if (from === 'sw' && !s.script && (p.timestamp - s.at) * 1000 < PROFILE.rttMs) fast.push(new URL(s.url).pathname);
    } else if (method === 'Network.loadingFailed') {
      const s = started.get(key);
      if (s && /^https?:/.test(s.url) && !p.canceled) failed.push({ url: s.url, error: p.errorText, from });
    }
  };
  for (const m of ['requestWillBeSent', 'responseReceived', 'loadingFinished', 'loadingFailed']) {
    cdp.on(`Network.${m}`, (p) => onEvent('page', 'page', `Network.${m}`, p));
  }
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });

  // Workers and the service worker, attached (not flattened: Playwright
  // keeps the flattened sessions for itself) while they wait to start, so
  // that their requests are throttled and seen. (A dedicated worker's
  // requests are throttled as its page's: it refuses the emulation.)
  // Playwright, attached too, resumes a service worker at once, maybe
  // before its throttling is set here (more often on a busy machine): a
  // visit whose service worker fetched unthrottled is made again
  // (visitTrying).
  let nextId = 1;
  const fromOf = new Map(); // child session -> 'sw', 'worker', ...
  const attached = [];
  const sent = new Map(); // id of a message to a child -> [its target, method]
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo, waitingForDebugger }) => {
    const target = { type: targetInfo.type, url: targetInfo.url, waiting: waitingForDebugger, at: Date.now(), replies: {} };
    attached.push(target);
    fromOf.set(sessionId, targetInfo.type === 'service_worker' ? 'sw' : targetInfo.type);
    const send = (method, params = {}) => {
      const id = nextId++;
      sent.set(id, [target, method]);
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
        .catch((e) => { target.replies[method] = `not sent: ${e.message}`; });
    };
    // All at once, the emulation first.
    send('Network.emulateNetworkConditions', NETWORK);
    send('Network.enable');
    if (waitingForDebugger) send('Runtime.runIfWaitingForDebugger');
  });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const m = JSON.parse(message);
    if (m.id !== undefined && sent.has(m.id)) {
      const [target, method] = sent.get(m.id);
      target.replies[method] = m.error ? m.error.message : Date.now() - target.at;
    } else if (m.method && m.method.startsWith('Network.')) {
      onEvent(fromOf.get(sessionId) || 'worker', sessionId, m.method, m.params);
    }
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return { cdp, finished, failed, attached, fast, swRequests, documentTiming: () => documentTiming };
}

class Escaped extends Error {}

// A visit, made again (up to 5 times) when its service worker escaped the
// throttling; `retried` counts how often.
async function visitTrying(browser, build, kind, opts) {
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await visit(browser, build, kind, opts);
      r.retried = attempt;
      return r;
    } catch (e) {
      if (!(e instanceof Escaped) || attempt >= 5) throw e;
      console.error(`cold-visit: ${e.message}: once more`);
      await new Promise((r) => setTimeout(r, opts.pause));
    }
  }
}

async function visit(browser, build, kind, opts) {
  const context = await browser.newContext({
    viewport: PROFILE.viewport,
    screen: PROFILE.viewport,
    deviceScaleFactor: PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: PROFILE.userAgent,
    serviceWorkers: 'allow',
  });
  const problems = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
    await page.addInitScript(watcher, {
      sel: SEL,
      tiles: kind === 'link' ? LINK_TILES : 0,
      startDelay: kind === 'link' ? null : opts.startDelay,
    });
    const net = await watchNetwork(context, page);
    build.log.requests = [];
    const wait = async (name, what) => {
      try {
        await page.waitForFunction((n) => window.__coldVisit
          && (window.__coldVisit[n] !== undefined || window.__coldVisit.noStart), name,
          { timeout: opts.timeout, polling: 100 });
      } catch (e) {
        const shot = path.join(os.tmpdir(), `cold-visit-${build.label}-${kind}.png`);
        await page.screenshot({ path: shot }).catch(() => {});
        throw new Error(`${build.label} build (${build.dir}): ${what} not shown within ${opts.timeout / 1000} s `
          + `(screenshot ${shot})${problems.length ? `\n  ${problems.join('\n  ')}` : ''}`);
      }
      return page.evaluate((n) => window.__coldVisit[n], name);
    };

    // Offline play ready: the time (ms since navigation start) the service
    // worker is active, its precache done. (null when none is active within
    // the time limit, or none is even registered 20 s from now.)
    const offlineReady = () => page.evaluate((ms) => new Promise((resolve) => {
      if (!navigator.serviceWorker) {
        resolve(null);
        return;
      }
      const t0 = performance.now();
      navigator.serviceWorker.ready.then(() => resolve(performance.now()));
      setTimeout(() => resolve(null), ms);
      const poll = async () => {
        if (performance.now() - t0 > 20000 && !(await navigator.serviceWorker.getRegistration())) resolve(null);
        else setTimeout(poll, 1000);
      };
      poll();
    }), opts.timeout).catch(() => null);

    // Whether the service worker ran throttled, once it is active: if the
    // server answered more of its requests (those whose referrer is its
    // script) than were seen here (it was not attached, or Chrome attached
    // it early and then its requests went unthrottled and unseen), or one
    // of its requests took less than a round trip (its throttling set too
    // late), the visit is made again.
    const escaped = (active) => {
      if (active === null) return;
      const why = `${build.label} ${kind} visit: the service worker ran unthrottled`;
      const scripts = new Set(build.log.requests.filter((r) => r.swScript).map((r) => new URL(r.url, build.origin).href));
      const served = build.log.requests.filter((r) => !r.swScript && scripts.has(r.referer)).length;
      if (served > net.swRequests.count) {
        throw new Escaped(`${why} (the server answered ${served} of its requests, ${net.swRequests.count} seen)`);
      }
      if (net.fast.length) throw new Escaped(`${why} (${net.fast.join(', ')} in less than a round trip)`);
    };

    if (kind === 'link') {
      await page.goto(`${build.origin}/${LINK}`, { waitUntil: 'commit', timeout: opts.timeout });
      const board = await wait('board', `the board with the link's ${LINK_TILES} tiles (${SEL.tile})`);
      escaped(await offlineReady());
      return { board, problems };
    }

    await page.goto(`${build.origin}/`, { waitUntil: 'commit', timeout: opts.timeout });
    const form = await wait('form', `the new-game form (${SEL.form})`);
    // Page time to CDP's monotonic clock, by the document's request start
    // (both clocks are the browser's monotonic one, at another origin).
    const nav = await page.evaluate(() => performance.getEntriesByType('navigation')[0].toJSON());
    const t = net.documentTiming();
    if (!t) throw new Error(`${build.label}: the document's response was not seen`);
    const offset = t.requestTime * 1000 + t.sendStart - nav.requestStart;
    const pageTime = (r) => r.at * 1000 - offset;
    const listed = (r) => ({ url: new URL(r.url).pathname, bytes: r.bytes, from: r.from, at: Math.round(pageTime(r)) });
    // The page's and its workers' responses. The service worker's are left
    // out (listed apart): the app registers it once it runs, so whether its
    // own script (whose size CDP misreports) lands before or after the form
    // is a race of a few ms; its precache is the offline figure.
    const shownBefore = net.finished.filter((r) => pageTime(r) <= form).map(listed);
    const before = shownBefore.filter((r) => r.from !== 'sw');

    // Start, pressed by the page (watcher) START_DELAY_MS after the form shows.
    const started = await wait('started', `after a click on Start, the new game's board with a place for the first tile (${SEL.legal})`);
    const { click, noStart } = await page.evaluate(() => window.__coldVisit);
    if (noStart) throw new Error(`${build.label}: no Start button (${SEL.start}) on the form`);
    const offline = await offlineReady();
    escaped(offline);
    return {
      form,
      start: started - click,
      // The started game's board, from navigation: what the player who
      // presses Start at once waits in all.
      started,
      offline,
      bytes: before.reduce((a, r) => a + r.bytes, 0),
      requests: before.length,
      files: before,
      swBefore: shownBefore.filter((r) => r.from === 'sw'),
      // Every response of the visit, in ms since navigation start.
      network: net.finished.map(listed),
      failed: net.failed,
      attached: net.attached,
      problems,
    };
  } finally {
    await context.close().catch(() => {});
  }
}

// ------------------------------------------------------------ the report

function stats(xs) {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return { median: null, min: null, max: null, n: 0 };
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return { median, min: v[0], max: v[v.length - 1], n: v.length };
}

const FIGURES = [
  ['form', 'form shown, ms from navigation'],
  ['board', 'link: board drawn, ms from navigation'],
  ['start', 'Start: board ready, ms from click'],
  ['started', 'Start: board ready, ms from navigation'],
  ['bytes', 'bytes before form (transfer)'],
  ['requests', 'requests before form'],
  ['offline', 'offline ready (sw active), ms'],
];

function fmt(x, digits = 0) {
  if (x === null || x === undefined) return '-';
  return x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function table(result) {
  const out = [];
  const { old, new: neu } = result.builds;
  out.push(`Cold first visit: ${result.runs} runs per build, old and new alternating; profile ${result.profile.summary}`);
  out.push(`old: ${old.dir}`);
  out.push(`new: ${neu.dir}`);
  out.push(`load average (1 min) before ${result.load.before.toFixed(2)}, after ${result.load.after.toFixed(2)} on ${os.cpus().length} cores`);
  out.push('');
  const w0 = 40;
  const cell = (s, w = 10) => String(s).padStart(w);
  out.push(`${''.padEnd(w0)}${cell('old med')}${cell('min')}${cell('max')}  ${cell('new med')}${cell('min')}${cell('max')}  ${cell('new/old')}`);
  for (const [key, label] of FIGURES) {
    const a = old.summary[key];
    const b = neu.summary[key];
    const r = result.ratios[key];
    out.push(`${label.padEnd(w0)}${cell(fmt(a.median))}${cell(fmt(a.min))}${cell(fmt(a.max))}  `
      + `${cell(fmt(b.median))}${cell(fmt(b.min))}${cell(fmt(b.max))}  ${cell(r === null ? '-' : `${r.toFixed(2)}x`)}`);
  }
  const oo = old.offlineFiles.total;
  const no = neu.offlineFiles.total;
  out.push(`${'offline files (.wasm .js .css, gzip -9)'.padEnd(w0)}${cell(fmt(oo))}${''.padStart(20)}  `
    + `${cell(fmt(no))}${''.padStart(20)}  ${cell(`${(no / oo).toFixed(2)}x`)}`);
  for (const [label, b] of [['old', old], ['new', neu]]) {
    out.push('');
    out.push(`${label}: fetched before the form (run ${b.medianRun + 1}, the median form time; transfer bytes):`);
    const run = b.runs[b.medianRun];
    for (const f of run.files) out.push(`  ${cell(fmt(f.bytes))}  ${f.url}${f.from === 'page' ? '' : ` (${f.from})`}`);
    for (const f of run.swBefore) out.push(`  ${cell(fmt(f.bytes))}  ${f.url} (service worker: not counted)`);
    out.push(`${label}: offline files (gzip -9 bytes; raw bytes):`);
    for (const f of b.offlineFiles.files) out.push(`  ${cell(fmt(f.gzip))}  ${f.file} (${fmt(f.bytes)})`);
  }
  const warnings = [];
  for (const [label, b] of [['old', old], ['new', neu]]) {
    for (const [i, r] of b.runs.entries()) {
      if (r.retried) warnings.push(`${label} run ${i + 1}: made again ${r.retried} time(s): its service worker escaped the throttling`);
      for (const p of [...r.problems, ...r.failed.map((f) => `request failed: ${f.url} ${f.error} (${f.from})`)]) {
        warnings.push(`${label} run ${i + 1}: ${p}`);
      }
    }
  }
  if (warnings.length) {
    out.push('');
    out.push('warnings:');
    for (const w of [...new Set(warnings)]) out.push(`  ${w}`);
  }
  return out.join('\n');
}

// ------------------------------------------------------------ main

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const say = opts.json === '-' ? console.error : console.log;
  const builds = [
    { label: 'old', dir: opts.old, runs: [] },
    { label: 'new', dir: opts.new, runs: [] },
  ];
  const loadBefore = os.loadavg()[0];
  let browser = null;
  try {
    for (const b of builds) {
      b.log = {};
      const s = await startServer(b.dir, b.log);
      b.origin = s.origin;
      b.stop = s.stop;
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const pause = () => new Promise((r) => setTimeout(r, opts.pause));
    for (let i = 0; i < opts.runs; i++) {
      for (const b of builds) {
        const home = await visitTrying(browser, b, 'home', opts);
        await pause();
        const link = await visitTrying(browser, b, 'link', opts);
        await pause();
        const run = {
          ...home,
          board: link.board,
          retried: home.retried + link.retried,
          problems: [...home.problems, ...link.problems],
        };
        b.runs.push(run);
        say(`run ${i + 1}/${opts.runs} ${b.label}: form ${fmt(run.form)} ms, board ${fmt(run.board)} ms, `
          + `start ${fmt(run.start)} ms, ${fmt(run.bytes)} bytes in ${run.requests} requests before the form, `
          + `offline ${fmt(run.offline)} ms`);
      }
    }
  } finally {
    if (browser) await browser.close().catch(() => {});
    for (const b of builds) if (b.stop) await b.stop();
  }

  const result = {
    runs: opts.runs,
    profile: {
      ...PROFILE,
      summary: `${PROFILE.downKbps} kbit/s down, ${PROFILE.upKbps} kbit/s up, ${PROFILE.rttMs} ms RTT, CPU ${PROFILE.cpu}x, `
        + `${PROFILE.viewport.width}x${PROFILE.viewport.height} @${PROFILE.deviceScaleFactor}, gzip -9`,
    },
    link: LINK,
    load: { before: loadBefore, after: os.loadavg()[0] },
    builds: {},
    ratios: {},
  };
  for (const b of builds) {
    const summary = {};
    for (const [key] of FIGURES) summary[key] = stats(b.runs.map((r) => r[key]));
    const forms = b.runs.map((r) => r.form);
    const medianRun = forms.indexOf([...forms].sort((x, y) => x - y)[Math.floor((forms.length - 1) / 2)]);
    result.builds[b.label] = { dir: b.dir, summary, runs: b.runs, medianRun, offlineFiles: offlineFiles(b.dir) };
  }
  for (const [key] of FIGURES) {
    const a = result.builds.old.summary[key].median;
    const n = result.builds.new.summary[key].median;
    result.ratios[key] = a && n !== null ? n / a : null;
  }
  result.ratios.offlineFiles = result.builds.new.offlineFiles.total / result.builds.old.offlineFiles.total;

  say('');
  say(table(result));
  if (opts.json === '-') console.log(JSON.stringify(result, null, 1));
  else if (opts.json) fs.writeFileSync(opts.json, `${JSON.stringify(result, null, 1)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`cold-visit: ${err.message || err}`);
    process.exit(1);
  },
);
