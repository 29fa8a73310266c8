// `npm test`: every suite, with what it needs provisioned.
//  1. Chromium, the PostgreSQL server binaries, pdfsig (poppler-utils) and zbarimg
//     (zbar-tools): installed with apt-get when missing and running as root on Debian;
//     otherwise the exact command to run is printed.
//  2. Vitest (domain and server tests, each server test on SQLite and on PostgreSQL: a
//     throwaway cluster unless TEST_DATABASE_URL is set).
//  3. The production build (front end and server), the home page's first JavaScript against
//     its 100 kB gzip budget (bench/bundle-size.mjs: sizes of this build, not times, so the same
//     on any machine), then Playwright in Chromium.
// Prints how long each step took, then one line "N passed, N failed" summing all suites: a
// test that passed only on a retry counts as failed, and so does a skipped one (there should
// be none), each also named as such in the suites' line, and every such test is named on a
// line of its own beginning « Not passed: » just before it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { buildAll } from './build.mjs';
import { findPgBin, startPostgres } from './lib/postgres.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isRoot = process.getuid?.() === 0;
const isDebian = existsSync('/etc/debian_version');

const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

function provision() {
  const missing = [];
  if (!existsSync(chromiumPath)) missing.push('chromium');
  if (!process.env.TEST_DATABASE_URL && !findPgBin()) missing.push('postgresql');
  if (!hasCommand('pdfsig')) missing.push('poppler-utils');
  if (!hasCommand('zbarimg')) missing.push('zbar-tools');
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (!isRoot || !isDebian) {
    console.error(`Missing for the tests: ${missing.join(', ')}. Install with:\n  sudo sh -c '${command}'`);
    process.exit(1);
  }
  console.log(`Installing what the tests need: ${command}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
}

function run(command, args, env = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

const phases = [];
/** Runs a step and notes how long it took. */
function timed(name, step) {
  const start = performance.now();
  const done = () => phases.push(`${name} ${Math.round((performance.now() - start) / 1000)} s`);
  const result = step();
  if (result instanceof Promise) return result.finally(done);
  done();
  return result;
}

/** Adds a suite's counts to the totals: flaky and skipped tests count as failed. */
function count(suite, { passed, failed, flaky = 0, skipped = 0, broken = 0, names = [] }) {
  totals.passed += passed;
  totals.names.push(...names.map((name) => `${suite}: ${name}`));
  totals.failed += failed + flaky + skipped + broken;
  const notes = [
    flaky && `${flaky} passed only on a retry`,
    skipped && `${skipped} skipped`,
    broken && `${broken} broken outside a test`,
  ].filter(Boolean);
  totals.suites.push(
    `${suite}: ${passed} passed, ${failed + flaky + skipped + broken} failed${notes.length ? ` (${notes.join(', ')})` : ''}`,
  );
}

provision();

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-reports-'));
const totals = { passed: 0, failed: 0, suites: [], names: [] };

/**
 * Why a Playwright test failed, in one short line: its first error's first line and where it
 * was thrown. CI shows only the end of its output, where the « Not passed: » lines are: the
 * reason has to be there too, or a failure seen once cannot be told from another.
 */
function firstError(test) {
  const error = (test.results ?? []).flatMap((result) => result.errors ?? [result.error]).find(Boolean);
  if (!error) return '';
  // Without the reporter's colours.
  const lines = stripVTControlCharacters(String(error.message ?? '')).split('\n');
  const message = lines.find((line) => line.trim()) ?? '';
  const where = error.location ? ` at ${path.basename(error.location.file)}:${error.location.line}` : '';
  return `: ${message.trim().slice(0, 200)}${where}`;
}

/** The Playwright tests of a JSON report that did not simply pass, as « file › title (status: why) ». */
function playwrightNames(report) {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const outcome = { unexpected: 'failed', flaky: 'passed only on a retry', skipped: 'skipped' }[test.status];
        if (outcome) names.push(`e2e/${spec.file} › ${[...titles, spec.title].join(' › ')} (${outcome}${firstError(test)})`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) names.push(`outside a test: ${String(error.message ?? '').split('\n')[0]}`);
  return names;
}
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

let pg = null;
if (!process.env.TEST_DATABASE_URL) pg = await startPostgres();
const pgEnv = pg ? { TEST_DATABASE_URL: pg.url } : {};

try {
  // Vitest: domain and server.
  const vitestCounts = path.join(reportDir, 'vitest.json');
  const vitestStatus = timed('vitest', () =>
    run(bin('vitest'), ['run', '--reporter=default', `--reporter=${path.join(root, 'scripts/lib/vitest-counts.mjs')}`], {
      ...pgEnv,
      VITEST_COUNTS_FILE: vitestCounts,
    }),
  );
  if (existsSync(vitestCounts)) {
    const counts = JSON.parse(readFileSync(vitestCounts, 'utf8'));
    // A run that fails with every test passed (an unhandled error, a broken file) fails once more.
    const unexplained = vitestStatus !== 0 && counts.failed + counts.flaky + counts.skipped + counts.brokenFiles === 0 ? 1 : 0;
    count('vitest', { ...counts, broken: counts.brokenFiles + counts.unhandledErrors + unexplained });
  } else {
    totals.failed += 1;
    totals.suites.push(`vitest: did not run (exit ${vitestStatus})`);
  }

  // Playwright against the production build.
  const buildStatus = await timed('build', () => buildAll(['--logLevel', 'warn']));
  if (buildStatus !== 0) {
    totals.failed += 1;
    totals.suites.push('build: failed');
  } else {
    const bundleStatus = timed('bundle budget', () => run(process.execPath, ['bench/bundle-size.mjs']));
    count(
      'bundle budget',
      bundleStatus === 0
        ? { passed: 1, failed: 0 }
        : { passed: 0, failed: 1, names: ['bench/bundle-size.mjs (the home page’s first JavaScript is over its budget)'] },
    );
    const playwrightReport = path.join(reportDir, 'playwright.json');
    const status = timed('playwright', () =>
      run(bin('playwright'), ['test'], {
        ...pgEnv,
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
        CHROMIUM_PATH: chromiumPath,
      }),
    );
    if (existsSync(playwrightReport)) {
      const report = JSON.parse(readFileSync(playwrightReport, 'utf8'));
      const { stats, errors = [] } = report;
      const unexplained = status !== 0 && stats.unexpected + stats.flaky + stats.skipped === 0 ? 1 : 0;
      count('playwright', {
        passed: stats.expected,
        failed: stats.unexpected,
        flaky: stats.flaky,
        skipped: stats.skipped,
        broken: Math.max(errors.length, unexplained),
        names: playwrightNames(report),
      });
    } else {
      totals.failed += 1;
      totals.suites.push(`playwright: did not run (exit ${status})`);
    }
  }
} finally {
  pg?.stop();
  rmSync(reportDir, { recursive: true, force: true });
}

console.log(`\nTook: ${phases.join(', ')}`);
console.log(`Suites: ${totals.suites.join(' | ')}`);
for (const name of totals.names) console.log(`Not passed: ${name}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
