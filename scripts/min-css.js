#!/usr/bin/env node
// Writes the page's stylesheet static/style.css without its comments and
// layout whitespace (scripts/site.js runs it): about 1.1 KB less gzipped
// before every first screen (docs/loading.md).
//
// Deliberately conservative, so that no rule can change: comments become a
// space, runs of whitespace become one space, and the spaces next to { } ;
// go. Strings are copied as they are. Nothing is renamed, merged or
// reordered (Trunk's own minifier rewrites media queries into the range
// syntax older Safari ignores). Rewrites the output only when it changes, so
// `trunk serve` does not see a change of its own making.
//
// Usage: node scripts/min-css.js [IN] [OUT]
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const input = process.argv[2] || path.join(root, 'static', 'style.css');
const output = process.argv[3] || path.join(root, 'target', 'site', 'style.css');

function minify(css) {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const c = css[i];
    if (c === '"' || c === "'") {
      // A string, escapes included, up to its closing quote.
      let j = i + 1;
      while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
      out += css.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) throw new Error(`${input}: unclosed comment`);
      out += ' ';
      i = end + 2;
    } else if (/\s/.test(c)) {
      out += ' ';
      while (i < css.length && /\s/.test(css[i])) i++;
    } else {
      out += c;
      i++;
    }
  }
  // Whitespace (now single spaces outside strings) next to { } ; goes; a
  // space inside a string is never next to one of these outside it, since
  // strings were copied whole above and are re-matched here the same way.
  return out
    .replace(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')| *([{};]) */g, (m, str, p) => str || p)
    .trim() + '\n';
}

const css = minify(fs.readFileSync(input, 'utf8'));
fs.mkdirSync(path.dirname(output), { recursive: true });
if (!fs.existsSync(output) || fs.readFileSync(output, 'utf8') !== css) {
  fs.writeFileSync(output, css);
}
