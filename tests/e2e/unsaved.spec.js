// No game in play that is not saved is lost without asking (issue 37), in
// the built site (dist/), in headless Chromium:
//  1. storage full, turns played: "Import record" and a link opened in the
//     page ask first ("Keep playing this one" keeps the game and its turns;
//     "Open the other game" opens it); with the game saved they ask nothing;
//  2. closing the tab while turns are not saved asks (beforeunload), and
//     not once they are saved;
//  3. the same link opened in two tabs at the same moment is one save, and
//     a move in one tab is followed by the other;
//  4. the question in German (axe-core clean in both languages).
// Fails on any console error.
'use strict';

const {
  test, check, PLAY: play, clickDecision, newGameForm, cityForm, axeAudit, copyLink: shareLink,
} = require('./fixtures.js');

const TIMEOUT = 20000;

const act = (page, n) => clickDecision(page, { follower: n % 2 === 0 });

// A record that reads: a header only (the game at its first turn).
const RECORD = '[Game "Carcassonne: The City"]\n[Format "1"]\n[Players "Cid, Dee"]\n[Seed "41"]\n';

// The link, its dialog closed (common.js).
const copyLink = (page) => shareLink(page, { close: true });

async function games(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('the-city/saves') || '{"games":[]}').games);
}

// Storage that can be made full on demand (`window.__full`).
async function fillable(context) {
  await context.addInitScript(() => {
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (window.__full) throw new DOMException('full', 'QuotaExceededError');
      return real.call(this, k, v);
    };
  });
}

async function players(page) {
  return page.evaluate(() => [...document.querySelectorAll('.player-name')].map((e) => e.textContent).join(','));
}

async function importRecord(page) {
  await page.click('[data-testid=import-open]');
  await page.fill('[data-testid=import-text]', RECORD);
  await page.click('[data-testid=import-go]');
}

test('an unsaved game is not replaced without asking; closing the tab asks', async ({ origin, open }) => {
  const a = await open();
  await fillable(a.context);
  await newGameForm(a.page, `${origin}/`);
  await cityForm(a.page, { names: ['Ann', 'Bob'], seed: 7 });
  await act(a.page, 0);
  const link = await copyLink(a.page);

  // Saved: Import record opens at once, and closing asks nothing.
  await importRecord(a.page);
  await a.page.waitForFunction(() => document.querySelector('.player-name')
    && document.querySelector('.player-name').textContent === 'Cid', null, { timeout: TIMEOUT });
  check('with the game saved, Import record opens at once',
    !(await a.page.$('[data-testid=replace-dialog]')));

  // Back to Ann and Bob (saved), then storage full and turns played.
  await a.page.goto(link, { waitUntil: 'load', timeout: 30000 });
  await a.page.waitForSelector(play, { timeout: TIMEOUT });
  await a.page.evaluate(() => { window.__full = true; });
  await act(a.page, 1);
  await act(a.page, 2);
  await a.page.waitForSelector('[data-testid=unsaved]', { timeout: TIMEOUT });
  const before = await a.page.getAttribute(play, 'data-version');
  const storedBefore = JSON.stringify(await games(a.page));

  // 1. Import record asks; "Keep playing" keeps the game and its turns.
  await importRecord(a.page);
  await a.page.waitForSelector('[data-testid=replace-dialog]', { timeout: TIMEOUT });
  const text = await a.page.textContent('[data-testid=replace-dialog]');
  check('Import record over an unsaved game asks first', text.includes('not saved'), text);
  await axeAudit(a.page, 'the question before an unsaved game is replaced', check);
  await a.page.click('[data-testid=replace-no]');
  await a.page.waitForSelector('[data-testid=replace-dialog]', { state: 'detached', timeout: TIMEOUT });
  check('"Keep playing this one" keeps the game and its unsaved turns',
    (await players(a.page)).startsWith('Ann') && (await a.page.getAttribute(play, 'data-version')) === before,
    await players(a.page));

  // A link opened in the page asks the same.
  await a.page.evaluate((l) => { location.hash = l.split('#')[1]; }, link);
  await a.page.waitForSelector('[data-testid=replace-dialog]', { timeout: TIMEOUT });
  check('a link opened over an unsaved game asks first', true);
  await a.page.keyboard.press('Escape');
  await a.page.waitForSelector('[data-testid=replace-dialog]', { state: 'detached', timeout: TIMEOUT });
  check('Esc keeps the game in play', (await a.page.getAttribute(play, 'data-version')) === before);
  check('nothing was saved meanwhile', JSON.stringify(await games(a.page)) === storedBefore);

  // 2. Closing the tab asks (the browser's own question).
  const asked = new Promise((resolve) => {
    a.page.once('dialog', async (d) => {
      resolve(d.type());
      await d.dismiss();
    });
  });
  await a.page.close({ runBeforeUnload: true });
  const kind = await Promise.race([asked, new Promise((r) => setTimeout(() => r('none'), 5000))]);
  check('closing the tab with turns not saved asks first', kind === 'beforeunload', kind);
  check('the tab stays when the player says no', !a.page.isClosed());

  // "Open the other game" opens it.
  await importRecord(a.page);
  await a.page.waitForSelector('[data-testid=replace-dialog]', { timeout: TIMEOUT });
  await a.page.click('[data-testid=replace-yes]');
  await a.page.waitForFunction(() => document.querySelector('.player-name')
    && document.querySelector('.player-name').textContent === 'Cid', null, { timeout: TIMEOUT });
  check('"Open the other game" opens it', true);

  // Room again, the game saved: closing asks nothing.
  await a.page.evaluate(() => { window.__full = false; });
  await act(a.page, 0);
  await a.page.waitForSelector('[data-testid=unsaved]', { state: 'detached', timeout: TIMEOUT });
  let second = 'none';
  a.page.once('dialog', async (d) => {
    second = d.type();
    await d.accept();
  });
  await a.page.close({ runBeforeUnload: true });
  await a.page.waitForEvent('close', { timeout: TIMEOUT }).catch(() => {});
  check('closing the tab with everything saved asks nothing', second === 'none', second);
});

