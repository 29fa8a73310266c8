import { describe, expect, it } from 'vitest';
import { isValidSiret, normalizeSiret } from './siret.ts';

describe('SIRET', () => {
  it('accepts 14 digits with a correct Luhn key, with or without spaces', () => {
    for (const siret of ['73282932000074', '732 829 320 00074', '44306184100047']) expect(isValidSiret(siret), siret).toBe(true);
  });

  it('refuses a wrong key, a wrong length or letters', () => {
    for (const siret of ['73282932000075', '12345678900012', '7328293200007', '732829320000744', '7328293200007A', ''])
      expect(isValidSiret(siret), siret).toBe(false);
  });

  it("accepts La Poste's establishments, whose digit sum is a multiple of 5 instead of a Luhn key", () => {
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000000048')).toBe(true);
    expect(isValidSiret('35600000000002')).toBe(false);
    // The multiple-of-5 rule is La Poste's only.
    expect(isValidSiret('35700000000005')).toBe(false);
  });

  it('normalises the presentation spaces away', () => {
    expect(normalizeSiret('732 829 320 00074')).toBe('73282932000074');
  });
});
