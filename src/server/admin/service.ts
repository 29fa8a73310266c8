import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { parsePrixFinal, type AdminListResponse, type DevisSummary, type ConfirmBody, type StatutFilter } from '#domain/schemas/admin.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { canApply, nextStatut, TRANSITIONS, type QuoteAction } from '#domain/statuses.ts';
import { isEmailAddress } from '#domain/schemas/text.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { AppError, conflict, notFound, unprocessable } from '#server/errors.ts';
import { renderQuotePdf } from '#server/pdf/quote-pdf.ts';
import { rowToDevis } from '#server/quotes/devis-mapper.ts';
import {
  deleteQuoteIn,
  findQuoteById,
  listHistory,
  transitionQuoteIn,
  undoTransitionIn,
  type QuoteChanges,
} from '#server/quotes/repository.ts';
import { notifyCustomerOfDeletion, notifyCustomerOfStatus } from '#server/notifications/notify.ts';
import { cancelMail, enqueueMail, releaseMail, type OutboxMail } from '#server/outbox/outbox.ts';
import { findSignatureOf } from '#server/signatures/repository.ts';
import { findLatestForQuote, retryNow } from '#server/outbox/repository.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { cleanPdf } from '#server/files/pdf-check.ts';
import { envoiOf, QUOTE_MAIL_KIND, quoteForSignatureMail } from './quote-mail.ts';
import { listArchivedQuotes, listGroups, listQuotesOfGroups, refreshSearchIndex } from './repository.ts';

export type AdminDeps = {
  database: DatabaseHandle;
  outbox: OutboxWorker;
  fileStore: FileStore;
  config: Config;
  log: FastifyBaseLogger;
};
type Admin = { id: string };

/** Quotes a group shows in the list; the rest come with `groupe`. */
const DEVIS_PER_GROUP = 50;
const GROUP_MAX = 1000;

export const signedFileKey = (id: string) => `devis-signes/${id}.pdf`;
/** Each confirmation's PDF under a key of its own: the one a customer received stays as it was. */
export const sentPdfKeyOf = (id: string) => `devis-envoyes/${id}/${randomUUID()}.pdf`;

export async function listAdminQuotes(
  deps: AdminDeps,
  query: { q: string; statut: StatutFilter; page: number; groupsPerPage: number; groupe?: string },
): Promise<AdminListResponse> {
  const filter = { q: query.q, statut: query.statut };
  if (filter.q.trim() !== '') {
    // A search answers from the index as it is rather than fail: the refresh logs what it could not do.
    await refreshSearchIndex(deps.database, deps.log).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'search index could not be refreshed; searching the index as it is'),
    );
  }
  const { db } = deps.database;

  if (query.groupe !== undefined) {
    const devis = (await listQuotesOfGroups(db, filter, [query.groupe], GROUP_MAX)).map(({ groupe: _groupe, ...summary }) => summary);
    return {
      groups: devis.length ? [{ email: query.groupe, count: devis.length, derniereActivite: devis[0]!.updatedAt, devis }] : [],
      page: 1,
      groupsPerPage: 1,
      totalGroups: devis.length ? 1 : 0,
      totalDevis: devis.length,
      devisPerGroup: GROUP_MAX,
    };
  }

  const { groups, totalGroups, totalDevis } = await listGroups(db, filter, {
    limit: query.groupsPerPage,
    offset: (query.page - 1) * query.groupsPerPage,
  });
  const rows = await listQuotesOfGroups(
    db,
    filter,
    groups.map((group) => group.email),
    DEVIS_PER_GROUP,
  );
  const byGroup = new Map<string, DevisSummary[]>();
  for (const { groupe, ...summary } of rows) {
    const list = byGroup.get(groupe) ?? [];
    list.push(summary);
    byGroup.set(groupe, list);
  }
  return {
    groups: groups.map((group) => ({ ...group, devis: byGroup.get(group.email) ?? [] })),
    page: query.page,
    groupsPerPage: query.groupsPerPage,
    totalGroups,
    totalDevis,
    devisPerGroup: DEVIS_PER_GROUP,
  };
}

async function requireQuote(deps: AdminDeps, id: string): Promise<DevisRow> {
  const row = await findQuoteById(deps.database.db, id);
  if (!row) throw notFound(texts.quoteNotFound);
  return row;
}

