/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';

/**
 * The admin list: grouping by e-mail with the latest activity reads (email, updatedAt)
 * from an index; the search reads a folded (lowercase, accentless) text per quote,
 * refreshed from the quote when its updatedAt changes, removed with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('devis_email_updated_idx').on('devis').columns(['email', 'updatedAt']).execute();
  await db.schema.createIndex('devis_statut_numero_idx').on('devis').columns(['statut', 'numeroDevis']).execute();

  await db.schema
    .createTable('devis_search')
    .addColumn('devisId', 'varchar(64)', (col) => col.primaryKey().references('devis.id').onDelete('cascade'))
    .addColumn('texte', 'text', (col) => col.notNull())
    .addColumn('sourceUpdatedAt', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('devis_search').execute();
  await db.schema.dropIndex('devis_statut_numero_idx').execute();
  await db.schema.dropIndex('devis_email_updated_idx').execute();
}
