// The players' aids (issue 39) in the built site (dist/), in headless
// Chromium:
//  1. classic, in English and in German: pointing at an open space says
//     what still fits it and the odds; the dead spaces marked on the board
//     are those the text view's "dead" names; the owners layer shows the
//     holdings the text view's "owners" names; the score if the game ended
//     now beside each score, with its breakdown on demand, is what the text
//     view's "if it ended now" says; axe clean;
//  2. the purist switch: a game started with the aids off shows none of
//     them — on the board, in the panel, in the text view — on the device
//     that started it and on a second device that opens its link;
//  3. on a phone: the aids of the space the tile is tried on.
// Fails on any console error.
'use strict';

const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY: play, clickDecision, decision, newGameForm, startGame, axeAudit,
} = require('./fixtures.js');

const TIMEOUT = 20000;

// Classic Carcassonne, base game, a short pile, from a seed.
async function classicGame(page, { seed, tiles = 40, aids = true }) {
  await page.check('[data-testid=game-classic]');
  await page.waitForSelector('[data-testid=expansions]');
  await page.fill('[data-testid=classic-tiles]', String(tiles));
  if (!aids) await page.uncheck('[data-testid=aids-setting]');
  await page.click('.advanced summary');
  await page.fill('[data-testid=seed]', String(seed));
  await startGame(page);
}

// Plays `n` decisions by clicks, or until the game is over: a farmer
// where one may go (classic), else a follower on the first ring every other
// decision.
async function playOn(page, n) {
  for (let k = 0; k < n && (await decision(page)) !== 'over'; k++) {
    const farmer = (await decision(page)) === 'follower'
      && (await page.$('[data-testid=region-target]:has([data-piece=farmer])'));
    if (farmer) {
      const v = await page.getAttribute(play, 'data-version');
      await farmer.click();
      await page.waitForFunction(([sel, v0]) => document.querySelector(sel).dataset.version !== v0, [play, v]);
    } else {
      await clickDecision(page, { follower: k % 2 === 0 });
    }
  }
}

// The text view: opened once; `ask` types a line and resolves to the new answer.
async function textView(page) {
  if (!(await page.$('[data-testid=text-view]'))) await page.click('[data-testid=text-view-toggle]');
  await page.waitForSelector('[data-testid=text-command]', { timeout: TIMEOUT });
  return async (line) => {
    // A few answers are kept, the oldest dropped: a change of the list is
    // watched for (the same answer again may change nothing at all).
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid=text-answers]');
      window.aidsSaid = false;
      if (window.aidsWatch) window.aidsWatch.disconnect();
      window.aidsWatch = new MutationObserver(() => { window.aidsSaid = true; });
      window.aidsWatch.observe(el, { childList: true, subtree: true, characterData: true });
    });
    await page.fill('[data-testid=text-command]', line);
    await page.press('[data-testid=text-command]', 'Enter');
    await page.waitForFunction(() => window.aidsSaid, null, { timeout: 3000 }).catch(() => {});
    const all = await page.$$eval('[data-testid=text-answers] > *', (els) => els.map((e) => e.textContent));
    return all[all.length - 1] || '';
  };
}

// The cells a sentence lists after its colon ("Dead spaces: 1,2, -3,4."):
// the numbers in pairs.
function cellsIn(text) {
  const m = text.match(/-?\d+,-?\d+/g) || [];
  return m.sort();
}

const WORDS = {
  en: {
    fits: 'fits', still: 'still to come', dead: 'dead', noDead: 'No dead space', deadList: 'Dead spaces:',
    owners: 'owners', noOwners: 'Nothing scored at the end is held yet.', ended: 'if it ended now',
    endedSaid: 'If the game ended now: ', deadSpace: 'dead space',
  },
  de: {
    fits: 'passt', still: 'noch kommende', dead: 'tot', noDead: 'Kein totes Feld', deadList: 'Tote Felder:',
    owners: 'besitzer', noOwners: 'Noch gehört niemandem etwas, das am Ende gewertet wird.', ended: 'wenn es jetzt endete',
    endedSaid: 'Wenn das Spiel jetzt endete: ', deadSpace: 'totes Feld',
  },
};

