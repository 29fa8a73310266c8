import { randomUUID } from 'node:crypto';
import { formatCentimes } from '#domain/format.ts';
import { addDays, formatNumeroFacture, netCentimes, NUMERO_PREFIX, priceLines, type FactureType } from '#domain/invoices.ts';
import type { AvoirInput, Facture } from '#domain/schemas/invoices.ts';
import { invoiceApiMessages as msg, invoiceDraftTexts as d } from '#domain/texts/invoices.ts';
import { withWriteTransaction, type Db } from '#server/db/index.ts';
import type { FactureRow } from '#server/db/schema.ts';
import { assertMayFetch, readDocument, storeDocument } from '#server/documents/documents.ts';
import { AppError, conflict, notFound, validationError } from '#server/errors.ts';
import { recordQuoteEvent } from '#server/quotes/service.ts';
import type { TaskDeclaration } from '#server/tasks/declared-tasks.ts';
import type { Viewer } from '#server/viewer.ts';
import { deductionsOf } from './deposits.ts';
import { issuedIsFinal } from './drafts.ts';
import { invoiceFilename, renderFacturX } from './factur-x.ts';
import { queueDocumentMail } from './mail.ts';
import { sellerOf } from './parties.ts';
import {
  findDocument,
  insertDocument,
  listCreditNotesOf,
  listIssuedWithoutPdf,
  listLines,
  lockDocument,
  markIssued,
  nextSequence,
  recordPdf,
  type NewLine,
} from './repository.ts';
import { findOrThrow, getInvoice, sum, todayOf, type InvoiceDeps } from './service.ts';

/** Issuing invoices and credit notes: their numbers, their Factur-X PDF, its e-mail. */

/**
 * Gives the next number of the year's sequence of this kind, inside the caller's write
 * transaction. The issue day is read after the counter's lock is held, so numbers follow
 * issue dates; if the year turned meanwhile (midnight on 31 December), the transaction is
 * tried again with the new year's sequence.
 */
async function numberFor(trx: Db, type: FactureType, today: () => string): Promise<{ numero: string; day: string } | null> {
  const year = Number(today().slice(0, 4));
  const sequence = await nextSequence(trx, `${NUMERO_PREFIX[type]}-${year}`);
  const day = today();
  if (Number(day.slice(0, 4)) !== year) return null;
  return { numero: formatNumeroFacture(type, year, sequence), day };
}

class YearTurned extends Error {}

/**
 * Issues a draft (compare-and-set: of two requests, one issues, the other gets 409), writes it in
 * its quote's history, and lets the other capabilities act in the same transaction (e-invoicing
 * records its submission, or refuses the issue).
 */
async function issueIn(
  trx: Db,
  deps: Pick<InvoiceDeps, 'invoiceHooks'>,
  viewer: Pick<Viewer, 'id'>,
  id: string,
  event: 'facture émise' | 'avoir émis',
  changes: Parameters<typeof markIssued>[2],
): Promise<FactureRow> {
  const row = await markIssued(trx, id, { ...changes, emiseLe: new Date().toISOString() });
  if (!row) throw issuedIsFinal();
  await recordQuoteEvent(trx, { devisId: row.devisId, by: { userId: viewer.id, role: 'admin' }, event, byName: row.numero });
  await deps.invoiceHooks?.onIssued?.(trx, row);
  return row;
}

async function inIssuingTransaction<T>(deps: InvoiceDeps, fn: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await withWriteTransaction(deps.database, fn);
    } catch (error) {
      if (!(error instanceof YearTurned) || attempt > 0) throw error;
    }
  }
}

/**
 * Issues a draft: the next number of the year (F-2026-0001…) and the issue day, the seller's
 * identity and payment terms as configured today, the due date; the quote's history records
 * « facture émise ». One transaction, compare-and-set on the draft: of two simultaneous
 * requests one issues, the other gets 409, and a refused issue leaves no number used. Then,
 * outside the transaction, the Factur-X PDF is made and stored and its e-mail queued
 * (ensurePdf). Should that fail, the invoice stays issued and its PDF is made on first demand.
 */
