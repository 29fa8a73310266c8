import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { journalQuerySchema, journalResponseSchema } from '#domain/audit.ts';
import { sessionTexts } from '#domain/texts/sessions.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { listJournal } from './service.ts';

/** `/admin/journal`'s data: the administrator only. */
export async function auditRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    await app.guards.requireAdmin(request);
  });
  app.get(
    '/api/admin/journal',
    {
      schema: {
        tags: ['administration'],
        security: [{ session: [] }],
        summary: sessionTexts.apiDocs.journal,
        querystring: journalQuerySchema,
        response: { 200: journalResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listJournal(app.database.db, request.query),
  );
}
