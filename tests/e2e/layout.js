#!/usr/bin/env node
// End-to-end test: small screens and slow starts.
//
// - a loading sign while the WebAssembly loads (the wasm held back as on a
//   slow phone), gone once the game runs;
// - a phone (390×844, touch): prompts speak of taps, the scores are above
//   the board, buttons and the board's targets take a finger (44 px or more
//   around their middle), and the game-over table fits with its Stewards,
//   Guards and Total columns;
// - a tablet held upright gets the phone layout;
// - classic Carcassonne with both expansions on a phone, played to the end
//   by taps: the same checks, and its targets (spaces, rings, guesthouse
//   roads, the wyvern's tiles) take a finger;
// - 4 players at 1280×800: all four score cards in view.
//
// Usage: node tests/e2e/layout.js   (build dist/ first: trunk build --release)
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { ARTIFACTS, PLAY: play, startServer, launch, openPage, checks, clickDecision, version, moved, runMain, requireBuild, classicForm } = require('./common.js');

const TIMEOUT = 15000;
const { check, report } = checks();

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

async function startGame(page, origin, { seed = '11', players = 2 } = {}) {
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  for (let k = 2; k < players; k++) await page.click('[data-testid=add-seat]');
  await page.click('[data-testid=preset-short]');
  await page.click('.advanced summary');
  await page.fill('[data-testid=seed]', seed);
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

// A 3-player classic game with The City Gates and Old City and a short pile.
async function startClassic(page, origin, { seed = '5', tiles = '24' } = {}) {
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await classicForm(page, { players: 3, tiles, seed });
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

// One decision of classic by taps: the first legal space (tapped until the
// ghost is there), a ring on every other follower decision, the guesthouse
// declined, the first of the wyvern's tiles.
async function tapClassicDecision(page, n) {
  const d = await page.getAttribute(play, 'data-decision');
  const v = await version(page);
  const tapOn = async (sel) => {
    const el = await page.$(sel);
    if (!el) return false;
    await el.scrollIntoViewIfNeeded();
    await el.tap();
    return true;
  };
  if (d === 'place') {
    await tapOn('[data-cell][data-legal=now]');
    await page.waitForSelector('[data-testid=ghost]', { timeout: TIMEOUT });
    await page.tap('[data-testid=confirm]');
  } else if (d === 'follower') {
    if (!(n % 2 === 0 && (await tapOn('[data-testid=region-target]')))) await page.tap('[data-testid=no-follower]');
  } else if (d === 'guesthouse') {
    await page.tap('[data-testid=no-guesthouse]');
  } else if (d === 'wyvern') {
    await tapOn('[data-testid=tile-target]');
  } else {
    throw new Error(`unexpected decision ${d}`);
  }
  await moved(page, v);
}

// Whether a tap 21 px (half of 44) from the middle of `el`, in each of the
// four directions (for a side of the city, outwards: along a side there is
// only the side's length), still lands on it (on `owner`, the element that
// takes the tap, when given).
async function takesFinger(page, handle, owner) {
  await handle.scrollIntoViewIfNeeded();
  return page.evaluate(([el, sel]) => {
    const r = el.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const side = el.closest('[data-side]');
    const out = side && { N: [0, -21], E: [21, 0], S: [0, 21], W: [-21, 0] }[side.dataset.side.split(',')[2]];
    const dirs = out ? [out] : [[21, 0], [-21, 0], [0, 21], [0, -21]];
    const target = sel ? el.closest(sel) : el;
    // A follower's ring and its region's area make the same choice.
    const region = target.dataset.region;
    return dirs.every(([dx, dy]) => {
      const hit = document.elementFromPoint(x + dx, y + dy);
      if (!hit) return false;
      if (hit === target || target.contains(hit)) return true;
      const other = hit.closest('[data-region]');
      return region !== undefined && !!other && other.dataset.region === region;
    });
  }, [handle, owner]);
}

// The first time decision `d` shows targets: whether each of them takes a
// finger, into `seen[d]`. `probes[d]`: the targets' selector and the element
// that takes their tap (takesFinger's `owner`). A screenshot of the targets
// (not of the spaces) is kept as `<shot>-<d>.png`.
async function probeTargets(page, d, probes, seen, shot) {
  const probe = probes[d];
  if (!probe || d in seen) return;
  const els = await page.$$(probe[0]);
  if (!els.length) return;
  let ok = true;
  for (const el of els) ok = ok && (await takesFinger(page, el, probe[1]));
  seen[d] = ok;
  if (d !== 'place') await page.screenshot({ path: path.join(ARTIFACTS, `${shot}-${d}.png`) });
}

// The visible buttons smaller than 44×44 CSS pixels.
async function smallButtons(page) {
  return page.$$eval('button', (els) => els
    .filter((b) => b.offsetParent !== null)
    .map((b) => [b.dataset.testid || b.textContent.trim(), b.getBoundingClientRect()])
    .filter(([, r]) => r.width < 44 - 0.5 || r.height < 44 - 0.5)
    .map(([n, r]) => `${n} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`));
}

async function main() {
  requireBuild();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const { server, origin } = await startServer();
  const browser = await launch();
  try {
    // --------------------------------------------- the loading sign
    const slow = await openPage(browser, PHONE);
    let release;
    const held = new Promise((r) => { release = r; });
    await slow.page.route('**/*_bg.wasm', async (route) => {
      await held;
      await route.continue();
    });
    await slow.page.goto(`${origin}/`, { waitUntil: 'domcontentloaded', timeout: 30000 });
    const sign = await slow.page.waitForSelector('#loading', { state: 'visible', timeout: TIMEOUT }).catch(() => null);
    const signText = sign ? await sign.textContent() : '';
    check('a loading sign shows while the wasm loads', !!sign && /Loading/.test(signText), signText);
    await slow.page.screenshot({ path: path.join(ARTIFACTS, 'layout-loading.png') });
    release();
    await slow.page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
    check('the sign goes when the game runs', !(await slow.page.$('#loading')));
    check('no console errors while loading', slow.problems.length === 0, slow.problems.join('\n    '));
    await slow.context.close();

    // --------------------------------------------------- a phone
    const phone = await openPage(browser, PHONE);
    const p = phone.page;
    await startGame(p, origin);
    const detail = await p.textContent('.prompt-detail');
    check('the first prompt has no keys in it', !/\bR\b|right click|Enter/.test(detail), detail);
    await clickDecision(p);
    const detail2 = await p.textContent('.prompt-detail');
    check('prompts speak of taps on a touch screen', /Tap /.test(detail2) && !/right click/.test(detail2), detail2);
    const strip = await p.locator('[data-testid=scoreline]').boundingBox();
    const board = await p.locator('[data-testid=board]').boundingBox();
    check('the scores are above the board, in the first screen', !!strip && strip.y + strip.height <= board.y && strip.y < 844,
      JSON.stringify({ strip, board }));
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    check('nothing is wider than the phone', width <= 390, `${width}`);
    const small = await smallButtons(p);
    check('every button takes a finger (44 px or more)', small.length === 0, small.join(', '));
    // Play on, by taps, checking the board's targets as they come.
    const seen = {};
    for (let n = 0; n < 400 && (await p.getAttribute(play, 'data-decision')) !== 'over'; n++) {
      const d = await p.getAttribute(play, 'data-decision');
      await probeTargets(p, d, {
        follower: ['[data-testid=region-target] .ring', '[data-testid=region-target]'],
        wall: ['[data-testid=side-target] .glow', '[data-testid=side-target]'],
        tower: ['[data-testid=vertex-target] .ring', '[data-testid=vertex-target]'],
        place: ['[data-cell][data-legal=now]', null],
      }, seen, 'layout-phone');
      await clickDecision(p, { follower: n % 2 === 0 });
    }
    for (const [d, ok] of Object.entries(seen)) check(`the board's ${d} targets take a finger (44 px)`, ok);
    // (The gate's sides are as long as the tiles are drawn: on a phone, a
    // pinch zooms in on them; their hit bands reach a finger outwards.)
    check('targets of several kinds were checked', Object.keys(seen).length >= 4, JSON.stringify(seen));
    // The game-over table on the phone.
    await p.waitForSelector('[data-testid=final-table]', { timeout: TIMEOUT });
    await p.screenshot({ path: path.join(ARTIFACTS, 'layout-phone-over.png') });
    const cols = await p.$$eval('[data-testid=final-table] thead th', (els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return [e.textContent.trim(), Math.round(r.left), Math.round(r.right)];
    }));
    for (const name of ['Stewards', 'Guards', 'Total']) {
      const c = cols.find((x) => x[0] === name);
      check(`the phone's game-over table shows ${name}`, !!c && c[1] >= 0 && c[2] <= 390, JSON.stringify(cols));
    }
    const fits = await p.$eval('.final-wrap', (e) => e.scrollWidth <= e.clientWidth + 1);
    check('the game-over table needs no sideways scrolling', fits);
    check('no console errors on the phone', phone.problems.length === 0, phone.problems.join('\n    '));
    await phone.context.close();

    // ------------------------------------- classic Carcassonne on a phone
    const cphone = await openPage(browser, PHONE);
    const c = cphone.page;
    await startClassic(c, origin);
    const cdetail = await c.textContent('.prompt-detail');
    check('classic on a phone: the prompt speaks of taps', /Tap /.test(cdetail) && !/right click|Enter/.test(cdetail), cdetail);
    const cstrip = await c.locator('[data-testid=scoreline]').boundingBox();
    const cboard = await c.locator('[data-testid=board]').boundingBox();
    check('classic on a phone: the scores are above the board', !!cstrip && cstrip.y + cstrip.height <= cboard.y,
      JSON.stringify({ cstrip, cboard }));
    const cseen = {};
    let wider = 0;
    let smallOnes = [];
    for (let n = 0; n < 200 && (await c.getAttribute(play, 'data-decision')) !== 'over'; n++) {
      const d = await c.getAttribute(play, 'data-decision');
      await probeTargets(c, d, {
        follower: ['[data-testid=region-target] .ring', '[data-testid=region-target]'],
        guesthouse: ['[data-testid=region-target]', null],
        wyvern: ['[data-testid=tile-target]', null],
        place: ['[data-cell][data-legal=now]', null],
      }, cseen, 'layout-classic-phone');
      wider = Math.max(wider, await c.evaluate(() => document.documentElement.scrollWidth));
      if (n % 10 === 0) smallOnes = smallOnes.concat(await smallButtons(c));
      await tapClassicDecision(c, n);
    }
    check('classic on a phone: played to the end by taps', (await c.getAttribute(play, 'data-decision')) === 'over');
    for (const [d, ok] of Object.entries(cseen)) check(`classic on a phone: the board's ${d} targets take a finger (44 px)`, ok);
    check('classic on a phone: spaces and follower rings were checked', 'place' in cseen && 'follower' in cseen, JSON.stringify(cseen));
    check('classic on a phone: nothing is wider than the phone', wider <= 390, `${wider}`);
    check('classic on a phone: every button takes a finger (44 px or more)', smallOnes.length === 0, [...new Set(smallOnes)].join(', '));
    await c.waitForSelector('[data-testid=final-table]', { timeout: TIMEOUT });
    await c.screenshot({ path: path.join(ARTIFACTS, 'layout-classic-phone-over.png') });
    const ccols = await c.$$eval('[data-testid=final-table] thead th', (els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return [e.textContent.trim(), Math.round(r.left), Math.round(r.right)];
    }));
    check("classic on a phone: the game-over table's columns fit", ccols.length > 2 && ccols.every((x) => x[1] >= 0 && x[2] <= 390),
      JSON.stringify(ccols));
    check('classic on a phone: no console errors', cphone.problems.length === 0, cphone.problems.join('\n    '));
    await cphone.context.close();

    // ------------------------------------------- a tablet held upright
    const tablet = await openPage(browser, { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });
    await startGame(tablet.page, origin);
    const tb = await tablet.page.locator('[data-testid=board]').boundingBox();
    const ts = await tablet.page.locator('[data-testid=scoreline]').boundingBox();
    check('a tablet held upright gets the phone layout (board full width, scores above)',
      tb && tb.width > 760 && ts && ts.y < tb.y, JSON.stringify({ tb, ts }));
    await tablet.page.screenshot({ path: path.join(ARTIFACTS, 'layout-tablet.png') });
    await tablet.context.close();

    // ---------------------------------------------- 4 players, 1280×800
    const four = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await startGame(four.page, origin, { players: 4 });
    for (let n = 0; n < 6; n++) await clickDecision(four.page, { follower: true });
    const cards = [];
    for (let i = 0; i < 4; i++) cards.push(await four.page.locator(`[data-testid=player-${i}]`).boundingBox());
    const scroll = await four.page.evaluate(() => document.documentElement.scrollHeight);
    check('4 players at 1280×800: all four cards in view',
      cards.every((c) => c && c.y >= 0 && c.y + c.height <= 800) && scroll <= 800,
      JSON.stringify(cards.map((c) => c && [Math.round(c.y), Math.round(c.y + c.height)])) + ` page ${scroll}`);
    await four.page.screenshot({ path: path.join(ARTIFACTS, 'layout-four.png') });
    check('no console errors with 4 players', four.problems.length === 0, four.problems.join('\n    '));
    await four.context.close();
  } catch (err) {
    check('the layout test runs', false, err.stack || String(err));
  } finally {
    await browser.close();
    server.close();
  }
  return report();
}

runMain(main);
