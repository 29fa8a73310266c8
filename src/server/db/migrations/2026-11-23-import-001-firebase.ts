/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { optional, required } from './lib.ts';

/**
 * The import of the original Firebase app (issue 17):
 * - a quote keeps the number the original app gave it (`numeroDevisOriginal`), shown to the
 *   administrator, since duplicates there had to be renumbered here;
 * - `firebase_import` is the import's journal: one row per document imported (its Firebase
 *   id, what it became here, when), so a second run imports nothing twice, even what was
 *   deleted since; a quote's row is written first with the number reserved for it, so an
 *   interrupted import resumes with the same numbers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devis').addColumn('numeroDevisOriginal', 'integer').execute();

  await db.schema
    .createTable('firebase_import')
    .$call(required('varchar(32)', 'collection'))
    .$call(required('varchar(1600)', 'sourceId'))
    .addColumn('targetId', 'varchar(64)')
    .addColumn('sourceUid', 'varchar(200)')
    .$call(optional('integer', 'numeroDevis', 'numeroOriginal'))
    .addColumn('importedAt', 'text')
    .addPrimaryKeyConstraint('firebase_import_pk', ['collection', 'sourceId'])
    .addUniqueConstraint('firebase_import_numero_unique', ['numeroDevis'])
    .execute();
  await db.schema.createIndex('firebase_import_source_uid_idx').on('firebase_import').column('sourceUid').execute();
  await db.schema.createIndex('firebase_import_target_idx').on('firebase_import').columns(['collection', 'targetId']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('firebase_import').execute();
  await db.schema.alterTable('devis').dropColumn('numeroDevisOriginal').execute();
}
