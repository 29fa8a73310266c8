import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationPreferencesSchema } from '#domain/schemas/notifications.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { getPreferences, setPreferences } from './service.ts';
import { apiDocs } from '#domain/texts/server.ts';
import { requireUserOnEveryRoute } from '#server/accounts/guards.ts';

const preferencesSchema = notificationPreferencesSchema.describe(apiDocs.statusUpdatesField);
const refusals = errorResponses(400, 401, 403);

/** The customer's switch for the e-mails that are not essential (his own account only). */
export async function notificationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  requireUserOnEveryRoute(app);

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
    async (request) => getPreferences(app.database.db, app.guards.viewerOf(request)),
  );

  app.put(
    '/api/comptes/notifications',
    {
      schema: {
        tags: ['comptes'],
        summary: apiDocs.setNotificationPreferences,
        security: [{ session: [] }],
        body: preferencesSchema,
        response: { 200: preferencesSchema, ...refusals },
      },
    },
    async (request) => setPreferences(app.database.db, app.guards.viewerOf(request), request.body),
  );
}
