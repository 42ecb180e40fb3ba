#!/usr/bin/env node
// Measures the built game (dist/, from `node scripts/site.js`):
//   - what a visit downloads, gzipped: before the new-game form, and
//     everything for offline play (tests/e2e/build.js);
//   - first render on localhost: from navigation start to the new-game form
//     in the DOM, and the first contentful paint;
//   - re-render after a move on a full board: `?bench=2` loads a 2-player
//     game with the full stacks played at random up to its last tile (74
//     tiles placed); placing the 75th is timed from the click on "Place tile"
//     to the DOM holding 75 tiles, and to the next animation frame; the same
//     for classic Carcassonne with both expansions (`?bench=2&game=classic`:
//     the whole pile played up to its last tile);
//   - a pan on that board: from the key press to the new viewBox, and that
//     no tile, piece or target element changed;
//   - a mouse drag and a burst of wheel turns on that board: the median
//     interval between frames meanwhile (16.7 ms is 60 frames a second).
// Prints one JSON object and a human summary. Times are medians of RUNS.
//
// Usage: node tests/e2e/measure.js   Env: RUNS (default 5), DIST, CHROMIUM
'use strict';

const { startServer, launch, openPage, requireBuild, runMain } = require('./common.js');
const { shippedSizes } = require('./build.js');

const RUNS = Number(process.env.RUNS || 5);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function firstRender(browser, origin) {
  const { page, context, problems } = await openPage(browser);
  await page.addInitScript(() => {
    const obs = new MutationObserver(() => {
      if (!window.__formAt && document.querySelector('[data-testid=new-game-form]')) {
        window.__formAt = performance.now();
        obs.disconnect();
      }
    });
    document.addEventListener('DOMContentLoaded', () =>
      obs.observe(document.body, { childList: true, subtree: true }));
  });
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid=new-game-form]');
  const r = await page.evaluate(() => ({
    form: window.__formAt,
    fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null,
  }));
  await context.close();
  if (problems.length) throw new Error(problems.join('\n'));
  return r;
}

