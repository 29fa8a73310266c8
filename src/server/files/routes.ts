import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devisIdParamsSchema } from '#domain/schemas/devis.ts';
import { apiDocs } from '#domain/texts/server.ts';
import { sendPdfDownload } from '#server/documents/documents.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { getSignedQuoteFile } from './service.ts';

/** Downloads of stored files, each through an authorised route (never a public URL). */
export async function fileRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/devis/:id/devis-signe',
    {
      schema: {
        tags: ['fichiers'],
        summary: apiDocs.signedDownload,
        params: devisIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe(apiDocs.signedPdf), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await app.guards.requireUser(request);
      const file = await getSignedQuoteFile(
        { database: app.database, fileStore: app.fileStore, log: request.log },
        viewer,
        request.params.id,
      );
      return sendPdfDownload(reply, file);
    },
  );
}
