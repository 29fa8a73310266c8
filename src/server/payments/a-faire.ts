import { A_FAIRE_SHOWN, type AFaireItem } from '#domain/schemas/a-faire.ts';
import { countedItem } from '#server/admin-home/provider.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { listCreditsToHandle } from './repository.ts';

/** The bank's part of « À faire » (issue 34): the credits of the statements a payment is not yet recorded for. */
export async function bankCreditsToHandle(deps: { database: DatabaseHandle }): Promise<AFaireItem | null> {
  const rows = await listCreditsToHandle(deps.database.db, A_FAIRE_SHOWN);
  return countedItem(rows, (nombre, first) => ({
    type: 'banque-a-rapprocher',
    nombre,
    proposees: Number(first.proposees),
    operations: rows.map((row) => ({
      id: row.id,
      date: row.date,
      montantCentimes: row.montantCentimes,
      contrepartie: row.contrepartie,
      proposee: row.statut === 'proposée',
    })),
  }));
}
