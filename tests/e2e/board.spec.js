// Seeing the board (issue 28).
//
// 1. Players are told apart without colour. A classic game of five seats
//    (red, blue, green, yellow, purple) and a game of The City (black, red)
//    are played by clicks until every seat has a follower on the board.
//    Under Chromium's emulation of protanopia, deuteranopia and tritanopia
//    (CDP Emulation.setEmulatedVisionDeficiency) and without it, the page
//    is screenshot and each piece's paint read on its leg; every two
//    colours must stay at least MIN_DELTA_E apart (CIEDE2000). Every piece
//    carries its colour's mark (a shape), the six marks differ, and the
//    panel's swatches take the marks' shapes.
// 2. Pieces are readable from afar: at the board's full view every follower
//    is at least 18 px tall on screen and its mark at least 6 px across.
//    The wyvern is in no player's colour. Points rising from what scored
//    carry the scorer's mark and a halo that contrasts with their paint.
//    The follower rings offered on a tile never overlap on screen.
// 3. Picking a side: in The City at the gate decision (a board of a whole
//    first stack) the middle of every glowing side is clicked, then tapped
//    on a phone, and the gate must go on that very side (the nearest side
//    wins where hit areas overlap at the outline's inward corners); Undo
//    brings the decision back each time. Then the same for both ends of
//    the wall at the following wall decisions.
//
// Env: SEED (default 7).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY: play, version, moved, decision, clickDecision, classicForm, newGameForm, startGame,
} = require('./fixtures.js');

const SEED = process.env.SEED || '7';
const TIMEOUT = 20000;
// CIEDE2000 of 2.3 is a just-noticeable difference between two patches
// side by side; pieces are small marks seen apart, for which differences
// several times larger are needed to name them at a glance (Szafir 2018,
// "Modeling color difference for visualization design"). 15 is six times
// the JND; the old palette's red and green were 3 apart under deuteranopia
// (the tester's complaint), the new one keeps every pair 23 or more apart.
const MIN_DELTA_E = 15;
const DEFICIENCIES = ['none', 'protanopia', 'deuteranopia', 'tritanopia'];
// PlayerColour::mark (src/view/palette.rs).
const MARKS = { red: 'circle', blue: 'square', green: 'triangle', yellow: 'diamond', black: 'cross', purple: 'star' };


const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

// ------------------------------------------------------------- colour maths

