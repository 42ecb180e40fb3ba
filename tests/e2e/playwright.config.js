// The end-to-end suite (@playwright/test) of the built site (dist/), in
// Debian's headless Chromium (the runner's own browser download is not
// used). Run from the repository's root:
//
//   node .tools/node_modules/@playwright/test/cli.js test -c tests/e2e/playwright.config.js
//
// (scripts/test.sh does; add a file name or `-g TITLE` for part of it.)
// Env: DIST (default <repo>/dist), CHROMIUM (default /usr/bin/chromium),
//      E2E_WORKERS (default 2), CITY (the `city` binary, else `cargo run`),
//      CHECKS_VERBOSE=1 (print every named check).
//
// Projects: `phone` (390×844, touch) runs the tests tagged @phone,
// `timed` (1280×800) those tagged @timed, which time the page and take the
// machine to themselves while they do (fixtures.js `alone`), and `desktop`
// (1280×800) all the others. No retries: a test that fails once fails.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { ROOT, DIST, ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, requireBuild } = require('./common.js');
const { defineConfig } = require(path.join(ROOT, '.tools', 'node_modules', '@playwright', 'test'));

requireBuild('sw.js');
fs.mkdirSync(ARTIFACTS, { recursive: true });

module.exports = defineConfig({
  testDir: __dirname,
  testMatch: '*.spec.js',
  outputDir: path.join(ARTIFACTS, 'results'),
  workers: Number(process.env.E2E_WORKERS || 2),
  fullyParallel: true,
  retries: 0,
  forbidOnly: true,
  // A test's own budget (the longest, a whole game on a loaded machine,
  // set their own); the whole run's.
  timeout: 180000,
  globalTimeout: 30 * 60 * 1000,
  expect: { timeout: 30000 },
  reporter: [['list'], [path.join(__dirname, 'summary-reporter.js')]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    actionTimeout: 30000,
    navigationTimeout: 30000,
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
  // (In this order: the tests that take the machine to themselves for a
  // while (fixtures.js `alone`) first, one after the other, while nothing
  // else runs yet; then the phone's, few and long, best begun early.)
  projects: [
    {
      name: 'timed',
      grep: /@timed/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'desktop',
      grepInvert: /@phone|@timed/,
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  metadata: { dist: DIST },
});
