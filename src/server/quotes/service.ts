import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { concludedAtIn } from '#domain/legal.ts';
import { estimatePrice } from '#domain/pricing.ts';
import type { Completion } from '#domain/schemas/devis-completion.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import type { SimulationRequest, SimulationResult } from '#domain/schemas/simulation.ts';
import {
  canApplyToQuote,
  isSignedArchive,
  nextStatut,
  normalizeStatut,
  TRANSITIONS,
  type QuoteAction,
  type Statut,
} from '#domain/statuses.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteApiMessages } from '#domain/texts/quotes.ts';
import type { Viewer } from '#server/viewer.ts';
import { measureDistance } from '#server/addresses/service.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { assertMayFetch } from '#server/documents/documents.ts';
import { AppError, conflict, notFound } from '#server/errors.ts';
import type { Geo } from '#server/geo/index.ts';
import { notifyAdminToConfirm } from '#server/notifications/service.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { rowToDevis } from './devis-mapper.ts';
import {
  countQuotesSince,
  createQuote,
  deleteQuote,
  findQuoteById,
  listHistory,
  listOwnQuotes,
  transitionQuoteIn,
  type QuoteChanges,
} from './repository.ts';
import { matchesSearch } from './search.ts';

/** `log` is the request's logger. */
type Deps = { database: DatabaseHandle; fileStore: FileStore; log: FastifyBaseLogger; config: Config; outbox: Pick<OutboxWorker, 'kick'> };
type SimulationDeps = { database: DatabaseHandle; geo: Geo; dailyQuoteLimit: number; log: FastifyBaseLogger };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The signed PDF's key, fixed by the spec: `devis-signes/{id}.pdf`. */
export const signedFileKey = (id: string) => `devis-signes/${id}.pdf`;
/** Each confirmation's PDF under a key of its own: the one a customer received stays as it was. */
export const sentPdfKeyOf = (id: string) => `devis-envoyes/${id}/${randomUUID()}.pdf`;

/**
 * What the other capabilities do to a quote (a signature, an inspection, an invoice, the
 * import move it or write its history, a first sign-in claims the imported ones), each in the
 * caller's transaction.
 */
export {
  claimImportedQuotes,
  findFinishedAt,
  findQuoteById,
  findQuoteNumbers,
  listHistory,
  lockQuoteRow,
  recordQuoteEvent,
  transitionQuoteIn,
  undoTransitionIn,
  type NewQuote,
} from './repository.ts';
export { rowToDevis } from './devis-mapper.ts';
/** The quotes' part of the back office's « À faire » (issue 34). */
export { cancellationsRequested, quoteRefsOf, quotesToConfirm, signedWithoutPickupDay, toDevisRef } from './a-faire.ts';

const refusals: Partial<Record<QuoteAction, string>> = {
  complete: quoteApiMessages.cannotComplete,
  archive: quoteApiMessages.cannotArchive,
  restore: quoteApiMessages.cannotRestore,
  delete: quoteApiMessages.cannotDelete,
};

/** Why the customer may not apply `action` to this quote now (a French 409), or null when he may. */
function refusalOf(row: DevisRow, action: QuoteAction): string | null {
  const devis = rowToDevis(row);
  if (canApplyToQuote('customer', action, devis)) return null;
  return isSignedArchive(devis) ? quoteApiMessages.signedArchiveKept : (refusals[action] ?? null);
}

/**
 * The price of a route for anyone; for a logged-in, verified customer the simulation is also
 * saved as a quote (saveSimulation). Over 1200 km: no price, nothing saved.
 */
export async function simulate(deps: SimulationDeps, viewer: Viewer | null, request: SimulationRequest): Promise<SimulationResult> {
  const { adresseDepart, adresseArrivee, typeVehicule } = request;
  const distanceKm = await measureDistance(deps.geo, adresseDepart, adresseArrivee, deps.log);
  const prix = estimatePrice(typeVehicule, distanceKm);
  if (prix === null) return { distanceKm, prix: null, devis: null };
  const saved = await saveSimulation(deps, viewer, { ...request, distanceKm, prix });
  return { distanceKm, prix, devis: saved && { id: saved.id, numeroDevis: saved.numeroDevis } };
}

