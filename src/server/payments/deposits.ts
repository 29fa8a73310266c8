import { parisToday } from '#domain/format.ts';
import { depositCancellationTexts, depositTexts } from '#domain/texts/payments.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type Db } from '#server/db/index.ts';
import { conflict } from '#server/errors.ts';
import type { FactureRow } from '#server/db/schema.ts';
import {
  creditDepositsIn,
  depositsToDeduct,
  issueDepositInvoiceIn,
  recordDepositRefundsIn,
  type DepositDeps,
  type DepositRefund,
} from '#server/invoices/deposits.ts';
import { findPayableInvoice } from '#server/invoices/holder-payments.ts';
import { ensurePdf } from '#server/invoices/issuing.ts';
import type { InvoiceDeps } from '#server/invoices/service.ts';
import { queueDepositKept } from './mail.ts';

/**
 * The deposit's rules (issue 29), called by the quote's own steps in their transactions:
 * - a quote signed (online, confirmed signed, or uploaded signed) with a deposit gets its
 *   deposit invoice, once;
 * - a signed mission cancelled (the quote deleted by the administrator) has its deposit
 *   credited;
 * - a consumer's withdrawal within the period (issue 28) has it credited too: the money
 *   received is then owed back within 14 days (Code de la consommation L221-24), recorded as a
 *   negative payment when it is given back.
 * Each document is issued like any other: the other capabilities act in the transaction
 * (`invoiceHooks.onIssued`: e-invoicing records the submission of a business customer's deposit
 * invoice or credit note to the approved platform). The caller makes the documents' PDFs after its
 * commit (`ensurePdf` of invoices/), which e-mails them, and calls `invoiceHooks.afterCommit`; a
 * crash in between is caught by the start-up sweep of PDFs not made (and the flow waits in its queue).
 */

export function issueDepositOnSignature(trx: Db, deps: DepositDeps, devisId: string, today = parisToday()): Promise<FactureRow | null> {
  return issueDepositInvoiceIn(trx, deps, devisId, today);
}

/**
 * Once a quote's signature is stored (online, confirmed, or uploaded), its deposit invoice in
 * a transaction of its own (a signature taken back never leaves a numbered invoice behind),
 * then its PDF and the e-mail that carries it with the means to pay. Never fails the
 * signature: a failure is logged, and the PDF is made on first demand or by the start-up sweep.
 */
export async function issueDepositAfterSignature(deps: InvoiceDeps, devisId: string): Promise<void> {
  try {
    const issued = await withWriteTransaction(deps.database, (trx) => issueDepositOnSignature(trx, deps, devisId));
    if (!issued) return;
    deps.invoiceHooks?.afterCommit?.();
    await ensurePdf(deps, issued);
  } catch (error) {
    deps.log.error({ err: error, devisId }, 'the deposit invoice of a signed quote could not be issued or sent');
  }
}

export function creditDepositsOnCancellation(trx: Db, deps: DepositDeps, devisId: string, today = parisToday()): Promise<FactureRow[]> {
  return creditDepositsIn(trx, deps, devisId, depositTexts.cancelled, today);
}

/**
 * A signed mission the customer cancelled too late for a refund (general terms, article 13; the
 * caller has checked the dates): its deposit invoices stay as they are, paid or due, and the
 * customer is told which and how much, in the deletion's transaction. A quote with no deposit
 * invoice standing has nothing to keep: a French 409, nothing deleted.
 */
export async function keepDepositsOnCancellation(trx: Db, deps: { config: Config }, devisId: string): Promise<void> {
  const kept = await depositsToDeduct(trx, devisId);
  if (kept.length === 0) throw conflict(depositCancellationTexts.noDeposit);
  for (const deposit of kept) {
    const found = await findPayableInvoice(trx, deposit.id);
    if (found)
      await queueDepositKept(trx, deps.config, found.row, { montantCentimes: deposit.montantCentimes, resteCentimes: found.resteCentimes });
  }
}

/**
 * For the legal pack's withdrawal (`WithdrawalDeps.refundDeposits`), in its transaction: each
 * deposit invoice credited by a credit note, and what was received on it recorded as given
 * back (a negative payment: L221-24 gives 14 days to refund). Returns the credit notes made,
 * whose PDFs and e-mails the caller makes after its commit (`ensureDocumentPdfs`), and what is
 * owed back on each invoice (the administrator's notice says it).
 */
export async function refundDepositsOnWithdrawal(
  trx: Db,
  deps: DepositDeps,
  devisId: string,
  today = parisToday(),
): Promise<{ notes: FactureRow[]; refunds: DepositRefund[] }> {
  const notes = await creditDepositsIn(trx, deps, devisId, depositTexts.withdrawal, today);
  return { notes, refunds: await recordDepositRefundsIn(trx, devisId, today) };
}

/** After the commit that made them: the other capabilities' follow-up, the documents' PDFs and e-mails; a failure is logged (the start-up sweep makes them). */
export async function ensureDocumentPdfs(deps: InvoiceDeps, rows: readonly FactureRow[]): Promise<void> {
  if (rows.length > 0) deps.invoiceHooks?.afterCommit?.();
  for (const row of rows) {
    try {
      await ensurePdf(deps, row);
    } catch (error) {
      deps.log.error({ err: error, factureId: row.id }, 'the PDF of a deposit credit note could not be made or sent');
    }
  }
}

/**
 * The legal pack's seam (`WithdrawalDeps.refundDeposits`) filled for one request: the refund in
 * the withdrawal's transaction, then, once it has committed, the credit notes' PDFs and e-mails.
 */
export function depositRefundsFor(deps: InvoiceDeps) {
  const made: FactureRow[] = [];
  return {
    refundDeposits: async (trx: Db, quote: { devisId: string }) => {
      const { notes, refunds } = await refundDepositsOnWithdrawal(trx, deps, quote.devisId);
      made.push(...notes);
      return refunds;
    },
    afterCommit: () => ensureDocumentPdfs(deps, made),
  };
}
