import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSITIONS, type Statut } from '#domain/statuses.ts';
import { ENGINES, useTestApp } from '#server/test/helpers.ts';
import { createQuote, findQuoteById, listHistory, transitionQuote, undoTransition, type QuoteChanges } from './repository.ts';

const newQuote = () => ({
  uid: 'u1',
  email: 'client@exemple.fr',
  adresseDepart: 'Paris',
  adresseArrivee: 'Lyon',
  typeVehicule: 'Citadine',
  distanceKm: 465,
  prixCentimes: 40_100,
  dateSimulation: new Date().toISOString(),
});
const by = { userId: 'u1', role: 'customer' as const };
const admin = { userId: 'admin', role: 'admin' as const };

describe.each(ENGINES)('quote repository on %s', (engine) => {
  const t = useTestApp(engine);
  /** The administrator's write of a quote, recorded in its history even when it keeps the status. */
  const adminWrites = (id: string, expected: Statut, to: Statut, changes: QuoteChanges = {}) =>
    transitionQuote(t.app.database, { id, expected, to, changes, by: admin, recordSameStatus: true });

  it('lets exactly one of many concurrent status changes win, and records only that one', async () => {
    const quote = await createQuote(t.app.database, newQuote(), by);
    const targets: Statut[] = ['archivé', 'en attente de confirmation'];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        transitionQuote(t.app.database, { id: quote.id, expected: 'en attente', to: targets[i % 2]!, by }),
      ),
    );
    const winners = results.filter((row) => row !== undefined);
    expect(winners).toHaveLength(1);
    const history = await listHistory(t.app.database.db, quote.id);
    expect(history.map((entry) => entry.toStatut)).toEqual(['en attente', winners[0]!.statut]);
  });

  it('walks a quote through every admin step only in the order the table allows', async () => {
    const quote = await createQuote(t.app.database, newQuote(), by);
    const admin = { userId: 'admin', role: 'admin' as const };
    const steps: Array<[Statut, Statut]> = [
      ['en attente', 'confirmé'],
      ['confirmé', 'envoyé'],
      ['envoyé', 'en cours'],
      ['en cours', 'terminé'],
    ];
    for (const [from, to] of steps) {
      // A stale expectation never applies.
      expect(
        await transitionQuote(t.app.database, { id: quote.id, expected: 'en attente de confirmation', to, by: admin }),
      ).toBeUndefined();
      const row = await transitionQuote(t.app.database, { id: quote.id, expected: from, to, by: admin });
      expect(row?.statut).toBe(to);
      const allowed = Object.values(TRANSITIONS.admin).some((transition) => transition.to === to && transition.from.includes(from));
      expect(allowed).toBe(true);
    }
    const history = await listHistory(t.app.database.db, quote.id);
    expect(history.map((entry) => `${entry.fromStatut ?? '∅'}→${entry.toStatut}`)).toEqual([
      '∅→en attente',
      'en attente→confirmé',
      'confirmé→envoyé',
      'envoyé→en cours',
      'en cours→terminé',
    ]);
  });

  it('takes a transition back with its history entry', async () => {
    const quote = await createQuote(t.app.database, newQuote(), by);
    const done = await adminWrites(quote.id, 'en attente', 'confirmé', { prixCentimes: 1 });
    expect(await undoTransition(t.app.database, { done: done!, restore: { statut: 'en attente', prixCentimes: quote.prixCentimes } })).toBe(
      true,
    );
    expect(await findQuoteById(t.app.database.db, quote.id)).toMatchObject({ statut: 'en attente', prixCentimes: quote.prixCentimes });
    expect((await listHistory(t.app.database.db, quote.id)).map((entry) => entry.toStatut)).toEqual(['en attente']);
  });

  describe('with the clock stopped', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-23T10:00:00.000Z'));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('does not take a transition back once the quote was written again, even in the same millisecond', async () => {
      const quote = await createQuote(t.app.database, newQuote(), by);
      const upload = await adminWrites(quote.id, 'en attente', 'confirmé');
      // Someone else's write in the same millisecond, keeping the status: the same updatedAt.
      const other = await adminWrites(quote.id, 'confirmé', 'confirmé', { prixCentimes: 2 });
      expect(other!.updatedAt).toBe(upload!.updatedAt);
      expect(other!.version).toBe(upload!.version + 1);

      expect(await undoTransition(t.app.database, { done: upload!, restore: { statut: 'en attente' } })).toBe(false);
      expect(await findQuoteById(t.app.database.db, quote.id)).toMatchObject({ statut: 'confirmé', prixCentimes: 2 });
      expect((await listHistory(t.app.database.db, quote.id)).map((entry) => entry.toStatut)).toEqual([
        'en attente',
        'confirmé',
        'confirmé',
      ]);
    });
  });

  it('counts every write of a quote in its version', async () => {
    const quote = await createQuote(t.app.database, newQuote(), by);
    expect(quote.version).toBe(1);
    const moved = await transitionQuote(t.app.database, {
      id: quote.id,
      expected: 'en attente',
      to: 'archivé',
      changes: { archive: 1 },
      by,
    });
    expect(moved!.version).toBe(2);
    expect(await undoTransition(t.app.database, { done: moved!, restore: { statut: 'en attente', archive: 0 } })).toBe(true);
    expect((await findQuoteById(t.app.database.db, quote.id))!.version).toBe(3);
  });
});
