// The end-to-end suite's fixtures (@playwright/test, from .tools/), shared by
// every *.spec.js:
//
//   server    one static server of dist/ per worker (at /), never stopped by
//             a test: { origin, stop };
//   origin    its origin;
//   serve     starts a server of the test's own (common.js startServer's
//             options: a prefix, another dist/, a port, request hooks),
//             stopped when the test ends: for the tests that stop it;
//   open      opens a browser context and its page from the project's
//             options (viewport, touch...) and the test's: { context, page,
//             problems }; `problems` collects the page's console errors,
//             loading warnings, page errors, failed requests and HTTP errors
//             (but those `ignore`, a RegExp, matches), and the test fails on
//             any left when it ends (`watch: false` for a page meant to
//             fail). Closed when the test ends;
//   alone     `await alone(async () => { ... })` runs what it is given with
//             the machine to itself: no other test runs meanwhile (for the
//             checks that time the page: no main-thread task over 50 ms, a
//             review within 60 s; the suite's other worker would stretch
//             them on a 2-core machine);
//   check     a named check, `check(name, ok, detail)` (also exported, for
//             helpers): a soft assertion (the test goes on, and fails at its
//             end), counted per test (the `checks` annotation, summed up by
//             summary-reporter.js).
//
// Everything else (the game's moves, the axe audit...) is common.js's,
// re-exported here.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const common = require('./common.js');

const { test: base, expect } = require(path.join(common.ROOT, '.tools', 'node_modules', '@playwright', 'test'));

// ------------------------------------------- the machine, shared or alone
//
// A readers-writer lock between the workers of one run, in files: every
// test holds a share of the machine (a file `shared-PID`) while it runs,
// and `alone` takes it whole (the directory `alone`, made atomically), once
// no test holds a share. A test that starts, or a share given back for
// `alone`, waits while the machine is taken. A lock whose process is gone
// (a worker killed) is cleared.
const LOCKS = path.join(os.tmpdir(), `the-city-e2e-${process.ppid}`);
const SHARED = path.join(LOCKS, `shared-${process.pid}`);
const ALONE = path.join(LOCKS, 'alone');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The machine taken by a live process (else the stale lock cleared).
function taken() {
  let owner;
  try {
    owner = Number(fs.readFileSync(path.join(ALONE, 'pid'), 'utf8'));
  } catch {
    return fs.existsSync(ALONE); // (just made, its pid not yet written)
  }
  if (owner && !alive(owner)) fs.rmSync(ALONE, { recursive: true, force: true });
  return fs.existsSync(ALONE);
}

// Runs `fn` on the lock files, their folder made first (again when a worker
// that ended removed it meanwhile).
function inLocks(fn) {
  for (;;) {
    fs.mkdirSync(LOCKS, { recursive: true });
    try {
      return fn();
    } catch (e) {
      if (e.code !== 'ENOENT') throw e;
    }
  }
}

async function share() {
  for (;;) {
    inLocks(() => fs.writeFileSync(SHARED, String(process.pid)));
    if (!taken()) return;
    fs.rmSync(SHARED, { force: true });
    while (taken()) await sleep(100);
  }
}

function unshare() {
  fs.rmSync(SHARED, { force: true });
}

async function takeWhole() {
  for (;;) {
    try {
      inLocks(() => fs.mkdirSync(ALONE));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      taken();
      await sleep(100);
    }
  }
  fs.writeFileSync(path.join(ALONE, 'pid'), String(process.pid));
  // Every other test's share given back (or its process gone).
  for (;;) {
    let others = 0;
    for (const f of fs.readdirSync(LOCKS).filter((n) => n.startsWith('shared-'))) {
      if (alive(Number(f.slice('shared-'.length)))) others++;
      else fs.rmSync(path.join(LOCKS, f), { force: true });
    }
    if (!others) return;
    await sleep(100);
  }
}

function owned() {
  try {
    return Number(fs.readFileSync(path.join(ALONE, 'pid'), 'utf8')) === process.pid;
  } catch {
    return false;
  }
}

function giveBack() {
  fs.rmSync(ALONE, { recursive: true, force: true });
}

