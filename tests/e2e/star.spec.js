// A fair game on three devices by links (issue 37, docs/fair-deal.md
// "Three to five devices"), in the built site (dist/), in headless
// Chromium, three browser contexts: Ann hosts a short classic game (6
// tiles) with Bob's seat on "Friend 1" and Cat's on "Friend 2"; her
// waiting screen lists one invitation per guest device, each labelled with
// its seats; Bob (reading German) and Cat open theirs and answer; once both
// answers are in, Ann's link starts the game on every device; then each
// device, after its decisions (or when its reveal is due), sends its link
// to each of the two others, to the game's end. At every link:
//  - no future tile can be read: `city unshare` of the link prints a
//    [Fair] tag, no [Seed], no [Deck]; the sending device shows no tile
//    in hand and no seed; its storage keeps the link and its own seat's
//    secret only; its record holds [Fair], no seed, no deck; no secret is
//    in any link;
// and:
//  - Bob's link with his signature damaged (a relayed move its device
//    did not sign) is refused on Cat's device, saying so, nothing saved
//    changing;
//  - Cat's device reloads mid-game and resumes where it was;
//  - axe on the form with the friends' devices (English, Polish) and on
//    the waiting screens (English, German).
// At the end the three devices hold the same game, its record the [Deck].
// Fails on any console error.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY: play, newGameForm, classicForm, friendSeats, notices,
  copyLink: shareLink, startGame, axeAudit, city,
  playOn, closeResult, linkFragment, payload, reseal, refusedStart,
} = require('./fixtures.js');

const TIMEOUT = 20000;

// (Without live play's offer or answer beside it: `LINK~SIGNAL`.)
const fragment = linkFragment;
// Where device `d`'s signature is in a version 5 payload (formats::star):
// version, invited device, devices, seats, each seat's device, each
// device's key (1 + 33 bytes, every device joined), then per device a
// varint (0, or k + 1 then 64 bytes). Short games: k + 1 < 128, one byte.
function signatureAt(b, d) {
  const devices = b[2];
  const seats = b[3];
  let at = 4 + seats;
  for (let k = 0; k < devices; k++) at += b[at] === 1 ? 34 : 1;
  for (let k = 0; k < d; k++) at += b[at] === 0 ? 1 : 65;
  return b[at] === 0 ? null : at + 1;
}

// A browser without live play (no RTCPeerConnection).
const byLinksOnly = (context) => context.addInitScript(() => { window.RTCPeerConnection = undefined; });

const stored = (page) => page.evaluate(() => localStorage.getItem('the-city/saves'));
const decision = (page) => page.getAttribute(play, 'data-decision');
const copyLink = (page) => shareLink(page, { close: true });
const secretOf = async (page) => JSON.parse(await stored(page)).games[0].record.secrets.find((s) => s);

async function openLink(page, link) {
  await page.evaluate((h) => { window.location.hash = h; }, fragment(link));
}

async function goTo(page, url) {
  await page.goto(url, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

// `page` opens `link` (a link that brings something new: its save
// changes), then its own link is made (signed: Copy link enabled).
async function receive(page, link) {
  const before = await stored(page);
  await openLink(page, link);
  await page.waitForFunction((b) => localStorage.getItem('the-city/saves') !== b, before, { timeout: TIMEOUT });
  await page.waitForSelector('[data-testid=copy-link]:not([disabled])', { timeout: TIMEOUT });
}

async function record(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: TIMEOUT }),
    page.click('[data-testid=export]'),
  ]);
  return fs.readFileSync(await download.path(), 'utf8');
}

