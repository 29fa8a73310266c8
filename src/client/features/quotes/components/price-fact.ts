import { formatQuotePrice } from '#domain/format.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { hasFinalPrice } from '#domain/statuses.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';

/**
 * The price of a quote with its label: « Prix estimé TTC » and whole euros until the
 * administrator confirms it, then « Prix final » with its cents (« 420,50 € »).
 */
export function priceFact(devis: Pick<Devis, 'prix' | 'statut' | 'clauses'>): [label: string, value: string] {
  return [hasFinalPrice(devis) ? t.prixFinal : t.prixTtc, formatQuotePrice(devis)];
}
