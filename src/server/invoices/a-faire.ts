import { A_FAIRE_SHOWN, type AFaireItem } from '#domain/schemas/a-faire.ts';
import { countedItem } from '#server/admin-home/provider.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { listOverdue, sumPaymentsBetween } from './a-faire-repository.ts';

/** The invoices' part of « À faire » (issue 34): the overdue invoices and what they owe together. */
export async function overdueInvoices(deps: { database: DatabaseHandle }, at: { today: string }): Promise<AFaireItem | null> {
  const rows = await listOverdue(deps.database.db, at.today, A_FAIRE_SHOWN);
  return countedItem(rows, (nombre, first) => ({
    type: 'factures-en-retard',
    nombre,
    totalDuCentimes: Number(first.totalDu),
    factures: rows.map((row) => ({
      id: row.id,
      numero: row.numero ?? '',
      client: row.clientNom,
      resteCentimes: Number(row.resteCentimes),
      dateEcheance: row.dateEcheance ?? '',
    })),
  }));
}

/** The revenue collected this year, as the revenue page counts it (payments by the day they came in). */
export function revenueOfYear(deps: { database: DatabaseHandle }, year: number): Promise<number> {
  return sumPaymentsBetween(deps.database.db, `${year}-01-01`, `${year}-12-31`);
}
