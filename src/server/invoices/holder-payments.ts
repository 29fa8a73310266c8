import { netCentimes } from '#domain/invoices.ts';
import type { OpenInvoice } from '#domain/payments.ts';
import type { DatabaseHandle, Db } from '#server/db/index.ts';
import type { FacturePaiementRow } from '#server/db/schema.ts';
import {
  findDocument,
  findPayment,
  findPaymentByKey,
  findPaymentWithReference,
  insertPayment,
  listCreditNotesOf,
  listPayments,
  listRefunds,
  findDocuments,
  listPaymentInvoicesByKey,
  listRemainingAmounts,
  lockDocument,
} from './repository.ts';
import type { InvoiceHooks } from './service.ts';

/**
 * Money recorded on the word of whoever holds it (payments/: a provider's signed notification,
 * a bank statement's line), never on a browser's: each payment carries an idempotency key
 * (`stripe:cs_…`, `releve:…`, unique in the database), so a notification delivered twice or a
 * statement imported twice records it once.
 */
export type HolderPayment = {
  factureId: string;
  /** The day the money came in (YYYY-MM-DD). */
  date: string;
  montantCentimes: number;
  moyen: FacturePaiementRow['moyen'];
  reference: string | null;
  cle: string;
};

export type HolderPaymentResult =
  | { outcome: 'recorded'; payment: FacturePaiementRow; resteCentimes: number }
  | { outcome: 'duplicate'; payment: FacturePaiementRow }
  | { outcome: 'refused'; reason: 'not-payable' | 'more-than-due'; resteCentimes: number };

/** The same for money given back: refused when the invoice does not hold that much more than it is owed. */
export type HolderRefundResult =
  | Exclude<HolderPaymentResult, { outcome: 'refused' }>
  | { outcome: 'refused'; reason: 'not-payable' | 'more-than-held'; resteCentimes: number };

/** What recording a payment needs: the engine (its lock), and the other capabilities' hooks (e-invoicing's « Encaissée »). */
export type HolderPaymentDeps = { database: Pick<DatabaseHandle, 'engine'>; invoiceHooks?: InvoiceHooks };

/**
 * In the caller's write transaction, the invoice locked: the payment once, never more than is
 * due; the other capabilities act on it in the transaction, as on a payment the administrator
 * records (the caller calls `invoiceHooks.afterCommit` after its commit).
 */
export function recordHolderPayment(trx: Db, deps: HolderPaymentDeps, payment: HolderPayment): Promise<HolderPaymentResult> {
  return recordOnHoldersWord(trx, deps, payment, 'in');
}

/**
 * Money the provider gave back on an invoice (a refund made from its dashboard, told by its signed
 * notification; `montantCentimes` what went back, positive), in the caller's write transaction
 * with the invoice locked: recorded once (its key), as a negative payment, and only while the
 * invoice holds at least that much more than it is owed (a credit note made it so); otherwise
 * refused, for the operator to look at.
 */
export function recordHolderRefund(trx: Db, deps: HolderPaymentDeps, refund: HolderPayment): Promise<HolderRefundResult> {
  return recordOnHoldersWord(trx, deps, refund, 'out');
}

/**
 * A refund recorded on its holder's word (key `refundKey`) that the holder later says failed (a
 * closed card, say): the money is back with the business, recorded once (key `cle`) as a payment
 * of the same amount by the same means, in the caller's write transaction with the invoice locked,
 * so that the books show it held again. Null when no such refund was recorded.
 */
export async function recordFailedHolderRefund(
  trx: Db,
  deps: HolderPaymentDeps,
  { refundKey, cle, date }: { refundKey: string; cle: string; date: string },
): Promise<FacturePaiementRow | null> {
  const given = await findPaymentByKey(trx, refundKey);
  if (!given || given.montantCentimes >= 0) return null;
  await lockDocument(trx, deps.database.engine, given.factureId);
  const existing = await findPaymentByKey(trx, cle);
  if (existing) return existing;
  const { factureId, moyen, reference } = given;
  return insertOnHoldersWord(trx, deps, { factureId, date, montantCentimes: -given.montantCentimes, moyen, reference, cle });
}

