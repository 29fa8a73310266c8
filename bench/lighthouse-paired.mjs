#!/usr/bin/env node
/**
 * Lighthouse (mobile) on two builds of the application, alternated on the same machine: this
 * checkout and another one (`--base`, for instance a `git worktree` of `main`, built with
 * `npm run build`). The machine is shared and its load drifts: each round runs
 * `bench/lighthouse.mjs --runs 1` on the base, then on this checkout, and the medians are taken
 * over the rounds, so that both builds see the same load.
 *
 * Usage: node bench/lighthouse-paired.mjs --base ../main-checkout [--rounds 5] [--pages /,/faq,/connexion]
 * Prints every run, then the median performance score, TBT and LCP of each build per page.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const baseDir = option('--base');
if (!baseDir) {
  console.error('Usage: node bench/lighthouse-paired.mjs --base <other checkout, built> [--rounds 5] [--pages /,/faq,/connexion]');
  process.exit(2);
}
const rounds = Number(option('--rounds', '5'));
const pages = option('--pages', '/,/faq,/connexion');
const builds = [
  { name: 'base', dir: path.resolve(baseDir) },
  { name: 'this', dir: fileURLToPath(new URL('..', import.meta.url)) },
];

/** `/faq run 1: perf 97 a11y 100 bp 100 seo 100 LCP 1940 ms TBT 61 ms CLS 0.000`, as bench/lighthouse.mjs prints it. */
const RUN_LINE = /^(\S+) run \d+: perf (\d+) .* LCP (\d+) ms TBT (\d+) ms CLS ([\d.]+)/;

const samples = new Map();
for (let round = 1; round <= rounds; round++) {
  for (const build of builds) {
    const run = spawnSync(process.execPath, ['bench/lighthouse.mjs', '--runs', '1', '--pages', pages], {
      cwd: build.dir,
      encoding: 'utf8',
    });
    const lines = run.stdout.split('\n').filter((line) => RUN_LINE.test(line));
    if (lines.length === 0) {
      console.error(`${build.name}: no result\n${run.stdout}\n${run.stderr}`);
      process.exit(1);
    }
    for (const line of lines) {
      const [, page, performance, lcpMs, tbtMs] = RUN_LINE.exec(line).map((value, index) => (index > 1 ? Number(value) : value));
      const key = `${page} ${build.name}`;
      samples.set(key, [...(samples.get(key) ?? []), { performance, lcpMs, tbtMs }]);
      console.log(`round ${round} ${build.name.padEnd(4)} ${line}  (load ${os.loadavg()[0].toFixed(1)})`);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\nMedians of ${rounds} alternated rounds (base: ${builds[0].dir}; this: ${builds[1].dir})`);
console.log('| Page | Build | Performance | TBT | LCP |');
console.log('|---|---|---:|---:|---:|');
for (const page of pages.split(',')) {
  for (const build of builds) {
    const runs = samples.get(`${page} ${build.name}`) ?? [];
    const of = (key) => median(runs.map((sample) => sample[key]));
    console.log(`| \`${page}\` | ${build.name} | ${of('performance')} | ${of('tbtMs')} ms | ${(of('lcpMs') / 1000).toFixed(2)} s |`);
  }
}
