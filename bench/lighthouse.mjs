#!/usr/bin/env node
/**
 * Lighthouse (mobile settings: Moto G Power emulation, simulated slow 4G and 4× CPU
 * slowdown, Lighthouse's defaults) against the production build, in the system Chromium.
 * Starts the server itself on a free port with a throwaway DATA_DIR, runs each page 3 times
 * and keeps the median of every number, checks the targets and writes the table into the
 * "Public site" section of BENCHMARKS.md.
 *
 * Usage: node bench/lighthouse.mjs [--runs 3] [--no-write] [--pages /,/faq]
 * Exits 1 when a target is missed (every score ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.05).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontEnd } from '../scripts/build.mjs';
import { benchToolVersion } from './tools/index.mjs';
import { audit, chromePath, launchChrome, median, startServer } from './lighthouse-lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
const shouldWrite = !args.includes('--no-write') && !args.includes('--pages');
// --pages "/?shell,/faq?shell": other addresses, e.g. with a query string, which the server
// answers with the empty shell instead of the prerendered page (for a comparison).
const pages = args.includes('--pages') ? args[args.indexOf('--pages') + 1].split(',') : ['/', '/faq', '/connexion'];
const targets = { score: 95, lcpMs: 2000, cls: 0.05 };

if (!existsSync(path.join(root, 'dist/client/index.html')) || !existsSync(path.join(root, 'dist/server/entry-server.js'))) {
  console.log('No build found: running `npm run build`…');
  const status = buildFrontEnd();
  if (status !== 0) process.exit(status);
}

const loadBefore = os.loadavg()[0];
const server = await startServer(root);
const { origin } = server;

let chrome;
const rows = [];
try {
  chrome = await launchChrome();
  for (const pagePath of pages) {
    const samples = [];
    for (let run = 1; run <= runs; run++) {
      const result = await audit(`${origin}${pagePath}`, chrome.port);
      const { categories, audits, runWarnings } = result.lhr;
      for (const id of ['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time', 'first-contentful-paint']) {
        if (typeof audits[id].numericValue !== 'number') {
          throw new Error(`Lighthouse measured no ${id} on ${pagePath}: ${audits[id].errorMessage ?? 'no value'} ${runWarnings.join(' ')}`);
        }
      }
      const sample = {
        performance: categories.performance.score * 100,
        accessibility: categories.accessibility.score * 100,
        bestPractices: categories['best-practices'].score * 100,
        seo: categories.seo.score * 100,
        lcpMs: audits['largest-contentful-paint'].numericValue,
        tbtMs: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        fcpMs: audits['first-contentful-paint'].numericValue,
      };
      samples.push(sample);
      const failing = Object.values(result.lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 0.9 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'manual' &&
            audit.scoreDisplayMode !== 'notApplicable',
        )
        .map((audit) => audit.id);
      console.log(
        `${pagePath} run ${run}: perf ${sample.performance} a11y ${sample.accessibility} bp ${sample.bestPractices} seo ${sample.seo} LCP ${Math.round(sample.lcpMs)} ms TBT ${Math.round(sample.tbtMs)} ms CLS ${sample.cls.toFixed(3)}${failing.length ? ` — below 0.9: ${failing.join(', ')}` : ''}`,
      );
    }
    const row = { page: pagePath };
    for (const key of Object.keys(samples[0])) row[key] = median(samples.map((sample) => sample[key]));
    rows.push(row);
  }
} finally {
  await chrome?.kill();
  server.stop();
}

const misses = [];
for (const row of rows) {
  for (const key of ['performance', 'accessibility', 'bestPractices', 'seo']) {
    if (row[key] < targets.score) misses.push(`${row.page} ${key} ${row[key]} < ${targets.score}`);
  }
  if (row.lcpMs > targets.lcpMs) misses.push(`${row.page} LCP ${Math.round(row.lcpMs)} ms > ${targets.lcpMs} ms`);
  if (row.cls > targets.cls) misses.push(`${row.page} CLS ${row.cls.toFixed(3)} > ${targets.cls}`);
}

const lighthouseVersion = benchToolVersion('lighthouse');
const chromiumVersion = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
const table = [
  '| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (row) =>
      `| \`${row.page}\` | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${(row.fcpMs / 1000).toFixed(2)} s | ${(row.lcpMs / 1000).toFixed(2)} s | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);
console.log(misses.length ? `Targets missed:\n  ${misses.join('\n  ')}` : 'Every target met (scores ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.05).');

if (shouldWrite) {
  const benchmarks = path.join(root, 'BENCHMARKS.md');
  const existing = existsSync(benchmarks) ? readFileSync(benchmarks, 'utf8') : '# Benchmarks\n';
  const section = `## Public site

Lighthouse ${lighthouseVersion} (\`npm run bench:lighthouse\`), ${chromiumVersion}, headless, mobile settings (Lighthouse defaults:
Moto G Power screen, simulated slow 4G, 4× CPU slowdown), against the production build served by
\`src/server/main.ts\` on 127.0.0.1; median of ${runs} runs per page; measured on ${new Date().toISOString().slice(0, 10)}
on the 2-core development machine (1-minute load average ${loadBefore.toFixed(1)} before and ${os.loadavg()[0].toFixed(1)} after the
runs: Lantern scales the CPU time it observes, so a busy machine inflates TBT and LCP). Targets:
every score ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.05.

${table}

${misses.length ? `Targets missed: ${misses.join('; ')}.` : 'Every target met.'}

<!-- bundle-size -->
`;
  const bundleNote = /<!-- bundle-size -->[\s\S]*?(?=\n## |$)/.exec(existing.slice(existing.indexOf('## Public site')))?.[0];
  const sectionWithBundle =
    bundleNote && existing.includes('## Public site') ? section.replace('<!-- bundle-size -->\n', `${bundleNote.trimEnd()}\n`) : section;
  const updated = existing.includes('## Public site')
    ? existing.replace(/## Public site[\s\S]*?(?=\n## |$)/, sectionWithBundle.trimEnd() + '\n')
    : `${existing.trimEnd()}\n\n${sectionWithBundle}`;
  writeFileSync(benchmarks, updated);
  console.log('BENCHMARKS.md updated.');
}
process.exit(misses.length ? 1 : 0);