/** The payment (or refund, negative) inserted, and the other capabilities told of it in the transaction. */
async function insertOnHoldersWord(trx: Db, deps: HolderPaymentDeps, payment: HolderPayment): Promise<FacturePaiementRow> {
  const row = await insertPayment(trx, { ...payment, byUserId: null });
  const document = await findDocument(trx, payment.factureId);
  if (document) await deps.invoiceHooks?.onPaymentRecorded?.(trx, document, row);
  return row;
}

type Direction = 'in' | 'out';
type BeyondReason<D extends Direction> = D extends 'in' ? 'more-than-due' : 'more-than-held';

/**
 * Money in or out on its holder's word, once per key, the invoice locked: no more in than is left
 * to pay, no more out than the invoice holds beyond what it is owed.
 */
async function recordOnHoldersWord<D extends Direction>(
  trx: Db,
  deps: HolderPaymentDeps,
  payment: HolderPayment,
  direction: D,
): Promise<
  | Exclude<HolderPaymentResult, { outcome: 'refused' }>
  | { outcome: 'refused'; reason: 'not-payable' | BeyondReason<D>; resteCentimes: number }
> {
  await lockDocument(trx, deps.database.engine, payment.factureId);
  const existing = await findPaymentByKey(trx, payment.cle);
  if (existing) return { outcome: 'duplicate', payment: existing };
  const [invoice] = await listRemainingAmounts(trx, { ids: [payment.factureId], openOnly: false });
  if (!invoice) return { outcome: 'refused', reason: 'not-payable', resteCentimes: 0 };
  const room = direction === 'in' ? invoice.resteCentimes : -invoice.resteCentimes;
  if (payment.montantCentimes <= 0 || payment.montantCentimes > room) {
    const reason = (direction === 'in' ? 'more-than-due' : 'more-than-held') as BeyondReason<D>;
    return { outcome: 'refused', reason, resteCentimes: invoice.resteCentimes };
  }
  const signed = direction === 'in' ? payment.montantCentimes : -payment.montantCentimes;
  const row = await insertOnHoldersWord(trx, deps, { ...payment, montantCentimes: signed });
  return { outcome: 'recorded', payment: row, resteCentimes: invoice.resteCentimes - signed };
}

/**
 * Holds an invoice for the caller's write transaction (PostgreSQL: its row locked; SQLite's write
 * transactions run one at a time), so that what is recorded about its money is read and written
 * one writer at a time.
 */
export const lockInvoice = (trx: Db, engine: DatabaseHandle['engine'], factureId: string) => lockDocument(trx, engine, factureId);

/** The invoice each of these keys' payments paid (an unknown key is left out). */
export async function invoicesPaidByKey(db: Db, keys: readonly string[]): Promise<Map<string, { id: string; numero: string }>> {
  const rows = await listPaymentInvoicesByKey(db, keys);
  return new Map(rows.map((row) => [row.cle!, { id: row.id, numero: row.numero ?? '' }]));
}

/** The issued invoices still awaiting money, with what is left on each (bank matching, the payment page). */
export function listOpenInvoices(
  db: Db,
): Promise<(OpenInvoice & { clientType: string; dateEmission: string | null; dateEcheance: string | null })[]> {
  return listRemainingAmounts(db, { openOnly: true }).then((rows) => rows.map((row) => ({ ...row, numero: row.numero ?? '' })));
}

/** What is left to pay on one issued invoice; null when it is not an issued invoice. */
export async function remainingOf(db: Db, factureId: string): Promise<number | null> {
  const [row] = await listRemainingAmounts(db, { ids: [factureId], openOnly: false });
  return row ? row.resteCentimes : null;
}

/**
 * An issued invoice as the payment page and the webhook need it: its row, what is left to pay,
 * and the credit note that cancels it whole (its number), if one does. Undefined when there is none.
 */
