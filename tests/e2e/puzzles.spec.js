// Issue 40 in the built site (dist/): "Try it" from the review, the next
// and previous mistake of one's own, and the puzzles.
//  - a short classic game (14 tiles, Ann a person, Bob the computer)
//    reviewed: ] and [ go from one of Ann's mistakes to the next and back
//    (never Bob's); "Try it from here" opens a variation marked as one, a
//    move played on the board, the computer plays on; "Back to the review"
//    shows the game again and nothing saved has changed; "Play the best
//    move" starts a variation with the review's best played;
//  - Ann's mistakes become her own puzzles only when they meet the shipped
//    puzzles' criteria: judged in the review's worker, exactly those `city
//    puzzles` finds at her mistakes' moves (`city review`); and a planted
//    blunder (classic_placement_blunder.cgn) reviewed from the replay of an
//    unfinished game becomes one;
//  - the puzzles from the saves list: the daily puzzle offline (the set is
//    precached by the service worker), one solved in the text view by
//    keyboard (the rating goes up) and one failed (it goes down, the best
//    move said), one answered by the board's keys, in English and in
//    German; axe on the puzzles and the
//    variation.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, check, axeAudit } = require('./fixtures.js');
const { ROOT, city, clickDecision, until } = require('./common.js');

const TIMEOUT = 15000;
// `city random --game classic --seed 12 --players 2 --expansions "" --tiles 14`,
// then `city share`: Ann has three mistakes in the judge's review (`city
// review`: decisions 8, 12 and 24, 5.3 to 6.3 points lost).
const SHORT = 'AgEIAAAOA0FubgNCb2Lxhn3xpLtQDOPU6GFyZS9fhSFJ105E';
const REVIEW = '[data-testid=review]';

const audit = (page, name) => axeAudit(page, name, check);


// What the command line says of a game's link: the judge's review (the
// mistakes of the seats in `people`) and the puzzles mined by the shipped
// criteria; the own puzzles expected: those at a mistake's move (its own
// decision, or its tile's just before it), as `key` names them.
function byTheCommandLine(link, people) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'own-puzzles-'));
  const file = path.join(dir, 'game.cgn');
  fs.writeFileSync(file, city(['unshare', link]));
  const review = JSON.parse(city(['review', file, '--json']));
  const mined = JSON.parse(city(['puzzles', '--game', 'classic', '--from', dir, '--json'])).puzzles;
  fs.rmSync(dir, { recursive: true, force: true });
  const mistakes = review.decisions.filter((d) => people.includes(d.seat) && d.loss >= 5).map((d) => d.n);
  const expected = mined.filter((p) => people.includes(p.seat) && mistakes.some((n) => n === p.n || n === p.n + 1));
  return { mistakes, expected: expected.map(key).sort() };
}

const key = (p) => `${p.seat} ${p.n} ${p.best}`;

// `city share tests/records/review/classic_placement_blunder.cgn`: Ben's
// tile put away from the 16-point city it closes (decision 14), a puzzle
// by the shipped criteria; the game goes on.
const PLANTED = 'AgEQAADaAgRBbm5hA0JlbhAwk6-dtwNv55Rq';

// The shipped set of The City.
function citySet() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'static', 'puzzles', 'the-city-puzzles.json'), 'utf8')).puzzles;
}

// A move of the notation ("D4 -1,1 r1 -", "T2 -2,-4 r3") as the text view
// types it: the placement ("-1,1 90"), then "no" when it puts no follower.
function typed(move) {
  const m = /^\S+ (-?\d+),(-?\d+) r(\d)( -)?$/.exec(move);
  return m && { place: `${m[1]},${m[2]} ${Number(m[3]) * 90}`, no: Boolean(m[4]) };
}

async function ask(page, line) {
  await page.fill('[data-testid=text-command]', line);
  await page.press('[data-testid=text-command]', 'Enter');
}