function linear(c) {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

// sRGB [r, g, b] (0–255) to CIELAB (D65).
function lab([r, g, b]) {
  const [R, G, B] = [linear(r), linear(g), linear(b)];
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const x = f((0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047);
  const y = f(0.2126729 * R + 0.7151522 * G + 0.0721750 * B);
  const z = f((0.0193339 * R + 0.1191920 * G + 0.9503041 * B) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

// CIEDE2000 (Sharma, Wu, Dalal 2005).
function deltaE2000([L1, a1, b1], [L2, a2, b2]) {
  const rad = Math.PI / 180;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cm7 = ((C1 + C2) / 2) ** 7;
  const G = 0.5 * (1 - Math.sqrt(Cm7 / (Cm7 + 25 ** 7)));
  const ap1 = (1 + G) * a1;
  const ap2 = (1 + G) * a2;
  const Cp1 = Math.hypot(ap1, b1);
  const Cp2 = Math.hypot(ap2, b2);
  const hue = (x, y) => (x === 0 && y === 0 ? 0 : (Math.atan2(y, x) / rad + 360) % 360);
  const h1 = hue(ap1, b1);
  const h2 = hue(ap2, b2);
  const dL = L2 - L1;
  const dC = Cp2 - Cp1;
  let dh = 0;
  if (Cp1 * Cp2 !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(Cp1 * Cp2) * Math.sin((dh * rad) / 2);
  const Lm = (L1 + L2) / 2;
  const Cpm = (Cp1 + Cp2) / 2;
  let hm = h1 + h2;
  if (Cp1 * Cp2 !== 0) {
    if (Math.abs(h1 - h2) <= 180) hm = (h1 + h2) / 2;
    else hm = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const T = 1 - 0.17 * Math.cos((hm - 30) * rad) + 0.24 * Math.cos(2 * hm * rad)
    + 0.32 * Math.cos((3 * hm + 6) * rad) - 0.2 * Math.cos((4 * hm - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hm - 275) / 25) ** 2));
  const Cpm7 = Cpm ** 7;
  const Rc = 2 * Math.sqrt(Cpm7 / (Cpm7 + 25 ** 7));
  const Sl = 1 + (0.015 * (Lm - 50) ** 2) / Math.sqrt(20 + (Lm - 50) ** 2);
  const Sc = 1 + 0.045 * Cpm;
  const Sh = 1 + 0.015 * Cpm * T;
  const Rt = -Math.sin(2 * dTheta * rad) * Rc;
  return Math.sqrt((dL / Sl) ** 2 + (dC / Sc) ** 2 + (dH / Sh) ** 2 + Rt * (dC / Sc) * (dH / Sh));
}

// A computed colour ("rgb(r, g, b)" or "#rrggbb") as [r, g, b].
const rgbOf = (s) => (s.startsWith('#') ? hex(s) : (s.match(/\d+(\.\d+)?/g) || []).slice(0, 3).map(Number));

// WCAG's contrast ratio of two colours.
function contrast(p, q) {
  const lum = ([r, g, b]) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  const [a, b] = [lum(p), lum(q)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

// The reference pair of the formula's paper (Sharma et al., table 1, pair 1).
function deltaESelfTest() {
  const d = deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485]);
  return Math.abs(d - 2.0425) < 1e-3;
}

// ------------------------------------------------------------ the pieces

// Each follower on the board: its mark, its box on screen (its height
// there, the larger of its width and height) and its mark's size.
async function piecesOnBoard(page) {
  return page.$$eval('[data-testid=board] .followers > g', (groups) => groups.map((g) => {
    const body = g.querySelector('use.follower') || g.querySelector('path[stroke-width="1.4"]');
    const mark = g.querySelector('.mark');
    const r = body.getBoundingClientRect();
    const mr = mark ? mark.getBoundingClientRect() : null;
    return {
      mark: mark && mark.dataset.mark,
      box: [r.left, r.top, r.width, r.height],
      height: Math.max(r.height, r.width),
      markSize: mr ? Math.min(mr.width, mr.height) : 0,
    };
  }));
}

// A screenshot of the page under each deficiency, decoded into pixels by a
// canvas in a second page (which has no emulation).
async function shotsUnderDeficiencies(page, reader) {
  const cdp = await page.context().newCDPSession(page);
  const shots = {};
  for (const type of DEFICIENCIES) {
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type });
    await page.waitForTimeout(150);
    const png = await page.screenshot();
    fs.writeFileSync(path.join(ARTIFACTS, `board-vision-${type}.png`), png);
    shots[type] = png.toString('base64');
  }
  await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' });
  // Decodes a shot into a canvas of the reader page, then runs `fn` there.
  const decode = (type, fn, arg) => reader.evaluate(async ([png, src, a]) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    // eslint-disable-next-line no-new-func
    return new Function('ctx', 'arg', src)(ctx, a);
  }, [shots[type], fn, arg]);
  return { decode };
}

// In a decoded shot: for each piece (its box and its paint as [r, g, b]),
// the point nearest its box's middle whose 3 × 3 neighbourhood is all that
// paint (within 3 per channel): where its paint shows, flat. (In the shot
// without emulation, so the same point can be read in the others.)
const FIND_PAINT = `
  return arg.map(({ box, paint }) => {
    const [l, t, w, h] = box.map(Math.round);
    const d = ctx.getImageData(l, t, w, h).data;
    const at = (x, y) => d.slice((y * w + x) * 4, (y * w + x) * 4 + 3);
    const same = (p) => p.every((v, k) => Math.abs(v - paint[k]) <= 3);
    let best = null;
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        let flat = true;
        for (let dy = -1; dy <= 1 && flat; dy++) for (let dx = -1; dx <= 1 && flat; dx++) flat = same(at(x + dx, y + dy));
        const dist = (x - w / 2) ** 2 + (y - h / 2) ** 2;
        if (flat && (!best || dist < best.dist)) best = { x: l + x, y: t + y, dist };
      }
    }
    return best && [best.x, best.y];
  });`;

// In a decoded shot: the colour at each point (the median of its 3 × 3
// patch, channel by channel).
const READ_POINTS = `
  return arg.map(([x, y]) => {
    const d = ctx.getImageData(x - 1, y - 1, 3, 3).data;
    return [0, 1, 2].map((k) => {
      const v = [];
      for (let i = 0; i < 9; i++) v.push(d[i * 4 + k]);
      v.sort((a, b) => a - b);
      return v[4];
    });
  });`;

// Plays by clicks, a follower on every ring offered, until every one of
// `players` seats has a follower on the board (or `limit` decisions).
async function playUntilEveryoneHasAFollower(page, players, points, ringChecks, limit = 120) {
  for (let n = 0; n < limit; n++) {
    // Points rising from what scored: each with its scorer's mark, and
    // its number's paint and halo as drawn.
    const rising = await page.$$eval('[data-testid=float-points] .points', (els) => els.map((e) => {
      const m = e.querySelector('.mark');
      const colour = [...e.classList].find((k) => k.startsWith('pc-'));
      const t = e.querySelector('text') || e;
      const cs = getComputedStyle(t);
      return [colour && colour.slice(3), m && m.dataset.mark, cs.fill, cs.stroke];
    }));
    points.push(...rising);
    // The follower rings offered on the tile just placed, as drawn: no two
    // overlap (the crossing tiles have the most).
    const rings = await page.$$eval('[data-testid=board] .target-region .ring', (els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2, r.width / 2];
    }));
    if (rings.length > 1) {
      ringChecks.tiles++;
      ringChecks.most = Math.max(ringChecks.most, rings.length);
      for (let i = 0; i < rings.length; i++) {
        for (let j = i + 1; j < rings.length; j++) {
          const [x1, y1, r1] = rings[i];
          const [x2, y2, r2] = rings[j];
          if (Math.hypot(x1 - x2, y1 - y2) < r1 + r2 - 0.5) ringChecks.overlaps.push(JSON.stringify([rings[i], rings[j]]));
        }
      }
    }
    const counts = await page.$$eval('[data-testid=board] .followers .mark', (els) => els.length);
    if (counts) {
      const owners = await page.$$eval('[data-testid=board] .followers .mark', (els) => new Set(els.map((e) => e.dataset.mark)).size);
      if (owners >= players) return true;
    }
    const d = await decision(page);
    if (d === 'over') return false;
    if (d === 'gate' || d === 'wall') await takeASide(page, false);
    else await clickDecision(page, { follower: true });
  }
  return false;
}

