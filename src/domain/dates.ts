import { lazy } from './lazy.ts';

// en-CA formats as YYYY-MM-DD.
const parisIsoDay = lazy(
  () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }),
);
const parisDay = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }),
);

/** The day of an instant in France, as written there: "2026-11-21T23:30:00Z" → "22/11/2026". */
export function formatParisDate(iso: string): string {
  return parisDay().format(new Date(iso));
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

/** Today's date in France ("YYYY-MM-DD"), whatever the machine's time zone. */
export function parisToday(now: Date = new Date()): string {
  return parisIsoDay().format(now);
}
