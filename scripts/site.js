#!/usr/bin/env node
// Builds the game's static site: one wasm build, split into the page's
// module and the chunks it loads when first needed, with its JavaScript,
// stylesheet, language files, service worker and index.html.
//
//   1. cargo builds the one binary (src/main.rs) for wasm32, its relocations
//      kept (.cargo/config.toml) so that it can be split;
//   2. wasm-split-cli splits it at the functions of src/ui/chunks.rs: the
//      page's module (main.wasm) and a chunk per split point (split_*.wasm,
//      with the code two of them share in chunk_*.wasm), and writes their
//      loader (__wasm_split.js);
//   3. wasm-bindgen writes the page's module's glue (--target web);
//   4. wasm-opt optimises each file (release);
//   5. every file of the build is named after one hash of all of them
//      (app-<hash>.js, split_computer-<hash>.wasm…), the names inside them
//      rewritten to match, so that a deploy never mixes two builds;
//   6. index.html gets their names, boot.js the loading sign's words
//      (pack-lang.js), and sw.js the list of files to precache
//      (precache.sh).
//
// The page and its workers run the same module (src/main.rs, web/worker.js):
// each engine, and every other piece of code, ships once (docs/loading.md).
//
// Usage: node scripts/site.js [--dev] [--out DIR]
//   --dev   a debug build, not optimised, whose service worker caches nothing
//   --out   where the site goes (default dist/)
//   --trunk as Trunk's hook (Trunk.toml): into $TRUNK_STAGING_DIR, a debug
//           build unless $TRUNK_PROFILE is release
// Needs cargo with the wasm32 target, wasm-split-cli, wasm-bindgen (at
// Cargo.lock's version) and wasm-opt on PATH: scripts/setup.sh installs them.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const trunk = args.includes('--trunk');
const dev = args.includes('--dev') || (trunk && process.env.TRUNK_PROFILE !== 'release');
const outArg = args.indexOf('--out');
const OUT = path.resolve(trunk ? process.env.TRUNK_STAGING_DIR
  : outArg >= 0 ? args[outArg + 1] : path.join(ROOT, 'dist'));
const TARGET = process.env.CARGO_TARGET_DIR
  ? path.resolve(process.env.CARGO_TARGET_DIR)
  : path.join(ROOT, 'target');
const SITE = path.join(TARGET, 'site');
const STAGE = path.join(SITE, 'stage');

// wasm-opt's settings for each kind of file. The page's module holds the
// engines, run by the page and by the computer's worker: -O3's inlining
// would grow the whole page for the search's sake, so the page gets -Oz
// (rustc already optimised the engines for speed: Cargo.toml's profile;
// docs/loading.md has the figures). The computer's chunk is only ever run
// in a worker and runs the search: speed.
// --low-memory-unused: no address below 1 KiB is ever used (Rust's stack
// comes first), so constant offsets fold into loads and stores.
const FEATURES = [
  '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue',
];
function optFlags(file) {
  const speed = /^split_computer\.wasm$/.test(file);
  return [...(speed ? ['-O3'] : ['-Oz', '--converge']), '--low-memory-unused', '--strip-producers', ...FEATURES];
}

// A script of ours without the lines that are only a `//` comment (ours
// have no multi-line template literals, so such a line is always one).
function withoutCommentLines(text) {
  return text.split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
}

function run(cmd, argv, options = {}) {
  const t0 = Date.now();
  execFileSync(cmd, argv, { stdio: 'inherit', cwd: ROOT, ...options });
  return Date.now() - t0;
}

function say(text) {
  process.stderr.write(`[site] ${text}\n`);
}

function build() {
  const profile = dev ? 'dev' : 'release';
  say(`cargo build (${profile}, wasm32)`);
  run('cargo', ['build', '--target', 'wasm32-unknown-unknown', '-p', 'the-city', '--bin', 'the-city',
    '--features', 'split', '--profile', profile]);
  const wasm = path.join(TARGET, 'wasm32-unknown-unknown', dev ? 'debug' : 'release', 'the-city.wasm');

  fs.rmSync(STAGE, { recursive: true, force: true });
  fs.mkdirSync(STAGE, { recursive: true });
  say('wasm-split-cli');
  run('wasm-split-cli', [wasm, STAGE], { stdio: ['ignore', 'ignore', 'inherit'] });
  say('wasm-bindgen');
  run('wasm-bindgen', [path.join(STAGE, 'main.wasm'), '--out-dir', STAGE, '--target', 'web',
    '--keep-lld-exports', '--no-typescript', ...(dev ? ['--keep-debug'] : [])]);
  fs.rmSync(path.join(STAGE, 'main.wasm'));
  if (!dev) {
    for (const f of fs.readdirSync(STAGE).filter((f) => f.endsWith('.wasm'))) {
      const file = path.join(STAGE, f);
      say(`wasm-opt ${f} ${optFlags(f)[0]}`);
      run('wasm-opt', [...optFlags(f), file, '-o', file]);
    }
  }
}

// The stylesheet without comments and layout whitespace.
function stylesheet() {
  const out = path.join(SITE, 'style.css');
  run('node', [path.join(ROOT, 'scripts', 'min-css.js'), path.join(ROOT, 'static', 'style.css'), out]);
  return fs.readFileSync(out);
}

