/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { id, optional, required, timestamps } from './lib.ts';

/**
 * What a mission costs (issue 30): one row per expense, under the id the page made for it (an
 * expense recorded offline and sent twice is stored once). `devisId` is the mission, or null for
 * a general expense; no foreign key, like the invoices: the books outlive a quote deleted later.
 * `factureId` is the invoice the expense was re-billed on (set when a draft takes it as a line);
 * `origine` names what it was made from in another capability (a bank statement's debit, a
 * supplier invoice), unique, so that the same source makes one expense only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('depenses')
    .$call(id)
    .addColumn('devisId', 'varchar(64)')
    .$call(required('varchar(16)', 'categorie'))
    .$call(required('integer', 'montantCentimes', 'tvaCentimes'))
    .$call(required('varchar(10)', 'date'))
    .$call(required('varchar(16)', 'moyenPaiement'))
    .$call(required('text', 'note'))
    .addColumn('justificatifKey', 'text')
    .addColumn('justificatifType', 'varchar(32)')
    .$call(optional('varchar(64)', 'justificatifSha256', 'justificatifSourceSha256', 'factureId'))
    .addColumn('origine', 'varchar(128)', (col) => col.unique())
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('depenses_devis_idx').on('depenses').column('devisId').execute();
  await db.schema.createIndex('depenses_date_idx').on('depenses').column('date').execute();
  await db.schema.createIndex('depenses_facture_idx').on('depenses').column('factureId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('depenses').execute();
}
