/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';

/**
 * The mission (issue 15):
 * - `inspections`: one completed inspection (état des lieux) per quote and step, with its
 *   fields (JSON, checked by the domain schema when read), the report (PV) it produced (file
 *   store key and SHA-256) and the browser's submission id (a report sent twice is recognised);
 * - `inspection_photos`: each photo under the id the browser gave it (a photo sent twice is
 *   stored once), received before its inspection is completed (`completed` 0) and kept with it;
 * - `planning_feed`: the SHA-256 of the calendar feed's secret token (never the token).
 * Photos and reports have no foreign key to the quote: like the signature evidence, they
 * outlive a quote deleted later (docs/decisions/).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inspections')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('devisId', 'varchar(64)', (col) => col.notNull())
    .addColumn('numeroDevis', 'integer', (col) => col.notNull())
    .addColumn('etape', 'varchar(32)', (col) => col.notNull())
    .addColumn('soumissionId', 'varchar(64)', (col) => col.notNull())
    .addColumn('fields', 'text', (col) => col.notNull())
    .addColumn('completedAt', 'text', (col) => col.notNull())
    .addColumn('completedBy', 'varchar(64)', (col) => col.notNull())
    .addColumn('pvKey', 'text', (col) => col.notNull())
    .addColumn('pvSha256', 'varchar(64)', (col) => col.notNull())
    .addUniqueConstraint('inspections_devis_etape_unique', ['devisId', 'etape'])
    .execute();

  await db.schema
    .createTable('inspection_photos')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('devisId', 'varchar(64)', (col) => col.notNull())
    .addColumn('etape', 'varchar(32)', (col) => col.notNull())
    .addColumn('emplacement', 'varchar(32)', (col) => col.notNull())
    .addColumn('dommageId', 'varchar(64)')
    .addColumn('takenAt', 'text')
    .addColumn('storageKey', 'text', (col) => col.notNull())
    .addColumn('thumbKey', 'text', (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('sourceSha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('uploadedAt', 'text', (col) => col.notNull())
    .addColumn('completed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('inspection_photos_devis_idx').on('inspection_photos').columns(['devisId', 'etape']).execute();

  await db.schema
    .createTable('planning_feed')
    .addColumn('id', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('tokenSha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('planning_feed').execute();
  await db.schema.dropTable('inspection_photos').execute();
  await db.schema.dropTable('inspections').execute();
}
