/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { dropTables, id, quoteNamed, required, storedFile } from './lib.ts';

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
    .$call(id)
    .$call(quoteNamed)
    .$call(required('varchar(32)', 'etape'))
    .$call(required('varchar(64)', 'soumissionId'))
    .$call(required('text', 'fields', 'completedAt'))
    .$call(required('varchar(64)', 'completedBy'))
    .$call(storedFile('pvKey', 'pvSha256'))
    .addUniqueConstraint('inspections_devis_etape_unique', ['devisId', 'etape'])
    .execute();

  await db.schema
    .createTable('inspection_photos')
    .$call(id)
    .$call(required('varchar(64)', 'devisId'))
    .$call(required('varchar(32)', 'etape', 'emplacement'))
    .addColumn('dommageId', 'varchar(64)')
    .addColumn('takenAt', 'text')
    .$call(required('text', 'storageKey', 'thumbKey'))
    .$call(required('varchar(64)', 'sha256', 'sourceSha256'))
    .$call(required('integer', 'bytes', 'width', 'height'))
    .$call(required('text', 'uploadedAt'))
    .addColumn('completed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('inspection_photos_devis_idx').on('inspection_photos').columns(['devisId', 'etape']).execute();

  await db.schema
    .createTable('planning_feed')
    .addColumn('id', 'varchar(16)', (col) => col.primaryKey())
    .$call(required('varchar(64)', 'tokenSha256'))
    .$call(required('text', 'createdAt'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'planning_feed', 'inspection_photos', 'inspections');
}
