import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planNumbers, type ToNumber } from './numbering.ts';

const quote = (sourceId: string, numeroOriginal: number | null, dateSimulation = '2024-01-01T00:00:00.000Z'): ToNumber => ({
  sourceId,
  numeroOriginal,
  dateSimulation,
});

describe('numbering of imported quotes', () => {
  it('keeps free numbers; of a repeated number the older quote keeps it, the others follow the highest', () => {
    const plan = planNumbers(
      [
        quote('b', 3, '2024-03-01T10:00:00.000Z'),
        quote('a', 3, '2024-02-01T10:00:00.000Z'),
        quote('c', 5),
        quote('d', null),
        quote('e', 1),
      ],
      new Set(),
      0,
    );
    expect(Object.fromEntries(plan.numbers)).toEqual({ a: 3, b: 6, c: 5, d: 7, e: 1 });
    expect(plan.renumbered).toEqual([
      { sourceId: 'b', from: 3, to: 6 },
      { sourceId: 'd', from: null, to: 7 },
    ]);
    expect(plan.counter).toBe(7);
  });

  it('never takes a number already in the database or reserved, and continues after the counter', () => {
    const plan = planNumbers([quote('a', 2), quote('b', 4), quote('c', 4)], new Set([1, 2, 3]), 12);
    expect(Object.fromEntries(plan.numbers)).toEqual({ a: 13, b: 4, c: 14 });
    expect(plan.counter).toBe(14);
  });

  it('gives unique numbers, keeps every free original one, whatever order the export lists them in', () => {
    const quotes = fc.uniqueArray(
      fc.record({ sourceId: fc.string({ minLength: 1, maxLength: 6 }), numeroOriginal: fc.option(fc.integer({ min: 1, max: 30 })) }),
      { selector: (item) => item.sourceId, maxLength: 40 },
    );
    fc.assert(
      fc.property(quotes, fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }), fc.nat(45), (items, taken, cut) => {
        const all = items.map((item) => ({ ...item, dateSimulation: '2024-01-01' }));
        const counter = Math.max(0, ...taken);
        const plan = planNumbers(all, new Set(taken), counter);
        const numbers = [...plan.numbers.values()];
        expect(new Set([...numbers, ...taken]).size).toBe(numbers.length + taken.length);
        expect(plan.counter).toBe(Math.max(counter, ...numbers));
        const originals = new Set(
          all.flatMap((item) => (item.numeroOriginal && !taken.includes(item.numeroOriginal) ? [item.numeroOriginal] : [])),
        );
        for (const numero of originals) expect(numbers).toContain(numero);

        const again = planNumbers(all.slice(cut).concat(all.slice(0, cut)), new Set(taken), counter);
        expect(again.numbers).toEqual(plan.numbers);
      }),
    );
  });
});