// What no one may read at a link: the link (`city unshare`), the waiting
// page, its record, its storage.
async function nothingToCome(link, waiting, what, secrets, own = 1) {
  const text = city(['unshare', fragment(link)]);
  check(`${what}: the link holds no deal (a [Fair] tag, no seed, no deck)`,
    text.includes('[Fair "') && !text.includes('[Deck') && !text.includes('[Seed'), text.slice(0, 400));
  const bytes = payload(link);
  check(`${what}: no secret in the link`, secrets.every((s) => !bytes.includes(Buffer.from(s, 'hex'))));
  check(`${what}: the waiting device shows no tile in hand, no seed`,
    !(await waiting.$('[data-testid=hand][data-tile]')) && !(await waiting.$('[data-testid=seed-shown]')));
  const doc = JSON.parse(await stored(waiting));
  const r = doc.games[0].record;
  check(`${what}: the device stores the link and its own secret, no seed, no deck`,
    doc.version === 7 && typeof r.fair === 'string' && r.secrets.filter((s) => s).length === own
      && !r.cgn && !r.link, JSON.stringify(r).slice(0, 200));
  const rec = await record(waiting);
  check(`${what}: its record holds a [Fair] tag, no seed, no deck`,
    rec.includes('[Fair "') && !rec.includes('[Deck') && !rec.includes('[Seed'), rec.slice(0, 300));
}

// Each device's awaited seat (the prompt's player while it waits).
const awaitedSeat = async (page) => Number(await page.getAttribute('[data-testid=prompt]', 'data-player'));

