import type { Devis } from '#domain/schemas/devis.ts';
import { hasFinalPrice } from '#domain/statuses.ts';
import { quoteTexts as t } from '#domain/texts-quotes.ts';
import { formatDate, formatKm, formatQuotePrice } from '#client/lib/format.ts';

/**
 * The price of a quote with its label: « Prix estimé TTC » and whole euros until the
 * administrator confirms it, then « Prix final » with its cents (« 420,50 € »).
 */
export function priceFact(devis: Pick<Devis, 'prix' | 'statut'>): [label: string, value: string] {
  return [hasFinalPrice(devis.statut) ? t.prixFinal : t.prixTtc, formatQuotePrice(devis.prix, devis.statut)];
}
export const formatDistance = (km: number) => `${formatKm(km)} km`;
/** The simulation date, fr-FR, in France's time zone. */
export const formatSimulationDate = (iso: string) => formatDate(iso);

/**
 * Pickup and delivery times are wall-clock times in France as the customer chose them
 * ("2026-12-01T08:30"): shown as typed, never shifted by the browser's time zone.
 */
export function formatWallClock(value: string | null | undefined): string | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}))?/.exec(value) : null;
  if (!match) return null;
  const date = `${match[3]}/${match[2]}/${match[1]}`;
  return match[4] ? `${date} ${match[4]}` : date;
}
