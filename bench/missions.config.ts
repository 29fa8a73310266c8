import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../playwright.config.ts';

/**
 * `npm run bench:missions`: the phone benchmark of the inspections (bench/missions-sync.bench.ts)
 * against the production build, with the end-to-end suite's server and fixtures. Set E2E_PORT
 * to run it beside another suite.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'missions-sync.bench.ts',
  timeout: 15 * 60_000,
  outputDir: '../test-results/bench',
  // One phone, one server: the suite's first (E2E_PORT).
  workers: 1,
  webServer: { ...[base.webServer].flat()[0]!, cwd: fileURLToPath(new URL('..', import.meta.url)) },
  projects: base.projects!.filter((project) => project.name === 'phone').map((project) => ({ ...project, grep: undefined })),
});
