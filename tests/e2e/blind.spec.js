// Both games without sight (issue 38, "Without sight"), in the built site:
//
// - the text view's answers: a log that appends, each answer said once
//   (no earlier answer's text rewritten); the decision after each move
//   said with its options, unasked; a bare space says the turn it took;
//   the survey's questions (row, column, around, open, mine, try, tiles);
//   short answers; axe in English and German;
// - the prompt's live region holds words, not buttons, and no mouse words
//   while the text view is open; a hint typed there says nothing of the
//   board's Enter;
// - a line typed while the computer decides is refused, saying whose turn
//   it is; the computer's tile is named in its announcement;
// - the focus never left on <body>: after leaving a game, after Esc on the
//   game-over dialog, on the review's heading, after Review → Back → Esc;
//   the review's status speaks seldom; a key moment and the replay say
//   "Showing turn N", not "A move was taken back" or the whole chronicle;
// - names, not symbols: remove seat, the replay's steps, Turn, Undo, key
//   moments, the winner's row, the player card's score;
// - an unreadable pasted record does not open How to play;
// - classic: a monk under Old City's bridge is drawn over it, the text
//   board names the bridge, the Tiles dialog says each tile in words.
'use strict';

const {
  test, check, PLAY: play, version, moved, decision, axeAudit, cityForm, classicForm, clickDecision,
} = require('./fixtures.js');

const TIMEOUT = 15000;
const audit = (page, name) => axeAudit(page, name, check);

// `city random --game classic --seed 3 --players 2 --expansions ""`, then
// `city share` (review.spec.js's): a whole classic base game.
const CLASSIC = 'AgEIAABHA0FubgNCb2LZCnFRzdBxV2vCW-25O9xVmfJbBaWof-F1O-1dudgqQXSQ1opjqPYGelJI-NKIDYsIHyfqEdU3jrnuTVJULOnuKZAP6DbR17MPJIx4TQytmpWxFcASNtk';

async function focused(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    return a ? (a.dataset.testid || a.tagName.toLowerCase()) : null;
  });
}

// Types a line in the text view's command line and waits for the answer
// it appends (the first new line that is not the next decision said
// unasked, which may come before or after it); returns its text.
async function ask(page, line) {
  await page.$$eval('[data-testid=text-answers] p', (ps) => ps.forEach((p) => { p.dataset.old = '1'; }));
  await page.fill('[data-testid=text-command]', line);
  await page.press('[data-testid=text-command]', 'Enter');
  const answer = await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=text-answers] p:not([data-old])')]
    .map((p) => p.textContent).find((t) => !/^(Turn|Zug) \d+\. /.test(t)), null, { timeout: TIMEOUT });
  return answer.jsonValue();
}

async function openTextView(page) {
  await page.focus('[data-testid=skip-to-text]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=text-options]', { timeout: TIMEOUT });
}

