// What issue 28 asked of links, saves and tabs, in the
// built site (dist/), in headless Chromium: nothing lost, nothing duplicated.
//  1. a link opened twice, or a link that continues a saved game, updates
//     that one saved game; a link behind it opens the save where it is;
//  2. a link whose seats are damaged or missing says so;
//  3. two tabs: a new tab opens the new-game form, not the other tab's
//     game; "Continue" of the same game writes nothing; a move in one tab is
//     followed by the other; a tab whose moves could not be saved is told the
//     game moved on and loses nothing; the saves list follows other tabs;
//  4. the replay's "Save record" offers the whole game and the game up to
//     the position shown;
//  5. a pasted record with a byte-order mark opens;
//  6. a damaged save is listed with what is wrong and what is left of it
//     downloads;
//  7. the saves list names a classic game's expansions and the computer's
//     levels.
// Fails on any console error.
'use strict';

const fs = require('node:fs');
const {
  test, check, PLAY: play, clickDecision, classicForm, notices, newGameForm, cityForm, copyLink: shareLink,
} = require('./fixtures.js');

const TIMEOUT = 20000;

const act = (page, n) => clickDecision(page, { follower: n % 2 === 0 });

async function stored(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('the-city/saves') || '{"games":[]}'));
}

// The link, its dialog closed (common.js).
const copyLink = (page) => shareLink(page, { close: true });

async function startCity(page, origin, seed) {
  await newGameForm(page, `${origin}/`);
  await cityForm(page, { names: ['Ann', 'Bob'], seed });
}

// Plays on until the turn has passed (the next tile to place), at least one
// decision.
async function playTurn(page) {
  let n = 0;
  do {
    await act(page, n++);
  } while ((await page.getAttribute(play, 'data-decision')) !== 'place' && n < 12);
}

