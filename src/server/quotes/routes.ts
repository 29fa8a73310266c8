import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completionSchema } from '#domain/schemas/devis-completion.ts';
import { devisIdParamsSchema, devisListQuerySchema, devisListSchema as listSchema, devisSchema } from '#domain/schemas/devis.ts';
import { apiDocs } from '#domain/texts/server.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { archiveQuote, completeQuote, deleteOwnQuote, getOwnQuote, listActiveQuotes, listArchivedQuotes, restoreQuote } from './service.ts';
import { requireUserOnEveryRoute } from '#server/accounts/guards.ts';

const idParams = devisIdParamsSchema;
const refusals = errorResponses(400, 401, 403, 404, 409);
/** What every route here documents: its tag, its summary, the session it needs, its refusals. */
const doc = (summary: string) => ({ tags: ['devis'], summary, security: [{ session: [] }] });
/** A route about one quote, answering it. */
const oneQuote = (summary: string) => ({ ...doc(summary), params: idParams, response: { 200: devisSchema, ...refusals } });

/** The customer area's API: every route answers only about the caller's own quotes. */
export async function quoteRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const depsOf = (request: FastifyRequest) => ({
    database: app.database,
    fileStore: app.fileStore,
    log: request.log,
    config: app.config,
    outbox: app.outbox,
  });

  requireUserOnEveryRoute(app);
  const viewerOf = app.guards.viewerOf;

  app.get(
    '/api/devis',
    {
      schema: {
        ...doc(apiDocs.myQuotes),
        description: apiDocs.myQuotesSearch,
        querystring: devisListQuerySchema,
        response: { 200: listSchema, ...refusals },
      },
    },
    async (request) => ({ devis: await listActiveQuotes(depsOf(request), viewerOf(request), request.query.q) }),
  );

  app.get(
    '/api/devis/archives',
    { schema: { ...doc(apiDocs.myArchives), response: { 200: listSchema, ...refusals } } },
    async (request) => ({ devis: await listArchivedQuotes(depsOf(request), viewerOf(request)) }),
  );

  app.get('/api/devis/:id', { schema: oneQuote(apiDocs.myQuote) }, async (request) =>
    getOwnQuote(depsOf(request), viewerOf(request), request.params.id),
  );

  app.put('/api/devis/:id/completer', { schema: { ...oneQuote(apiDocs.complete), body: completionSchema } }, async (request) =>
    completeQuote(depsOf(request), viewerOf(request), request.params.id, request.body),
  );

  for (const action of [
    { url: '/api/devis/:id/archiver', summary: apiDocs.archive, run: archiveQuote },
    { url: '/api/devis/:id/restaurer', summary: apiDocs.restore, run: restoreQuote },
  ]) {
    app.post(action.url, { schema: oneQuote(action.summary) }, async (request) =>
      action.run(depsOf(request), viewerOf(request), request.params.id),
    );
  }

  app.delete(
    '/api/devis/:id',
    { schema: { ...doc(apiDocs.delete), params: idParams, response: { 204: z.null().describe(apiDocs.deleted), ...refusals } } },
    async (request, reply) => {
      await deleteOwnQuote(depsOf(request), viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
