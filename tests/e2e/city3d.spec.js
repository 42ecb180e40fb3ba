// The finished board in 3-D (issue 41): finished games of both games
// opened from links, the view opened from the game's end and from the
// replay, drawn (a screenshot kept in the artifacts), turned (buttons,
// arrow keys, a drag), zoomed (buttons, + and −, the wheel, two fingers on
// a phone), reset, saved as a PNG (its signature and IHDR width checked),
// its text alternative, axe, German, a phone's screen filled, and the
// frame times while turning and zooming on a full board (printed).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { test, check, ARTIFACTS, axeAudit } = require('./fixtures.js');

const TIMEOUT = 20000;

// `city random --seed 3 --players 2`, then `city share`: a whole game of
// The City (the review's spec's, and view::city3d's native tests').
const CITY = 'AUQDQW5uA0JvYu9X1Nki0PcrnhWZgXaivTxiVcEcR52nbaUYnWyvvx2CMttKqQwvsHO4UdNgN-N63fLlTm1p7Tij2gym3kbXa6ILci-PkXFj_7yuVdFgy-4fckgU-MgTT6Hfrp2i6Ckgo1LcsZiE60OL6kdt4rTihA';
// `city random --game classic --seed 5 --players 3 --expansions "city-gates
// old-city"`, then `city share`: a whole classic game with both expansions
// (Old City's bridges, walls and wooden gates on the board).
const CLASSIC = 'AgEJAwBUA0FubgNCb2IDQ2lktEwUJObRPg4DW0Ko2ZkgdtE-y9Ebb8GdWsg-KnbTtoyzhTxnnEvt6zYV-XVHm98Pj6sRU538yQQCgPEu_nRhCqgKcYcI8KbzLzLEbbHPIKIe1mH5VWQag-iXrYjHmhMvLnck0Whx8Wc5HIjbmD_LvcYixfri1VkGHMfPkA';

const VIEW = '[data-testid=city3d]';
const CANVAS = '[data-testid=city3d-canvas]';

const audit = (page, name) => axeAudit(page, name, check);

async function canvasData(page) {
  return page.$eval(CANVAS, (c) => ({ ...c.dataset }));
}

// Waits until the canvas has been drawn more than `n` times.
async function drawnPast(page, n) {
  await page.waitForFunction(([sel, k]) => Number(document.querySelector(sel).dataset.drawn || 0) > k,
    [CANVAS, n], { timeout: TIMEOUT });
  return canvasData(page);
}

// The game's end of a link's finished game, then the view opened from it:
// ms from the click to the first drawing (the chunk fetched included).
async function openFromEnd(page, url) {
  await toEnd(page, url);
  return openView(page);
}

// A link's finished game, at its end.
async function toEnd(page, url) {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid=city3d-open]', { timeout: 30000 });
}

// The view opened from the game's end: ms from the click to its first
// drawing.
async function openView(page) {
  const t0 = Date.now();
  await page.click('[data-testid=city3d-open]');
  await page.waitForSelector(VIEW, { timeout: TIMEOUT });
  await drawnPast(page, 0);
  return Date.now() - t0;
}

// What is painted on the canvas: pixels not blank, and whether each colour
// (hex) is painted somewhere (the players' pieces and marks).
async function painted(page, colours) {
  return page.$eval(CANVAS, (c, hexes) => {
    const { width, height } = c;
    const data = c.getContext('2d').getImageData(0, 0, width, height).data;
    const want = hexes.map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));
    const found = want.map(() => 0);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) continue;
      ink += 1;
      want.forEach((w, k) => {
        if (Math.abs(data[i] - w[0]) < 6 && Math.abs(data[i + 1] - w[1]) < 6 && Math.abs(data[i + 2] - w[2]) < 6) found[k] += 1;
      });
    }
    return { share: ink / (width * height), found };
  }, colours);
}

