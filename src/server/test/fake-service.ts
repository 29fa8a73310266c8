// Test helper: a real HTTP server on the loopback interface that plays a remote geo service.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export type RecordedRequest = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

export type FakeService = {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
};

export async function startFakeService(
  handle: (request: RecordedRequest, response: ServerResponse) => void,
  { port: wantedPort = 0 }: { port?: number } = {},
): Promise<FakeService> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      handle(recorded, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // A handler that never answers (timeout tests) would keep close() waiting forever.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * For a test file whose tests each stand up fake services: registers the `afterEach` that closes
 * them, and returns what starts one (`const startService = perTestFakeServices();`, then in a test
 * `const service = await startService(handler)`).
 */
export function perTestFakeServices(): typeof startFakeService {
  const started: FakeService[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((service) => service.close()));
  });
  return async (handle) => {
    const service = await startFakeService(handle);
    started.push(service);
    return service;
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}
