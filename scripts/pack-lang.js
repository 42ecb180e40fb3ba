#!/usr/bin/env node
// Run by scripts/site.js, before precache.sh: packs the build's
// language files (dist/static/lang/*.txt) for the page, which reads them by
// position (crates/i18n/src/catalog.rs) and so needs neither their comments nor
// their key names. Each language file stays within 24 KiB gzipped (issue
// 29's 20 KiB until issues 38 and 39 added 2.0–2.3 KB to each: measured in
// docs/loading.md) as the game's messages grow.
//
// Packed: comments and blank lines go; the `@keys` line stays as it is; a
// message's key becomes `-` (`-=Eine neue Stadt`), a counted message's forms
// `a..one`, `a..other` (the next counted message `b..…`, then `a..…`: the
// page joins consecutive forms of one base into one message, so two counted
// messages in a row need two bases). The sources in static/lang keep their
// keys and comments for translators and for `cargo test --test languages`.
// Idempotent: a packed file packs to itself.
//
// Usage: node scripts/pack-lang.js [DIR]   (default: $TRUNK_STAGING_DIR/static/lang)
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const dir = process.argv[2]
  || path.join(process.env.TRUNK_STAGING_DIR || path.join(__dirname, '..', 'dist'), 'static', 'lang');

// As catalog::split_key: a key with two dots ends in its plural category.
function splitKey(key) {
  const dots = key.split('.').length - 1;
  const at = key.lastIndexOf('.');
  return dots === 2 ? [key.slice(0, at), key.slice(at + 1)] : [key, null];
}

function pack(text) {
  const out = [];
  let lastBase = '';
  let base = 'b';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('@')) {
      out.push(line);
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) throw new Error(`not a "key = text" line: ${line}`);
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    const [b, category] = splitKey(key);
    if (category === null) {
      out.push(`-=${value}`);
    } else {
      // A new counted message: the other base.
      if (b !== lastBase) base = base === 'a' ? 'b' : 'a';
      out.push(`${base}..${category}=${value}`);
    }
    lastBase = b;
  }
  return out.join('\n') + '\n';
}

if (!fs.existsSync(dir)) {
  console.error(`pack-lang.js: no ${dir}`);
  process.exit(1);
}
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()) {
  const file = path.join(dir, f);
  const text = fs.readFileSync(file, 'utf8');
  const packed = pack(text);
  if (packed !== text) fs.writeFileSync(file, packed);
}

// The loading sign's words (web/boot.js shows them before the game runs):
// each language's `boot.*` messages, from the sources in static/lang (the
// staged files are packed: no keys), written into the staged boot.js.
const BOOT_KEYS = ['boot.loading', 'boot.failed'];
const bootJs = path.join(dir, '..', '..', 'boot.js');
if (fs.existsSync(bootJs)) {
  const sources = path.join(__dirname, '..', 'static', 'lang');
  const words = {};
  for (const f of fs.readdirSync(sources).filter((f) => f.endsWith('.txt')).sort()) {
    const said = {};
    for (const raw of fs.readFileSync(path.join(sources, f), 'utf8').split('\n')) {
      const eq = raw.indexOf('=');
      const key = raw.slice(0, eq).trim();
      if (eq > 0 && BOOT_KEYS.includes(key)) said[key] = raw.slice(eq + 1).trim();
    }
    if (BOOT_KEYS.every((k) => said[k])) words[f.replace(/\.txt$/, '')] = said;
  }
  const js = fs.readFileSync(bootJs, 'utf8');
  const marker = /const WORDS = \{.*\};/;
  if (!marker.test(js)) {
    console.error('pack-lang.js: no `const WORDS = {…};` line in boot.js');
    process.exit(1);
  }
  const out = js.replace(marker, () => `const WORDS = ${JSON.stringify(words)};`);
  if (out !== js) fs.writeFileSync(bootJs, out);
}
