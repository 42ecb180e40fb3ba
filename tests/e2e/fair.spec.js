// A fair game between two devices by links (issue 37), in the built site
// (dist/), in headless Chromium: Ann (one browser context) starts The City
// with Bob's seat "On a friend's device"; her invitation goes to Bob (a
// second context), his answer comes back, then links go back and forth,
// each opened by the other, to the game's end (wall rounds included: a
// link whenever the other device decides). At every link:
//  - no future tile can be read: `city unshare` of the link prints a
//    [Fair] tag, no [Seed], no [Deck]; the waiting device shows no tile in
//    hand and no seed; its storage keeps the fair link and its own seat's
//    secret only, no seed, no deck; no secret is in any link;
// and each forgery is refused with its message, nothing saved changing:
//  0. an invitation holding a reveal before Bob has committed;
//  1. an answer that changes Ann's commitment ("changes the deal");
//  2. a link whose reveal does not match its commitment;
//  3. a link whose seats make Ann's seat a computer;
//  4. a link with a move added for Ann's seat (the count raised);
//  5. a past move changed: Bob undoes his turn 2 and plays it another
//     way; Ann, holding the second link, refuses the first (and an older
//     link shows her save where it is).
// At the end both devices hold the same game and its record the [Deck].
// Bob reads German (the waiting screen, the text view, axe in both).
// A second test plays classic (both expansions, 10 tiles) with the guest
// moving first: the host's first link holds no move, its reveal only.
// The deal is new each run (getrandom): the games differ run to run.
// The browsers here have no WebRTC (`byLinksOnly`): every link is the
// fair game's version 4 link, as for any browser without live play (with
// it, the invitation and the answer are live play's short links, which
// stand for these: tests/e2e/live.spec.js, formats::handshake's tests).
// Fails on any console error.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY: play, newGameForm, cityForm, classicForm, notices, version, moved,
  copyLink: shareLink, startGame, axeAudit, city,
  playOn, closeResult, linkFragment, payload, reseal,
} = require('./fixtures.js');

const TIMEOUT = 20000;

// (A link's payload and reseal: common.js.)
const fragment = linkFragment;
function varint(b, at) {
  let v = 0;
  let shift = 0;
  for (;;) {
    const x = b[at++];
    v += (x & 0x7f) * 2 ** shift;
    shift += 7;
    if (x < 0x80) return [v, at];
  }
}
// Where a version 4 payload's parts are (share/fair.rs): each seat's
// commitment, each seat's reveal, the count of decisions.
function parts(b, seats = 2) {
  let [n, at] = varint(b, 1);
  at += n + 16;
  const commitments = [];
  for (let s = 0; s < seats; s++) {
    commitments.push(b[at] === 1 ? at + 1 : null);
    at += b[at] === 1 ? 17 : 1;
  }
  const reveals = [];
  const revealAt = at;
  for (let s = 0; s < seats; s++) {
    const [k, next] = varint(b, at);
    reveals.push(k > 0 ? next : null);
    at = next + (k > 0 ? 16 : 0);
  }
  return { commitments, reveals, revealAt, decisions: at };
}

// A browser without live play (no RTCPeerConnection): no offer is made.
const byLinksOnly = (context) => context.addInitScript(() => { window.RTCPeerConnection = undefined; });

const stored = (page) => page.evaluate(() => localStorage.getItem('the-city/saves'));
const decision = (page) => page.getAttribute(play, 'data-decision');
const copyLink = (page) => shareLink(page, { close: true });

// Opens a link in a page already showing the app: its fragment changes
// (the app opens links on `hashchange`), as a link pasted in the address
// bar of an open tab does.
async function openLink(page, link) {
  await page.evaluate((h) => { window.location.hash = h; }, fragment(link));
}

async function goTo(page, url) {
  await page.goto(url, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

// The record of the game in play, as "Save record" downloads it.
async function record(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: TIMEOUT }),
    page.click('[data-testid=export]'),
  ]);
  return fs.readFileSync(await download.path(), 'utf8');
}

// Waits until the page is no longer waiting for a link.
const answered = (page) => page.waitForFunction(
  (sel) => { const d = document.querySelector(sel)?.dataset.decision; return d && d !== 'waiting'; },
  play, { timeout: TIMEOUT },
);

