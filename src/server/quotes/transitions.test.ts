import { describe, expect, it } from 'vitest';
import { canApply, nextStatut, STATUTS, type QuoteAction, type Role, type Statut } from '#domain/statuses.ts';
import { ENGINES, useTestApp, historyOf } from '#server/test/helpers.ts';
import { findQuoteById, transitionQuote } from './repository.ts';
import { createQuoteInStatus } from './test-factories.ts';

/** Spec section 4, written out per role: which statuses each action starts from. */
const EXPECTED: Record<Role, Partial<Record<QuoteAction, Statut[]>>> = {
  customer: {
    complete: ['en attente'],
    archive: ['en attente'],
    restore: ['archivé'],
    delete: ['en attente', 'archivé'],
  },
  admin: {
    confirm: ['en attente', 'en attente de confirmation'],
    markSent: ['confirmé'],
    extend: ['envoyé'],
    archive: ['en attente', 'en attente de confirmation', 'envoyé'],
    restore: ['archivé'],
    confirmSigned: ['envoyé'],
    uploadSigned: ['confirmé', 'envoyé', 'en cours'],
    finish: ['en cours'],
    delete: [...STATUTS],
  },
};
const ACTIONS: QuoteAction[] = [
  'complete',
  'archive',
  'restore',
  'delete',
  'confirm',
  'extend',
  'markSent',
  'confirmSigned',
  'uploadSigned',
  'finish',
];

describe('the transition table', () => {
  for (const role of ['customer', 'admin'] as const) {
    for (const action of ACTIONS) {
      it(`lets the ${role} ${action} from exactly ${EXPECTED[role][action]?.join(', ') || 'no status'}`, () => {
        const from = STATUTS.filter((statut) => canApply(role, action, statut));
        expect(from).toEqual(EXPECTED[role][action] ?? []);
        for (const statut of STATUTS) if (!from.includes(statut)) expect(nextStatut(role, action, statut)).toBeUndefined();
      });
    }
  }
});

describe.each(ENGINES)('transitionQuote on %s', (engine) => {
  const t = useTestApp(engine);
  const owner = { id: 'user-transitions', email: 'transitions@exemple.fr' };

  it('moves a quote only from the status the caller saw, for either role', async () => {
    for (const statut of STATUTS) {
      const quote = await createQuoteInStatus(t.app.database, owner, statut);
      for (const role of ['customer', 'admin'] as const) {
        for (const action of ACTIONS) {
          const to = nextStatut(role, action, statut);
          if (!to) continue;
          // Someone else changed the quote meanwhile: the caller's expectation is stale.
          const stale = STATUTS.find((other) => other !== statut && other !== to)!;
          const refused = await transitionQuote(t.app.database, { id: quote.id, expected: stale, to, by: { userId: null, role } });
          expect(refused, `${role} ${action} from ${statut} with stale ${stale}`).toBeUndefined();
          expect(await findQuoteById(t.app.database.db, quote.id)).toEqual(quote);
        }
      }
    }
  });

  it('applies an allowed transition with its history entry', async () => {
    const quote = await createQuoteInStatus(t.app.database, owner, 'envoyé');
    const moved = await transitionQuote(t.app.database, {
      id: quote.id,
      expected: 'envoyé',
      to: 'en cours',
      by: { userId: null, role: 'admin' },
    });
    expect(moved?.statut).toBe('en cours');
    const history = await historyOf(t, quote.id);
    expect(history.map((entry) => entry.toStatut)).toEqual(['en attente', 'en attente de confirmation', 'confirmé', 'envoyé', 'en cours']);
    expect(history.at(-1)).toMatchObject({ fromStatut: 'envoyé', byRole: 'admin' });
  });
});