// "Save picture": the download, checked to be a PNG at least 1600 px wide
// (its IHDR), kept in the artifacts.
async function savePicture(page, label) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: TIMEOUT }),
    page.click('[data-testid=city3d-save]'),
  ]);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  fs.copyFileSync(file, path.join(ARTIFACTS, `city3d-${label}-saved.png`));
  const signature = bytes.subarray(0, 8).toString('hex');
  const ihdr = bytes.subarray(12, 16).toString('latin1');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  check(`${label}: "Save picture" downloads a PNG at least 1600 px wide (${width}×${height}, ${bytes.length} bytes)`,
    signature === '89504e470d0a1a0a' && ihdr === 'IHDR' && width >= 1600 && height > 400,
    JSON.stringify({ signature, ihdr, width, height, name: download.suggestedFilename() }));
  check(`${label}: the file is named as a PNG`, /\.png$/.test(download.suggestedFilename()), download.suggestedFilename());
  await page.waitForSelector('[data-testid=city3d-note]', { timeout: TIMEOUT });
}

// Frame times in the page while turning and zooming: one key a frame for
// `frames` frames (the turns' images drawn first), rAF to rAF.
async function frameTimes(page, frames = 48) {
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.ready === '4', CANVAS, { timeout: 30000 });
  return page.evaluate(async ([sel, n]) => {
    const canvas = document.querySelector(sel);
    const keys = ['ArrowRight', '+', 'ArrowRight', '-', 'ArrowLeft', '+', 'ArrowUp', '-'];
    const times = [];
    const frameMs = [];
    await new Promise((resolve) => {
      let i = 0;
      const step = (t) => {
        times.push(t);
        frameMs.push(Number(canvas.dataset.frameMs || 0));
        if (i >= n) { resolve(); return; }
        canvas.dispatchEvent(new KeyboardEvent('keydown', { key: keys[i % keys.length], bubbles: true, cancelable: true }));
        i += 1;
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    const gaps = times.slice(2).map((t, i) => t - times[i + 1]).sort((a, b) => a - b);
    const q = (p) => gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))];
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    return {
      frames: gaps.length, mean, median: q(0.5), p95: q(0.95), max: gaps[gaps.length - 1],
      fps: 1000 / mean, blitMax: Math.max(...frameMs), render: Number(canvas.dataset.renderMs), build: Number(canvas.dataset.buildMs),
      first: Number(canvas.dataset.firstMs), drawn: Number(canvas.dataset.drawn),
    };
  }, [CANVAS, frames]);
}

