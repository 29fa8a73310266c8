import { describe, expect, it } from 'vitest';
import { formatCentimes } from '#domain/format.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { remainingFact } from './remaining.ts';

describe('what is left on an invoice, in its list and on its page', () => {
  it('says what is left to pay, and what it holds beyond what it is owed instead of 0,00 €', () => {
    expect(remainingFact(12_615, t.colRemaining)).toEqual([t.colRemaining, formatCentimes(12_615)]);
    expect(remainingFact(0, t.remaining)).toEqual([t.remaining, formatCentimes(0)]);
    expect(remainingFact(-7_257, t.colRemaining)).toEqual([t.excess, formatCentimes(7_257)]);
  });
});