test('the text view: answers said once, the next decision unasked, the survey, the prompt', async ({ origin, open }) => {
  const { page, problems, context } = await open();
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await cityForm(page, { names: ['Ann', 'Bob'], seed: 11 });
  await openTextView(page);
  check('the answers are a log (role=log)',
    (await page.getAttribute('[data-testid=text-answers]', 'role')) === 'log');

  // Item 1: each line appends one answer; no earlier answer's text changes
  // (an answer there before a line is marked data-old by `ask`).
  await page.evaluate(() => {
    window.__changed = 0;
    const log = document.querySelector('[data-testid=text-answers]');
    new MutationObserver((records) => {
      for (const r of records) {
        const t = r.target.nodeType === 3 ? r.target.parentElement : r.target;
        const p = t && t.closest('p');
        if (p && p.dataset.old) window.__changed++;
        // A node put in among the earlier answers.
        if (r.type === 'childList' && r.target === log) {
          for (const a of r.addedNodes) if (a.nextSibling) window.__changed++;
        }
      }
    }).observe(log, { subtree: true, characterData: true, childList: true });
  });
  const lines = ['board', 'look 0,0', 'tile', 'followers', 'scores', 'help', 'board', 'tiles', 'open'];
  const heard = [];
  for (const line of lines) heard.push(await ask(page, line));
  const changed = await page.evaluate(() => window.__changed);
  check(`the earlier answers are never rewritten (${changed} rewrites over ${lines.length} lines)`, changed === 0,
    String(changed));
  check('"tiles" in The City says the stacks', /^Tiles left: \d+ in stack I, \d+ in stack II, \d+ in stack III\.$/.test(heard[7]),
    heard[7]);
  check('"open" on an empty board says nothing is unfinished', /^(Nothing on the board is unfinished\.|Unfinished: )/.test(heard[8]),
    heard[8]);

  // Item 8: the prompt's live region holds no button and, with the text
  // view open, no mouse words.
  const live = await page.evaluate(() => {
    const p = document.querySelector('[data-testid=prompt]');
    const regions = [...p.querySelectorAll('[aria-live]')];
    return {
      self: p.hasAttribute('aria-live'),
      buttons: regions.reduce((n, r) => n + r.querySelectorAll('button').length, 0),
      text: regions.map((r) => r.textContent).join(' '),
    };
  });
  check('the prompt itself is not live, its live region holds no button',
    !live.self && live.buttons === 0, JSON.stringify(live));
  check('with the text view open, the live prompt has no mouse words', !/click|hover|tap /i.test(live.text), live.text);

  // Item 8: a hint typed says nothing of the board's Enter.
  await page.fill('[data-testid=text-command]', 'hint');
  await page.press('[data-testid=text-command]', 'Enter');
  await page.waitForFunction(() => /Hint: /.test(document.querySelector('[data-testid=prompt]').textContent),
    null, { timeout: 30000 });
  const hint = await page.textContent('[data-testid=prompt] .message');
  check('a hint typed in the text view does not speak of the board\'s Enter', !/Enter on the board/.test(hint), hint);

  // Item 7: a preview, then a bare space says the turn it took; the next
  // decision is said unasked with its numbered options.
  const tried = await ask(page, 'try 0,0');
  check('"try 0,0" previews the placement', /^0,0 turned \d+°: it would join nothing that has a follower\./.test(tried), tried);
  const v = await version(page);
  const placed = await ask(page, '0,0');
  check('a bare space says which turn it took', /^0,0: placed turned \d+°\.$/.test(placed), placed);
  await moved(page, v);
  await page.waitForFunction(() => /Type one of: 1: /.test(
    document.querySelector('[data-testid=text-answers]').lastElementChild.textContent), null, { timeout: TIMEOUT });
  const next = await page.$eval('[data-testid=text-answers]', (d) => d.lastElementChild.textContent);
  check('after the move, the next decision is said with its numbered options, unasked',
    /^Turn 1\. Ann: .*\? Type one of: 1: .*; no: /.test(next), next);
  await audit(page, 'the text view with the survey\'s answers');

  // The survey once the board has tiles; short answers.
  for (let k = 0; k < 6 && (await decision(page)) !== 'over'; k++) {
    const d = await decision(page);
    const v2 = await version(page);
    if (d === 'place') {
      const o = await page.textContent('[data-testid=text-options]');
      const cell = o.match(/^The tile fits on: (-?\d+,-?\d+)/)[1];
      await ask(page, cell);
    } else {
      await ask(page, 'no');
    }
    await moved(page, v2);
  }
  const row = await ask(page, 'row 0');
  check('"row 0" lists the row\'s tiles', /^Row 0: 0,0, /.test(row), row);
  const col = await ask(page, 'column 0');
  check('"column 0" lists the column\'s tiles', /^Column 0: .*0,0, /.test(col), col);
  const around = await ask(page, 'around 0,0');
  check('"around 0,0" says the nine spaces from the north-west', /^Around 0,0, row by row from the north-west: -1,-1[:,]/.test(around),
    around);
  const terse = await ask(page, 'terse');
  check('"terse" sets short answers', /^Short answers from now on/.test(terse), terse);
  check('the short-answers box follows', await page.isChecked('[data-testid=text-terse]'));
  if ((await decision(page)) === 'place') {
    await page.waitForFunction(() => /^Fits on \d+ spaces?: /.test(
      document.querySelector('[data-testid=text-options]').textContent), null, { timeout: TIMEOUT });
    check('short answers list the spaces without their turns', true);
  }
  await page.click('[data-testid=text-terse]');
  check('the box sets full answers again', !(await page.isChecked('[data-testid=text-terse]')));

  // In German: the words and axe.
  await page.selectOption('[data-testid=language]', 'de');
  const german = await page.waitForFunction(
    () => document.querySelector('[data-testid=text-view] h2').textContent === 'Textansicht',
    null, { timeout: TIMEOUT }).then(() => true, () => false);
  if (german) {
    const z = await ask(page, 'zeile 0');
    check('in German, "zeile 0" answers in German', /^Reihe 0: 0,0, /.test(z), z);
    await audit(page, 'the text view in German');
  } else {
    check('the text view speaks German once chosen', false);
  }
  check('text view: no console errors', problems.length === 0, problems.join('\n    '));
  await context.close();
});