test('@timed The City: its end opens the city in 3-D, turned, zoomed and saved, by keyboard too; frame times', async ({ origin, open, alone }) => {
  const { page } = await open();
  // Main-thread tasks over 50 ms (to see the other sides drawn while idle
  // in slices, not one long task each).
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await toEnd(page, `${origin}/?seats=red,blue#${CITY}`);
  // (Timed, from the click to the other sides drawn: the machine to itself.)
  const { opened, first, idle, slice, whole } = await alone(async () => {
    const ms = await openView(page);
    const data = await canvasData(page);
    const drawnAt = await page.evaluate(() => performance.now());
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.ready === '4', CANVAS, { timeout: 30000 });
    return {
      opened: ms,
      first: data,
      idle: await page.evaluate((t) => window.__longTasks.filter((l) => l.start > t).map((l) => Math.round(l.duration)), drawnAt),
      slice: Number((await canvasData(page)).sliceMs),
      whole: Number((await canvasData(page)).renderMs),
    };
  });
  console.log(`[city3d] the other three sides drawn while idle: its longest slice ${slice} ms (a side ${whole} ms in all); the page's tasks over 50 ms meanwhile ${JSON.stringify(idle)} ms`);
  // (A slice is a task: a side drawn in one would take its whole time.)
  check(`the city: the other sides are drawn while idle in slices, the longest under half a side's time (${slice} of ${whole} ms)`,
    slice > 0 && slice < whole / 2, JSON.stringify({ slice, whole, idle }));
  check(`the city: drawn within a second of its code's arrival (${first.firstMs} ms; ${opened} ms from the click, its chunk fetched)`,
    Number(first.firstMs) <= 1000, JSON.stringify(first));
  const name = await page.textContent('[data-testid=city3d] h2');
  check('the city: the view is "The city in 3-D", opened by a button naming 3-D', /3-D/.test(name), name);
  const pixels = await painted(page, ['#b32b0a', '#0a34a8']);
  check('the city: the canvas is drawn, the players\' colours on it (pieces and marks)',
    pixels.share > 0.2 && pixels.found.every((n) => n > 20), JSON.stringify(pixels));
  await page.screenshot({ path: path.join(ARTIFACTS, 'city3d-city.png') });

  // The text alternative.
  const words = await page.$$eval('[data-testid=city3d-text] li', (els) => els.map((e) => e.textContent));
  check('the city: the text alternative names its size, wall, gate, towers, largest features and pieces',
    /^\d+ tiles, \d+ wide/.test(words[0]) && words.some((w) => /wall pieces stand round the city; the gate is on the/.test(w))
    && words.some((w) => /towers? stands? on the wall; the tallest is (Ann|Bob)'s/.test(w))
    && words.some((w) => /of \d+ tiles, scored by/.test(w)) && words.some((w) => /^Pieces standing on the board: /.test(w)),
    JSON.stringify(words));
  const described = await page.$eval(CANVAS, (c) => [c.getAttribute('role'), c.getAttribute('aria-label'),
    document.getElementById(c.getAttribute('aria-describedby'))?.children.length]);
  check('the city: the canvas is an image named and described by the text', described[0] === 'img' && /^The city in 3-D/.test(described[1]) && described[2] >= 4,
    JSON.stringify(described));

  // Turned and zoomed by the buttons.
  let n = Number(first.drawn);
  await page.click('[data-testid=city3d-turn-right]');
  let d = await drawnPast(page, n); n = Number(d.drawn);
  const seen = await page.textContent('[data-testid=city3d-seen]');
  check('the city: "Turn right" turns a quarter turn, and says from where it is seen', d.turn === '1' && seen === 'Seen from the south-west.', `${d.turn} ${seen}`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'city3d-city-turned.png') });
  await page.click('[data-testid=city3d-zoom-in]');
  d = await drawnPast(page, n); n = Number(d.drawn);
  check('the city: "Zoom in" zooms', d.zoom === '1.25', d.zoom);
  await page.click('[data-testid=city3d-zoom-out]');
  d = await drawnPast(page, n); n = Number(d.drawn);
  check('the city: "Zoom out" zooms out', d.zoom === '1', d.zoom);

  // By keyboard: the canvas takes the focus; ← → turn, + − zoom, 0 resets.
  await page.focus(CANVAS);
  await page.keyboard.press('ArrowRight');
  d = await drawnPast(page, n); n = Number(d.drawn);
  check('keyboard: → turns', d.turn === '2', d.turn);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.turn === '0', CANVAS, { timeout: TIMEOUT });
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.zoom === '1.563', CANVAS, { timeout: TIMEOUT });
  await page.keyboard.press('-');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.zoom === '1.25', CANVAS, { timeout: TIMEOUT });
  await page.keyboard.press('0');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.zoom === '1', CANVAS, { timeout: TIMEOUT });
  check('keyboard: ← turns back, + and − zoom, 0 resets', true);
  // Every control by Tab: the buttons and the canvas, inside the dialog.
  const reached = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    reached.push(await page.evaluate(() => document.activeElement.dataset.testid || document.activeElement.tagName));
  }
  check('keyboard: Tab reaches every control and stays in the view',
    ['city3d-turn-left', 'city3d-turn-right', 'city3d-zoom-in', 'city3d-zoom-out', 'city3d-reset', 'city3d-save', 'city3d-close', 'city3d-canvas']
      .every((id) => reached.includes(id)), JSON.stringify(reached));

  // The wheel zooms; a drag turns.
  const box = await page.$eval(CANVAS, (c) => { const r = c.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
  await page.mouse.move(box.x + box.w / 2, box.y + box.h / 2);
  await page.mouse.wheel(0, -120);
  await page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.zoom) > 1, CANVAS, { timeout: TIMEOUT });
  await page.mouse.down();
  await page.mouse.move(box.x + box.w / 2 + 120, box.y + box.h / 2, { steps: 6 });
  await page.mouse.up();
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.turn === '1', CANVAS, { timeout: TIMEOUT });
  check('pointer: the wheel zooms, a drag sideways turns a quarter turn', true);
  await page.click('[data-testid=city3d-reset]');

  await savePicture(page, 'city');
  await audit(page, 'the city in 3-D');

  // Frame times while turning and zooming (the machine to itself).
  const times = await alone(() => frameTimes(page));
  console.log(`[city3d] The City, full board (${await page.$$eval('[data-testid=city3d-text] li', (l) => l[0].textContent)}): `
    + `${times.frames} frames turning and zooming, one key a frame: mean ${times.mean.toFixed(1)} ms (${times.fps.toFixed(1)} fps), `
    + `median ${times.median.toFixed(1)}, p95 ${times.p95.toFixed(1)}, max ${times.max.toFixed(1)} ms; a frame's own drawing at most ${times.blitMax} ms; `
    + `a side's frame made by the view model ${times.build} ms, drawn whole ${times.render} ms; first drawing ${times.first} ms `
    + `(${opened} ms from the click, the chunk fetched)`);
  // (The figures are printed; the check is a floor a loaded machine keeps:
  // the frames at the display's 60 a second but for a few.)
  check(`frame times: 60 fps turning and zooming, but for a few frames (median ${times.median.toFixed(1)} ms, mean ${times.mean.toFixed(1)} ms)`,
    times.median < 17.5 && times.mean < 25 && times.blitMax < 16, JSON.stringify(times));

  // Esc closes; the focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await page.waitForSelector(VIEW, { state: 'detached', timeout: TIMEOUT });
  const focused = await page.evaluate(() => document.activeElement.dataset.testid);
  check('Esc closes the view, the focus back on its button', focused === 'city3d-open', focused);
});

