// The game by keyboard alone and for screen readers.
//
// - axe-core audits (no serious or critical violation) on the start screen,
//   a game in progress, a wall round and the game-over screen;
// - a whole game played by keyboard alone: Tab reaches every button of the
//   game (Tab is not the board's), the board's arrows and Enter take every
//   decision, a guard is posted and a tower built on the board;
// - dialogs keep the focus inside them, close on Esc and give the focus
//   back; no browser confirm() box ever opens;
// - the text view: the tile in hand and the options in words, a move typed
//   in, the live region that announces it, Enter alone prints the help, a
//   hint names the space and the turn; no debug text on the start screen;
// - the focus (issue 28): on the prompt's heading once a game starts, back
//   on the button that opened the text view, Import or Copy link (Esc);
//   the skip link inside a landmark (axe's region rule) and into the text
//   view's command line; follower rings with distinct accessible names;
// - classic Carcassonne with both expansions: axe on its new-game form, How
//   to play, each kind of decision on the board (place, follower,
//   guesthouse, wyvern), the tiles-left dialog, the key and the game over;
//   its prompt and text view in words; its board and "Fit board" named for
//   it (not "the city"); and a classic game played to its end by typed
//   moves in the text view only (wood, guesthouse, wyvern and a farmer
//   included), its rings showing their pieces, a tried tile's announcement
//   naming its wood;
// - the new-game form: axe while it shows its errors; a colour another seat
//   has is swapped with it; names lose the spaces at their ends;
// - How to play (The City) says how many wall pieces a round holds and
//   that no guard may go opposite a guard.
//
// Env: SEED (default 11).
'use strict';

const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY: play, version, moved, decision, clickDecision, axeAudit, classicForm,
} = require('./fixtures.js');

const SEED = process.env.SEED || '11';
const TIMEOUT = 15000;

// Follower decisions with several rings: null when their names are
// distinct and name their feature, else the names.
const ringChecks = [];

const audit = (page, name) => axeAudit(page, name, check);

// What has the keyboard focus: its test id, or its tag.
async function focused(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    return a ? (a.dataset.testid || a.tagName.toLowerCase()) : null;
  });
}

// Presses Tab (Shift+Tab when `back`) until `testid` has the focus; the
// number of presses, or -1 when it never gets it.
async function tabTo(page, testid, { back = false, max = 80 } = {}) {
  for (let k = 1; k <= max; k++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if ((await focused(page)) === testid) return k;
  }
  return -1;
}

// axe's region rule alone (all content in landmarks: moderate, so not
// among the failures `audit` counts): true when the page keeps it.
async function inLandmarks(page) {
  await axeAudit.load(page);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: ['region'], resultTypes: ['violations'] });
    return r.violations.length === 0;
  });
}

// The follower rings' accessible names (their <title>s) and the pieces
// they show (null unless the drawing they use is on the page).
async function rings(page) {
  return page.$$eval('[data-testid=region-target]', (gs) => gs.map((g) => {
    const use = g.querySelector('[data-piece]');
    const drawn = use && document.querySelector(use.getAttribute('href'));
    return {
      name: g.querySelector('title').textContent,
      piece: drawn && drawn.querySelector('path') ? use.dataset.piece : null,
    };
  }));
}

