/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';

/**
 * What a received supplier invoice says of its expense (decision 0053, addendum): its lines'
 * labels (BT-153, one per line of text) from which, with the supplier's name, its category is
 * guessed, and its payment means code (BT-81, UNTDID 4461). Null on invoices received before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pa_achats').addColumn('libellesLignes', 'text').execute();
  await db.schema.alterTable('pa_achats').addColumn('codeMoyenPaiement', 'varchar(8)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pa_achats').dropColumn('codeMoyenPaiement').execute();
  await db.schema.alterTable('pa_achats').dropColumn('libellesLignes').execute();
}
