import { afterEach, beforeEach, vi } from 'vitest';

// As in the Epic Stack: an error logged during a test fails it.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test: ${calls.map((call: unknown[]) => call.join(' ')).join('\n')}`);
  }
});
