import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import { deviceSessionsResponseSchema, revokeOthersResponseSchema } from '#domain/audit.ts';
import { idParamSchema } from '#domain/schemas/text.ts';
import { sessionTexts } from '#domain/texts/sessions.ts';
import { unauthenticated } from '#server/errors.ts';
import { errorResponses, routeSchema } from '#server/http-schemas.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
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

    app.get(
      apiRoutes.sessions.list.path,
      {
        schema: routeSchema(tags, sessionTexts.apiDocs.list, {
          response: { 200: deviceSessionsResponseSchema, ...errorResponses(401, 403) },
        }),
      },
      async (request) => ({ sessions: await listDevices(deps, await callerOf(request)) }),
    );

    app.delete(
      apiRoutes.sessions.revoke.path,
      {
        schema: routeSchema(tags, sessionTexts.apiDocs.revoke, {
          params: z.object({ id: idParamSchema }),
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        }),
      },
      async (request, reply) => {
        await revokeDevice(deps, await callerOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      apiRoutes.sessions.revokeOthers.path,
      {
        schema: routeSchema(tags, sessionTexts.apiDocs.revokeOthers, {
          response: { 200: revokeOthersResponseSchema, ...errorResponses(401, 403) },
        }),
      },
      async (request) => ({ deconnectees: await revokeOtherDevices(deps, await callerOf(request)) }),
    );
  },
};