// `page` opens `link` and is refused with a message holding `words`;
// nothing stored changes, its game stays where it was.
async function refused(page, link, words, what, { reload = false } = {}) {
  const before = await stored(page);
  const at = await page.getAttribute(play, 'data-turn');
  if (reload) await goTo(page, link);
  else await openLink(page, link);
  await page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT });
  const said = await notices(page);
  check(`${what}: refused, saying what it changes`, said.some((m) => words.every((w) => m.includes(w))),
    JSON.stringify(said));
  check(`${what}: nothing saved changes`, (await stored(page)) === before);
  check(`${what}: the game stays where it was`, (await page.getAttribute(play, 'data-turn')) === at);
  while (await page.$('[data-testid=notice] button')) await page.click('[data-testid=notice] button');
}

// What no one may read at a link: the link (decoded by `city unshare`),
// the waiting page, its record, its storage.
async function nothingToCome(link, waiting, what, secrets) {
  const text = city(['unshare', fragment(link)]);
  check(`${what}: the link holds no deal (a [Fair] tag, no seed, no deck)`,
    text.includes('[Fair "') && !text.includes('[Deck') && !text.includes('[Seed'), text.slice(0, 400));
  const bytes = payload(link);
  check(`${what}: no secret in the link`, secrets.every((s) => !bytes.includes(Buffer.from(s, 'hex'))));
  check(`${what}: the waiting device shows no tile in hand, no seed`,
    !(await waiting.$('[data-testid=hand][data-tile]')) && !(await waiting.$('[data-testid=seed-shown]')));
  const doc = JSON.parse(await stored(waiting));
  const r = doc.games[0].record;
  check(`${what}: the waiting device stores the fair link and its secret, no seed, no deck`,
    doc.version === 7 && typeof r.fair === 'string' && r.secrets.filter((s) => s).length === 1
      && !r.cgn && !r.link, JSON.stringify(r).slice(0, 200));
  const rec = await record(waiting);
  check(`${what}: its record holds a [Fair] tag, no seed, no deck`,
    rec.includes('[Fair "') && !rec.includes('[Deck') && !rec.includes('[Seed'), rec.slice(0, 300));
}

// Links back and forth from `sender` (its turn) to the game's end; the
// number of links.
async function toTheEnd(sender, receiver, secrets) {
  let links = 0;
  for (;;) {
    await playOn(sender.page, links);
    const link = await copyLink(sender.page);
    links++;
    const over = (await decision(sender.page)) === 'over';
    if (!over) await nothingToCome(link, sender.page, `link ${links}`, secrets);
    await openLink(receiver.page, link);
    await answered(receiver.page);
    if (over) {
      await closeResult(receiver.page);
      return links;
    }
    [sender, receiver] = [receiver, sender];
  }
}

// Both devices hold the same game at the end; its record holds the deck
// and replays with `city replay`.
async function sameEnd(a, b, name) {
  const ra = await record(a.page);
  const rb = await record(b.page);
  const moves = (r) => r.split('\n').filter((l) => /^\d+\./.test(l)).join('\n');
  check(`${name}: both devices end with the same game`, moves(ra) === moves(rb) && moves(ra).length > 0);
  check(`${name}: the record at the end holds the whole deal ([Deck]), no [Fair]`,
    ra.includes('[Deck "') && !ra.includes('[Fair'));
  const file = path.join(ARTIFACTS, `fair-end-${name}.cgn`);
  fs.writeFileSync(file, ra);
  const summary = JSON.parse(city(['replay', file]));
  check(`${name}: \`city replay\` replays it`, summary && typeof summary === 'object', JSON.stringify(summary).slice(0, 200));
}

