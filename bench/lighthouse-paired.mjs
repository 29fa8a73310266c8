#!/usr/bin/env node
/**
 * Lighthouse (mobile, as bench/lighthouse.mjs) on two builds of the application on the same
 * machine: this checkout and another one (`--base`, for instance a `git worktree` of `main`,
 * built with `npm run build`). The machine is shared and its load drifts from one minute to the
 * next: both servers run at once, and each page is audited on one build then at once on the
 * other (the order swapped every round), so that every pair sees the same load. Reported: the
 * median of each build, and the median of the pairs' differences (this − base) with how many
 * pairs this build was no worse in.
 *
 * Usage: node bench/lighthouse-paired.mjs --base ../main-checkout [--rounds 9] [--pages /,/faq,/connexion]
 */
import os from 'node:os';
import { pairedRun } from './lib/built-app.mjs';
import { audit, launchChrome, median, startServer } from './lighthouse-lib.mjs';

const { builds, rounds, pages } = pairedRun(
  'node bench/lighthouse-paired.mjs --base <other checkout, built> [--rounds 9] [--pages /,/faq,/connexion]',
  { rounds: 9, pages: '/,/faq,/connexion' },
);
const servers = {};
let chrome;
/** page → build → samples */
const samples = Object.fromEntries(pages.map((page) => [page, { base: [], this: [] }]));
try {
  servers.base = await startServer(builds.base);
  servers.this = await startServer(builds.this);
  chrome = await launchChrome();
  for (let round = 1; round <= rounds; round++) {
    for (const page of pages) {
      for (const name of round % 2 ? ['base', 'this'] : ['this', 'base']) {
        const { categories, audits } = (await audit(`${servers[name].origin}${page}`, chrome.port)).lhr;
        const sample = {
          performance: Math.round(categories.performance.score * 100),
          tbtMs: Math.round(audits['total-blocking-time'].numericValue),
          lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
          fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
        };
        samples[page][name].push(sample);
        console.log(
          `round ${round} ${page} ${name}: perf ${sample.performance} TBT ${sample.tbtMs} ms LCP ${sample.lcpMs} ms FCP ${sample.fcpMs} ms (load ${os.loadavg()[0].toFixed(1)})`,
        );
      }
    }
  }
} finally {
  await chrome?.kill();
  servers.base?.stop();
  servers.this?.stop();
}

console.log(`\n${rounds} pairs per page; base: ${builds.base}; this: ${builds.this}`);
console.log(
  '| Page | Performance base / this | Δ perf (median; pairs no worse) | TBT base / this | Δ TBT (median; pairs no worse) | LCP base / this |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const page of pages) {
  const { base, this: ours } = samples[page];
  const of = (runs, key) => median(runs.map((sample) => sample[key]));
  const deltas = (key) => base.map((sample, index) => ours[index][key] - sample[key]);
  const perfDeltas = deltas('performance');
  const tbtDeltas = deltas('tbtMs');
  console.log(
    `| \`${page}\` | ${of(base, 'performance')} / ${of(ours, 'performance')} | ${median(perfDeltas)} (${perfDeltas.filter((delta) => delta >= 0).length} of ${rounds}) | ${of(base, 'tbtMs')} / ${of(ours, 'tbtMs')} ms | ${median(tbtDeltas)} ms (${tbtDeltas.filter((delta) => delta <= 0).length} of ${rounds}) | ${(of(base, 'lcpMs') / 1000).toFixed(2)} / ${(of(ours, 'lcpMs') / 1000).toFixed(2)} s |`,
  );
}