async function selected(page) {
  return page.$eval('[data-testid=review-entry][aria-selected=true]', (e) => ({
    index: Number(e.dataset.index), cls: e.dataset.class, text: e.textContent,
  })).catch(() => null);
}

test('Try it: a variation from a reviewed decision, the computer plays on, back to the review; the next and previous mistake; own puzzles by the shipped criteria', async ({ origin, open }) => {
  const { page } = await open();
  await page.goto(`${origin}/?seats=red,blue-normal#${SHORT}`, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid=game-over]', { timeout: 30000 });
  const kept = () => page.evaluate(() => JSON.stringify(Object.keys(localStorage).sort()
    .filter((k) => !/reviews|puzzles/.test(k)).map((k) => [k, localStorage.getItem(k)])));
  const before = await kept();
  await page.click('[data-testid=review-open]');
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.status === 'done', REVIEW, { timeout: 30000 });

  // Ann's mistakes are judged as puzzles in the review's worker (Bob's,
  // the computer's, not): kept only those that meet the shipped puzzles'
  // criteria, as `city puzzles` finds them at her mistakes' moves.
  await page.waitForSelector('[data-testid=review-puzzles][data-status=done]', { timeout: 60000 });
  const judged = await page.$eval('[data-testid=review-puzzles]', (e) => ({ ...e.dataset, text: e.textContent }));
  const own = await page.evaluate(() => JSON.parse(localStorage.getItem('the-city/puzzles') || '{"own":[]}').own);
  const cli = byTheCommandLine(SHORT, [0]);
  check(`the review keeps as Ann's puzzles exactly her mistakes that meet the shipped criteria (${own.length} of ${cli.mistakes.length} mistakes)`,
    own.every((p) => p.seat === 0 && p.best_gain >= 5)
    && JSON.stringify(own.map(key).sort()) === JSON.stringify(cli.expected),
    JSON.stringify({ own: own.map(key), expected: cli.expected, mistakes: cli.mistakes }));
  check('the review says how many of her mistakes it kept as puzzles',
    Number(judged.kept) === own.length && /Puzzles from your mistakes: \d+ of \d+ moves kept/.test(judged.text), JSON.stringify(judged));

  // ] and [: Ann's mistakes, never Bob's (the computer).
  await page.keyboard.press(']');
  const first = await selected(page);
  check('] shows the first mistake of one\'s own', first && /mistake|blunder/.test(first.cls) && /Ann/.test(first.text), JSON.stringify(first));
  await page.click('[data-testid=mistake-next]');
  const second = await selected(page);
  check('"Next mistake" goes on to the next one', second && second.index > first.index && /Ann/.test(second.text)
    && /mistake|blunder/.test(second.cls), JSON.stringify(second));
  await page.keyboard.press('[');
  check('[ goes back to the previous one', (await selected(page)).index === first.index);

  // Try it from there: a variation, marked, Ann's to play.
  await page.click('[data-testid=try-it]');
  await page.waitForSelector('[data-testid=variation]', { timeout: TIMEOUT });
  const about = await page.textContent('[data-testid=variation-about]');
  check('the variation says it is one and saves nothing', /Variation from turn \d+, not the game: nothing is saved/.test(about)
    && /You play Ann; the computer \(Normal\) plays the others/i.test(about), about);
  await audit(page, 'the review with a variation open');
  const from = Number(await page.getAttribute('[data-testid=variation]', 'data-from'));
  // Ann's move on the board (a tile and its follower, or the follower
  // alone when the decision shown was the follower's).
  const decision = await page.getAttribute('[data-testid=play]', 'data-decision');
  await clickDecision(page);
  if (decision === 'place') await clickDecision(page);
  const mine = Number(await page.getAttribute('[data-testid=variation]', 'data-moves'));
  // The computer answers: more decisions than Ann's own.
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid=variation]')?.dataset.moves) > n,
    mine, { timeout: 30000 });
  const moves = Number(await page.getAttribute('[data-testid=variation]', 'data-moves'));
  check(`a move played on the board, the computer played on (${mine} of Ann's, ${moves} decisions from decision ${from})`, moves > mine);

  // Back to the review: the review's board, nothing saved changed.
  await page.click('[data-testid=variation-back]');
  await page.waitForSelector('[data-testid=review-try]', { timeout: TIMEOUT });
  check('back to the review: the variation is gone, the decision still shown',
    (await page.$('[data-testid=variation]')) === null && (await selected(page)).index === first.index);
  check('nothing saved changed', (await kept()) === before);

  // The best move played at once, then Esc leaves.
  await page.click('[data-testid=try-best]');
  await page.waitForSelector('[data-testid=variation]', { timeout: TIMEOUT });
  const best = Number(await page.getAttribute('[data-testid=variation]', 'data-moves'));
  check('"Play the best move": the variation starts with it played', best >= 1, String(best));
  await page.click('[data-testid=variation-back]');
  await page.keyboard.press('Escape');
  check('nothing saved changed after both', (await kept()) === before);
});

