import { describe, expect, it } from 'vitest';
import { parisInstant } from './feed.ts';

describe('parisInstant', () => {
  it.each([
    ['2026-12-01', '08:30', '2026-12-01T07:30:00.000Z'],
    ['2026-07-14', '08:30', '2026-07-14T06:30:00.000Z'],
    // The nights the clocks change: 29 March 2026 (02:00 → 03:00), 25 October 2026 (03:00 → 02:00).
    ['2026-03-29', '01:30', '2026-03-29T00:30:00.000Z'],
    ['2026-03-29', '03:30', '2026-03-29T01:30:00.000Z'],
    ['2026-10-25', '04:00', '2026-10-25T03:00:00.000Z'],
    ['2026-10-24', '23:30', '2026-10-24T21:30:00.000Z'],
  ])('reads %s %s in France as %s', (day, time, iso) => {
    expect(parisInstant(day, time).toISOString()).toBe(iso);
  });
});
