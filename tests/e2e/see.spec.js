// Seeing what happened and what a choice will do, links
// that keep their seats and their start, and the play-test's findings.
//
// Against the computer (easy, fast): what scored is lit with its points in
// the scorer's colour, the computer's wall pieces are marked at the
// person's next decision, a tower's "+N" is what the tower scores, "Save
// record" in the middle of a turn says what it holds, coordinates on
// demand, the key to the tiles, stewards lying down. The game's link keeps
// the computer seat and its receiver cannot undo past it; the saves list
// shows turns, scores and dates; bad input is told in plain words.
'use strict';

const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY: play, version, moved, clickDecision, humansTurn: humansTurnWithin, newGameForm,
} = require('./fixtures.js');

const TIMEOUT = 20000;

const attr = (page, name) => page.getAttribute(play, name);

const humansTurn = (page) => humansTurnWithin(page, 60000);

async function startVsComputer(page, origin, seed) {
  await newGameForm(page, `${origin}/`);
  await page.selectOption('[data-testid=kind-1]', 'easy');
  await page.selectOption('[data-testid=new-speed]', 'fast');
  await page.click('[data-testid=preset-short]');
  await page.click('.advanced summary');
  await page.fill('[data-testid=seed]', String(seed));
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

async function breakdown(page, i) {
  return page.$$eval(`[data-testid=breakdown-${i}] td`, (els) => els.map((e) => Number(e.textContent)));
}

test('against the computer: what scored, what it built, links that keep their seats, the saves list, plain words', async ({ origin, open }) => {
  const a = await open();
  const page = a.page;
  const confirms = [];
  page.on('dialog', (dlg) => { confirms.push(dlg.message()); dlg.dismiss(); });
  await startVsComputer(page, origin, 11);

  const seen = { lit: 0, marked: 0, tower: 0, note: 0, steward: 0 };
  let link = null;
  for (let n = 0; n < 400; n++) {
    await humansTurn(page);
    const d = await attr(page, 'data-decision');
    if (d === 'over') break;
    // What scored since the person's last decision, in the scorer's colour.
    const lit = await page.$$eval('[data-testid=float-points] text', (els) => els.map((e) => [e.getAttribute('fill'), e.textContent]));
    if (lit.length && (await page.$('[data-testid=scored-feature]'))) {
      if (!seen.lit) {
        const colours = await page.$$eval('.player', (els) => els.map((e) => getComputedStyle(e).getPropertyValue('--pc').trim()));
        check('what scored is lit, its points shown in a player\'s colour',
          lit.every(([fill, t]) => /^\+\d+$/.test(t) && colours.some((c) => c.toLowerCase() === fill.toLowerCase())),
          JSON.stringify({ lit, colours }));
        await page.screenshot({ path: path.join(ARTIFACTS, 'see-scored.png') });
      }
      seen.lit++;
    }
    if (!seen.marked && (await page.$('[data-testid=recent-wall]'))) {
      check('the wall pieces built since the person\'s last decision are marked', true);
      await page.screenshot({ path: path.join(ARTIFACTS, 'see-marked.png') });
      seen.marked++;
    }
    if (!seen.steward && (await page.$('.follower.steward'))) {
      const t = await page.getAttribute('.follower.steward', 'transform');
      check('stewards lie down', /rotate\(-90\)/.test(t), t);
      seen.steward++;
    }
    // "Save record" in the middle of a turn names what it holds.
    if (!seen.note && d === 'follower') {
      const turn = Number(await attr(page, 'data-turn'));
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
      const name = dl.suggestedFilename();
      const note = await page.textContent('[data-testid=record-note]');
      check('a record saved in the middle of a turn is named for the turns it holds, and says so',
        name.endsWith(`-turn-${turn - 1}.cgn`) && note.includes(`turn ${turn}, in progress, is not in it`), `${name}: ${note}`);
      seen.note++;
    }
    // A tower's "+N" is what the tower scores.
    if (d === 'tower' && (await page.$('[data-testid=vertex-target]'))) {
      const label = await page.textContent('[data-testid=vertex-target] .target-label');
      const before = await breakdown(page, 0);
      const v = await version(page);
      await page.click('[data-testid=vertex-target]');
      await moved(page, v);
      const after = await breakdown(page, 0);
      check(`a tower's preview is what it scores (${label})`, label === `+${after[2] - before[2]}`, `${before} -> ${after}`);
      seen.tower++;
      continue;
    }
    // The link of the game, once some turns are played, at a tile.
    if (!link && d === 'place' && Number(await attr(page, 'data-turn')) >= 6) {
      await page.click('[data-testid=copy-link]');
      link = await page.inputValue('[data-testid=share-link]');
      await page.click('[data-testid=share-close]');
      check('the link carries the computer seat beside it', /\?seats=red,blue-easy#/.test(link), link);
      // Coordinates on demand, the key to the tiles.
      await page.keyboard.press('c');
      await page.waitForSelector('[data-testid=coords]');
      const coords = await page.$$eval('[data-testid=coords] text', (els) => els.map((e) => e.textContent));
      check('C shows the coordinates the chronicle uses', coords.includes('0,0'), coords.join(' '));
      await page.screenshot({ path: path.join(ARTIFACTS, 'see-coords.png') });
      await page.keyboard.press('c');
      await page.click('[data-testid=legend-open]');
      await page.waitForSelector('[data-testid=legend-dialog] [data-testid=legend]');
      const figures = await page.$$eval('[data-testid=legend] figure', (els) => els.length);
      check('the key shows the tiles\' features and the pieces', figures >= 12, `${figures}`);
      await page.screenshot({ path: path.join(ARTIFACTS, 'see-legend.png') });
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=legend-dialog]', { state: 'detached' });
    }
    await clickDecision(page, { follower: n % 2 === 0 });
  }
  check('what scored was lit at least once', seen.lit > 0);
  check('the computer\'s wall pieces were marked', seen.marked > 0);
  check('a tower preview was checked', seen.tower > 0);
  await page.waitForSelector('[data-testid=game-over]', { timeout: TIMEOUT });
  const endLines = await page.$('[data-testid=end-lines]');
  if (endLines) {
    const text = await endLines.textContent();
    check('the end says which guard or stewards scored what', /guard on the \w+ side of|stewards hold/.test(text), text.slice(0, 200));
  }
  check('no console errors in the game', a.problems.length === 0, a.problems.join('\n    '));

  // ------------------------------------------ the link, elsewhere
  const b = await open();
  await b.page.goto(link, { waitUntil: 'load', timeout: 30000 });
  await b.page.waitForSelector(play, { timeout: TIMEOUT });
  const tag = await b.page.textContent('.computer-tag').catch(() => '');
  check('a game from a link keeps its computer seat', tag.includes('easy'), tag);
  const start = await b.page.evaluate(() => JSON.parse(localStorage.getItem('the-city/saves')).games[0].link_base);
  await humansTurn(b.page);
  check('undo is off at the position the link held', await b.page.isDisabled('[data-testid=undo]'));
  // A move, the computer's answer, then undo: back to the link's position, no further.
  await clickDecision(b.page);
  await humansTurn(b.page);
  while (await b.page.isEnabled('[data-testid=undo]')) {
    const v = await version(b.page);
    await b.page.click('[data-testid=undo]');
    await moved(b.page, v);
  }
  const turnNow = await attr(b.page, 'data-turn');
  await b.page.focus('[data-testid=board]');
  await b.page.keyboard.press('Control+z');
  await b.page.waitForFunction(() => document.querySelector('[data-testid=prompt]').textContent.includes('came from a link'),
    null, { timeout: TIMEOUT }).catch(() => {});
  const msg = await b.page.textContent('[data-testid=prompt]');
  check('undo stops at the position the link held, and says why',
    msg.includes('came from a link') && (await attr(b.page, 'data-turn')) === turnNow, msg);
  const after = await b.page.evaluate(() => JSON.parse(localStorage.getItem('the-city/saves')).games[0]);
  check('the saved game keeps where its link started', after.link_base === start && start > 0, JSON.stringify(after.link_base));
  await b.page.reload({ waitUntil: 'load' });
  await b.page.waitForSelector(play, { timeout: TIMEOUT });
  await humansTurn(b.page);
  check('after a reload undo still stops there', await b.page.isDisabled('[data-testid=undo]'));
  check('no console errors in the linked game', b.problems.length === 0, b.problems.join('\n    '));
  await b.context.close();
  // Without the seats beside it (a bare link), a fresh browser plays every seat by hand...
  const bare = `${origin}/#${link.split('#')[1]}`;
  const c = await open();
  await c.page.goto(bare, { waitUntil: 'load', timeout: 30000 });
  await c.page.waitForSelector(play, { timeout: TIMEOUT });
  check('a bare link in a fresh browser: every seat a person\'s', !(await c.page.$('.computer-tag')));
  await c.context.close();
  // ...and the browser that has the game saved keeps its seats.
  // (The saved game went on to its end: the link, an earlier position of
  // it, opens the saved game where it is.)
  await page.goto(bare, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector(play, { timeout: TIMEOUT });
  const tagA = await page.textContent('.computer-tag').catch(() => '');
  check('a bare link where the game is saved keeps its computer seat', tagA.includes('easy'), tagA);
  if (await page.$('[data-testid=view-board]')) await page.click('[data-testid=view-board]');

  // ------------------------------------------ the saves list
  await page.click('[data-testid=leave]');
  const yes = await page.waitForSelector('[data-testid=leave-yes]', { timeout: 2000 }).catch(() => null);
  if (yes) await yes.click();
  await page.waitForSelector('[data-testid=save-row]', { timeout: TIMEOUT });
  const rows = await page.$$eval('[data-testid=save-row]', (els) => els.map((e) => e.querySelector('.save-meta').textContent));
  check('the saves list shows each game\'s scores, turns and date',
    rows.length >= 1 && rows.every((r) => /Aude \d+, Bernat (\(computer, \w+\) )?\d+/.test(r) && /\d+ turns? played|finished after \d+ turns?/.test(r)
      && /\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d/.test(r)), JSON.stringify(rows));
  // Deleting asks in the row, no confirm() box.
  const count = rows.length;
  const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('the-city/saves'))).games[0];
  await page.click('[data-testid=save-delete]');
  await page.click('[data-testid=save-delete-no]');
  check('"Delete" asks in the row, and "Keep" keeps', (await page.$$('[data-testid=save-row]')).length === count);
  await page.click('[data-testid=save-delete]');
  await page.click('[data-testid=save-delete-yes]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=save-row]').length === n - 1, count);
  check('"Delete" then deletes', true);

  // ------------------------------------------ plain words
  await page.click('[data-testid=import-open]');
  await page.fill('[data-testid=import-text]', '[Game "Carcassonne: The City"]\n[Format "1"]\n[Players "Ann, Bob"]\n[Seed "x"]\n');
  await page.click('[data-testid=import-go]');
  const err = await page.textContent('[data-testid=import-error]');
  check('a bad seed in a record is told in plain words', /whole number/.test(err) && !/u64/.test(err), err);
  await page.keyboard.press('Escape');
  // A copy of the deleted game with a name of the wrong kind.
  await page.evaluate((g) => {
    const d = JSON.parse(localStorage.getItem('the-city/saves'));
    d.games.push({ ...g, id: 'tampered', name: { oops: 1 } });
    localStorage.setItem('the-city/saves', JSON.stringify(d));
  }, kept);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT });
  const notice = await page.textContent('[data-testid=notice]');
  check('a damaged save is told in plain words', /wrong kind/.test(notice) && !/invalid type|line \d+ column/.test(notice), notice);
  check('no confirm() box opened', confirms.length === 0, confirms.join('\n    '));
  await a.context.close();
});