async function fullBoardMove(browser, origin, query) {
  const { page, context, problems } = await openPage(browser);
  await page.goto(`${origin}/?${query}`, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid=play][data-decision=place]', { timeout: 60000 });
  const before = Number(await page.getAttribute('.tiles', 'data-count'));
  const target = String(before + 1);
  await page.click('[data-cell][data-legal=now]');
  await page.waitForSelector('[data-testid=ghost]');
  const move = await page.evaluate((target) => new Promise((resolve) => {
    const button = document.querySelector('[data-testid=confirm]');
    const t0 = performance.now();
    button.click();
    const sync = document.querySelector('.tiles').dataset.count;
    const t1 = performance.now();
    const done = (dom) => requestAnimationFrame(() => {
      const t2 = performance.now();
      setTimeout(() => resolve({ dom, frame: t2 - t0, after_click_count: sync }), 0);
    });
    if (sync === target) {
      done(t1 - t0);
      return;
    }
    const obs = new MutationObserver(() => {
      if (document.querySelector('.tiles').dataset.count === target) {
        obs.disconnect();
        done(performance.now() - t0);
      }
    });
    obs.observe(document.body, { subtree: true, attributes: true, childList: true });
  }), target);
  const after = Number(await page.getAttribute('.tiles', 'data-count'));
  // A pan: only the viewBox may change.
  const pan = await page.evaluate(() => new Promise((resolve) => {
    const svg = document.querySelector('[data-testid=board]');
    let changed = 0;
    const obs = new MutationObserver((list) => {
      for (const m of list) {
        if (!(m.target === svg && m.attributeName === 'viewBox')) changed++;
      }
    });
    obs.observe(svg, { subtree: true, attributes: true, childList: true, characterData: true });
    const vb = svg.getAttribute('viewBox');
    const t0 = performance.now();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    const check = () => {
      if (svg.getAttribute('viewBox') !== vb) {
        const t1 = performance.now();
        requestAnimationFrame(() => {
          const t2 = performance.now();
          setTimeout(() => {
            obs.disconnect();
            resolve({ dom: t1 - t0, frame: t2 - t0, other_mutations: changed });
          }, 50);
        });
      } else {
        setTimeout(check, 0);
      }
    };
    check();
  }));
  // A mouse drag across the full board: the frame intervals while it moves.
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const loop = (t) => {
      if (window.__dragging) window.__frames.push(t - last);
      last = t;
      if (window.__frames.length < 200) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  const b = await page.locator('[data-testid=board]').boundingBox();
  await page.mouse.move(b.x + 200, b.y + 300);
  await page.mouse.down();
  await page.evaluate(() => { window.__dragging = true; });
  for (let i = 1; i <= 30; i++) await page.mouse.move(b.x + 200 + i * 6, b.y + 300 + i * 3);
  await page.evaluate(() => { window.__dragging = false; });
  await page.mouse.up();
  const frames = await page.evaluate(() => window.__frames.splice(0));
  // Wheel turns in quick succession over the full board.
  await page.evaluate(() => { window.__dragging = true; });
  for (let i = 0; i < 12; i++) {
    await page.mouse.wheel(0, i < 6 ? -60 : 60);
    await page.waitForTimeout(16);
  }
  await page.evaluate(() => { window.__dragging = false; });
  const wheelFrames = await page.evaluate(() => window.__frames.splice(0));
  await page.waitForTimeout(300);
  await context.close();
  if (problems.length) throw new Error(problems.join('\n'));
  return { before, after, move, pan, drag: median(frames), wheel: median(wheelFrames) };
}

async function main() {
  requireBuild();
  const { server, origin } = await startServer();
  const browser = await launch();
  try {
    const size = shippedSizes();
    const renders = [];
    for (let i = 0; i < RUNS; i++) renders.push(await firstRender(browser, origin));
    const moves = [];
    for (let i = 0; i < RUNS; i++) moves.push(await fullBoardMove(browser, origin, 'bench=2'));
    // Classic Carcassonne with both expansions, its whole pile played.
    const classic = [];
    for (let i = 0; i < RUNS; i++) classic.push(await fullBoardMove(browser, origin, 'bench=2&game=classic'));
    const out = {
      size,
      first_render_ms: median(renders.map((r) => r.form)),
      first_contentful_paint_ms: median(renders.map((r) => r.fcp)),
      full_board: { tiles_before: moves[0].before, tiles_after: moves[0].after },
      move_dom_ms: median(moves.map((m) => m.move.dom)),
      move_frame_ms: median(moves.map((m) => m.move.frame)),
      pan_dom_ms: median(moves.map((m) => m.pan.dom)),
      pan_frame_ms: median(moves.map((m) => m.pan.frame)),
      pan_other_mutations: Math.max(...moves.map((m) => m.pan.other_mutations)),
      drag_frame_interval_ms: median(moves.map((m) => m.drag)),
      wheel_frame_interval_ms: median(moves.map((m) => m.wheel)),
      classic: {
        full_board: { tiles_before: classic[0].before, tiles_after: classic[0].after },
        move_dom_ms: median(classic.map((m) => m.move.dom)),
        move_frame_ms: median(classic.map((m) => m.move.frame)),
        pan_dom_ms: median(classic.map((m) => m.pan.dom)),
        pan_other_mutations: Math.max(...classic.map((m) => m.pan.other_mutations)),
        drag_frame_interval_ms: median(classic.map((m) => m.drag)),
      },
      runs: RUNS,
    };
    console.log(JSON.stringify(out, null, 2));
    const kb = (b) => `${(b / 1024).toFixed(1)} KiB`;
    console.log(`downloaded, gzipped: ${kb(size.first_gzip)} before the new-game form; ${kb(size.offline_gzip)} for offline play`);
    console.log(`first render: ${out.first_render_ms.toFixed(0)} ms (first contentful paint ${out.first_contentful_paint_ms && out.first_contentful_paint_ms.toFixed(0)} ms)`);
    console.log(`move on a ${out.full_board.tiles_after}-tile board: DOM ${out.move_dom_ms.toFixed(1)} ms, next frame ${out.move_frame_ms.toFixed(1)} ms`);
    const c = out.classic;
    console.log(`classic: move on a ${c.full_board.tiles_after}-tile board: DOM ${c.move_dom_ms.toFixed(1)} ms, next frame ${c.move_frame_ms.toFixed(1)} ms; pan DOM ${c.pan_dom_ms.toFixed(1)} ms (other elements changed: ${c.pan_other_mutations}); drag frames ${c.drag_frame_interval_ms.toFixed(1)} ms`);
    console.log(`pan (arrow key): DOM ${out.pan_dom_ms.toFixed(1)} ms, next frame ${out.pan_frame_ms.toFixed(1)} ms, other elements changed: ${out.pan_other_mutations}`);
    console.log(`drag: median frame interval ${out.drag_frame_interval_ms.toFixed(1)} ms while the pointer moves`);
    console.log(`wheel: median frame interval ${out.wheel_frame_interval_ms.toFixed(1)} ms while the wheel turns`);
  } finally {
    await browser.close();
    server.close();
  }
  return 0;
}

runMain(main);
