// A summary after the list reporter: per spec file, its tests, the named
// checks they passed (fixtures.js `check`) and the time its tests took
// (summed over both workers, so more than the wall time they took), and the
// totals. Also written as JSON to tests/e2e/artifacts/summary.json.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  onBegin(config) {
    this.config = config;
    this.started = Date.now();
    this.files = new Map();
  }

  onTestEnd(test, result) {
    const file = path.basename(test.location.file);
    const f = this.files.get(file) || { tests: 0, passed: 0, failed: 0, skipped: 0, checks: 0, failedChecks: 0, ms: 0, slowest: [] };
    f.tests++;
    if (result.status === 'passed') f.passed++;
    else if (result.status === 'skipped') f.skipped++;
    else f.failed++;
    f.ms += result.duration;
    f.slowest.push([result.duration, test.title]);
    (this.timeline = this.timeline || []).push({
      file, title: test.title, worker: result.parallelIndex, start: result.startTime.getTime() - this.started,
      ms: result.duration, status: result.status,
    });
    for (const a of (result.annotations && result.annotations.length ? result.annotations : test.annotations)) {
      if (a.type === 'cpu') {
        f.cpu = (f.cpu || 0) + Number(a.description);
        f.cpuTests = [...(f.cpuTests || []), [Number(a.description), test.title]];
      }
      const m = a.type === 'checks' && /^(\d+) passed, (\d+) failed$/.exec(a.description || '');
      if (m) {
        f.checks += Number(m[1]);
        f.failedChecks += Number(m[2]);
      }
    }
    this.files.set(file, f);
  }

  onEnd(result) {
    const rows = [...this.files.entries()].sort((a, b) => a[0].localeCompare(b[0]));
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const lines = ['', 'per file: tests (failed), checks passed (failed), time of its tests'];
    const total = { tests: 0, failed: 0, checks: 0, failedChecks: 0, ms: 0 };
    for (const [file, f] of rows) {
      lines.push(`  ${file.padEnd(26)} ${String(f.tests).padStart(3)} (${f.failed})  ${String(f.checks).padStart(4)} (${f.failedChecks})  ${s(f.ms).padStart(8)}${f.cpu === undefined ? '' : `  cpu ${f.cpu.toFixed(1)} s`}`);
      for (const k of Object.keys(total)) total[k] += f[k];
    }
    const wall = Date.now() - this.started;
    lines.push(`  ${'total'.padEnd(26)} ${String(total.tests).padStart(3)} (${total.failed})  ${String(total.checks).padStart(4)} (${total.failedChecks})  ${s(total.ms).padStart(8)}`);
    lines.push(`  wall time ${s(wall)} with ${this.config.workers} workers: ${result.status}`);
    console.log(lines.join('\n'));
    const out = path.join(__dirname, 'artifacts', 'summary.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify({
      status: result.status, wall_ms: wall, workers: this.config.workers,
      files: Object.fromEntries(rows.map(([file, f]) => [file, { ...f, slowest: f.slowest.sort((a, b) => b[0] - a[0]).slice(0, 5) }])),
      timeline: (this.timeline || []).sort((a, b) => a.start - b.start),
    }, null, 1));
  }

  printsToStdio() {
    return true;
  }
}

module.exports = SummaryReporter;
