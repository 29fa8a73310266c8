import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devisIdParamsSchema, devisSchema } from '#domain/schemas/devis.ts';
import { signBodySchema, signingViewSchema } from '#domain/schemas/signature.ts';
import { sendPdfDownload } from '#server/documents/documents.ts';
import { errorSchema } from '#server/http-schemas.ts';
import { getSentPdf, getSigningView, signQuote, type SignatureDeps } from './service.ts';

const tags = ['signature'];
const params = devisIdParamsSchema;
const security = [{ session: [] }];
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

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
  // Before body validation: a visitor is told to log in, not that the payload is wrong.
  app.addHook('preValidation', async (request) => {
    await app.guards.requireUser(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/devis/:id/signature',
    {
      schema: {
        tags,
        summary: 'La page de signature de mon devis : prix, clauses, PDF envoyé et son empreinte, signataire prérempli',
        security,
        params,
        response: { 200: signingViewSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      return getSigningView(depsOf(request), viewer, request.params.id);
    },
  );

  app.get(
    '/api/devis/:id/devis-envoye',
    {
      schema: {
        tags,
        summary: 'Le PDF du devis tel qu’il a été envoyé pour signature (le client propriétaire ou l’administrateur)',
        security,
        params,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('Le PDF envoyé'), ...refusals },
      },
    },
    async (request, reply) => {
      const viewer = await app.guards.requireUser(request);
      return sendPdfDownload(reply, await getSentPdf(depsOf(request), viewer, request.params.id));
    },
  );

  app.post(
    '/api/devis/:id/signer',
    {
      schema: {
        tags,
        summary: 'Signer en ligne le devis envoyé (consentement, nom, signature dessinée) : il passe en cours, signé et scellé',
        security,
        params,
        body: signBodySchema,
        response: { 200: devisSchema, ...refusals, 503: errorSchema },
      },
      // A drawn signature is a few thousand points at most.
      bodyLimit: 512 * 1024,
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      return signQuote(depsOf(request), viewer, request.params.id, request.body, {
        ipAddress: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
    },
  );
}