// The colours of the panel's players, in seat order.
async function panelColours(page) {
  return page.$$eval('[data-testid=panel] .player', (els) => els.map((e) => {
    const c = [...e.classList].find((k) => k.startsWith('pc-'));
    return c ? c.slice(3) : null;
  }));
}

async function startClassic(page, origin, colours) {
  await newGameForm(page, `${origin}/`);
  await classicForm(page, { players: colours.length, seed: SEED });
  for (let i = 0; i < colours.length; i++) await page.selectOption(`[data-testid=colour-${i}]`, colours[i]);
  await startGame(page, TIMEOUT);
}

async function startCity(page, origin, colours, { short = false } = {}) {
  await newGameForm(page, `${origin}/`);
  await page.check('[data-testid=game-the-city]');
  for (let k = 2; k < colours.length; k++) await page.click('[data-testid=add-seat]');
  for (let i = 0; i < colours.length; i++) await page.selectOption(`[data-testid=colour-${i}]`, colours[i]);
  if (short) await page.click('[data-testid=preset-short]');
  await page.click('.advanced summary');
  await page.fill('[data-testid=seed]', SEED);
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play, { timeout: TIMEOUT });
}

// Fits the whole city in view (the "Fit city" button) and waits for the
// board's --hit (and so the pieces' size) to follow the camera.
async function fitCity(page) {
  const fit = await page.$('[data-testid=fit]');
  if (fit) await fit.click();
  await page.waitForTimeout(300);
}