test('the same link opened in two tabs at the same moment is one save', async ({ origin, open }) => {
  const a = await open();
  await newGameForm(a.page, `${origin}/`);
  await cityForm(a.page, { names: ['Ann', 'Bob'], seed: 11 });
  await act(a.page, 0);
  const link = await copyLink(a.page);

  for (let round = 0; round < 3; round++) {
    const b = await open();
    const second = await b.context.newPage();
    await Promise.all([b.page, second].map((p) => p.goto(link, { waitUntil: 'load', timeout: 30000 })));
    await Promise.all([b.page, second].map((p) => p.waitForSelector(play, { timeout: TIMEOUT })));
    // (Each tab's first save is made as it opens the game.)
    await b.page.waitForTimeout(500);
    const saved = await games(b.page);
    check(`two tabs opening one link at once make one save (try ${round + 1})`, saved.length === 1,
      JSON.stringify(saved.map((g) => g.id)));
    // Both tabs play that one save: a move in one is followed by the other.
    await act(b.page, 0);
    const followed = await second.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT }).then(() => true, () => false);
    const said = await second.$$eval('[data-testid=notice]', (els) => els.map((e) => e.textContent));
    check(`the other tab follows a move of this one (try ${round + 1})`,
      followed && said.some((m) => m.includes('played on in another tab')), JSON.stringify(said));
    check(`after a move, still one save (try ${round + 1})`, (await games(b.page)).length === 1);
    await b.context.close();
  }
});

test('the question before an unsaved game is replaced, in German', async ({ origin, open }) => {
  const a = await open();
  await fillable(a.context);
  await newGameForm(a.page, `${origin}/?lang=de`);
  await cityForm(a.page, { names: ['Ann', 'Bob'], seed: 7 });
  await a.page.evaluate(() => { window.__full = true; });
  await act(a.page, 0);
  await a.page.waitForSelector('[data-testid=unsaved]', { timeout: TIMEOUT });
  await importRecord(a.page);
  await a.page.waitForSelector('[data-testid=replace-dialog]', { timeout: TIMEOUT });
  const text = await a.page.textContent('[data-testid=replace-dialog]');
  check('the question is asked in German', text.includes('nicht gespeichert') && text.includes('Diese weiterspielen'), text);
  await axeAudit(a.page, 'the question in German', check);
  await a.page.click('[data-testid=replace-no]');
  check('the game stays', (await players(a.page)).startsWith('Ann'));
});
