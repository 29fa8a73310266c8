import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { notFoundApi } from '#server/error-handler.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { translateAuthError } from './auth-errors.ts';

/**
 * The only better-auth endpoints reachable from outside: those the product uses. Everything
 * else better-auth offers (update-user, change-email, list-sessions, …) would skip our own
 * rules, so it answers 404. Sign-up goes through POST /api/comptes/inscription (admin
 * address refused, profile written, attempts counted); the verification link through
 * GET /api/comptes/verification-email (a reused link told apart).
 */
const EXPOSED = new Set([
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/send-verification-email',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
]);

/**
 * Hands /api/auth/* to better-auth as a Web Request. The client IP header is always
 * overwritten with the address Fastify resolved, so a client cannot choose its own
 * rate-limit bucket. Error answers come back in our shape, `{error, message}` in French.
 */
export async function authBridge(app: FastifyInstance): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.publicUrl);
      if (!EXPOSED.has(`${request.method} ${url.pathname}`)) return notFoundApi(request, reply);
      const headers = fromNodeHeaders(request.headers);
      headers.set(CLIENT_IP_HEADER, request.ip);
      headers.delete('content-length');
      const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
      const response = await app.auth.handler(
        new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = response.body ? await response.text() : null;
      if (response.status < 400) return reply.send(text);

      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: translated from its status alone.
      }
      const translated = translateAuthError(response.status, body);
      if (translated.status === 429 || translated.status >= 500 || translated.body.error === 'account_locked') {
        request.log.warn({ url: url.pathname, status: response.status, code: translated.body.error }, 'auth refusal');
      }
      return reply.status(translated.status).type('application/json; charset=utf-8').send(translated.body);
    },
  });
}
