import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { AUTH_BASE_PATH, apiRoutes, routeKey } from '#domain/api-paths.ts';
import { authBodySchemas } from '#domain/schemas/accounts.ts';
import { texts, textRuleMessages } from '#domain/texts/common.ts';
import { apiErrorMessages } from '#domain/texts/errors.ts';
import { securityErrorMessages } from '#domain/texts/security.ts';
import { notFoundApi } from '#server/error-handler.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { translateAuthError, type ErrorBody } from './auth-errors.ts';
import { countVerificationRequest, requestPasswordReset } from './service.ts';

/**
 * The only better-auth endpoints reachable from outside: those the product uses. Everything
 * else better-auth offers (update-user, change-email, list-sessions, …) would skip our own
 * rules, so it answers 404. Sign-up goes through POST /api/comptes/inscription (admin
 * address refused, profile written, attempts counted); the verification link through
 * GET /api/comptes/verification-email (a reused link told apart).
 */
const EXPOSED = new Set(Object.values(apiRoutes.auth).map(routeKey));

/**
 * The code of a pending sign-in. Only `code` goes through: `trustDevice` (which would let a
 * browser skip the second factor for 30 days) and `disableSession` are dropped, so « Rester
 * connecté » never skips it.
 */
const twoFactorCodeSchema = z.object({ code: z.string().trim().min(1).max(32) });

/**
 * The bodies we check before better-auth sees them, with the domain's rules: an e-mail of
 * 5 000 characters, a NUL or an unpaired surrogate never reaches its queries, nor the keys
 * of our throttle table (accounts/throttle.ts), and is refused in French.
 */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  [routeKey(apiRoutes.auth.signIn)]: authBodySchemas.signIn,
  [routeKey(apiRoutes.auth.requestPasswordReset)]: authBodySchemas.requestPasswordReset,
  [routeKey(apiRoutes.auth.sendVerificationEmail)]: authBodySchemas.sendVerificationEmail,
  [routeKey(apiRoutes.auth.resetPassword)]: authBodySchemas.resetPassword,
  [routeKey(apiRoutes.auth.verifyTotp)]: twoFactorCodeSchema,
  [routeKey(apiRoutes.auth.verifyBackupCode)]: twoFactorCodeSchema,
};

/** The French refusal of a body that failed its schema: what the person can act on. */
function refusalOf(issues: z.core.$ZodIssue[]): ErrorBody {
  const issue = issues[0];
  const field = String(issue?.path[0] ?? '');
  if (field === 'token') return { error: 'invalid_token', message: apiErrorMessages.invalid_token };
  if (field === 'code') return { error: 'invalid_two_factor_code', message: securityErrorMessages.invalid_two_factor_code };
  if (field === 'email') return { error: 'validation', message: texts.invalidEmail };
  if (issue?.message === apiErrorMessages.password_too_short) return { error: 'password_too_short', message: issue.message };
  if (issue?.message === apiErrorMessages.password_too_long) return { error: 'password_too_long', message: issue.message };
  if (issue?.message === textRuleMessages.invalidCharacters) return { error: 'validation', message: issue.message };
  return { error: 'validation', message: apiErrorMessages.validation };
}

/**
 * Hands the table's better-auth endpoints (`apiRoutes.auth`) to better-auth as a Web Request. The client IP header is always
 * overwritten with the address Fastify resolved, so a client cannot choose its own
 * rate-limit bucket. Error answers come back in our shape, `{error, message}` in French.
 */
export async function authBridge(app: FastifyInstance): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.publicUrl);
      const endpoint = `${request.method} ${url.pathname}`;
      if (!EXPOSED.has(endpoint)) return notFoundApi(request, reply);
      let payload = request.body;
      const schema = BODY_SCHEMAS[endpoint];
      if (schema) {
        const parsed = schema.safeParse(payload);
        if (!parsed.success) return reply.status(400).send(refusalOf(parsed.error.issues));
        payload = parsed.data;
      }
      const deps = {
        config: app.config,
        database: app.database,
        auth: app.auth,
        outbox: app.outbox,
        background: app.background,
        log: request.log,
      };
      if (endpoint === routeKey(apiRoutes.auth.requestPasswordReset)) {
        // Answered here, before the address is even looked up (accounts/service.ts).
        await requestPasswordReset(deps, payload as { email: string; redirectTo?: string }, request.ip);
        return reply.type('application/json; charset=utf-8').send({ status: true, message: texts.resetRequestAccepted });
      }
      if (endpoint === routeKey(apiRoutes.auth.sendVerificationEmail))
        await countVerificationRequest(deps, (payload as { email: string }).email);

      const headers = fromNodeHeaders(request.headers);
      headers.set(CLIENT_IP_HEADER, request.ip);
      headers.delete('content-length');
      const hasBody = request.method !== 'GET' && payload !== undefined && payload !== null;
      const response = await app.auth.handler(
        new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(payload) : undefined }),
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
      if (
        translated.status === 429 ||
        translated.status >= 500 ||
        translated.body.error === 'account_locked' ||
        translated.body.error === 'two_factor_locked'
      ) {
        request.log.warn({ url: url.pathname, status: response.status, code: translated.body.error }, 'auth refusal');
      }
      return reply.status(translated.status).type('application/json; charset=utf-8').send(translated.body);
    },
  });
}