// One decision by keyboard alone, on the board (which has the focus).
// Returns what was done.
async function keyDecision(page, n) {
  const d = await decision(page);
  const v = await version(page);
  if ((await focused(page)) !== 'board') {
    if ((await tabTo(page, 'board')) < 0) throw new Error('Tab does not reach the board');
  }
  let did = d;
  switch (d) {
    case 'place':
      await page.keyboard.press(n % 2 ? 'ArrowRight' : 'ArrowDown');
      await page.waitForSelector('[data-testid=ghost]', { timeout: TIMEOUT });
      await page.keyboard.press(n % 3 ? 'Enter' : ' ');
      break;
    case 'follower': {
      const names = (await rings(page)).map((r) => r.name);
      if (names.length > 1) {
        ringChecks.push(new Set(names).size === names.length && names.every((t) => / of \d+ tiles?/.test(t))
          ? null : names.join(' | '));
      }
      if (n % 3 === 1 || !(await page.$('[data-testid=region-target]'))) {
        await page.keyboard.press('n');
        did = 'no follower';
      } else {
        await page.keyboard.press('ArrowRight');
        await page.waitForSelector('[data-testid=region-target].focused', { timeout: TIMEOUT });
        await page.keyboard.press('Enter');
      }
      break;
    }
    case 'gate':
    case 'wall':
      await page.keyboard.press('ArrowLeft');
      await page.waitForSelector('[data-testid=side-target].focused', { timeout: TIMEOUT });
      await page.keyboard.press('Enter');
      break;
    case 'guard':
      if (await page.$('[data-testid=side-target][data-end=guard]')) {
        await page.keyboard.press('ArrowUp');
        await page.waitForSelector('[data-testid=side-target][data-end=guard].focused', { timeout: TIMEOUT });
        await page.keyboard.press('Enter');
        did = 'guard posted';
      } else {
        await page.keyboard.press('n');
        did = 'no guard';
      }
      break;
    case 'tower':
      if (await page.$('[data-testid=vertex-target]')) {
        await page.keyboard.press('ArrowRight');
        await page.waitForSelector('[data-testid=vertex-target].focused', { timeout: TIMEOUT });
        await page.keyboard.press('Enter');
        did = 'tower built';
      } else {
        await page.keyboard.press('n');
        did = 'no tower';
      }
      break;
    default:
      throw new Error(`unexpected decision ${d}`);
  }
  await moved(page, v);
  return did;
}

// The new-game form: its errors (axe, an alert holding a list), colours
// swapped rather than shared, names without the spaces at their ends.
async function formChecks(open, origin) {
  const { page, problems, context } = await open();
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await page.fill('[data-testid=name-1]', '   ');
  await page.fill('[data-testid=stacks-1]', '0');
  await page.click('[data-testid=start-game]');
  await page.waitForSelector('[data-testid=setup-errors]', { timeout: TIMEOUT });
  const errors = await page.$$eval('[data-testid=setup-errors] li', (els) => els.map((e) => e.textContent));
  check('the form says what is wrong, in an alert holding a list',
    (await page.getAttribute('[data-testid=setup-errors]', 'role')) === 'alert'
      && errors.includes('Seat 2: the name is empty.') && errors.some((e) => /first stack/.test(e)), JSON.stringify(errors));
  await audit(page, 'the new-game form showing its errors');
  // Seat 1 takes seat 2's colour: seat 2 gets seat 1's.
  const before = [await page.inputValue('[data-testid=colour-0]'), await page.inputValue('[data-testid=colour-1]')];
  const offered = await page.$eval('[data-testid=colour-0]', (s, c) => [...s.options].find((o) => o.value === c).textContent, before[1]);
  await page.selectOption('[data-testid=colour-0]', before[1]);
  const after = [await page.inputValue('[data-testid=colour-0]'), await page.inputValue('[data-testid=colour-1]')];
  check('a colour another seat has is offered as a swap, and swapped', /swap with seat 2/.test(offered)
    && after[0] === before[1] && after[1] === before[0], `${offered}: ${before} -> ${after}`);
  // Names with spaces at their ends: taken without them.
  await page.fill('[data-testid=name-0]', 'Kay ');
  await page.fill('[data-testid=name-1]', ' Lou');
  await page.fill('[data-testid=stacks-1]', '8');
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play, { timeout: TIMEOUT });
  const names = await page.$$eval('.player-name', (els) => els.map((e) => e.textContent));
  check('names are taken without the spaces at their ends', JSON.stringify(names) === '["Kay","Lou"]', JSON.stringify(names));
  const colours = await page.$$eval('.players .player', (els) => els.map((e) => e.className));
  check('the game has the colours as swapped', colours[0].includes(`pc-${before[1]}`) && colours[1].includes(`pc-${before[0]}`),
    JSON.stringify(colours));
  check('the form: no console errors', problems.length === 0, problems.join('\n    '));
  await context.close();
}

