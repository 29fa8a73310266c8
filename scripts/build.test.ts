import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { builds, vite } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// A newcomer's first `npm start` runs this build at the level it uses (warn) before the
// server's own lines: anything it prints reads as something broken.
it('builds the front end without printing a warning', { timeout: 300_000 }, () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  for (const [index, args] of builds.entries()) {
    const result = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn', '--outDir', path.join(outDir, String(index))], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
  }
});
