import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Any console.error during a test fails it, on both sides. */
const failOnConsoleError = 'src/server/test/setup-each.ts';

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
        plugins: [react()],
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: [failOnConsoleError, 'src/client/test/setup.ts'],
        },
      },
    ],
  },
});
