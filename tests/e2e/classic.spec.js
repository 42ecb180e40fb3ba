// Classic Carcassonne in the built site (dist/), issue 12:
// a 3-player hot-seat game with The City Gates and Old City and a short pile,
// started through the new-game form and played to its end by clicks and keys
// only. It uses Old City's wood (a space marked as taking the tile only with
// wood, the tile turned until the hand names the wood), the guesthouse, the
// wyvern and a farmer at least once each. Then it checks that the final
// scores on screen equal `city replay` of the exported record, that the
// game's link opened in a fresh profile shows the same position, and keeps
// screenshots of the start, a mid-game board and the end in
// tests/e2e/artifacts/. Fails on any console error.
//
// Env: SEED (default 4), TILES (default 40), CITY=/path/to/city (default:
//      `cargo run --quiet --bin city`).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  test, ARTIFACTS, PLAY: play, version, moved, decision, cityReplay, classicForm, newGameForm, startGame: start,
} = require('./fixtures.js');

const SEED = process.env.SEED || '4';
const TILES = process.env.TILES || '40';
const TIMEOUT = 15000;

// Tries the tile on a space marked for wood and turns it until the hand
// names the wood; true when a placement with wood is tried.
async function tryWood(page) {
  const cells = await page.$$('[data-cell][data-wood=yes]');
  for (const cell of cells) {
    await cell.click();
    await page.waitForSelector('[data-testid=ghost]');
    for (let k = 0; k < 4; k++) {
      if (await page.$('[data-testid=placement-variant]')) return true;
      await page.keyboard.press('r');
      await page.waitForTimeout(20);
    }
  }
  return false;
}

