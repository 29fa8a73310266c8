/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { claimColumns, id, required } from './lib.ts';

/**
 * The e-mail outbox: each message is written in the transaction of the change that causes
 * it, then sent by a worker (outbox/worker.ts). The quote remembers the PDF that its
 * e-mail carries (file store key and SHA-256), so the document sent can be shown again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .$call(id)
    .$call(required('varchar(64)', 'kind'))
    .$call(required('text', 'recipient', 'subject', 'textBody', 'htmlBody'))
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('devisId', 'varchar(64)')
    .$call(claimColumns)
    .$call(required('text', 'createdAt'))
    .addColumn('sentAt', 'text')
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'nextAttemptAt']).execute();
  await db.schema.createIndex('outbox_devis_idx').on('outbox').columns(['devisId', 'createdAt']).execute();

  await db.schema.alterTable('devis').addColumn('sentPdfKey', 'text').execute();
  await db.schema.alterTable('devis').addColumn('sentPdfSha256', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devis').dropColumn('sentPdfSha256').execute();
  await db.schema.alterTable('devis').dropColumn('sentPdfKey').execute();
  await db.schema.dropTable('outbox').execute();
}
