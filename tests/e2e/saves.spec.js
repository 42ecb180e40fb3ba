// Saves, share links and the replay in the built site
// (dist/), in headless Chromium:
//  1. play a few turns, reload: the same position (turn, decision, tiles,
//     pieces, log) — the autosave resumed it;
//  2. copy the game's link and open it in a fresh browser context (a fresh
//     profile): the same position and history; play a move there: the link
//     of the new move is offered (correspondence) and opens elsewhere at
//     that move; the replay steps back with ← and comes back with Esc;
//  3. a corrupted link and a truncated one each show their message, and the
//     saves stay as they were;
//  4. a tampered save shows its message on reload while the other save is
//     still listed and loads; the original text is kept in a backup key;
//  5. full storage (setItem throws QuotaExceededError) shows its message and
//     the game goes on;
//  6. saves of the first versions, which stored CGN records, are listed and
//     play (the records worker turns them into links once).
// Fails on any console error.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY: play, version, moved, clickDecision, notices, copyLink,
} = require('./fixtures.js');

const TIMEOUT = 15000;

// One decision by clicks (common.js), with a follower every other time.
const act = (page, n) => clickDecision(page, { follower: n % 2 === 0 });

// Everything that tells a position and its history apart.
async function position(page) {
  return page.evaluate(() => {
    const p = document.querySelector('[data-testid=play]');
    const attrs = (sel, a) => [...document.querySelectorAll(sel)].map((e) => `${e.getAttribute(a)}@${e.getAttribute('transform')}`);
    return JSON.stringify({
      turn: p.dataset.turn,
      decision: p.dataset.decision,
      tiles: attrs('[data-tile]', 'data-tile'),
      walls: [...document.querySelectorAll('[data-wall]')].map((e) => e.getAttribute('data-wall')),
      followers: document.querySelector('.followers') && document.querySelector('.followers').getAttribute('data-count'),
      players: [...document.querySelectorAll('.player-name')].map((e) => e.textContent),
      panel: document.querySelector('.panel, [data-testid=panel]') ? document.querySelector('.panel, [data-testid=panel]').textContent : '',
      log: document.querySelector('[data-testid=log]').textContent,
    });
  });
}

async function startGame(page, origin, names, seed) {
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector('[data-testid=new-game-form]', { timeout: 30000 });
  await page.fill('[data-testid=name-0]', names[0]);
  await page.fill('[data-testid=name-1]', names[1]);
  await page.click('[data-testid=preset-short]');
  await page.click('.advanced summary');
  await page.fill('[data-testid=seed]', String(seed));
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

async function stored(page) {
  return page.evaluate(() => {
    const out = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      out[k] = localStorage.getItem(k);
    }
    return out;
  });
}

// The link with another version byte and a right checksum (share.rs: bytes,
// then the CRC-32 of the bytes before it, big-endian; base64url, no padding).
function relabel(frag, version) {
  const bytes = Buffer.from(frag, 'base64url');
  const body = Buffer.from(bytes.subarray(0, bytes.length - 4));
  body[0] = version;
  let crc = 0xffffffff;
  for (const b of body) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([body, sum]).toString('base64url');
}

async function leave(page) {
  await page.click('[data-testid=leave]');
  const yes = await page.waitForSelector('[data-testid=leave-yes]', { timeout: 2000 }).catch(() => null);
  if (yes) await yes.click();
  await page.waitForSelector('[data-testid=saves]', { timeout: TIMEOUT });
}

