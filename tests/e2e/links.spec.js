// Links that cannot be forged (issue 37), in the built site (dist/), in
// headless Chromium: Ann and Bob play The City by links, each in a browser
// context of their own. A link that would change Ann's saved game is
// refused with a message saying what it changes, and nothing stored
// changes, the game in play stays as it was:
//  1. its seats make Ann's seat a computer (then Bob's honest link);
//  2. it holds a turn of Ann's seat that Bob played for her;
//  3. it changes Ann's move of turn 1 (Bob imported the record, undid her
//     move and played it elsewhere);
//  4. its deal is another (two tiles to come swapped, `city random` for the
//     deck, the record imported);
// while Bob's honest link continues Ann's one save (first of all: Ann's
// save then holds two turns, the least a changed deal is told by); the
// refusal is said in German too.
// Fails on any console error.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY: play, clickDecision, newGameForm, cityForm, notices, version, moved, copyLink: shareLink, city,
} = require('./fixtures.js');

const TIMEOUT = 20000;

const act = (page, n) => clickDecision(page, { follower: n % 2 === 0 });

async function stored(page) {
  return page.evaluate(() => localStorage.getItem('the-city/saves'));
}

// The link, its dialog closed (common.js).
const copyLink = (page) => shareLink(page, { close: true });

// Plays on until another seat decides (one decision at least).
async function playTurn(page) {
  let n = 0;
  do {
    await act(page, n++);
  } while ((await page.getAttribute(play, 'data-decision')) !== 'place' && n < 12);
}

async function goTo(page, url) {
  await page.goto(url, { waitUntil: 'load', timeout: 30000 });
}

// The record of the game in play, as "Save record" downloads it.
async function record(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: TIMEOUT }),
    page.click('[data-testid=export]'),
  ]);
  return fs.readFileSync(await download.path(), 'utf8');
}

async function importRecord(page, text) {
  await page.click('[data-testid=import-open]');
  await page.fill('[data-testid=import-text]', text);
  await page.click('[data-testid=import-go]');
  await page.waitForSelector('[data-testid=import-dialog]', { state: 'detached', timeout: TIMEOUT });
  await page.waitForSelector(play, { timeout: TIMEOUT });
}


// Ann opens `url`: it is refused with a message holding `words`, her saves
// are as they were and her game in play is where it was.
async function refused(a, url, words, what) {
  const before = await stored(a.page);
  const at = await a.page.getAttribute(play, 'data-turn');
  await goTo(a.page, url);
  await a.page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT });
  await a.page.waitForSelector(play, { timeout: TIMEOUT });
  const said = await notices(a.page);
  check(`${what}: refused with what it changes`, said.some((m) => words.every((w) => m.includes(w))),
    JSON.stringify(said));
  check(`${what}: nothing saved changes`, (await stored(a.page)) === before);
  check(`${what}: Ann's game stays where it was`, (await a.page.getAttribute(play, 'data-turn')) === at
    && JSON.parse(await stored(a.page)).games.length === 1);
  // (The notices go, for the next try.)
  while (await a.page.$('[data-testid=notice] button')) await a.page.click('[data-testid=notice] button');
  return said;
}

test('a link that changes a saved game is refused, saying what it changes', async ({ origin, open }) => {
  test.setTimeout(300000);
  const a = await open();
  await newGameForm(a.page, `${origin}/`);
  await cityForm(a.page, { names: ['Ann', 'Bob'], seed: 5 });
  await playTurn(a.page);
  const link1 = await copyLink(a.page);
  check('Ann\'s link carries the seats', link1.includes('?seats=red,blue#'), link1);
  const annRecord = await record(a.page);

  const b = await open();
  await goTo(b.page, link1);
  await b.page.waitForSelector(play, { timeout: TIMEOUT });
  await playTurn(b.page);
  const link2 = await copyLink(b.page);

  // 1. Seats: Ann's seat made a computer.
  await refused(a, link2.replace('?seats=red,blue', '?seats=red-easy,blue'),
    ['makes the computer', 'easy', 'Ann'], 'a link that makes Ann\'s seat a computer');

  // The honest link continues Ann's one save.
  await goTo(a.page, link2);
  await a.page.waitForSelector(play, { timeout: TIMEOUT });
  const games = JSON.parse(await stored(a.page)).games;
  check('Bob\'s honest link continues Ann\'s one save', games.length === 1
    && games[0].seats[0].here === true && games[0].seats[1].here === false, JSON.stringify(games.map((g) => g.seats)));
  check('Ann\'s game is at her turn again, two tiles placed',
    (await a.page.getAttribute(play, 'data-turn')) === '2' && (await a.page.getAttribute(play, 'data-decision')) === 'place');

  // 2. Bob plays Ann's turn 3 for her, then sends it.
  await playTurn(b.page);
  const link3 = await copyLink(b.page);
  await refused(a, link3, ['plays Ann\'s turn 3', 'Ann plays on this device'], 'a link with a turn of Ann\'s played by Bob');

  // 3. A move already played changed: Bob imports Ann's record (no link
  //    floor), undoes her turn 1 and places her tile turned another way.
  const c = await open();
  await newGameForm(c.page, `${origin}/`);
  await importRecord(c.page, annRecord);
  while (!(await c.page.isDisabled('[data-testid=undo]'))) {
    const v = await version(c.page);
    await c.page.click('[data-testid=undo]');
    await moved(c.page, v);
  }
  const v = await version(c.page);
  const ghost = () => c.page.getAttribute('[data-testid=ghost]', 'data-rot');
  await c.page.click('[data-cell][data-legal=now]');
  await c.page.waitForSelector('[data-testid=ghost]');
  const was = await ghost();
  await c.page.keyboard.press('r');
  await c.page.waitForFunction((w) => document.querySelector('[data-testid=ghost]').getAttribute('data-rot') !== w, was);
  await c.page.click('[data-testid=confirm]');
  await moved(c.page, v);
  if ((await c.page.getAttribute(play, 'data-decision')) !== 'place') await playTurn(c.page);
  await playTurn(c.page);
  const link4 = await copyLink(c.page);
  await refused(a, link4, ['changes Ann\'s move in turn 1'], 'a link that changes Ann\'s turn 1');

  // 4. The deal changed: the same moves, two tiles to come swapped.
  const bobRecord = await record(b.page);
  const stacks = (annRecord.match(/\[Stacks "([^"]+)"\]/) || [])[1];
  const full = city(['random', '--seed', '5', '--players', '2', ...(stacks ? ['--stacks', stacks] : [])]);
  const deck = full.match(/\[Deck "([^"]+)"\]/)[1].split(' ');
  const j = deck.findIndex((t, i) => i > 10 && t !== deck[10]);
  [deck[10], deck[j]] = [deck[j], deck[10]];
  const forged = bobRecord.replace(/\[Seed "5"\]/, `[Deck "${deck.join(' ')}"]`);
  check('the forged record has another deck', forged !== bobRecord && forged.includes('[Deck'), forged.slice(0, 300));
  const d = await open();
  await newGameForm(d.page, `${origin}/`);
  await importRecord(d.page, forged);
  const link5 = await copyLink(d.page);
  await refused(a, link5, ['changes the deal'], 'a link with another deal');

  // Said in German.
  await goTo(a.page, `${link3.replace('?seats=', '?lang=de&seats=')}`);
  await a.page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT });
  const de = await notices(a.page);
  check('the refusal is said in German', de.some((m) => m.includes('nicht geöffnet') && m.includes('Ann')), JSON.stringify(de));
  await a.page.screenshot({ path: path.join(ARTIFACTS, 'links-refused-de.png') });
});
