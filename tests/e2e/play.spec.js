// A whole 2-player hot-seat game in the built site (dist/).
//
// Starts a game with the short stacks (8 6 6) and a fixed seed through the
// new-game form, and plays it to the end through clicks and keys only,
// taking the first legal target each time (with a follower on every other
// tile, guards when allowed and towers when offered; the keyboard's moves
// focus the board and use its arrows and Enter). Checks that a wall round
// happened, that undo (Ctrl+Z) takes a decision back, exports the record
// (.cgn download), replays it with the command-line tool (`city replay`) and
// checks that the final scores on screen equal the replay's. Saves
// screenshots of the start, a mid-game position with walls, the end and a
// phone-sized layout into tests/e2e/artifacts/. Fails on any console error.
//
// Env: SEED (default 11), CITY=/path/to/city (default: `cargo run --quiet
//      --bin city`).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  test, ARTIFACTS, PLAY: play, version, moved, decision, cityReplay, newGameForm, cityForm,
} = require('./fixtures.js');

const SEED = process.env.SEED || '11';
const TIMEOUT = 15000;

// One decision by clicks or keys. `n` counts the decisions so far.
async function act(page, n) {
  const d = await decision(page);
  const v = await version(page);
  switch (d) {
    case 'place': {
      if (n % 2 === 0) {
        // Mouse: click the first glowing space, then the Place button.
        await page.click('[data-cell][data-legal=now]');
        await page.waitForSelector('[data-testid=ghost]');
        await page.click('[data-testid=confirm]');
      } else {
        // Keyboard: on the board an arrow tries the tile on a legal space, Enter places it.
        await page.locator('[data-testid=board]').focus();
        await page.keyboard.press('ArrowRight');
        await page.waitForSelector('[data-testid=ghost]');
        await page.keyboard.press('Enter');
      }
      break;
    }
    case 'follower': {
      const region = await page.$('[data-testid=region-target]');
      if (region && n % 2 === 0) {
        await region.hover();
        await page.waitForSelector('[data-testid=feature-highlight]');
        await region.click();
      } else if (n % 3 === 0) {
        await page.keyboard.press('n');
      } else if (region && n % 5 === 1) {
        // Keyboard: on the board an arrow puts the focus on a ring, Enter takes it.
        await page.locator('[data-testid=board]').focus();
        await page.keyboard.press('ArrowRight');
        await page.waitForSelector('[data-testid=region-target].focused');
        await page.keyboard.press('Enter');
      } else {
        await page.click('[data-testid=no-follower]');
      }
      break;
    }
    case 'gate':
    case 'wall':
      if (n % 3 === 0) {
        await page.locator('[data-testid=board]').focus();
        await page.keyboard.press('ArrowDown');
        await page.waitForSelector('[data-testid=side-target].focused');
        await page.keyboard.press('Enter');
      } else {
        await page.click('[data-testid=side-target]');
      }
      break;
    case 'guard':
      if (await page.$('[data-testid=guard-yes]')) await page.click('[data-testid=guard-yes]');
      else await page.click('[data-testid=guard-no]');
      break;
    case 'tower':
      if (await page.$('[data-testid=vertex-target]')) await page.click('[data-testid=vertex-target]');
      else await page.click('[data-testid=tower-none]');
      break;
    default:
      throw new Error(`unexpected decision ${d}`);
  }
  await moved(page, v);
}

async function startGame(page, origin) {
  await newGameForm(page, `${origin}/`);
  await cityForm(page, { names: ['Aude', 'Bernat <b>'], seed: SEED });
}

const viewBox = async (pg) => (await pg.getAttribute('[data-testid=board]', 'viewBox')).split(' ').map(Number);

