import { formatCentimes } from '#domain/format.ts';
import { formatNumeroFacture, priceLines } from '#domain/invoices.ts';
import { depositCents } from '#domain/payments.ts';
import type { AcompteDeduit } from '#domain/schemas/payments.ts';
import { invoiceDraftTexts as d } from '#domain/texts/invoices.ts';
import type { Db } from '#server/db/index.ts';
import type { FactureRow } from '#server/db/schema.ts';
import { findQuoteById, recordQuoteEvent } from '#server/quotes/service.ts';
import { netOfCreditNotes, type InvoiceDeps } from './service.ts';
import { NOT_ISSUED, newInvoiceOfQuote, sellerOf } from './parties.ts';
import { withdrawalRefundKey } from './holder-payments.ts';
import {
  insertDocument,
  insertPayment,
  listDepositInvoicesOfQuote,
  listLines,
  listPayments,
  listRemainingAmounts,
  markIssued,
  nextSequence,
  type NewLine,
} from './repository.ts';

/**
 * Deposit invoices (« factures d'acompte », Factur-X type 386): issued when a quote with a
 * deposit is signed, deducted by its final invoice, credited when the mission is cancelled or
 * the consumer withdraws. Each function works in the caller's write transaction; the PDFs and
 * their e-mails follow after the commit (`ensurePdf`, or the start-up sweep after a crash), and
 * so does the caller's `invoiceHooks.afterCommit()`.
 */

/** What issuing a deposit invoice or its credit note needs: the seller of the day, and the other capabilities' hooks. */
export type DepositDeps = Pick<InvoiceDeps, 'config' | 'invoiceHooks'>;

/**
 * A document made and issued in the same transaction: its draft cannot have been issued
 * meanwhile. Like every issue, the other capabilities act in the transaction (e-invoicing
 * records its submission to the platform).
 */
async function issueAtOnce(trx: Db, deps: DepositDeps, id: string, changes: Parameters<typeof markIssued>[2]): Promise<FactureRow> {
  const row = await markIssued(trx, id, { ...changes, emiseLe: new Date().toISOString() });
  if (!row) throw new Error(`document ${id} was no longer a draft`);
  await deps.invoiceHooks?.onIssued?.(trx, row);
  return row;
}

/** The deposit invoices a quote's final invoice deducts, as of now: the columns its draft and its issue record. */
export async function deductionsOf(trx: Db, devisId: string) {
  const deposits = await depositsToDeduct(trx, devisId);
  return {
    acomptesCentimes: deposits.reduce((total, deposit) => total + deposit.montantCentimes, 0),
    acomptesDeduits: deposits.length > 0 ? JSON.stringify(deposits) : null,
  };
}

/**
 * The deposit invoice of a quote just signed: its deposit share of the final price, issued at
 * once (the next number of the year's `F-` sequence, the seller as configured today), due at
 * signature. Null when the quote asks no deposit or already has its deposit invoice (a quote
 * signed online then uploaded signed).
 */
export async function issueDepositInvoiceIn(trx: Db, deps: DepositDeps, devisId: string, today: string): Promise<FactureRow | null> {
  const quoteRow = await findQuoteById(trx, devisId);
  if (!quoteRow) return null;
  const pourcent = quoteRow.acomptePourcent ?? 0;
  const amount = depositCents(quoteRow.prixCentimes, pourcent);
  if (amount <= 0) return null;
  if ((await listDepositInvoicesOfQuote(trx, devisId)).length > 0) return null;
  const draft = await insertDocument(
    trx,
    { ...(await newInvoiceOfQuote(trx, quoteRow, today)), nature: 'acompte' },
    priceLines([
      {
        description: d.deposit(pourcent, quoteRow.numeroDevis, formatCentimes(quoteRow.prixCentimes)),
        quantiteCentiemes: 100,
        prixUnitaireCentimes: amount,
      },
    ]),
  );
  const year = Number(today.slice(0, 4));
  const numero = formatNumeroFacture('facture', year, await nextSequence(trx, `F-${year}`));
  // A deposit is due at signature: payable on receipt.
  const issued = await issueAtOnce(trx, deps, draft.id, {
    ...sellerOf(deps.config),
    delaiPaiementJours: 0,
    numero,
    dateEmission: today,
    dateEcheance: today,
  });
  await recordQuoteEvent(trx, { devisId, by: { userId: quoteRow.uid, role: 'customer' }, event: 'facture émise', byName: numero });
  return issued;
}

