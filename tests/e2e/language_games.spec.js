// Whole games in other languages (issue 29), in headless
// Chromium on the built site (dist/): a game of The City and one of classic
// Carcassonne (both expansions), each in German and in Polish, by clicks,
// from the new-game form to the game's end.
//
// What "in German" means here, from the data: every message of
// locales/en.txt whose German differs from its English (and is long enough
// to be told apart: 12 characters without its placeholders) must not show
// in English anywhere on the page, at every decision of the game, in the
// game's end, and in the text view; axe finds nothing serious on the play
// screen and the game's end; `<html lang>` is the language's.
//
// One test per game (`-g "de city"` runs one).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  test, check, ROOT, ARTIFACTS, PLAY, axeAudit, clickDecision, classicForm,
} = require('./fixtures.js');

const TIMEOUT = 30000;

// A language file's messages by key (plural forms as key.form).
function readMessages(file) {
  const out = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^([a-z_0-9]+(?:\.[a-z_0-9]+)+)\s*=\s?(.*)$/.exec(line);
    if (m) out.set(m[1], m[2]);
  }
  return out;
}

// The English texts that must not show in `lang`: the literal runs of each
// message whose translation differs, split at placeholders, 12 characters
// or more.
function englishOnlyTexts(lang) {
  const en = readMessages(path.join(ROOT, 'locales/en.txt'));
  const other = readMessages(path.join(ROOT, 'static/lang', `${lang}.txt`));
  const runs = new Set();
  for (const [key, text] of en) {
    const t = other.get(key);
    if (t === undefined || t === text) continue;
    for (const run of text.split(/\{[^}]*\}/)) {
      const r = run.trim();
      // (Runs of the translation itself are not English-only.)
      if (r.length >= 12 && !t.includes(r)) runs.add(r);
    }
  }
  return [...runs];
}

// The English runs that show on the page (its text and its labels).
async function englishShown(page, runs) {
  return page.evaluate((runs) => {
    const texts = [document.body.innerText];
    for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const a of ['aria-label', 'title', 'placeholder']) {
        const v = e.getAttribute(a);
        if (v) texts.push(v);
      }
    }
    const all = texts.join('\n');
    return runs.filter((r) => all.includes(r));
  }, runs);
}

async function wholeGame(open, origin, lang, ruleset) {
  const label = `${lang} ${ruleset}`;
  const runs = englishOnlyTexts(lang);
  const { context, page, problems } = await open();
  await page.goto(`${origin}/?lang=${lang}`, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: TIMEOUT });
  await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: TIMEOUT });
  const seen = new Set();
  const look = async (where) => {
    for (const r of await englishShown(page, runs)) seen.add(`${r}  (${where})`);
  };
  await look('the new-game form');
  if (ruleset === 'city') {
    await page.check('[data-testid=game-the-city]');
    await page.click('[data-testid=preset-short]');
    await page.click('.advanced summary');
    await page.fill('[data-testid=seed]', '7');
  } else {
    await classicForm(page, { players: 2, tiles: 20, seed: 7 });
  }
  await look('the new-game form, filled');
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(PLAY, { timeout: TIMEOUT });
  let n = 0;
  const kinds = new Set();
  while ((await page.getAttribute(PLAY, 'data-decision')) !== 'over') {
    if (n > 600) throw new Error(`${label}: the game did not end after 600 decisions`);
    const d = await page.getAttribute(PLAY, 'data-decision');
    if (!kinds.has(d)) {
      kinds.add(d);
      await look(`decision ${d}`);
    }
    if (n === 6) {
      await axeAudit(page, `${label}: the play screen`, check);
      await page.click('[data-testid=text-view-toggle]');
      await page.waitForSelector('[data-testid=text-command]', { timeout: TIMEOUT });
      await page.fill('[data-testid=text-command]', '');
      const said = (await page.textContent('[data-testid=text-answers]')).length;
      await page.press('[data-testid=text-command]', 'Enter');
      // (The help, printed into the answers.)
      await page.waitForFunction((n) => document.querySelector('[data-testid=text-answers]').textContent.length > n,
        said, { timeout: TIMEOUT });
      await look('the text view and its help');
      await page.click('[data-testid=text-view-toggle]');
    }
    await clickDecision(page, { follower: n % 3 === 0 });
    n++;
  }
  await page.waitForSelector('[data-testid=game-over]', { timeout: TIMEOUT });
  await page.click('[data-testid=game-over] .end-lines summary').catch(() => {});
  await look("the game's end");
  await axeAudit(page, `${label}: the game's end`, check);
  await page.screenshot({ path: path.join(ARTIFACTS, `language-${lang}-${ruleset}-end.png`), fullPage: true });
  check(`${label}: the whole game by clicks (${n} decisions: ${[...kinds].join(', ')})`, n > 10);
  check(`${label}: <html lang="${lang}"> throughout`, (await page.evaluate(() => document.documentElement.lang)) === lang);
  check(`${label}: no English message showed where ${lang} has its own (${runs.length} looked for)`, seen.size === 0,
    [...seen].slice(0, 12).join('\n    '));
  check(`${label}: no console error`, problems.length === 0, problems.join('\n    '));
  await context.close();
}

for (const lang of ['de', 'pl']) {
  for (const ruleset of ['city', 'classic']) {
    test(`${lang} ${ruleset}: a whole game, no English left`, async ({ origin, open }) => {
      await wholeGame(open, origin, lang, ruleset);
    });
  }
}
