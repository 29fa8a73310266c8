import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completionSchema } from '#domain/schemas/devis-completion.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { archiveQuote, completeQuote, deleteOwnQuote, getOwnQuote, listActiveQuotes, listArchivedQuotes, restoreQuote } from './service.ts';
import { apiDocs } from '#domain/texts-server.ts';

const idParams = z.object({ id: z.string().min(1).max(64).describe(apiDocs.quoteId) });
const listSchema = z.object({ devis: z.array(devisSchema) });
const refusals = errorResponses(400, 401, 403, 404, 409);
const security = [{ session: [] }];

/** The customer area's API: every route answers only about the caller's own quotes. */
export async function quoteRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const depsOf = (request: FastifyRequest) => ({ database: app.database, fileStore: app.fileStore, log: request.log });

  // The one guard of these routes, before body validation: a visitor is told to log in, not
  // that the payload is wrong. Handlers read the viewer it let through.
  app.addHook('preValidation', async (request) => {
    await app.guards.requireUser(request);
  });
  const viewerOf = app.guards.viewerOf;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/devis',
    {
      schema: {
        tags: ['devis'],
        summary: apiDocs.myQuotes,
        description: apiDocs.myQuotesSearch,
        security,
        querystring: z.object({ q: z.string().max(200).optional().describe(apiDocs.searchText) }),
        response: { 200: listSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return { devis: await listActiveQuotes(depsOf(request), viewer, request.query.q) };
    },
  );

  app.get(
    '/api/devis/archives',
    {
      schema: {
        tags: ['devis'],
        summary: apiDocs.myArchives,
        security,
        response: { 200: listSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return { devis: await listArchivedQuotes(depsOf(request), viewer) };
    },
  );

  app.get(
    '/api/devis/:id',
    {
      schema: {
        tags: ['devis'],
        summary: apiDocs.myQuote,
        security,
        params: idParams,
        response: { 200: devisSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return getOwnQuote(depsOf(request), viewer, request.params.id);
    },
  );

  app.put(
    '/api/devis/:id/completer',
    {
      schema: {
        tags: ['devis'],
        summary: apiDocs.complete,
        security,
        params: idParams,
        body: completionSchema,
        response: { 200: devisSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return completeQuote(depsOf(request), viewer, request.params.id, request.body);
    },
  );

  app.post(
    '/api/devis/:id/archiver',
    {
      schema: {
        tags: ['devis'],
        summary: apiDocs.archive,
        security,
        params: idParams,
        response: { 200: devisSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return archiveQuote(depsOf(request), viewer, request.params.id);
    },
  );

  app.post(
    '/api/devis/:id/restaurer',
    {
      schema: {
        tags: ['devis'],
        summary: apiDocs.restore,
        security,
        params: idParams,
        response: { 200: devisSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return restoreQuote(depsOf(request), viewer, request.params.id);
    },
  );

  app.delete(
    '/api/devis/:id',
    {
      schema: {
        tags: ['devis'],
        summary: apiDocs.delete,
        security,
        params: idParams,
        response: { 204: z.null().describe(apiDocs.deleted), ...refusals },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await deleteOwnQuote(depsOf(request), viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
