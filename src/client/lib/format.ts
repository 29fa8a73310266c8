import { formatParisDate } from '#domain/dates.ts';
import { lazy } from '#domain/lazy.ts';
import { hasFinalPrice } from '#domain/statuses.ts';

const euros = lazy(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }));
const eurosAndCents = lazy(() => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const kilometres = lazy(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }));
const dateTime = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', hour12: false, timeZone: 'Europe/Paris' }),
);

/** "1 234" (the caller adds " €" as the spec's texts do). */
export const formatEuros = (value: number) => euros().format(value);
/** "389,90", as the quote PDF writes a final price. */
export const formatEurosAndCents = (value: number) => eurosAndCents().format(value);
/**
 * A quote's price with its euro sign: the estimate in whole euros (« 418 € »), the final
 * price once confirmed with its cents (« 420,50 € »). The sign never leaves its amount.
 */
export const formatQuotePrice = (prix: number, statut: string) =>
  `${hasFinalPrice(statut) ? eurosAndCents().format(prix) : euros().format(prix)}\u00a0€`;
export const formatKm = (value: number) => kilometres().format(value);
export const formatDateTime = (iso: string) => dateTime().format(new Date(iso));
export const formatDate = formatParisDate;
