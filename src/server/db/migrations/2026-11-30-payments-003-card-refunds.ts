/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { required, timestamps } from './lib.ts';

/**
 * A withdrawal's refund by card (decision 0089): the refund the provider makes on the card that
 * paid, one row per negative payment it gives back (`paiementId`), with the provider's own id of
 * the refund (unique: its notifications find the row by it) and what the provider last said of
 * it (`en cours`, `effectué`, `échoué`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('remboursements_carte')
    .addColumn('paiementId', 'varchar(64)', (col) => col.primaryKey().references('facture_paiements.id'))
    .$call(required('varchar(16)', 'fournisseur', 'statut'))
    .$call(required('varchar(255)', 'remboursementId'))
    .$call(required('integer', 'montantCentimes'))
    .$call(timestamps)
    .addUniqueConstraint('remboursements_carte_fournisseur_unique', ['fournisseur', 'remboursementId'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('remboursements_carte').execute();
}
