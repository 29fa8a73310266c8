import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '#domain/api-paths.ts';
import { AppError } from '#server/errors.ts';
import { serverMessages } from '#domain/texts/server.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence in depth, on top of SameSite=Lax session cookies and JSON-only bodies: a
 * browser request that changes something must come from our own origin. Requests without
 * Origin or Sec-Fetch-Site (curl, server-to-server) are not browsers riding a session.
 */
export async function originCheck(app: FastifyInstance): Promise<void> {
  const ownOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith(`${API_PREFIX}/`)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const isForeignOrigin = origin !== undefined && origin !== ownOrigin;
    const isCrossSite = fetchSite === 'cross-site';
    if (isForeignOrigin || isCrossSite) {
      request.log.warn({ origin, fetchSite, url: request.url }, 'refused: cross-origin write');
      throw new AppError('forbidden', serverMessages.crossOrigin);
    }
  });
}
