#!/usr/bin/env node
// Times a whole review in the built site (dist/, from `node scripts/site.js`),
// issue 40's "speed on every core": the 2-player game of The City of
// review.spec.js (`city random --seed 3 --players 2`, 160 decisions) opened
// from its link, "Review the game" pressed, timed to the review's end.
//
// The review splits its decisions across engine workers
// (`navigator.hardwareConcurrency − 1`, at least one: ui/review_app.rs);
// WORKERS sets how many (`?review-workers=N`), CORES what the page is told
// `navigator.hardwareConcurrency` is, GAME `classic` for the classic base
// game of review.spec.js. The judge is the ruleset's own
// (`computer::Playable::JUDGE`, docs/ai.md).
//
// Usage: node tests/e2e/review_time.js   Env: WORKERS, CORES, GAME,
// RUNS (default 1). Prints one JSON line per run and the median.
'use strict';

const os = require('node:os');
const { startServer, launch, openPage, requireBuild, runMain } = require('./common.js');

const CLASSIC = 'AgEIAABHA0FubgNCb2LZCnFRzdBxV2vCW-25O9xVmfJbBaWof-F1O-1dudgqQXSQ1opjqPYGelJI-NKIDYsIHyfqEdU3jrnuTVJULOnuKZAP6DbR17MPJIx4TQytmpWxFcASNtk';
const CITY = 'AUQDQW5uA0JvYu9X1Nki0PcrnhWZgXaivTxiVcEcR52nbaUYnWyvvx2CMttKqQwvsHO4UdNgN-N63fLlTm1p7Tij2gym3kbXa6ILci-PkXFj_7yuVdFgy-4fckgU-MgTT6Hfrp2i6Ckgo1LcsZiE60OL6kdt4rTihA';
const RUNS = Number(process.env.RUNS || 1);

async function once(browser, origin) {
  const { page, context, problems } = await openPage(browser);
  if (process.env.CORES) {
    const cores = Number(process.env.CORES);
    await page.addInitScript((n) => {
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
    }, cores);
  }
  const params = new URLSearchParams({ seats: 'red,blue' });
  if (process.env.WORKERS) params.set('review-workers', process.env.WORKERS);
  const link = process.env.GAME === 'classic' ? CLASSIC : CITY;
  await page.goto(`${origin}/?${params}#${link}`, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid=game-over]', { timeout: 30000 });
  const t0 = Date.now();
  await page.click('[data-testid=review-open]');
  await page.waitForSelector('[data-testid=review]', { timeout: 30000 });
  await page.waitForFunction(() => document.querySelector('[data-testid=review]').dataset.status === 'done',
    null, { timeout: 600000, polling: 100 });
  const ms = Date.now() - t0;
  const s = await page.$eval('[data-testid=review]', (e) => ({ ...e.dataset }));
  const workers = await page.evaluate(() => navigator.hardwareConcurrency);
  await context.close();
  if (problems.length) throw new Error(problems.join('\n'));
  return { ms, decisions: Number(s.total), hardwareConcurrency: workers, load: os.loadavg()[0] };
}

async function main() {
  requireBuild();
  const { origin, stop } = await startServer();
  const browser = await launch();
  const times = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const r = await once(browser, origin);
      console.log(JSON.stringify({ ...r, workers: process.env.WORKERS || 'default', game: process.env.GAME || 'the-city' }));
      times.push(r.ms);
    }
  } finally {
    await browser.close();
    await stop();
  }
  times.sort((a, b) => a - b);
  console.log(`median ${(times[Math.floor(times.length / 2)] / 1000).toFixed(1)} s over ${times.length} run(s)`);
  return 0;
}

runMain(main);
