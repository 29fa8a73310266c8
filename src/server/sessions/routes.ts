import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceSessionsResponseSchema, revokeOthersResponseSchema } from '#domain/audit.ts';
import { idParamSchema } from '#domain/schemas/text.ts';
import { sessionTexts } from '#domain/texts/sessions.ts';
import { requireUserOnEveryRoute } from '#server/accounts/guards.ts';
import { unauthenticated } from '#server/errors.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { listDevices, revokeDevice, revokeOtherDevices, type SessionCaller } from './service.ts';

const tags = ['comptes'];
const security = [{ session: [] }];

/** « Mes appareils »: the caller's own sessions, for customers and the administrator alike. */
export async function sessionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  requireUserOnEveryRoute(app);
  const deps = { database: app.database };

  /** The caller and the session its cookie names (the guard has checked the account). */
  async function callerOf(request: FastifyRequest): Promise<SessionCaller> {
    const viewer = app.guards.viewerOf(request);
    const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session || session.user.id !== viewer.id) throw unauthenticated();
    return { viewer, sessionId: session.session.id, ip: request.ip };
  }

  app.get(
    '/api/comptes/sessions',
    {
      schema: {
        tags,
        security,
        summary: sessionTexts.apiDocs.list,
        response: { 200: deviceSessionsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ sessions: await listDevices(deps, await callerOf(request)) }),
  );

  app.delete(
    '/api/comptes/sessions/:id',
    {
      schema: {
        tags,
        security,
        summary: sessionTexts.apiDocs.revoke,
        params: z.object({ id: idParamSchema }),
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeDevice(deps, await callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/comptes/sessions/deconnecter-autres',
    {
      schema: {
        tags,
        security,
        summary: sessionTexts.apiDocs.revokeOthers,
        response: { 200: revokeOthersResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ deconnectees: await revokeOtherDevices(deps, await callerOf(request)) }),
  );
}
