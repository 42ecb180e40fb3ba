// The computer opponent in the built site (dist/): the AI runs in the
// engine Web Worker and the page stays responsive.
//
//  1. A human against the computer (hard): the human places a tile, the
//     computer seat answers through the worker (the board and the log
//     update), the human plays on; undo takes back the computer's reply with
//     the human's decision; a reload resumes the autosaved game and its
//     computer seat plays on; no main-thread task over 50 ms (Long Tasks
//     API) while the computer thinks.
//  2. A hint: the suggested placement is shown on the board and Enter plays it.
//  3. Cancellation: a game of two hard computers at the slow speed is left
//     while it thinks, a new game starts, and its computer still moves.
//  4. A whole game of two computers (easy, fast) watched to the end, with
//     pause and resume.
//  5. The worker closed from inside: the page notices the silence, tells the
//     player, and goes on working.
//  6. Classic Carcassonne with both expansions against the computer (hard):
//     its moves come through the worker with no long task, and a hint works.
// Fails on any console error, in the page or in the worker.
'use strict';

const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY: play, classicForm, humansTurn, humanTurn,
} = require('./fixtures.js');

const TIMEOUT = 30000;

const attr = (page, name) => page.getAttribute(play, name);

async function newGame(page, origin, { kinds, seed, speed, classic }) {
  if (!(await page.$('[data-testid=new-game-form]'))) {
    await page.goto(`${origin}/`, { waitUntil: 'load' });
  }
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: TIMEOUT });
  // Classic Carcassonne with both expansions and a short pile, or The City.
  if (classic) await classicForm(page, { tiles: 20 });
  else await page.check('[data-testid=game-the-city]');
  for (let i = 0; i < kinds.length; i++) {
    await page.selectOption(`[data-testid=kind-${i}]`, kinds[i]);
  }
  // The speed is chosen in the new-game form (it shows once a seat is a computer's).
  if (speed) await page.selectOption('[data-testid=new-speed]', speed);
  if (!classic) await page.click('[data-testid=preset-short]');
  await page.click('.advanced summary');
  await page.fill('[data-testid=seed]', String(seed));
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

// Leaves the game in play: "New game", then "Leave it" in the page's own
// dialog (no browser confirm()).
async function leave(page) {
  await page.click('[data-testid=leave]');
  await page.click('[data-testid=leave-yes]');
}

// A page of the game, its dialogs accepted; with `timed`, the main thread's
// long tasks and the times the computer is to move are recorded from the
// start (window.__long, window.__computer).
async function gamePage(open, origin, { timed = false } = {}) {
  const { page, problems } = await open();
  page.on('dialog', (d) => d.accept());
  if (timed) {
    await page.addInitScript(() => {
        window.__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__long.push({ start: e.startTime, ms: e.duration });
        }).observe({ type: 'longtask', buffered: true });
        // When the computer is to move: [start, end] intervals of performance.now().
        window.__computer = [];
        new MutationObserver(() => {
          const p = document.querySelector('[data-testid=play]');
          const on = !!p && p.dataset.computer === 'true';
          const last = window.__computer[window.__computer.length - 1];
          if (on && (!last || last.end !== null)) window.__computer.push({ start: performance.now(), end: null });
          if (!on && last && last.end === null) last.end = performance.now();
        }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-computer'] });
        // The thinking line may show only briefly: note that it appeared.
        new MutationObserver(() => {
          if (document.querySelector('[data-testid=thinking]')) window.__sawThinking = true;
        }).observe(document, { childList: true, subtree: true });
    });
  }
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.waitForSelector('#worker-status.ready', { state: 'attached', timeout: TIMEOUT });
  return { page, problems };
}

// Long tasks since `t` that overlap a time when the computer was to move
// (thinking, then the page applying its move), and how long that was.
async function longWhileComputing(page, t) {
  return page.evaluate((t0) => {
    const spans = window.__computer.map((c) => ({ start: c.start, end: c.end === null ? performance.now() : c.end }));
    return {
      long: window.__long.filter((e) => e.start >= t0 && spans.some((c) => e.start < c.end && e.start + e.ms > c.start)),
      thinking: spans.reduce((a, c) => a + (c.end - c.start), 0),
    };
  }, t);
}

