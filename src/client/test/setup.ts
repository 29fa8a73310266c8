import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor give a page up to 10 s (Testing Library's default is 1 s) to show what the
// test waits for: lazily loaded pages render in well under a second, but not on a machine
// whose two cores are shared by several test runs, where they failed for being slow, not wrong
// (docs/decisions/0078).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
