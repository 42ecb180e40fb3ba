// What scored, in classic Carcassonne (issue 28, items
// 1–3), in the built site (dist/), from imported records:
// - one tile completing two roads whose sizes differ by one (the issue's
//   record, then X at 1,0): each road is lit on its own tiles with its own
//   points in its scorer's colour;
// - the final scoring, one by one: a shared scoring is one line naming
//   both players, with a swatch for each; the 2nd edition's farm line names
//   its city;
// - Old City's plaza (O2.3): marked on the board, its unfinished city says
//   why it scores nothing; with coins on the key and How to play speak of
//   coins, not of 2 points a pennant, and How to play says what coins are
//   worth at the end; axe on the end's dialog and the key.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  test, check, ROOT, ARTIFACTS, PLAY: play, version, moved, decision, axeAudit,
} = require('./fixtures.js');

const TIMEOUT = 20000;

// The record: Ann's road of 2 tiles and Bob's of 1, to be closed
// by X at 1,0 (Ann's of 3, +3; Bob's of 2, +2).
const TWO_ROADS = `[Game "Carcassonne"]
[Format "1"]
[Players "Ann, Bob"]
[Options "small-city=4 farm-scoring=3rd"]
[Deck "W B E W X U U U V V"]

1. W -1,0 r0 @1
2. B 0,1 r0 -
3. E 0,-1 r2 -
4. W 1,1 r3 @1
`;

const record = (name) => fs.readFileSync(path.join(ROOT, 'tests', 'records', 'classic', `${name}.cgn`), 'utf8');

const audit = (page, name) => axeAudit(page, name, check);

// Opens `text` through "Import record" on the start screen (a fresh
// browser profile each time: no game in play).
async function importRecord(page, origin, text) {
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=import-open]', { timeout: 30000 });
  await page.click('[data-testid=import-open]');
  await page.fill('[data-testid=import-text]', text);
  await page.click('[data-testid=import-go]');
  await page.waitForSelector('[data-testid=import-dialog]', { state: 'detached', timeout: TIMEOUT });
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

// The game-over dialog's lines, one by one: text and the colours swatched.
async function endLines(page) {
  if (!(await page.$('[data-testid=game-over]'))) await page.click('[data-testid=show-result]');
  await page.waitForSelector('[data-testid=end-lines]', { timeout: TIMEOUT });
  await page.click('[data-testid=end-lines] summary');
  return page.$$eval('[data-testid=end-line]', (els) => els.map((e) => ({
    text: e.textContent,
    swatches: [...e.querySelectorAll('.swatch')].map((s) => getComputedStyle(s).backgroundColor),
  })));
}

test('one tile completing two roads: each lit on its own tiles, in its scorer\'s colour', async ({ origin, open }) => {
  const { page, problems } = await open();
  // ------------------------------------------ item 1: two roads, one tile
  await importRecord(page, origin, TWO_ROADS);
  check('the issue\'s record opens at Ann\'s placement', (await decision(page)) === 'place');
  await page.click('[data-cell="1,0"][data-legal=now]');
  await page.waitForSelector('[data-testid=ghost]');
  for (let k = 0; k < 4 && (await page.getAttribute('[data-testid=ghost]', 'data-rot')) !== '0'; k++) {
    await page.keyboard.press('r');
    await page.waitForTimeout(30);
  }
  let v = await version(page);
  await page.click('[data-testid=confirm]');
  await moved(page, v);
  v = await version(page);
  await page.click('[data-testid=no-follower]');
  await moved(page, v);
  const colours = await page.$$eval('.player', (els) => els.map((e) => getComputedStyle(e).getPropertyValue('--pc').trim().toLowerCase()));
  const lit = await page.$$eval('[data-testid=float-points]', (els) => els.map((g) => ({
    cells: g.dataset.cells,
    points: [...g.querySelectorAll('text')].map((t) => [Number(t.dataset.seat), t.getAttribute('fill').toLowerCase(), t.textContent]),
  })));
  const features = await page.$$eval('[data-testid=scored-feature]', (els) => els.map((g) => g.dataset.cells).sort());
  lit.sort((a, b) => (a.cells < b.cells ? -1 : 1));
  const want = [
    { cells: '-1,0 0,0 1,0', points: [[0, colours[0], '+3']] },
    { cells: '1,0 1,1', points: [[1, colours[1], '+2']] },
  ];
  check('X at 1,0: Ann\'s road of 3 lit +3 in her colour, Bob\'s of 2 lit +2 in his',
    JSON.stringify(lit) === JSON.stringify(want) && JSON.stringify(features) === JSON.stringify(want.map((w) => w.cells)),
    JSON.stringify({ lit, features, colours }));
  await page.screenshot({ path: path.join(ARTIFACTS, 'scoring-two-roads.png') });
  // Without coins, a pennant is 2 points in the key.
  await page.click('[data-testid=legend-open]');
  await page.waitForSelector('[data-testid=legend-dialog] [data-testid=legend]');
  const keyBase = await page.textContent('[data-testid=legend]');
  check('without coins the key gives a pennant 2 points', keyBase.includes('2 more points when finished'), keyBase.slice(0, 120));
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=legend-dialog]', { state: 'detached' });

  check('no console errors', problems.length === 0, problems.join('\n    '));
});

