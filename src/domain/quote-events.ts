/**
 * Events of a quote that are not statuses: they go to its history, next to the status
 * changes, never to the transition table (ARCHITECTURE.md). Spelled as the product says them;
 * their labels are in the text catalogue (`quoteTexts.events`). Issues 15 and 16 add
 * « Véhicule pris en charge » and « facture émise » here.
 */
export const QUOTE_EVENTS = ['signé en ligne', 'facture émise', 'avoir émis'] as const;

export type QuoteEvent = (typeof QUOTE_EVENTS)[number];

export function isQuoteEvent(value: string | null | undefined): value is QuoteEvent {
  return (QUOTE_EVENTS as readonly (string | null | undefined)[]).includes(value);
}
