import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { sendFile } from '#server/http/send-file.ts';
import type { Viewer } from '#server/viewer.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { FileStore } from '#server/storage/file-store.ts';

/**
 * What the business's documents share (signed quotes, inspection reports, invoices): a
 * generated PDF stored under a key the server makes, its SHA-256 recorded beside it, fetched
 * only by its owner or the administrator, and downloaded with the same headers everywhere.
 * Rendering stays in pdf/ (or the capability), the bytes in storage/; what a key means and
 * where its SHA-256 is recorded is the capability's (a quote column, an evidence row…).
 *
 * A stored document is never replaced silently: give each version a key of its own, or, where
 * a key is fixed (`devis-signes/{id}.pdf`), decide in the capability who may write it again.
 */

/** Hex SHA-256 of a file: what is recorded when a document is stored, and checked when it is read. */
export const sha256Hex = (content: Buffer | Uint8Array) => createHash('sha256').update(content).digest('hex');

export type StoredDocument = { key: string; sha256: string; bytes: number };

/**
 * Writes a generated PDF under `key` and returns its SHA-256 for the caller to record. A store
 * that fails becomes a 503 with `failureMessage` (French, for the user); the caller takes back
 * whatever it had written for this document.
 */
export async function storeDocument(
  fileStore: FileStore,
  key: string,
  content: Buffer,
  { failureMessage }: { failureMessage: string },
): Promise<StoredDocument> {
  try {
    await fileStore.put(key, content, 'application/pdf');
  } catch (error) {
    throw new AppError('unavailable', failureMessage, { cause: error });
  }
  return { key, sha256: sha256Hex(content), bytes: content.length };
}

/**
 * A stored document and whether it is still the one recorded (`expectedSha256`): null when the
 * key holds nothing. `intact` is false when the bytes changed since they were recorded.
 */
export async function readDocument(
  fileStore: FileStore,
  key: string,
  expectedSha256?: string | null,
): Promise<{ content: Buffer; sha256: string; intact: boolean } | null> {
  const content = await fileStore.get(key);
  if (!content) return null;
  const sha256 = sha256Hex(content);
  return { content, sha256, intact: expectedSha256 ? sha256 === expectedSha256 : true };
}

/**
 * Who may fetch a document: its owner (`ownerId`, the account the quote belongs to) or the
 * administrator. Anyone else is told it does not exist (404 with `notFoundMessage`, as for a
 * missing one), and the probe is logged like the guards' refusals (`refused: quote of another user`).
 */
export function assertMayFetch(
  viewer: Viewer,
  document: { ownerId: string | null; kind: 'quote' | 'mission' | 'invoice'; what: Record<string, string> },
  { log, notFoundMessage }: { log: Pick<FastifyBaseLogger, 'warn'>; notFoundMessage: string },
): void {
  if (viewer.role === 'admin' || (document.ownerId !== null && document.ownerId === viewer.id)) return;
  log.warn({ userId: viewer.id, ...document.what }, `refused: ${document.kind} of another user`);
  throw notFound(notFoundMessage);
}

/** Sends a PDF as a download (`attachment`: never displayed inline from our origin), kept by no cache. */
export function sendPdfDownload(reply: FastifyReply, { content, filename }: { content: Buffer; filename: string }) {
  return sendFile(reply.header('cache-control', 'private, no-store'), { content, type: 'application/pdf', filename });
}