test('a fair game by links between two devices: no tile to come readable, every forgery refused', async ({ origin, open }) => {
  test.setTimeout(240000);
  const started = Date.now();
  const a = await open({ noStun: true });
  await byLinksOnly(a.context);
  await newGameForm(a.page, `${origin}/`);
  await cityForm(a.page, { names: ['Ann', 'Bob'], start: false });
  await a.page.selectOption('[data-testid=kind-1]', 'friend');
  await a.page.waitForSelector('[data-testid=fair-note]');
  await startGame(a.page);
  check('Ann waits for Bob\'s answer, saying so', (await decision(a.page)) === 'waiting'
    && (await a.page.textContent('[data-testid=prompt]')).includes('invitation'));
  const invitation = await copyLink(a.page);
  const annSecret = JSON.parse(await stored(a.page)).games[0].record.secrets[0];
  check('Ann\'s secret is kept on her device only', /^[0-9a-f]{64}$/.test(annSecret));
  await nothingToCome(invitation, a.page, 'the invitation', [annSecret]);

  // Bob joins: he commits and answers; Ann plays first.
  await axeAudit(a.page, 'Ann\'s invitation (English)', check);
  const b = await open({ noStun: true });
  await byLinksOnly(b.context);
  // 0. An invitation with a reveal of Ann's (before Bob commits: he could
  //    choose his secret against it) is refused by its reading.
  {
    const bytes = payload(invitation);
    const at = parts(bytes).revealAt;
    const forged = Buffer.concat([bytes.subarray(0, at), Buffer.from([1]), Buffer.alloc(16, 0x42), bytes.subarray(at + 1)]);
    await b.page.goto(reseal(invitation, forged), { waitUntil: 'load', timeout: 30000 });
    await b.page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT });
    const said = await notices(b.page);
    check('an invitation revealing before every commitment is refused, saying so',
      said.some((m) => m.includes('before every seat has committed')), JSON.stringify(said));
    check('and nothing is saved', (await stored(b.page)) === null && !(await b.page.$(play)));
  }
  // (Bob reads German: the invitation opened with ?lang=de.)
  await goTo(b.page, invitation.replace('?seats=', '?lang=de&seats='));
  const waitingWords = await b.page.textContent('[data-testid=prompt]');
  check('Bob waits for Ann\'s link, saying whose, in German', (await decision(b.page)) === 'waiting'
    && waitingWords.includes('Warten auf den Link von Ann'), waitingWords);
  await axeAudit(b.page, 'Bob\'s waiting screen (German)', check);
  // The text view says it too, and no tile.
  await b.page.click('[data-testid=text-view-toggle]');
  await b.page.waitForSelector('[data-testid=text-state]');
  const said = await b.page.textContent('[data-testid=text-state]');
  check('the text view says what Bob waits for, and no tile', said.includes('Warten auf den Link von Ann')
    && !(await b.page.$('[data-testid=text-hand]')), said);
  await b.page.click('[data-testid=text-view-toggle]');
  await b.page.screenshot({ path: path.join(ARTIFACTS, 'fair-waiting-de.png') });
  const answer = await copyLink(b.page);
  const bobSecret = JSON.parse(await stored(b.page)).games[0].record.secrets[1];
  const secrets = [annSecret, bobSecret];
  await nothingToCome(answer, b.page, 'the answer', secrets);

  // 1. The answer with Ann's commitment changed.
  {
    const bytes = Buffer.from(payload(answer));
    bytes[parts(bytes).commitments[0] + 3] ^= 1;
    await refused(a.page, reseal(answer, bytes), ['changes the deal'], 'an answer changing Ann\'s commitment');
  }
  await openLink(a.page, answer);
  await answered(a.page);

  let links = 0;
  let sender = a;
  let receiver = b;
  const sent = [];
  for (;;) {
    await playOn(sender.page, links);
    const link = await copyLink(sender.page);
    sent.push({ link, from: sender === a ? 'Ann' : 'Bob' });
    links++;
    const over = (await decision(sender.page)) === 'over';
    if (!over) await nothingToCome(link, sender.page, `link ${links}`, secrets);
    if (sender === b && sent.filter((x) => x.from === 'Bob').length === 2 && !over) {
      // Bob's second link: forgeries 2 to 5 on Ann's device first.
      const bytes = Buffer.from(payload(link));
      const p = parts(bytes);
      const forged = Buffer.from(bytes);
      forged[p.reveals[1] + 5] ^= 1;
      await refused(a.page, reseal(link, forged), ['does not match'], 'a reveal that does not match its commitment');
      await refused(a.page, link.replace('?seats=red,blue', '?seats=red-easy,blue'),
        ['makes the computer', 'Ann'], 'a link making Ann\'s seat a computer', { reload: true });
      const more = Buffer.from(bytes);
      more[p.decisions] += 1;
      await refused(a.page, reseal(link, more), ['Ann plays on this device'], 'a move added for Ann\'s seat');
      // 5. Bob takes his turn back and plays it another way: Ann holds
      //    the second way; the first is refused, an older link is her save.
      const firstWay = link;
      while (!(await b.page.isDisabled('[data-testid=undo]'))) {
        const v = await version(b.page);
        await b.page.click('[data-testid=undo]');
        await moved(b.page, v);
      }
      // (Another way: the last glowing space, not the first, and turned
      // if it can be there: a tile may fit one space one way only, and
      // the deal is new each run.)
      const v = await version(b.page);
      await b.page.click('[data-testid=fit]');
      const spaces = await b.page.$$('[data-cell][data-legal=now]');
      await spaces[spaces.length - 1].click();
      await b.page.waitForSelector('[data-testid=ghost]');
      const was = await b.page.getAttribute('[data-testid=ghost]', 'data-rot');
      await b.page.keyboard.press('r');
      await b.page.waitForFunction((w) => document.querySelector('[data-testid=ghost]').getAttribute('data-rot') !== w, was,
        { timeout: 3000 }).catch(() => {});
      await b.page.click('[data-testid=confirm]');
      await moved(b.page, v);
      await playOn(b.page, 1);
      const secondWay = await copyLink(b.page);
      sent.push({ link: secondWay, from: 'Bob' });
      await openLink(a.page, secondWay);
      await answered(a.page);
      const turn = await a.page.getAttribute(play, 'data-turn');
      await refused(a.page, firstWay, ['changes Bob\'s move in turn'], 'Bob\'s turn played another way');
      const before = await stored(a.page);
      await goTo(a.page, sent.find((x) => x.from === 'Bob').link);
      check('an older link shows Ann\'s save where it is, nothing saved changes',
        (await a.page.getAttribute(play, 'data-turn')) === turn && (await stored(a.page)) === before);
      while (await a.page.$('[data-testid=notice] button')) await a.page.click('[data-testid=notice] button');
      [sender, receiver] = [receiver, sender];
      continue;
    }
    await openLink(receiver.page, link);
    await answered(receiver.page);
    if (over) {
      await closeResult(receiver.page);
      break;
    }
    [sender, receiver] = [receiver, sender];
  }
  await sameEnd(a, b, 'the-city');
  check(`the game took ${links} links and ${Math.round((Date.now() - started) / 1000)} s`, links > 4);
});