test('a whole hot-seat game by clicks and keys, its record replayed', async ({ origin, open, check }) => {
  // (Without CITY, `cargo run` may build the command-line tool first.)
  if (!process.env.CITY) test.setTimeout(400000);
  const { page, problems } = await open();
  await startGame(page, origin);
  check('a 2-player game with stacks 8 6 6 starts', (await decision(page)) === 'place');
  const nameText = await page.textContent('[data-testid=player-1] .player-name');
  check('player names are shown as text', nameText === 'Bernat <b>', `got ${JSON.stringify(nameText)}`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'play-start.png') });

  // Board gestures: the wheel zooms, a drag pans and tries no tile, Fit city.
  const fitted = await viewBox(page);
  const board = await page.locator('[data-testid=board]').boundingBox();
  await page.mouse.move(board.x + board.width / 2, board.y + board.height / 2);
  await page.mouse.wheel(0, -400);
  await page.waitForFunction((w) => Number(document.querySelector('[data-testid=board]')
    .getAttribute('viewBox').split(' ')[2]) < w, fitted[2], { timeout: TIMEOUT });
  const zoomed = await viewBox(page);
  check('the wheel zooms in', zoomed[2] < fitted[2], `${fitted} -> ${zoomed}`);
  const cell = await page.locator('[data-cell][data-legal=now]').boundingBox();
  const [cx, cy] = [cell.x + cell.width / 2, cell.y + cell.height / 2];
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 90, cy + 40, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(50);
  const panned = await viewBox(page);
  check('a drag pans the board and tries no tile',
    panned[0] < zoomed[0] && panned[1] < zoomed[1] && panned[2] === zoomed[2] && !(await page.$('[data-testid=ghost]')),
    `${zoomed} -> ${panned}`);
  await page.click('[data-testid=zoom-out]');
  await page.click('[data-testid=fit]');
  await page.waitForTimeout(50);
  check('Fit city shows the whole city again', JSON.stringify(await viewBox(page)) === JSON.stringify(fitted));

  // Undo: place the first tile, take it back with Ctrl+Z.
  const v0 = await version(page);
  await page.click('[data-cell][data-legal=now]');
  await page.keyboard.press('Enter');
  await moved(page, v0);
  const placed = await page.getAttribute('.tiles', 'data-count');
  const v1 = await version(page);
  await page.keyboard.press('Control+z');
  await moved(page, v1);
  const afterUndo = await page.getAttribute('.tiles', 'data-count');
  check('Ctrl+Z takes the placement back', placed === '1' && afterUndo === '0' && (await decision(page)) === 'place',
    `tiles ${placed} then ${afterUndo}`);

  let n = 0;
  const shotOf = new Set();
  let sawWallRound = false;
  let midShot = false;
  while ((await decision(page)) !== 'over') {
    if (n > 600) throw new Error('the game did not end after 600 decisions');
    const d = await decision(page);
    if (d === 'gate' || d === 'wall') sawWallRound = true;
    if (!shotOf.has(d) && d !== 'place') {
      // One picture of each kind of decision, for looking at.
      shotOf.add(d);
      await page.screenshot({ path: path.join(ARTIFACTS, `play-decision-${d}.png`) });
    }
    const walls = Number(await page.getAttribute('.walls', 'data-count'));
    if (!midShot && walls >= 2 && (d === 'wall' || d === 'place')) {
      await page.screenshot({ path: path.join(ARTIFACTS, 'play-mid-walls.png') });
      midShot = true;
    }
    await act(page, n);
    n++;
  }
  check(`the game was played to its end (${n} decisions)`, true);
  check('a wall round happened', sawWallRound && (await page.$('[data-testid=gate]')) !== null);
  const closing = Number(await page.getAttribute('.closing', 'data-count'));
  const gap = Number(await page.textContent('[data-testid=gap]'));
  check('the closing walls are drawn', closing === gap, `${closing} drawn, gap ${gap}`);
  await page.waitForSelector('[data-testid=game-over]', { timeout: TIMEOUT });
  await page.screenshot({ path: path.join(ARTIFACTS, 'play-end.png') });

  const players = await page.$$eval('[data-testid^=final-score-]', (els) =>
    els.map((e) => [Number(e.dataset.testid.slice('final-score-'.length)), Number(e.textContent)]));
  const screenScores = [];
  for (const [i, s] of players) screenScores[i] = s;
  const panelScores = await page.$$eval('[data-testid^=score-]', (els) => els.map((e) => Number(e.textContent)));
  check('the game-over table agrees with the panel', JSON.stringify(screenScores) === JSON.stringify(panelScores),
    `${JSON.stringify(screenScores)} vs ${JSON.stringify(panelScores)}`);

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: TIMEOUT }),
    page.click('[data-testid=export-final]'),
  ]);
  const file = path.join(ARTIFACTS, 'play.cgn');
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  check('the record downloads as .cgn', download.suggestedFilename().endsWith('.cgn') && text.includes('[Players "Aude, Bernat <b>"]'),
    download.suggestedFilename());

  let summary = null;
  try {
    summary = JSON.parse(await cityReplay(file));
  } catch (err) {
    check('city replay reads the record', false, err.message.split('\n')[0]);
  }
  if (summary) {
    check('the replay ends like the game on screen',
      JSON.stringify(summary.scores) === JSON.stringify(screenScores),
      `replay ${JSON.stringify(summary.scores)} vs screen ${JSON.stringify(screenScores)}`);
    const turns = Number(await page.getAttribute(play, 'data-turn'));
    check('the replay has as many turns as the game', summary.turns === turns, `${summary.turns} vs ${turns}`);
  }
  await page.click('[data-testid=view-board]');
  await page.keyboard.press('f');
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(ARTIFACTS, 'play-end-board.png') });
  check('no console errors in the game', problems.length === 0, problems.join('\n    '));
});

