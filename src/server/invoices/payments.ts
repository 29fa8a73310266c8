import { formatCentimes } from '#domain/format.ts';
import { isStillToPay } from '#domain/invoices.ts';
import type { Facture, PaiementInput } from '#domain/schemas/invoices.ts';
import { invoiceApiMessages as msg } from '#domain/texts/invoices.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import { conflict, validationError } from '#server/errors.ts';
import type { Viewer } from '#server/viewer.ts';
import { ensurePdf } from './issuing.ts';
import { queueReminderMail } from './mail.ts';
import { insertPayment, lockDocument, recordReminder } from './repository.ts';
import { amountsOf, enrich, findOrThrow, getInvoice, todayOf, type InvoiceDeps } from './service.ts';

/** Money received (or given back) on an invoice, and the reminders of what is left to pay. */

/**
 * Records a payment received, or (negative) money given back after a credit note. Checked in
 * the write transaction with the invoice locked: a payment may not exceed what is left to pay,
 * a refund what was overpaid; no date in the future.
 */
export async function recordPayment(deps: InvoiceDeps, viewer: Viewer, id: string, body: PaiementInput): Promise<Facture> {
  if (body.montantCentimes === 0) throw validationError(msg.paymentZero);
  if (body.date > todayOf(deps)) throw validationError(msg.paymentInFuture);
  await withWriteTransaction(deps.database, async (trx) => {
    await lockDocument(trx, deps.database.engine, id);
    const invoice = await findOrThrow(trx, id);
    if (invoice.type !== 'facture' || invoice.statut !== 'émise') throw conflict(msg.paymentOnIssuedOnly);
    const [item] = await enrich(trx, [invoice]);
    const { resteCentimes } = amountsOf(item!);
    if (body.montantCentimes > 0 && body.montantCentimes > resteCentimes) {
      throw validationError(msg.paymentTooLarge(formatCentimes(Math.max(0, resteCentimes))));
    }
    if (body.montantCentimes < 0 && -body.montantCentimes > -resteCentimes) {
      throw validationError(msg.refundTooLarge(formatCentimes(Math.max(0, -resteCentimes))));
    }
    const payment = await insertPayment(trx, {
      factureId: id,
      date: body.date,
      montantCentimes: body.montantCentimes,
      moyen: body.moyen,
      byUserId: viewer.id,
    });
    await deps.invoiceHooks?.onPaymentRecorded?.(trx, invoice, payment);
  });
  deps.invoiceHooks?.afterCommit?.();
  return getInvoice(deps, id);
}

/** A reminder e-mail for an invoice still to pay (à payer, partiellement payée or en retard). */
export async function sendReminder(deps: InvoiceDeps, id: string): Promise<Facture> {
  const row = await findOrThrow(deps.database.db, id);
  const facture = await getInvoice(deps, id);
  if (!isStillToPay(facture.etat)) throw conflict(msg.noReminder);
  const withPdf = await ensurePdf(deps, row);
  await withWriteTransaction(deps.database, async (trx) => {
    const updated = await recordReminder(trx, id);
    await queueReminderMail(
      trx,
      deps.config,
      { ...updated, pdfKey: withPdf.pdfKey },
      {
        resteCentimes: facture.resteCentimes,
        late: facture.etat === 'en retard',
      },
    );
  });
  deps.outbox.kick();
  return getInvoice(deps, id);
}
