import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#server/http-schemas.ts';
import { setStatusUpdates, wantsStatusUpdates } from './repository.ts';
import { apiDocs } from '#domain/texts-server.ts';

const preferencesSchema = z.object({
  suiviParEmail: z.boolean().describe(apiDocs.statusUpdatesField),
});
const refusals = errorResponses(400, 401, 403);

/** The customer's switch for the e-mails that are not essential (his own account only). */
export async function notificationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/comptes/notifications',
    {
      schema: {
        tags: ['comptes'],
        summary: apiDocs.myNotificationPreferences,
        security: [{ session: [] }],
        response: { 200: preferencesSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      return { suiviParEmail: await wantsStatusUpdates(app.database.db, viewer.id) };
    },
  );

  app.put(
    '/api/comptes/notifications',
    {
      preValidation: async (request) => {
        await app.guards.requireUser(request);
      },
      schema: {
        tags: ['comptes'],
        summary: apiDocs.setNotificationPreferences,
        security: [{ session: [] }],
        body: preferencesSchema,
        response: { 200: preferencesSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      await setStatusUpdates(app.database.db, viewer.id, request.body.suiviParEmail);
      return { suiviParEmail: request.body.suiviParEmail };
    },
  );
}
