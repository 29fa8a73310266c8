import { describe, expect, it } from 'vitest';
import {
  formatCentimes,
  formatCentimesDecimal,
  formatDay,
  formatDistance,
  formatEuros,
  formatKm,
  formatMonth,
  formatParisDate,
  formatParisDateAtTime,
  formatParisDateLong,
  formatParisDateTime,
  formatParisDateTimeLong,
  formatPercent,
  formatPercentChange,
  formatPrice,
  formatQuantity,
  formatQuotePrice,
  formatUtc,
  formatWallClock,
  parisClock,
  parisInstant,
  parisToday,
  parisYear,
} from './format.ts';

// Intl writes French numbers with a narrow no-break space between thousands and a no-break space before a unit.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('dates as written in France', () => {
  it("gives today's date in France, not in UTC", () => {
    // 23:30 UTC on 31 December is already 1 January in Paris (UTC+1 in winter).
    expect(parisToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // 21:30 UTC on 30 June is 23:30 in Paris (UTC+2 in summer): still the same day.
    expect(parisToday(new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
  });

  it('gives the year in France: a money page opens on 2027 from midnight in Paris', () => {
    expect(parisYear(new Date('2026-12-31T22:59:00Z'))).toBe(2026);
    expect(parisYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
  });

  it('shows an instant on its day and at its time in Paris, whatever the machine’s zone', () => {
    expect(formatParisDate('2026-11-21T09:00:00.000Z')).toBe('21/11/2026');
    expect(formatParisDate(new Date('2026-11-21T23:30:00.000Z'))).toBe('22/11/2026');
    expect(formatParisDateLong('2026-11-21T23:30:00.000Z')).toBe('22 novembre 2026');
    expect(formatParisDateTime('2026-11-21T23:05:00.000Z')).toBe('22/11/2026 00:05');
    expect(formatParisDateAtTime('2026-07-14T12:05:00.000Z')).toBe('14/07/2026 à 14:05');
    expect(formatParisDateTimeLong(new Date('2026-11-23T13:05:09.123Z'))).toBe('23 novembre 2026 à 14:05:09');
    expect(formatUtc(new Date('2026-11-23T13:05:09.123Z'))).toBe('2026-11-23T13:05:09Z');
  });

  it('reads the wall clock in France at an instant', () => {
    expect(parisClock('2026-11-23T23:05:09Z')).toEqual({ year: '2026', month: '11', day: '24', hour: '00', minute: '05', second: '09' });
    expect(parisClock(new Date('2026-07-14T10:00:00Z'))).toMatchObject({ day: '14', hour: '12' });
  });

  it.each([
    ['2026-12-01', '08:30', '2026-12-01T07:30:00.000Z'],
    ['2026-07-14', '08:30', '2026-07-14T06:30:00.000Z'],
    // The nights the clocks change: 29 March 2026 (02:00 → 03:00), 25 October 2026 (03:00 → 02:00).
    ['2026-03-29', '01:30', '2026-03-29T00:30:00.000Z'],
    ['2026-03-29', '03:30', '2026-03-29T01:30:00.000Z'],
    ['2026-10-25', '04:00', '2026-10-25T03:00:00.000Z'],
    ['2026-10-24', '23:30', '2026-10-24T21:30:00.000Z'],
  ])('reads %s %s in France as the instant %s', (day, time, iso) => {
    expect(parisInstant(day, time).toISOString()).toBe(iso);
  });

  it('shows a kept day and a wall-clock time as typed, never shifted', () => {
    expect(formatDay('2026-11-23')).toBe('23/11/2026');
    expect(formatDay('23/11/2026')).toBe('');
    expect(formatDay(null)).toBe('');
    expect(formatWallClock('2026-12-01T08:30')).toBe('01/12/2026 08:30');
    expect(formatWallClock('2026-12-01')).toBe('01/12/2026');
    expect(formatWallClock('demain')).toBeNull();
    expect(formatWallClock(null)).toBeNull();
  });

  it('names a month with its year, whatever the machine’s zone', () => {
    expect(formatMonth('2026-12')).toBe('décembre 2026');
    expect(formatMonth('2027-01')).toBe('janvier 2027');
    expect(formatMonth('2026-13')).toBe('');
  });
});

describe('distances and amounts as written in France', () => {
  it('writes whole kilometres, the unit held to its number', () => {
    expect(formatKm(1234.4)).toBe(`1${NNBSP}234`);
    expect(formatDistance(418)).toBe(`418${NBSP}km`);
  });

  it('writes euros with a decimal comma and the sign after the amount', () => {
    expect(formatEuros(1234)).toBe(`1${NNBSP}234`);
    expect(formatPrice(389.9)).toBe(`389,90${NBSP}€`);
    expect(formatCentimes(123450)).toBe(`1${NNBSP}234,50${NBSP}€`);
    expect(formatCentimes(-3000)).toBe(`-30,00${NBSP}€`);
    expect(formatCentimesDecimal(123450)).toBe('1234,50');
    expect(formatQuantity(150)).toBe('1,5');
    expect(formatPercent(0.125)).toBe(`12,5${NBSP}%`);
    expect(formatPercentChange(32 / 465)).toBe(`+6,9${NBSP}%`);
    expect(formatPercentChange(0)).toBe(`0${NBSP}%`);
  });

  it('shows a quote’s estimate in whole euros and its final price with cents', () => {
    expect(formatQuotePrice({ prix: 418, statut: 'en attente' })).toBe(`418${NBSP}€`);
    expect(formatQuotePrice({ prix: 420.5, statut: 'confirmé' })).toBe(`420,50${NBSP}€`);
    // Archived after its confirmation (a withdrawal): still the final price; archived before, the estimate.
    const clauses = { km: false, longDistance: false, refacturation: [] };
    expect(formatQuotePrice({ prix: 230, statut: 'archivé', clauses })).toBe(`230,00${NBSP}€`);
    expect(formatQuotePrice({ prix: 225, statut: 'archivé', clauses: null })).toBe(`225${NBSP}€`);
    // Restored (« en attente » again), it waits for a new confirmation: an estimate until then.
    expect(formatQuotePrice({ prix: 230, statut: 'en attente', clauses })).toBe(`230${NBSP}€`);
  });
});
