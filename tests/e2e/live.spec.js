// Live play between two browsers (issue 37, docs/live-play.md), in the
// built site (dist/), in headless Chromium launched with loopback
// candidates allowed and real host addresses (no mDNS names), the STUN
// setting off (nothing outside the machine is contacted). Ann (one
// context) starts The City with Bob's seat "On a friend's device"; her
// invitation is one short link holding the game and her offer
// (`formats::handshake`), shown with its QR code (the very path the native
// encoder draws for that link, `city qr`, which its tests read back with a
// QR reader), Bob (a second context) opens it, his answer is one short
// link too, Ann opens it: the data
// channel opens and from then on no link is copied: each device's moves
// appear on the other's screen by themselves (every link still read and
// judged by the receiving device). Then the channel is closed from Ann's
// page: both screens say so; Ann plays on, sends her move by a link with a
// new invitation to reconnect; Bob opens it and the devices reconnect (by
// the offer alone, or Bob's answer) and the game goes on live, both
// devices holding the same game. Fails on any console error.
//
// The lifecycle (issue 37): whole games live by clicks, one of The City
// and one of classic (each device plays its own seat, to the end, the
// two records the same); the connection cut mid-turn and resumed by the
// short reconnect links (no game in them) started from the other side; a
// device reloads and rejoins (its certificate kept: recognised); the
// answer opened in a new tab of the host's browser, handed to the tab
// holding the offer (no second save); the host reloading before the
// answer comes (its kept certificate: the answer still fits); no tab
// holding the offer (German);
// the guest's answer not opened in time.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  test, check, PLAY: play, clickDecision, newGameForm, cityForm, classicForm, version, moved,
  copyLink: shareLink, startGame, axeAudit, notices, CHROMIUM, CHROMIUM_ARGS,
  playOn,
} = require('./fixtures.js');
const { watchPage, city, recordChannels, refusedStart, forgetCertificate } = require('./common.js');
const { startStun } = require('./stun.js');

test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
  },
});

const TIMEOUT = 20000;


// A typical host name (20 characters): the length of a link on it.
const HOST = 'https://carcassonne.example/';

// The handshake's first byte: 0x20 an invitation, 0x21 an answer.
const kind = (link) => Buffer.from(fragment(link), 'base64url')[0];

// The share popover's QR code of `link`: the very drawing the native
// encoder makes (`city qr`), black on white, its quiet zone, at least 4
// pixels a module here and on a 360-pixel-wide phone; enlarged and back.
async function qrOf(page, link, what) {
  await page.click('[data-testid=copy-link]');
  await page.waitForSelector('[data-testid=qr-svg]', { timeout: TIMEOUT });
  check(`${what}: the popover's link is the one copied`, (await page.inputValue('[data-testid=share-link]')) === link);
  const drawn = await page.$eval('[data-testid=qr-svg]', (svg) => ({
    viewBox: svg.getAttribute('viewBox'),
    d: svg.querySelector('path').getAttribute('d'),
    fill: svg.querySelector('path').getAttribute('fill'),
    ground: svg.querySelector('rect').getAttribute('fill'),
    label: svg.getAttribute('aria-label'),
    role: svg.getAttribute('role'),
    modules: Number(svg.dataset.modules),
    width: svg.getBoundingClientRect().width,
  }));
  const native = city(['qr', link]);
  const want = { viewBox: /viewBox="([^"]+)"/.exec(native)[1], d: /d="([^"]+)"/.exec(native)[1] };
  check(`${what}: its QR code is the native encoder's for the exact link`,
    drawn.viewBox === want.viewBox && drawn.d === want.d, `${drawn.viewBox} ${drawn.d.slice(0, 60)}`);
  check(`${what}: black on white, with a text alternative`,
    drawn.fill === '#000000' && drawn.ground === '#ffffff' && drawn.role === 'img' && drawn.label.length > 5);
  const phone = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  const small = await page.$eval('[data-testid=qr-svg]', (svg) => svg.getBoundingClientRect().width);
  check(`${what}: at least 4 pixels a module on a 360-pixel screen (${(small / drawn.modules).toFixed(1)})`,
    small / drawn.modules >= 4, `${small} px for ${drawn.modules} modules`);
  await page.click('[data-testid=qr-enlarge]');
  const large = await page.$eval('[data-testid=qr-svg]', (svg) => svg.getBoundingClientRect().width);
  check(`${what}: the code enlarges (${small.toFixed(0)} → ${large.toFixed(0)} pixels)`, large > small * 1.05);
  await page.keyboard.press('Escape');
  check(`${what}: Esc makes it small again`, !(await page.$('.qr-large')) && !!(await page.$('[data-testid=qr-svg]')));
  await page.setViewportSize(phone);
  console.log(`${what}: QR version ${await page.getAttribute('[data-testid=qr-svg]', 'data-version')}, ${drawn.modules} modules with the quiet zone; ${(small / drawn.modules).toFixed(1)} px a module at 360 px`);
  await page.click('[data-testid=share-close]');
}
const decision = (page) => page.getAttribute(play, 'data-decision');
const turn = (page) => page.getAttribute(play, 'data-turn');
const copyLink = (page) => shareLink(page, { close: true });
const fragment = (link) => link.slice(link.lastIndexOf('#') + 1);
const liveState = (page, state) => page.waitForSelector(`[data-testid=live][data-state=${state}]`, { timeout: TIMEOUT });