test('a line typed while the computer decides; its tile named', async ({ origin, open }) => {
  const { page, problems, context } = await open();
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await page.selectOption('[data-testid=kind-1]', 'normal');
  await page.selectOption('[data-testid=new-speed]', 'slow');
  await cityForm(page, { names: ['Ann', 'Bob'], seed: 11 });
  await openTextView(page);
  const v = await version(page);
  await ask(page, '0,0');
  await moved(page, v);
  // The follower: none. Then the computer decides (slowly).
  while ((await page.getAttribute(play, 'data-computer')) === 'false') {
    const v2 = await version(page);
    await ask(page, 'no');
    await moved(page, v2);
  }
  const refused = await ask(page, '0,1');
  check('a move typed while the computer decides is refused, naming whose turn it is',
    refused === 'Bob (the computer) is deciding: wait for your turn. Questions are answered meanwhile.', refused);
  const question = await ask(page, 'look 0,0');
  check('a question is answered meanwhile', /^0,0: /.test(question), question);
  await page.waitForFunction(() => /Bob placed a tile at .* The tile: \S+ /.test(
    document.querySelector('[data-testid=announcer]').textContent), null, { timeout: 60000 });
  check("the computer's tile is named in its announcement", true,
    await page.textContent('[data-testid=announcer]'));
  check('computer: no console errors', problems.length === 0, problems.join('\n    '));
  await context.close();
});

