import { formatDay } from '#domain/format.ts';
import { isQuoteExpired } from '#domain/legal.ts';
import { issueDepositAfterSignature } from '#server/payments/deposits.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { nextStatut } from '#domain/statuses.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import { cleanPdf } from '#server/documents/pdf-check.ts';
import { AppError, conflict, notFound } from '#server/errors.ts';
import { notifyCustomerOfStatus } from '#server/notifications/service.ts';
import { cancelMail, releaseMail } from '#server/outbox/outbox.ts';
import { isSignedOnline } from '#server/signatures/evidence.ts';
import type { Viewer } from '#server/viewer.ts';
import type { AdminDeps } from './back-office.ts';
import { rowToDevis } from './devis-mapper.ts';
import { transitionQuoteIn, undoTransitionIn } from './repository.ts';
import { findQuoteForDocument, requireQuote, signedFileKey } from './service.ts';

type Admin = { id: string };

/** The signed PDF of a quote, for its owner or the administrator; 404 for anyone else or when there is none. */
export async function getSignedQuoteFile(
  deps: Pick<AdminDeps, 'database' | 'fileStore' | 'log'>,
  viewer: Viewer,
  id: string,
): Promise<{ content: Buffer; filename: string }> {
  const row = await findQuoteForDocument(deps, viewer, id);
  const content = row.signedFileKey ? await deps.fileStore.get(row.signedFileKey) : null;
  if (!content) throw notFound(adminTexts.signedFileMissing);
  return { content, filename: `devis-signe-${row.numeroDevis}.pdf` };
}

/**
 * Moves the quote to en cours, then stores the signed PDF, checked and rebuilt without its
 * active content (files/pdf-check.ts), as devis-signes/{id}.pdf.
 *
 * The spec fixes the key, so a file written before the decision would replace the previous
 * signed PDF even when the upload is then refused. The compare-and-set on the status comes
 * first, and only an accepted upload writes the file: a 409 leaves the stored PDF untouched.
 * Both stores replace a key whole (temporary file then rename; S3 PutObject), so a failed
 * write leaves the previous file as it was; the transition is then taken back, unless the
 * quote changed since, and the administrator gets a 503 and can upload again. Until the
 * write lands, a download serves the previous file (or none on a first upload). Two
 * re-uploads at the same moment are both accepted and recorded; the file is the last written.
 */
export async function uploadSignedQuote(deps: AdminDeps, admin: Admin, id: string, content: Buffer): Promise<Devis> {
  const row = await requireQuote(deps.database.db, id);
  const from = row.statut;
  const to = nextStatut('admin', 'uploadSigned', from);
  if (!to) throw conflict();
  // A quote not yet signed cannot be signed, on paper either, once its validity date is past (legal/).
  if (from !== 'en cours' && isQuoteExpired(row.valableJusquAu)) throw conflict(legalTexts.expired(formatDay(row.valableJusquAu)));
  // A signed and sealed document is never replaced by a scan.
  if (await isSignedOnline(deps.database.db, id)) throw conflict(adminTexts.signedOnlineNoReplace);
  // Stored is a copy made of the uploaded pages only: no script, action, attachment or form survives.
  const clean = await cleanPdf(content);
  const key = signedFileKey(id);
  const claimed = await withWriteTransaction(deps.database, async (trx) => {
    const moved = await transitionQuoteIn(trx, {
      id,
      expected: from,
      to,
      changes: { signedFileKey: key },
      by: { userId: admin.id, role: 'admin' },
      recordSameStatus: true,
    });
    // The customer hears of the new status once the file is stored (held until then).
    const mail =
      moved && from !== to
        ? await notifyCustomerOfStatus(trx, deps.config, moved, { heldUntil: new Date(Date.now() + 5 * 60 * 1000) })
        : null;
    return moved ? { moved, mailIds: mail ? [mail] : [] } : null;
  });
  if (!claimed) throw conflict();
  const updated = claimed.moved;
  try {
    await deps.fileStore.put(key, clean, 'application/pdf');
  } catch (error) {
    const undone = await withWriteTransaction(deps.database, async (trx) => {
      const done = await undoTransitionIn(trx, { done: updated, restore: { statut: row.statut, signedFileKey: row.signedFileKey } });
      if (done) await cancelMail(trx, claimed.mailIds, 'upload taken back: the signed PDF could not be stored');
      return done;
    }).catch((undoError: unknown) => {
      deps.log.error({ err: undoError, devisId: id }, 'upload of a signed PDF could not be taken back');
      return false;
    });
    deps.log.warn({ err: error, devisId: id, undone }, 'signed PDF could not be stored');
    throw new AppError('unavailable', adminTexts.uploadStoreFailure, { cause: error });
  }
  await releaseMail(deps.database.db, claimed.mailIds);
  if (from !== to) await issueDepositAfterSignature(deps, id);
  deps.outbox.kick();
  return rowToDevis(updated);
}
