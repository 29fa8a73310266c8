import { describe, expect, it } from 'vitest';
import { isIsoDate, isTimeSlot, parisToday, slotMinutes, TIME_SLOTS } from './time-slots.ts';

describe('time slots', () => {
  it('are the 48 half-hours from 00:00 to 23:30', () => {
    expect(TIME_SLOTS).toHaveLength(48);
    expect(TIME_SLOTS[0]).toBe('00:00');
    expect(TIME_SLOTS[1]).toBe('00:30');
    expect(TIME_SLOTS[17]).toBe('08:30');
    expect(TIME_SLOTS[47]).toBe('23:30');
    expect(new Set(TIME_SLOTS).size).toBe(48);
  });

  it('refuses anything that is not a slot', () => {
    for (const value of ['24:00', '08:15', '8:30', '08:30:00', '', 'midi']) expect(isTimeSlot(value)).toBe(false);
    expect(isTimeSlot('23:30')).toBe(true);
  });

  it('compare as minutes since midnight', () => {
    expect(slotMinutes('08:30')).toBe(510);
    expect(slotMinutes('00:00')).toBe(0);
  });

  it("give today's date in France, not in UTC", () => {
    // 23:30 UTC on 31 December is already 1 January in Paris (UTC+1 in winter).
    expect(parisToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // 21:30 UTC on 30 June is 23:30 in Paris (UTC+2 in summer): still the same day.
    expect(parisToday(new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
  });

  it('check real calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('21/11/2026')).toBe(false);
  });
});
