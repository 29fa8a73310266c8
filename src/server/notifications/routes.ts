import { apiRoutes } from '#domain/api-paths.ts';
import { notificationPreferencesBodySchema, notificationPreferencesSchema } from '#domain/schemas/notifications.ts';
import { apiDocs } from '#domain/texts/server.ts';
import { errorResponses, routeSchema } from '#server/http-schemas.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { getPreferences, setPreferences } from './service.ts';

const preferencesSchema = notificationPreferencesSchema.describe(apiDocs.statusUpdatesField);
const refusals = errorResponses(400, 401, 403);
const tags = ['comptes'];

/** The customer's switch for the e-mails that are not essential (his own account only). */
export const notificationRoutes: CapabilityRoutes = {
  async customer(app) {
    const routes = apiRoutes.notifications;
    serve(app, routes.preferences, {
      schema: routeSchema(tags, apiDocs.myNotificationPreferences, { response: { 200: preferencesSchema, ...refusals } }),
      handler: async (request) => getPreferences(app.database.db, app.guards.viewerOf(request)),
    });

    serve(app, routes.setPreferences, {
      schema: routeSchema(tags, apiDocs.setNotificationPreferences, {
        body: notificationPreferencesBodySchema.describe(apiDocs.statusUpdatesField),
        response: { 200: preferencesSchema, ...refusals },
      }),
      handler: async (request) => setPreferences(app.database.db, app.guards.viewerOf(request), request.body),
    });
  },
};
