import type { FastifyBaseLogger } from 'fastify';
import {
  creditDepositsOnCancellation,
  ensureDocumentPdfs,
  issueDepositAfterSignature,
  keepDepositsOnCancellation,
} from '#server/payments/deposits.ts';
import { parsePrixFinal, type ConfirmBody, type DepositOnCancellation } from '#domain/schemas/admin.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import {
  cancellationRequestedAt,
  concludedAtIn,
  depositKeepRefusal,
  isQuoteExpired,
  quoteValidUntil,
  withdrawalDeadline,
} from '#domain/legal.ts';
import { formatDay, parisToday } from '#domain/format.ts';
import { depositCancellationTexts } from '#domain/texts/payments.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import { canApply, canApplyToQuote, nextStatut, TRANSITIONS, type QuoteAction } from '#domain/statuses.ts';
import { isEmailAddress } from '#domain/schemas/text.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { quoteApiMessages } from '#domain/texts/quotes.ts';
import { legalFacts, type Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { storeDocument, type StoredDocument } from '#server/documents/documents.ts';
import { conflict, notFound, unprocessable } from '#server/errors.ts';
import { notifyCustomerOfDeletion, notifyCustomerOfStatus } from '#server/notifications/service.ts';
import { enqueueMail, findLatestForQuote, retryNow, type OutboxMail } from '#server/outbox/outbox.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import type { BackgroundTasks } from '#server/tasks/background.ts';
import { envoiOf, QUOTE_MAIL_KIND, quoteForSignatureMail } from './confirmation-mail.ts';
import { rowToDevis } from './devis-mapper.ts';
import { renderQuotePdf } from './quote-pdf.ts';
import { deleteQuoteIn, listHistory, transitionQuoteIn, type EventEntry, type QuoteChanges } from './repository.ts';
import { requireQuote, sentPdfKeyOf, signedFileKey } from './service.ts';

/**
 * The administrator's actions on a quote (the back office's quote page): confirm it with its
 * price and clauses, send its e-mail again, move it along the transition table, delete it.
 */
export type AdminDeps = {
  database: DatabaseHandle;
  outbox: OutboxWorker;
  fileStore: FileStore;
  config: Config;
  log: FastifyBaseLogger;
  background?: BackgroundTasks;
  /** E-invoicing's Directory Service (einvoicing/): a business customer's platform, looked up at confirmation. */
  einvoicing?: { lookUpCustomer(siret: string): Promise<unknown> };
};
type Admin = { id: string };

export async function getAdminQuote(deps: AdminDeps, id: string): Promise<Devis> {
  const row = await requireQuote(deps.database.db, id);
  const [historique, mail] = await Promise.all([
    listHistory(deps.database.db, id),
    findLatestForQuote(deps.database.db, id, QUOTE_MAIL_KIND),
  ]);
  return {
    ...rowToDevis(row),
    numeroDevisOriginal: row.numeroDevisOriginal,
    acompteParDefaut: deps.config.payments.depositPercent,
    historique,
    envoi: envoiOf(mail),
  };
}

/**
 * Applies one admin action of the transition table, or answers 409 when the status forbids it;
 * the customer's e-mail about the new status (en cours, terminé, archivé) is queued with it.
 */
async function applyAction(deps: AdminDeps, admin: Admin, id: string, action: QuoteAction, changes?: QuoteChanges): Promise<DevisRow> {
  const row = await requireQuote(deps.database.db, id);
  const from = row.statut;
  const to = nextStatut('admin', action, from);
  if (!to) throw conflict();
  // The status allows it: what may still forbid it is the signed contract an archived quote carries.
  if (!canApplyToQuote('admin', action, rowToDevis(row))) throw conflict(quoteApiMessages.signedArchiveNotRestored);
  const updated = await withWriteTransaction(deps.database, async (trx) => {
    const moved = await transitionQuoteIn(trx, { id, expected: from, to, changes, by: { userId: admin.id, role: 'admin' } });
    if (moved) await notifyCustomerOfStatus(trx, deps.config, moved);
    return moved;
  });
  if (!updated) throw conflict();
  deps.outbox.kick();
  return updated;
}

export async function confirmSigned(deps: AdminDeps, admin: Admin, id: string): Promise<Devis> {
  const signed = await applyAction(deps, admin, id, 'confirmSigned');
  await issueDepositAfterSignature(deps, id);
  return rowToDevis(signed);
}
export const finishMission = (deps: AdminDeps, admin: Admin, id: string) => applyAction(deps, admin, id, 'finish').then(rowToDevis);
export const restoreQuote = (deps: AdminDeps, admin: Admin, id: string) =>
  applyAction(deps, admin, id, 'restore', { archive: 0 }).then(rowToDevis);

/**
 * « Conserver l'acompte » of a signed mission the customer cancels (general terms, article 13):
 * refused in French, nothing deleted, while a consumer may still withdraw (L221-18) or while the
 * pickup is 7 days away or more (or has no date) on the day he asked (« Demander l'annulation »,
 * legal/cancellation.ts; today when he asked otherwise); else its deposit invoices stay as they
 * are and the customer is told (payments/).
 */
async function keepDeposit(trx: Db, deps: AdminDeps, id: string): Promise<void> {
  const row = await requireQuote(trx, id);
  const history = await listHistory(trx, id);
  const concludedAt = concludedAtIn(history);
  const withdrawalUntil = row.clientType !== 'entreprise' && concludedAt ? withdrawalDeadline(concludedAt) : null;
  // The customer's cancellation counts from the day he asked for it in the app (legal/), else today.
  const asked = cancellationRequestedAt(history);
  const cancelledOn = parisToday(asked ? new Date(asked) : new Date());
  const refusal = depositKeepRefusal({ pickupDay: row.priseInfo?.datePriseEnCharge, today: cancelledOn, withdrawalUntil });
  if (refusal === 'withdrawal-period') throw conflict(depositCancellationTexts.withdrawalPeriod(formatDay(withdrawalUntil)));
  if (refusal === 'free-cancellation') throw conflict(depositCancellationTexts.freeCancellation);
  await keepDepositsOnCancellation(trx, deps, id);
}

/**
 * Deletes the quote in any status the table allows, with the customer's e-mail about it, then its signed PDF (a
 * leftover file is harmless, a dangling link is not). The evidence of an online signature
 * (signatures/) is kept. A signed mission's deposit is credited (to give back), or kept when
 * `acompte` is « conserver » and the general terms allow it.
 */
export async function removeQuote(deps: AdminDeps, id: string, acompte: DepositOnCancellation = 'rembourser'): Promise<void> {
  const credits = await withWriteTransaction(deps.database, async (trx) => {
    // A signed mission cancelled: its deposit credited, or kept, while the quote's history still exists (payments/).
    if (acompte === 'conserver') await keepDeposit(trx, deps, id);
    const made = acompte === 'conserver' ? [] : await creditDepositsOnCancellation(trx, deps, id);
    const gone = await deleteQuoteIn(trx, { id, expected: TRANSITIONS.admin.delete?.from ?? [] });
    // Nothing deleted: nothing credited either (the transaction is rolled back).
    if (!gone) throw notFound(texts.quoteNotFound);
    await notifyCustomerOfDeletion(trx, deps.config, gone);
    return made;
  });
  deps.outbox.kick();
  await ensureDocumentPdfs(deps, credits);
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
  const row = await requireQuote(deps.database.db, id);
  return sendNewVersion(deps, admin, row, 'confirm', {
    prixCentimes: prix.centimes,
    clauses: {
      km: body.clauses.km,
      longDistance: body.clauses.longDistance,
      refacturation: [...new Set(body.clauses.refacturation ?? [])],
    },
    acomptePourcent: body.acomptePourcent ?? deps.config.payments.depositPercent,
  });
}

/**
 * « Prolonger » a quote sent whose validity date is past (docs/decisions/0060): a new version
 * of the same quote, with a new validity date from today, sent again like a confirmation.
 * A quote still valid is not touched (409): it is already open to signature.
 */
export async function extendQuote(deps: AdminDeps, admin: Admin, id: string): Promise<Devis> {
  const row = await requireQuote(deps.database.db, id);
  // A quote sent before validity dates existed never expires: nothing to extend.
  if (row.statut === 'envoyé' && !row.valableJusquAu) throw conflict(legalTexts.noValidityDate);
  requireExpired(row);
  return sendNewVersion(deps, admin, row, 'extend', {}, { event: 'validité prolongée' });
}

/**
 * Archives a quote. A quote sent is an offer with a term (Code civil art. 1116): it is
 * archived only once its validity date is past (docs/decisions/0060).
 */
export async function archiveQuote(deps: AdminDeps, admin: Admin, id: string): Promise<Devis> {
  const row = await requireQuote(deps.database.db, id);
  if (row.statut === 'envoyé') requireExpired(row);
  return rowToDevis(await applyAction(deps, admin, id, 'archive', { archive: 1 }));
}

function requireExpired(row: DevisRow): void {
  if (row.statut === 'envoyé' && row.valableJusquAu && !isQuoteExpired(row.valableJusquAu)) {
    throw conflict(legalTexts.notExpired(formatDay(row.valableJusquAu)));
  }
}

/**
 * Stores the quote's changes and a new validity date, sets confirmé, and in the same
 * transaction queues the e-mail that carries the quote's PDF to the customer (outbox/): the
 * quote becomes envoyé when the transport has accepted it. The PDF is rendered and stored
 * before the transaction (never inside one); its key and SHA-256 stay on the quote, so the
 * document sent can be shown again. Concurrent changes: the compare-and-set on the status
 * lets exactly one through; the others get 409 and their PDF is removed.
 */
async function sendNewVersion(
  deps: AdminDeps,
  admin: Admin,
  row: DevisRow,
  action: 'confirm' | 'extend',
  changes: QuoteChanges,
  event?: EventEntry,
): Promise<Devis> {
  const from = row.statut;
  const to = nextStatut('admin', action, from);
  if (!to) throw conflict();
  const recipient = recipientOf(row);
  const sent = { ...changes, valableJusquAu: quoteValidUntil(new Date(), deps.config.legal.quoteValidityDays) };
  const devis = rowToDevis({ ...row, ...sent, statut: to });
  const pdf = await storeQuotePdf(deps, devis);
  const confirmed = await withWriteTransaction(deps.database, async (trx) => {
    const updated = await transitionQuoteIn(trx, {
      id: row.id,
      expected: from,
      to,
      changes: { ...sent, sentPdfKey: pdf.key, sentPdfSha256: pdf.sha256 },
      by: { userId: admin.id, role: 'admin' },
      event,
    });
    if (updated) await enqueueMail(trx, quoteMailOf(devis, recipient, pdf.key, deps.config));
    return updated;
  });
  if (!confirmed) {
    await deps.fileStore
      .delete(pdf.key)
      .catch((error: unknown) => deps.log.warn({ err: error, devisId: row.id }, 'unused quote PDF left in the store'));
    throw conflict();
  }
  deps.outbox.kick();
  const siret = action === 'confirm' && devis.clientType === 'entreprise' ? devis.clientDetails?.siret : undefined;
  const { einvoicing } = deps;
  if (siret && einvoicing) deps.background?.run('customer directory', () => einvoicing.lookUpCustomer(siret));
  return getAdminQuote(deps, row.id);
}

/**
 * Sends the quote's e-mail now: a message waiting for its next try or given up is tried
 * again; a confirmé quote without one (confirmed before the outbox existed) gets it anew.
 */
export async function retryQuoteMail(deps: AdminDeps, id: string): Promise<Devis> {
  const row = await requireQuote(deps.database.db, id);
  const latest = await findLatestForQuote(deps.database.db, id, QUOTE_MAIL_KIND);
  if (latest?.status === 'sent' || latest?.status === 'sending') throw conflict(adminTexts.mailAlreadySent);
  if (latest && (latest.status === 'pending' || latest.status === 'failed')) {
    await retryNow(deps.database.db, latest.id, new Date());
  } else {
    // Only a quote the table would now mark as sent (confirmé) has an e-mail to send.
    if (!canApply('admin', 'markSent', row.statut)) throw conflict(adminTexts.mailNothingToSend);
    const recipient = recipientOf(row);
    const valableJusquAu = quoteValidUntil(new Date(), deps.config.legal.quoteValidityDays);
    const devis = { ...rowToDevis(row), valableJusquAu };
    const pdf = await storeQuotePdf(deps, devis);
    const queued = await withWriteTransaction(deps.database, async (trx) => {
      // The quote row first: its lock (or SQLite's write lock) makes two retries queue one message.
      const touched = await transitionQuoteIn(trx, {
        id,
        expected: row.statut,
        to: row.statut,
        changes: { sentPdfKey: pdf.key, sentPdfSha256: pdf.sha256, valableJusquAu },
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
async function storeQuotePdf(deps: AdminDeps, devis: Devis): Promise<StoredDocument> {
  const content = await renderQuotePdf(devis, { legal: legalFacts(deps.config) });
  return storeDocument(deps.fileStore, sentPdfKeyOf(devis.id), content, { failureMessage: texts.confirmFailure });
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