// (A tab navigated or closed by the test while it loads cancels its loads,
// which is no failure of the page: the harness does not count them.)
async function goTo(page, url) {
  await page.goto(url, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

test('links continue a save; seats missing or damaged; two tabs; the replay\'s record; a byte-order mark', async ({ origin, open }) => {
  const allProblems = [];
  // ------------------------------------------- 1. links continue a save
  const a = await open();
  allProblems.push(a.problems);
  await startCity(a.page, origin, 5);
  await playTurn(a.page);
  const link1 = await copyLink(a.page);
  check('a link carries its seats', link1.includes('?seats=red,blue#'), link1);

  const b = await open();
  allProblems.push(b.problems);
  await goTo(b.page, link1);
  await goTo(b.page, link1);
  let doc = await stored(b.page);
  check('the same link opened twice is one saved game', doc.games.length === 1, JSON.stringify(doc.games.map((g) => g.id)));
  await playTurn(b.page);
  const link2 = await copyLink(b.page);
  doc = await stored(b.page);
  const bTurn = await b.page.getAttribute(play, 'data-turn');
  check('a move there updates that saved game', doc.games.length === 1);
  // The old link again: behind the saved game, which opens where it is.
  await goTo(b.page, link1);
  const msgs = await notices(b.page);
  check('an older link opens the saved game where it is, and says so',
    (await b.page.getAttribute(play, 'data-turn')) === bTurn && msgs.some((m) => m.includes('earlier position')),
    JSON.stringify(msgs));
  check('still one saved game', (await stored(b.page)).games.length === 1);
  // Ann opens Bob's answer: her saved game goes on.
  await goTo(a.page, link2);
  doc = await stored(a.page);
  check('a link that continues a saved game continues it (correspondence: one saved game)',
    doc.games.length === 1 && (await a.page.getAttribute(play, 'data-turn')) === bTurn,
    JSON.stringify(doc.games.map((g) => [g.id, g.name])));

  // ------------------------------------------- 2. seats missing or damaged
  const c = await open();
  allProblems.push(c.problems);
  const frag = link2.slice(link2.indexOf('#'));
  await goTo(c.page, `${origin}/${frag}`);
  let cm = await notices(c.page);
  check('a link without its seats says every seat is a person\'s', cm.some((m) => m.includes('does not say who plays')),
    JSON.stringify(cm));
  const d = await open();
  allProblems.push(d.problems);
  await goTo(d.page, `${origin}/?seats=red,zzz${frag}`);
  cm = await notices(d.page);
  check('a link with damaged seats says so', cm.some((m) => m.includes('damaged')), JSON.stringify(cm));
  await c.context.close();
  await d.context.close();

  // ------------------------------------------- 3. two tabs
  const t1 = a.page;
  const before = JSON.stringify(await stored(t1));
  const t2 = await a.context.newPage();
  t2.on('pageerror', (err) => a.problems.push(`page error: ${err.message}`));
  t2.on('console', (msg) => { if (msg.type() === 'error') a.problems.push(`console error: ${msg.text()}`); });
  await t2.goto(`${origin}/`, { waitUntil: 'load' });
  await t2.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  check('a new tab opens the new-game form, not the other tab\'s game', !(await t2.$(play)));
  const id = (await stored(t1)).games[0].id;
  await t2.click(`[data-testid=save-row][data-id="${id}"] [data-testid=save-continue]`);
  await t2.waitForSelector(play, { timeout: TIMEOUT });
  check('opening the same game in a second tab writes nothing', JSON.stringify(await stored(t2)) === before);
  // A move in the second tab: the first follows.
  const where = (p) => p.evaluate((sel) => {
    const e = document.querySelector(sel);
    return `${e.dataset.turn}/${e.dataset.decision}/${document.querySelectorAll('[data-tile]').length}`;
  }, play);
  const t1Before = await where(t1);
  await act(t2, 0);
  const t2Now = await where(t2);
  check('a move was made', t2Now !== t1Before, t2Now);
  await t1.waitForFunction(([sel, want]) => {
    const e = document.querySelector(sel);
    return `${e.dataset.turn}/${e.dataset.decision}/${document.querySelectorAll('[data-tile]').length}` === want;
  }, [play, t2Now], { timeout: TIMEOUT });
  check('the other tab follows a move', true);
  // The first tab cannot save (storage refuses), the second plays on:
  // the first is told, loses nothing, and may keep its game as a new save.
  await t1.evaluate(() => {
    const real = Storage.prototype.setItem;
    window.__refuse = true;
    Storage.prototype.setItem = function (k, v) {
      if (window.__refuse && k === 'the-city/saves') throw new DOMException('full', 'QuotaExceededError');
      return real.call(this, k, v);
    };
  });
  await act(t1, 1);
  await t1.waitForSelector('[data-testid=unsaved]', { timeout: TIMEOUT });
  const t1Turn = await t1.getAttribute(play, 'data-turn');
  const t1Decision = await t1.getAttribute(play, 'data-decision');
  await t2.bringToFront();
  await act(t2, 1);
  await t1.waitForSelector('[data-testid=moved-on]', { timeout: TIMEOUT });
  check('a tab whose game moved on elsewhere is told, and keeps its own position',
    (await t1.getAttribute(play, 'data-turn')) === t1Turn && (await t1.getAttribute(play, 'data-decision')) === t1Decision);
  const kept = JSON.stringify(await stored(t2));
  await act(t1, 2);
  check('its moves are not saved over the other tab\'s', JSON.stringify(await stored(t1)) === kept);
  await t1.evaluate(() => { window.__refuse = false; });
  await t1.click('[data-testid=moved-on-keep]');
  await t1.waitForFunction(() => JSON.parse(localStorage.getItem('the-city/saves')).games.length === 2, null,
    { timeout: TIMEOUT });
  check('"keep this one" saves it as a new game: nothing lost', true);
  // The list in a third tab follows what the others save.
  const t3 = await a.context.newPage();
  await t3.goto(`${origin}/`, { waitUntil: 'load' });
  await t3.waitForSelector('[data-testid=save-row]', { timeout: 30000 });
  const rows = async () => t3.$$eval('[data-testid=save-turn]', (els) => els.map((e) => e.textContent).join('|'));
  const rowsBefore = await rows();
  await t2.bringToFront();
  await playTurn(t2);
  await t3.waitForFunction((r) => [...document.querySelectorAll('[data-testid=save-turn]')].map((e) => e.textContent).join('|') !== r,
    rowsBefore, { timeout: TIMEOUT });
  check('an open saves list reads the saves again when another tab saves', true);
  await t3.close();
  await t2.close();

  // ------------------------------------------- 4. the replay's record
  await t1.bringToFront();
  for (let n = 0; n < 6; n++) await act(t1, n);
  await t1.click('[data-testid=replay-open]');
  await t1.waitForSelector('[data-testid=replay-bar]');
  await t1.click('[data-testid=replay-first]');
  for (let k = 0; k < 4; k++) await t1.click('[data-testid=replay-next]');
  const turns = (text) => (text.match(/^\d+\./gm) || []).length;
  const [whole] = await Promise.all([t1.waitForEvent('download', { timeout: TIMEOUT }), t1.click('[data-testid=export]')]);
  const wholeText = fs.readFileSync(await whole.path(), 'utf8');
  const [here] = await Promise.all([t1.waitForEvent('download', { timeout: TIMEOUT }), t1.click('[data-testid=export-here]')]);
  const hereText = fs.readFileSync(await here.path(), 'utf8');
  check('in the replay, "Save the whole game" saves every turn and "Save up to here" the turns shown',
    turns(wholeText) > turns(hereText) && turns(hereText) >= 1, `${turns(wholeText)} and ${turns(hereText)}`);
  await t1.click('[data-testid=replay-close]');

  // ------------------------------------------- 5. a record with a byte-order mark
  await t1.click('[data-testid=import-open]');
  await t1.fill('[data-testid=import-text]', `\ufeff${wholeText}`);
  await t1.click('[data-testid=import-go]');
  await t1.waitForSelector('[data-testid=import-dialog]', { state: 'detached', timeout: TIMEOUT });
  check('a pasted record with a byte-order mark opens', (await t1.getAttribute(play, 'data-turn')) !== null);

  await a.context.close();
  await b.context.close();

  const problems = allProblems.flat();
  check('no console errors', problems.length === 0, problems.join('\n    '));
});

test('a damaged save is listed with what is wrong; what is left downloads', async ({ origin, open }) => {
  // ------------------------------------------- 6. a damaged save
  const e = await open();
  await startCity(e.page, origin, 8);
  await playTurn(e.page);
  await e.page.evaluate(() => {
    const d = JSON.parse(localStorage.getItem('the-city/saves'));
    d.games[0].players[0] = 'Mallory';
    localStorage.setItem('the-city/saves', JSON.stringify(d));
    sessionStorage.clear();
  });
  await e.page.reload({ waitUntil: 'load' });
  await e.page.waitForSelector('[data-testid=save-damaged]', { timeout: 30000 });
  const why = await e.page.textContent('[data-testid=save-damaged-why]');
  check('a damaged save is listed with what is wrong, in plain words', why.includes('players') && why.startsWith('It cannot be opened'), why);
  const [left] = await Promise.all([e.page.waitForEvent('download', { timeout: TIMEOUT }),
    e.page.click('[data-testid=save-damaged-download]')]);
  const leftText = fs.readFileSync(await left.path(), 'utf8');
  check('what is left of it downloads', JSON.parse(leftText).players[0] === 'Mallory', leftText.slice(0, 80));
  await e.page.reload({ waitUntil: 'load' });
  await e.page.waitForSelector('[data-testid=save-damaged]', { timeout: 30000 });
  check('it stays, reload after reload', (await e.page.$$('[data-testid=save-damaged]')).length === 1
    && JSON.stringify(await stored(e.page)).includes('Mallory'));
  await e.context.close();

  check('no console errors', e.problems.length === 0, e.problems.join('\n    '));
});

test('the saves list names a classic game\'s expansions and the computer\'s level', async ({ origin, open }) => {
  // ------------------------------------------- 7. the list names expansions and levels
  const f = await open();
  await f.page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await f.page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await classicForm(f.page, { names: ['Ann', 'Bob'], tiles: 8, seed: 4 });
  await f.page.selectOption('[data-testid=kind-1]', 'easy');
  await f.page.click('[data-testid=start-game]');
  await f.page.waitForSelector(play, { timeout: TIMEOUT });
  await act(f.page, 0);
  await f.page.click('[data-testid=leave]');
  const yes = await f.page.waitForSelector('[data-testid=leave-yes]', { timeout: 2000 }).catch(() => null);
  if (yes) await yes.click();
  await f.page.waitForSelector('[data-testid=save-row]', { timeout: TIMEOUT });
  const game = await f.page.textContent('[data-testid=save-game]');
  const scores = await f.page.textContent('[data-testid=save-scores]');
  check('the saves list names the expansions', game === 'Carcassonne with The City Gates and Old City', game);
  check('and the computer\'s level', scores.includes('Bob (computer, easy)'), scores);
  await f.context.close();
  check('no console errors', f.problems.length === 0, f.problems.join('\n    '));
});