test('own puzzles: a planted blunder reviewed from the replay becomes a puzzle, as `city puzzles` finds it', async ({ origin, open }) => {
  const { page } = await open();
  await page.goto(`${origin}/?seats=red,blue#${PLANTED}`, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid=play]', { timeout: 30000 });
  await page.click('[data-testid=replay-open]');
  await page.click('[data-testid=replay-review]');
  await page.waitForSelector('[data-testid=review-puzzles][data-status=done]', { timeout: 90000 });
  const own = await page.evaluate(() => JSON.parse(localStorage.getItem('the-city/puzzles') || '{"own":[]}').own);
  const cli = byTheCommandLine(PLANTED, [0, 1]);
  check(`the planted blunder's move kept, and only the puzzles \`city puzzles\` finds at the mistakes (${own.length})`,
    own.some((p) => p.seat === 1 && p.n === 14) && own.every((p) => p.best_gain >= 5)
    && JSON.stringify(own.map(key).sort()) === JSON.stringify(cli.expected),
    JSON.stringify({ own: own.map(key), expected: cli.expected, mistakes: cli.mistakes }));
  const said = await page.textContent('[data-testid=review-puzzles]');
  check('the review says how many it kept', new RegExp(`Puzzles from your mistakes: ${own.length} of \\d+ moves kept`).test(said), said);
});