// Classic Carcassonne with The City Gates and Old City: axe on each of its
// screens and kinds of decision, played to the end.
async function classicAudits(open, origin) {
  const { page, problems, context } = await open();
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await classicForm(page, { tiles: 30, seed: 3 });
  await audit(page, "classic's new-game form, Old City's parts shown");
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play, { timeout: TIMEOUT });
  check('classic: the board is named a board, not a city',
    /^The board\. /.test(await page.getAttribute('[data-testid=board]', 'aria-label'))
      && (await page.textContent('[data-testid=fit]')) === 'Fit board',
    `${await page.getAttribute('[data-testid=board]', 'aria-label')} / ${await page.textContent('[data-testid=fit]')}`);
  await page.click('[data-testid=help-button]');
  await page.waitForSelector('[data-testid=help-classic]', { timeout: TIMEOUT });
  await audit(page, "classic's How to play");
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=help-classic]', { state: 'detached', timeout: TIMEOUT });
  await page.click('[data-testid=tiles-left-open]');
  await page.waitForSelector('[data-testid=tiles-left-dialog]', { timeout: TIMEOUT });
  await audit(page, 'the tiles-left dialog');
  {
    // A short pile (30 of the tiles in play, at random): the dialog says
    // how many are to come and lists every tile they may be, not the
    // pile's own make-up, which no player has seen.
    const said = await page.textContent('[data-testid=tiles-left-total]');
    const listed = await page.$$eval('[data-testid=tiles-left-dialog] .tile-count',
      (li) => li.reduce((n, l) => n + Number(l.dataset.left), 0));
    check('a short pile: the tiles to come said apart from the tiles they may be',
      /^29 tiles still to come from a short pile/.test(said) && listed > 29, `${said} (${listed} listed)`);
  }
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=tiles-left-dialog]', { state: 'detached', timeout: TIMEOUT });
  await page.click('[data-testid=legend-open]');
  await page.waitForSelector('[data-testid=legend-dialog]', { timeout: TIMEOUT });
  await audit(page, "classic's key");
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=legend-dialog]', { state: 'detached', timeout: TIMEOUT });
  const audited = new Set();
  let textView = false;
  let followerText = null;
  for (let n = 0; (await decision(page)) !== 'over'; n++) {
    if (n > 300) throw new Error('the classic game did not end after 300 decisions');
    const d = await decision(page);
    if (d === 'follower' && followerText === null) {
      // The text view says the question once, with its own mark.
      await page.click('[data-testid=text-view-toggle]');
      followerText = await page.textContent('[data-testid=text-state]');
      await page.click('[data-testid=text-view-toggle]');
    }
    if (!audited.has(d)) {
      audited.add(d);
      await audit(page, `classic, a ${d} decision`);
    }
    if (!textView && d === 'place' && n > 4) {
      // The text view of classic: the decision and the tile in words.
      await page.click('[data-testid=text-view-toggle]');
      await page.waitForSelector('[data-testid=text-view]', { timeout: TIMEOUT });
      const state = await page.textContent('[data-testid=text-state]');
      await page.waitForSelector('[data-testid=text-hand]', { timeout: TIMEOUT });
      const hand = await page.textContent('[data-testid=text-hand]');
      check("classic's text view says the decision and the tile in hand",
        /place/i.test(state) && /^The tile in hand, unturned: /.test(hand), `${state} / ${hand}`);
      await audit(page, "classic's text view");
      await page.click('[data-testid=text-view-toggle]');
      textView = true;
    }
    await clickDecision(page, { follower: n % 3 === 0 });
  }
  check("classic's text view asks its question without a full stop after the question mark",
    /\?/.test(followerText || '') && !/\?\./.test(followerText), followerText);
  check('classic: the board\'s decisions were audited, guesthouse and wyvern included',
    ['place', 'follower', 'guesthouse', 'wyvern'].every((d) => audited.has(d)), [...audited].join(', '));
  await page.waitForSelector('[data-testid=game-over] [role=dialog]', { timeout: TIMEOUT });
  await audit(page, "classic's game-over screen");
  await page.screenshot({ path: path.join(ARTIFACTS, 'access-classic-over.png') });
  check('classic: no console errors', problems.length === 0, problems.join('\n    '));
  await context.close();
}