test('a fair game on three devices by links: invitations per device, signed moves, nothing to come readable', async ({ origin, open }) => {
  test.setTimeout(240000);
  const started = Date.now();
  const a = await open({ noStun: true });
  await byLinksOnly(a.context);
  await newGameForm(a.page, `${origin}/`);
  const names = ['Ann', 'Bob', 'Cat'];
  await classicForm(a.page, { players: 3, names, tiles: 6, expansions: false });
  await a.page.selectOption('[data-testid=kind-1]', 'friend');
  await a.page.selectOption('[data-testid=kind-2]', 'friend');
  check('a seat on a friend\'s device asks which friend\'s, Friend 1 first',
    (await a.page.inputValue('[data-testid=friend-2]')) === '1');
  await a.page.selectOption('[data-testid=friend-2]', '2');
  await axeAudit(a.page, 'the form with friends\' devices (English)', check);
  {
    // The same part of the form in Polish (another device's page).
    const p = await open({ noStun: true });
    await newGameForm(p.page, `${origin}/?lang=pl`);
    await p.page.click('[data-testid=add-seat]');
    await p.page.selectOption('[data-testid=kind-1]', 'friend');
    await p.page.selectOption('[data-testid=kind-2]', 'friend');
    await p.page.waitForFunction(() => document.documentElement.lang === 'pl', null, { timeout: TIMEOUT });
    const option = await p.page.textContent('[data-testid=friend-2] option[value="2"]');
    check('the friends\' devices are named in Polish', option.includes('urządzenie 2'), option);
    await axeAudit(p.page, 'the form with friends\' devices (Polish)', check);
    // Every seat on friends' devices: this device plays none, which a
    // game on several devices needs; the form says so.
    await p.page.selectOption('[data-testid=kind-0]', 'friend');
    await p.page.selectOption('[data-testid=friend-2]', '2');
    const errors = await refusedStart(p.page);
    check('a game on several friends\' devices with no seat here does not start, saying why (Polish)',
      errors.includes('co najmniej jednego miejsca') && !(await p.page.$(play)), errors);
    await p.context.close();
  }
  await startGame(a.page);
  await a.page.waitForSelector('[data-testid=star-invitations]', { timeout: TIMEOUT });
  check('Ann waits for the answers, saying so', (await decision(a.page)) === 'waiting'
    && (await a.page.textContent('[data-testid=prompt]')).includes('invitation'));
  const label = (d) => a.page.textContent(`[data-testid=star-invitation-${d}]`);
  check('one invitation per guest device, labelled with its seats',
    (await label(1)).includes('Bob') && !(await label(1)).includes('Cat')
      && (await label(2)).includes('Cat') && !(await label(2)).includes('Bob'));
  await axeAudit(a.page, 'Ann\'s invitations (English)', check);
  await a.page.screenshot({ path: path.join(ARTIFACTS, 'star-invitations.png') });
  const toBob = await a.page.inputValue('[data-testid=star-link-1]');
  const toCat = await a.page.inputValue('[data-testid=star-link-2]');
  check('Copy link gives the first invitation whose answer is not in', (await copyLink(a.page)) === toBob);
  const annSecret = await secretOf(a.page);
  await nothingToCome(toBob, a.page, 'Bob\'s invitation', [annSecret]);
  check('each invitation is its device\'s', toBob !== toCat && payload(toBob)[1] === 1 && payload(toCat)[1] === 2);

  // Bob (in German) and Cat join and answer.
  const b = await open({ noStun: true });
  await byLinksOnly(b.context);
  await goTo(b.page, toBob.replace('?seats=', '?lang=de&seats='));
  await b.page.waitForSelector('[data-testid=copy-link]:not([disabled])', { timeout: TIMEOUT });
  // (The German words come with their file.)
  await b.page.waitForFunction(() => document.querySelector('[data-testid=prompt]').textContent.includes('Warten'),
    null, { timeout: TIMEOUT }).catch(() => {});
  const bobWords = await b.page.textContent('[data-testid=prompt]');
  check('Bob waits for Ann\'s link, saying whose, in German', (await decision(b.page)) === 'waiting'
    && bobWords.includes('Warten auf den Link von Ann'), bobWords);
  await axeAudit(b.page, 'Bob\'s waiting screen (German)', check);
  const c = await open({ noStun: true });
  await byLinksOnly(c.context);
  await goTo(c.page, toCat);
  await c.page.waitForSelector('[data-testid=copy-link]:not([disabled])', { timeout: TIMEOUT });
  const secrets = [annSecret, await secretOf(b.page), await secretOf(c.page)];
  check('each device keeps its own secret', secrets.every((s) => /^[0-9a-f]{64}$/.test(s)) && new Set(secrets).size === 3);
  const fromBob = await copyLink(b.page);
  const fromCat = await copyLink(c.page);
  await nothingToCome(fromBob, b.page, 'Bob\'s answer', secrets);
  await receive(a.page, fromBob);
  await a.page.waitForSelector('[data-testid=star-answered-1]', { timeout: TIMEOUT });
  const toCatNow = await a.page.inputValue('[data-testid=star-link-2]');
  check('Ann\'s screen marks Bob\'s answer in, and Copy link gives Cat\'s invitation',
    (await copyLink(a.page)) === toCatNow && payload(toCatNow)[1] === 2);
  await receive(a.page, fromCat);
  await a.page.waitForSelector('[data-testid=star-invitations]', { state: 'detached', timeout: TIMEOUT });

  // Ann's link holding every commitment and key starts the game everywhere.
  const begin = await copyLink(a.page);
  await nothingToCome(begin, a.page, 'the start', secrets);
  await receive(b.page, begin);
  await receive(c.page, begin);

  const devices = [a, b, c];
  let links = 0;
  let forged = false;
  let reloaded = false;
  for (let n = 0; n < 200; n++) {
    const ds = await Promise.all(devices.map((x) => decision(x.page)));
    if (ds.every((d) => d === 'over')) break;
    let from = ds.findIndex((d) => d !== 'waiting' && d !== 'over');
    const moves = from >= 0;
    if (moves) {
      await playOn(devices[from].page, links);
    } else {
      // Every device waits: the others wait for the seat to move; its
      // device waits for the link of the device named.
      const seats = await Promise.all(devices.map((x) => awaitedSeat(x.page)));
      const mover = [0, 1, 2].find((m) => seats.every((s, j) => j === m || s === m));
      check(`link ${links + 1}: whose link is awaited is said`, mover !== undefined, JSON.stringify(seats));
      from = seats[mover];
    }
    const sender = devices[from];
    await sender.page.waitForSelector('[data-testid=copy-link]:not([disabled])', { timeout: TIMEOUT });
    const link = await copyLink(sender.page);
    links++;
    const over = (await decision(sender.page)) === 'over';
    if (!over) {
      await nothingToCome(link, sender.page, `link ${links} (${names[from]}'s)`, secrets);
      const said = await sender.page.textContent('[data-testid=prompt]');
      const others = names.filter((_, k) => k !== from);
      check(`link ${links}: ${names[from]}'s screen says to send it to each of the others`,
        others.every((o) => said.includes(o)), said);
    }
    if (!forged && from === 1 && moves) {
      // Bob's move relayed with his signature damaged: Cat refuses it.
      const bytes = Buffer.from(payload(link));
      const at = signatureAt(bytes, 1);
      bytes[at + 7] ^= 0x10;
      const before = await stored(c.page);
      const turn = await c.page.getAttribute(play, 'data-turn');
      await openLink(c.page, reseal(link, bytes));
      await c.page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT });
      const said = await notices(c.page);
      check('a relayed move its device did not sign is refused, saying so',
        said.some((m) => m.includes('Bob') && m.includes('device signed')), JSON.stringify(said));
      check('and nothing saved changes, the game stays where it was',
        (await stored(c.page)) === before && (await c.page.getAttribute(play, 'data-turn')) === turn);
      while (await c.page.$('[data-testid=notice] button')) await c.page.click('[data-testid=notice] button');
      forged = true;
    }
    for (const [k, x] of devices.entries()) {
      if (k !== from) await receive(x.page, link);
    }
    if (forged && !reloaded && !over) {
      // Cat's device reloads: the game resumes where it was.
      const turn = await c.page.getAttribute(play, 'data-turn');
      const was = await decision(c.page);
      await c.page.reload({ waitUntil: 'load' });
      await c.page.waitForSelector(play, { timeout: TIMEOUT });
      await c.page.waitForSelector('[data-testid=copy-link]:not([disabled])', { timeout: TIMEOUT });
      check('Cat\'s device, reloaded, resumes the game where it was',
        (await c.page.getAttribute(play, 'data-turn')) === turn && (await decision(c.page)) === was);
      reloaded = true;
    }
  }
  for (const x of devices) await closeResult(x.page);
  check('the game ended on every device', (await Promise.all(devices.map((x) => decision(x.page)))).every((d) => d === 'over'));
  check('the forgery and the reload were tried', forged && reloaded);
  const recs = await Promise.all(devices.map((x) => record(x.page)));
  const movesOf = (r) => r.split('\n').filter((l) => /^\d+\./.test(l)).join('\n');
  check('the three devices end with the same game', recs.every((r) => movesOf(r) === movesOf(recs[0]) && movesOf(r).length > 0));
  check('the record at the end holds the whole deal ([Deck]), no [Fair]', recs[0].includes('[Deck "') && !recs[0].includes('[Fair'));
  fs.writeFileSync(path.join(ARTIFACTS, 'star-end.cgn'), recs[0]);
  check(`the game took ${links} links and ${Math.round((Date.now() - started) / 1000)} s`, links > 4);
});