// ------------------------------------------------------- picking a side

// The screen point of the middle of each glowing side, with its data-side.
async function glowingSides(page) {
  return page.$$eval('[data-testid=side-target]', (els) => els.map((g) => {
    const line = g.querySelector('line.glow');
    const m = line.getScreenCTM();
    const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((a) => Number(line.getAttribute(a)));
    const [x, y] = [(x1 + x2) / 2, (y1 + y2) / 2];
    return { side: g.dataset.side, end: g.dataset.end, x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
  }));
}

// Clicks (or taps) the middle of every glowing side of the decision in
// play, reads which side the new piece took (`taken(page)`), and takes it
// back with Undo. Returns the sides that went elsewhere, and how many
// were tried.
async function pickEverySide(page, touch, taken) {
  const d = await decision(page);
  const sides = await glowingSides(page);
  const wrong = [];
  const covered = [];
  for (const first of sides) {
    // Where the side is now: a decision that comes back scrolls into view
    // on a phone, and the page may have moved since the first reading.
    await page.locator('[data-testid=board]').scrollIntoViewIfNeeded();
    const s = (await glowingSides(page)).find((g) => g.side === first.side && g.end === first.end);
    if (!s) {
      wrong.push(`${first.side} (${first.end}) no longer glows`);
      continue;
    }
    const v = await version(page);
    const vp = page.viewportSize();
    if (s.x < 0 || s.y < 0 || s.x > vp.width || s.y > vp.height) {
      wrong.push(`${s.side} is off screen (${s.x.toFixed(0)}, ${s.y.toFixed(0)})`);
      continue;
    }
    // What is under the point: the board's tools float over its corner.
    const under = await page.evaluate(([x, y]) => {
      const el = document.elementFromPoint(x, y);
      return el && el.closest('[data-testid=board]') ? null : (el ? el.outerHTML.slice(0, 60) : 'nothing');
    }, [s.x, s.y]);
    if (under) {
      covered.push(`${s.side} under ${under}`);
      continue;
    }
    const before = await taken(page);
    if (touch) await page.touchscreen.tap(s.x, s.y);
    else await page.mouse.click(s.x, s.y);
    try {
      await moved(page, v, 8000);
    } catch {
      wrong.push(`${s.side}: the ${touch ? 'tap' : 'click'} took nothing`);
      continue;
    }
    const after = await taken(page);
    const got = after.filter((x) => !before.includes(x));
    if (got.length !== 1 || got[0] !== s.side) wrong.push(`${s.side} (${s.end}) took ${got.join(' ') || 'nothing new'}`);
    const v2 = await version(page);
    await page.click('[data-testid=undo]');
    await moved(page, v2);
    if ((await decision(page)) !== d) throw new Error(`undo did not bring back the ${d} decision`);
  }
  return { wrong, covered, tried: sides.length - covered.length };
}

// Takes the decision in play by a click (or tap) on the middle of its first
// glowing side that shows.
async function takeASide(page, touch) {
  const v = await version(page);
  for (const s of await glowingSides(page)) {
    const shows = await page.evaluate(([x, y]) => {
      const el = document.elementFromPoint(x, y);
      return !!el && !!el.closest('[data-testid=board]');
    }, [s.x, s.y]);
    if (!shows) continue;
    if (touch) await page.touchscreen.tap(s.x, s.y);
    else await page.mouse.click(s.x, s.y);
    await moved(page, v);
    return;
  }
  throw new Error('no glowing side shows');
}

// The gate's side: its data-side, or (builds before it had one) from its
// wall line, drawn 5 units outside the side it stands on.
const gateSide = (page) => page.$$eval('[data-testid=gate]', (els) => els.map((e) => {
  if (e.dataset.side) return e.dataset.side;
  const l = e.querySelector('line.wall-body');
  const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((a) => Number(l.getAttribute(a)));
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const cell = (v) => Math.floor(v / 100);
  if (y1 === y2) {
    return (((my % 100) + 100) % 100) > 50 ? `${cell(mx)},${cell(my) + 1},N` : `${cell(mx)},${cell(my) - 1},S`;
  }
  return (((mx % 100) + 100) % 100) > 50 ? `${cell(mx) + 1},${cell(my)},W` : `${cell(mx) - 1},${cell(my)},E`;
}));
const wallSides = (page) => page.$$eval('[data-testid=board] .walls .wall', (els) => els.map((e) => e.dataset.wall));

// The City (red and blue, seed 7, the full stacks) at its first gate
// decision, with the whole first stack on the board: the link of the game
// `startCity(page, origin, ['red', 'blue'])` starts, played by
// `clickDecision` (the first target each time) to its gate decision (62
// decisions, turn 31), from "Copy link" there. (Opening it spares the
// clicks; were the link ever to open elsewhere, the test plays on to the
// gate decision and says so.)
const GATE_LINK = '?seats=red,blue#AcAHBEF1ZGUGQmVybmF0PgDGVsbPqepCBoTBWLBxCISOW-YRVyEZ2WfQaixIyqxP';

// The City at its gate decision, then the middle of every gate side, then
// the ends of the wall at the next `walls` wall decisions.
async function sidesTaken(open, origin, label, { touch = false, viewport, walls = 3 } = {}) {
  const { context, page, problems } = await open({ viewport, hasTouch: touch, isMobile: touch });
  // The game's link at its gate decision (GATE_LINK), else the game played
  // to it by clicks.
  await page.goto(`${origin}/${GATE_LINK}`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForSelector(play, { timeout: TIMEOUT });
  let played = 0;
  for (; played < 400 && (await decision(page)) !== 'gate'; played++) {
    if ((await decision(page)) === 'over') break;
    await clickDecision(page);
  }
  if (played) console.log(`note ${label}: the link did not open at the gate decision (${played} decisions played to it): make GATE_LINK anew`);
  check(`${label}: the game reached the gate decision`, (await decision(page)) === 'gate');
  await page.locator('[data-testid=board]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, `board-${label}-gate.png`) });
  const gate = await pickEverySide(page, touch, gateSide);
  check(`${label}: the middle of each of the ${gate.tried} glowing gate sides puts the gate on that side`,
    gate.tried >= 12 && gate.wrong.length === 0, gate.wrong.join('; ') || `${gate.tried} sides`);
  // (A side whose middle is under the board's tools is out of a player's
  // reach until they pan; a few at most.)
  check(`${label}: the board's tools cover few of the gate's sides (${gate.covered.length})`,
    gate.covered.length <= 3, gate.covered.join('; '));
  let wallTried = 0;
  const wallWrong = [];
  let seen = 0;
  for (let n = 0; n < 400 && seen < walls; n++) {
    const d = await decision(page);
    if (d === 'over') break;
    if (d === 'wall') {
      await page.locator('[data-testid=board]').scrollIntoViewIfNeeded();
      const r = await pickEverySide(page, touch, wallSides);
      wallTried += r.tried;
      wallWrong.push(...r.wrong);
      seen++;
    }
    if (d === 'gate' || d === 'wall') await takeASide(page, touch);
    else await clickDecision(page);
  }
  check(`${label}: the middle of each wall end's side (${wallTried} at ${seen} wall decisions) builds on that side`,
    seen >= 1 && wallTried >= 2 * seen && wallWrong.length === 0, wallWrong.join('; '));
  check(`${label}: no console errors`, problems.length === 0, problems.join('\n    '));
  await context.close();
}

// ------------------------------------------------------------------ tests

test('the CIEDE2000 formula gives the reference value', () => {
  check('the CIEDE2000 formula gives the reference value', deltaESelfTest());
});

test('players told apart without colour, pieces readable from afar', async ({ origin, open }) => {
  await playersApart(open, origin);
});

test('desktop: the middle of each glowing side takes the gate or the wall there', async ({ origin, open }) => {
  await sidesTaken(open, origin, 'desktop', { viewport: { width: 1280, height: 800 } });
});

test('phone: the middle of each glowing side, tapped, takes the gate or the wall there', { tag: '@phone' }, async ({ origin, open }) => {
  await sidesTaken(open, origin, 'phone', { touch: true, viewport: { width: 390, height: 844 }, walls: 2 });
});

// Pieces of all six colours, in both games, told apart under each
// deficiency, with their marks.
async function playersApart(open, origin) {
  const reader = (await open()).page;
  const seen = {}; // colour -> { none: [r,g,b], ... }
  const games = [
    ['classic', ['red', 'blue', 'green', 'yellow', 'purple'], startClassic],
    ['the-city', ['black', 'red', 'green', 'yellow'], startCity],
  ];
  for (const [game, colours, start] of games) {
    const { context, page, problems } = await open();
    await start(page, origin, colours);
    // Each colour's paint, as the page's stylesheet has it.
    const playerPaint = await page.evaluate((names) => names.map((n) => {
      const el = document.createElement('span');
      el.className = `pc-${n}`;
      document.body.appendChild(el);
      const v = getComputedStyle(el).getPropertyValue('--pc').trim();
      el.remove();
      return v;
    }), Object.keys(MARKS));
    const points = [];
    const ringChecks = { tiles: 0, most: 0, overlaps: [] };
    const all = await playUntilEveryoneHasAFollower(page, colours.length, points, ringChecks);
    check(`${game}: every seat has a follower on the board`, all);
    check(`${game}: the follower rings offered never overlap (${ringChecks.tiles} tiles with two or more, ${ringChecks.most} at most)`,
      ringChecks.tiles > 0 && ringChecks.overlaps.length === 0, ringChecks.overlaps.slice(0, 3).join('; '));
    if (points.length) {
      check(`${game}: the points rising from what scored carry the scorer's mark (${points.length} seen)`,
        points.every(([c, m]) => c && MARKS[c] === m), JSON.stringify(points));
      // Legible on a feature lit in the scorer's colour: the number's halo
      // contrasts with its paint as large text must (WCAG, 4.5:1 and more).
      const low = points.filter(([, , fill, stroke]) => contrast(rgbOf(fill), rgbOf(stroke)) < 4.5);
      check(`${game}: each rising number's halo contrasts 4.5:1 or more with its paint`,
        low.length === 0, JSON.stringify(low.slice(0, 3)));
    } else {
      console.log(`note ${game}: nothing scored before every seat had a follower`);
    }
    if (game === 'classic') {
      // The wyvern is drawn in no player's colour: its body and wings are
      // far (CIEDE2000 ≥ MIN_DELTA_E) from all six.
      const wyvern = await page.$$eval('#piece-wyvern path', (els) => els
        .filter((e) => /ca-wyvern|ca-wing/.test(e.getAttribute('class')))
        .map((e) => getComputedStyle(e).fill));
      const rgb = (s) => (s.match(/\d+/g) || []).slice(0, 3).map(Number);
      const near = [];
      for (const w of wyvern) {
        for (const p of playerPaint) {
          const d = deltaE2000(lab(rgb(w)), lab(hex(p)));
          if (d < MIN_DELTA_E) near.push(`${w} ~ ${p} (${d.toFixed(1)})`);
        }
      }
      check('the wyvern is in no player\'s colour', wyvern.length >= 2 && playerPaint.every((p) => /^#[0-9a-f]{6}$/i.test(p)) && near.length === 0,
        near.join('; ') || JSON.stringify({ wyvern, playerPaint }));
    }
    check(`${game}: the panel's players are in the colours chosen`,
      JSON.stringify(await panelColours(page)) === JSON.stringify(colours), JSON.stringify(await panelColours(page)));
    // The panel's swatches take the colours' marks' shapes, all different.
    const clips = await page.$$eval('[data-testid=panel] .player .swatch', (els) => els.map((e) => getComputedStyle(e).clipPath));
    check(`${game}: each player's swatch is the colour's mark, none alike`,
      clips.length === colours.length && clips.every((c) => c && c !== 'none') && new Set(clips).size === clips.length,
      JSON.stringify(clips));
    // The decision's swatch is the mark of the player to move.
    const [prompt, toMove] = await page.evaluate(() => ['.prompt-title .swatch', '[data-testid=panel] .player.to-move .swatch']
      .map((q) => { const e = document.querySelector(q); return e && getComputedStyle(e).clipPath; }));
    check(`${game}: the decision's swatch has the shape of the mover's mark`, !!prompt && prompt === toMove,
      JSON.stringify({ prompt, toMove }));
    await fitCity(page);
    const pieces = await piecesOnBoard(page);
    const names = Object.fromEntries(Object.entries(MARKS).map(([c, m]) => [m, c]));
    check(`${game}: every follower carries its colour's mark`,
      pieces.length > 0 && pieces.every((p) => p.mark && colours.includes(names[p.mark])),
      JSON.stringify(pieces.map((p) => p.mark)));
    // Readable from afar: at the whole city's view, followers stand
    // 18 px or more and their marks are 6 px or more across.
    const small = pieces.filter((p) => p.height < 18 || p.markSize < 6);
    check(`${game}: at the full view every follower is 18 px or taller and its mark 6 px or more`,
      pieces.length > 0 && small.length === 0, JSON.stringify(small.slice(0, 4)));
    // One piece of each colour: where its paint shows flat, then that
    // point read under each deficiency.
    const paintOf = Object.fromEntries(Object.keys(MARKS).map((c, i) => [c, hex(playerPaint[i])]));
    const one = {};
    for (const p of pieces) if (!one[names[p.mark]]) one[names[p.mark]] = p;
    const order = Object.keys(one);
    const { decode } = await shotsUnderDeficiencies(page, reader);
    const spots = await decode('none', FIND_PAINT, order.map((c) => ({ box: one[c].box, paint: paintOf[c] })));
    check(`${game}: each colour's paint shows flat on its piece`, spots.every(Boolean),
      JSON.stringify(order.map((c, i) => [c, spots[i]])));
    if (spots.every(Boolean)) {
      for (const type of DEFICIENCIES) {
        const px = await decode(type, READ_POINTS, spots);
        order.forEach((c, i) => { (seen[c] = seen[c] || {})[type] = px[i]; });
      }
    }
    check(`${game}: no console errors`, problems.length === 0, problems.join('\n    '));
    await page.screenshot({ path: path.join(ARTIFACTS, `board-${game}-pieces.png`) });
    await context.close();
  }
  const colours = Object.keys(seen);
  check('pieces of all six colours were read', colours.length === 6, colours.join(' '));
  for (const type of DEFICIENCIES) {
    let worst = { d: Infinity };
    for (let i = 0; i < colours.length; i++) {
      for (let j = i + 1; j < colours.length; j++) {
        const d = deltaE2000(lab(seen[colours[i]][type]), lab(seen[colours[j]][type]));
        if (d < worst.d) worst = { d, pair: `${colours[i]}–${colours[j]}` };
      }
    }
    const paint = colours.map((c) => `${c} rgb(${seen[c][type].join(',')})`).join(', ');
    check(`${type === 'none' ? 'normal vision' : type}: every two players' pieces are ${MIN_DELTA_E} or more apart (CIEDE2000; closest ${worst.pair} ${worst.d.toFixed(1)})`,
      worst.d >= MIN_DELTA_E, paint);
  }
}