async function aidsInOneLanguage(open, origin, lang) {
  const w = WORDS[lang];
  const { page } = await open();
  await newGameForm(page, `${origin}/?lang=${lang}`);
  await classicGame(page, { seed: 17 });
  await playOn(page, 26);
  check(`${lang}: the aids are drawn on the board`, !!(await page.$('[data-testid=aids-layer]')));

  // Pointing at an open space (the tile's own first space) says what fits.
  const space = await page.$('[data-cell][data-legal=now]');
  const cell = await space.getAttribute('data-cell');
  await space.hover();
  await page.waitForSelector('[data-testid=aids-space]', { timeout: TIMEOUT });
  const box = await page.textContent('[data-testid=aids-space]');
  check(`${lang}: pointing at a space shows what still fits it and the odds`,
    box.startsWith(`${cell}: `) && (box.includes(w.still) || box.includes(w.deadSpace)) && /\d+ ?%/.test(box), box);

  // The text view answers the same questions.
  const ask = await textView(page);
  const fits = await ask(`${w.fits} ${cell}`);
  const short = (t) => t.replace(/\(.*\)/, '()');
  check(`${lang}: "${w.fits} ${cell}" says what the pointed space's box says (the box names fewer types)`,
    short(fits.trim()) === short(box.trim()), JSON.stringify({ fits, box }));

  const dead = await ask(w.dead);
  const marked = (await page.$$eval('[data-testid=aid-dead]', (els) => els.map((e) => e.getAttribute('data-cell')))).sort();
  const listed = dead.startsWith(w.noDead) ? [] : cellsIn(dead.slice(w.deadList.length, dead.indexOf('.') + 1));
  check(`${lang}: the dead spaces marked on the board are those "${w.dead}" names`,
    JSON.stringify(marked) === JSON.stringify(listed) && (dead.startsWith(w.noDead) || dead.startsWith(w.deadList)),
    JSON.stringify({ marked, dead }));
  for (const c of marked) {
    const f = await ask(`${w.fits} ${c}`);
    check(`${lang}: a dead space marked is one no tile still to come fits (${c})`, f.includes(w.deadSpace), f);
  }

  await page.click('[data-testid=owners-toggle]');
  check(`${lang}: the owners layer switches on`, (await page.getAttribute('[data-testid=owners-toggle]', 'aria-pressed')) === 'true');
  const owners = await ask(w.owners);
  const badges = await page.$$('[data-testid=aid-owner]');
  check(`${lang}: the owners layer shows a holding exactly when "${w.owners}" names one`,
    (owners === w.noOwners) === (badges.length === 0), JSON.stringify({ owners, badges: badges.length }));
  if (badges.length) {
    const marks = await page.$$eval('[data-testid=aid-owner] .mark', (els) => els.map((e) => e.getAttribute('data-mark')));
    check(`${lang}: each owner is drawn with their mark, not colour alone`, marks.length > 0 && marks.every(Boolean), JSON.stringify(marks));
  }

  const ended = await ask(w.ended);
  const shown = [];
  for (let i = 0; i < 2; i++) shown.push(await page.textContent(`[data-testid=projected-${i}]`));
  check(`${lang}: the score if the game ended now is beside each score and in "${w.ended}"`,
    ended.startsWith(w.endedSaid) && shown.every((s) => ended.includes(` ${s} `)), JSON.stringify({ ended, shown }));
  await page.click('[data-testid=projected-breakdown-0] summary');
  const cells = await page.$$eval('[data-testid=projected-breakdown-0] td', (els) => els.map((e) => Number(e.textContent)));
  check(`${lang}: the projected score's breakdown on demand adds up to it`,
    cells.length === 5 && cells.reduce((a, b) => a + b, 0) === Number(shown[0]), JSON.stringify({ cells, shown }));
  await axeAudit(page, `the aids in ${lang} (owners on, a breakdown open, the text view)`, check);

  // On through the game: the marks keep agreeing with the words, and dead
  // spaces and held farms do turn up.
  const seen = { dead: 0, owners: 0 };
  for (let k = 0; k < 12 && (await decision(page)) !== 'over' && !(seen.dead && seen.owners); k++) {
    await playOn(page, 8);
    if ((await decision(page)) === 'over') break;
    const d = await ask(w.dead);
    const m = (await page.$$eval('[data-testid=aid-dead]', (els) => els.map((e) => e.getAttribute('data-cell')))).sort();
    const l = d.startsWith(w.noDead) ? [] : cellsIn(d.slice(w.deadList.length, d.indexOf('.') + 1));
    check(`${lang}: later too, the dead spaces marked are those "${w.dead}" names`, JSON.stringify(m) === JSON.stringify(l),
      JSON.stringify({ m, d }));
    const o = await ask(w.owners);
    const b = (await page.$$('[data-testid=aid-owner]')).length;
    check(`${lang}: later too, the owners layer agrees with "${w.owners}"`, (o === w.noOwners) === (b === 0), JSON.stringify({ o, b }));
    seen.dead += m.length;
    seen.owners += b;
    if (m.length && b) await page.screenshot({ path: path.join(ARTIFACTS, `aids-${lang}.png`) });
  }
  check(`${lang}: dead spaces and held farms were marked on the way`, seen.dead > 0 && seen.owners > 0, JSON.stringify(seen));
}

