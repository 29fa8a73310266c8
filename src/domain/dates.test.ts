import { describe, expect, it } from 'vitest';
import { formatParisDate, formatWallClock } from './dates.ts';

describe('dates as written in France', () => {
  it('shows an instant on its day in Paris, whatever the machine’s zone', () => {
    expect(formatParisDate('2026-11-21T09:00:00.000Z')).toBe('21/11/2026');
    expect(formatParisDate('2026-11-21T23:30:00.000Z')).toBe('22/11/2026');
  });

  it('shows a wall-clock time as typed, never shifted', () => {
    expect(formatWallClock('2026-12-01T08:30')).toBe('01/12/2026 08:30');
    expect(formatWallClock('2026-12-01')).toBe('01/12/2026');
    expect(formatWallClock('demain')).toBeNull();
    expect(formatWallClock(null)).toBeNull();
  });
});