// One decision by clicks or keys. `n` counts the decisions so far.
async function act(page, n, used) {
  const d = await decision(page);
  const v = await version(page);
  switch (d) {
    case 'place': {
      if (!used.wood && (await tryWood(page))) {
        used.wood = true;
        await page.keyboard.press('Enter');
      } else if (n % 2 === 0) {
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
    case 'guesthouse': {
      const road = await page.$('[data-testid=region-target]');
      if (road && !used.guesthouse) {
        used.guesthouse = true;
        await road.click();
      } else {
        await page.click('[data-testid=no-guesthouse]');
      }
      break;
    }
    case 'wyvern':
      used.wyvern = true;
      if (n % 2 === 0) {
        await page.click('[data-testid=tile-target]');
      } else {
        await page.locator('[data-testid=board]').focus();
        await page.keyboard.press('ArrowRight');
        await page.waitForSelector('[data-testid=tile-target].focused');
        await page.keyboard.press('Enter');
      }
      break;
    case 'follower': {
      const rings = await page.$$('[data-testid=region-target]');
      let farmer = null;
      for (const r of rings) {
        if ((await r.textContent()).includes('farmer')) farmer = r;
      }
      if (farmer && !used.farmer) {
        used.farmer = true;
        await farmer.click();
      } else if (rings.length && n % 3 === 0) {
        await rings[0].click();
      } else if (rings.length && n % 3 === 1) {
        await page.locator('[data-testid=board]').focus();
        await page.keyboard.press('ArrowRight');
        await page.waitForSelector('[data-testid=region-target].focused');
        await page.keyboard.press('Enter');
      } else {
        await page.keyboard.press('n');
      }
      break;
    }
    default:
      throw new Error(`unexpected decision ${d}`);
  }
  await moved(page, v);
}

async function startGame(page, origin) {
  await newGameForm(page, `${origin}/`);
  await classicForm(page, { players: 3, names: ['Aude', 'Bernat', 'Cécile'], tiles: TILES, seed: SEED });
  await start(page, TIMEOUT);
}

// What the board and the panel show of the position.
async function position(page) {
  return page.evaluate((sel) => ({
    ruleset: document.querySelector(sel).dataset.ruleset,
    turn: document.querySelector(sel).dataset.turn,
    decision: document.querySelector(sel).dataset.decision,
    tiles: document.querySelector('.tiles').dataset.count,
    followers: document.querySelector('.followers').dataset.count,
    pieces: document.querySelector('.other-pieces').dataset.count,
    scores: [...document.querySelectorAll('[data-testid^=score-]')].map((e) => e.textContent),
  }), play);
}

test('a 3-player classic game by clicks and keys, its record and link', async ({ origin, open, check }) => {
  // (Without CITY, `cargo run` may build the command-line tool first.)
  if (!process.env.CITY) test.setTimeout(400000);
  // What the game has used so far, of what the test must see once.
  const used = { wood: false, guesthouse: false, wyvern: false, farmer: false };
  const { page, problems } = await open();
  await startGame(page, origin);
  const start = await position(page);
  check('a 3-player classic game starts', start.ruleset === 'classic' && start.decision === 'place'
    && start.scores.length === 3, JSON.stringify(start));
  check('the start tile is drawn with the classic artwork',
    (await page.$$('g[id^=tile-c-]')).length >= 2 && start.tiles === '1');
  check('the hand counts the tiles left', /tiles? left/.test(await page.textContent('[data-testid=pile]')));
  await page.screenshot({ path: path.join(ARTIFACTS, 'classic-start.png') });

  let n = 0;
  let midShot = false;
  while ((await decision(page)) !== 'over') {
    if (n > 400) throw new Error('the game did not end after 400 decisions');
    if (!midShot && Number(await page.getAttribute('.tiles', 'data-count')) >= 14
        && (await decision(page)) === 'place') {
      await page.screenshot({ path: path.join(ARTIFACTS, 'classic-mid.png') });
      midShot = true;
      // The tiles left by type add up to the pile (the tile in hand apart).
      const pile = Number((await page.textContent('[data-testid=pile]')).match(/\d+/)[0]);
      await page.click('[data-testid=tiles-left-open]');
      await page.waitForSelector('[data-testid=tiles-left-dialog]');
      const byType = await page.$$eval('.tile-count', (els) => els.reduce((a, e) => a + Number(e.dataset.left), 0));
      await page.screenshot({ path: path.join(ARTIFACTS, 'classic-tiles-left.png') });
      // (With a short pile, TILES of the tiles in play at random, the
      // dialog says how many are to come and lists every tile they may be.)
      const total = await page.textContent('[data-testid=tiles-left-total]');
      const short = total.startsWith(`${pile - 1} tiles still to come from a short pile`);
      check('the tiles left by type: the pile, or with a short pile how many are to come, apart from what they may be',
        short ? byType > pile - 1 : byType === pile - 1 && total.startsWith(`${pile - 1} tiles in the pile`),
        `${total} / ${byType} by type, ${pile} left`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=tiles-left-dialog]', { state: 'detached' });
      // A reload resumes the classic game where it was.
      const beforeReload = await position(page);
      await page.reload({ waitUntil: 'load' });
      await page.waitForSelector(play, { timeout: TIMEOUT });
      const afterReload = await position(page);
      check('a reload resumes the classic game at the same position',
        JSON.stringify(afterReload) === JSON.stringify(beforeReload),
        `${JSON.stringify(afterReload)} vs ${JSON.stringify(beforeReload)}`);
      // The key shows classic tiles and pieces (the plaza's mark among them).
      await page.click('[data-testid=legend-open]');
      await page.waitForSelector('[data-testid=legend-dialog]');
      const items = await page.$$eval('[data-testid=legend] figure', (els) => els.map((e) => e.textContent));
      check('the key shows the classic tiles and pieces', items.length === 17 && items.some((t) => t.includes('Farmer')),
        JSON.stringify(items));
      await page.screenshot({ path: path.join(ARTIFACTS, 'classic-key.png') });
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=legend-dialog]', { state: 'detached' });
    }
    await act(page, n, used);
    n++;
  }
  check(`the game was played to its end (${n} decisions)`, true);
  for (const [what, yes] of Object.entries(used)) check(`the game used ${what} at least once`, yes);
  await page.waitForSelector('[data-testid=game-over]', { timeout: TIMEOUT });
  await page.screenshot({ path: path.join(ARTIFACTS, 'classic-end.png') });

  const players = await page.$$eval('[data-testid^=final-score-]', (els) =>
    els.map((e) => [Number(e.dataset.testid.slice('final-score-'.length)), Number(e.textContent)]));
  const screenScores = [];
  for (const [i, s] of players) screenScores[i] = s;
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: TIMEOUT }),
    page.click('[data-testid=export-final]'),
  ]);
  const file = path.join(ARTIFACTS, 'classic.cgn');
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  check('the record downloads as CGN-C', text.includes('[Game "Carcassonne"]')
    && text.includes('[Players "Aude, Bernat, Cécile"]'), download.suggestedFilename());
  let summary = null;
  try {
    summary = JSON.parse(await cityReplay(file));
  } catch (err) {
    check('city replay reads the record', false, err.message.split('\n')[0]);
  }
  if (summary) {
    check('the final scores on screen equal city replay of the record',
      JSON.stringify(summary.scores) === JSON.stringify(screenScores),
      `replay ${JSON.stringify(summary.scores)} vs screen ${JSON.stringify(screenScores)}`);
  }

  // The game's link, opened in a fresh profile, shows the same position.
  await page.click('[data-testid=view-board]');
  const end = await position(page);
  // The exported record, imported, opens at the same position (a new save).
  await page.click('[data-testid=import-open]');
  await page.fill('[data-testid=import-text]', text);
  await page.click('[data-testid=import-go]');
  await page.waitForSelector('[data-testid=import-dialog]', { state: 'detached', timeout: TIMEOUT });
  if (await page.$('[data-testid=view-board]')) await page.click('[data-testid=view-board]');
  const imported = await position(page);
  check('the CGN-C record imports at the same position', JSON.stringify(imported) === JSON.stringify(end),
    `${JSON.stringify(imported)} vs ${JSON.stringify(end)}`);
  // A broken record is told, and nothing changes.
  await page.click('[data-testid=import-open]');
  await page.fill('[data-testid=import-text]', text.replace('[Players', '[Playerz'));
  await page.click('[data-testid=import-go]');
  const err = await page.textContent('[data-testid=import-error]');
  check('a broken CGN-C record is told with its line', /line \d+/.test(err) || err.includes('Players'), err);
  await page.click('[data-testid=import-cancel]');
  await page.click('[data-testid=copy-link]');
  await page.waitForSelector('[data-testid=share-link]', { timeout: TIMEOUT });
  const link = await page.inputValue('[data-testid=share-link]');
  check('no console errors in the game', problems.length === 0, problems.join('\n    '));
  const fresh = await open();
  await fresh.page.goto(link, { waitUntil: 'load', timeout: 30000 });
  await fresh.page.waitForSelector(play, { timeout: TIMEOUT });
  const opened = await position(fresh.page);
  check('the link opens the same position in a fresh profile', JSON.stringify(opened) === JSON.stringify(end),
    `${JSON.stringify(opened)} vs ${JSON.stringify(end)}`);
  check('no console errors opening the link', fresh.problems.length === 0, fresh.problems.join('\n    '));
});
