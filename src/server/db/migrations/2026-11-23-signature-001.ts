/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { dropTables, id, quoteNamed, required, storedFile } from './lib.ts';

/**
 * Online signature (issue 14):
 * - the quote history also records events that are not statuses (`event`, e.g. « signé en
 *   ligne », with the name of the person, `byName`); an event row keeps the status as it was;
 * - `signatures` keeps the evidence of each online signature. It has no foreign key to the
 *   quote on purpose: the evidence outlives a quote deleted later (docs/decisions/);
 * - `notification_preferences`: a customer's choice about the e-mails that are not essential
 *   (no row: he gets them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devis_historique').addColumn('event', 'varchar(64)').execute();
  await db.schema.alterTable('devis_historique').addColumn('byName', 'text').execute();

  await db.schema
    .createTable('signatures')
    .$call(id)
    .$call(quoteNamed)
    .$call(required('varchar(64)', 'userId'))
    .$call(required('text', 'signerName', 'signerEmail', 'signedAt', 'ipAddress', 'userAgent', 'consentText'))
    .$call(storedFile('originalPdfKey', 'originalSha256'))
    .$call(storedFile('signedPdfKey', 'signedSha256'))
    .$call(required('varchar(64)', 'sealCertificateSha256'))
    .execute();
  await db.schema.createIndex('signatures_devis_idx').on('signatures').column('devisId').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('uid', 'varchar(64)', (col) => col.primaryKey())
    .$call(required('integer', 'statusUpdates'))
    .$call(required('text', 'updatedAt'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'notification_preferences', 'signatures');
  await db.schema.alterTable('devis_historique').dropColumn('byName').execute();
  await db.schema.alterTable('devis_historique').dropColumn('event').execute();
}
