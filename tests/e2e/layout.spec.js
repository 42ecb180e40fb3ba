// Small screens and slow starts.
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
// - 4 players at 1280×800: all four score cards in view; 5 players of
//   classic at 1280×800: all five;
// - a game opens at the top of the page (the form was scrolled down to its
//   button): the prompt, the tile in hand and "Place tile" in view, on a
//   phone and at 1280×800;
// - on a phone, a guard's or a tower's question and its buttons come into
//   view with the board under them when the player had scrolled down to
//   the board (to a wall's end);
// - late in a classic game (60 tiles) on a phone, and on a short touch
//   screen (from the game's link at its turn 25), the wyvern's tiles are
//   each a finger wide (44 px or more); the players' coins are counted in
//   words ("1 coin");
// - 200% zoom (640×400 at a device scale of 2, as a 1280×800 screen): the
//   board is beside the decision, large, and its tools do not cover it; it
//   stays in view while the page scrolls; a guard's question and the board
//   are in view together.
//
// The touch screens' tests run in the `phone` project (@phone), the others
// in `desktop`; each sets the screen it is about.
'use strict';

const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY: play, clickDecision, legalCell, version, moved, classicForm, newGameForm, cityForm, startGame: start,
} = require('./fixtures.js');
const { ANY_WASM } = require('./build.js');

const TIMEOUT = 15000;

// A phone (the `phone` project's screen), at a device scale of 2.
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

async function startGame(page, origin, { seed = '11', players = 2 } = {}) {
  await newGameForm(page, `${origin}/`);
  await cityForm(page, { players, seed });
}

// A 3-player classic game with The City Gates and Old City and a short pile.
async function startClassic(page, origin, { seed = '5', tiles = '60' } = {}) {
  await newGameForm(page, `${origin}/`);
  await classicForm(page, { players: 3, tiles, seed });
  await start(page, TIMEOUT);
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
    const cell = await legalCell(page, { tap: true });
    await cell.scrollIntoViewIfNeeded();
    await cell.tap();
    await page.waitForSelector('[data-testid=ghost]', { timeout: TIMEOUT });
    await page.tap('[data-testid=confirm]');
  } else if (d === 'follower') {
    if (!(n % 2 === 0 && (await tapOn('[data-testid=region-target]')))) await page.tap('[data-testid=no-follower]');
  } else if (d === 'guesthouse') {
    await page.tap('[data-testid=no-guesthouse]');
  } else if (d === 'wyvern') {
    // One in the board's view (a small screen shows some of them).
    const shown = await page.$$eval('[data-testid=tile-target]', (els) => {
      const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
      return els.findIndex((e) => {
        const r = e.getBoundingClientRect();
        return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom;
      });
    });
    const el = (await page.$$('[data-testid=tile-target]'))[Math.max(shown, 0)];
    await el.scrollIntoViewIfNeeded();
    await el.tap();
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

// Whether the element `sel` is wholly inside the viewport (its rectangle,
// with half a pixel to spare), and the rectangle.
async function inView(page, sel) {
  return page.$eval(sel, (el) => {
    const r = el.getBoundingClientRect();
    const ok = r.width > 0 && r.top >= -0.5 && r.left >= -0.5
      && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    return [ok, [r.left, r.top, r.right, r.bottom].map(Math.round)];
  }).catch(() => [false, 'absent']);
}

// The share of the element `sel`'s height inside the viewport (0 to 1).
async function shownHeight(page, sel) {
  return page.$eval(sel, (el) => {
    const r = el.getBoundingClientRect();
    const seen = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
    return r.height > 0 ? Math.max(0, seen) / r.height : 0;
  });
}

// The decision's prompt, the tile in hand and "Place tile", each in view.
async function startInView(page, what) {
  for (const [sel, name] of [['[data-testid=prompt]', 'the prompt'], ['.hand', 'the tile in hand'],
    ['[data-testid=confirm]', '"Place tile"']]) {
    const [ok, r] = await inView(page, sel);
    check(`${what}: ${name} is in view when the game opens`, ok,
      `${JSON.stringify(r)} in ${JSON.stringify(page.viewportSize())}, scrolled ${await page.evaluate(() => scrollY)}`);
  }
}

// At a guard's or tower's decision: its question and buttons in view, and
// at least `board` of the board's height with them. Resolves to the
// failures' details (empty when all is well).
async function questionInView(page, d, board) {
  const bad = [];
  const buttons = d === 'guard' ? ['guard-no'] : ['tower-none'];
  for (const sel of ['[data-testid=prompt] .prompt-title', ...buttons.map((b) => `[data-testid=${b}]`)]) {
    const [ok, r] = await inView(page, sel);
    if (!ok) bad.push(`${sel} ${JSON.stringify(r)}`);
  }
  const shown = await shownHeight(page, '[data-testid=board]');
  if (shown < board) bad.push(`the board ${Math.round(shown * 100)}% in view`);
  return bad;
}

// The wyvern's tiles smaller than a finger (44 px), and whether one is in
// the board's view and takes a finger there.
async function wyvernTargets(page) {
  const small = await page.$$eval('[data-testid=tile-target]', (els) => els
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.width < 44 - 0.5 || r.height < 44 - 0.5)
    .map((r) => `${r.width.toFixed(0)}×${r.height.toFixed(0)}`));
  const shown = await page.$$eval('[data-testid=tile-target]', (els) => {
    const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
    return els.map((e, i) => [i, e.getBoundingClientRect()])
      .filter(([, r]) => r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom)
      .map(([i]) => i);
  });
  const one = shown.length ? (await page.$$('[data-testid=tile-target]'))[shown[0]] : null;
  return { small, shown: shown.length, takes: !!one && (await takesFinger(page, one, null)) };
}