test('a person against the computer: the worker answers, no long task; undo, reload, hint; a thinking game left', { tag: '@timed' }, async ({ origin, open, alone }) => {
  const { page, problems } = await gamePage(open, origin, { timed: true });
  // 1. Human (seat 1) against the computer (seat 2, hard: its decisions take
  //    a good part of a second, which on the main thread would be long tasks).
  await newGame(page, origin, { kinds: ['human', 'hard'], seed: 21, speed: 'fast' });
  // (Timed: the machine to itself while the computer thinks.)
  const { long, thinking } = await alone(async () => {
    const t0 = await page.evaluate(() => performance.now());
    check('the human moves first', (await attr(page, 'data-computer')) === 'false');
    await humanTurn(page);
    await humansTurn(page);
    check('the computer seat was shown thinking', await page.evaluate(() => window.__sawThinking === true));
    const turn = Number(await attr(page, 'data-turn'));
    const tiles = Number(await page.getAttribute('.tiles', 'data-count'));
    check('the computer placed its tile through the worker', turn === 2 && tiles === 2, `turn ${turn}, ${tiles} tiles`);
    const logText = await page.textContent('[data-testid=log]');
    check('the log tells the computer\'s turn', /Turn 2/.test(logText), logText.slice(0, 200));
    check('it is the human\'s turn again', (await attr(page, 'data-decision')) === 'place');
    await humanTurn(page);
    await humansTurn(page);
    check('the human played on and the computer answered again', Number(await attr(page, 'data-turn')) === 4);
    check('the browser reports long tasks',
      await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask')));
    // Long tasks that overlap a time when the computer was to move (thinking,
    // then the page applying its move).
    return longWhileComputing(page, t0);
  });
  check('the computer was to move for a while', thinking > 0, `${thinking} ms`);
  check('no main-thread task over 50 ms while the computer thinks and moves', long.length === 0,
    `${JSON.stringify(long)} over ${thinking.toFixed(0)} ms of computer turns`);

  // A reload resumes the autosaved game with its computer seat, which plays on.
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector(play, { timeout: TIMEOUT });
  check('a reload resumes the game at the same turn', Number(await attr(page, 'data-turn')) === 4);
  const tag = await page.textContent('.computer-tag').catch(() => '');
  check('the resumed game keeps its computer seat', tag.includes('hard'), tag);
  await humanTurn(page);
  await humansTurn(page);
  check('after the reload the computer answers again', Number(await attr(page, 'data-turn')) === 6);

  // Undo takes back the computer's reply too: the human decides again.
  const before = Number(await attr(page, 'data-turn'));
  await page.click('[data-testid=undo]');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.computer === 'false', play);
  const after = Number(await attr(page, 'data-turn'));
  check('undo goes back to the human\'s last decision', after < before && (await attr(page, 'data-computer')) === 'false',
    `turn ${before} -> ${after}`);
  await page.waitForTimeout(300);
  check('after undo the computer does not move by itself', Number(await attr(page, 'data-turn')) === after);

  // 2. A hint (for a tile: undo back to the human's placement first).
  if ((await attr(page, 'data-decision')) === 'follower') {
    const v = await attr(page, 'data-version');
    await page.keyboard.press('Control+z');
    await page.waitForFunction(([sel, v0]) => document.querySelector(sel).dataset.version !== v0, [play, v]);
  }
  const hintTurn = Number(await attr(page, 'data-turn'));
  if ((await attr(page, 'data-decision')) === 'place') {
    const v = await attr(page, 'data-version');
    await page.click('[data-testid=hint]');
    await page.waitForSelector('[data-testid=ghost]', { timeout: TIMEOUT });
    const msg = await page.textContent('[data-testid=prompt]');
    check('a hint shows the suggested placement', msg.includes('Hint:'), msg);
    const marker = !!(await page.$('[data-testid=hint-follower]'));
    check('a suggested follower is drawn on the tried tile, and only then', marker === msg.includes(', then put '), msg);
    await page.screenshot({ path: path.join(ARTIFACTS, 'computer-hint.png') });
    await page.keyboard.press('Enter');
    await page.waitForFunction(([sel, v0]) => document.querySelector(sel).dataset.version !== v0, [play, v]);
    check('Enter plays the suggested placement', Number(await attr(page, 'data-turn')) === hintTurn + 1);
  } else {
    check('undo left a tile to place', false, await attr(page, 'data-decision'));
  }

  // 3. Leave a game of two hard computers while one thinks.
  await leave(page);
  await newGame(page, origin, { kinds: ['hard', 'hard'], seed: 5, speed: 'slow' });
  await page.waitForSelector('[data-testid=thinking]', { timeout: TIMEOUT });
  await page.waitForTimeout(1700);
  await leave(page);
  await newGame(page, origin, { kinds: ['easy', 'human'], seed: 6, speed: 'fast' });
  await humansTurn(page);
  check('after leaving a thinking game, a new computer seat moves',
    Number(await attr(page, 'data-turn')) === 1 && (await attr(page, 'data-computer')) === 'false');

  check('no console errors (page and worker)', problems.length === 0, problems.join('\n    '));
});

