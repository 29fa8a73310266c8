import { canApply, TRANSITIONS, type QuoteAction, type Statut } from '#domain/statuses.ts';
import type { Completion } from '#domain/schemas/devis-completion.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { quoteApiMessages } from '#domain/texts-quotes.ts';
import type { Viewer } from '#server/accounts/guards.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import { notifyAdminToConfirm } from '#server/notifications/notify.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import type { DevisRow, DevisUpdate } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { rowToDevis } from './devis-mapper.ts';
import { deleteQuote, findQuoteById, listHistory, listOwnQuotes, transitionQuoteIn } from './repository.ts';
import { matchesSearch } from './search.ts';

type Logger = { warn: (obj: object, msg: string) => void };
/** `log` is the request's logger. */
type Deps = { database: DatabaseHandle; fileStore: FileStore; log: Logger; config: Config; outbox: Pick<OutboxWorker, 'kick'> };

const refusals: Partial<Record<QuoteAction, string>> = {
  complete: quoteApiMessages.cannotComplete,
  archive: quoteApiMessages.cannotArchive,
  restore: quoteApiMessages.cannotRestore,
  delete: quoteApiMessages.cannotDelete,
};

/**
 * The caller's own quote, or 404: another customer's quote does not exist for them. Asking
 * for one is logged like the guards' refusals, so that probing for ids shows in the logs.
 */
async function findOwnQuote(deps: Deps, viewer: Viewer, id: string): Promise<DevisRow> {
  const row = await findQuoteById(deps.database.db, id);
  if (!row) throw notFound(quoteApiMessages.notFound);
  if (row.uid !== viewer.id) {
    deps.log.warn({ userId: viewer.id, devisId: row.id }, 'refused: quote of another user');
    throw notFound(quoteApiMessages.notFound);
  }
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
  changes: DevisUpdate = {},
  notify?: (trx: Db, row: DevisRow) => Promise<unknown>,
): Promise<Devis> {
  const row = await findOwnQuote(deps, viewer, id);
  const to = TRANSITIONS.customer[action]?.to;
  if (!canApply('customer', action, row.statut) || !to) throw conflict(refusals[action]);
  const updated = await withWriteTransaction(deps.database, async (trx) => {
    const moved = await transitionQuoteIn(trx, {
      id: row.id,
      expected: normalizeForCas(row.statut),
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

/** transitionQuote treats "en attente" as also matching the legacy empty status. */
function normalizeForCas(statut: string): Statut {
  return (statut === '' ? 'en attente' : statut) as Statut;
}

export function completeQuote(deps: Deps, viewer: Viewer, id: string, completion: Completion): Promise<Devis> {
  const { infosVehicule, ...rest } = completion;
  return applyCustomerAction(
    deps,
    viewer,
    id,
    'complete',
    {
      clientType: rest.clientType,
      clientDetails: JSON.stringify(rest.clientDetails),
      contactDepart: JSON.stringify(rest.contactDepart),
      contactArrivee: JSON.stringify(rest.contactArrivee),
      priseInfo: JSON.stringify(rest.priseInfo),
      livraisonInfo: JSON.stringify(rest.livraisonInfo),
      infosVehicule: JSON.stringify(infosVehicule),
      options: JSON.stringify(rest.options),
      typeConvoyage: rest.typeConvoyage,
      commentaire: rest.commentaire ?? null,
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
  const allowed = TRANSITIONS.customer.delete?.from ?? [];
  if (!canApply('customer', 'delete', row.statut)) throw conflict(refusals.delete);
  const deleted = await deleteQuote(deps.database, { id: row.id, expected: allowed });
  if (!deleted) throw conflict(quoteApiMessages.changedMeanwhile);
  if (deleted.signedFileKey) {
    // The row is gone; a leftover file is harmless and only logged.
    await deps.fileStore
      .delete(deleted.signedFileKey)
      .catch((error: unknown) => deps.log.warn({ err: error, id }, 'signed file not deleted'));
  }
}