test('the aids on the board, in the panel and in the text view, in English and German', async ({ origin, open }) => {
  await aidsInOneLanguage(open, origin, 'en');
  await aidsInOneLanguage(open, origin, 'de');
});

// Everything the aids show, absent.
async function noAids(page, who) {
  check(`${who}: no aids on the board`, !(await page.$('[data-testid=aids-layer]')));
  check(`${who}: no owners layer to switch on`, !(await page.$('[data-testid=owners-toggle]')));
  check(`${who}: no score if the game ended now`, !(await page.$('[data-testid=projected-0]')));
  const off = await page.textContent('[data-testid=aids-off] summary');
  check(`${who}: the panel says the aids are off`, off === 'Aids off', off);
  const space = await page.$('[data-cell][data-legal=now]');
  if (space) {
    await space.hover();
    await page.waitForTimeout(200);
    check(`${who}: pointing at a space shows nothing`, !(await page.$('[data-testid=aids-space]')));
  }
  const ask = await textView(page);
  const said = await ask('dead');
  check(`${who}: the text view says the aids are off`, said.includes('The aids are off in this game'), said);
}

test('the purist switch: aids off at the start hides every aid, on both devices of a game by link', async ({ origin, open }) => {
  const a = await open();
  await newGameForm(a.page, `${origin}/`);
  check('the aids are on by default', await a.page.isChecked('[data-testid=aids-setting]'));
  await classicGame(a.page, { seed: 5, aids: false });
  await playOn(a.page, 6);
  await noAids(a.page, 'the device that started it');
  await a.page.click('[data-testid=copy-link]');
  await a.page.waitForSelector('[data-testid=share-link]', { timeout: TIMEOUT });
  const link = await a.page.inputValue('[data-testid=share-link]');
  await a.page.click('[data-testid=share-close]');
  const b = await open();
  await b.page.goto(link, { waitUntil: 'load', timeout: 30000 });
  await b.page.waitForSelector(play, { timeout: TIMEOUT });
  check('the link opens the same position', (await b.page.getAttribute(play, 'data-turn')) === (await a.page.getAttribute(play, 'data-turn')));
  await noAids(b.page, 'the device that opened its link');
  await playOn(b.page, 2);
  await noAids(b.page, 'the device that opened its link, after a move');
  await axeAudit(b.page, 'a game with the aids off', check);
});

test('@phone the aids of the space the tile is tried on', async ({ origin, open }) => {
  const { page } = await open();
  await newGameForm(page, `${origin}/`);
  await page.click('[data-testid=preset-short]');
  await startGame(page);
  await playOn(page, 5);
  while ((await decision(page)) !== 'place') await clickDecision(page);
  check('phone: the aids are drawn on the board', !!(await page.$('[data-testid=aids-layer]')));
  const space = await page.$('[data-cell][data-legal=now]');
  const cell = await space.getAttribute('data-cell');
  await space.click();
  await page.waitForSelector('[data-testid=ghost]', { timeout: TIMEOUT });
  await page.waitForSelector('[data-testid=aids-space]', { timeout: TIMEOUT });
  const box = await page.textContent('[data-testid=aids-space]');
  check('phone: the space the tile is tried on shows what fits it', box.startsWith(`${cell}: `) && box.includes('still to come'), box);
  const r = await page.$eval('[data-testid=aids-space]', (e) => {
    const b = e.getBoundingClientRect();
    return { right: b.right, width: window.innerWidth };
  });
  check('phone: the box fits the screen', r.right <= r.width, JSON.stringify(r));
  await page.screenshot({ path: path.join(ARTIFACTS, 'aids-phone.png') });
  await axeAudit(page, 'the aids on a phone', check);
});
