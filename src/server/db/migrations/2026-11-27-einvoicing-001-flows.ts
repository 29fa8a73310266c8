/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';

/**
 * E-invoicing through an approved platform (einvoicing/): the flows we send (a queue with the
 * outbox's claim columns), the lifecycle statuses of our invoices and of the ones we receive, the
 * supplier invoices received, the Directory Service's answers, and where the polling left off.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pa_flux')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('factureId', 'varchar(64)')
    .addColumn('achatId', 'varchar(64)')
    .addColumn('periode', 'varchar(16)')
    .addColumn('trackingId', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('flowSyntax', 'varchar(16)', (col) => col.notNull())
    .addColumn('processingRule', 'varchar(16)')
    .addColumn('payload', 'text')
    .addColumn('contentDigest', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'text', (col) => col.notNull())
    .addColumn('leaseUntil', 'text')
    .addColumn('lastError', 'text')
    .addColumn('flowId', 'varchar(64)')
    .addColumn('submittedAt', 'text')
    .addColumn('ackStatus', 'varchar(16)')
    .addColumn('ackReason', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('pa_flux_due_idx').on('pa_flux').columns(['status', 'nextAttemptAt']).execute();
  await db.schema.createIndex('pa_flux_facture_idx').on('pa_flux').columns(['factureId', 'createdAt']).execute();
  await db.schema.createIndex('pa_flux_flow_idx').on('pa_flux').column('flowId').execute();
  await db.schema.createIndex('pa_flux_periode_idx').on('pa_flux').columns(['kind', 'periode']).execute();

  await db.schema
    .createTable('pa_statuts')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('factureId', 'varchar(64)')
    .addColumn('achatId', 'varchar(64)')
    .addColumn('code', 'varchar(8)', (col) => col.notNull())
    .addColumn('reasonCode', 'varchar(64)')
    .addColumn('reason', 'text')
    .addColumn('source', 'varchar(16)', (col) => col.notNull())
    .addColumn('flowId', 'varchar(64)', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addUniqueConstraint('pa_statuts_flow_code_unique', ['flowId', 'code'])
    .execute();
  await db.schema.createIndex('pa_statuts_facture_idx').on('pa_statuts').columns(['factureId', 'at']).execute();
  await db.schema.createIndex('pa_statuts_achat_idx').on('pa_statuts').columns(['achatId', 'at']).execute();

  await db.schema
    .createTable('pa_achats')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('flowId', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('fournisseurNom', 'text', (col) => col.notNull())
    .addColumn('fournisseurSiren', 'varchar(16)')
    .addColumn('fournisseurAdresse', 'varchar(128)')
    .addColumn('numero', 'text', (col) => col.notNull())
    .addColumn('typeCode', 'varchar(8)')
    .addColumn('dateFacture', 'varchar(10)')
    .addColumn('totalHtCentimes', 'integer')
    .addColumn('tvaCentimes', 'integer')
    .addColumn('totalTtcCentimes', 'integer')
    .addColumn('devise', 'varchar(3)')
    .addColumn('fileKey', 'text', (col) => col.notNull())
    .addColumn('fileType', 'varchar(64)', (col) => col.notNull())
    .addColumn('fileSha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('statut', 'varchar(16)', (col) => col.notNull())
    .addColumn('motifRefus', 'text')
    .addColumn('depenseId', 'varchar(64)')
    .addColumn('devisId', 'varchar(64)')
    .addColumn('recuLe', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('pa_achats_recu_idx').on('pa_achats').column('recuLe').execute();

  await db.schema
    .createTable('pa_annuaire')
    .addColumn('siren', 'varchar(9)', (col) => col.primaryKey())
    .addColumn('receives', 'varchar(16)', (col) => col.notNull())
    .addColumn('addressingIdentifier', 'text')
    .addColumn('platformType', 'varchar(16)')
    .addColumn('checkedAt', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('pa_sync')
    .addColumn('key', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['pa_sync', 'pa_annuaire', 'pa_achats', 'pa_statuts', 'pa_flux']) await db.schema.dropTable(table).execute();
}
