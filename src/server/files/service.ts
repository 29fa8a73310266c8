import type { FastifyBaseLogger } from 'fastify';
import { adminTexts } from '#domain/texts/admin.ts';
import type { Viewer } from '#server/accounts/guards.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { notFound } from '#server/errors.ts';
import { findQuoteForDocument } from '#server/quotes/service.ts';
import type { FileStore } from '#server/storage/file-store.ts';

type Deps = { database: DatabaseHandle; fileStore: FileStore; log: FastifyBaseLogger };

/** The signed PDF of a quote, for its owner or the administrator; 404 for anyone else or when there is none. */
export async function getSignedQuoteFile(deps: Deps, viewer: Viewer, id: string): Promise<{ content: Buffer; filename: string }> {
  const row = await findQuoteForDocument(deps, viewer, id);
  const content = row.signedFileKey ? await deps.fileStore.get(row.signedFileKey) : null;
  if (!content) throw notFound(adminTexts.signedFileMissing);
  return { content, filename: `devis-signe-${row.numeroDevis}.pdf` };
}
