/**
 * What the benchmarks that compare builds share: the production server of a checkout (built with
 * `npm run build`) on a free port with a throwaway DATA_DIR, the system Chromium, a median.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localServerEnv } from '../../scripts/build.mjs';
import { freePort, waitForHealth } from '../../scripts/lib/local-server.mjs';

export const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The built application of the checkout at `root`, served as in production; `stop()` ends it. */
export async function startServer(root) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...localServerEnv({ port, dataDir }) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Three minutes: a first start migrates a new database and loads the gazetteer, slow on a loaded machine.
    await waitForHealth(origin, child, { timeoutMs: 180_000, intervalMs: 250 });
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, stop };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * The command line of a benchmark that compares this checkout with another (`--base DIR`, built):
 * the two builds' directories, how many rounds, which pages. Without `--base`, says `usage` and exits.
 */
export function pairedRun(usage, defaults) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const baseDir = option('--base');
  if (!baseDir) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  return {
    builds: { base: path.resolve(baseDir), this: fileURLToPath(new URL('../..', import.meta.url)) },
    rounds: Number(option('--rounds', String(defaults.rounds))),
    pages: option('--pages', defaults.pages).split(','),
  };
}
