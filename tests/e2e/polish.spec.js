// Issue 38's rough edges on a phone, in every language and around saves
// (items 11–23), each as a player meets it:
//
// - The City's stacks after leaving a classic game are The City's (not
//   0 0 0), and "Found the city" starts it (item 20);
// - notices that are no longer true go (storage full once saving works
//   again; "played on in another tab" under the "moved on" banner), and
//   notices follow a language chosen later (items 22, 14);
// - `?lang=` in the address does not beat the menu, and links carry no
//   language (item 15);
// - a saved copy of a game is named as a copy (item 21).
'use strict';

const path = require('node:path');
const {
  test, check, ROOT, DIST, ARTIFACTS, PLAY, axeAudit, clickDecision, classicForm, newGameForm, startGame, leave,
  notices, copyLink, until,
} = require('./fixtures.js');

const TIMEOUT = 30000;

test('The City\'s stacks after leaving a classic game', async ({ origin, open }) => {
  const { page } = await open();
  await newGameForm(page, `${origin}/`);
  await page.check('[data-testid=game-classic]');
  await startGame(page);
  await leave(page);
  await page.check('[data-testid=game-the-city]');
  const stacks = await page.$$eval('[data-testid^=stacks-]', (els) => els.map((e) => e.value));
  check('The City\'s stacks are not 0 0 0 after a classic game', stacks.length === 3 && stacks[0] !== '0'
    && stacks.every((s) => /^\d+$/.test(s)), stacks.join(' '));
  await startGame(page);
  check('"Found the city" starts the game', (await page.$(PLAY)) !== null);
});

// Chooses `lang` in the header's menu and waits until the page speaks it.
async function choose(page, lang) {
  await page.selectOption('[data-testid=language]', lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: TIMEOUT });
}

const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);
const remembered = (page) => page.evaluate(() => localStorage.getItem('the-city/language'));

test('the menu beats a stale ?lang=, and links carry no language', async ({ origin, open }) => {
  // (No service worker: it would fetch the language file past the page's route.)
  const { page } = await open({ ignore: /static\/lang\/it\.txt|net::ERR_FAILED/, serviceWorkers: 'block' });
  await newGameForm(page, `${origin}/?lang=de`);
  check('?lang=de speaks German', (await htmlLang(page)) === 'de');
  await choose(page, 'pl');
  const search = await page.evaluate(() => location.search);
  check('choosing Polski drops lang= from the address', !search.includes('lang='), search);
  check('…and remembers Polski', (await remembered(page)) === 'pl', await remembered(page));
  await page.reload();
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: TIMEOUT });
  check('a reload after the menu\'s choice is Polish', (await htmlLang(page)) === 'pl', await htmlLang(page));
  // A link with a language of its own: spoken for the visit, not remembered
  // over the player's choice.
  await newGameForm(page, `${origin}/?lang=de`);
  check('a later ?lang=de speaks German for that visit', (await htmlLang(page)) === 'de');
  check('…and leaves the remembered choice Polish', (await remembered(page)) === 'pl', await remembered(page));
  await page.click('[data-testid=preset-short]');
  await startGame(page);
  const link = await copyLink(page);
  check('"Copy link" carries no language', !/[?&]lang=/.test(link), link);
  // A language that cannot be fetched: the menu, the page and the notice
  // agree on the one spoken.
  await page.route('**/static/lang/it.txt', (route) => route.abort());
  await page.selectOption('[data-testid=language]', 'it');
  await page.waitForSelector('[data-testid=language-problem]', { timeout: TIMEOUT });
  const shown = await page.inputValue('[data-testid=language]');
  const notice = await page.textContent('[data-testid=language-problem]');
  check('Italian unavailable: the menu shows the language spoken', shown === (await htmlLang(page)) && shown === 'de',
    `${shown} / ${await htmlLang(page)}`);
  check('…and the notice names Italiano and speaks of the language shown',
    /Italiano/.test(notice) && /dieser Sprache/.test(notice), notice);
});

// What of the new-game form's seat rows can be read: each name field's
// width, and whether each select shows its chosen option's words whole.
async function seatRows(page) {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d');
    return [...document.querySelectorAll('.seat')].map((row) => {
      const name = row.querySelector('input[type=text]').getBoundingClientRect().width;
      const cut = [...row.querySelectorAll('select')].filter((s) => {
        const cs = getComputedStyle(s);
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const words = ctx.measureText(s.options[s.selectedIndex].text).width;
        // (Its padding, and room for the arrow.)
        const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;
        return words > room;
      }).map((s) => s.options[s.selectedIndex].text);
      return { name: Math.round(name), cut };
    });
  });
}