test('classic with both expansions, in German: the board in 3-D from its end and from the replay', async ({ origin, open }) => {
  const { page } = await open();
  // A browser that shares files (a phone's): its share sheet stood in for.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: (d) => !!(d && d.files && d.files.length) });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (d) => { window.__shared = { title: d.title, files: d.files.map((f) => [f.name, f.type, f.size]) }; },
    });
  });
  await openFromEnd(page, `${origin}/?lang=de&seats=red,blue,green#${CLASSIC}`);
  const name = await page.textContent('[data-testid=city3d] h2');
  check('classic: the view speaks German ("Das Spielfeld in 3-D")', name === 'Das Spielfeld in 3-D', name);
  const pixels = await painted(page, ['#b32b0a', '#0a34a8', '#12b283']);
  check('classic: the canvas is drawn, the three players\' colours on it', pixels.share > 0.2 && pixels.found.every((k) => k > 20), JSON.stringify(pixels));
  await page.screenshot({ path: path.join(ARTIFACTS, 'city3d-classic.png') });
  const words = await page.$$eval('[data-testid=city3d-text] li', (els) => els.map((e) => e.textContent));
  check('classic: the text alternative in German: size, largest features, pieces, Old City\'s wood',
    /^\d+ Plättchen, \d+ breit/.test(words[0]) && words.some((w) => /aus \d+ Plättchen, gewertet für/.test(w))
    && words.some((w) => /^Figuren auf dem Spielfeld: /.test(w)) && words.some((w) => /Holzteile? der Altstadt/.test(w))
    && !words.some((w) => /Mauerstück|Turm/.test(w)), JSON.stringify(words));
  const n = Number((await canvasData(page)).drawn);
  await page.click('[data-testid=city3d-turn-left]');
  const d = await drawnPast(page, n);
  const seen = await page.textContent('[data-testid=city3d-seen]');
  check('classic: turned left, seen from the north-east', d.turn === '3' && seen === 'Von Nordosten aus gesehen.', `${d.turn} ${seen}`);
  await savePicture(page, 'classic');
  await page.click('[data-testid=city3d-share]');
  await page.waitForFunction(() => window.__shared, null, { timeout: TIMEOUT });
  const shared = await page.evaluate(() => window.__shared);
  const note = await page.textContent('[data-testid=city3d-note]');
  check('classic: where the browser shares files, "Share picture" hands the share sheet the PNG',
    shared.files.length === 1 && shared.files[0][1] === 'image/png' && shared.files[0][2] > 10000
    && shared.title === 'Das Spielfeld in 3-D' && note === 'Das Bild wurde geteilt.', JSON.stringify({ shared, note }));
  await audit(page, 'the board in 3-D, in German');
  await page.click('[data-testid=city3d-close]');
  await page.waitForSelector(VIEW, { state: 'detached', timeout: TIMEOUT });

  // From the replay, at an earlier position: the board as it was then.
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=game-over]', { state: 'detached', timeout: TIMEOUT });
  await page.click('[data-testid=replay-open]');
  await page.waitForSelector('[data-testid=replay-bar]', { timeout: TIMEOUT });
  await page.click('[data-testid=replay-first]');
  for (let i = 0; i < 12; i++) await page.click('[data-testid=replay-next]');
  await page.click('[data-testid=city3d-open-here]');
  await page.waitForSelector(VIEW, { timeout: TIMEOUT });
  await drawnPast(page, 0);
  const early = await page.$eval('[data-testid=city3d-text] li', (e) => e.textContent);
  const tiles = Number(early.split(' ')[0]);
  check(`the replay: the position shown in 3-D (${early})`, tiles >= 2 && tiles <= 8, early);
  await page.screenshot({ path: path.join(ARTIFACTS, 'city3d-replay.png') });
  await page.keyboard.press('Escape');
  await page.waitForSelector(VIEW, { state: 'detached', timeout: TIMEOUT });
  check('the replay: Esc leaves the view, the replay still open', !!(await page.$('[data-testid=replay-bar]')));
});