export async function findPayableInvoice(db: Db, factureId: string) {
  const row = await findDocument(db, factureId);
  if (!row || row.type !== 'facture' || row.statut !== 'émise') return undefined;
  const resteCentimes = (await remainingOf(db, factureId)) ?? 0;
  const credits = await listCreditNotesOf(db, [factureId]);
  const avoirsCentimes = credits.reduce((total, credit) => total + credit.totalCentimes, 0);
  const cancelled = netCentimes({ totalCentimes: row.totalCentimes, avoirsCentimes }) <= 0;
  return { row, resteCentimes, annuleeParAvoir: cancelled ? (credits.at(-1)?.numero ?? '') : null };
}

/** The key of the refund a consumer's withdrawal records on a credited deposit invoice (deposits.ts): once per invoice. */
export const withdrawalRefundKey = (factureId: string) => `retractation:${factureId}`;

/**
 * Money given back on an invoice (a negative payment, by transfer or by card): after a withdrawal,
 * recorded at once (`retractation`), or recorded once made (by the administrator, or on the
 * provider's word).
 */
export type RecordedRefund = {
  paiementId: string;
  factureId: string;
  numero: string;
  clientNom: string;
  date: string;
  /** Negative, as the debit that pays it. */
  montantCentimes: number;
  /** Owed by a consumer's withdrawal (L221-24: within 14 days), not yet necessarily made. */
  retractation: boolean;
};

const toRecordedRefund = (row: Awaited<ReturnType<typeof listRefunds>>[number]): RecordedRefund => ({
  paiementId: row.id,
  factureId: row.factureId,
  numero: row.numero ?? '',
  clientNom: row.clientNom,
  date: row.date,
  montantCentimes: row.montantCentimes,
  retractation: row.cle === withdrawalRefundKey(row.factureId),
});

/** The refunds by transfer, newest first (the bank page matches a statement's debit with one). */
export async function listRefundsByTransfer(db: Db, limit = 50): Promise<RecordedRefund[]> {
  return (await listRefunds(db, { moyen: 'virement', limit })).map(toRecordedRefund);
}

/**
 * In the caller's write transaction, the invoice locked (two debits matched with one refund at
 * once: the second waits, then finds it taken): its refunds by transfer.
 */
export async function refundsByTransferOf(trx: Db, deps: Pick<HolderPaymentDeps, 'database'>, factureId: string) {
  await lockDocument(trx, deps.database.engine, factureId);
  return (await listRefunds(trx, { moyen: 'virement', factureId, limit: 100 })).map(toRecordedRefund);
}

/**
 * The refunds by card consumers' withdrawals owe (`retractation:<invoice>`, L221-24: by the means
 * the deposit was paid with), oldest first; of one invoice when `factureId` is given. Whether the
 * provider has made them is payments/' business (its `remboursements_carte`).
 */
export async function listWithdrawalCardRefunds(db: Db, { factureId }: { factureId?: string } = {}): Promise<RecordedRefund[]> {
  const rows = await listRefunds(db, { moyen: 'carte', factureId, keyPrefix: withdrawalRefundKey(''), limit: 500 });
  return rows.map(toRecordedRefund).reverse();
}

/** Every payment and refund (negative) recorded on an invoice, in the order they were recorded. */
export function listPaymentsOf(db: Db, factureId: string): Promise<FacturePaiementRow[]> {
  return listPayments(db, [factureId]);
}

/** The card payments received on an invoice (positive, by card, with the provider's reference), newest first. */
export async function listCardPaymentsOf(db: Db, factureId: string): Promise<FacturePaiementRow[]> {
  const payments = await listPaymentsOf(db, factureId);
  return payments.filter((payment) => payment.moyen === 'carte' && payment.montantCentimes > 0 && payment.reference !== null).reverse();
}

/** A payment (or refund) by its id. */
export function findPaymentById(db: Db, id: string): Promise<FacturePaiementRow | undefined> {
  return findPayment(db, id);
}

/** The payment whose provider's reference this is (a card payment's PaymentIntent), if one was recorded. */
export function findPaymentByReference(db: Db, reference: string): Promise<FacturePaiementRow | undefined> {
  return findPaymentWithReference(db, reference);
}

/** The numbers of these invoices, by id (a refund's debit among the recorded lines names its invoice). */
export async function invoiceNumbersOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await findDocuments(db, ids)).map((row) => [row.id, row.numero ?? '']));
}
