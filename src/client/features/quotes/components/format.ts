import { formatDate, formatEuros, formatKm } from '#client/lib/format.ts';

/** "418,5 €" (fr-FR amount, euro sign after it). */
export const formatPrix = (prix: number) => `${formatEuros(prix)} €`;
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