async function openLink(page, link) {
  await page.evaluate((h) => { window.location.hash = h; }, fragment(link));
}

// The other device's move arrives by itself: it stops waiting, at the
// sender's turn.
async function arrives(sender, receiver, what, before) {
  await receiver.waitForFunction(
    (sel) => { const d = document.querySelector(sel)?.dataset.decision; return d && d !== 'waiting'; },
    play, { timeout: TIMEOUT },
  );
  check(`${what}: the move appears on the other screen by itself`, (await turn(sender)) === (await turn(receiver)));
  // The text view's live region announces the other device's move (what
  // its chronicle got: in a wall round, maybe a score).
  // (The move has arrived: its words follow within the same render, so a
  // short wait; a wall round's decision may add no line and waits it out.)
  await receiver.waitForFunction(
    (b) => { const t = document.querySelector('[data-testid=announcer]')?.textContent.trim(); return t && t !== b; },
    before, { timeout: 3000 },
  ).catch(() => {});
  const said = (await receiver.textContent('[data-testid=announcer]')).trim();
  // (A wall round's decisions may add no line of their own: then the last
  // one said stays.)
  check(`${what}: the other screen's live region speaks (${said.slice(0, 60)})`, said !== '', said);
}

// `n` exchanges live: the device whose decision it is plays, the other
// receives by itself.
async function live(a, b, n, what) {
  for (let i = 0; i < n; i++) {
    const [sender, receiver] = (await decision(a)) === 'waiting' ? [b, a] : [a, b];
    if ((await decision(sender)) === 'over') return;
    const before = (await receiver.textContent('[data-testid=announcer]')).trim();
    await playOn(sender, i, { close: false });
    if ((await decision(sender)) === 'over') {
      // The last link goes too: the other device ends the game by itself.
      await receiver.waitForFunction((sel) => document.querySelector(sel)?.dataset.decision === 'over',
        play, { timeout: TIMEOUT });
      check(`${what}: the end reaches the other device by itself`, (await turn(sender)) === (await turn(receiver)));
      return;
    }
    await arrives(sender, receiver, `${what} ${i + 1}`, before);
  }
}