test('puzzles: the daily puzzle offline, one solved and one failed in the text view, one answered by the board\'s keys (the rating moves), German, axe', async ({ origin, open }) => {
  const { page, context } = await open();
  const set = citySet();
  check(`at least 200 puzzles of The City shipped (${set.length})`, set.length >= 200);
  // One to solve and one to fail by typing: placements the text view types.
  const solvable = set.find((p) => typed(p.best) && typed(p.second) && typed(p.best).place !== typed(p.second).place);
  const other = set.find((p) => p !== solvable && typed(p.second) && typed(p.second).place !== (typed(p.best) || {}).place);

  // A first visit puts the service worker in; then offline.
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  const cached = await until(page, async () => !!navigator.serviceWorker.controller
    && !!(await caches.match(new URL('static/puzzles/the-city-puzzles.json', location.href).href)), null, { timeout: 30000 });
  check('the service worker keeps the puzzles after one visit', cached);
  await context.setOffline(true);
  await page.click('[data-testid=puzzles-open]');
  await page.waitForSelector('[data-testid=puzzle-task][data-daily=true]', { timeout: 30000 });
  const daily = await page.getAttribute('[data-testid=puzzle-task]', 'data-id');
  check(`the daily puzzle opens offline (${daily})`, set.some((p) => `${p.record}:${p.n}` === daily));
  await audit(page, 'the puzzles, the daily one');
  await context.setOffline(false);

  // Solved in the text view, typed.
  const go = async (p) => {
    await page.goto(`${origin}/?puzzle=${encodeURIComponent(`${p.record}:${p.n}`)}`, { waitUntil: 'load' });
    await page.click('[data-testid=puzzles-open]');
    await page.waitForSelector(`[data-testid=puzzle-task][data-id="${p.record}:${p.n}"]`, { timeout: 30000 });
    if ((await page.$('[data-testid=text-view]')) === null) await page.click('[data-testid=text-view-toggle]');
    await page.waitForSelector('[data-testid=text-command]', { timeout: TIMEOUT });
  };
  const rating = async () => Number(await page.getAttribute('[data-testid=puzzles]', 'data-rating'));
  const answer = async (move) => {
    const t = typed(move);
    await ask(page, t.place);
    // The follower step, if the move has one: none.
    await page.waitForFunction(() => document.querySelector('[data-testid=puzzle-outcome]')
      || document.querySelector('[data-testid=play]')?.dataset.decision === 'follower', null, { timeout: TIMEOUT });
    if (!(await page.$('[data-testid=puzzle-outcome]'))) await ask(page, 'no');
    await page.waitForSelector('[data-testid=puzzle-outcome]', { timeout: TIMEOUT });
    return page.$eval('[data-testid=puzzle-outcome]', (e) => ({ solved: e.dataset.solved, text: e.textContent }));
  };
  await go(solvable);
  const r0 = await rating();
  const won = await answer(solvable.best);
  const r1 = await rating();
  check(`a puzzle solved in the text view (${solvable.best}): said so, the rating up (${r0} → ${r1})`,
    won.solved === 'true' && /Solved/.test(won.text) && r1 > r0, JSON.stringify(won));

  await go(other);
  const lost = await answer(other.second);
  const r2 = await rating();
  check(`a puzzle failed (${other.second}, best ${other.best}): the best said, the rating down (${r1} → ${r2})`,
    lost.solved === 'false' && /Not the best move/.test(lost.text) && r2 < r1, JSON.stringify(lost));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('the-city/puzzles')));
  check('the ratings are kept in the browser', stored.answered.length === 2 && Math.round(stored.player.r) === r2,
    JSON.stringify(stored.player));

  // By the board's keys: the next puzzle answered with arrows, Enter and N.
  await page.click('[data-testid=puzzle-next]');
  await page.waitForSelector('[data-testid=puzzle-task]:not([data-id="' + `${other.record}:${other.n}` + '"])', { timeout: TIMEOUT });
  await page.click('[data-testid=text-view-toggle]');
  await page.focus('[data-testid=board]');
  for (let i = 0; i < 4 && !(await page.$('[data-testid=puzzle-outcome]')); i++) {
    const d = await page.getAttribute('[data-testid=play]', 'data-decision');
    if (d === 'place') {
      await page.keyboard.press('ArrowRight');
      await page.waitForSelector('[data-testid=ghost]', { timeout: TIMEOUT });
      await page.keyboard.press('Enter');
    } else if (d === 'wall' || d === 'gate') {
      await page.keyboard.press('ArrowLeft');
      await page.waitForSelector('[data-testid=side-target].focused', { timeout: TIMEOUT });
      await page.keyboard.press('Enter');
    } else {
      await page.keyboard.press('n');
    }
    await page.waitForTimeout(300);
  }
  const keyed = await page.$eval('[data-testid=puzzle-outcome]', (e) => e.dataset.solved).catch(() => null);
  const r3 = await rating();
  check(`a puzzle answered by the board's keys: said right or not, the rating moved (${r2} → ${r3}, solved ${keyed})`,
    (keyed === 'true' && r3 > r2) || (keyed === 'false' && r3 < r2));

  // In German.
  await page.goto(`${origin}/?lang=de`, { waitUntil: 'load' });
  await page.click('[data-testid=puzzles-open]');
  await page.waitForSelector('[data-testid=puzzle-task]', { timeout: 30000 });
  const de = await page.textContent('[data-testid=puzzles]');
  check('the puzzles in German', /Aufgabe des Tages/.test(de) && /Deine Aufgabenwertung/.test(de), de.slice(0, 200));
  await audit(page, 'the puzzles in German');
});
