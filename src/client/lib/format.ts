import { formatParisDate } from '#domain/dates.ts';

const euros = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const kilometres = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', hour12: false, timeZone: 'Europe/Paris' });

/** "1 234" (the caller adds " €" as the spec's texts do). */
export const formatEuros = (value: number) => euros.format(value);
const eurosAndCents = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** "389,90", as the quote PDF writes a final price. */
export const formatEurosAndCents = (value: number) => eurosAndCents.format(value);
export const formatKm = (value: number) => kilometres.format(value);
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = formatParisDate;