test('@phone the city in 3-D fills a phone\'s screen; two fingers zoom', async ({ origin, open }) => {
  const { page } = await open();
  await openFromEnd(page, `${origin}/?seats=red,blue#${CITY}`);
  const sizes = await page.evaluate(([view, canvas]) => {
    const d = document.querySelector(`${view} .dialog`) || document.querySelector('.dialog.city3d');
    const r = d.getBoundingClientRect();
    const c = document.querySelector(canvas).getBoundingClientRect();
    return { vw: innerWidth, vh: innerHeight, w: r.width, h: r.height, cw: c.width, ch: c.height };
  }, [VIEW, CANVAS]);
  check('phone: the view fills the screen, the canvas most of it',
    sizes.w >= sizes.vw - 1 && sizes.h >= sizes.vh - 1 && sizes.cw >= sizes.vw * 0.9 && sizes.ch >= sizes.vh * 0.5, JSON.stringify(sizes));
  const buttons = await page.$$eval('[data-testid=city3d-tools] button', (bs) => bs.map((b) => { const r = b.getBoundingClientRect(); return [r.width, r.height, r.right]; }));
  check('phone: every control a finger wide, within the screen', buttons.every(([w, h, right]) => w >= 44 && h >= 44 && right <= sizes.vw),
    JSON.stringify(buttons));
  await page.screenshot({ path: path.join(ARTIFACTS, 'city3d-phone.png') });
  // Two fingers pinched apart: zoomed in.
  const zoom = await page.$eval(CANVAS, async (c) => {
    const r = c.getBoundingClientRect();
    const at = (id, x, y, type) => c.dispatchEvent(new PointerEvent(type, {
      pointerId: id, pointerType: 'touch', clientX: r.x + x, clientY: r.y + y, bubbles: true, isPrimary: id === 1,
    }));
    const mx = r.width / 2; const my = r.height / 2;
    at(1, mx - 20, my, 'pointerdown');
    at(2, mx + 20, my, 'pointerdown');
    for (let k = 1; k <= 5; k++) at(2, mx + 20 + 16 * k, my, 'pointermove');
    at(2, mx + 100, my, 'pointerup');
    at(1, mx - 20, my, 'pointerup');
    await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
    return Number(c.dataset.zoom);
  });
  check(`phone: two fingers pinched apart zoom in (${zoom})`, zoom > 1.5, String(zoom));
  await audit(page, 'the city in 3-D on a phone');
});
