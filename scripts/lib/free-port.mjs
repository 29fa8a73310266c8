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