// Links from device to device to the game's end, each device's link
// opened by every other (`deviceOf`: each seat's device, an index into
// `devices`); the number of links.
async function toTheEnd(devices, deviceOf, names, secrets) {
  let links = 0;
  for (let n = 0; n < 300; n++) {
    const ds = await Promise.all(devices.map((x) => decision(x.page)));
    if (ds.every((d) => d === 'over')) break;
    let from = ds.findIndex((d) => d !== 'waiting' && d !== 'over');
    if (from >= 0) {
      await playOn(devices[from].page, links);
    } else {
      // The seat to move is awaited by every other device; its device
      // waits for the seat named.
      const seats = await Promise.all(devices.map((x) => awaitedSeat(x.page)));
      const mover = deviceOf.findIndex((dm, m) => seats.every((s, j) => j === dm || s === m));
      check(`link ${links + 1}: whose link is awaited is said`, mover >= 0, JSON.stringify(seats));
      from = deviceOf[seats[deviceOf[mover]]];
    }
    const sender = devices[from];
    await sender.page.waitForSelector('[data-testid=copy-link]:not([disabled])', { timeout: TIMEOUT });
    const link = await copyLink(sender.page);
    links++;
    const own = deviceOf.filter((d) => d === from).length;
    if ((await decision(sender.page)) !== 'over') {
      await nothingToCome(link, sender.page, `link ${links}`, secrets, own);
      const said = await sender.page.textContent('[data-testid=prompt]');
      const others = names.filter((_, k) => deviceOf[k] !== from);
      check(`link ${links}: the screen says to send it to each of the other devices' players`,
        others.every((o) => said.includes(o)) && names.filter((_, k) => deviceOf[k] === from).every((o) => !said.includes(`${o},`)),
        said);
    }
    for (const [k, x] of devices.entries()) {
      if (k !== from) await receive(x.page, link);
    }
  }
  for (const x of devices) await closeResult(x.page);
  return links;
}

