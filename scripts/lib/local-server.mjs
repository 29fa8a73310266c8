import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 now, for a server the caller starts next (tests, benchmarks, PostgreSQL). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `${url}/api/health` answers 200; rejects when `child` (the server's process) has
 * stopped, or after `timeoutMs`. Asks again every `intervalMs`.
 */
export async function waitForHealth(url, child, { timeoutMs = 60_000, intervalMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
