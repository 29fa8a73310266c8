import { describe, expect, it } from 'vitest';
import { isValidPhone } from './phone.ts';

describe('isValidPhone', () => {
  it('takes French and international numbers with the usual separators', () => {
    for (const phone of ['0612345678', '06 12 34 56 78', '06.12.34.56.78', '+33 6 12 34 56 78', '+44 (20) 7946-0958']) {
      expect(isValidPhone(phone), phone).toBe(true);
    }
  });

  it('refuses too few or too many digits, and anything but digits and separators', () => {
    for (const phone of ['12345678', '+1234567890123456', '06 12 34 56 7a', 'appelez-moi', '']) {
      expect(isValidPhone(phone), phone).toBe(false);
    }
  });
});