test('a game saved, reloaded, shared by links, replayed, imported; bad links; a tampered save', async ({ origin, open }) => {
  const allProblems = [];
  // ---------------------------------------------- 1. reload resumes
  const a = await open();
  a.page.on('dialog', (d) => d.accept());
  allProblems.push(a.problems);
  await startGame(a.page, origin, ['Aude', 'Bernat <i>'], 7);
  for (let n = 0; n < 9; n++) await act(a.page, n);
  const before = await position(a.page);
  const turnBefore = await a.page.getAttribute(play, 'data-turn');
  check('a few turns are played', Number(turnBefore) >= 3, `turn ${turnBefore}`);
  const saved = await stored(a.page);
  const doc = JSON.parse(saved['the-city/saves'] || '{}');
  const current = await a.page.evaluate(() => sessionStorage.getItem('the-city/current'));
  check('the game is autosaved (document version 7, one game, this tab\'s current id)',
    doc.version === 7 && doc.games && doc.games.length === 1 && current === doc.games[0].id
      && !('the-city/current' in saved),
    JSON.stringify(Object.keys(saved)));
  await a.page.reload({ waitUntil: 'load' });
  await a.page.waitForSelector(play, { timeout: 30000 });
  const after = await position(a.page);
  check('a reload resumes the same position', after === before, `${before}\n    ${after}`);
  // An undo is saved too.
  const vu = await version(a.page);
  await a.page.click('[data-testid=undo]');
  await moved(a.page, vu);
  const undone = await position(a.page);
  await a.page.reload({ waitUntil: 'load' });
  await a.page.waitForSelector(play, { timeout: 30000 });
  check('an undo is saved too', (await position(a.page)) === undone && undone !== before);
  // On to the start of a turn: a CGN record holds whole turns only.
  for (let n = 1; n === 1 || (await a.page.getAttribute(play, 'data-decision')) !== 'place'; n++) {
    await act(a.page, n);
  }
  const posA = await position(a.page);

  // ------------------------------------------- 2. share links
  const link = await copyLink(a.page);
  check('Copy link shows the link of the game, its seats beside it',
    link.startsWith(`${origin}/?seats=red,blue#`) && link.length > origin.length + 30, link);
  await a.page.click('[data-testid=share-close]');

  const b = await open();
  allProblems.push(b.problems);
  await b.page.goto(link, { waitUntil: 'load', timeout: 30000 });
  await b.page.waitForSelector(play, { timeout: 30000 });
  const posB = await position(b.page);
  check('a link opens in a fresh profile at the same position and history', posB === posA, `${posA}\n    ${posB}`);
  check('the fragment is cleared from the address bar', !b.page.url().includes('#'), b.page.url());
  const bNames = await b.page.$$eval('.player-name', (els) => els.map((e) => e.textContent));
  check('names from a link are shown as text', bNames.includes('Bernat <i>'), JSON.stringify(bNames));
  check('no copy-link call-out before a move', !(await b.page.$('[data-testid=share-callout]')));
  // Not mid-turn (a tile placed, its follower to come): only when the
  // turn has passed to the other player.
  let midTurn = true;
  for (let n = 0; n === 0 || (await b.page.getAttribute(play, 'data-decision')) !== 'place'; n++) {
    await act(b.page, n);
    if ((await b.page.getAttribute(play, 'data-decision')) !== 'place' && await b.page.$('[data-testid=share-callout]')) {
      midTurn = false;
    }
    if (n > 12) break;
  }
  check('no call-out in the middle of a turn', midTurn);
  await b.page.waitForSelector('[data-testid=share-callout]', { timeout: TIMEOUT });
  check('after a turn in a game from a link, the link is offered', true);
  const callout = await b.page.$eval('[data-testid=share-callout]', (e) => e.getBoundingClientRect().toJSON());
  const heading = await b.page.$eval('.prompt h2, .prompt-title, [data-testid=prompt] h2', (e) => e.getBoundingClientRect().toJSON())
    .catch(() => null);
  const overlap = heading && !(callout.bottom <= heading.top || heading.bottom <= callout.top
    || callout.right <= heading.left || heading.right <= callout.left);
  check('the call-out does not cover the prompt\'s heading', heading && !overlap, JSON.stringify({ callout, heading }));
  const posB2 = await position(b.page);
  const link2 = await copyLink(b.page);
  check('the new link differs', link2 !== link);
  const bDoc = JSON.parse((await stored(b.page))['the-city/saves']);
  check('the linked game is saved as a local game from a link',
    bDoc.games.length === 1 && bDoc.games[0].from_link === true, JSON.stringify(bDoc.games.map((g) => g.from_link)));
  // Replay: ← steps back, → forward, Esc leaves; arrows do not move the game.
  await b.page.click('[data-testid=share-close]');
  await b.page.click('[data-testid=replay-open]');
  await b.page.waitForSelector('[data-testid=replay-bar]');
  const total = Number(await b.page.getAttribute('[data-testid=replay-bar]', 'data-total'));
  await b.page.keyboard.press('ArrowLeft');
  await b.page.waitForFunction((t) => document.querySelector('[data-testid=replay-bar]').dataset.n === String(t - 1), total);
  await b.page.keyboard.press('ArrowLeft');
  await b.page.keyboard.press('ArrowRight');
  const n1 = await b.page.getAttribute('[data-testid=replay-bar]', 'data-n');
  check('← and → step the replay', n1 === String(total - 1), `${n1} of ${total}`);
  await b.page.click('[data-testid=replay-first]');
  await b.page.waitForFunction(() => document.querySelector('[data-testid=play]').dataset.turn === '0');
  check('|◀ shows the empty start', (await b.page.getAttribute('.tiles', 'data-count')) === '0');
  check('the start is turn 1, as the chronicle counts', (await b.page.inputValue('[data-testid=replay-turn]')) === '1');
  await b.page.fill('[data-testid=replay-turn]', '3');
  await b.page.press('[data-testid=replay-turn]', 'Enter');
  await b.page.waitForFunction(() => document.querySelector('[data-testid=play]').dataset.turn === '2');
  check('typing turn 3 shows its start: two tiles down, the third to place',
    (await b.page.getAttribute('.tiles', 'data-count')) === '2'
    && (await b.page.getAttribute(play, 'data-decision')) === 'place'
    && (await b.page.inputValue('[data-testid=replay-turn]')) === '3');
  // After typing a turn the arrows step again.
  const nTyped = Number(await b.page.getAttribute('[data-testid=replay-bar]', 'data-n'));
  await b.page.keyboard.press('ArrowRight');
  await b.page.waitForFunction((n) => document.querySelector('[data-testid=replay-bar]').dataset.n === String(n + 1), nTyped, { timeout: TIMEOUT })
    .catch(() => {});
  check('after typing a turn, → steps on', (await b.page.getAttribute('[data-testid=replay-bar]', 'data-n')) === String(nTyped + 1));
  // The replay counts turns as the chronicle does: the third tile is turn
  // 3 (and a position waiting for the next tile is the next turn).
  const logTurn = await b.page.textContent('[data-testid=log] .log-head');
  const waiting = (await b.page.getAttribute(play, 'data-decision')) === 'place';
  const shown = await b.page.inputValue('[data-testid=replay-turn]');
  check('the replay and the chronicle number turns alike', logTurn.startsWith('Turn 3') && shown === (waiting ? '4' : '3'),
    `${logTurn} / replay ${shown}`);
  await b.page.click('[data-testid=board]', { position: { x: 5, y: 5 } });
  await b.page.keyboard.press('Escape');
  await b.page.waitForSelector('[data-testid=replay-bar]', { state: 'detached' });
  check('Esc leaves the replay at the game as it was', (await position(b.page)) === posB2);

  const c = await open();
  allProblems.push(c.problems);
  await c.page.goto(link2, { waitUntil: 'load', timeout: 30000 });
  await c.page.waitForSelector(play, { timeout: 30000 });
  check('the new link opens at the new move', (await position(c.page)) === posB2);
  await c.context.close();
  await b.context.close();

  // ------------------------------------------- import a record
  const [download] = await Promise.all([
    a.page.waitForEvent('download'),
    a.page.click('[data-testid=export]'),
  ]);
  const cgnFile = path.join(ARTIFACTS, 'saves-export.cgn');
  await download.saveAs(cgnFile);
  const cgn = fs.readFileSync(cgnFile, 'utf8');
  const savesBeforeImport = JSON.parse((await stored(a.page))['the-city/saves']).games.length;
  await a.page.click('[data-testid=import-open]');
  const lines = cgn.split('\n');
  const bad = lines.findIndex((l) => /^3\. /.test(l));
  const broken = lines.map((l, k) => (k === bad ? l.replace(/^3\. \S+/, '3. QQ9') : l)).join('\n');
  await a.page.fill('[data-testid=import-text]', broken);
  await a.page.click('[data-testid=import-go]');
  await a.page.waitForSelector('[data-testid=import-error]');
  const importError = await a.page.textContent('[data-testid=import-error]');
  check('a bad record shows its line number', bad > 0 && importError.includes(`line ${bad + 1}`), importError);
  await a.page.fill('[data-testid=import-text]', cgn);
  const vi = await version(a.page);
  await a.page.click('[data-testid=import-go]');
  await a.page.waitForSelector('[data-testid=import-dialog]', { state: 'detached' });
  const posI = await position(a.page);
  check('a pasted record opens at its last position', posI === posA, `${posA}\n    ${posI}`);
  await a.page.waitForFunction((n) => JSON.parse(localStorage.getItem('the-city/saves')).games.length === n + 1,
    savesBeforeImport, { timeout: TIMEOUT }).catch(() => {});
  check('an imported game is a new save',
    JSON.parse((await stored(a.page))['the-city/saves']).games.length === savesBeforeImport + 1);
  await a.page.click('[data-testid=import-open]');
  await a.page.setInputFiles('[data-testid=import-file]', cgnFile);
  await a.page.waitForSelector('[data-testid=import-dialog]', { state: 'detached' });
  check('a .cgn file opens too', (await position(a.page)) === posA && vi !== null);
  check('an imported game is not marked as from a link', !(await a.page.$('[data-testid=share-callout]')));
  // Back to the game this section started from, by its link (hashchange).
  await a.page.evaluate((l) => { location.hash = l.split('#')[1]; }, link);
  await a.page.waitForFunction(() => !location.hash, null, { timeout: TIMEOUT });
  check('a link opened in a running page (hashchange) opens its game', (await position(a.page)) === posA);
  // Keep only the first game for what follows.
  await a.page.evaluate((id) => {
    const d = JSON.parse(localStorage.getItem('the-city/saves'));
    d.games = d.games.filter((g) => g.id === id);
    localStorage.setItem('the-city/saves', JSON.stringify(d));
    sessionStorage.setItem('the-city/current', id);
  }, doc.games[0].id);
  await a.page.reload({ waitUntil: 'load' });
  await a.page.waitForSelector(play, { timeout: 30000 });

  // ------------------------------------------- 3. bad links
  const savesBefore = (await stored(a.page))['the-city/saves'];
  const frag = link.split('#')[1];
  const i = Math.floor(frag.length / 2);
  const flipped = frag.slice(0, i) + (frag[i] === 'A' ? 'B' : 'A') + frag.slice(i + 1);
  await a.page.goto(`${origin}/#${flipped}`, { waitUntil: 'load' });
  await a.page.waitForSelector('[data-testid=notice]', { timeout: 30000 });
  let msgs = await notices(a.page);
  check('a corrupted link says it is damaged', msgs.some((m) => m.includes('this link is damaged')), JSON.stringify(msgs));
  await a.page.waitForSelector(play, { timeout: TIMEOUT });
  check('after a bad link the game in play is resumed', (await position(a.page)) === posA);
  await a.page.click('[data-testid=notice-dismiss]');
  check('the message can be dismissed', (await notices(a.page)).length === 0);
  await a.page.goto(`${origin}/#${frag.slice(0, 12)}`, { waitUntil: 'load' });
  await a.page.waitForSelector('[data-testid=notice]', { timeout: 30000 });
  msgs = await notices(a.page);
  check('a truncated link shows a message', msgs.some((m) => m.includes('could not be opened')), JSON.stringify(msgs));
  await a.page.click('[data-testid=notice-dismiss]');
  check('the checksum of a relabelled link is right (same version: it opens)', relabel(frag, 1) === frag);
  await a.page.goto(`${origin}/#${relabel(frag, 9)}`, { waitUntil: 'load' });
  await a.page.waitForSelector('[data-testid=notice]', { timeout: 30000 });
  msgs = await notices(a.page);
  check('a link of an unknown version says so', msgs.some((m) => m.includes('newer version (v9)')), JSON.stringify(msgs));
  await a.page.click('[data-testid=notice-dismiss]');
  check('bad links change no save', (await stored(a.page))['the-city/saves'] === savesBefore);
  await a.page.screenshot({ path: path.join(ARTIFACTS, 'saves-bad-link.png') });

  // ------------------------------------------- 4. a tampered save
  // A second game, so that there is another save to keep.
  await leave(a.page);
  const rows0 = await a.page.$$eval('[data-testid=save-row]', (els) => els.map((e) => e.dataset.id));
  check('the saves list shows the game', rows0.length === 1, JSON.stringify(rows0));
  await a.page.click('[data-testid=start-game]');
  await a.page.waitForSelector(play, { timeout: TIMEOUT });
  for (let n = 0; n < 3; n++) await act(a.page, n);
  const posSecond = await position(a.page);
  const s = await stored(a.page);
  const d2 = JSON.parse(s['the-city/saves']);
  check('two games are saved', d2.games.length === 2);
  const first = d2.games.find((g) => g.id === rows0[0]);
  const second = d2.games.find((g) => g.id !== rows0[0]);
  // Tamper with the first game: a player's name no longer matches its record.
  const tampered = s['the-city/saves'].replace(JSON.stringify(first.players[0]), JSON.stringify('Mallory'));
  check('the tampering changes the document', tampered !== s['the-city/saves']);
  await a.page.evaluate((t) => localStorage.setItem('the-city/saves', t), tampered);
  await a.page.reload({ waitUntil: 'load' });
  await a.page.waitForSelector('[data-testid=notice]', { timeout: 30000 });
  msgs = await notices(a.page);
  check('a tampered save shows its message',
    msgs.some((m) => m.includes('could not be read') && m.includes(first.id)), JSON.stringify(msgs));
  await a.page.waitForSelector(play, { timeout: TIMEOUT });
  check('the other game is resumed', (await position(a.page)) === posSecond);
  const s2 = await stored(a.page);
  const backups = Object.keys(s2).filter((k) => k.startsWith('the-city/saves.backup.'));
  check('the tampered document is kept in a backup', backups.length === 1 && s2[backups[0]] === tampered, JSON.stringify(backups));
  await a.page.click('[data-testid=notice-dismiss]');
  await leave(a.page);
  const rows1 = await a.page.$$eval('[data-testid=save-row]', (els) => els.map((e) => e.dataset.id));
  check('the other save is still listed', JSON.stringify(rows1) === JSON.stringify([second.id]), JSON.stringify(rows1));
  const why = await a.page.textContent('[data-testid=save-damaged-why]');
  check('the tampered save is listed too, with what is wrong', why.includes('players'), why);
  await a.page.click(`[data-testid=save-row][data-id="${second.id}"] [data-testid=save-continue]`);
  await a.page.waitForSelector(play, { timeout: TIMEOUT });
  check('and it loads', (await position(a.page)) === posSecond);
  // Rename and delete.
  await leave(a.page);
  await a.page.click('[data-testid=save-rename]');
  await a.page.fill('[data-testid=save-name-input]', 'Our long game');
  await a.page.click('[data-testid=save-rename-ok]');
  await a.page.waitForFunction(() => document.querySelector('[data-testid=save-name]')
    && document.querySelector('[data-testid=save-name]').textContent === 'Our long game');
  check('a save can be renamed', JSON.parse((await stored(a.page))['the-city/saves']).games[0].name === 'Our long game');
  // Deleting asks in the row first (no browser confirm()).
  await a.page.click('[data-testid=save-delete]');
  await a.page.click('[data-testid=save-delete-yes]');
  await a.page.waitForSelector('[data-testid=save-row]', { state: 'detached' });
  check('a save can be deleted', JSON.parse((await stored(a.page))['the-city/saves']).games.length === 0);
  check('the backup survives', Object.keys(await stored(a.page)).includes(backups[0]));
  const kept = JSON.parse((await stored(a.page))['the-city/saves']);
  check('and the damaged save is still there: only the player deletes it',
    kept.damaged && kept.damaged.length === 1 && kept.damaged[0].entry.id === first.id
      && (await a.page.$$('[data-testid=save-damaged]')).length === 1, JSON.stringify(kept.damaged));
  await a.context.close();

  const problems = allProblems.flat();
  check('no console errors', problems.length === 0, problems.join('\n    '));
});

