/**
 * Events of a quote that are not statuses: they go to its history, next to the status
 * changes, never to the transition table (ARCHITECTURE.md). Spelled as the product says them;
 * their labels are in the text catalogue. « importé »: brought over from the original Firebase
 * app (imports/firebase/). « Véhicule pris en charge » is the pickup inspection completed
 * (missions/); « Véhicule livré » marks the delivery inspection on the row of its transition
 * en cours → terminé. « facture émise » and « avoir émis » name the invoice or credit note (invoices/).
 */
export const QUOTE_EVENTS = [
  'signé en ligne',
  'importé',
  'Véhicule pris en charge',
  'Véhicule livré',
  'facture émise',
  'avoir émis',
  // A consumer's withdrawal (legal/), on the row of its transition en cours → archivé.
  'rétractation du client',
  // The administrator's « Prolonger » of a quote past its validity date (legal/), on its row envoyé → confirmé.
  'validité prolongée',
  // The customer's « Demander l'annulation » of his signed mission (legal/), on a row of its own: its time counts for the deposit.
  'annulation demandée',
] as const;

export type QuoteEvent = (typeof QUOTE_EVENTS)[number];

export function isQuoteEvent(value: string | null | undefined): value is QuoteEvent {
  return (QUOTE_EVENTS as readonly (string | null | undefined)[]).includes(value);
}
