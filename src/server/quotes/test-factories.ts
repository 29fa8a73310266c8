import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import type { Statut } from '#domain/statuses.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { createQuote, findQuoteById, transitionQuote, type NewQuote } from './repository.ts';

/** The way to each status from "en attente", one transition table step at a time. */
const PATH_TO: Record<Statut, { expected: Statut; to: Statut; role: 'customer' | 'admin' }[]> = {
  'en attente': [],
  'en attente de confirmation': [{ expected: 'en attente', to: 'en attente de confirmation', role: 'customer' }],
  confirmé: [
    { expected: 'en attente', to: 'en attente de confirmation', role: 'customer' },
    { expected: 'en attente de confirmation', to: 'confirmé', role: 'admin' },
  ],
  envoyé: [
    { expected: 'en attente', to: 'en attente de confirmation', role: 'customer' },
    { expected: 'en attente de confirmation', to: 'confirmé', role: 'admin' },
    { expected: 'confirmé', to: 'envoyé', role: 'admin' },
  ],
  'en cours': [
    { expected: 'en attente', to: 'en attente de confirmation', role: 'customer' },
    { expected: 'en attente de confirmation', to: 'confirmé', role: 'admin' },
    { expected: 'confirmé', to: 'envoyé', role: 'admin' },
    { expected: 'envoyé', to: 'en cours', role: 'admin' },
  ],
  terminé: [
    { expected: 'en attente', to: 'en attente de confirmation', role: 'customer' },
    { expected: 'en attente de confirmation', to: 'confirmé', role: 'admin' },
    { expected: 'confirmé', to: 'envoyé', role: 'admin' },
    { expected: 'envoyé', to: 'en cours', role: 'admin' },
    { expected: 'en cours', to: 'terminé', role: 'admin' },
  ],
  archivé: [{ expected: 'en attente', to: 'archivé', role: 'customer' }],
};

let simulationCount = 0;

/** A quote of `owner` in the given status, made through createQuote and transitionQuote. */
export async function createQuoteInStatus(
  handle: DatabaseHandle,
  owner: { id: string; email: string },
  statut: Statut = 'en attente',
  overrides: Partial<NewQuote> = {},
): Promise<DevisRow> {
  simulationCount += 1;
  const row = await createQuote(
    handle,
    {
      uid: owner.id,
      email: owner.email,
      dateSimulation: new Date(Date.UTC(2026, 10, 1, 9, simulationCount)).toISOString(),
      adresseDepart: '10 rue de Rivoli, 75001 Paris',
      adresseArrivee: '5 place Bellecour, 69002 Lyon',
      typeVehicule: 'Berline',
      distanceKm: 465,
      prixCentimes: 41_850,
      ...overrides,
    },
    { userId: owner.id, role: 'customer' },
  );
  for (const step of PATH_TO[statut]) {
    // History is ordered by its millisecond timestamp: keep the steps apart.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const moved = await transitionQuote(handle, {
      id: row.id,
      expected: step.expected,
      to: step.to,
      changes: step.to === 'archivé' ? { archive: 1 } : {},
      by: { userId: step.role === 'customer' ? owner.id : null, role: step.role },
    });
    if (!moved) throw new Error(`could not move quote to ${step.to}`);
  }
  const final = await findQuoteById(handle.db, row.id);
  if (!final) throw new Error('quote vanished');
  return final;
}

/** Every customer route for one quote id, with a valid body where one is needed. */
export const customerQuoteRoutes = (id: string) =>
  [
    { method: 'GET', url: `/api/devis/${id}` },
    { method: 'PUT', url: `/api/devis/${id}/completer`, payload: validCompletion() },
    { method: 'POST', url: `/api/devis/${id}/archiver` },
    { method: 'POST', url: `/api/devis/${id}/restaurer` },
    { method: 'DELETE', url: `/api/devis/${id}` },
  ] as const;
