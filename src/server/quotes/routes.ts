import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completionSchema } from '#domain/schemas/devis-completion.ts';
import { devisIdParamsSchema, devisListQuerySchema, devisSchema } from '#domain/schemas/devis.ts';
import { archiveQuote, completeQuote, deleteOwnQuote, getOwnQuote, listActiveQuotes, listArchivedQuotes, restoreQuote } from './service.ts';

const errorSchema = z.object({ error: z.string(), message: z.string(), details: z.unknown().optional() });
const idParams = devisIdParamsSchema;
const listSchema = z.object({ devis: z.array(devisSchema) });
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const security = [{ session: [] }];

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

  // Before body validation: a visitor is told to log in, not that the payload is wrong.
  app.addHook('preValidation', async (request) => {
    await app.guards.requireUser(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/devis',
    {
      schema: {
        tags: ['devis'],
        summary: 'Mes devis actifs (hors archivés), du plus récent au plus ancien',
        description:
          'Recherche `q` par trajet (adresses), numéro de devis ou date (« 21/11/2026 », « 11/2026 »), sans tenir compte des accents ni de la casse.',
        security,
        querystring: devisListQuerySchema,
        response: { 200: listSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      return { devis: await listActiveQuotes(depsOf(request), viewer, request.query.q) };
    },
  );

  app.get(
    '/api/devis/archives',
    {
      schema: {
        tags: ['devis'],
        summary: 'Mes devis archivés, par numéro croissant',
        security,
        response: { 200: listSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      return { devis: await listArchivedQuotes(depsOf(request), viewer) };
    },
  );

  app.get(
    '/api/devis/:id',
    {
      schema: {
        tags: ['devis'],
        summary: "Un de mes devis, avec l'historique de ses statuts",
        security,
        params: idParams,
        response: { 200: devisSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      return getOwnQuote(depsOf(request), viewer, request.params.id);
    },
  );

  app.put(
    '/api/devis/:id/completer',
    {
      schema: {
        tags: ['devis'],
        summary: 'Compléter un devis en attente (passe en attente de confirmation)',
        security,
        params: idParams,
        body: completionSchema,
        response: { 200: devisSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      return completeQuote(depsOf(request), viewer, request.params.id, request.body);
    },
  );

  app.post(
    '/api/devis/:id/archiver',
    {
      schema: {
        tags: ['devis'],
        summary: 'Archiver un devis en attente',
        security,
        params: idParams,
        response: { 200: devisSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      return archiveQuote(depsOf(request), viewer, request.params.id);
    },
  );

  app.post(
    '/api/devis/:id/restaurer',
    {
      schema: {
        tags: ['devis'],
        summary: 'Restaurer un devis archivé (repasse en attente)',
        security,
        params: idParams,
        response: { 200: devisSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      return restoreQuote(depsOf(request), viewer, request.params.id);
    },
  );

  app.delete(
    '/api/devis/:id',
    {
      schema: {
        tags: ['devis'],
        summary: 'Supprimer définitivement un devis en attente ou archivé',
        security,
        params: idParams,
        response: { 204: z.null().describe('Devis supprimé'), ...refusals },
      },
    },
    async (request, reply) => {
      const viewer = await app.guards.requireUser(request);
      await deleteOwnQuote(depsOf(request), viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