// The options a classic text view lists now (fresh for this position):
// placements as [{ cell, turns: [{ deg, wood }] }], or other options as
// [{ key, words }].
async function textOptions(page) {
  await page.waitForSelector('[data-testid=text-options]', { timeout: TIMEOUT });
  const text = await page.textContent('[data-testid=text-options]');
  const fits = text.match(/^The tile fits on: (.*)\. Type a space/);
  if (fits) {
    return {
      text,
      places: fits[1].split(/; (?=-?\d+,-?\d+ \()/).map((entry) => {
        const [, cell, rest] = entry.match(/^(-?\d+,-?\d+) \((.*)\)$/);
        const turns = [...rest.matchAll(/(\d+)°( with )?/g)].map((m) => ({ deg: m[1], wood: !!m[2] }));
        return { cell, turns };
      }),
    };
  }
  const list = text.match(/^Type one of: (.*)\.$/);
  return { text, options: list ? list[1].split('; ').map((o) => {
    const i = o.indexOf(': ');
    return { key: o.slice(0, i), words: o.slice(i + 2) };
  }) : [] };
}

// Classic Carcassonne with both expansions played to its end through the
// text view alone: every decision a line typed in, read from the options
// the text view lists (a space with the wood it needs, the guesthouse's
// road, the wyvern's tile, a farmer), with a hint and questions on the
// way; the rings of a follower decision named apart and showing their
// pieces; the board's announcement of a tile tried with wood naming it.
async function classicByText(open, origin) {
  const { page, problems, context } = await open();
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await classicForm(page, { tiles: 30, seed: 3 });
  await page.focus('[data-testid=start-game]');
  await page.keyboard.press('Enter');
  await page.waitForSelector(play, { timeout: TIMEOUT });
  await page.waitForFunction(() => document.activeElement.dataset.testid === 'prompt-title', null, { timeout: TIMEOUT })
    .catch(() => {});
  check('classic: "Start the game" gives the focus to the prompt\'s heading', (await focused(page)) === 'prompt-title',
    await focused(page));

  await page.focus('[data-testid=skip-to-text]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement && document.activeElement.dataset.testid === 'text-command',
    null, { timeout: TIMEOUT });
  check("classic: the skip link opens the text view at its command line", true);
  const answers = () => page.textContent('[data-testid=text-answers]');
  const type = async (line) => {
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
  };
  const said = async (line, want) => {
    const before = (await answers()).length;
    await type(line);
    await page.waitForFunction(([b, w]) => {
      const t = document.querySelector('[data-testid=text-answers]').textContent;
      return t.length !== b && t.includes(w);
    }, [before, want], { timeout: TIMEOUT });
    return true;
  };
  check('classic: "board" in the text view describes the board', await said('board', '1 tile placed'));
  check('classic: "look 0,0" describes the start tile', await said('look 0,0', '0,0: a road'));
  check('classic: "scores" lists the unused wood', await said('scores', 'unused: bridge, wall, wooden gate, guesthouse'));
  check('classic: "tile" names the tile in hand', await said('tile', 'The tile in hand, unturned: '));
  await type('hint');
  await page.waitForFunction(() => /Hint: /.test(document.querySelector('[data-testid=prompt]').textContent),
    null, { timeout: 30000 });
  const hint = await page.textContent('[data-testid=prompt] .message');
  check("classic: a hint names the placement's space and turn", /^Hint: place the tile on -?\d+,-?\d+ turned \d+°/.test(hint), hint);

  const used = { wood: 0, guesthouse: 0, wyvern: 0, farmer: 0, lines: 0 };
  let woodWords = null;
  const ringFails = [];
  let ringDecisions = 0;
  for (let n = 0; (await decision(page)) !== 'over'; n++) {
    if (n > 300) throw new Error('the classic game typed in did not end after 300 decisions');
    const d = await decision(page);
    const v = await version(page);
    const o = await textOptions(page);
    let line;
    if (d === 'place') {
      const wood = o.places.find((p) => p.turns.some((t) => t.wood));
      if (wood && !woodWords) {
        // On the board: the words for the tile tried there, turned until
        // it takes the wood, name the wood. Then back to the command line.
        await page.click(`[data-cell="${wood.cell}"]`);
        for (let k = 0; k < 4 && !woodWords; k++) {
          const variant = await page.$('[data-testid=placement-variant]');
          if (variant) {
            woodWords = [await variant.textContent(), await page.textContent('[data-testid=board-focus]')];
          } else {
            await page.keyboard.press('r');
            await page.waitForTimeout(30);
          }
        }
        await page.keyboard.press('Escape');
        await page.focus('[data-testid=text-command]');
      }
      if (wood && used.wood < 2) {
        line = `${wood.cell} ${wood.turns.find((t) => t.wood).deg}`;
        used.wood++;
      } else {
        const p = o.places[n % o.places.length];
        line = n % 3 ? `${p.cell} ${p.turns[0].deg}` : p.cell;
      }
    } else if (d === 'guesthouse') {
      // By its piece's word when it has one road (else its number).
      const houses = o.options.filter((x) => x.key !== 'no');
      line = used.guesthouse ? 'no' : houses.length === 1 ? 'guesthouse' : houses[0].key;
      if (line !== 'no') used.guesthouse++;
      if (line === 'guesthouse') used.guesthouseWord = true;
    } else if (d === 'wyvern') {
      line = o.options[0].key;
      used.wyvern++;
    } else if (d === 'follower') {
      const r = await rings(page);
      if (r.length > 1) {
        ringDecisions++;
        const names = r.map((x) => x.name);
        const ok = new Set(names).size === names.length
          && r.every((x) => x.piece && x.name.startsWith(`Put a ${x.piece} `));
        if (!ok) ringFails.push(JSON.stringify(r));
      }
      const farmers = o.options.filter((x) => x.words.startsWith('a farmer '));
      if (!used.farmer && farmers.length) {
        line = farmers.length === 1 ? 'farmer' : farmers[0].key;
        used.farmer++;
      } else {
        line = n % 2 ? 'no' : o.options[0].key;
      }
    } else {
      throw new Error(`unexpected decision ${d}`);
    }
    await type(line);
    await moved(page, v);
    used.lines++;
  }
  check(`classic: a whole game typed in the text view (${JSON.stringify(used)})`, true);
  check("a tried tile's announcement names the wood it would spend",
    !!woodWords && woodWords[0].startsWith('with ') && woodWords[1].includes(` ${woodWords[0]}: `),
    woodWords && woodWords.join(' / '));
  check('classic: typed moves spent wood, built a guesthouse (by its word), moved the wyvern and put a farmer',
    used.wood > 0 && used.guesthouseWord && used.wyvern > 0 && used.farmer > 0, JSON.stringify(used));
  check(`classic: rings on a tile have distinct names and show their pieces (${ringDecisions} decisions)`,
    ringDecisions > 0 && ringFails.length === 0, ringFails.join('\n    '));
  await page.waitForSelector('[data-testid=game-over] [role=dialog]', { timeout: TIMEOUT });
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=game-over]', { state: 'detached', timeout: TIMEOUT });
  check('classic: after the end, a typed move is refused in words',
    await said('1', 'The game is over: nothing more can be played.'));
  await audit(page, "classic's text view at the end");
  check('classic typed in: no console errors', problems.length === 0, problems.join('\n    '));
  await context.close();
}