/** What each issued deposit invoice of a quote still stands for once its credit notes are taken off it. */
export async function depositsToDeduct(db: Db, devisId: string): Promise<AcompteDeduit[]> {
  const deposits = await listDepositInvoicesOfQuote(db, devisId);
  const net = await netOfCreditNotes(db, deposits);
  return deposits
    .map((deposit) => ({
      id: deposit.id,
      numero: deposit.numero ?? '',
      dateEmission: deposit.dateEmission ?? '',
      montantCentimes: net(deposit),
    }))
    .filter((deposit) => deposit.montantCentimes > 0);
}

/**
 * Credits what stands of each deposit invoice of a quote by a credit note (`A-` sequence,
 * issued at once, its reason given): the mission is cancelled, or the consumer withdrew. The
 * money already received is then owed back to the customer (the invoice shows it overpaid);
 * it is recorded as a negative payment when it is given back. Returns the credit notes made.
 */
export async function creditDepositsIn(trx: Db, deps: DepositDeps, devisId: string, motif: string, today: string): Promise<FactureRow[]> {
  const standing = await depositsToDeduct(trx, devisId);
  const made: FactureRow[] = [];
  for (const deposit of standing) {
    const [invoice] = (await listDepositInvoicesOfQuote(trx, devisId)).filter((row) => row.id === deposit.id);
    if (!invoice) continue;
    const whole = deposit.montantCentimes === invoice.totalCentimes;
    const lines: NewLine[] = whole
      ? (await listLines(trx, [invoice.id])).map((line) => ({
          description: line.description,
          quantiteCentiemes: line.quantiteCentiemes,
          prixUnitaireCentimes: line.prixUnitaireCentimes,
        }))
      : [
          {
            description: `${d.creditAll(invoice.numero ?? '')} – ${motif}`,
            quantiteCentiemes: 100,
            prixUnitaireCentimes: deposit.montantCentimes,
          },
        ];
    const note = await insertDocument(
      trx,
      {
        ...NOT_ISSUED,
        type: 'avoir',
        statut: 'brouillon',
        devisId,
        numeroDevis: invoice.numeroDevis,
        uid: invoice.uid,
        factureOrigineId: invoice.id,
        motif,
        datePrestation: invoice.datePrestation,
        clientNom: invoice.clientNom,
        clientAdresse: invoice.clientAdresse,
        clientEmail: invoice.clientEmail,
        clientType: invoice.clientType,
        clientSiret: invoice.clientSiret,
      },
      priceLines(lines),
    );
    const year = Number(today.slice(0, 4));
    const numero = formatNumeroFacture('avoir', year, await nextSequence(trx, `A-${year}`));
    made.push(await issueAtOnce(trx, deps, note.id, { ...sellerOf(deps.config), numero, dateEmission: today }));
    await recordQuoteEvent(trx, { devisId, by: { userId: null, role: 'admin' }, event: 'avoir émis', byName: numero });
  }
  return made;
}

/**
 * A consumer's withdrawal (L221-24): what was received on each of the quote's deposit invoices,
 * now credited, is owed back within 14 days. It is recorded here as a negative payment (key
 * `retractation:<invoice id>`, so once), the seller's own word about his own money going out;
 * the invoice's balance comes back to zero. Returns what is owed back, by deposit invoice.
 */
export async function recordDepositRefundsIn(trx: Db, devisId: string, today: string): Promise<DepositRefund[]> {
  const deposits = await listDepositInvoicesOfQuote(trx, devisId);
  if (deposits.length === 0) return [];
  const balances = await listRemainingAmounts(trx, { ids: deposits.map((row) => row.id), openOnly: false });
  const received = await listPayments(
    trx,
    balances.map((balance) => balance.id),
  );
  const refunds: DepositRefund[] = [];
  for (const { id, resteCentimes } of balances) {
    if (resteCentimes >= 0) continue;
    // Given back by the means it was paid with (L221-24): a card payment through the provider, a transfer by a transfer.
    const paidWith = received.filter((payment) => payment.factureId === id && payment.montantCentimes > 0).at(-1)?.moyen;
    await insertPayment(trx, {
      factureId: id,
      date: today,
      montantCentimes: resteCentimes,
      moyen: paidWith ?? 'virement',
      byUserId: null,
      cle: withdrawalRefundKey(id),
    });
    refunds.push({ numero: deposits.find((row) => row.id === id)?.numero ?? '', montantCentimes: -resteCentimes });
  }
  return refunds;
}

/** What a withdrawal owes back on one deposit invoice: its number, the amount received on it. */
export type DepositRefund = { numero: string; montantCentimes: number };
