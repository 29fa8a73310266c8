/**
 * How every page, e-mail, PDF and feed writes dates, distances and amounts: French (fr-FR),
 * times in France (Europe/Paris, 24 h), whatever the machine's own zone. The only module that
 * builds an Intl formatter (ESLint refuses one elsewhere). Formatters are built on first use
 * (see lazy.ts): a page that merely imports this module pays nothing.
 */
import { lazy } from './lazy.ts';
import { hasFinalPrice } from './statuses.ts';
import { texts } from './texts/common.ts';

const PARIS = 'Europe/Paris';

const parisDay = lazy(() => new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, day: '2-digit', month: '2-digit', year: 'numeric' }));
const parisDayLong = lazy(() => new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, dateStyle: 'long' }));
const parisDateTime = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, dateStyle: 'short', timeStyle: 'short', hour12: false }),
);
const parisDateTimeLong = lazy(() => new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, dateStyle: 'long', timeStyle: 'medium' }));
const parisFields = lazy(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: PARIS,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);

const wholeOrCents = lazy(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }));
const twoDecimals = lazy(() => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const twoDecimalsUngrouped = lazy(
  () => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
);
const wholeNumber = lazy(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }));
const percent = lazy(() => new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 }));
const signedPercent = lazy(() => new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }));
const monthOfYear = lazy(() => new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', month: 'long', year: 'numeric' }));

type Instant = string | Date;
const toDate = (instant: Instant) => (typeof instant === 'string' ? new Date(instant) : instant);

// ——— Dates and times in France ———

/** The wall clock in France at an instant, as two-digit strings ("2026", "11", "23", "14", "05", "00"). */
export function parisClock(instant: Instant): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = parisFields().formatToParts(toDate(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** Today's date in France ("YYYY-MM-DD"), whatever the machine's time zone. */
export function parisToday(now: Date = new Date()): string {
  const { year, month, day } = parisClock(now);
  return `${year}-${month}-${day}`;
}

/** This year in Paris (a money page's year until another is chosen). */
export const parisYear = (now: Date = new Date()): number => Number(parisClock(now).year);

/**
 * The instant of a wall-clock time in France ("2026-12-01", "08:30"): the offset of
 * Europe/Paris at that moment (CET or CEST) is read from Intl.
 */
export function parisInstant(day: string, time: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, date, hours, minutes);
  const offsetAt = (instant: number) => {
    const clock = parisClock(new Date(instant));
    return Date.UTC(+clock.year, +clock.month - 1, +clock.day, +clock.hour, +clock.minute) - instant;
  };
  // Twice: the offset at the first guess may differ from the offset at the answer (a change of time between).
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

/** The day of an instant in France, as written there: "2026-11-21T23:30:00Z" → "22/11/2026". */
export const formatParisDate = (instant: Instant) => parisDay().format(toDate(instant));
/** "23 novembre 2026", as a quote is dated. */
export const formatParisDateLong = (instant: Instant) => parisDayLong().format(toDate(instant));
/** "23/11/2026 14:05", as lists and pages show an event. */
export const formatParisDateTime = (instant: Instant) => parisDateTime().format(toDate(instant));
/** "23/11/2026 à 14:05", as stamps, reports and e-mails say it. */
export function formatParisDateAtTime(instant: Instant): string {
  const text = formatParisDateTime(instant);
  const space = text.indexOf(' ');
  return space < 0 ? text : texts.dateAtTime(text.slice(0, space), text.slice(space + 1));
}
/** "14:05": the time of day in France, as an arrival is announced. */
export function formatParisTime(instant: Instant): string {
  const { hour, minute } = parisClock(instant);
  return `${hour}:${minute}`;
}
/** "23 novembre 2026 à 14:05:00", as the signature certificate states it. */
export const formatParisDateTimeLong = (instant: Instant) => parisDateTimeLong().format(toDate(instant));
/** "2026-11-23T13:05:00Z": the same instant in UTC, to the second. */
export const formatUtc = (instant: Instant) =>
  toDate(instant)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');

/** A day kept as "2026-11-23" → "23/11/2026"; '' for anything else. */
export function formatDay(day: string | null | undefined): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * Pickup and delivery times are wall-clock times in France as the customer chose them
 * ("2026-12-01T08:30", or a day alone): shown as typed, "01/12/2026 08:30", never shifted by
 * a time zone. Null for anything else.
 */
export function formatWallClock(value: string | null | undefined): string | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}))?/.exec(value) : null;
  if (!match) return null;
  const day = `${match[3]}/${match[2]}/${match[1]}`;
  return match[4] ? `${day} ${match[4]}` : day;
}

/** A month kept as "2026-12" → "décembre 2026"; '' for anything else. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  return match ? monthOfYear().format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))) : '';
}

// ——— Distances ———

/** "1 234": whole kilometres, grouped the French way (the caller's text adds the unit). */
export const formatKm = (km: number) => wholeNumber().format(km);
/** "1 234 km", the unit held to its number. */
export const formatDistance = (km: number) => `${formatKm(km)}\u00a0km`;

// ——— Amounts ———

/** "1 234" or "1 234,5": euros with at most their cents (the caller's text adds " €"). */
export const formatEuros = (euros: number) => wholeOrCents().format(euros);
/** "389,90", as a final price is written. */
export const formatEurosAndCents = (euros: number) => twoDecimals().format(euros);
/** "1 234,50 €": an amount in euros with its cents and its sign, which never leaves it. */
export const formatPrice = (euros: number) => `${formatEurosAndCents(euros)}\u00a0€`;
/** "1 234,50 €" from integer cents, as invoices and payments keep them. */
export const formatCentimes = (cents: number) => formatPrice(cents / 100);
/** "1234,50": the French decimal comma, no grouping, for a CSV the accountant's spreadsheet reads as a number. */
export const formatCentimesDecimal = (cents: number) => twoDecimalsUngrouped().format(cents / 100);
/** A quantity kept in hundredths (150 → "1,5"). */
export const formatQuantity = (hundredths: number) => wholeOrCents().format(hundredths / 100);
/** "12,5 %" from a ratio (0.125). */
export const formatPercent = (ratio: number) => percent().format(ratio);
/** "+6,9 %" or "−3 %": a difference, with its sign. */
export const formatPercentChange = (ratio: number) => signedPercent().format(ratio);

/**
 * A quote's price with its euro sign: the estimate in whole euros (« 418 € »), the final
 * price once confirmed with its cents (« 420,50 € »).
 */
export const formatQuotePrice = (devis: { prix: number; statut: string; clauses?: unknown }) =>
  hasFinalPrice(devis) ? formatPrice(devis.prix) : `${formatEuros(devis.prix)}\u00a0€`;

/** An E.164 number as people read it: « 06 12 34 56 78 » for a French one, as it is otherwise. */
export function formatPhoneNumber(e164: string): string {
  const french = /^\+33(\d{9})$/.exec(e164);
  return french ? `0${french[1]}`.replace(/(\d{2})(?=\d)/g, '$1\u00a0') : e164;
}
