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
  webServer: { ...(base.webServer as object), cwd: fileURLToPath(new URL('..', import.meta.url)) } as typeof base.webServer,
  projects: base.projects!.filter((project) => project.name === 'phone').map((project) => ({ ...project, grep: undefined })),
});
