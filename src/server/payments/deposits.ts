import { parisToday } from '#domain/format.ts';
import { depositTexts } from '#domain/texts/payments.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/index.ts';
import type { FactureRow } from '#server/db/schema.ts';
import { creditDepositsIn, issueDepositInvoiceIn } from '#server/invoices/deposits.ts';

/**
 * The deposit's rules (issue 29), called by the quote's own steps in their transactions:
 * - a quote signed (online, confirmed signed, or uploaded signed) with a deposit gets its
 *   deposit invoice, once;
 * - a signed mission cancelled (the quote deleted by the administrator) has its deposit
 *   credited;
 * - a consumer's withdrawal within the period (issue 28) has it credited too: the money
 *   received is then owed back within 14 days (Code de la consommation L221-24), recorded as a
 *   negative payment when it is given back.
 * The caller makes the documents' PDFs after its commit (`ensurePdf` of invoices/), which
 * e-mails them; a crash in between is caught by the start-up sweep of PDFs not made.
 */

export function issueDepositOnSignature(trx: Db, config: Config, devisId: string, today = parisToday()): Promise<FactureRow | null> {
  return issueDepositInvoiceIn(trx, config, devisId, today);
}

export function creditDepositsOnCancellation(trx: Db, config: Config, devisId: string, today = parisToday()): Promise<FactureRow[]> {
  return creditDepositsIn(trx, config, devisId, depositTexts.cancelled, today);
}

/** For the legal pack's withdrawal (`POST /api/devis/{id}/retractation`): call it in its transaction. */
export function refundDepositsOnWithdrawal(trx: Db, config: Config, devisId: string, today = parisToday()): Promise<FactureRow[]> {
  return creditDepositsIn(trx, config, devisId, depositTexts.withdrawal, today);
}