test('a sound link of a classic game opens it, saved as one', async ({ origin, open }) => {
  // A sound link of a classic game (The City Gates and Old City, made by
  // `city share` of a `city random --game classic` record), in a fresh
  // profile: it opens as a classic game, saved as one.
  const CLASSIC = 'AgEJAwAMA0FubgNCb2IDQ2lk1iPbxFZ7MJRtHauyhUpou5mbWvZEWJs';
  const k = await open();
  await k.page.goto(`${origin}/#${CLASSIC}`, { waitUntil: 'load' });
  await k.page.waitForSelector(play, { timeout: TIMEOUT });
  const names = await k.page.$$eval('.player-name', (els) => els.map((e) => e.textContent));
  check('a classic Carcassonne link opens its game',
    (await k.page.getAttribute(play, 'data-ruleset')) === 'classic' && JSON.stringify(names) === '["Ann","Bob","Cid"]',
    JSON.stringify(names));
  await k.page.waitForFunction(() => (localStorage.getItem('the-city/saves') || '').includes('"classic"'), null,
    { timeout: TIMEOUT });
  // (The link holds a finished game: its result is shown first.)
  if (await k.page.$('[data-testid=view-board]')) await k.page.click('[data-testid=view-board]');
  await leave(k.page);
  const game = await k.page.textContent('[data-testid=save-game]');
  check('the saves list says which game a save is, with its expansions',
    game === 'Carcassonne with The City Gates and Old City', game);
  check('no console errors with the classic link', k.problems.length === 0, k.problems.join('\n    '));
  await k.context.close();
});