/**
 * Saves a priced simulation as a quote "en attente", for a verified customer only (a visitor,
 * an unverified account or the administrator get the price alone: null). A customer who has
 * saved `dailyQuoteLimit` quotes in the last 24 hours gets a 429 and nothing is written (0:
 * no limit); the count runs inside the insert's transaction, so simultaneous simulations
 * cannot overshoot it.
 */
async function saveSimulation(
  deps: Pick<SimulationDeps, 'database' | 'dailyQuoteLimit'>,
  viewer: Viewer | null,
  simulation: SimulationRequest & { distanceKm: number; prix: number },
): Promise<DevisRow | null> {
  if (!viewer || viewer.role !== 'customer' || !viewer.emailVerified) return null;
  const limit = deps.dailyQuoteLimit;
  return createQuote(
    deps.database,
    {
      uid: viewer.id,
      email: viewer.email,
      adresseDepart: simulation.adresseDepart,
      adresseArrivee: simulation.adresseArrivee,
      typeVehicule: simulation.typeVehicule,
      distanceKm: simulation.distanceKm,
      prixCentimes: simulation.prix * 100,
      dateSimulation: new Date().toISOString(),
    },
    { userId: viewer.id, role: 'customer' },
    {
      beforeInsert: async (trx) => {
        if (limit <= 0) return;
        const saved = await countQuotesSince(trx, viewer.id, new Date(Date.now() - DAY_MS).toISOString());
        if (saved >= limit) throw new AppError('rate_limited', quoteApiMessages.dailyLimitReached(limit));
      },
    },
  );
}

/** Any quote, for the administrator's actions and the other capabilities, or 404. */
export async function requireQuote(db: Db, id: string): Promise<DevisRow> {
  const row = await findQuoteById(db, id);
  if (!row) throw notFound(texts.quoteNotFound);
  return row;
}

/** When the contract was concluded: the quote's first move to en cours (signed online, or on paper by upload). */
export async function concludedAtOf(db: Db, devisId: string): Promise<string | null> {
  return concludedAtIn(await listHistory(db, devisId));
}

/** A quote's status, or null when it is gone: for the other capabilities' background work. */
export async function findQuoteStatut(db: Db, id: string): Promise<Statut | null> {
  const row = await findQuoteById(db, id);
  return row ? normalizeStatut(row.statut) : null;
}

/**
 * The caller's own quote, or 404: another customer's quote does not exist for them (nor for
 * the administrator, who has his own API). Asking for one is logged like the guards'
 * refusals, so that probing for ids shows in the logs.
 */
export async function findOwnQuote(deps: Pick<Deps, 'database' | 'log'>, viewer: Viewer, id: string): Promise<DevisRow> {
  const row = await findQuoteById(deps.database.db, id);
  if (!row) throw notFound(quoteApiMessages.notFound);
  if (row.uid !== viewer.id) {
    deps.log.warn({ userId: viewer.id, devisId: row.id }, 'refused: quote of another user');
    throw notFound(quoteApiMessages.notFound);
  }
  return row;
}

/**
 * The quote whose document (the PDF sent, the signed PDF) the viewer asks for: its owner's or,
 * for the administrator, any; anyone else is told it does not exist, and the probe is logged.
 */
export async function findQuoteForDocument(deps: Pick<Deps, 'database' | 'log'>, viewer: Viewer, id: string): Promise<DevisRow> {
  const row = await findQuoteById(deps.database.db, id);
  if (!row) throw notFound(texts.quoteNotFound);
  assertMayFetch(
    viewer,
    { ownerId: row.uid, kind: 'quote', what: { devisId: row.id } },
    { log: deps.log, notFoundMessage: texts.quoteNotFound },
  );
  return row;
}

