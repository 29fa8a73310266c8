import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backupCodesSchema,
  twoFactorSetupSchema as setupSchema,
  twoFactorStatusSchema as statusSchema,
} from '#domain/schemas/two-factor.ts';
import { twoFactorServerTexts as docs } from '#domain/texts/security.ts';
import { accountActionDeps } from '#server/accounts/action-deps.ts';
import { errorResponses } from '#server/http-schemas.ts';
import {
  beginSetup,
  confirmSetup,
  disableTwoFactor,
  reauthenticate,
  regenerateBackupCodes,
  twoFactorStatus,
  type TwoFactorDeps,
} from './service.ts';

const tags = ['comptes'];
const security = [{ session: [] }];
const BASE = '/api/comptes/double-authentification';

const codeBody = z.object({ code: z.string().trim().min(1).max(16) });
const reauthBody = z
  .object({ motDePasse: z.string().min(1).max(128).optional(), code: z.string().trim().min(1).max(16).optional() })
  .refine((body) => !!body.motDePasse || !!body.code);

/**
 * The second factor of the signed-in account (TOTP, better-auth's two-factor plugin's tables)
 * and re-authentication before sensitive actions. These routes answer the administrator
 * before he has set his second factor up (every other route refuses him until then).
 */
export async function twoFactorRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest): TwoFactorDeps => accountActionDeps(app, request);
  app.addHook('preValidation', async (request) => {
    await app.guards.requireAccount(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    BASE,
    { schema: { tags, security, summary: docs.routeStatus, response: { 200: statusSchema, ...errorResponses(401, 403) } } },
    async (request) => twoFactorStatus(deps(request), app.guards.viewerOf(request)),
  );

  app.post(
    `${BASE}/configuration`,
    { schema: { tags, security, summary: docs.routeSetup, response: { 200: setupSchema, ...errorResponses(401, 403, 409) } } },
    async (request) => {
      await app.guards.requireRecentAuthentication(request);
      return beginSetup(deps(request), app.guards.viewerOf(request));
    },
  );

  app.post(
    `${BASE}/activation`,
    {
      schema: {
        tags,
        security,
        summary: docs.routeActivate,
        body: codeBody,
        response: { 200: backupCodesSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => confirmSetup(deps(request), app.guards.viewerOf(request), await app.guards.sessionOf(request), request.body.code),
  );

  app.delete(
    BASE,
    { schema: { tags, security, summary: docs.routeDisable, response: { 204: z.null(), ...errorResponses(401, 403, 409) } } },
    async (request, reply) => {
      await app.guards.requireRecentAuthentication(request);
      await disableTwoFactor(deps(request), app.guards.viewerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${BASE}/codes-secours`,
    { schema: { tags, security, summary: docs.routeBackupCodes, response: { 200: backupCodesSchema, ...errorResponses(401, 403, 409) } } },
    async (request) => {
      await app.guards.requireRecentAuthentication(request);
      return regenerateBackupCodes(deps(request), app.guards.viewerOf(request));
    },
  );

  app.post(
    '/api/comptes/reauthentification',
    {
      schema: {
        tags,
        security,
        summary: docs.routeReauthenticate,
        body: reauthBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await reauthenticate(deps(request), app.guards.viewerOf(request), await app.guards.sessionOf(request), request.body);
      return reply.status(204).send(null);
    },
  );
}