test('full storage is told, the game goes on, its record offered', async ({ origin, open }) => {
  let msgs;
    // ------------------------------------------- 5. full storage
    const f = await open();
    await f.context.addInitScript(() => {
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (window.__full) throw new DOMException('full', 'QuotaExceededError');
        return real.call(this, k, v);
      };
    });
    await startGame(f.page, origin, ['Ann', 'Bob'], 3);
    await act(f.page, 0);
    await f.page.evaluate(() => { window.__full = true; });
    await act(f.page, 1);
    await f.page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT });
    msgs = await notices(f.page);
    check('full storage shows its message', msgs.some((m) => m.includes('storage is full')), JSON.stringify(msgs));
    await act(f.page, 2);
    check('the game goes on', Number(await f.page.getAttribute(play, 'data-version')) >= 3);
    check('the game is marked as not saved', await f.page.isVisible('[data-testid=unsaved]'));
    await f.page.click('[data-testid=leave]');
    await f.page.waitForSelector('[data-testid=leave-dialog]', { timeout: TIMEOUT });
    const leaveText = await f.page.textContent('[data-testid=leave-dialog]');
    check('leaving says the game is not saved, and offers its record',
      leaveText.includes('not saved') && !leaveText.includes('It is saved') && await f.page.isVisible('[data-testid=leave-export]'),
      leaveText);
    const [unsavedDownload] = await Promise.all([
      f.page.waitForEvent('download', { timeout: TIMEOUT }),
      f.page.click('[data-testid=leave-export]'),
    ]);
    const unsavedRecord = fs.readFileSync(await unsavedDownload.path(), 'utf8');
    check('the record of the unsaved game downloads from there', unsavedRecord.includes('[Game "Carcassonne: The City"]'),
      unsavedRecord.slice(0, 80));
    await f.page.click('[data-testid=leave-no]');
    // Room again: the next save succeeds and the mark goes.
    await f.page.evaluate(() => { window.__full = false; });
    await act(f.page, 3);
    await f.page.waitForSelector('[data-testid=unsaved]', { state: 'detached', timeout: TIMEOUT });
    check('once a save succeeds, the game is no longer marked', true);
    await f.context.close();

    check('no console errors', f.problems.length === 0, f.problems.join('\n    '));
});

