import { formatCentimes } from '#domain/format.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';

/**
 * What is left on an invoice, under `label` (« Reste à payer », « Reste »); when it holds more
 * than it is owed (a credit note after a payment), « Reçu en trop » and that amount instead of
 * a « 0,00 € » that would hide it. Its label and amount.
 */
export function remainingFact(resteCentimes: number, label: string): [string, string] {
  return resteCentimes < 0 ? [t.excess, formatCentimes(-resteCentimes)] : [label, formatCentimes(resteCentimes)];
}
