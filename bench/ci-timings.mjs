// Where CI's time goes: reads the output of `.ci/run` (or of `npm test`) and prints, as
// Markdown, each Vitest file's and each Playwright spec's duration and the phases that
// `.ci/run` timed. Given two logs (before, after), puts them side by side.
//   node bench/ci-timings.mjs ci-before.log [ci-after.log]
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const UNITS = { ms: 1, s: 1000, m: 60_000 };

/** { vitest: Map(file → ms), playwright: Map(spec → ms), phases: Map(phase → s) } of one log. */
function read(file) {
  const vitest = new Map();
  const playwright = new Map();
  const phases = new Map();
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = stripVTControlCharacters(raw).replace(/^\[ *\d+s\] ?/, '');
    // " ✓  server  src/server/app.test.ts (22 tests) 2723ms"
    const v = line.match(/^\s*[✓×❯↓]\s+(server|client)\s+(\S+\.test\.tsx?) \((\d+) tests?[^)]*\)(?: (\d+)ms)?/);
    if (v) vitest.set(v[2], Number(v[4] ?? 0));
    // "  ✓  12 [desktop] › e2e/accounts.spec.ts:38:1 › title (21.4s)"
    const p = line.match(/^\s*[✓✘-]\s+\d+ \[(\w+)\] › (e2e\/[^:]+):\d+:\d+ › .* \(([\d.]+)(ms|s|m)\)$/);
    if (p) playwright.set(p[2], (playwright.get(p[2]) ?? 0) + Number(p[3]) * UNITS[p[4]]);
    // "[ci] npm ci: 120 s"
    const c = line.match(/^\[ci\] ([^:]+): (?:\w+ \()?(\d+) s/);
    if (c) phases.set(c[1], Number(c[2]));
    // "Took: vitest 300 s, build 40 s, playwright 400 s" (scripts/test.mjs)
    const t = line.match(/^Took: (.*)$/);
    if (t) for (const part of t[1].split(', ')) phases.set(part.replace(/ \d+ s$/, ''), Number(part.match(/(\d+) s$/)?.[1]));
  }
  return { vitest, playwright, phases };
}

const logs = process.argv.slice(2).map(read);
if (logs.length === 0) {
  console.error('usage: node bench/ci-timings.mjs ci-before.log [ci-after.log]');
  process.exit(2);
}
const seconds = (ms) => (ms === undefined ? '–' : (ms / 1000).toFixed(1));

function table(title, key, unit) {
  const names = [...new Set(logs.flatMap((log) => [...log[key].keys()]))];
  const value = (log, name) => log[key].get(name);
  names.sort((a, b) => (value(logs[0], b) ?? 0) - (value(logs[0], a) ?? 0));
  const header =
    logs.length === 2 ? `| ${title} | before (${unit}) | after (${unit}) |\n|---|---:|---:|` : `| ${title} | ${unit} |\n|---|---:|`;
  const show = unit === 's' && key === 'phases' ? (s) => (s === undefined ? '–' : String(s)) : seconds;
  const rows = names.map((name) => `| ${name} | ${logs.map((log) => show(value(log, name))).join(' | ')} |`);
  const totals = logs.map((log) => [...log[key].values()].reduce((sum, n) => sum + n, 0));
  if (key !== 'phases') rows.push(`| **sum** | ${totals.map(seconds).join(' | ')} |`);
  console.log(`${header}\n${rows.join('\n')}\n`);
}

table('Phase', 'phases', 's');
table('Vitest file', 'vitest', 's');
table('Playwright spec (sum of its tests)', 'playwright', 's');
