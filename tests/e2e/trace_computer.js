#!/usr/bin/env node
// A diagnostic, not a test (scripts/test.sh does not run it): what the
// page's main thread does while the computer is to move, the windows that
// tests/e2e/computer.spec.js checks for long tasks. Plays a human against hard
// for a few turns under a Chrome trace and prints the main thread's tasks
// that overlap the computer's turns, grouped by kind, then the largest.
//
// Usage (build dist/ first: node scripts/site.js):
//   node tests/e2e/trace_computer.js [SEED] [TURNS]        classic, seed 12, 3 turns
//   CITY=1 node tests/e2e/trace_computer.js 21 2           The City
//   DIST=DIR PROF=1 node tests/e2e/trace_computer.js       also a CPU profile by
//     function; names need a build whose app link in index.html has
//     data-wasm-opt="0" data-keep-debug, into DIR.
const { PLAY: play, startServer, launch, openPage, classicForm, humansTurn, humanTurn } = require('./common.js');
(async () => {
  const { server, origin } = await startServer(process.env.DIST ? { dist: process.env.DIST } : {});
  const browser = await launch();
  const { page } = await openPage(browser);
  const cdp = await page.context().newCDPSession(page);
  await page.addInitScript(() => {
    let on = false;
    new MutationObserver(() => {
      const p = document.querySelector('[data-testid=play]');
      const now = !!p && p.dataset.computer === 'true';
      if (now !== on) { performance.mark(now ? 'comp-on' : 'comp-off'); on = now; }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-computer'] });
  });
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.waitForSelector('#worker-status.ready', { state: 'attached' });
  await page.waitForSelector('[data-testid=new-game-form]');
  if (process.env.CITY) { await page.check('[data-testid=game-the-city]'); } else await classicForm(page, { tiles: 20 });
  await page.selectOption('[data-testid=kind-0]', 'human');
  await page.selectOption('[data-testid=kind-1]', 'hard');
  await page.selectOption('[data-testid=new-speed]', 'fast');
  if (process.env.CITY) await page.click('[data-testid=preset-short]');
  await page.click('.advanced summary');
  await page.fill('[data-testid=seed]', process.argv[2] || '12');
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'blink.user_timing,devtools.timeline,toplevel,v8.execute,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  if (process.env.PROF) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); }
  await page.click('[data-testid=start-game]');
  await page.waitForSelector(play);
  if (process.env.PROF) await cdp.send('Profiler.start');
  await page.waitForSelector(play);
  for (let i = 0; i < Number(process.argv[3] || 3); i++) { await humanTurn(page); await humansTurn(page); }
  if (process.env.PROF) {
    const { profile } = await cdp.send('Profiler.stop');
    const self = {}; const dt = profile.timeDeltas; const byId = {};
    for (const n of profile.nodes) byId[n.id] = n;
    const parent = {}; for (const n of profile.nodes) for (const c of n.children || []) parent[c] = n.id;
    const counts = {}; for (const s of profile.samples) counts[s] = (counts[s] || 0) + 1;
    const incl = {};
    for (const [id, c] of Object.entries(counts)) {
      const seen = new Set(); let x = Number(id);
      self[byId[x].callFrame.functionName] = (self[byId[x].callFrame.functionName] || 0) + c;
      while (x !== undefined) { const f = byId[x].callFrame.functionName || '(anon)'; if (!seen.has(f)) { incl[f] = (incl[f] || 0) + c; seen.add(f); } x = parent[x]; }
    }
    const ms = (c) => (c * 0.2).toFixed(1);
    console.log('SELF'); for (const [f, c] of Object.entries(self).sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(ms(c), f.slice(0, 140));
    console.log('INCL'); for (const [f, c] of Object.entries(incl).sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(ms(c), f.slice(0, 140));
  }
  await cdp.send('Tracing.end');
  await done;
  // main thread of renderer: find thread with CrRendererMain
  const names = {};
  for (const e of events) if (e.name === 'thread_name') names[`${e.pid}:${e.tid}`] = e.args.name;
  const main = new Set(Object.entries(names).filter(([, n]) => n === 'CrRendererMain').map(([k]) => k));
  const all = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask');
  const top = all.filter((e) => e.dur > 8000);
  const marks = events.filter((e) => e.name === 'comp-on' || e.name === 'comp-off').map((e) => [e.name, e.ts]).sort((a,b)=>a[1]-b[1]);
  const spans = []; for (const [n, ts] of marks) { if (n === 'comp-on') spans.push([ts, Infinity]); else if (spans.length) spans[spans.length-1][1] = ts; }
  console.log('spans', spans.map(([a,b]) => ((b-a)/1000).toFixed(0)+'ms').join(' '));
  const inSpan = (t) => spans.some(([a, b]) => t.ts < b && t.ts + t.dur > a);
  for (const t of top) t.comp = inSpan(t);
  const comp = all.filter(inSpan);
  const kid = (t) => { const k = events.find((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X' && e.ts >= t.ts && e.ts + (e.dur||0) <= t.ts + t.dur && e !== t && e.name !== 'ThreadControllerImpl::RunTask'); return k ? k.name : '-'; };
  const hist = {}; for (const t of comp) { const k = kid(t); hist[k] = hist[k] || []; hist[k].push(t.dur / 1000); }
  for (const [k, v] of Object.entries(hist)) { v.sort((a, b) => b - a); console.log('COMP tasks', k, v.length, 'sum', v.reduce((a, b) => a + b, 0).toFixed(0), 'top', v.slice(0, 6).map((x) => x.toFixed(1)).join(',')); }
  top.sort((a, b) => b.dur - a.dur);
  for (const t of top.slice(0, 12)) {
    const kids = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X' && e.ts >= t.ts && e.ts + (e.dur||0) <= t.ts + t.dur && e !== t && e.dur > 2000);
    console.log(t.comp ? 'COMP' : '    ', (t.dur / 1000).toFixed(1), 'ms', kids.map((k) => `${k.name}${k.args && k.args.data && k.args.data.functionName ? '(' + k.args.data.functionName + ')' : ''}${k.args && k.args.data && k.args.data.type ? '[' + k.args.data.type + ']' : ''}:${(k.dur / 1000).toFixed(1)}`).slice(0, 12).join(' '));
  }
  await browser.close(); server.close();
})().catch((e) => { console.error(e); process.exit(1); });