test('the final scoring one by one: a shared scoring is one line naming both', async ({ origin, open }) => {
  const { page, problems } = await open();
  // ------------------------------------------ item 2: one line per scoring
  await importRecord(page, origin, record('b9_2_second_edition_scores_a_city_for_each_farm_leader'));
  const farm = await endLines(page);
  check('a shared farm scoring is one line naming its city and both players, a swatch each',
    farm.length === 1
      && farm[0].text === 'The completed city of 2 tiles at 0,0 (north), for the most farmers in a farm beside it: Ann and Bob score 3 points each.'
      && farm[0].swatches.length === 2 && farm[0].swatches[0] !== farm[0].swatches[1],
    JSON.stringify(farm));
  await audit(page, 'the end\'s scoring, one by one');

  check('no console errors', problems.length === 0, problems.join('\n    '));
});

test('Old City\'s plaza and coins: on the board, in the end, the key and How to play', async ({ origin, open }) => {
  const { page, problems } = await open();
  // ------------------------------------------ item 3: the plaza, coins
  await importRecord(page, origin, record('o2_3_e18_an_incomplete_plaza_city_scores_0'));
  const plaza = await endLines(page);
  check('the unfinished plaza city says why it scores nothing',
    plaza.length === 1 && plaza[0].text.includes('plaza city') && plaza[0].text.includes('scores nothing')
      && plaza[0].text.includes('a plaza city scores only when completed'), JSON.stringify(plaza));
  await page.click('[data-testid=view-board]');
  await page.waitForSelector('[data-testid=game-over]', { state: 'detached' });
  const mark = await page.$$eval('[data-testid=piece-plaza]', (els) => els.map((e) => (e.closest('.piece-at') || e).getAttribute('transform')));
  // Tile C is at 0,-1: its box is x 0..100, y -100..0.
  const m = mark.length === 1 && /translate\(([-\d.]+) ([-\d.]+)\)/.exec(mark[0]);
  check('the plaza is marked on tile C', !!m && m[1] >= 0 && m[1] <= 100 && m[2] >= -100 && m[2] <= 0, JSON.stringify(mark));
  await page.screenshot({ path: path.join(ARTIFACTS, 'scoring-plaza.png') });
  await page.click('[data-testid=legend-open]');
  await page.waitForSelector('[data-testid=legend-dialog] [data-testid=legend]');
  const key = await page.textContent('[data-testid=legend]');
  check('with coins the key gives a pennant a coin, not 2 points, and shows the plaza',
    key.includes('a coin, no points') && !key.includes('2 more points') && key.includes('plaza'), key);
  await audit(page, 'the key with the plaza');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=legend-dialog]', { state: 'detached' });
  await page.click('[data-testid=help-button]');
  await page.waitForSelector('[data-testid=help-classic]');
  const scoring = await page.textContent('[data-testid=help-scoring]');
  const help = await page.textContent('[data-testid=help]');
  check('with coins How to play gives pennants coins, not 2 points',
    !scoring.includes('2 per pennant') && scoring.includes('pennants give coins, not points'), scoring);
  check('How to play says what coins are worth at the end',
    /most coins.*3 per coin.*2 per coin/.test(help), help.slice(help.indexOf('Coins')));
  check('How to play says the plaza city scores nothing unfinished', help.includes('nothing if unfinished'), help.slice(help.indexOf('plaza')));
  check('no console errors', problems.length === 0, problems.join('\n    '));
});
