/**
 * The dates French consumer law counts (docs/decisions/0060): the 14-day withdrawal period of a
 * distance contract (Code de la consommation L221-18, L221-19), whether an early start must be
 * asked for (L221-25), and a quote's validity date. Days are French calendar days, written
 * "YYYY-MM-DD"; an instant becomes its day in Europe/Paris (format.ts), never the machine's.
 */
import { parisToday } from './format.ts';
import { addDays } from './invoices.ts';
import { canApply, normalizeStatut } from './statuses.ts';

/** The withdrawal period of a distance contract for services, in days (L221-18). */
export const WITHDRAWAL_DAYS = 14;

/** What a withdrawal owes back is refunded within this many days of the seller being told of it (L221-24). */
export const WITHDRAWAL_REFUND_DAYS = 14;

/** The last day to refund what a withdrawal of `withdrawnOn` (its day) owes back (L221-24). */
export const withdrawalRefundDeadline = (withdrawnOn: string) => addDays(withdrawnOn, WITHDRAWAL_REFUND_DAYS);

/** QUOTE_VALIDITY_DAYS when unset. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** Easter Sunday of a Gregorian year (the anonymous algorithm of Meeus, Jones and Butcher). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/**
 * The eleven public holidays of metropolitan France (Code du travail L3133-1): eight fixed days,
 * Easter Monday, Ascension and Whit Monday. Alsace-Moselle's two more days are not counted.
 */
export function frenchPublicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const fixed = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'].map((md) => `${year}-${md}`);
  return [...fixed, addDays(easter, 1), addDays(easter, 39), addDays(easter, 50)].sort();
}

/** Saturday, Sunday or a public holiday: a period ending then runs on (L221-19 3°). */
export function isNonWorkingDay(day: string): boolean {
  const weekday = weekdayOf(day);
  return weekday === 0 || weekday === 6 || frenchPublicHolidays(Number(day.slice(0, 4))).includes(day);
}

/**
 * The last day a consumer may withdraw from a service contract concluded at `concludedAt`: the
 * day of conclusion is not counted, the 14th day after it is the last, moved on to the next
 * working day when it is a Saturday, a Sunday or a public holiday (L221-18 1°, L221-19).
 */
export function withdrawalDeadline(concludedAt: Date | string): string {
  let last = addDays(parisToday(new Date(concludedAt)), WITHDRAWAL_DAYS);
  while (isNonWorkingDay(last)) last = addDays(last, 1);
  return last;
}

/** Whether the withdrawal period of a contract concluded at `concludedAt` is still open at `now` (Paris days). */
export const isWithinWithdrawalPeriod = (concludedAt: Date | string, now: Date = new Date()) =>
  parisToday(now) <= withdrawalDeadline(concludedAt);

/**
 * Whether a consumer signing at `signingAt` must be asked whether he wants the service to start
 * within the withdrawal period (L221-25): his wished pickup day falls on or before its last day.
 */
export function needsEarlyStartRequest(pickupDay: string | null | undefined, signingAt: Date = new Date()): boolean {
  if (!pickupDay || !/^\d{4}-\d{2}-\d{2}/.test(pickupDay)) return false;
  return pickupDay.slice(0, 10) <= withdrawalDeadline(signingAt);
}

/** The first day a mission may start when the consumer did not ask for an early start. */
export const earliestStartWithoutRequest = (concludedAt: Date | string) => addDays(withdrawalDeadline(concludedAt), 1);

/** The last day a quote sent at `sentAt` may be signed: its day in France plus the validity in calendar days. */
export const quoteValidUntil = (sentAt: Date | string, validityDays: number) => addDays(parisToday(new Date(sentAt)), validityDays);

/** A quote whose last valid day is past, in France. */
export const isQuoteExpired = (validUntil: string | null | undefined, now: Date = new Date()) =>
  !!validUntil && parisToday(now) > validUntil;

/** A quote waiting for its signature whose validity date has passed: shown « Expiré », signing refused. */
export const isExpiredOffer = (devis: { statut: string | null | undefined; valableJusquAu?: string | null }, now: Date = new Date()) =>
  canApply('customer', 'sign', normalizeStatut(devis.statut)) && isQuoteExpired(devis.valableJusquAu, now);

/**
 * The general terms of sale (article 13, « Annulation et modification »): the customer cancels
 * free of charge up to this many days before the pickup; later, the deposit stays with the
 * business, unless a consumer is still within his withdrawal period (L221-18).
 */
export const FREE_CANCELLATION_DAYS = 7;

/**
 * Why the deposit of a mission the customer cancels may not be kept (the operator then gives it
 * back), or null when it may: the pickup is still more than FREE_CANCELLATION_DAYS away (or
 * unknown), or a consumer may still withdraw (`withdrawalUntil`, his period's last day; null for a
 * business or a period over). Days are French calendar days.
 */
export function depositKeepRefusal({
  pickupDay,
  today,
  withdrawalUntil,
}: {
  pickupDay: string | null | undefined;
  today: string;
  withdrawalUntil: string | null;
}): 'free-cancellation' | 'withdrawal-period' | null {
  if (withdrawalUntil && today <= withdrawalUntil) return 'withdrawal-period';
  if (!pickupDay || !/^\d{4}-\d{2}-\d{2}/.test(pickupDay)) return 'free-cancellation';
  return today > addDays(pickupDay.slice(0, 10), -FREE_CANCELLATION_DAYS) ? null : 'free-cancellation';
}

/** The history entries these rules read (a quote's `historique`). */
type HistoryEntry = { fromStatut?: string | null; toStatut?: string; event?: string | null; at: string };

/** When the contract was concluded: the quote's first move to en cours in its history (signed online, or on paper by upload), or null. */
export const concludedAtIn = (history: readonly HistoryEntry[] | undefined): string | null =>
  (history ?? [])
    .filter((entry) => entry.toStatut === 'en cours' && entry.fromStatut !== 'en cours')
    .map((entry) => entry.at)
    .sort()[0] ?? null;

/** Whether the mission has started: its pickup inspection is done (« Véhicule pris en charge » in its history). */
export const hasStarted = (history: readonly HistoryEntry[] | undefined): boolean =>
  history?.some((entry) => entry.event === 'Véhicule pris en charge') ?? false;

/** When the customer asked to cancel his signed mission (« annulation demandée » in its history), or null (an entry without its time too). */
export const cancellationRequestedAt = (history: readonly Pick<Partial<HistoryEntry>, 'event' | 'at'>[] | undefined): string | null =>
  history?.findLast((entry) => entry.event === 'annulation demandée')?.at ?? null;

/** The SIREN (the company) of a SIRET (one of its establishments): its first nine digits. */
export function sirenOf(siret: string | null | undefined): string | null {
  const digits = (siret ?? '').replace(/[\s.]/g, '');
  return /^\d{14}$/.test(digits) ? digits.slice(0, 9) : null;
}
