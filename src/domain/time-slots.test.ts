import { describe, expect, it } from 'vitest';
import { isIsoDate, isTimeSlot, slotMinutes, TIME_SLOTS } from './time-slots.ts';

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

  it('check real calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('21/11/2026')).toBe(false);
  });
});