export async function issueInvoice(deps: InvoiceDeps, viewer: Viewer, id: string): Promise<Facture> {
  const issued = await issueDraft(deps, viewer, id);
  deps.invoiceHooks?.afterCommit?.();
  await ensurePdf(deps, issued).catch((error: unknown) => {
    deps.log.error({ err: error, factureId: issued.id }, 'the issued invoice could not be made into a PDF yet: it will be on first demand');
  });
  return getInvoice(deps, id);
}

/** The transaction of issueInvoice: number, dates, seller, history; nothing else. */
export async function issueDraft(deps: InvoiceDeps, viewer: Pick<Viewer, 'id'>, id: string): Promise<FactureRow> {
  const today = () => todayOf(deps);
  return inIssuingTransaction(deps, async (trx) => {
    const draft = await findOrThrow(trx, id);
    if (draft.statut !== 'brouillon' || draft.type !== 'facture') throw issuedIsFinal();
    if (!draft.clientNom.trim() || !draft.clientAdresse.trim()) throw validationError(msg.clientMissing);
    const lines = await listLines(trx, [id]);
    if (lines.length === 0 || draft.totalCentimes <= 0) throw validationError(msg.nothingToIssue);
    const number = await numberFor(trx, 'facture', today);
    if (!number) throw new YearTurned();
    return issueIn(trx, deps, viewer, id, 'facture émise', {
      ...sellerOf(deps.config),
      ...(await deductionsOf(trx, draft.devisId)),
      numero: number.numero,
      dateEmission: number.day,
      dateEcheance: addDays(number.day, deps.config.invoicing.paymentDays),
    });
  });
}

/**
 * A credit note (« avoir ») against an issued invoice: its own sequence (A-2026-0001), the
 * invoice's customer, the reason, and either the amount given or all that is left of the
 * invoice (then, for an invoice never credited, a copy of its lines). It is issued at once.
 */
export async function issueCreditNote(deps: InvoiceDeps, viewer: Viewer, invoiceId: string, body: AvoirInput): Promise<Facture> {
  const today = () => todayOf(deps);
  const credit = await inIssuingTransaction(deps, async (trx) => {
    await lockDocument(trx, deps.database.engine, invoiceId);
    const invoice = await findOrThrow(trx, invoiceId);
    if (invoice.type !== 'facture' || invoice.statut !== 'émise') throw conflict(msg.creditOnIssuedOnly);
    const previous = await listCreditNotesOf(trx, [invoiceId]);
    const left = netCentimes({ totalCentimes: invoice.totalCentimes, avoirsCentimes: sum(previous.map((note) => note.totalCentimes)) });
    const amount = body.montantCentimes ?? left;
    if (amount <= 0) throw validationError(msg.creditEmpty);
    if (amount > left) throw validationError(msg.creditTooLarge(formatCentimes(Math.max(0, left))));
    const lines: NewLine[] =
      amount === invoice.totalCentimes && previous.length === 0
        ? (await listLines(trx, [invoiceId])).map((line) => ({
            description: line.description,
            quantiteCentiemes: line.quantiteCentiemes,
            prixUnitaireCentimes: line.prixUnitaireCentimes,
          }))
        : [{ description: `${d.creditAll(invoice.numero!)} – ${body.motif}`, quantiteCentiemes: 100, prixUnitaireCentimes: amount }];
    const number = await numberFor(trx, 'avoir', today);
    if (!number) throw new YearTurned();
    const row = await insertDocument(
      trx,
      {
        ...sellerOf(deps.config),
        type: 'avoir',
        statut: 'brouillon',
        numero: null,
        devisId: invoice.devisId,
        numeroDevis: invoice.numeroDevis,
        uid: invoice.uid,
        factureOrigineId: invoice.id,
        motif: body.motif,
        datePrestation: invoice.datePrestation,
        dateEmission: null,
        dateEcheance: null,
        emiseLe: null,
        clientNom: invoice.clientNom,
        clientAdresse: invoice.clientAdresse,
        clientEmail: invoice.clientEmail,
        clientType: invoice.clientType,
        clientSiret: invoice.clientSiret,
        pdfKey: null,
        pdfSha256: null,
        derniereRelance: null,
      },
      priceLines(lines),
    );
    return issueIn(trx, deps, viewer, row.id, 'avoir émis', { numero: number.numero, dateEmission: number.day });
  });
  deps.invoiceHooks?.afterCommit?.();
  await ensurePdf(deps, credit).catch((error: unknown) => {
    deps.log.error({ err: error, factureId: credit.id }, 'the credit note could not be made into a PDF yet: it will be on first demand');
  });
  return getInvoice(deps, credit.id);
}