// The CPU seconds this worker and its processes (its browser's) have used
// (Linux: /proc), for E2E_CPU=1 (summary-reporter.js sums them per file).
function treeCpu() {
  const tick = 100;
  const procs = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // ppid; utime, stime, cutime, cstime (the children's it has waited for)
      procs.set(Number(name), { ppid: Number(f[1]), t: [11, 12, 13, 14].reduce((a, k) => a + Number(f[k]), 0) });
    } catch {
      // (gone meanwhile)
    }
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, p] of procs) {
      if (!mine.has(pid) && mine.has(p.ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  let t = 0;
  for (const pid of mine) t += procs.get(pid).t;
  return t / tick;
}

// ------------------------------------------------------------------ checks

// The named checks of the test running, passed and failed, by test id.
const counts = new Map();

// A named check of the test running (also a fixture): a soft assertion
// (the test goes on, and fails at its end); `detail` is shown when it fails.
// Returns `ok`.
function check(name, ok, detail) {
  const id = base.info().testId;
  const c = counts.get(id) || { passed: 0, failed: 0 };
  counts.set(id, c);
  if (ok) c.passed++;
  else c.failed++;
  expect.soft(ok, detail ? `${name}\n    ${detail}` : name).toBeTruthy();
  if (process.env.CHECKS_VERBOSE) {
    const at = ((Date.now() - (c.started || Date.now())) / 1000).toFixed(1);
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.split('\n')[0]} (${at} s)`);
  }
  return ok;
}

const test = base.extend({
  // (The worker's lock files' folder, removed when the worker ends.)
  locks: [async ({}, use) => {
    await use(LOCKS);
    try {
      fs.rmdirSync(LOCKS);
    } catch {
      // (Another worker's files are still there: the last one removes it.)
    }
  }, { scope: 'worker', auto: true }],

  server: [async ({}, use) => {
    const server = await common.startServer();
    await use(server);
    await server.stop();
  }, { scope: 'worker' }],

  origin: async ({ server }, use) => use(server.origin),

  serve: async ({}, use) => {
    const started = [];
    await use(async (options) => {
      const server = await common.startServer(options);
      started.push(server);
      return server;
    });
    for (const server of started) await server.stop();
  },

  open: async ({ browser, viewport, isMobile, hasTouch, deviceScaleFactor, locale }, use) => {
    const opened = [];
    // `noStun`: live play contacts no STUN server (its setting off: the
    // two contexts meet on this machine's own addresses).
    await use(async ({ watch = true, ignore = null, noStun = false, ...options } = {}) => {
      const context = await browser.newContext({
        ...common.CONTEXT_DEFAULTS,
        viewport,
        isMobile,
        hasTouch,
        deviceScaleFactor: deviceScaleFactor || 1,
        locale,
        ...options,
      });
      if (noStun) {
        await context.addInitScript(() => {
          if (localStorage.getItem('the-city/stun') === null) localStorage.setItem('the-city/stun', '');
        });
      }
      const page = await context.newPage();
      const problems = watch ? common.watchPage(page, [], { ignore }) : [];
      opened.push({ context, problems, watch });
      return { context, page, problems };
    });
    // What the pages left (before closing them: a closed page's loads
    // fail, which is no failure of the page).
    const left = opened.filter((o) => o.watch).flatMap((o) => o.problems.slice());
    for (const o of opened) await o.context.close().catch(() => {});
    expect(left, 'no console error, loading warning, page error, failed request or HTTP error').toEqual([]);
  },

  // Every test holds a share of the machine while it runs.
  machine: [async ({}, use) => {
    await share();
    await use();
    unshare();
  }, { auto: true, timeout: 600000 }],

  alone: async ({ machine }, use, testInfo) => {
    await use(async (body) => {
      unshare();
      // (The wait for the other tests to end is not the test's own time.)
      const waited = Date.now();
      await takeWhole();
      testInfo.setTimeout(testInfo.timeout + (Date.now() - waited));
      try {
        return await body();
      } finally {
        giveBack();
        await share();
      }
    });
    // (A test stopped inside `alone`, at its timeout, gives the machine back.)
    if (owned()) giveBack();
  },

  check: async ({}, use) => use(check),

  // Counts the test's named checks into its `checks` annotation.
  countChecks: [async ({}, use, testInfo) => {
    counts.set(testInfo.testId, { passed: 0, failed: 0, started: Date.now() });
    const cpu0 = process.env.E2E_CPU ? treeCpu() : 0;
    await use();
    if (process.env.E2E_CPU) testInfo.annotations.push({ type: 'cpu', description: (treeCpu() - cpu0).toFixed(1) });
    const c = counts.get(testInfo.testId) || { passed: 0, failed: 0 };
    counts.delete(testInfo.testId);
    testInfo.annotations.push({ type: 'checks', description: `${c.passed} passed, ${c.failed} failed` });
  }, { auto: true }],
});

module.exports = { ...common, test, expect, check };
