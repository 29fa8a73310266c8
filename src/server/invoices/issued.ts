import { readDocument } from '#server/documents/documents.ts';
import { AppError } from '#server/errors.ts';
import { invoiceApiMessages as msg } from '#domain/texts/invoices.ts';
import type { Db } from '#server/db/index.ts';
import type { FactureRow } from '#server/db/schema.ts';
import { invoiceFilename } from './factur-x.ts';
import { findDocument, findIssuedByNumber, listIssuedBetween, listPaymentsBetween } from './repository.ts';
import { ensurePdf } from './issuing.ts';
import type { InvoiceDeps } from './service.ts';

/**
 * Issued invoices and credit notes as other capabilities read them (e-invoicing sends them to the
 * platform, reports them, follows their statuses): the row, its Factur-X PDF, the periods.
 */

export type IssuedDocumentRow = FactureRow;

export const findIssuedDocument = async (db: Db, id: string) => {
  const row = await findDocument(db, id);
  return row?.statut === 'émise' ? row : undefined;
};

export { findIssuedByNumber };

/** The stored Factur-X PDF of an issued document (made now if a crash left it without one). */
export async function issuedDocumentPdf(
  deps: InvoiceDeps,
  row: FactureRow,
): Promise<{ content: Buffer; filename: string; sha256: string }> {
  const withPdf = await ensurePdf(deps, row);
  const file = await readDocument(deps.fileStore, withPdf.pdfKey!, withPdf.pdfSha256);
  if (!file) throw new AppError('unavailable', msg.pdfFailure);
  if (!file.intact) throw new Error(`the stored PDF of ${row.numero} is not the one recorded`);
  return { content: file.content, filename: invoiceFilename(row), sha256: file.sha256 };
}

/** Issued invoices and credit notes of a period, by issue date. */
export const issuedBetween = (db: Db, from: string, to: string) => listIssuedBetween(db, from, to);

/** Payments received (refunds negative) in a period, with their invoice's customer. */
export const paymentsBetween = (db: Db, from: string, to: string) => listPaymentsBetween(db, from, to);