function assemble() {
  const staged = fs.readdirSync(STAGE).filter((f) => /\.(wasm|js)$/.test(f)).sort();
  const css = stylesheet();
  // One hash of the whole build names every file of it.
  const h = crypto.createHash('sha256');
  for (const f of staged) h.update(f).update(fs.readFileSync(path.join(STAGE, f)));
  h.update(css);
  const hash = h.digest('hex').slice(0, 16);
  const named = (f) => {
    if (f === 'main.js') return `app-${hash}.js`;
    if (f === 'main_bg.wasm') return `app-${hash}_bg.wasm`;
    if (f === '__wasm_split.js') return `split-${hash}.js`;
    return f.replace(/\.(wasm|js)$/, `-${hash}.$1`);
  };

  // `trunk serve` put its live-reload script into the index.html it
  // staged: it goes into ours (a debug build's CSP allows it: precache.sh).
  let reload = '';
  if (trunk && fs.existsSync(path.join(OUT, 'index.html'))) {
    const staged = fs.readFileSync(path.join(OUT, 'index.html'), 'utf8');
    reload = (staged.match(/<script>[\s\S]*?<\/script>/g) || []).filter((t) => /trunk/i.test(t)).join('\n');
  }
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  for (const f of staged) {
    let bytes = fs.readFileSync(path.join(STAGE, f));
    if (f.endsWith('.js')) {
      // The names the files give each other: the glue imports the split
      // loader, which imports the glue and fetches the chunks.
      // (Only in `import … from "./x"` and `new URL("./x", …)`: the glue's
      // import object keeps the module names the wasm itself imports.)
      let text = bytes.toString('utf8');
      for (const other of staged) {
        for (const q of ['"', "'"]) {
          text = text.split(`from ${q}./${other}${q}`).join(`from ${q}./${named(other)}${q}`);
          text = text.split(`URL(${q}./${other}${q}`).join(`URL(${q}./${named(other)}${q}`);
        }
      }
      text = text.split("URL('main_bg.wasm'").join(`URL('${named('main_bg.wasm')}'`);
      bytes = Buffer.from(text);
    }
    fs.writeFileSync(path.join(OUT, named(f)), bytes);
  }
  if (fs.existsSync(path.join(STAGE, 'snippets'))) {
    fs.cpSync(path.join(STAGE, 'snippets'), path.join(OUT, 'snippets'), { recursive: true });
  }
  const cssName = `style-${hash}.css`;
  fs.writeFileSync(path.join(OUT, cssName), css);

  // What every visit needs beside the code. Our own scripts go without
  // their comment lines (a release build: docs/loading.md), as the
  // stylesheet goes without its comments.
  for (const f of ['boot.js', 'worker.js']) {
    const text = fs.readFileSync(path.join(ROOT, 'web', f), 'utf8');
    fs.writeFileSync(path.join(OUT, f), dev ? text : withoutCommentLines(text));
  }
  fs.copyFileSync(path.join(ROOT, 'web', 'manifest.webmanifest'), path.join(OUT, 'manifest.webmanifest'));
  fs.mkdirSync(path.join(OUT, 'static', 'lang'), { recursive: true });
  for (const f of ['favicon.svg', 'icon-192.png', 'icon-512.png']) {
    fs.copyFileSync(path.join(ROOT, 'static', f), path.join(OUT, 'static', f));
  }
  for (const f of fs.readdirSync(path.join(ROOT, 'static', 'lang'))) {
    fs.copyFileSync(path.join(ROOT, 'static', 'lang', f), path.join(OUT, 'static', 'lang', f));
  }
  // The puzzles' sets (issue 40): fetched when the puzzles first show, and
  // precached like every file for the daily puzzle offline.
  fs.mkdirSync(path.join(OUT, 'static', 'puzzles'), { recursive: true });
  for (const f of fs.readdirSync(path.join(ROOT, 'static', 'puzzles'))) {
    if (f.endsWith('.json')) {
      fs.copyFileSync(path.join(ROOT, 'static', 'puzzles', f), path.join(OUT, 'static', 'puzzles', f));
    }
  }

  const js = named('main.js');
  const wasm = named('main_bg.wasm');
  let index = fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8');
  const fill = { '{{css}}': cssName, '{{js}}': js, '{{wasm}}': wasm };
  for (const [k, v] of Object.entries(fill)) {
    if (!index.includes(k)) throw new Error(`index.html lacks ${k}`);
    index = index.split(k).join(v);
  }
  if (reload) index = index.replace('</body>', `${reload}\n</body>`);
  fs.writeFileSync(path.join(OUT, 'index.html'), index);

  // The language files packed, the loading sign's words in boot.js, then
  // the service worker's list (it hashes what the others wrote).
  run('node', [path.join(ROOT, 'scripts', 'pack-lang.js'), path.join(OUT, 'static', 'lang')]);
  run('bash', [path.join(ROOT, 'scripts', 'precache.sh')], {
    env: { ...process.env, TRUNK_SOURCE_DIR: ROOT, TRUNK_STAGING_DIR: OUT, TRUNK_PROFILE: dev ? 'debug' : 'release' },
  });
  say(`${OUT}: ${fs.readdirSync(OUT).length} entries, build ${hash}`);
}

const t0 = Date.now();
build();
assemble();
say(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
