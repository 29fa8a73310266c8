// `npm test`: every suite, with what it needs provisioned.
//  1. Chromium, the PostgreSQL server binaries, and zbarimg and pdftoppm (the EPC payment QR
//     code read back from rendered invoices): installed with apt-get when missing and
//     running as root on Debian; otherwise the exact command to run is printed.
//  2. Vitest (domain and server tests, each server test on SQLite and on PostgreSQL: a
//     throwaway cluster unless TEST_DATABASE_URL is set).
//  3. The production build, then Playwright in Chromium.
// Ends with one line "N passed, N failed" summing all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontEnd } from './build.mjs';
import { findPgBin, startPostgres } from './lib/postgres.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isRoot = process.getuid?.() === 0;
const isDebian = existsSync('/etc/debian_version');

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

function provision() {
  const missing = [];
  if (!existsSync(chromiumPath)) missing.push('chromium');
  if (!process.env.TEST_DATABASE_URL && !findPgBin()) missing.push('postgresql');
  if (!onPath('zbarimg')) missing.push('zbar-tools');
  if (!onPath('pdftoppm')) missing.push('poppler-utils');
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

provision();

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-reports-'));
const totals = { passed: 0, failed: 0, suites: [] };
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

let pg = null;
if (!process.env.TEST_DATABASE_URL) pg = await startPostgres();
const pgEnv = pg ? { TEST_DATABASE_URL: pg.url } : {};

try {
  // Vitest: domain and server.
  const vitestReport = path.join(reportDir, 'vitest.json');
  const vitestStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], pgEnv);
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed +=
      report.numFailedTests + (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0 ? 1 : 0);
    totals.suites.push(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else {
    totals.failed += 1;
    totals.suites.push(`vitest: did not run (exit ${vitestStatus})`);
  }

  // Playwright against the production build.
  const buildStatus = buildFrontEnd(['--logLevel', 'warn']);
  if (buildStatus !== 0) {
    totals.failed += 1;
    totals.suites.push('build: failed');
  } else {
    const playwrightReport = path.join(reportDir, 'playwright.json');
    const status = run(bin('playwright'), ['test'], {
      ...pgEnv,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      CHROMIUM_PATH: chromiumPath,
    });
    if (existsSync(playwrightReport)) {
      const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
      const failed = stats.unexpected + (stats.flaky ?? 0) * 0;
      totals.passed += stats.expected + (stats.flaky ?? 0);
      totals.failed += failed;
      totals.suites.push(
        `playwright: ${stats.expected + (stats.flaky ?? 0)} passed, ${failed} failed${stats.skipped ? `, ${stats.skipped} skipped` : ''}`,
      );
      if (stats.skipped) totals.failed += stats.skipped;
    } else {
      totals.failed += 1;
      totals.suites.push(`playwright: did not run (exit ${status})`);
    }
  }
} finally {
  pg?.stop();
  rmSync(reportDir, { recursive: true, force: true });
}

console.log(`\nSuites: ${totals.suites.join(' | ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