export async function getAdminQuote(deps: AdminDeps, id: string): Promise<Devis> {
  const row = await requireQuote(deps, id);
  const [historique, mail] = await Promise.all([
    listHistory(deps.database.db, id),
    findLatestForQuote(deps.database.db, id, QUOTE_MAIL_KIND),
  ]);
  return { ...rowToDevis(row), numeroDevisOriginal: row.numeroDevisOriginal, historique, envoi: envoiOf(mail) };
}

export function listArchives(deps: AdminDeps): Promise<DevisSummary[]> {
  return listArchivedQuotes(deps.database.db);
}

/**
 * Applies one admin action of the transition table, or answers 409 when the status forbids it;
 * the customer's e-mail about the new status (en cours, terminé, archivé) is queued with it.
 */
async function applyAction(deps: AdminDeps, admin: Admin, id: string, action: QuoteAction, changes?: QuoteChanges): Promise<DevisRow> {
  const row = await requireQuote(deps, id);
  const from = row.statut;
  const to = nextStatut('admin', action, from);
  if (!to) throw conflict();
  const updated = await withWriteTransaction(deps.database, async (trx) => {
    const moved = await transitionQuoteIn(trx, { id, expected: from, to, changes, by: { userId: admin.id, role: 'admin' } });
    if (moved) await notifyCustomerOfStatus(trx, deps.config, moved);
    return moved;
  });
  if (!updated) throw conflict();
  deps.outbox.kick();
  return updated;
}

export const confirmSigned = (deps: AdminDeps, admin: Admin, id: string) => applyAction(deps, admin, id, 'confirmSigned').then(rowToDevis);
export const finishMission = (deps: AdminDeps, admin: Admin, id: string) => applyAction(deps, admin, id, 'finish').then(rowToDevis);
export const archiveQuote = (deps: AdminDeps, admin: Admin, id: string) =>
  applyAction(deps, admin, id, 'archive', { archive: 1 }).then(rowToDevis);
export const restoreQuote = (deps: AdminDeps, admin: Admin, id: string) =>
  applyAction(deps, admin, id, 'restore', { archive: 0 }).then(rowToDevis);

/**
 * Deletes the quote in any status the table allows, with the customer's e-mail about it, then its signed PDF (a
 * leftover file is harmless, a dangling link is not). The evidence of an online signature
 * (signatures/) is kept.
 */
export async function removeQuote(deps: AdminDeps, id: string): Promise<void> {
  const deleted = await withWriteTransaction(deps.database, async (trx) => {
    const gone = await deleteQuoteIn(trx, { id, expected: TRANSITIONS.admin.delete?.from ?? [] });
    if (gone) await notifyCustomerOfDeletion(trx, deps.config, gone);
    return gone;
  });
  if (!deleted) throw notFound(texts.quoteNotFound);
  deps.outbox.kick();
  try {
    await deps.fileStore.delete(signedFileKey(id));
  } catch (error) {
    deps.log.warn({ err: error, devisId: id }, 'signed PDF of a deleted quote could not be removed');
  }
}

/**
 * Stores the final price and clauses and sets confirmé, and in the same transaction queues
 * the e-mail that carries the quote's PDF to the customer (outbox/): the quote becomes
 * envoyé when the transport has accepted it. The PDF is rendered and stored before the
 * transaction (never inside one); its key and SHA-256 stay on the quote, so the document
 * sent can be shown again. Concurrent confirmations: the compare-and-set on the status lets
 * exactly one through; the others get 409 and their PDF is removed.
 */
export async function confirmQuote(deps: AdminDeps, admin: Admin, id: string, body: ConfirmBody): Promise<Devis> {
  const prix = parsePrixFinal(body.prixFinal);
  if (!prix.ok) throw unprocessable(prix.message);
  const row = await requireQuote(deps, id);
  const from = row.statut;
  const to = nextStatut('admin', 'confirm', from);
  if (!to) throw conflict();
  const recipient = recipientOf(row);

  const changes = {
    prixCentimes: prix.centimes,
    clauses: { km: body.clauses.km, longDistance: body.clauses.longDistance },
  };
  const devis = rowToDevis({ ...row, ...changes, statut: to });
  const pdf = await storeQuotePdf(deps, devis);
  const pdfSha256 = sha256(pdf.content);
  const confirmed = await withWriteTransaction(deps.database, async (trx) => {
    const updated = await transitionQuoteIn(trx, {
      id,
      expected: from,
      to,
      changes: { ...changes, sentPdfKey: pdf.key, sentPdfSha256: pdfSha256 },
      by: { userId: admin.id, role: 'admin' },
    });
    if (updated) await enqueueMail(trx, quoteMailOf(devis, recipient, pdf.key, deps.config));
    return updated;
  });
  if (!confirmed) {
    await deps.fileStore
      .delete(pdf.key)
      .catch((error: unknown) => deps.log.warn({ err: error, devisId: id }, 'unused quote PDF left in the store'));
    throw conflict();
  }
  deps.outbox.kick();
  return getAdminQuote(deps, id);
}

