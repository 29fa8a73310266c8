import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { INITIAL_STATUT, nextStatut, type QuoteAction, type Role, type Statut } from '#domain/statuses.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import type { TestApp } from '#server/test/helpers.ts';
import { createQuote, findQuoteById, transitionQuote, type NewQuote } from './repository.ts';

/** A simulation through the API (`POST /api/devis/simulation`): as a visitor, or with a session's headers. */
export const simulateQuote = (t: TestApp, payload: object, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/devis/simulation', payload, headers });

/** The quote's row as stored, every column: for a test that checks what a route or a service wrote. */
export async function storedQuote(t: TestApp, id: string): Promise<DevisRow> {
  const row = await findQuoteById(t.app.database.db, id);
  if (!row) throw new Error(`no quote ${id}`);
  return row;
}

/** The actions that take a quote from "en attente" to "terminé", in order. */
const MAIN_LINE: [Role, QuoteAction][] = [
  ['customer', 'complete'],
  ['admin', 'confirm'],
  ['admin', 'markSent'],
  ['admin', 'confirmSigned'],
  ['admin', 'finish'],
];

/** The way to a status from "en attente", one step of the transition table at a time. */
function wayTo(statut: Statut): { expected: Statut; to: Statut; role: Role }[] {
  const actions: [Role, QuoteAction][] = statut === 'archivé' ? [['customer', 'archive']] : MAIN_LINE;
  const steps: { expected: Statut; to: Statut; role: Role }[] = [];
  let at = INITIAL_STATUT;
  for (const [role, action] of actions) {
    if (at === statut) break;
    const to = nextStatut(role, action, at);
    if (!to) throw new Error(`the ${role} cannot ${action} a quote ${at}`);
    steps.push({ expected: at, to, role });
    at = to;
  }
  if (at !== statut) throw new Error(`no way to ${statut}`);
  return steps;
}

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
  for (const step of wayTo(statut)) {
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

/** PUT /api/devis/:id/completer with the given caller's headers (a valid completion unless given). */
export function putCompletion(t: TestApp, id: string, headers: Record<string, string> | undefined, payload: object = validCompletion()) {
  return t.app.inject({ method: 'PUT', url: `/api/devis/${id}/completer`, headers, payload });
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
