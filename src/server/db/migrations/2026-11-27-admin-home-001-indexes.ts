/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';

/**
 * The indexes « À faire » reads (issue 34, GET /api/admin/a-faire): the oldest quotes of a
 * status, and the issued invoices past their due day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('devis_statut_updated_idx').on('devis').columns(['statut', 'updatedAt']).execute();
  await db.schema.createIndex('factures_echeance_idx').on('factures').columns(['type', 'statut', 'dateEcheance']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('factures_echeance_idx').execute();
  await db.schema.dropIndex('devis_statut_updated_idx').execute();
}
