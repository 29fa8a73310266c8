import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devisIdParamsSchema, devisSchema } from '#domain/schemas/devis.ts';
import { signBodySchema, signingViewSchema } from '#domain/schemas/signature.ts';
import { sendPdfDownload } from '#server/documents/documents.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { getSentPdf, getSigningView, signQuote, type SignatureDeps } from './service.ts';
import { apiDocs } from '#domain/texts/server.ts';
import { requireUserOnEveryRoute } from '#server/accounts/guards.ts';

const tags = ['signature'];
const params = devisIdParamsSchema;
const security = [{ session: [] }];
const refusals = errorResponses(400, 401, 403, 404, 409);

/** Online signature: the signing page's data, the PDF sent, and the sign action. */
export async function signatureRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const depsOf = (request: FastifyRequest): SignatureDeps => ({
    database: app.database,
    fileStore: app.fileStore,
    outbox: app.outbox,
    config: app.config,
    seal: app.seal,
    log: request.log,
  });
  requireUserOnEveryRoute(app);

  app.get(
    '/api/devis/:id/signature',
    {
      schema: {
        tags,
        summary: apiDocs.signingPage,
        security,
        params,
        response: { 200: signingViewSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = app.guards.viewerOf(request);
      return getSigningView(depsOf(request), viewer, request.params.id);
    },
  );

  app.get(
    '/api/devis/:id/devis-envoye',
    {
      schema: {
        tags,
        summary: apiDocs.sentPdfDownload,
        security,
        params,
        produces: ['application/pdf'],
        response: { 200: z.any().describe(apiDocs.sentPdf), ...refusals },
      },
    },
    async (request, reply) => {
      const viewer = app.guards.viewerOf(request);
      return sendPdfDownload(reply, await getSentPdf(depsOf(request), viewer, request.params.id));
    },
  );

  app.post(
    '/api/devis/:id/signer',
    {
      schema: {
        tags,
        summary: apiDocs.sign,
        security,
        params,
        body: signBodySchema,
        response: { 200: devisSchema, ...refusals, ...errorResponses(503) },
      },
      // A drawn signature is a few thousand points at most.
      bodyLimit: 512 * 1024,
    },
    async (request) => {
      const viewer = app.guards.viewerOf(request);
      return signQuote(depsOf(request), viewer, request.params.id, request.body, {
        ipAddress: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
    },
  );
}