export async function listActiveQuotes(deps: Deps, viewer: Viewer, query = ''): Promise<Devis[]> {
  const rows = await listOwnQuotes(deps.database.db, viewer.id, { archived: false });
  return rows.filter((row) => matchesSearch(row, query)).map(rowToDevis);
}

export async function listArchivedQuotes(deps: Deps, viewer: Viewer): Promise<Devis[]> {
  const rows = await listOwnQuotes(deps.database.db, viewer.id, { archived: true });
  return rows.map(rowToDevis);
}

export async function getOwnQuote(deps: Deps, viewer: Viewer, id: string): Promise<Devis> {
  const row = await findOwnQuote(deps, viewer, id);
  const historique = await listHistory(deps.database.db, row.id);
  return { ...rowToDevis(row), historique };
}

/**
 * Applies a customer action through the transition table, compare-and-set on the status;
 * `notify` queues the e-mail that tells of it, in the same transaction.
 */
async function applyCustomerAction(
  deps: Deps,
  viewer: Viewer,
  id: string,
  action: QuoteAction,
  changes: QuoteChanges = {},
  notify?: (trx: Db, row: DevisRow) => Promise<unknown>,
): Promise<Devis> {
  const row = await findOwnQuote(deps, viewer, id);
  const refusal = refusalOf(row, action);
  const to = nextStatut('customer', action, row.statut);
  if (refusal !== null || !to) throw conflict(refusal ?? undefined);
  const updated = await withWriteTransaction(deps.database, async (trx) => {
    const moved = await transitionQuoteIn(trx, {
      id: row.id,
      expected: row.statut,
      to,
      changes,
      by: { userId: viewer.id, role: 'customer' },
    });
    if (moved && notify) await notify(trx, moved);
    return moved;
  });
  if (!updated) throw conflict(quoteApiMessages.changedMeanwhile);
  if (notify) deps.outbox.kick();
  return rowToDevis(updated);
}

export function completeQuote(deps: Deps, viewer: Viewer, id: string, completion: Completion): Promise<Devis> {
  return applyCustomerAction(
    deps,
    viewer,
    id,
    'complete',
    {
      clientType: completion.clientType,
      clientDetails: completion.clientDetails,
      contactDepart: completion.contactDepart,
      contactArrivee: completion.contactArrivee,
      priseInfo: completion.priseInfo,
      livraisonInfo: completion.livraisonInfo,
      infosVehicule: completion.infosVehicule,
      options: completion.options,
      typeConvoyage: completion.typeConvoyage,
      commentaire: completion.commentaire ?? null,
    },
    (trx, row) => notifyAdminToConfirm(trx, deps.config, row),
  );
}

export function archiveQuote(deps: Deps, viewer: Viewer, id: string): Promise<Devis> {
  return applyCustomerAction(deps, viewer, id, 'archive', { archive: 1 });
}

export function restoreQuote(deps: Deps, viewer: Viewer, id: string): Promise<Devis> {
  return applyCustomerAction(deps, viewer, id, 'restore', { archive: 0 });
}

export async function deleteOwnQuote(deps: Deps, viewer: Viewer, id: string): Promise<void> {
  const row = await findOwnQuote(deps, viewer, id);
  const refusal = refusalOf(row, 'delete');
  if (refusal !== null) throw conflict(refusal);
  const deleted = await deleteQuote(deps.database, { id: row.id, expected: TRANSITIONS.customer.delete?.from ?? [] });
  if (!deleted) throw conflict(quoteApiMessages.changedMeanwhile);
  if (deleted.signedFileKey) {
    // The row is gone; a leftover file is harmless and only logged.
    await deps.fileStore
      .delete(deleted.signedFileKey)
      .catch((error: unknown) => deps.log.warn({ err: error, id }, 'signed file not deleted'));
  }
}