test('three devices, two seats on one friend\'s device: its invitation names both, the game goes to its end', async ({ origin, open }) => {
  test.setTimeout(240000);
  const started = Date.now();
  const a = await open({ noStun: true });
  await byLinksOnly(a.context);
  await newGameForm(a.page, `${origin}/`);
  const names = ['Ann', 'Bob', 'Cat', 'Dan'];
  await classicForm(a.page, { players: 4, names, tiles: 5, expansions: false });
  // Bob and Dan on Friend 3's device, Cat on Friend 1's: Bob's device is
  // the first guest (its first seat comes first).
  await friendSeats(a.page, [0, 3, 1, 3]);
  await startGame(a.page);
  await a.page.waitForSelector('[data-testid=star-invitations]', { timeout: TIMEOUT });
  const label = (d) => a.page.textContent(`[data-testid=star-invitation-${d}]`);
  check('the invitation of the device with two seats names both players',
    (await label(1)).includes('Bob, Dan') && (await label(2)).includes('Cat') && !(await label(2)).includes('Bob'));
  const invitations = [1, 2].map((d) => a.page.inputValue(`[data-testid=star-link-${d}]`));
  const [toBob, toCat] = await Promise.all(invitations);
  const b = await open({ noStun: true });
  await byLinksOnly(b.context);
  await goTo(b.page, toBob);
  const c = await open({ noStun: true });
  await byLinksOnly(c.context);
  await goTo(c.page, toCat);
  for (const x of [b, c]) await x.page.waitForSelector('[data-testid=copy-link]:not([disabled])', { timeout: TIMEOUT });
  const bobSecrets = JSON.parse(await stored(b.page)).games[0].record.secrets;
  check('the guest with two seats keeps a secret for each, none for the others',
    bobSecrets.map((x) => !!x).join() === 'false,true,false,true', JSON.stringify(bobSecrets));
  const secrets = [await secretOf(a.page), bobSecrets[1], bobSecrets[3], await secretOf(c.page)];
  await receive(a.page, await copyLink(b.page));
  await receive(a.page, await copyLink(c.page));
  await a.page.waitForSelector('[data-testid=star-invitations]', { state: 'detached', timeout: TIMEOUT });
  const begin = await copyLink(a.page);
  await receive(b.page, begin);
  await receive(c.page, begin);
  const devices = [a, b, c];
  const links = await toTheEnd(devices, [0, 1, 2, 1], names, secrets);
  check('the game ended on every device', (await Promise.all(devices.map((x) => decision(x.page)))).every((d) => d === 'over'));
  const recs = await Promise.all(devices.map((x) => record(x.page)));
  const movesOf = (r) => r.split('\n').filter((l) => /^\d+\./.test(l)).join('\n');
  check('the three devices end with the same game, its record the whole deal',
    recs.every((r) => movesOf(r) === movesOf(recs[0]) && movesOf(r).length > 0) && recs[0].includes('[Deck "'));
  check(`the game took ${links} links and ${Math.round((Date.now() - started) / 1000)} s`, links > 4);
});
