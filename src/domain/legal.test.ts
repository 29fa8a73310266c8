import { describe, expect, it } from 'vitest';
import {
  depositKeepRefusal,
  earliestStartWithoutRequest,
  frenchPublicHolidays,
  isQuoteExpired,
  isWithinWithdrawalPeriod,
  needsEarlyStartRequest,
  quoteValidUntil,
  sirenOf,
  withdrawalDeadline,
} from './legal.ts';

describe('withdrawal period (L221-18, L221-19)', () => {
  it('does not count the day of conclusion and ends on the 14th day after it', () => {
    // Monday 2 Nov 2026 → day 1 is Tuesday 3 → ends Monday 16 Nov.
    expect(withdrawalDeadline('2026-11-02T10:00:00Z')).toBe('2026-11-16');
  });

  it('takes the day in France: 23:30 UTC on 1 Nov is already 2 Nov in Paris', () => {
    expect(withdrawalDeadline('2026-11-01T23:30:00Z')).toBe('2026-11-16');
  });

  it('runs on to the next working day when it ends on a Saturday, a Sunday or a public holiday', () => {
    // Signed Saturday 31 Oct 2026 → 14 Nov is a Saturday → Monday 16 Nov.
    expect(withdrawalDeadline('2026-10-31T09:00:00Z')).toBe('2026-11-16');
    // Signed Friday 11 Dec 2026 → 25 Dec (Christmas, a Friday) → Saturday, Sunday → Monday 28 Dec.
    expect(withdrawalDeadline('2026-12-11T09:00:00Z')).toBe('2026-12-28');
    // Signed 31 Dec 2026 → Thursday 14 Jan 2027, a working day.
    expect(withdrawalDeadline('2026-12-31T12:00:00Z')).toBe('2027-01-14');
  });

  it('knows the movable holidays: Easter Monday 2027 is 29 March, Ascension 6 May, Whit Monday 17 May', () => {
    expect(frenchPublicHolidays(2027)).toEqual(
      expect.arrayContaining(['2027-03-29', '2027-05-06', '2027-05-17', '2027-07-14', '2027-11-11']),
    );
    expect(frenchPublicHolidays(2027)).toHaveLength(11);
    // Signed Monday 15 March 2027 → 29 March is Easter Monday → Tuesday 30.
    expect(withdrawalDeadline('2027-03-15T09:00:00Z')).toBe('2027-03-30');
  });

  it('is open until the end of its last day in France', () => {
    const signed = '2026-11-02T10:00:00Z';
    expect(isWithinWithdrawalPeriod(signed, new Date('2026-11-16T22:59:00Z'))).toBe(true);
    expect(isWithinWithdrawalPeriod(signed, new Date('2026-11-16T23:00:00Z'))).toBe(false);
  });

  it('asks for an early start only when the wished pickup falls within the period', () => {
    const signing = new Date('2026-11-02T10:00:00Z');
    expect(needsEarlyStartRequest('2026-11-10', signing)).toBe(true);
    expect(needsEarlyStartRequest('2026-11-16', signing)).toBe(true);
    expect(needsEarlyStartRequest('2026-11-17', signing)).toBe(false);
    expect(needsEarlyStartRequest('', signing)).toBe(false);
    expect(earliestStartWithoutRequest(signing)).toBe('2026-11-17');
  });
});

describe('quote validity', () => {
  it('counts calendar days from the day it was sent, across a month end', () => {
    expect(quoteValidUntil('2026-11-27T10:00:00Z', 30)).toBe('2026-12-27');
    expect(quoteValidUntil('2027-01-31T10:00:00Z', 30)).toBe('2027-03-02');
  });

  it('takes the day in Europe/Paris across the change to summer time and back', () => {
    // Summer time from 28 March 2027: 22:30 UTC that evening is 00:30 on the 29th in Paris; the night before, 23:30 UTC is 00:30 on the 28th.
    expect(quoteValidUntil('2027-03-28T22:30:00Z', 30)).toBe('2027-04-28');
    expect(quoteValidUntil('2027-03-27T23:30:00Z', 1)).toBe('2027-03-29');
    // Winter time from 31 Oct 2027: 22:30 UTC that evening is 23:30 on the 31st; the evening before, 00:30 on the 31st.
    expect(quoteValidUntil('2027-10-31T22:30:00Z', 1)).toBe('2027-11-01');
    expect(quoteValidUntil('2027-10-30T22:30:00Z', 1)).toBe('2027-11-01');
  });

  it('expires once its last day is over in France', () => {
    expect(isQuoteExpired('2026-12-27', new Date('2026-12-27T22:59:00Z'))).toBe(false);
    expect(isQuoteExpired('2026-12-27', new Date('2026-12-27T23:00:00Z'))).toBe(true);
    expect(isQuoteExpired(null, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('SIREN', () => {
  it('is the first nine digits of the SIRET', () => {
    expect(sirenOf('732 829 320 00074')).toBe('732829320');
    expect(sirenOf('123')).toBeNull();
    expect(sirenOf(null)).toBeNull();
  });
});

describe('a cancelled mission’s deposit (general terms, article 13; L221-18)', () => {
  const today = '2026-11-30';
  it('stays with the business only when the customer cancels less than 7 days before the pickup', () => {
    expect(depositKeepRefusal({ pickupDay: '2026-12-07', today, withdrawalUntil: null })).toBe('free-cancellation');
    expect(depositKeepRefusal({ pickupDay: '2026-12-06', today, withdrawalUntil: null })).toBeNull();
    expect(depositKeepRefusal({ pickupDay: '2026-12-01T08:00', today, withdrawalUntil: null })).toBeNull();
  });

  it('goes back when the pickup has no date, or while a consumer may still withdraw', () => {
    expect(depositKeepRefusal({ pickupDay: null, today, withdrawalUntil: null })).toBe('free-cancellation');
    expect(depositKeepRefusal({ pickupDay: '2026-12-01', today, withdrawalUntil: '2026-11-30' })).toBe('withdrawal-period');
    expect(depositKeepRefusal({ pickupDay: '2026-12-01', today, withdrawalUntil: '2026-11-29' })).toBeNull();
  });
});