// A phone-sized screen: the board, the prompt and the buttons fit.
test('a phone: a pinch zooms, the layout fits', { tag: '@phone' }, async ({ origin, open, check }) => {
  const phone = await open({ deviceScaleFactor: 2 });
  await startGame(phone.page, origin);
  await phone.page.tap('[data-cell][data-legal=now]');
  await phone.page.tap('[data-testid=confirm]');
  await phone.page.waitForFunction((sel) => document.querySelector(sel).dataset.turn === '1', play);
  // Two fingers moving apart zoom in.
  const before = await viewBox(phone.page);
  await phone.page.evaluate(() => {
    const svg = document.querySelector('[data-testid=board]');
    const r = svg.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const ev = (type, id, px) => svg.dispatchEvent(new PointerEvent(type, {
      pointerId: id, clientX: px, clientY: y, bubbles: true, pointerType: 'touch', isPrimary: id === 1,
    }));
    ev('pointerdown', 1, x - 20);
    ev('pointerdown', 2, x + 20);
    for (let k = 1; k <= 5; k++) {
      ev('pointermove', 1, x - 20 - 12 * k);
      ev('pointermove', 2, x + 20 + 12 * k);
    }
    ev('pointerup', 1, x - 80);
    ev('pointerup', 2, x + 80);
  });
  await phone.page.waitForTimeout(50);
  const after = await viewBox(phone.page);
  // (A touch screen already looks closely at the new tile for its
  // follower: the pinch then zooms in as far as the camera goes.)
  check('a pinch zooms in', after[2] < before[2] * 0.6 || (after[2] === 160 && before[2] > 160), `${before} -> ${after}`);
  const box = await phone.page.locator('[data-testid=board]').boundingBox();
  const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  check('the layout fits a phone screen', box && box.width <= 390 && box.height > 300 && width <= 390,
    `board ${JSON.stringify(box)}, page width ${width}`);
  await phone.page.screenshot({ path: path.join(ARTIFACTS, 'play-phone.png') });
  check('no console errors on the phone', phone.problems.length === 0, phone.problems.join('\n    '));
});
