import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes, routeKey, type ApiRoute } from '#domain/api-paths.ts';
import type { AuditDetails, AuditKind } from '#domain/audit.ts';
import type { CategorieDepense } from '#domain/expenses.ts';
import { formatCentimes, formatDay } from '#domain/format.ts';
import { CATEGORIE_LABELS } from '#domain/texts/expenses.ts';
import { journalTexts } from '#domain/texts/sessions.ts';
import type { Db } from '#server/db/index.ts';
import {
  findExpenseRef,
  findInvoiceRef,
  findOperationRef,
  findQuoteRef,
  findStatementRef,
  listOperationRefsOfExpense,
} from './repository.ts';
import { recordAudit } from './service.ts';

/**
 * What an entry is about: named by the route's `:id`; for `new-expense` by the body's `id` and for
 * `statement` by the answer's `releveId`, once the handler has made it.
 */
type Subject = 'quote' | 'invoice' | 'purchase' | 'expense' | 'new-expense' | 'operation' | 'statement' | 'none';

/**
 * Every route by which the administrator changes something, with the kind of its journal
 * entry and what its `:id` names. audit.test.ts fails when an admin route that is not a GET
 * is missing here, so no new one goes unrecorded. Its hooks run in the administrator's scope.
 */
const { quotes, missions, tracking, invoices, einvoicing, expenses, payments } = apiRoutes;
const writes: [ApiRoute, AuditKind, Subject][] = [
  [quotes.confirm, 'quote.confirm', 'quote'],
  [quotes.retryMail, 'quote.mail_resent', 'quote'],
  [quotes.extend, 'quote.extend', 'quote'],
  [quotes.confirmSigned, 'quote.confirm_signed', 'quote'],
  [quotes.finish, 'quote.finish', 'quote'],
  [quotes.adminArchive, 'quote.archive', 'quote'],
  [quotes.adminRestore, 'quote.restore', 'quote'],
  [quotes.adminDelete, 'quote.delete', 'quote'],
  [quotes.uploadSigned, 'quote.upload_signed', 'quote'],
  [missions.putPhoto, 'mission.photo_stored', 'quote'],
  [missions.deletePhoto, 'mission.photo_deleted', 'quote'],
  [missions.completeInspection, 'mission.inspection_completed', 'quote'],
  [missions.regenerateFeed, 'planning.feed_regenerated', 'none'],
  [tracking.positions, 'mission.positions_recorded', 'quote'],
  [invoices.createDraft, 'invoice.draft_created', 'quote'],
  [invoices.updateDraft, 'invoice.draft_updated', 'invoice'],
  [invoices.deleteDraft, 'invoice.draft_deleted', 'invoice'],
  [invoices.issue, 'invoice.issued', 'invoice'],
  [invoices.creditNote, 'invoice.credit_note_issued', 'invoice'],
  [invoices.recordPayment, 'invoice.payment_recorded', 'invoice'],
  [invoices.sendReminder, 'invoice.reminder_sent', 'invoice'],
  [einvoicing.retryInvoice, 'einvoicing.invoice_resent', 'invoice'],
  [einvoicing.approvePurchase, 'einvoicing.purchase_approved', 'purchase'],
  [einvoicing.refusePurchase, 'einvoicing.purchase_refused', 'purchase'],
  [einvoicing.reportPeriod, 'einvoicing.period_reported', 'none'],
  [expenses.create, 'expense.created', 'new-expense'],
  [expenses.update, 'expense.updated', 'expense'],
  [expenses.delete, 'expense.deleted', 'expense'],
  [expenses.putReceipt, 'expense.receipt_stored', 'expense'],
  [payments.setReminders, 'invoice.reminders_switched', 'invoice'],
  [payments.importStatement, 'bank.statement_imported', 'statement'],
  [payments.matchOperation, 'bank.operation_matched', 'operation'],
  [payments.ignoreOperation, 'bank.operation_ignored', 'operation'],
  [expenses.fromDebit, 'bank.debit_to_expense', 'operation'],
  [expenses.linkDebit, 'bank.debit_linked_to_expense', 'operation'],
  [payments.saveCsvMapping, 'bank.csv_mapping_saved', 'none'],
  [payments.makeCardRefund, 'invoice.card_refund_asked', 'invoice'],
];
export const ADMIN_WRITE_ROUTES: Record<string, { kind: AuditKind; subject: Subject }> = Object.fromEntries(
  writes.map(([route, kind, subject]) => [routeKey(route), { kind, subject }]),
);

type Pending = {
  kind: AuditKind;
  devisId: string | null;
  numeroDevis: number | null;
  compteId: string | null;
  details: AuditDetails;
  /** Details read once the handler has succeeded (what it made), from its answer if need be. */
  detailsAfter?: (answer: unknown) => Promise<AuditDetails>;
};
const pending = new WeakMap<FastifyRequest, Pending>();

