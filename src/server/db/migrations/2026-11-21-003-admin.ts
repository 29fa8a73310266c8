/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import { sql, type Kysely } from 'kysely';
import { required } from './lib.ts';

/**
 * The admin list: grouping by e-mail with the latest activity reads (email, updatedAt)
 * from an index; the search reads a folded (lowercase, accentless) text per quote,
 * refreshed from the quote when its updatedAt changes, removed with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The very expression the admin repository groups by (repository.ts `groupKey`).
  await db.schema
    .createIndex('devis_groupe_idx')
    .on('devis')
    .expression(sql`coalesce(nullif(email, ''), 'client-inconnu'), "updatedAt", statut, email`)
    .execute();
  await db.schema.createIndex('devis_statut_numero_idx').on('devis').columns(['statut', 'numeroDevis']).execute();

  await db.schema
    .createTable('devis_search')
    .addColumn('devisId', 'varchar(64)', (col) => col.primaryKey().references('devis.id').onDelete('cascade'))
    .$call(required('text', 'texte', 'sourceUpdatedAt'))
    .execute();
  await db.schema.createIndex('devis_search_updated_idx').on('devis_search').column('sourceUpdatedAt').execute();
  await db.schema.createIndex('devis_updated_idx').on('devis').column('updatedAt').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('devis_updated_idx').execute();
  await db.schema.dropTable('devis_search').execute();
  await db.schema.dropIndex('devis_statut_numero_idx').execute();
  await db.schema.dropIndex('devis_groupe_idx').execute();
}