test('a fair game of classic Carcassonne by links, Bob moving first', async ({ origin, open }) => {
  test.setTimeout(180000);
  const started = Date.now();
  const a = await open({ noStun: true });
  await byLinksOnly(a.context);
  await newGameForm(a.page, `${origin}/`);
  await classicForm(a.page, { names: ['Bob', 'Ann'], tiles: 10 });
  // Ann hosts seat 2; Bob's seat 1 (the first to move) is on his device.
  await a.page.selectOption('[data-testid=kind-0]', 'friend');
  await startGame(a.page);
  const invitation = await copyLink(a.page);
  const b = await open({ noStun: true });
  await byLinksOnly(b.context);
  await goTo(b.page, invitation);
  check('Bob, first to move, waits for Ann\'s reveal', (await decision(b.page)) === 'waiting'
    && (await b.page.textContent('[data-testid=prompt]')).includes('Ann'));
  const answer = await copyLink(b.page);
  await openLink(a.page, answer);
  await a.page.waitForFunction((sel) => document.querySelector(sel)?.dataset.decision === 'waiting', play,
    { timeout: TIMEOUT });
  const secrets = [
    JSON.parse(await stored(b.page)).games[0].record.secrets[0],
    JSON.parse(await stored(a.page)).games[0].record.secrets[1],
  ];
  check('Ann, the host, sends a link with no move before Bob\'s first turn',
    (await a.page.textContent('[data-testid=prompt]')).includes('Bob') && !(await a.page.$('[data-testid=hand][data-tile]')));
  const reveal = await copyLink(a.page);
  await nothingToCome(reveal, a.page, 'the host\'s reveal', secrets);
  await openLink(b.page, reveal);
  await answered(b.page);
  check('then Bob has his tile', (await decision(b.page)) === 'place' && !!(await b.page.$('[data-testid=hand][data-tile]')));
  const links = await toTheEnd(b, a, secrets);
  await sameEnd(a, b, 'classic');
  check(`classic took ${links} links and ${Math.round((Date.now() - started) / 1000)} s`, links > 4);
});
