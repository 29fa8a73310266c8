import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import { deviceSessionsResponseSchema, revokeOthersResponseSchema } from '#domain/schemas/sessions.ts';
import { idParamSchema } from '#domain/schemas/text.ts';
import { sessionTexts } from '#domain/texts/sessions.ts';
import { unauthenticated } from '#server/errors.ts';
import { errorResponses, routeSchema } from '#server/http-schemas.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { listDevices, revokeDevice, revokeOtherDevices, type SessionCaller } from './service.ts';

const tags = ['comptes'];

/** « Mes appareils »: the caller's own sessions, for customers and the administrator alike. */
export const sessionRoutes: CapabilityRoutes = {
  async customer(app) {
    const deps = { database: app.database };

    /** The caller and the session its cookie names (the guard has checked the account). */
    async function callerOf(request: FastifyRequest): Promise<SessionCaller> {
      const viewer = app.guards.viewerOf(request);
      const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!session || session.user.id !== viewer.id) throw unauthenticated();
      return { viewer, sessionId: session.session.id, ip: request.ip };
    }

    serve(app, apiRoutes.sessions.list, {
      schema: routeSchema(tags, sessionTexts.apiDocs.list, {
        response: { 200: deviceSessionsResponseSchema, ...errorResponses(401, 403) },
      }),
      handler: async (request) => ({ sessions: await listDevices(deps, await callerOf(request)) }),
    });

    serve(app, apiRoutes.sessions.revoke, {
      schema: routeSchema(tags, sessionTexts.apiDocs.revoke, {
        params: z.object({ id: idParamSchema }),
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      }),
      handler: async (request, reply) => {
        await revokeDevice(deps, await callerOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    serve(app, apiRoutes.sessions.revokeOthers, {
      schema: routeSchema(tags, sessionTexts.apiDocs.revokeOthers, {
        response: { 200: revokeOthersResponseSchema, ...errorResponses(401, 403) },
      }),
      handler: async (request) => ({ deconnectees: await revokeOtherDevices(deps, await callerOf(request)) }),
    });
  },
};
