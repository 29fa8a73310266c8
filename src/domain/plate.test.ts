import { describe, expect, it } from 'vitest';
import { isValidForeignPlate, isValidFrenchPlate, isValidVin, normalizeFrenchPlate } from './plate.ts';

describe('French SIV registration', () => {
  it('accepts AA-123-AA with dashes, spaces, nothing, any case', () => {
    for (const plate of ['AB-123-CD', 'AB 123 CD', 'ab123cd', ' ab-123 cd ']) expect(isValidFrenchPlate(plate)).toBe(true);
  });

  it('normalises to AA-123-AA', () => {
    expect(normalizeFrenchPlate('ab 123 cd')).toBe('AB-123-CD');
    expect(normalizeFrenchPlate('GH456JK')).toBe('GH-456-JK');
  });

  it('refuses letters never issued, number 000, SS and other shapes', () => {
    for (const plate of [
      'AI-123-CD',
      'AB-123-CO',
      'UB-123-CD',
      'AB-000-CD',
      'SS-123-AB',
      'AB-123-SS',
      '123-AB-45',
      'AB-1234-CD',
      'A-123-BC',
      '',
    ]) {
      expect(isValidFrenchPlate(plate)).toBe(false);
    }
  });

  it('takes foreign plates as bounded free text', () => {
    expect(isValidForeignPlate('B-MW 1234')).toBe(true);
    expect(isValidForeignPlate('1-ABC-234')).toBe(true);
    expect(isValidForeignPlate('X')).toBe(false);
    expect(isValidForeignPlate('A'.repeat(21))).toBe(false);
    expect(isValidForeignPlate('AB<script>')).toBe(false);
  });
});

describe('VIN', () => {
  it('is 17 characters without I, O or Q', () => {
    expect(isValidVin('VF1RFB00X56789012')).toBe(true);
    expect(isValidVin('vf1rfb00x56789012')).toBe(true);
    expect(isValidVin('VF1RFB00X5678901')).toBe(false);
    expect(isValidVin('VF1RFB00O56789012')).toBe(false);
  });
});