// The visible buttons smaller than 44×44 CSS pixels.
async function smallButtons(page) {
  return page.$$eval('button', (els) => els
    .filter((b) => b.offsetParent !== null)
    .map((b) => [b.dataset.testid || b.textContent.trim(), b.getBoundingClientRect()])
    .filter(([, r]) => r.width < 44 - 0.5 || r.height < 44 - 0.5)
    .map(([n, r]) => `${n} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`));
}

// The wyvern's decisions of a game: every target a finger wide, one of
// them in the board's view taking a finger; late in the game too.
function wyvernChecks(what, wyverns) {
  const bad = wyverns.filter(([, w]) => w.small.length || !w.shown || !w.takes);
  const last = wyverns.length ? Number(wyverns[wyverns.length - 1][0]) : 0;
  check(`${what}: the wyvern's tiles take a finger (44 px) at each of its ${wyverns.length} decisions, the last on turn ${last}`,
    wyverns.length >= 3 && last >= 30 && bad.length === 0, JSON.stringify(bad.slice(0, 4)));
}

test('a loading sign while the wasm loads', { tag: '@phone' }, async ({ origin, open }) => {
  // --------------------------------------------- the loading sign
  const slow = await open(PHONE);
  let release;
  const held = new Promise((r) => { release = r; });
  await slow.page.route(ANY_WASM, async (route) => {
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
});

test('a phone: taps, scores above the board, targets a finger wide, the game-over table', { tag: '@phone' }, async ({ origin, open }) => {
  // --------------------------------------------------- a phone
  const phone = await open(PHONE);
  const p = phone.page;
  await startGame(p, origin);
  await startInView(p, 'a phone');
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
  // Play on, by taps, checking the board's targets as they come, and
  // that a guard's or a tower's question is in view with the board.
  const seen = {};
  const questions = {};
  for (let n = 0; n < 400 && (await p.getAttribute(play, 'data-decision')) !== 'over'; n++) {
    const d = await p.getAttribute(play, 'data-decision');
    if ((d === 'guard' || d === 'tower') && (questions[d] || []).length < 3) {
      (questions[d] = questions[d] || []).push(await questionInView(p, d, 0.9));
      if (questions[d].length === 1) await p.screenshot({ path: path.join(ARTIFACTS, `layout-phone-question-${d}.png`) });
    }
    await probeTargets(p, d, {
      follower: ['[data-testid=region-target] .ring', '[data-testid=region-target]'],
      wall: ['[data-testid=side-target] .glow', '[data-testid=side-target]'],
      tower: ['[data-testid=vertex-target] .ring', '[data-testid=vertex-target]'],
      place: ['[data-cell][data-legal=now]', null],
    }, seen, 'layout-phone');
    await clickDecision(p, { follower: n % 2 === 0 });
  }
  for (const [d, ok] of Object.entries(seen)) check(`the board's ${d} targets take a finger (44 px)`, ok);
  for (const d of ['guard', 'tower']) {
    const seenQ = questions[d] || [];
    check(`a phone: a ${d}'s question and its buttons are in view with the board (${seenQ.length} seen)`,
      seenQ.length > 0 && seenQ.every((b) => b.length === 0), JSON.stringify(seenQ));
  }
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
});

test('classic Carcassonne on a phone, played to the end by taps', { tag: '@phone' }, async ({ origin, open }) => {
  // ------------------------------------- classic Carcassonne on a phone
  const cphone = await open(PHONE);
  const c = cphone.page;
  await startClassic(c, origin);
  await startInView(c, 'classic on a phone');
  const cdetail = await c.textContent('.prompt-detail');
  check('classic on a phone: the prompt speaks of taps', /Tap /.test(cdetail) && !/right click|Enter/.test(cdetail), cdetail);
  const cstrip = await c.locator('[data-testid=scoreline]').boundingBox();
  const cboard = await c.locator('[data-testid=board]').boundingBox();
  check('classic on a phone: the scores are above the board', !!cstrip && cstrip.y + cstrip.height <= cboard.y,
    JSON.stringify({ cstrip, cboard }));
  const cseen = {};
  let wider = 0;
  let smallOnes = [];
  const wyverns = [];
  const coins = new Set();
  for (let n = 0; n < 400 && (await c.getAttribute(play, 'data-decision')) !== 'over'; n++) {
    const d = await c.getAttribute(play, 'data-decision');
    for (const t of await c.$$eval('.held-item[data-what=coins]', (els) => els.map((e) => e.textContent))) coins.add(t);
    if (d === 'wyvern') wyverns.push([await c.getAttribute(play, 'data-turn'), await wyvernTargets(c)]);
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
  wyvernChecks('classic on a phone', wyverns);
  const coinWords = [...coins].sort();
  check(`classic on a phone: coins are counted in words (${coinWords.join(', ')})`,
    coinWords.includes('1 coin') && coinWords.every((t) => /^(1 coin|([2-9]|\d\d+) coins)$/.test(t)), coinWords.join(', '));
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
});

test('a tablet held upright gets the phone layout', { tag: '@phone' }, async ({ origin, open }) => {
  // ------------------------------------------- a tablet held upright
  const tablet = await open({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });
  await startGame(tablet.page, origin);
  const tb = await tablet.page.locator('[data-testid=board]').boundingBox();
  const ts = await tablet.page.locator('[data-testid=scoreline]').boundingBox();
  check('a tablet held upright gets the phone layout (board full width, scores above)',
    tb && tb.width > 760 && ts && ts.y < tb.y, JSON.stringify({ tb, ts }));
  await tablet.page.screenshot({ path: path.join(ARTIFACTS, 'layout-tablet.png') });
  await tablet.context.close();
});

test('4 players at 1280×800: all four cards in view', async ({ origin, open }) => {
  // ---------------------------------------------- 4 players, 1280×800
  const four = await open({ viewport: { width: 1280, height: 800 } });
  await startGame(four.page, origin, { players: 4 });
  await startInView(four.page, '1280×800');
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
});

test('5 players of classic at 1280×800: all five cards in view', async ({ origin, open }) => {
  // ------------------------------------- 5 players of classic, 1280×800
  const five = await open({ viewport: { width: 1280, height: 800 } });
  await five.page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await five.page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await classicForm(five.page, { players: 5, tiles: 40, seed: 5 });
  await five.page.click('[data-testid=start-game]');
  await five.page.waitForSelector(play, { timeout: TIMEOUT });
  // At each decision for a while (the prompts differ in length).
  const out = [];
  for (let n = 0; n < 24; n++) {
    for (let i = 0; i < 5; i++) {
      const [ok, r] = await inView(five.page, `[data-testid=player-${i}]`);
      if (!ok) out.push(`decision ${n} (${await five.page.getAttribute(play, 'data-decision')}): card ${i} at ${JSON.stringify(r)}`);
    }
    if (n === 12) await five.page.screenshot({ path: path.join(ARTIFACTS, 'layout-five.png') });
    await clickDecision(five.page, { follower: true });
  }
  const fiveScroll = await five.page.evaluate(() => document.documentElement.scrollHeight);
  check('5 players of classic at 1280×800: all five cards in view at every decision', out.length === 0 && fiveScroll <= 800,
    `${out.slice(0, 6).join('; ')} page ${fiveScroll}`);
  check('no console errors with 5 players', five.problems.length === 0, five.problems.join('\n    '));
  await five.context.close();
});

test('200% zoom: the board beside the decision, large, in view', async ({ origin, open }) => {
  // ------------------------- 200% zoom: 1280×800 seen as 640×400 at 2×
  const zoom = await open({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });
  const z = zoom.page;
  await startGame(z, origin);
  await z.screenshot({ path: path.join(ARTIFACTS, 'layout-zoom.png') });
  const zb = await z.locator('[data-testid=board]').boundingBox();
  const zt = await z.locator('.board-tools').boundingBox();
  check('200% zoom: the board is large (its shorter side 280 px or more of 400)', zb && Math.min(zb.width, zb.height) >= 280,
    JSON.stringify(zb));
  const overlap = zb && zt && zt.x < zb.x + zb.width && zb.x < zt.x + zt.width && zt.y < zb.y + zb.height && zb.y < zt.y + zt.height;
  check('200% zoom: the zoom bar does not cover the board', zt && !overlap, JSON.stringify({ zb, zt }));
  const [promptShown] = await inView(z, '[data-testid=prompt] .prompt-title');
  check('200% zoom: the decision is beside the board, both in view', promptShown && (await shownHeight(z, '[data-testid=board]')) > 0.95);
  await z.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  check('200% zoom: the board stays in view while the page scrolls (to the scores)',
    (await z.evaluate(() => scrollY)) > 100 && (await shownHeight(z, '[data-testid=board]')) > 0.95,
    `scrolled ${await z.evaluate(() => scrollY)}`);
  const zq = {};
  // (Played on until a guard's and a tower's question have shown.)
  for (let n = 0; n < 400 && !('guard' in zq && 'tower' in zq) && (await z.getAttribute(play, 'data-decision')) !== 'over'; n++) {
    const d = await z.getAttribute(play, 'data-decision');
    if ((d === 'guard' || d === 'tower') && !(d in zq)) zq[d] = await questionInView(z, d, 0.95);
    // Scrolled down to the chronicle between decisions.
    if (n % 5 === 4) await z.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await clickDecision(z, { follower: n % 2 === 0 });
  }
  check("200% zoom: a guard's and a tower's question are in view with the board",
    'guard' in zq && 'tower' in zq && Object.values(zq).every((b) => b.length === 0), JSON.stringify(zq));
  check('no console errors at 200% zoom', zoom.problems.length === 0, zoom.problems.join('\n    '));
  await zoom.context.close();
});

// Classic Carcassonne with both expansions, 3 players, seed 7, a pile of 60
// tiles, as `startClassic(page, origin, { seed: '7' })` starts it, played by
// `tapClassicDecision` on a short touch screen (640×400) to turn 25 (52
// decisions), from "Copy link" there: the wyvern's decisions to come are on
// turns 31, 46, 48 and 55. (Its first 25 turns, which only lead there, are
// spared; were the link ever to open elsewhere, the game is played from its
// start, which the test says.)
const SIDE_LINK = '?seats=red,blue,green#AgEZAwA8BEF1ZGUGQmVybmF0B0PDqWNpbGU0m5OUG5GQNrSVpM1Ohh2fsivTIKYw_Rgt6_5jFBpeDJgqqk-1YiRFmaQt1dHO8PKtRn4gJp8Q5Q-FmvqwBHoVrLs';

test("classic on a short touch screen: the wyvern's tiles a finger wide", { tag: '@phone' }, async ({ origin, open }) => {
  // ------------- classic on a short touch screen (a phone on its side)
  const side = await open({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const sp = side.page;
  await sp.goto(`${origin}/${SIDE_LINK}`, { waitUntil: 'load', timeout: 30000 });
  await sp.waitForSelector(play, { timeout: TIMEOUT });
  let first = 52;
  const at = { ruleset: await sp.getAttribute(play, 'data-ruleset'), turn: await sp.getAttribute(play, 'data-turn') };
  if (at.ruleset !== 'classic' || at.turn !== '25') {
    console.log(`note: the link opened at ${JSON.stringify(at)}, not turn 25 of classic: the game from its start (make SIDE_LINK anew)`);
    await startClassic(sp, origin, { seed: '7' });
    first = 0;
  }
  const sideWyverns = [];
  for (let n = first; n < 400 && (await sp.getAttribute(play, 'data-decision')) !== 'over'; n++) {
    if ((await sp.getAttribute(play, 'data-decision')) === 'wyvern') {
      sideWyverns.push([await sp.getAttribute(play, 'data-turn'), await wyvernTargets(sp)]);
    }
    await tapClassicDecision(sp, n);
  }
  wyvernChecks('classic on a short touch screen', sideWyverns);
  check('classic on a short touch screen: no console errors', side.problems.length === 0, side.problems.join('\n    '));
  await side.context.close();
});
