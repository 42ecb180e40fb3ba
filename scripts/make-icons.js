#!/usr/bin/env node
// Renders static/favicon.svg into the web manifest's PNG icons
// (static/icon-192.png, static/icon-512.png) with headless Chromium. Run by
// hand after changing the favicon: node scripts/make-icons.js
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, launch } = require('../tests/e2e/common.js');

(async () => {
  const browser = await launch();
  const svg = fs.readFileSync(path.join(ROOT, 'static', 'favicon.svg'), 'utf8');
  for (const n of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: n, height: n } });
    await page.setContent(`<body style="margin:0">${svg.replace('<svg ', `<svg width="${n}" height="${n}" `)}</body>`);
    await page.screenshot({ path: path.join(ROOT, 'static', `icon-${n}.png`), omitBackground: true });
    await page.close();
  }
  await browser.close();
})();
