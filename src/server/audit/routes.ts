import { apiRoutes } from '#domain/api-paths.ts';
import { journalQuerySchema, journalResponseSchema } from '#domain/audit.ts';
import { sessionTexts } from '#domain/texts/sessions.ts';
import { errorResponses, routeSchema } from '#server/http-schemas.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { listJournal } from './service.ts';

/** `/admin/journal`'s data. */
export const auditRoutes: CapabilityRoutes = {
  async admin(app) {
    serve(app, apiRoutes.audit.journal, {
      schema: routeSchema(['administration'], sessionTexts.apiDocs.journal, {
        querystring: journalQuerySchema,
        response: { 200: journalResponseSchema, ...errorResponses(400, 401, 403) },
      }),
      handler: async (request) => listJournal(app.database.db, request.query),
    });
  },
};