test('live play: the invitation and the answer connect two devices; moves go by themselves; a cut connection reconnects', async ({ origin, open }) => {
  test.setTimeout(90000);
  const started = Date.now();
  const a = await open({ noStun: true });
  await recordChannels(a.context, 'Ann');
  await newGameForm(a.page, `${origin}/`);
  await cityForm(a.page, { names: ['Ann', 'Bob'], start: false });
  await a.page.selectOption('[data-testid=kind-1]', 'friend');
  // The STUN setting is named beside the fair note (off in the tests).
  check('the STUN setting is shown, off here, naming the default', (await a.page.inputValue('[data-testid=stun]')) === ''
    && (await a.page.getAttribute('[data-testid=stun]', 'placeholder')) === 'stun:stun.l.google.com:19302');
  // Both seats on the friend's device: Ann's would only watch; refused,
  // saying why, as for three to five devices.
  await a.page.selectOption('[data-testid=kind-0]', 'friend');
  const refused = await refusedStart(a.page);
  check('every seat on the friend\'s device: not started, saying why',
    refused.includes('at least one seat played on this device') && !(await a.page.$(play)), refused);
  await a.page.selectOption('[data-testid=kind-0]', 'human');
  await startGame(a.page);
  await liveState(a.page, 'offering');
  const invitation = await copyLink(a.page);
  check('the invitation is one short link: the game and the offer in one sealed payload',
    !fragment(invitation).includes('~') && !invitation.includes('?seats=') && kind(invitation) === 0x20, invitation);
  console.log(`invitation: ${fragment(invitation).length} characters; whole URL ${invitation.length} here, ${HOST.length + 1 + fragment(invitation).length} on ${HOST}`);
  check('the invitation stands for a fair game\'s: `city unshare` prints its record, no deal',
    /\[Fair "/.test(city(['unshare', invitation])) && !city(['unshare', invitation]).includes('[Deck'));
  await qrOf(a.page, invitation, 'the invitation');
  await a.page.click('[data-testid=copy-link]');
  await a.page.waitForSelector('[data-testid=qr-svg]');
  await axeAudit(a.page, 'the invitation with its QR code (English)', check);
  await a.page.click('[data-testid=share-close]');

  const b = await open({ noStun: true });
  await recordChannels(b.context, 'Bob');
  await b.page.goto(invitation, { waitUntil: 'load', timeout: 30000 });
  await b.page.waitForSelector(play, { timeout: TIMEOUT });
  await liveState(b.page, 'answering');
  const answer = await copyLink(b.page);
  check('the answer is one short link: the commitment, the reveal and the answer',
    !fragment(answer).includes('~') && kind(answer) === 0x21, answer);
  console.log(`answer: ${fragment(answer).length} characters; whole URL ${answer.length} here, ${HOST.length + 1 + fragment(answer).length} on ${HOST}`);
  await qrOf(b.page, answer, 'the answer');
  await openLink(a.page, answer);
  await liveState(a.page, 'open');
  await liveState(b.page, 'open');
  check('both screens say the devices are connected live', true);
  await axeAudit(a.page, 'the live line (English)', check);

  // Live: no more copying.
  await live(a.page, b.page, 4, 'live move');
  const announced = await b.page.textContent('[data-testid=announcer]');
  console.log(`Bob's announcer after a live move: ${announced}`);

  // The channel cut from Ann's page: both screens say so.
  await a.page.evaluate(() => window.__channels.forEach((c) => c.close()));
  await liveState(a.page, 'closed');
  await liveState(b.page, 'closed');
  check('a cut connection is said on both screens, with a way to reconnect',
    !!(await a.page.$('[data-testid=live-reconnect]')) && !!(await b.page.$('[data-testid=live-reconnect]')));

  // The game goes on: whoever's decision it is plays, sends a link with a
  // new invitation to reconnect; the other opens it, plays if its turn,
  // and answers by its link; then live again.
  const [first, second] = (await decision(a.page)) === 'waiting' ? [b.page, a.page] : [a.page, b.page];
  await playOn(first, 0, { close: false });
  await first.click('[data-testid=live-reconnect]');
  await liveState(first, 'offering');
  const again = await copyLink(first);
  check('the reconnecting link carries its move and a new offer', fragment(again).includes('~'));
  console.log(`reconnecting link: ${fragment(again).length} characters`);
  await openLink(second, again);
  await second.waitForFunction(
    (sel) => { const d = document.querySelector(sel)?.dataset.decision; return d && d !== 'waiting'; },
    play, { timeout: TIMEOUT },
  );
  check('the move sent by link while cut arrives', (await turn(first)) === (await turn(second)));
  // (The devices know each other: on one network the offer alone
  // reconnects; else the answer goes back by the next link.)
  await liveStates(second, ['answering', 'open']);
  await playOn(second, 0, { close: false });
  if ((await second.getAttribute('[data-testid=live]', 'data-state')) !== 'open') {
    const back = await copyLink(second);
    await openLink(first, back);
  }
  await liveState(first, 'open');
  await liveState(second, 'open');
  await first.waitForFunction((sel) => { const d = document.querySelector(sel)?.dataset.decision; return d && d !== 'waiting'; },
    play, { timeout: TIMEOUT });
  check('the devices reconnect live', (await turn(first)) === (await turn(second)));
  await live(a.page, b.page, 4, 'after reconnecting');

  // Both devices hold the same game, saved.
  const saved = async (page) => JSON.parse(await page.evaluate(() => localStorage.getItem('the-city/saves'))).games[0].record.fair;
  check('both devices saved the game as it went', (await turn(a.page)) === (await turn(b.page))
    && typeof (await saved(a.page)) === 'string' && typeof (await saved(b.page)) === 'string');
  console.log(`live test: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test('live play: when no connection forms, the screen says so and the game goes on by links', async ({ origin, open }) => {
  test.setTimeout(60000);
  const a = await open({ noStun: true });
  await recordChannels(a.context, 'Ann');
  await newGameForm(a.page, `${origin}/?lang=de`);
  await cityForm(a.page, { names: ['Ann', 'Bob'], start: false });
  await a.page.selectOption('[data-testid=kind-1]', 'friend');
  // The STUN setting is kept as the player writes it; empty, none.
  const stunStored = () => a.page.evaluate(() => localStorage.getItem('the-city/stun'));
  await a.page.fill('[data-testid=stun]', 'stun:stun.example.org:3478');
  await a.page.press('[data-testid=stun]', 'Tab');
  check('the STUN setting changes', (await stunStored()) === 'stun:stun.example.org:3478');
  await a.page.fill('[data-testid=stun]', '');
  await a.page.press('[data-testid=stun]', 'Tab');
  check('the STUN setting turned off', (await stunStored()) === '');
  await axeAudit(a.page, 'the new-game form with the STUN setting (German)', check);
  await startGame(a.page);
  await liveState(a.page, 'offering');
  const invitation = await copyLink(a.page);
  await a.page.click('[data-testid=copy-link]');
  await a.page.waitForSelector('[data-testid=qr-svg]', { timeout: TIMEOUT });
  check('the invitation\'s QR code says what it is in German',
    (await a.page.getAttribute('[data-testid=qr-svg]', 'aria-label')) === 'QR-Code dieses Links');
  await axeAudit(a.page, 'the invitation with its QR code (German)', check);
  await a.page.click('[data-testid=share-close]');
  const b = await open({ noStun: true });
  await recordChannels(b.context, 'Bob');
  await b.page.goto(invitation, { waitUntil: 'load', timeout: 30000 });
  await b.page.waitForSelector(play, { timeout: TIMEOUT });
  await liveState(b.page, 'answering');
  const answer = await copyLink(b.page);
  // The answer opened in a browser that made no invitation: nothing opens,
  // nothing is saved, and the screen says where it opens.
  {
    const c = await open({ noStun: true });
    await c.page.goto(answer, { waitUntil: 'load', timeout: 30000 });
    await c.page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT });
    const said = (await notices(c.page)).join(' ');
    check('an answer opened where no invitation was made: said, nothing opened or saved',
      said.includes('open it where the invitation was made') && !(await c.page.$(play))
        && (await c.page.evaluate(() => localStorage.getItem('the-city/saves'))) === null, said);
  }
  // Bob's device goes away before Ann opens his answer.
  await b.page.evaluate(() => window.__peers.forEach((p) => p.close()));
  await openLink(a.page, answer);
  await liveState(a.page, 'failed');
  const words = await a.page.textContent('[data-testid=live]');
  check('no connection: the screen says so (German), the game goes on by links', words.includes('Links'), words);
  await axeAudit(a.page, 'no live connection (German)', check);
  // By links: Ann plays, her link reaches Bob.
  await playOn(a.page, 0, { close: false });
  const link = await copyLink(a.page);
  check('the link carries no signal once live play failed', !fragment(link).includes('~'));
  await openLink(b.page, link);
  await b.page.waitForFunction(
    (sel) => { const d = document.querySelector(sel)?.dataset.decision; return d && d !== 'waiting'; },
    play, { timeout: TIMEOUT },
  );
  check('the game goes on by links', (await turn(a.page)) === (await turn(b.page)));
});

// With a STUN server (the test's, telling each device a public address
// of its choosing, tests/e2e/stun.js), as across the internet. On one
// network (both told the same public address) the invitation leaves out
// Ann's host address and the answer keeps Bob's: Ann's checks reach Bob,
// they connect. On two networks (each told its own) the answer leaves out
// its host address too: here nothing answers at those public addresses
// (no NAT on this machine carries them), so no connection forms, and the
// short reconnect, which keeps its host address (it may connect alone),
// connects them. Each signal's candidates are read where the browser is
// handed them.
test('live with a STUN server: each signal leaves out the host address the other side does without, and still connects', async ({ origin, open }) => {
  test.setTimeout(120000);
  const stun = await startStun(['203.0.113.7', '198.51.100.9']);
  const candidates = async (page) => (await page.evaluate(() => window.__remote.at(-1) || ''))
    .split(/\r?\n/).filter((l) => l.startsWith('a=candidate:')).map((l) => l.split(' ').slice(4, 8).join(' '));
  const kinds = (cs) => cs.map((c) => c.split(' ').at(-1)).sort().join(',');
  const device = async (name, url) => {
    const d = await open({ noStun: true });
    await recordChannels(d.context, name);
    await d.context.addInitScript((u) => localStorage.setItem('the-city/stun', u), url);
    return d;
  };
  try {
    // One network.
    const a = await device('Ann', stun.urls[0]);
    const b = await device('Bob', stun.urls[0]);
    const one = await inviteBetween(origin, a, b, cityWithBob);
    const offered = await candidates(b.page);
    check('one network: the invitation carries Ann\'s public address, not her host one',
      kinds(offered) === 'srflx' && offered[0].startsWith('203.0.113.7 '), offered.join(' | '));
    await openLink(a.page, one.answer);
    const answered = await candidates(a.page);
    check('one network: the answer keeps Bob\'s host address beside the same public one',
      kinds(answered) === 'host,srflx' && answered.some((c) => c.startsWith('203.0.113.7 ')), answered.join(' | '));
    await liveState(a.page, 'open');
    await liveState(b.page, 'open');
    check('one network: they connect (Ann\'s checks reach Bob\'s host address)', true);
    await live(a.page, b.page, 2, 'one network');
    check('the test\'s STUN server was asked', stun.requests() > 0, `${stun.requests()}`);
    const on = (link) => HOST.length + 1 + fragment(link).length;
    console.log(`with a STUN address: invitation ${fragment(one.invitation).length} characters (${on(one.invitation)} on ${HOST}), answer ${fragment(one.answer).length} (${on(one.answer)})`);

    // Two networks.
    const c = await device('Cat', stun.urls[0]);
    const d = await device('Dan', stun.urls[1]);
    const two = await inviteBetween(origin, c, d, cityWithBob);
    await openLink(c.page, two.answer);
    const apart = await candidates(c.page);
    check('two networks: the answer carries Dan\'s public address only',
      kinds(apart) === 'srflx' && apart[0].startsWith('198.51.100.9 '), apart.join(' | '));
    console.log(`two networks: answer ${fragment(two.answer).length} characters (${on(two.answer)} on ${HOST})`);
    await liveState(c.page, 'failed');
    check('two networks, no NAT here to carry them: no connection, said, with a way to reconnect',
      !!(await c.page.$('[data-testid=live-reconnect]')));
    await c.page.click('[data-testid=live-reconnect]');
    await liveState(c.page, 'offering');
    const again = await shortLink(c.page);
    const handed = await d.page.evaluate(() => window.__remote.length);
    await openLink(d.page, again);
    // (Dan still shows "answering" the invitation: wait for the new offer.)
    await d.page.waitForFunction((n) => window.__remote.length > n, handed, { timeout: TIMEOUT });
    await liveStates(d.page, ['answering', 'open']);
    const kept = await candidates(d.page);
    check('the short reconnect keeps Cat\'s host address (it may connect alone)',
      kinds(kept) === 'host,srflx', kept.join(' | '));
    const back = await shownLink(d.page);
    const alone = await c.page.waitForSelector('[data-testid=live][data-state=open]', { timeout: 10000 })
      .then(() => true, () => false);
    if (!alone) await openLink(c.page, back);
    await liveState(c.page, 'open');
    await liveState(d.page, 'open');
    console.log(`two networks: the short reconnect connected ${alone ? 'by the offer alone' : 'with the answer'}`);
    await live(c.page, d.page, 2, 'two networks, reconnected');
  } finally {
    stun.close();
  }
});

// ------------------------------------------------------------ the lifecycle

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('the-city/saves') || '{"games":[]}'));
// The short link the live line shows now, or null: read once, not
// waited for (the offer alone may connect, and the link go, meanwhile).
const shownLink = (page) => page.$eval('[data-testid=live-link]', (el) => el.value).catch(() => null);

// The short link the live line shows, waited for. (When it does not come,
// the live line is told: which state it shows.)
async function shortLink(page) {
  try {
    return await page.inputValue('[data-testid=live-link]', { timeout: TIMEOUT });
  } catch (e) {
    const line = await page.$eval('[data-testid=live]', (el) => el.outerHTML).catch(() => 'no live line');
    throw new Error(`${e.message}\nthe live line: ${line}`);
  }
}

// The record of the game in play, as "Save record" downloads it: its moves.
async function moves(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: TIMEOUT }),
    page.click('[data-testid=export]'),
  ]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  return { text, moves: text.split('\n').filter((l) => /^\d+\./.test(l)).join('\n') };
}

const liveStates = (page, states) => page.waitForFunction(
  (ss) => ss.includes(document.querySelector('[data-testid=live]')?.dataset.state), states, { timeout: TIMEOUT },
);

// `offerer` made a short offer to a device it recognises, which opened it
// and shows its `answer`: on one network they connect by the offer alone
// (the answer presumed from the fingerprint); else the answer goes back.
async function reconnected(offerer, answerer, answer, what) {
  const alone = await offerer.waitForSelector('[data-testid=live][data-state=open]', { timeout: 10000 })
    .then(() => true, () => false);
  check(`${what}: the offer alone reconnects (one network: the recognised device's answer presumed)`, alone);
  if (!alone) await openLink(offerer, answer);
  await liveState(offerer, 'open');
  await liveState(answerer, 'open');
}

// Ann starts a game with Bob's seat on a friend's device (`form` fills
// the rest); Bob opens the invitation; Ann's answer page is returned
// unopened with Bob's answer.
// `url` with `param` (`k=v`) added to its query, before its fragment.
function withQuery(url, param) {
  const hash = url.indexOf('#');
  const [base, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${param}${fragment}`;
}

// The form of a City game of Ann's with Bob's seat on a friend's device.
async function cityWithBob(page) {
  await cityForm(page, { names: ['Ann', 'Bob'], start: false });
  await page.selectOption('[data-testid=kind-1]', 'friend');
}

async function invite(origin, open, form) {
  const a = await open({ noStun: true });
  await recordChannels(a.context, 'Ann');
  const b = await open({ noStun: true });
  await recordChannels(b.context, 'Bob');
  const { answer } = await inviteBetween(origin, a, b, form);
  return { a, b, answer };
}

// Ann's device `host` starts a game (`form` fills the form) with a seat on
// `guest`'s device, which opens the invitation: both links.
async function inviteBetween(origin, host, guest, form) {
  await newGameForm(host.page, `${origin}/`);
  await form(host.page);
  await startGame(host.page);
  await liveState(host.page, 'offering');
  const invitation = await copyLink(host.page);
  await guest.page.goto(invitation, { waitUntil: 'load', timeout: 30000 });
  await guest.page.waitForSelector(play, { timeout: TIMEOUT });
  await liveState(guest.page, 'answering');
  return { invitation, answer: await copyLink(guest.page) };
}

// Live to the game's end: the device whose decision it is plays, the
// other receives by itself; the number of exchanges.
async function liveToTheEnd(a, b, what) {
  let n = 0;
  while ((await decision(a)) !== 'over' || (await decision(b)) !== 'over') {
    await live(a, b, 1, `${what} ${++n}`);
    if (n > 200) throw new Error('no end');
  }
  return n;
}

// Both devices end with the same game: the same moves, every one once.
async function sameGame(a, b, what) {
  const ra = await moves(a);
  const rb = await moves(b);
  check(`${what}: both devices hold the same game, no move lost or repeated`,
    ra.moves === rb.moves && ra.moves.length > 0, `${ra.moves}\n---\n${rb.moves}`);
  check(`${what}: the record at the end holds the whole deal`, ra.text.includes('[Deck "'));
}

test('live: a whole game of The City; the connection cut mid-turn and resumed by short links; a device reloads and rejoins', async ({ origin, open }) => {
  test.setTimeout(300000);
  const started = Date.now();
  const { a, b, answer } = await invite(origin, open, cityWithBob);
  await openLink(a.page, answer);
  await liveState(a.page, 'open');
  await liveState(b.page, 'open');
  await live(a.page, b.page, 3, 'live move');

  // Cut mid-turn: the device to move places its tile, then the other
  // device's connection drops (its peer closed).
  const [mover, other] = (await decision(a.page)) === 'waiting' ? [b.page, a.page] : [a.page, b.page];
  check('the mover is to place a tile', (await decision(mover)) === 'place', await decision(mover));
  await clickDecision(mover);
  const midTurn = await mover.getAttribute(play, 'data-turn');
  await other.evaluate(() => {
    window.__channels.forEach((c) => c.close());
    window.__peers.forEach((p) => p.close());
  });
  await liveState(mover, 'closed');
  await liveState(other, 'closed');
  // The mover ends the turn while cut; the other side starts the short
  // exchange: its offer alone, no game in it.
  await playOn(mover, 1, { close: false });
  await other.click('[data-testid=live-reconnect]');
  await liveState(other, 'offering');
  const offer = await shortLink(other);
  check('the reconnect link carries no game, only the offer', /#~[A-Za-z0-9_-]+$/.test(offer) && offer.length < 200, offer);
  console.log(`short reconnect offer: ${offer.length} characters (fragment ${fragment(offer).length})`);
  await axeAudit(other, 'the live line with its reconnect link (English)', check);
  await openLink(mover, offer);
  await liveStates(mover, ['answering', 'open']);
  const back = await shownLink(mover);
  check('the answer to it carries no game either', !back || /#~[A-Za-z0-9_-]+$/.test(back), back);
  await reconnected(other, mover, back, 'after the cut');
  // The turn ended while cut arrives by itself, once.
  await other.waitForFunction((sel) => { const d = document.querySelector(sel)?.dataset.decision; return d && d !== 'waiting'; },
    play, { timeout: TIMEOUT });
  check(`the turn finished while cut (turn ${midTurn}) reaches the other device once reconnected`,
    (await turn(mover)) === (await turn(other)));
  await live(a.page, b.page, 3, 'after the cut');

  // Bob's page reloads: his game resumes, he is recognised and rejoins.
  const bobFp = await b.page.evaluate(() => window.__peers.at(-1).localDescription.sdp.match(/fingerprint:sha-256 (\S+)/)[1]);
  await b.page.reload({ waitUntil: 'load' });
  await b.page.waitForSelector(play, { timeout: TIMEOUT });
  await liveState(b.page, 'off');
  const said = await b.page.textContent('[data-testid=live]');
  check('after a reload the screen says how to rejoin, without a server', said.includes('no server'), said);
  // (Ann's side sees the channel close when Bob's page goes; rejoining
  // does not wait for it.)
  await liveState(a.page, 'closed').catch(() => {});
  await b.page.click('[data-testid=live-reconnect]');
  await liveState(b.page, 'offering');
  const rejoin = await shortLink(b.page);
  // Ann's messenger opens it in a new tab: handed to her game's tab,
  // which answers; the new tab says so and opens nothing.
  const tab = await a.context.newPage();
  const problems = watchPage(tab, []);
  await tab.goto(rejoin, { waitUntil: 'load', timeout: 30000 });
  await liveStates(a.page, ['answering', 'open']);
  // (It answers, or, the answer presumed by Bob's device on one network,
  // is connected at once: either is said.)
  await tab.waitForFunction(() => [...document.querySelectorAll('[data-testid=notice]')]
    .some((n) => /answered: send the link it shows|Connected in your other tab/.test(n.textContent)),
  null, { timeout: TIMEOUT });
  check('a reconnect link opened in a new tab is answered by the game\'s tab; the new tab opens no game',
    !(await tab.$(play)) && (await stored(tab)).games.length === 1);
  await tab.close();
  check('no console error in the new tab', problems.length === 0, JSON.stringify(problems));
  await reconnected(b.page, a.page, await shownLink(a.page), 'after the reload');
  const bobFpAfter = await b.page.evaluate(() => window.__peers.at(-1).localDescription.sdp.match(/fingerprint:sha-256 (\S+)/)[1]);
  check('the reloaded device kept its certificate: the same fingerprint', bobFp === bobFpAfter, `${bobFp} ${bobFpAfter}`);
  check('the devices rejoin where the game is', (await turn(a.page)) === (await turn(b.page)));

  const n = await liveToTheEnd(a.page, b.page, 'to the end');
  check(`The City live to the end (${n} more exchanges)`, (await decision(a.page)) === 'over' && (await decision(b.page)) === 'over');
  for (const p of [a.page, b.page]) {
    if (await p.$('[data-testid=view-board]')) await p.click('[data-testid=view-board]');
  }
  await sameGame(a.page, b.page, 'The City');
  console.log(`live City game: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test('live: a whole game of classic; the answer opened in a new tab is handed to the tab with the offer', async ({ origin, open }) => {
  test.setTimeout(180000);
  const started = Date.now();
  const { a, b, answer } = await invite(origin, open, async (page) => {
    await classicForm(page, { names: ['Ann', 'Bob'], tiles: 10 });
    await page.selectOption('[data-testid=kind-1]', 'friend');
  });
  // A forged answer (Ann's seat made a computer) opened in a new tab: the
  // tab with the offer takes it and judges it as any link: refused.
  const forged = await a.context.newPage();
  const forgedProblems = watchPage(forged, []);
  // (The answer carries no seats: the host keeps its own; a `seats`
  // parameter added to it is judged against them.)
  const colours = (await stored(a.page)).games[0].seats.map((s) => s.colour);
  await forged.goto(withQuery(answer, `seats=${colours[0]}-easy,${colours.slice(1).join(',')}`), { waitUntil: 'load', timeout: 30000 });
  await a.page.waitForSelector('[data-testid=notice]', { timeout: TIMEOUT });
  const refusal = await notices(a.page);
  check('a forged answer handed from a new tab is refused by the tab that takes it',
    refusal.some((m) => m.includes('makes the computer')) && (await a.page.getAttribute('[data-testid=live]', 'data-state')) === 'offering',
    JSON.stringify(refusal));
  while (await a.page.$('[data-testid=notice] button')) await a.page.click('[data-testid=notice] button');
  await forged.close();
  check('no console error in the forged answer\'s tab', forgedProblems.length === 0, JSON.stringify(forgedProblems));
  // A messenger opens Bob's answer in a new tab of Ann's browser.
  const tab = await a.context.newPage();
  const problems = watchPage(tab, []);
  await tab.goto(answer, { waitUntil: 'load', timeout: 30000 });
  await liveState(a.page, 'open');
  await liveState(b.page, 'open');
  await tab.waitForFunction(() => [...document.querySelectorAll('[data-testid=notice]')]
    .some((n) => n.textContent.includes('Connected in your other tab')), null, { timeout: TIMEOUT });
  const said = await notices(tab);
  check('the new tab says the answer went to the other tab, which connected', said.some((m) => m.includes('handed to your other tab')), JSON.stringify(said));
  check('the new tab opens no game', !(await tab.$(play)));
  check('one save, no second one', (await stored(tab)).games.length === 1);
  await axeAudit(tab, 'the new tab that handed its answer (English)', check);
  await tab.close();
  check('no console error in the new tab', problems.length === 0, JSON.stringify(problems));

  const n = await liveToTheEnd(a.page, b.page, 'classic');
  for (const p of [a.page, b.page]) {
    if (await p.$('[data-testid=view-board]')) await p.click('[data-testid=view-board]');
  }
  check(`classic live to the end (${n} exchanges)`, (await decision(a.page)) === 'over' && (await decision(b.page)) === 'over');
  await sameGame(a.page, b.page, 'classic');
  console.log(`live classic game: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test('live: the host reloads before the answer comes; its kept certificate makes the same offer again, and the answer connects', async ({ origin, open }) => {
  test.setTimeout(120000);
  const { a, b, answer } = await invite(origin, open, cityWithBob);
  // Ann's page reloads while Bob's answer is on its way: the connection
  // lived in the tab, the game and the certificate did not.
  const fp = (page) => page.evaluate(() => window.__peers.at(-1).localDescription.sdp.match(/fingerprint:sha-256 (\S+)/)[1]);
  const annFp = await fp(a.page);
  await a.page.reload({ waitUntil: 'load' });
  await a.page.waitForSelector(play, { timeout: TIMEOUT });
  check('after the reload the game is there, one save', (await stored(a.page)).games.length === 1);
  // Still awaiting the answer, the page offers again with the same
  // certificate (the ICE credentials derive from it): the answer made for
  // the first offer fits the new one.
  await liveState(a.page, 'offering');
  check('the reloaded host offers with its kept certificate', annFp === await fp(a.page));
  const problems = watchPage(a.page, []);
  await openLink(a.page, answer);
  await liveState(a.page, 'open');
  await liveState(b.page, 'open');
  check('one save after the answer', (await stored(a.page)).games.length === 1);
  await live(a.page, b.page, 3, 'after the host\'s reload');
  check('the devices play the same turn', (await turn(a.page)) === (await turn(b.page)));
  check('no console error on the host\'s page', problems.length === 0, JSON.stringify(problems));
});

test('live: a device whose certificate is new (a private window reloaded) is presumed wrong; its answer, opened in a new tab, still connects, then the offer alone', async ({ origin, open }) => {
  test.setTimeout(120000);
  const { a, b, answer } = await invite(origin, open, cityWithBob);
  await openLink(a.page, answer);
  await liveState(a.page, 'open');
  await liveState(b.page, 'open');
  const fp = (page) => page.evaluate(() => window.__peers.at(-1).localDescription.sdp.match(/fingerprint:sha-256 (\S+)/)[1]);
  const bobFp = await fp(b.page);
  // Bob's kept certificate is gone (as a private window's at a reload):
  // after the reload his device makes a new one.
  await forgetCertificate(b.page);
  await b.page.reload({ waitUntil: 'load' });
  await b.page.waitForSelector(play, { timeout: TIMEOUT });
  await liveState(b.page, 'off');
  await liveState(a.page, 'closed');
  // Ann offers alone, presuming Bob's old certificate: no connection
  // forms by it; Bob's answer (his new certificate) goes back, and
  // connects.
  const problems = watchPage(a.page, []);
  await a.page.click('[data-testid=live-reconnect]');
  await liveState(a.page, 'offering');
  await openLink(b.page, await shortLink(a.page));
  await liveState(b.page, 'answering');
  check('Bob\'s device answers with a new certificate', (await fp(b.page)) !== bobFp);
  const alone = await a.page.waitForSelector('[data-testid=live][data-state=open]', { timeout: 5000 })
    .then(() => true, () => false);
  check('the offer alone, its answer presumed from the old certificate, does not connect', !alone);
  // Ann's messenger opens it in a new tab, which knows no device of that
  // certificate: handed to the tab whose offer waits.
  const tab = await a.context.newPage();
  const tabProblems = watchPage(tab, []);
  await tab.goto(await shortLink(b.page), { waitUntil: 'load', timeout: 30000 });
  await liveState(a.page, 'open');
  await liveState(b.page, 'open');
  check('the answer with the new certificate connects (a new connection, the same offer)', true);
  await tab.waitForFunction(() => [...document.querySelectorAll('[data-testid=notice]')]
    .some((n) => /handed to your other tab|Connected in your other tab/.test(n.textContent)), null, { timeout: TIMEOUT });
  check('opened in a new tab, it is handed to the tab whose offer waits; the new tab opens no game',
    !(await tab.$(play)) && (await stored(tab)).games.length === 1);
  await tab.close();
  check('no console error in the new tab', tabProblems.length === 0, JSON.stringify(tabProblems));
  await live(a.page, b.page, 2, 'with the new certificate');
  // Recognised from now on: cut, the offer alone reconnects.
  await a.page.evaluate(() => window.__peers.forEach((p) => p.close()));
  await liveState(a.page, 'closed');
  await liveState(b.page, 'closed');
  await a.page.click('[data-testid=live-reconnect]');
  await liveState(a.page, 'offering');
  const again = await shortLink(a.page);
  await openLink(b.page, again);
  await liveStates(b.page, ['answering', 'open']);
  await reconnected(a.page, b.page, await shownLink(b.page), 'after the new certificate');
  check('the devices play the same turn', (await turn(a.page)) === (await turn(b.page)));
  check('no console error on the host\'s page', problems.length === 0, JSON.stringify(problems));
});

test('live: an answer no tab holds the offer of (German), and an answer not opened in time', async ({ origin, open }) => {
  test.setTimeout(90000);
  const a = await open({ noStun: true });
  await recordChannels(a.context, 'Ann');
  await newGameForm(a.page, `${origin}/`);
  await cityForm(a.page, { names: ['Ann', 'Bob'], start: false });
  await a.page.selectOption('[data-testid=kind-1]', 'friend');
  await startGame(a.page);
  await liveState(a.page, 'offering');
  const invitation = await copyLink(a.page);
  const b = await open({ noStun: true });
  await recordChannels(b.context, 'Bob');
  await b.page.clock.install();
  await b.page.goto(invitation, { waitUntil: 'load', timeout: 30000 });
  await b.page.waitForSelector(play, { timeout: TIMEOUT });
  await liveState(b.page, 'answering');
  const answer = await copyLink(b.page);
  // Ann's tab is closed; the answer opens in a new one (read in German).
  const tab = await a.context.newPage();
  const problems = watchPage(tab, []);
  await a.page.close();
  await tab.goto(withQuery(answer, 'lang=de'), { waitUntil: 'load', timeout: 30000 });
  await tab.waitForSelector(play, { timeout: TIMEOUT });
  await liveState(tab, 'failed');
  const words = await tab.textContent('[data-testid=live]');
  check('no tab holds the offer: said (German), the game goes on by links here', words.includes('Kein Tab') && words.includes('Links'), words);
  check('the game continues here by links: Ann to move', (await decision(tab)) !== 'waiting' && !!(await tab.$('[data-testid=live-reconnect]')));
  check('one save', (await stored(tab)).games.length === 1);
  await axeAudit(tab, 'no tab holds the offer (German)', check);
  check('no console error in the new tab', problems.length === 0, JSON.stringify(problems));
  // Bob's answer was never opened where its offer was: after five
  // minutes his screen says so, and the game goes on by links.
  await b.page.clock.fastForward('05:01');
  await liveState(b.page, 'failed');
  const late = await b.page.textContent('[data-testid=live]');
  check('an answer not opened in time: said, the game goes on by links', late.includes('not opened on the other device in time'), late);
  await axeAudit(b.page, 'an answer not opened in time (English)', check);
});