test('storage disabled: told on load, the game goes on', async ({ origin, open }) => {
  let msgs;
    // ------------------------------------------- storage disabled
    const g = await open();
    await g.context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('denied', 'SecurityError'); },
      });
    });
    await g.page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
    await g.page.waitForSelector('[data-testid=saves-unavailable]', { timeout: 30000 });
    await g.page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT });
    msgs = await notices(g.page);
    check('disabled storage is said on load', msgs.some((m) => m.includes('does not let the page use its storage')), JSON.stringify(msgs));
    await g.page.click('[data-testid=start-game]');
    await g.page.waitForSelector(play, { timeout: TIMEOUT });
    await act(g.page, 0);
    await act(g.page, 1);
    check('without storage the game goes on', Number(await g.page.getAttribute(play, 'data-version')) === 2);
    await g.context.close();

    check('no console errors', g.problems.length === 0, g.problems.join('\n    '));
});

test('saves of a newer version are told and not written over', async ({ origin, open }) => {
  let msgs;
    // ------------------------------------------- saves of a newer version
    const h = await open();
    const newer = '{"kind":"the-city/saves","version":8,"games":[{"future":true}]}';
    await h.context.addInitScript((t) => {
      if (!localStorage.getItem('the-city/saves')) localStorage.setItem('the-city/saves', t);
    }, newer);
    await h.page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
    await h.page.waitForSelector('[data-testid=notice]', { timeout: 30000 });
    msgs = await notices(h.page);
    check('saves of a newer version are said on load', msgs.some((m) => m.includes('newer version (v8)')), JSON.stringify(msgs));
    await h.page.click('[data-testid=start-game]');
    await h.page.waitForSelector(play, { timeout: TIMEOUT });
    await act(h.page, 0);
    await h.page.waitForFunction(() => document.querySelectorAll('[data-testid=notice]').length >= 2, null, { timeout: TIMEOUT });
    msgs = await notices(h.page);
    check('and they are not written over', msgs.some((m) => m.includes('not being saved'))
      && (await stored(h.page))['the-city/saves'] === newer, JSON.stringify(msgs));
    await h.context.close();

    check('no console errors', h.problems.length === 0, h.problems.join('\n    '));
});