test('two computers watched to the end, with a pause', async ({ origin, open }) => {
  const { page, problems } = await gamePage(open, origin);
  // 4. Watch two computers to the end, with a pause.
  await newGame(page, origin, { kinds: ['easy', 'easy'], seed: 8, speed: 'fast' });
  check('the speed chosen in the form applies', (await page.inputValue('[data-testid=speed]')) === 'fast');
  await page.click('[data-testid=pause]');
  const paused = Number(await attr(page, 'data-version'));
  await page.waitForTimeout(500);
  check('pause stops the computers', Number(await attr(page, 'data-version')) === paused);
  await page.click('[data-testid=pause]');
  await page.waitForSelector(`${play}[data-decision=over]`, { timeout: 120000 });
  const result = await page.textContent('[data-testid=game-over]').catch(() => '');
  check('a game of computers is watched to its end', /wins|win|tie/i.test(result), result.slice(0, 200));

  check('no console errors (page and worker)', problems.length === 0, problems.join('\n    '));
});

test('classic Carcassonne against the computer: no long task, a hint', { tag: '@timed' }, async ({ origin, open, alone }) => {
  const { page, problems } = await gamePage(open, origin, { timed: true });
  // 6. Classic Carcassonne with The City Gates and Old City against the
  //    computer (hard): it answers through the worker, with no long task
  //    on the main thread, and a hint works.
  await newGame(page, origin, { kinds: ['human', 'hard'], seed: 12, speed: 'fast', classic: true });
  check('a classic game against the computer starts', (await attr(page, 'data-ruleset')) === 'classic');
  // (Timed: the machine to itself while the computer thinks.)
  const { long: classicLong } = await alone(async () => {
    const c0 = await page.evaluate(() => performance.now());
    await humanTurn(page);
    await humansTurn(page);
    check('the classic computer placed its tile through the worker', Number(await attr(page, 'data-turn')) === 2,
      `turn ${await attr(page, 'data-turn')}`);
    await humanTurn(page);
    await humansTurn(page);
    return longWhileComputing(page, c0);
  });
  check('no main-thread task over 50 ms while the classic computer thinks', classicLong.length === 0,
    JSON.stringify(classicLong));
  if ((await attr(page, 'data-decision')) === 'place') {
    const v = await attr(page, 'data-version');
    await page.click('[data-testid=hint]');
    await page.waitForSelector('[data-testid=ghost]', { timeout: TIMEOUT });
    check('a classic hint shows the suggested placement', (await page.textContent('[data-testid=prompt]')).includes('Hint:'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(([sel, v0]) => document.querySelector(sel).dataset.version !== v0, [play, v]);
  }
  await leave(page);

  check('no console errors (page and worker)', problems.length === 0, problems.join('\n    '));
});

test('the worker stops answering: the player is told, the page goes on', async ({ origin, open }) => {
  const { page, problems } = await gamePage(open, origin);
  // 5. The worker goes away (closed from inside): the page notices the
  //    silence, says so, and stays usable.
  await newGame(page, origin, { kinds: ['human', 'easy'], seed: 31, speed: 'fast' });
  const workers = page.workers().filter((w) => !w.url().includes('sw.js'));
  check('the engine runs in a dedicated worker the test can see', workers.length >= 1, page.workers().map((w) => w.url()).join(', '));
  for (const w of workers) await w.evaluate(() => self.close()).catch(() => {});
  await humanTurn(page);
  const notice = await page
    .waitForFunction(() => /stopped answering/.test(document.querySelector('[data-testid=prompt]').textContent), null, { timeout: 20000 })
    .then(() => true, () => false);
  check('a silent worker is noticed and the player told', notice, await page.textContent('[data-testid=prompt]'));
  const vNow = await attr(page, 'data-version');
  await page.click('[data-testid=undo]');
  await page.waitForFunction((v) => document.querySelector('[data-testid=play]').dataset.version !== v, vNow, { timeout: TIMEOUT })
    .catch(() => {});
  check('the page keeps working (undo gives the human the decision back)',
    (await attr(page, 'data-version')) !== vNow && (await attr(page, 'data-computer')) === 'false');

  check('no console errors (page and worker)', problems.length === 0, problems.join('\n    '));
});
