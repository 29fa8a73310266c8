import { describe, expect, it } from 'vitest';
import { planningGroupOf } from './missions.ts';

describe('planningGroupOf', () => {
  // Wednesday 25 November 2026.
  const today = '2026-11-25';
  it.each([
    ['2026-11-24', 'passee'],
    ['2026-11-25', 'aujourdhui'],
    ['2026-11-26', 'demain'],
    ['2026-11-27', 'semaine'],
    ['2026-11-29', 'semaine'],
    ['2026-11-30', 'plus-tard'],
    [null, 'sans-date'],
    ['', 'sans-date'],
    ['01/12/2026', 'sans-date'],
  ] as const)('puts a pickup on %s in « %s »', (date, group) => {
    expect(planningGroupOf(date, today)).toBe(group);
  });

  it('has nothing « this week » after tomorrow on a Saturday (28 November 2026), nor on a Sunday', () => {
    expect(planningGroupOf('2026-11-29', '2026-11-28')).toBe('demain');
    expect(planningGroupOf('2026-11-30', '2026-11-28')).toBe('plus-tard');
    expect(planningGroupOf('2026-12-01', '2026-11-29')).toBe('plus-tard');
  });
});