test('saves of the first versions (CGN records) are listed and play', async ({ origin, open }) => {
  let msgs;
    // ------------------------------------------- saves of the first versions (CGN records)
    // The page reads their CGN records as it reads links: they are listed
    // and play as before, and stay as they were stored.
    const v1 = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'saves', 'v1.json'), 'utf8');
    const o = await open();
    await o.context.addInitScript((t) => {
      if (!localStorage.getItem('the-city/saves')) localStorage.setItem('the-city/saves', t);
    }, v1);
    await o.page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30000 });
    await o.page.waitForFunction(() => document.querySelectorAll('[data-testid=save-row]').length === 3, null, { timeout: 30000 });
    const oldRows = await o.page.$$eval('[data-testid=save-row]', (rs) => rs.map((r) => r.dataset.id));
    check('saves of the first versions (CGN) are listed', JSON.stringify(oldRows) === '["g1","g3","g2"]', JSON.stringify(oldRows));
    const kept = (await stored(o.page))['the-city/saves'];
    check('and stay stored as they were', kept === v1, kept.slice(0, 200));
    const firstScores = await o.page.textContent('[data-testid=save-row][data-id=g1] [data-testid=save-scores]');
    check('their scores are read from their records', firstScores.includes('85') && firstScores.includes('68'), firstScores);
    await o.page.click('[data-testid=save-row][data-id=g2] [data-testid=save-continue]');
    await o.page.waitForSelector(play, { timeout: TIMEOUT });
    check('and one of them plays on', (await o.page.getAttribute(play, 'data-turn')) !== null);
    await o.context.close();

    check('no console errors', o.problems.length === 0, o.problems.join('\n    '));
});
