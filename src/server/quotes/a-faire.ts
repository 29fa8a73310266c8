import { A_FAIRE_SHOWN, type AFaireItem, type DevisRef } from '#domain/schemas/a-faire.ts';
import { countedItem } from '#server/admin-home/provider.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { listCancellationsRequested, listOldestInStatus, listQuoteRefs, listSignedWithoutPickupDay } from './a-faire-repository.ts';

/** The quote's part of « À faire » (issue 34): the quotes waiting for the administrator. */
type AFaireDeps = { database: DatabaseHandle };

const filled = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

type RefRow = Pick<DevisRow, 'id' | 'numeroDevis' | 'email' | 'clientDetails'>;

export const toDevisRef = (row: RefRow): DevisRef => ({
  id: row.id,
  numeroDevis: row.numeroDevis,
  client: filled(row.clientDetails?.nom) ?? filled(row.email),
});

/** Quotes « en attente de confirmation », the oldest first, with how long each has waited. */
export async function quotesToConfirm(deps: AFaireDeps): Promise<AFaireItem | null> {
  const rows = await listOldestInStatus(deps.database.db, 'en attente de confirmation', A_FAIRE_SHOWN);
  return countedItem(rows, (nombre) => ({
    type: 'devis-a-confirmer',
    nombre,
    // Completing is the last write of a quote waiting for confirmation: its time is when the wait began.
    devis: rows.map((row) => ({ ...toDevisRef(row), depuis: row.updatedAt })),
  }));
}

/** Signed missions whose customer asked to cancel them (« Demander l’annulation », legal/): to delete, choosing what becomes of the deposit. */
export async function cancellationsRequested(deps: AFaireDeps): Promise<AFaireItem | null> {
  const rows = await listCancellationsRequested(deps.database.db, A_FAIRE_SHOWN);
  return countedItem(rows, (nombre) => ({
    type: 'annulations-demandees',
    nombre,
    devis: rows.map((row) => ({ ...toDevisRef(row), depuis: row.depuis ?? row.updatedAt })),
  }));
}

/** Signed quotes (en cours) without a pickup day: nothing tells when to go. */
export async function signedWithoutPickupDay(deps: AFaireDeps): Promise<AFaireItem | null> {
  const rows = await listSignedWithoutPickupDay(deps.database.db, deps.database.engine, A_FAIRE_SHOWN);
  return countedItem(rows, (nombre) => ({ type: 'signes-sans-date', nombre, devis: rows.map(toDevisRef) }));
}

/** The quotes of these ids, named as « À faire » names them (those deleted meanwhile are left out). */
export async function quoteRefsOf(deps: AFaireDeps, ids: readonly string[]): Promise<Map<string, DevisRef>> {
  const rows = await listQuoteRefs(deps.database.db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, toDevisRef(row)]));
}