test('focus, names and the review without sight', async ({ origin, open }) => {
  const { page, problems, context } = await open();
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await page.click('[data-testid=add-seat]');
  check('"remove seat" is named by its seat, not ✕',
    (await page.getByRole('button', { name: 'Remove seat 3' }).count()) === 1);

  // Item 3: an unreadable pasted record does not open How to play.
  await page.click('[data-testid=import-open]');
  await page.waitForSelector('[data-testid=import-text]', { timeout: TIMEOUT });
  await page.fill('[data-testid=import-text]', 'garbage');
  await page.click('[data-testid=import-go]');
  await page.waitForSelector('[data-testid=import-error]', { timeout: TIMEOUT });
  await page.waitForTimeout(500);
  check('an unreadable record says why and does not open How to play',
    !(await page.$('[data-testid=help]')) && !(await page.$('[data-testid=help-city]'))
      && (await page.evaluate(() => !!document.activeElement.closest('[data-testid=import-dialog]'))),
    await focused(page));
  await page.keyboard.press('Escape');

  // A game of The City: names of symbol buttons; leaving it.
  await cityForm(page, { names: ['Ann', 'Bob'], seed: 11 });
  check('"⟳ Turn" is named Turn', (await page.getByRole('button', { name: 'Turn', exact: true }).count()) === 1);
  check('"↶ Undo" is named Undo', (await page.getByRole('button', { name: 'Undo', exact: true }).count()) === 1);
  check("the player card's score is labelled", /^score \d+$/.test(
    (await page.textContent('[data-testid=player-0] .score')).trim()), await page.textContent('[data-testid=player-0] .score'));
  await page.click('[data-testid=leave]');
  await page.click('[data-testid=leave-yes]');
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: TIMEOUT });
  await page.waitForFunction(() => document.activeElement !== document.body, null, { timeout: 3000 }).catch(() => {});
  check('leaving a game puts the focus on the new-game form\'s heading', (await focused(page)) === 'new-game-title',
    await focused(page));

  // A finished classic game (from a link).
  await page.goto(`${origin}/?seats=red,blue#${CLASSIC}`, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid=game-over] [role=dialog]', { timeout: 30000 });
  const winner = await page.getByRole('rowheader', { name: /, winner$/ }).count();
  check("the winner's row is read with a pause before \"winner\"", winner === 1);
  // Esc on the game-over dialog: the focus on the page's heading, not <body>.
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=game-over] [role=dialog]', { state: 'detached', timeout: TIMEOUT });
  check('Esc on the game-over dialog leaves the focus on a heading, not <body>',
    (await focused(page)) !== 'body' && (await focused(page)) !== null, await focused(page));

  // The replay: named steps; it says the position.
  await page.click('[data-testid=replay-open]');
  await page.waitForSelector('[data-testid=replay-bar]', { timeout: TIMEOUT });
  for (const name of ['The start (Home)', 'One decision back (←)', 'One decision on (→)', 'The last position (End)']) {
    check(`the replay's "${name}" is named so`, (await page.getByRole('button', { name, exact: true }).count()) === 1);
  }
  await page.click('[data-testid=replay-first]');
  await page.waitForFunction(() => /Showing turn \d+\./.test(document.querySelector('[data-testid=announcer]').textContent),
    null, { timeout: TIMEOUT });
  await page.click('[data-testid=replay-last]');
  await page.waitForFunction(() => /^Showing turn \d+\.$/.test(document.querySelector('[data-testid=announcer]').textContent.trim()),
    null, { timeout: TIMEOUT });
  check('the replay\'s End says the position, not the whole chronicle',
    (await page.textContent('[data-testid=announcer]')).length < 40, await page.textContent('[data-testid=announcer]'));
  await page.click('[data-testid=replay-close]');

  // The review: focus on its heading; seldom status; key moments named.
  if (!(await page.$('[data-testid=review-open]'))) await page.click('[data-testid=show-result]');
  await page.waitForSelector('[data-testid=review-open]', { timeout: TIMEOUT });
  await page.evaluate(() => {
    window.__status = 0;
    new MutationObserver(() => {
      const s = document.querySelector('[data-testid=review] [role=status]');
      if (s && s.textContent !== window.__lastStatus) {
        window.__lastStatus = s.textContent;
        window.__status++;
      }
    }).observe(document.body, { subtree: true, characterData: true, childList: true });
  });
  const t0 = Date.now();
  await page.click('[data-testid=review-open]');
  await page.waitForSelector('[data-testid=review]', { timeout: TIMEOUT });
  await page.waitForFunction(() => document.activeElement && document.activeElement.dataset.testid === 'review-title',
    null, { timeout: 5000 }).catch(() => {});
  check('"Review the game" puts the focus on its heading', (await focused(page)) === 'review-title', await focused(page));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=key-moment]').length > 0, null, { timeout: 60000 });
  await page.waitForTimeout(8000);
  const spoken = await page.evaluate(() => window.__status);
  const seconds = (Date.now() - t0) / 1000;
  check(`the review's status speaks seldom (${spoken} messages in ${seconds.toFixed(0)} s)`,
    spoken <= 6 + seconds / 10, String(spoken));
  const names = await page.$$eval('[data-testid=key-moment]', (bs) => bs.map((b) => b.getAttribute('aria-label') || b.textContent));
  check('key moments are named in words, not "−11.1"', names.every((n) => /^(Points lost: |luck )/.test(n)), names.join(' | '));
  await page.click('[data-testid=key-moment]');
  await page.waitForFunction(() => /Showing turn \d+\./.test(document.querySelector('[data-testid=review-host] [data-testid=announcer], [data-testid=announcer]').textContent),
    null, { timeout: TIMEOUT }).catch(() => {});
  const said = await page.$$eval('[data-testid=announcer]', (as) => as.map((a) => a.textContent).join(' | '));
  check('a key moment shown says "Showing turn N", not "A move was taken back"',
    /Showing turn \d+\./.test(said) && !/taken back/.test(said), said);
  await audit(page, 'the review');
  if (await page.$('[data-testid=review-cancel]')) await page.click('[data-testid=review-cancel]');
  // Review → Back → Esc: the focus somewhere, not <body>.
  await page.click('[data-testid=review-close]');
  await page.waitForSelector('[data-testid=review]', { state: 'detached', timeout: TIMEOUT });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  check('after Review → Back → Esc the focus is not on <body>', (await focused(page)) !== 'body', await focused(page));
  // New game at the game's end: the new-game form's heading.
  if (!(await page.$('[data-testid=new-game]'))) await page.click('[data-testid=show-result]');
  await page.click('[data-testid=new-game]');
  const yes = await page.waitForSelector('[data-testid=leave-yes]', { timeout: 2000 }).catch(() => null);
  if (yes) await yes.click();
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: TIMEOUT });
  await page.waitForFunction(() => document.activeElement !== document.body, null, { timeout: 3000 }).catch(() => {});
  check('"New game" at the end puts the focus on the new-game form\'s heading', (await focused(page)) === 'new-game-title',
    await focused(page));
  check('focus and review: no console errors', problems.length === 0, problems.join('\n    '));
  await context.close();
});