test('a whole game by keyboard alone; dialogs, focus, the text view, axe', async ({ origin, open }) => {
  ringChecks.length = 0;
  const confirms = [];
  const { page, problems, context } = await open();
  page.on('dialog', (dlg) => {
    confirms.push(`${dlg.type()}: ${dlg.message()}`);
    dlg.dismiss();
  });
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await page.waitForSelector('#worker-status.ready', { state: 'attached', timeout: TIMEOUT });
  const text = await page.evaluate(() => document.body.innerText);
  check('no debug text on the start screen', !/engine worker|DedicatedWorker/i.test(text), text.slice(-200));
  check('the loading sign is gone once the app runs', !(await page.$('#loading')));
  await audit(page, 'the start screen');

  // The new-game form by keyboard: seed field, then "Found the city".
  check('Tab reaches the seat names', (await tabTo(page, 'name-0')) > 0);
  await page.keyboard.type('Kay');
  check('Tab reaches the short-game preset', (await tabTo(page, 'preset-short')) > 0);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  check('Tab reaches the Advanced fold', await page.evaluate(() => document.activeElement.tagName === 'SUMMARY')
    || (await tabTo(page, 'summary')) > 0);
  await page.keyboard.press('Enter');
  check('Tab reaches the seed', (await tabTo(page, 'seed')) > 0);
  await page.keyboard.type(SEED);
  check('Tab reaches "Found the city"', (await tabTo(page, 'start-game')) > 0);
  await page.keyboard.press('Enter');
  await page.waitForSelector(play, { timeout: TIMEOUT });
  check('the game starts from the keyboard', (await decision(page)) === 'place');
  await page.waitForFunction(() => document.activeElement.dataset.testid === 'prompt-title', null, { timeout: TIMEOUT })
    .catch(() => {});
  check('"Found the city" gives the focus to the prompt\'s heading', (await focused(page)) === 'prompt-title',
    await focused(page));
  check('the skip link is inside a landmark',
    await page.$eval('[data-testid=skip-to-text]', (a) => !!a.closest('header, main, nav, aside, footer, [role]')));
  check("axe's region rule: all the game's content is in landmarks", await inLandmarks(page));

  // Tab goes through every control of the game, the board one stop.
  const stops = [];
  for (let k = 0; k < 40; k++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (stops.includes(f)) break;
    stops.push(f);
  }
  for (const want of ['skip-to-text', 'replay-open', 'copy-link', 'import-open', 'board', 'zoom-in', 'fit',
    'coords-toggle', 'legend-open', 'export', 'hint', 'text-view-toggle', 'help-button', 'leave']) {
    check(`Tab reaches ${want}`, stops.includes(want), stops.join(' '));
  }
  check('the board is one Tab stop', stops.filter((s) => s === 'board').length === 1);

  // How to play: a dialog that keeps the focus and closes on Esc.
  await tabTo(page, 'board');
  await page.keyboard.press('?');
  await page.waitForSelector('[data-testid=help] [role=dialog]', { timeout: TIMEOUT });
  let inside = true;
  for (let k = 0; k < 25; k++) {
    await page.keyboard.press(k % 5 === 4 ? 'Shift+Tab' : 'Tab');
    inside = inside && (await page.evaluate(() => !!document.activeElement.closest('[role=dialog]')));
  }
  check('Tab stays inside How to play', inside);
  await audit(page, 'How to play');
  // RULES.md R6.3 (pieces per round) and R8.4 (no guard opposite a guard).
  const rules = await page.textContent('[data-testid=help]');
  check('How to play says how many wall pieces a round holds (R6.3)',
    /each player adds 1 piece when the tile that started it came from stack II, 2 when it came from stack III; with 2 players, 2 and 4/.test(rules));
  check('How to play says no guard may go opposite a guard (R8.4)', /No guard may go opposite another/.test(rules));
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=help]', { state: 'detached', timeout: TIMEOUT });
  check('Esc closes How to play and the focus goes back to the board', (await focused(page)) === 'board');
  // "New game" asks in a dialog of the page (no confirm()); Esc says no.
  await tabTo(page, 'leave');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=leave-dialog]', { timeout: TIMEOUT });
  check('"New game" asks in a dialog, with the focus in it',
    await page.evaluate(() => !!document.activeElement.closest('[role=dialog]')));
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=leave-dialog]', { state: 'detached', timeout: TIMEOUT });
  check('Esc keeps the game', (await decision(page)) === 'place' && (await focused(page)) === 'leave');

  // Import and Copy link: Esc closes them, the focus back on their button.
  await tabTo(page, 'import-open', { back: true });
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=import-dialog]', { timeout: TIMEOUT });
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=import-dialog]', { state: 'detached', timeout: TIMEOUT });
  check('Esc in Import gives the focus back to "Import record"', (await focused(page)) === 'import-open',
    await focused(page));
  await tabTo(page, 'copy-link', { back: true });
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=share-popover]', { timeout: TIMEOUT });
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=share-popover]', { state: 'detached', timeout: TIMEOUT });
  check('Esc closes the Copy-link popover, the focus on its button', (await focused(page)) === 'copy-link',
    await focused(page));

  // The text view: the skip link, the tile in words, a typed move, the announcer.
  check('the skip link is reached from the top', (await tabTo(page, 'skip-to-text', { back: true })) >= 0);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=text-view]', { timeout: TIMEOUT });
  await page.waitForFunction(() => document.activeElement && document.activeElement.dataset.testid === 'text-command',
    null, { timeout: TIMEOUT });
  check('the skip link opens the text view at its command line', true);
  await page.waitForSelector('[data-testid=text-hand]', { timeout: TIMEOUT });
  const hand = await page.textContent('[data-testid=text-hand]');
  check('the text view names the tile in hand', /The tile in hand, unturned: a /.test(hand), hand);
  const options = await page.textContent('[data-testid=text-options]');
  check('the text view lists where it fits', options.startsWith('The tile fits on: 0,0'), options);
  const answered = (text) => page.waitForFunction(
    (t) => document.querySelector('[data-testid=text-answers]').textContent.includes(t), text, { timeout: TIMEOUT });
  await page.keyboard.press('Enter');
  await answered('Type a move or a question, then Enter.');
  check('Enter on an empty command line prints the help', true);
  await page.keyboard.type('board');
  await page.keyboard.press('Enter');
  await answered('The board is empty');
  check('a question is answered in the live region', true);
  await page.keyboard.type('hint');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Hint: /.test(document.querySelector('[data-testid=prompt]').textContent),
    null, { timeout: 30000 });
  const hint = await page.textContent('[data-testid=prompt] .message');
  check('a hint typed in the text view names the space and the turn',
    /^Hint: place the tile on 0,0 turned \d+°/.test(hint), hint);
  const v0 = await version(page);
  await page.keyboard.type('0,0');
  await page.keyboard.press('Enter');
  await moved(page, v0);
  await page.waitForFunction(() => document.querySelector('[data-testid=announcer]').textContent.includes('placed a tile at 0,0'));
  check('a typed move is played and announced', true);
  await audit(page, 'a game in progress, with the text view');
  // Close it with its own button: the focus goes back to the button that opens it.
  await tabTo(page, 'text-close');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=text-view]', { state: 'detached' });
  check('"Close the text view" gives the focus back to "Text view"', (await focused(page)) === 'text-view-toggle',
    await focused(page));

  // The whole game by keyboard alone.
  let n = 0;
  const done = {};
  let wallAudit = false;
  while ((await decision(page)) !== 'over') {
    if (n > 700) throw new Error('the game did not end after 700 decisions');
    const d = await decision(page);
    if (!wallAudit && (d === 'wall' || d === 'guard')) {
      await audit(page, `a wall round (${d})`);
      await page.screenshot({ path: path.join(ARTIFACTS, `access-${d}.png`) });
      wallAudit = true;
    }
    if (d === 'guard' && (await page.$('[data-testid=guard-line]'))) done['guard line shown'] = (done['guard line shown'] || 0) + 1;
    const did = await keyDecision(page, n);
    done[did] = (done[did] || 0) + 1;
    n++;
  }
  check(`a whole game by keyboard alone (${n} decisions: ${JSON.stringify(done)})`, true);
  check('a guard was posted by keyboard', (done['guard posted'] || 0) > 0);
  check('a tower was built by keyboard', (done['tower built'] || 0) > 0);
  check('the guard decision showed the line it watches', (done['guard line shown'] || 0) > 0);
  check(`The City's rings on a tile have distinct names naming their feature (${ringChecks.length} decisions)`,
    ringChecks.length > 0 && ringChecks.every((r) => r === null), ringChecks.filter(Boolean).join('\n    '));
  await page.waitForSelector('[data-testid=game-over] [role=dialog]', { timeout: TIMEOUT });
  check('the game-over dialog has the focus',
    await page.evaluate(() => !!document.activeElement.closest('[role=dialog]')));
  await audit(page, 'the game-over screen');
  await page.screenshot({ path: path.join(ARTIFACTS, 'access-over.png') });
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=game-over]', { state: 'detached', timeout: TIMEOUT });
  check('Esc closes the game-over dialog', (await decision(page)) === 'over');
  check('no browser confirm() or alert() box opened', confirms.length === 0, confirms.join('\n    '));
  check('no console errors', problems.length === 0, problems.join('\n    '));
  await context.close();
});

test('the new-game form: its errors, colours swapped, names trimmed', async ({ origin, open }) => {
  await formChecks(open, origin);
});

test('classic Carcassonne: axe on each screen and decision, played to its end', async ({ origin, open }) => {
  await classicAudits(open, origin);
});

test('classic Carcassonne played to its end by typed moves in the text view', async ({ origin, open }) => {
  await classicByText(open, origin);
});