for (const width of [360, 390]) {
  test(`a ${width} px phone: the seats' names and kinds can be read`, { tag: '@phone' }, async ({ origin, open }) => {
    const { page } = await open({ viewport: { width, height: 740 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    await newGameForm(page, `${origin}/`);
    await page.selectOption('[data-testid=kind-1]', 'normal');
    await page.click('[data-testid=add-seat]');
    const rows = await seatRows(page);
    check(`${width} px: every name field is 120 px wide or more`, rows.every((r) => r.name >= 120), JSON.stringify(rows));
    check(`${width} px: every seat's colour and kind show their words whole`, rows.every((r) => r.cut.length === 0),
      JSON.stringify(rows));
    const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    check(`${width} px: no sideways scroll`, over <= 0, String(over));
    await page.screenshot({ path: path.join(ARTIFACTS, `polish-seats-${width}.png`) });
  });
}

test('desktop in French and Polish: five seats keep their names readable', async ({ origin, open }) => {
  const { page } = await open();
  for (const lang of ['fr', 'pl', 'es']) {
    await newGameForm(page, `${origin}/?lang=${lang}`);
    await page.check('[data-testid=game-classic]');
    for (let k = 2; k < 5; k++) await page.click('[data-testid=add-seat]');
    await page.selectOption('[data-testid=kind-4]', 'hard');
    const rows = await seatRows(page);
    check(`${lang} at 1280 px: every name field is 120 px wide or more`, rows.every((r) => r.name >= 120),
      JSON.stringify(rows));
    check(`${lang} at 1280 px: every colour and kind shows its words whole`, rows.every((r) => r.cut.length === 0),
      JSON.stringify(rows));
  }
});

// Whether the elements of `sel` sit on one row (their tops within 4 px).
async function oneRow(page, sel) {
  return page.$$eval(sel, (els) => {
    // (What is shown: not a heading kept for screen readers only.)
    const tops = els.filter((e) => e.offsetParent !== null && e.getBoundingClientRect().width > 1)
      .map((e) => Math.round(e.getBoundingClientRect().top));
    return { ok: tops.length > 0 && Math.max(...tops) - Math.min(...tops) <= 4, tops };
  });
}

test('a phone: the board\'s tools on one row in every language; the text view opens in view', { tag: '@phone' }, async ({ origin, open }) => {
  const { page } = await open();
  for (const lang of ['en', 'de', 'es', 'it', 'nl', 'pl', 'fr']) {
    await newGameForm(page, `${origin}/?lang=${lang}`);
    await classicForm(page, { players: 2, tiles: 24, seed: 3 });
    await startGame(page);
    const tools = await oneRow(page, '.board-tools button');
    check(`${lang} on a 390 px phone: the board's tools are on one row`, tools.ok, JSON.stringify(tools));
    if (lang !== 'fr') await leave(page);
  }
  // The player scrolls down until the button shows at the screen's foot,
  // and taps it.
  await page.$eval('[data-testid=text-view-toggle]', (e) => e.scrollIntoView({ block: 'end' }));
  await page.tap('[data-testid=text-view-toggle]');
  await page.waitForSelector('[data-testid=text-command]');
  await page.waitForTimeout(500);
  const box = await page.$eval('[data-testid=text-command]', (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, h: innerHeight };
  });
  check('the text view\'s command line is in view once opened', box.top >= 0 && box.bottom <= box.h, JSON.stringify(box));
});

test('200% zoom: the header is one row', async ({ origin, open }) => {
  const { page } = await open({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });
  for (const lang of ['en', 'fr', 'de']) {
    await newGameForm(page, `${origin}/?lang=${lang}`);
    await page.click('[data-testid=preset-short]');
    await startGame(page);
    const row = await oneRow(page, 'header.title-bar > :not(.skip-link), header .game-extras > *');
    check(`${lang} at 200%: the header's parts are on one row`, row.ok, JSON.stringify(row));
    await page.screenshot({ path: path.join(ARTIFACTS, `polish-header-200-${lang}.png`) });
    await leave(page);
  }
});

// scripts/precache.sh run on `dir` as the build runs it (offline.spec.js's).
function precache(dir) {
  const { execFileSync } = require('node:child_process');
  execFileSync('bash', [path.join(ROOT, 'scripts', 'precache.sh')], {
    env: { ...process.env, TRUNK_PROFILE: 'release', TRUNK_SOURCE_DIR: ROOT, TRUNK_STAGING_DIR: dir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

test('a new deploy waiting: "Reload to update", the game kept', async ({ serve, open }) => {
  const fs = require('node:fs');
  const os = require('node:os');
  let { origin, stop } = await serve();
  const { page } = await open();
  await newGameForm(page, `${origin}/`);
  await page.click('[data-testid=preset-short]');
  await startGame(page);
  await clickDecision(page);
  await clickDecision(page);
  const position = () => page.evaluate((sel) => {
    const d = document.querySelector(sel).dataset;
    return { turn: d.turn, decision: d.decision, tiles: document.querySelectorAll('[data-tile]').length };
  }, PLAY);
  const before = await position();
  const controlled = await until(page, async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return !!(navigator.serviceWorker.controller && reg && reg.active && reg.active.state === 'activated');
  }, null, { timeout: TIMEOUT });
  check('the service worker controls the page', controlled);
  check('no update is offered while none waits', (await page.$('[data-testid=update]')) === null);
  // The next deploy, on the same origin.
  const next = fs.mkdtempSync(path.join(os.tmpdir(), 'city-update-'));
  fs.cpSync(DIST, next, { recursive: true });
  fs.appendFileSync(path.join(next, 'boot.js'), '\n// the next deploy\n');
  precache(next);
  const port = Number(new URL(origin).port);
  await stop();
  ({ origin, stop } = await serve({ dist: next, port }));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  const offered = await page.waitForSelector('[data-testid=update]', { timeout: TIMEOUT }).catch(() => null);
  const words = offered ? await offered.textContent() : '';
  check('a new version waiting is said, with "Reload to update", the game said saved',
    /new version/.test(words) && /Reload to update/.test(words) && /saved/.test(words), words);
  await axeAudit(page, 'the game with the update notice', check);
  if (offered) {
    await Promise.all([
      page.waitForEvent('load', { timeout: TIMEOUT }),
      page.click('[data-testid=update-reload]'),
    ]);
    await page.waitForSelector(PLAY, { timeout: TIMEOUT });
    const boot = await page.evaluate(async () => (await fetch('boot.js')).text());
    check('after the reload the new build runs', boot.includes('// the next deploy'));
    const after = await position();
    check('…and the game is where it was', JSON.stringify(after) === JSON.stringify(before),
      `${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    check('…and no update is offered any more', (await page.$('[data-testid=update]')) === null);
  }
  await stop();
  fs.rmSync(next, { recursive: true, force: true });
});

test('two tabs: stale notices go, the leave dialog says why, the copy is named', async ({ origin, open }) => {
  const { context, page: t1 } = await open();
  await newGameForm(t1, `${origin}/?lang=en`);
  await t1.fill('[data-testid=name-0]', 'Anna');
  await t1.fill('[data-testid=name-1]', 'Bernd');
  await t1.click('[data-testid=preset-short]');
  await startGame(t1);
  await clickDecision(t1);
  const t2 = await context.newPage();
  await t2.goto(`${origin}/`, { waitUntil: 'load' });
  await t2.waitForSelector('[data-testid=save-row]', { timeout: TIMEOUT });
  check('the new saved game is named in words of the language', (await t2.textContent('[data-testid=save-name]')).trim()
    === 'Anna and Bernd');
  await t2.click('[data-testid=save-continue]');
  await t2.waitForSelector(PLAY, { timeout: TIMEOUT });
  // A move in the second tab: the first shows it, and says so.
  await clickDecision(t2);
  await t1.waitForFunction(() => [...document.querySelectorAll('[data-testid=notice]')]
    .some((n) => n.textContent.includes('played on in another tab')), null, { timeout: TIMEOUT });
  // The first tab cannot save; the second plays on: moved on.
  await t1.evaluate(() => {
    const real = Storage.prototype.setItem;
    window.__refuse = true;
    Storage.prototype.setItem = function (k, v) {
      if (window.__refuse && k === 'the-city/saves') throw new DOMException('full', 'QuotaExceededError');
      return real.call(this, k, v);
    };
  });
  await clickDecision(t1);
  await t1.waitForSelector('[data-testid=unsaved]', { timeout: TIMEOUT });
  const full = await notices(t1);
  check('storage full is said', full.some((n) => n.includes('storage is full')), JSON.stringify(full));
  await t2.bringToFront();
  await clickDecision(t2);
  await t1.bringToFront();
  await t1.waitForSelector('[data-testid=moved-on]', { timeout: TIMEOUT });
  let said = await notices(t1);
  check('"played on: this tab shows it as it is" goes under the "moved on" banner',
    !said.some((n) => n.includes('played on in another tab')), JSON.stringify(said));
  // Switching the language: the notices speak it.
  await choose(t1, 'de');
  said = await notices(t1);
  check('the notices follow the language', said.length > 0 && said.every((n) => !n.includes('storage is full'))
    && said.some((n) => n.includes('Speicher')), JSON.stringify(said));
  await choose(t1, 'en');
  await t1.click('[data-testid=leave]');
  await t1.waitForSelector('[data-testid=leave-dialog]');
  const why = await t1.textContent('[data-testid=leave-unsaved]');
  check('the leave dialog says another tab played on, not that the browser refused', /another tab/.test(why)
    && !/browser did not let/.test(why), why);
  check('…and offers to keep this one as a new saved game', (await t1.$('[data-testid=leave-keep]')) !== null);
  await axeAudit(t1, 'the leave dialog of a game moved on', check);
  await t1.evaluate(() => { window.__refuse = false; });
  await t1.click('[data-testid=leave-keep]');
  await t1.waitForSelector('[data-testid=new-game-form]', { timeout: TIMEOUT });
  const names = await t1.$$eval('[data-testid=save-name]', (els) => els.map((e) => e.textContent.trim()).sort());
  check('"keep" saves it as a new game, named as a copy, then leaves',
    JSON.stringify(names) === JSON.stringify(['Anna and Bernd', 'Anna and Bernd (2)']), JSON.stringify(names));
  said = await notices(t1);
  check('the storage-full notice went once saving worked again', !said.some((n) => n.includes('storage is full')),
    JSON.stringify(said));
  await t2.close();
});

// At a place decision: the spaces the tile fits that are in the board's
// view, each a finger wide (44 px), and one at least in view. At a
// follower decision: a tap 21 px from each ring's middle, in the four
// directions, still takes that ring (or its region).
async function fingerCheck(page) {
  return page.evaluate(() => {
    const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
    const d = document.querySelector('[data-testid=play]').dataset.decision;
    if (d === 'place') {
      const shown = [...document.querySelectorAll('[data-cell][data-legal]')].map((e) => e.getBoundingClientRect())
        .filter((r) => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1);
      const small = shown.filter((r) => r.width < 43.5 || r.height < 43.5).map((r) => Math.round(r.width));
      return { d, ok: shown.length > 0 && small.length === 0, detail: `${shown.length} in view, small: ${small}` };
    }
    if (d === 'follower') {
      const bad = [];
      for (const g of document.querySelectorAll('[data-testid=region-target]')) {
        const r = g.querySelector('.ring').getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        for (const [dx, dy] of [[21, 0], [-21, 0], [0, 21], [0, -21]]) {
          const hit = document.elementFromPoint(x + dx, y + dy);
          const region = hit && hit.closest('[data-region]');
          if (!region || region.dataset.region !== g.dataset.region) bad.push(`${g.dataset.region}:${dx},${dy}`);
        }
      }
      return { d, ok: bad.length === 0, detail: bad.join(' ') };
    }
    return { d, ok: true, detail: '' };
  });
}

for (const [name, options] of [
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true }],
  ['a phone on its side', { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true }],
  ['200% zoom', { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 }],
]) {
  test(`${name}: the board's targets stay a finger wide as the city grows`, { tag: '@phone' }, async ({ origin, open }) => {
    const { page } = await open(options);
    await newGameForm(page, `${origin}/`);
    await page.click('.advanced summary');
    await page.fill('[data-testid=seed]', '11');
    await startGame(page);
    const bad = [];
    let placed = 0;
    let followers = 0;
    for (let n = 0; n < 80 && placed < 14; n++) {
      const d = await page.getAttribute(PLAY, 'data-decision');
      if (d === 'over') break;
      const f = await fingerCheck(page);
      if (!f.ok) bad.push(`decision ${n} (${f.d}, ${placed} placed): ${f.detail}`);
      if (d === 'place') {
        placed++;
        // The space farthest from the board's middle among those wholly in
        // view (the city grows wide, its spaces small), else the nearest.
        const v = await page.getAttribute(PLAY, 'data-version');
        const cell = await page.evaluateHandle(() => {
          const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
          const [mx, my] = [b.left + b.width / 2, b.top + b.height / 2];
          const els = [...document.querySelectorAll('[data-cell][data-legal=now]')];
          const dist = (e) => {
            const r = e.getBoundingClientRect();
            return Math.hypot(r.left + r.width / 2 - mx, r.top + r.height / 2 - my);
          };
          const inView = (e) => {
            const r = e.getBoundingClientRect();
            return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom;
          };
          const shown = els.filter(inView);
          return shown.length ? shown.sort((a, c) => dist(c) - dist(a))[0] : els.sort((a, c) => dist(a) - dist(c))[0];
        });
        await cell.asElement().click();
        await page.waitForSelector('[data-testid=ghost]', { timeout: TIMEOUT });
        await page.click('[data-testid=confirm]');
        await page.waitForFunction(([sel, v0]) => document.querySelector(sel).dataset.version !== v0, [PLAY, v],
          { timeout: TIMEOUT });
      } else {
        if (d === 'follower') followers++;
        await clickDecision(page, { follower: n % 3 === 0 });
      }
    }
    await page.screenshot({ path: path.join(ARTIFACTS, `polish-fingers-${options.viewport.width}.png`) });
    check(`${name}: every space and ring takes a finger over ${placed} placements and ${followers} follower decisions`,
      bad.length === 0 && placed >= 12 && followers >= 3, bad.join('\n    '));
  });
}

test('axe in every language: the classic form, a game, the leave dialog and the saves list', async ({ origin, open }) => {
  const { page } = await open();
  for (const lang of ['en', 'de', 'es', 'fr', 'it', 'nl', 'pl']) {
    await newGameForm(page, `${origin}/?lang=${lang}`);
    await classicForm(page, { players: 3, tiles: 24, seed: 5 });
    await page.selectOption('[data-testid=kind-2]', 'easy');
    await axeAudit(page, `the classic new-game form in ${lang}`, check);
    await startGame(page);
    await clickDecision(page);
    await axeAudit(page, `a classic game in ${lang}`, check);
    await page.click('[data-testid=leave]');
    await page.waitForSelector('[data-testid=leave-dialog]');
    await axeAudit(page, `the leave dialog in ${lang}`, check);
    await page.click('[data-testid=leave-yes]');
    await page.waitForSelector('[data-testid=new-game-form]', { timeout: TIMEOUT });
    await axeAudit(page, `the saves list in ${lang}`, check);
  }
});

// `city random --seed 3 --players 2`, then `city share`: a whole game of The
// City (review.spec.js's).
const CITY_OVER = 'AUQDQW5uA0JvYu9X1Nki0PcrnhWZgXaivTxiVcEcR52nbaUYnWyvvx2CMttKqQwvsHO4UdNgN-N63fLlTm1p7Tij2gym3kbXa6ILci-PkXFj_7yuVdFgy-4fckgU-MgTT6Hfrp2i6Ckgo1LcsZiE60OL6kdt4rTihA';

test('German: no English left in the pictures, the buildings\' titles, the saved game\'s name', async ({ origin, open }) => {
  const { page } = await open();
  await page.goto(`${origin}/?lang=de&seats=red,blue#${CITY_OVER}`, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid=game-over]', { timeout: TIMEOUT });
  await page.click('[data-testid=game-pictures] summary');
  await page.waitForSelector('[data-testid=pictures-chart]', { timeout: TIMEOUT });
  const words = await page.evaluate(() => ({
    keys: [...document.querySelectorAll('.chart-keys li')].map((e) => e.textContent.trim()),
    bars: [...document.querySelectorAll('[data-testid=pictures-bar] title')].map((e) => e.textContent.trim()),
  }));
  const english = /\b(Streets|Markets|Towers|Stewards|Guards|streets|markets|towers|stewards|guards)\b/;
  check('the pictures\' key and bars name the sources in German',
    words.keys.some((k) => k === 'Straßen') && words.keys.some((k) => k === 'Vögte')
      && !words.keys.concat(words.bars).some((w) => english.test(w)), JSON.stringify(words));
  const titles = await page.$$eval('svg title', (els) => els.map((e) => e.textContent));
  check('no building is titled in English', !titles.includes('Public building') && titles.includes('Öffentliches Gebäude'),
    `${titles.filter((t) => /building|Gebäude/.test(t)).length} titles`);
  await page.keyboard.press('Escape');
  await leave(page);
  const name = (await page.textContent('[data-testid=save-name]')).trim();
  check('the saved game is named in German', name === 'Ann und Bob', name);
});