/**
 * Makes, stores and records the Factur-X PDF of an issued document that has none yet, and
 * queues its e-mail in the transaction that records it: the customer gets the document once,
 * whoever makes it first (the issue, a download, the start-up sweep). Each attempt stores
 * under a key of its own; the compare-and-set on `pdfKey` keeps one, the other is removed.
 */
export async function ensurePdf(deps: InvoiceDeps, issued: FactureRow): Promise<FactureRow> {
  if (issued.statut !== 'émise') throw issuedIsFinal();
  if (issued.pdfKey && issued.pdfSha256) return issued;
  const [lines, origin] = await Promise.all([
    listLines(deps.database.db, [issued.id]),
    issued.factureOrigineId ? findDocument(deps.database.db, issued.factureOrigineId) : Promise.resolve(undefined),
  ]);
  const pdf = await renderFacturX({
    row: issued,
    lines,
    origin: origin ?? null,
    contact: { email: deps.config.seller.email, phone: deps.config.seller.phone },
    mediator: deps.config.legal.mediator,
  });
  const key = `factures/${issued.numero}-${randomUUID().slice(0, 8)}.pdf`;
  const stored = await storeDocument(deps.fileStore, key, pdf, { failureMessage: msg.pdfFailure });
  const recorded = await withWriteTransaction(deps.database, async (trx) => {
    const row = await recordPdf(trx, issued.id, stored);
    if (row) await queueDocumentMail(trx, deps.config, row, origin ?? null);
    return row;
  });
  if (!recorded) {
    await deps.fileStore.delete(key).catch(() => undefined);
    return findOrThrow(deps.database.db, issued.id);
  }
  deps.outbox.kick();
  return recorded;
}

/** Issued documents left without their PDF (a crash or a store failure after issuing): made now. */
export async function repairMissingPdfs(deps: InvoiceDeps): Promise<number> {
  const rows = await listIssuedWithoutPdf(deps.database.db);
  for (const row of rows) await ensurePdf(deps, row);
  return rows.length;
}

/** `repairMissingPdfs` as a declared task: once, as soon as the app is up. */
export function missingPdfsTask(deps: Omit<InvoiceDeps, 'database' | 'log'>): TaskDeclaration<number> {
  return {
    name: 'invoice-missing-pdfs',
    intervalMs: 0,
    firstRunDelayMs: 0,
    run: ({ database, log }) => repairMissingPdfs({ ...deps, database, log: log as InvoiceDeps['log'] }),
    report: (repaired) => (repaired > 0 ? { repaired } : null),
  };
}

/** The PDF of an issued document, for its customer or the administrator. */
export async function getPdf(deps: InvoiceDeps, viewer: Viewer, id: string): Promise<{ content: Buffer; filename: string }> {
  const row = await findDocument(deps.database.db, id);
  // A draft has no PDF: it is nobody's document yet.
  if (!row || row.statut !== 'émise') throw notFound(msg.notFound);
  assertMayFetch(
    viewer,
    { ownerId: row.uid, kind: 'invoice', what: { factureId: row.id } },
    { log: deps.log, notFoundMessage: msg.notFound },
  );
  const withPdf = await ensurePdf(deps, row);
  const file = await readDocument(deps.fileStore, withPdf.pdfKey!, withPdf.pdfSha256);
  if (!file) throw new AppError('unavailable', msg.pdfFailure);
  if (!file.intact) deps.log.error({ factureId: row.id, key: withPdf.pdfKey }, 'the stored invoice PDF is not the one recorded');
  return { content: file.content, filename: invoiceFilename(row) };
}
