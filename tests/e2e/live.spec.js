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
// new invitation to reconnect; Bob's answer reconnects and the game goes
// on live, both devices holding the same game. Fails on any console error.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const {
  test, check, PLAY: play, clickDecision, newGameForm, cityForm, version, moved,
  copyLink: shareLink, startGame, axeAudit, notices, CHROMIUM, CHROMIUM_ARGS,
} = require('./fixtures.js');

test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
  },
});

const TIMEOUT = 20000;
const ROOT = path.join(__dirname, '..', '..');

// `city ARGS…`: the binary CITY names, else the debug build's, else cargo's.
function city(args) {
  const built = path.join(ROOT, 'target', 'debug', 'city');
  const [cmd, all] = process.env.CITY
    ? [process.env.CITY, args]
    : fs.existsSync(built) ? [built, args] : ['cargo', ['run', '--quiet', '--bin', 'city', '--', ...args]];
  return execFileSync(cmd, all, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

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

// Every data channel the page makes, for the test to close one.
// (And every peer connection; `__name` is whose device it is.)
function recordChannels(context, name) {
  return context.addInitScript((n) => {
    window.__name = n;
    window.__channels = [];
    window.__peers = [];
    const P = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends P {
      constructor(...a) {
        super(...a);
        window.__peers.push(this);
      }
      createDataChannel(...a) {
        const c = super.createDataChannel(...a);
        window.__channels.push(c);
        return c;
      }
    };
  }, name);
}

// This device's decisions until it waits for the other's link (or the end).
async function playOn(page, n = 0) {
  for (let d = await decision(page); d !== 'waiting' && d !== 'over'; d = await decision(page)) {
    if (d === 'gate' || d === 'wall') {
      const v = await version(page);
      await page.$eval('[data-testid=side-target]', (e) => e.dispatchEvent(new MouseEvent('click', { bubbles: true })));
      await moved(page, v);
    } else {
      await clickDecision(page, { follower: n % 2 === 0 });
    }
    n++;
  }
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
  await receiver.waitForFunction(
    (b) => { const t = document.querySelector('[data-testid=announcer]')?.textContent.trim(); return t && t !== b; },
    before, { timeout: TIMEOUT },
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
    await playOn(sender, i);
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
  await playOn(first);
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
  await liveState(second, 'answering');
  await playOn(second);
  const back = await copyLink(second);
  await openLink(first, back);
  await liveState(first, 'open');
  await liveState(second, 'open');
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
  await playOn(a.page);
  const link = await copyLink(a.page);
  check('the link carries no signal once live play failed', !fragment(link).includes('~'));
  await openLink(b.page, link);
  await b.page.waitForFunction(
    (sel) => { const d = document.querySelector(sel)?.dataset.decision; return d && d !== 'waiting'; },
    play, { timeout: TIMEOUT },
  );
  check('the game goes on by links', (await turn(a.page)) === (await turn(b.page)));
});
