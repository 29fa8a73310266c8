import { describe, expect, it } from 'vitest';
import { readSupplierInvoice } from './supplier-invoice.ts';
import { supplierCii, supplierUbl } from './test-factories.ts';

describe('a supplier invoice as read from its XML', () => {
  const facts = {
    supplier: 'TotalEnergies Marketing France',
    number: 'TE-2026-0042',
    lines: ['Gazole  B7', 'AdBlue 10 L'],
    paymentMeansCodes: ['48'],
    totalExclCents: 8_000,
    vatCents: 1_600,
  };

  it('gives its lines’ labels and its payment means, in CII and in UBL', () => {
    for (const xml of [supplierCii(facts), supplierUbl(facts)]) {
      expect(readSupplierInvoice(xml)).toMatchObject({
        supplierName: 'TotalEnergies Marketing France',
        number: 'TE-2026-0042',
        totalInclCents: 9_600,
        lineLabels: 'Gazole B7\nAdBlue 10 L',
        paymentMeansCodes: ['48'],
      });
    }
  });

  it('says nothing of lines or means it does not have, and keeps a long invoice’s labels short', () => {
    expect(readSupplierInvoice(supplierCii({ ...facts, lines: [], paymentMeansCodes: [] }))).toMatchObject({
      lineLabels: null,
      paymentMeansCodes: [],
    });
    const long = readSupplierInvoice(supplierUbl({ ...facts, lines: Array.from({ length: 500 }, (_, index) => `Plein n° ${index + 1}`) }));
    expect(long?.lineLabels?.length).toBeLessThanOrEqual(2000);
    expect(long?.lineLabels?.startsWith('Plein n° 1\nPlein n° 2\n')).toBe(true);
  });

  it('gives every payment means in order, in CII and in UBL, and only what can be a code', () => {
    const codes = ['58', '48', 'not a code', ' 30 ', 'ZZZ'];
    for (const xml of [supplierCii({ ...facts, paymentMeansCodes: codes }), supplierUbl({ ...facts, paymentMeansCodes: codes })]) {
      expect(readSupplierInvoice(xml)?.paymentMeansCodes).toEqual(['58', '48', '30', 'ZZZ']);
    }
    const many = Array.from({ length: 50 }, (_, index) => String(index + 1));
    expect(readSupplierInvoice(supplierUbl({ ...facts, paymentMeansCodes: many }))?.paymentMeansCodes).toEqual(many.slice(0, 10));
  });
});
