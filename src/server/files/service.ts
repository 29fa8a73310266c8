import type { FastifyBaseLogger } from 'fastify';
import { texts } from '#domain/texts.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import type { Viewer } from '#server/accounts/guards.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { assertMayFetch } from '#server/documents/documents.ts';
import { notFound } from '#server/errors.ts';
import { findQuoteById } from '#server/quotes/repository.ts';
import type { FileStore } from '#server/storage/file-store.ts';

type Deps = { database: DatabaseHandle; fileStore: FileStore; log: FastifyBaseLogger };

/** The signed PDF of a quote, for its owner or the administrator; 404 for anyone else or when there is none. */
export async function getSignedQuoteFile(deps: Deps, viewer: Viewer, id: string): Promise<{ content: Buffer; filename: string }> {
  const row = await findQuoteById(deps.database.db, id);
  if (!row) throw notFound(texts.quoteNotFound);
  // Another customer's quote does not exist for this viewer; the probe is logged.
  assertMayFetch(
    viewer,
    { ownerId: row.uid, kind: 'quote', what: { devisId: row.id } },
    { log: deps.log, notFoundMessage: texts.quoteNotFound },
  );
  const content = row.signedFileKey ? await deps.fileStore.get(row.signedFileKey) : null;
  if (!content) throw notFound(adminTexts.signedFileMissing);
  return { content, filename: `devis-signe-${row.numeroDevis}.pdf` };
}
