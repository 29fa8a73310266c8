import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devisIdParamsSchema } from '#domain/schemas/devis.ts';
import { texts } from '#domain/texts.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import { notFound } from '#server/errors.ts';
import { assertMayFetch, sendPdfDownload } from '#server/documents/documents.ts';
import { findQuoteById } from '#server/quotes/repository.ts';

const errorSchema = z.object({ error: z.string(), message: z.string() });

/** Downloads of stored files, each through an authorised route (never a public URL). */
export async function fileRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/devis/:id/devis-signe',
    {
      schema: {
        tags: ['fichiers'],
        summary: 'Télécharger le devis signé (le client propriétaire ou l’administrateur)',
        params: devisIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('Le PDF signé'), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await app.guards.requireUser(request);
      const row = await findQuoteById(app.database.db, request.params.id);
      if (!row) throw notFound(texts.quoteNotFound);
      // Another customer's quote does not exist for this viewer; the probe is logged.
      assertMayFetch(
        viewer,
        { ownerId: row.uid, kind: 'quote', what: { devisId: row.id } },
        { log: request.log, notFoundMessage: texts.quoteNotFound },
      );
      if (!row.signedFileKey) throw notFound(adminTexts.signedFileMissing);
      const content = await app.fileStore.get(row.signedFileKey);
      if (!content) throw notFound(adminTexts.signedFileMissing);
      return sendPdfDownload(reply, { content, filename: `devis-signe-${row.numeroDevis}.pdf` });
    },
  );
}