/** The route's parameters worth keeping (the step and photo of a mission, a deposit kept on a deletion), never the body. */
function detailsOf(params: Record<string, string>, extra: AuditDetails, query: Record<string, unknown> = {}): AuditDetails {
  const details: AuditDetails = { ...extra };
  if (params.etape) details.etape = params.etape;
  if (params.photoId) details.photoId = params.photoId;
  if (params.periode) details.periode = params.periode;
  if (query.acompte === 'conserver') details.acompte = query.acompte;
  return details;
}

type OperationRef = { date: string; montantCentimes: number; contrepartie: string | null; libelle: string };
/** A bank line as the bank page shows it: « 24/11/2026 – APRR – CB PEAGE VIENNE – 23,40 € » (a debit without its sign). */
const describeOperation = (operation: OperationRef) =>
  [formatDay(operation.date), operation.contrepartie, operation.libelle, formatCentimes(Math.abs(operation.montantCentimes))]
    .filter(Boolean)
    .join(' – ');

/**
 * An expense's entry names it (« Péage – 23,40 € – 01/12/2026 »), read before the change (or,
 * for a new one, once it is made); deleting it also names the bank debits it frees, which the
 * bank page then offers to record again.
 */
async function expenseDetails(db: Db, depenseId: string, kind: AuditKind): Promise<AuditDetails> {
  const expense = await findExpenseRef(db, depenseId);
  if (!expense) return { depenseId };
  const category = CATEGORIE_LABELS[expense.categorie as CategorieDepense] ?? expense.categorie;
  // What the administrator reads first, the id last (the journal shows the details in this order).
  const details: AuditDetails = { depense: [category, formatCentimes(expense.montantCentimes), formatDay(expense.date)].join(' – ') };
  if (kind === 'expense.deleted') {
    const freed = await listOperationRefsOfExpense(db, depenseId);
    if (freed.length > 0) details.debitLibere = freed.map(describeOperation).join(' ; ');
  }
  return { ...details, depenseId };
}

async function operationDetails(db: Db, operationId: string): Promise<AuditDetails> {
  const operation = await findOperationRef(db, operationId);
  return { operation: operation ? describeOperation(operation) : null, operationId };
}

/** The file and its counts, read back from the import the answer names (`importSummarySchema`). */
async function statementDetails(db: Db, answer: unknown): Promise<AuditDetails> {
  let releveId: unknown;
  try {
    releveId = typeof answer === 'string' ? (JSON.parse(answer) as { releveId?: unknown } | null)?.releveId : undefined;
  } catch {
    // Not the JSON summary it always is: the entry keeps no details rather than failing the import's answer.
  }
  const statement = typeof releveId === 'string' ? await findStatementRef(db, releveId) : undefined;
  if (!statement) return {};
  return { releve: journalTexts.statementImported(statement.nomFichier, statement.nbOperations, statement.nbNouvelles) };
}

/**
 * Journals the administrator's changes. What the change is about (the quote, its owner and
 * number, an invoice's quote) is read before the handler runs, since the change may delete
 * it; the entry is written once the handler has succeeded, before the answer leaves: if it
 * cannot be written the administrator gets an error, never a silent gap.
 */
export async function auditAdminWrites(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', async (request) => {
    const route = ADMIN_WRITE_ROUTES[`${request.method} ${request.routeOptions.url}`];
    if (!route) return;
    const params = (request.params ?? {}) as Record<string, string>;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const entry: Pending = { kind: route.kind, devisId: null, numeroDevis: null, compteId: null, details: detailsOf(params, {}, query) };
    if (route.subject === 'quote' && params.id) {
      const quote = await findQuoteRef(app.database.db, params.id);
      Object.assign(entry, { devisId: params.id, numeroDevis: quote?.numeroDevis ?? null, compteId: quote?.uid ?? null });
    }
    if (route.subject === 'purchase' && params.id) entry.details = detailsOf(params, { achatId: params.id });
    if (route.subject === 'expense' && params.id)
      entry.details = detailsOf(params, await expenseDetails(app.database.db, params.id, route.kind));
    if (route.subject === 'new-expense') {
      const made = (request.body as { id?: unknown } | null)?.id;
      if (typeof made === 'string') entry.detailsAfter = () => expenseDetails(app.database.db, made, route.kind);
    }
    if (route.subject === 'statement') entry.detailsAfter = (answer) => statementDetails(app.database.db, answer);
    if (route.subject === 'operation' && params.id) entry.details = detailsOf(params, await operationDetails(app.database.db, params.id));
    if (route.subject === 'invoice' && params.id) {
      const invoice = await findInvoiceRef(app.database.db, params.id);
      entry.details = detailsOf(params, { factureId: params.id, numeroFacture: invoice?.numero ?? null });
      Object.assign(entry, {
        devisId: invoice?.devisId ?? null,
        numeroDevis: invoice?.numeroDevis ?? null,
        compteId: invoice?.uid ?? null,
      });
    }
    pending.set(request, entry);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = pending.get(request);
    if (!entry || reply.statusCode >= 300) return payload;
    pending.delete(request);
    if (entry.detailsAfter) entry.details = await entry.detailsAfter(payload);
    const admin = await app.guards.getViewer(request);
    await recordAudit(app.database.db, { ...entry, actorId: admin?.id, actorEmail: admin?.email, ip: request.ip });
    return payload;
  });
}
