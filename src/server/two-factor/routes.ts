import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import {
  backupCodesSchema,
  twoFactorSetupSchema as setupSchema,
  twoFactorStatusSchema as statusSchema,
} from '#domain/schemas/two-factor.ts';
import { twoFactorServerTexts as docs } from '#domain/texts/security.ts';
import { errorResponses, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { beginSetup, confirmSetup, disableTwoFactor, reauthenticate, regenerateBackupCodes, twoFactorStatus } from './service.ts';

const tags = ['comptes'];
/** The administrator must reach these before he has set his second factor up. */
const config = { duringTwoFactorSetup: true };

const codeBody = z.object({ code: z.string().trim().min(1).max(16) });
const reauthBody = z
  .object({ motDePasse: z.string().min(1).max(128).optional(), code: z.string().trim().min(1).max(16).optional() })
  .refine((body) => !!body.motDePasse || !!body.code);

/**
 * The second factor of the signed-in account (TOTP, better-auth's two-factor plugin's tables)
 * and re-authentication before sensitive actions. These routes answer the administrator
 * before he has set his second factor up (every other route refuses him until then).
 */
export const twoFactorRoutes: CapabilityRoutes = {
  async customer(app) {
    const routes = apiRoutes.twoFactor;
    /** Setting the factor up, removing it or renewing its backup codes asks for a recent sign-in first (after the body's checks). */
    const sensitive = { config, preHandler: app.guards.requireRecentAuthentication };
    serve(app, routes.status, {
      config,
      schema: routeSchema(tags, docs.routeStatus, { response: { 200: statusSchema, ...errorResponses(401, 403) } }),
      handler: async (request) => twoFactorStatus(depsOf(request), app.guards.viewerOf(request)),
    });

    serve(app, routes.beginSetup, {
      ...sensitive,
      schema: routeSchema(tags, docs.routeSetup, { response: { 200: setupSchema, ...errorResponses(401, 403, 409) } }),
      handler: async (request) => beginSetup(depsOf(request), app.guards.viewerOf(request)),
    });

    serve(app, routes.activate, {
      config,
      schema: routeSchema(tags, docs.routeActivate, {
        body: codeBody,
        response: { 200: backupCodesSchema, ...errorResponses(400, 401, 403, 409, 429) },
      }),
      handler: async (request) =>
        confirmSetup(depsOf(request), app.guards.viewerOf(request), await app.guards.sessionOf(request), request.body.code),
    });

    serve(app, routes.disable, {
      ...sensitive,
      schema: routeSchema(tags, docs.routeDisable, { response: { 204: z.null(), ...errorResponses(401, 403, 409) } }),
      handler: async (request, reply) => {
        await disableTwoFactor(depsOf(request), app.guards.viewerOf(request));
        return reply.status(204).send(null);
      },
    });

    serve(app, routes.regenerateBackupCodes, {
      ...sensitive,
      schema: routeSchema(tags, docs.routeBackupCodes, { response: { 200: backupCodesSchema, ...errorResponses(401, 403, 409) } }),
      handler: async (request) => regenerateBackupCodes(depsOf(request), app.guards.viewerOf(request)),
    });

    serve(app, routes.reauthenticate, {
      config,
      schema: routeSchema(tags, docs.routeReauthenticate, {
        body: reauthBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 429) },
      }),
      handler: async (request, reply) => {
        await reauthenticate(depsOf(request), app.guards.viewerOf(request), await app.guards.sessionOf(request), request.body);
        return reply.status(204).send(null);
      },
    });
  },
};