/**
 * Sends the quote's e-mail now: a message waiting for its next try or given up is tried
 * again; a confirmé quote without one (confirmed before the outbox existed) gets it anew.
 */
export async function retryQuoteMail(deps: AdminDeps, id: string): Promise<Devis> {
  const row = await requireQuote(deps, id);
  const latest = await findLatestForQuote(deps.database.db, id, QUOTE_MAIL_KIND);
  if (latest?.status === 'sent' || latest?.status === 'sending') throw conflict(adminTexts.mailAlreadySent);
  if (latest && (latest.status === 'pending' || latest.status === 'failed')) {
    await retryNow(deps.database.db, latest.id, new Date());
  } else {
    // Only a quote the table would now mark as sent (confirmé) has an e-mail to send.
    if (!canApply('admin', 'markSent', row.statut)) throw conflict(adminTexts.mailNothingToSend);
    const recipient = recipientOf(row);
    const devis = rowToDevis(row);
    const pdf = await storeQuotePdf(deps, devis);
    const queued = await withWriteTransaction(deps.database, async (trx) => {
      // The quote row first: its lock (or SQLite's write lock) makes two retries queue one message.
      const touched = await transitionQuoteIn(trx, {
        id,
        expected: row.statut,
        to: row.statut,
        changes: { sentPdfKey: pdf.key, sentPdfSha256: sha256(pdf.content) },
        by: { userId: null, role: 'admin' },
      });
      const current = touched ? await findLatestForQuote(trx, id, QUOTE_MAIL_KIND) : undefined;
      if (!touched || (current && current.status !== 'cancelled')) return false;
      await enqueueMail(trx, quoteMailOf(devis, recipient, pdf.key, deps.config));
      return true;
    });
    if (!queued) throw conflict(adminTexts.mailNothingToSend);
  }
  deps.outbox.kick();
  return getAdminQuote(deps, id);
}

/** The quote's PDF as it will be sent, stored under a key of its own (a document is never replaced). */
async function storeQuotePdf(deps: AdminDeps, devis: Devis): Promise<{ key: string; content: Buffer }> {
  const content = await renderQuotePdf(devis, { business: deps.config.business, contact: deps.config.contact });
  const key = sentPdfKeyOf(devis.id);
  try {
    await deps.fileStore.put(key, content, 'application/pdf');
  } catch (error) {
    throw new AppError('unavailable', texts.confirmFailure, { cause: error });
  }
  return { key, content };
}

function quoteMailOf(devis: Devis, recipient: string, pdfKey: string, config: Config): OutboxMail {
  return {
    kind: QUOTE_MAIL_KIND,
    devisId: devis.id,
    to: recipient,
    ...quoteForSignatureMail(devis, config),
    attachments: [{ filename: `devis-${devis.numeroDevis}.pdf`, contentType: 'application/pdf', storageKey: pdfKey }],
  };
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * The one address the quote goes to. An address stored before the one e-mail rule may name
 * several (`client,pirate@evil.example`): the quote is then sent to nobody.
 */
function recipientOf(row: DevisRow): string {
  const email = clientEmailOf(row);
  if (!email) throw unprocessable(texts.clientEmailMissing);
  if (!isEmailAddress(email.toLowerCase())) throw unprocessable(adminTexts.clientEmailInvalid);
  return email;
}

function clientEmailOf(row: DevisRow): string | null {
  return row.clientDetails?.email.trim() || row.email?.trim() || null;
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
  const row = await requireQuote(deps, id);
  const from = row.statut;
  const to = nextStatut('admin', 'uploadSigned', from);
  if (!to) throw conflict();
  // A signed and sealed document is never replaced by a scan.
  if (await findSignatureOf(deps.database.db, id)) throw conflict(adminTexts.signedOnlineNoReplace);
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
  deps.outbox.kick();
  return rowToDevis(updated);
}