test('classic: a monk under a bridge drawn on top, the bridge in words, the tiles in words', async ({ origin, open }) => {
  const { page, problems, context } = await open();
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await classicForm(page, { names: ['Aude', 'Bernat'], seed: '4272942648231879' });
  await page.selectOption('[data-testid=kind-1]', 'normal');
  await page.selectOption('[data-testid=new-speed]', 'fast');
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play, { timeout: TIMEOUT });
  await openTextView(page);
  let v = await version(page);
  await ask(page, '0,1');
  await moved(page, v);
  v = await version(page);
  const monk = await ask(page, 'monk');
  check('"monk" puts the monk', /^monk: done\.$/.test(monk), monk);
  await moved(page, v);
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.computer === 'false', play, { timeout: 60000 });
  const board = await ask(page, 'board');
  const bridged = /0,1, [^.]*a bridge \((north–south|east–west)\) across it/.test(board);
  check('the text board names the bridge across 0,1', bridged, board);
  {
    // The monk on 0,1 is painted after the bridge (SVG paints in document
    // order), so over it.
    const top = await page.evaluate(() => {
      const bridges = [...document.querySelectorAll('[data-testid=piece-bridge]')];
      const f = [...document.querySelectorAll('.followers > *')];
      return f.map((el) => (bridges.every((b) => b.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
        ? 'seen' : 'under wood'));
    });
    const bridges = await page.$$('[data-testid=piece-bridge]');
    check('no follower is drawn under Old City\'s wood (a bridge on the board)',
      bridges.length > 0 && top.length > 0 && !top.includes('under wood'), JSON.stringify(top));
  }
  // The Tiles dialog: each type in words.
  await page.click('[data-testid=tiles-left-open]');
  await page.waitForSelector('[data-testid=tiles-left-dialog] .tile-count', { timeout: TIMEOUT });
  // (What a screen reader reads: the code is hidden from it.)
  const items = await page.$$eval('[data-testid=tiles-left-dialog] .tile-count .sr-only', (s) => s.map((l) => l.textContent));
  check('the Tiles dialog says each tile in words, not its code', items.length > 20
    && items.every((t) => /^\d+ of \d+: (a city|a road|a cloister|fields only|a city gate)/.test(t)), items.slice(0, 3).join(' | '));
  await audit(page, 'the Tiles dialog in words');
  await page.keyboard.press('Escape');
  const tiles = await ask(page, 'tiles');
  check('"tiles" says the tiles left by type, in words', /^\d+ tiles in the pile \(the tile in hand not counted\): \d+ × a /.test(tiles),
    tiles.slice(0, 120));
  check('classic: no console errors', problems.length === 0, problems.join('\n    '));
  await context.close();
});
