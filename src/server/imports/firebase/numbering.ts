/** A quote to number: its Firebase id, its original number, and when it was made (for the order). */
export type ToNumber = { sourceId: string; numeroOriginal: number | null; dateSimulation: string };

export type NumberPlan = {
  /** The number each quote gets, by Firebase id. */
  numbers: Map<string, number>;
  /** Those that could not keep their original number, in the order they were given a new one. */
  renumbered: { sourceId: string; from: number | null; to: number }[];
  /** Where the counter must be after them: the highest number in use. */
  counter: number;
};

/** Original number first (none last), then the oldest: of two quotes numbered 7, the older keeps 7. */
export function numberingOrder(a: ToNumber, b: ToNumber): number {
  const byNumero = (a.numeroOriginal ?? Number.MAX_SAFE_INTEGER) - (b.numeroOriginal ?? Number.MAX_SAFE_INTEGER);
  if (byNumero !== 0) return byNumero;
  if (a.dateSimulation !== b.dateSimulation) return a.dateSimulation < b.dateSimulation ? -1 : 1;
  return a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0;
}

/**
 * Numbers the quotes of an import. The original app numbered with « count of quotes + 1 »,
 * so a deletion made the next quote repeat a number; ours are unique. A quote keeps its
 * original number when no other quote has it (already in the database, reserved by an
 * earlier import, or given to an older quote of this one); the others get the numbers after
 * the highest one in use, in order. `taken` holds every number in use or reserved, `counter`
 * the counter row's value.
 */
export function planNumbers(quotes: readonly ToNumber[], taken: ReadonlySet<number>, counter: number): NumberPlan {
  const used = new Set(taken);
  const numbers = new Map<string, number>();
  const ordered = [...quotes].sort(numberingOrder);
  const later: ToNumber[] = [];
  for (const quote of ordered) {
    if (quote.numeroOriginal !== null && !used.has(quote.numeroOriginal)) {
      numbers.set(quote.sourceId, quote.numeroOriginal);
      used.add(quote.numeroOriginal);
    } else {
      later.push(quote);
    }
  }
  let highest = counter;
  for (const numero of used) if (numero > highest) highest = numero;
  const renumbered: NumberPlan['renumbered'] = [];
  for (const quote of later) {
    highest += 1;
    numbers.set(quote.sourceId, highest);
    renumbered.push({ sourceId: quote.sourceId, from: quote.numeroOriginal, to: highest });
  }
  return { numbers, renumbered, counter: highest };
}
