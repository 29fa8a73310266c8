import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/** Any console.error during a test fails it, on both sides. */
const failOnConsoleError = 'src/server/test/setup-each.ts';

const CLIENT_TESTS = 'src/client/**/*.test.{ts,tsx}';
/**
 * The component tests share their modules and their page between the files of a worker (no
 * isolation; the client tests took 48 s, 23 s now: docs/decisions/0084), except the files that
 * replace a module (`vi.mock`, `vi.resetModules`) or keep records in IndexedDB: a module another
 * file loaded first would not be replaced, and its records would still be there. Those files are
 * found by what they contain, so a new one is isolated without being listed.
 */
const needsIsolation = /\bvi\.(mock|doMock|resetModules)\(|fake-indexeddb/;
const clientDir = fileURLToPath(new URL('./src/client/', import.meta.url));
const isolatedClientTests = readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name) && needsIsolation.test(readFileSync(path.join(clientDir, name), 'utf8')))
  .map((name) => `src/client/${name.split(path.sep).join('/')}`);
const clientProject = {
  plugins: [react()],
  environment: 'happy-dom',
  setupFiles: [failOnConsoleError, 'src/client/test/setup.ts'],
};

export default defineConfig({
  test: {
    // Ceilings for a loaded machine, not speeds (docs/decisions/0078).
    testTimeout: 40_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          isolate: false,
          include: ['src/domain/**/*.test.ts', 'src/server/**/*.test.ts', 'src/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: [failOnConsoleError],
        },
      },
      {
        // The browser's components, rendered by Testing Library in happy-dom.
        extends: true,
        plugins: clientProject.plugins,
        test: {
          name: 'client',
          isolate: false,
          include: [CLIENT_TESTS],
          exclude: [...configDefaults.exclude, ...isolatedClientTests],
          environment: clientProject.environment,
          setupFiles: clientProject.setupFiles,
        },
      },
      {
        extends: true,
        plugins: clientProject.plugins,
        test: {
          name: 'client-isolated',
          include: isolatedClientTests,
          environment: clientProject.environment,
          setupFiles: clientProject.setupFiles,
        },
      },
    ],
  },
});
