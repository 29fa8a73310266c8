/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { claimColumns, dropTables, id, optional, required, timestamps } from './lib.ts';

/**
 * E-invoicing through an approved platform (einvoicing/): the flows we send (a queue with the
 * outbox's claim columns), the lifecycle statuses of our invoices and of the ones we receive, the
 * supplier invoices received, the Directory Service's answers, and where the polling left off.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pa_flux')
    .$call(id)
    .$call(required('varchar(16)', 'kind'))
    .$call(optional('varchar(64)', 'factureId', 'achatId'))
    .addColumn('periode', 'varchar(16)')
    .addColumn('trackingId', 'varchar(64)', (col) => col.notNull().unique())
    .$call(required('text', 'name'))
    .$call(required('varchar(16)', 'flowSyntax'))
    .addColumn('processingRule', 'varchar(16)')
    .addColumn('payload', 'text')
    .addColumn('contentDigest', 'varchar(64)')
    .$call(claimColumns)
    .addColumn('flowId', 'varchar(64)')
    .addColumn('submittedAt', 'text')
    .addColumn('ackStatus', 'varchar(16)')
    .addColumn('ackReason', 'text')
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('pa_flux_due_idx').on('pa_flux').columns(['status', 'nextAttemptAt']).execute();
  await db.schema.createIndex('pa_flux_facture_idx').on('pa_flux').columns(['factureId', 'createdAt']).execute();
  await db.schema.createIndex('pa_flux_flow_idx').on('pa_flux').column('flowId').execute();
  await db.schema.createIndex('pa_flux_periode_idx').on('pa_flux').columns(['kind', 'periode']).execute();

  await db.schema
    .createTable('pa_statuts')
    .$call(id)
    .$call(optional('varchar(64)', 'factureId', 'achatId'))
    .$call(required('varchar(8)', 'code'))
    .addColumn('reasonCode', 'varchar(64)')
    .addColumn('reason', 'text')
    .$call(required('varchar(16)', 'source'))
    .$call(required('varchar(64)', 'flowId'))
    .$call(required('text', 'at', 'createdAt'))
    .addUniqueConstraint('pa_statuts_flow_code_unique', ['flowId', 'code'])
    .execute();
  await db.schema.createIndex('pa_statuts_facture_idx').on('pa_statuts').columns(['factureId', 'at']).execute();
  await db.schema.createIndex('pa_statuts_achat_idx').on('pa_statuts').columns(['achatId', 'at']).execute();

  await db.schema
    .createTable('pa_achats')
    .$call(id)
    .addColumn('flowId', 'varchar(64)', (col) => col.notNull().unique())
    .$call(required('text', 'fournisseurNom'))
    .addColumn('fournisseurSiren', 'varchar(16)')
    .addColumn('fournisseurAdresse', 'varchar(128)')
    .$call(required('text', 'numero'))
    .addColumn('typeCode', 'varchar(8)')
    .addColumn('dateFacture', 'varchar(10)')
    .$call(optional('integer', 'totalHtCentimes', 'tvaCentimes', 'totalTtcCentimes'))
    .addColumn('devise', 'varchar(3)')
    .$call(required('text', 'fileKey'))
    .$call(required('varchar(64)', 'fileType', 'fileSha256'))
    .$call(required('varchar(16)', 'statut'))
    .addColumn('motifRefus', 'text')
    .$call(optional('varchar(64)', 'depenseId', 'devisId'))
    .$call(required('text', 'recuLe', 'updatedAt'))
    .execute();
  await db.schema.createIndex('pa_achats_recu_idx').on('pa_achats').column('recuLe').execute();

  await db.schema
    .createTable('pa_annuaire')
    .addColumn('siren', 'varchar(9)', (col) => col.primaryKey())
    .$call(required('varchar(16)', 'receives'))
    .addColumn('addressingIdentifier', 'text')
    .addColumn('platformType', 'varchar(16)')
    .$call(required('text', 'checkedAt'))
    .execute();

  await db.schema
    .createTable('pa_sync')
    .addColumn('key', 'varchar(32)', (col) => col.primaryKey())
    .$call(required('text', 'value', 'updatedAt'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'pa_sync', 'pa_annuaire', 'pa_achats', 'pa_statuts', 'pa_flux');
}
