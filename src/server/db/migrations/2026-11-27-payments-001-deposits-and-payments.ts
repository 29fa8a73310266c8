/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import { sql, type Kysely } from 'kysely';
import { dropTables, INVOICE_FROZEN_COLUMNS, isPostgres, issuedInvoiceGuard } from './lib.ts';

/**
 * Getting paid (issue 29, payments/):
 * - the quote's deposit share set at confirmation (`devis.acomptePourcent`, whole per cent);
 * - on an invoice, its nature (`acompte`: a deposit invoice, Factur-X type 386) and, on a final
 *   invoice, the deposits it deducts (`acomptesCentimes`, and their numbers as JSON), frozen
 *   with the rest of an issued invoice: the triggers of 2026-11-23-invoices-001 are made again
 *   with these columns in their list;
 * - a payment's provider or bank reference and its idempotency key (`cle`, unique): a
 *   webhook or a statement line records at most one payment, whatever the retries;
 * - online payment attempts (`paiement_sessions`) and the provider's notifications already
 *   applied (`paiement_evenements`, by the provider's event id);
 * - bank statements imported, their lines (unique `cle`: a statement imported twice records
 *   nothing twice) and the saved CSV column mapping;
 * - the reminders sent (one row per invoice and step: never twice the same) and the invoices
 *   whose reminders the administrator stopped.
 */

/** The columns of an issued invoice that never change again: 2026-11-23-invoices-001's list and ours. */
const FROZEN = [...INVOICE_FROZEN_COLUMNS, 'nature', 'acomptesCentimes', 'acomptesDeduits'];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);

  await db.schema.alterTable('devis').addColumn('acomptePourcent', 'integer').execute();

  await db.schema.alterTable('factures').addColumn('nature', 'varchar(16)').execute();
  await db.schema
    .alterTable('factures')
    .addColumn('acomptesCentimes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('factures').addColumn('acomptesDeduits', 'text').execute();

  const guard = issuedInvoiceGuard(FROZEN, { replace: true });
  if (postgres) {
    await sql.raw(guard.postgresFunction).execute(db);
  } else {
    await sql.raw('DROP TRIGGER factures_emises_sans_modification').execute(db);
    await sql.raw(guard.sqliteUpdateTrigger).execute(db);
  }

  await db.schema.alterTable('facture_paiements').addColumn('reference', 'text').execute();
  await db.schema.alterTable('facture_paiements').addColumn('cle', 'varchar(200)').execute();
  await db.schema.createIndex('facture_paiements_cle_idx').on('facture_paiements').column('cle').unique().execute();

  await db.schema
    .createTable('paiement_sessions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('factureId', 'varchar(64)', (col) => col.notNull().references('factures.id'))
    .addColumn('fournisseur', 'varchar(16)', (col) => col.notNull())
    .addColumn('sessionId', 'varchar(255)', (col) => col.unique())
    .addColumn('url', 'text')
    .addColumn('montantCentimes', 'integer', (col) => col.notNull())
    .addColumn('devise', 'varchar(3)', (col) => col.notNull())
    .addColumn('statut', 'varchar(16)', (col) => col.notNull())
    .addColumn('expireLe', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('paiement_sessions_facture_idx').on('paiement_sessions').columns(['factureId', 'createdAt']).execute();

  await db.schema
    .createTable('paiement_evenements')
    .addColumn('fournisseur', 'varchar(16)', (col) => col.notNull())
    .addColumn('id', 'varchar(255)', (col) => col.notNull())
    .addColumn('type', 'varchar(100)', (col) => col.notNull())
    .addColumn('sessionId', 'varchar(255)')
    .addColumn('resultat', 'varchar(32)', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('recuLe', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('paiement_evenements_pk', ['fournisseur', 'id'])
    .execute();

  await db.schema
    .createTable('releves')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('format', 'varchar(16)', (col) => col.notNull())
    .addColumn('version', 'varchar(32)', (col) => col.notNull())
    .addColumn('compte', 'varchar(34)')
    .addColumn('nomFichier', 'text', (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('nbOperations', 'integer', (col) => col.notNull())
    .addColumn('nbNouvelles', 'integer', (col) => col.notNull())
    .addColumn('byUserId', 'varchar(64)')
    .addColumn('importeLe', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('releves_importe_idx').on('releves').column('importeLe').execute();

  await db.schema
    .createTable('releve_operations')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('releveId', 'varchar(64)', (col) => col.notNull().references('releves.id'))
    .addColumn('cle', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('montantCentimes', 'integer', (col) => col.notNull())
    .addColumn('contrepartie', 'text')
    .addColumn('libelle', 'text', (col) => col.notNull())
    .addColumn('referenceBanque', 'text')
    .addColumn('statut', 'varchar(16)', (col) => col.notNull())
    .addColumn('factureId', 'varchar(64)')
    .addColumn('paiementId', 'varchar(64)')
    .addColumn('depenseId', 'varchar(64)')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('releve_operations_statut_idx').on('releve_operations').columns(['statut', 'date']).execute();
  await db.schema.createIndex('releve_operations_releve_idx').on('releve_operations').column('releveId').execute();

  await db.schema
    .createTable('banque_correspondances')
    .addColumn('id', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('correspondance', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('relances')
    .addColumn('factureId', 'varchar(64)', (col) => col.notNull().references('factures.id'))
    .addColumn('etape', 'varchar(32)', (col) => col.notNull())
    .addColumn('envoyeeLe', 'text', (col) => col.notNull())
    .addColumn('outboxId', 'varchar(64)')
    .addPrimaryKeyConstraint('relances_pk', ['factureId', 'etape'])
    .execute();

  await db.schema
    .createTable('relance_arrets')
    .addColumn('factureId', 'varchar(64)', (col) => col.primaryKey().references('factures.id'))
    .addColumn('byUserId', 'varchar(64)')
    .addColumn('arreteeLe', 'text', (col) => col.notNull())
    .execute();
}

/** The invoices' new columns stay: the immutability trigger names them. */
export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(
    db,
    'relance_arrets',
    'relances',
    'banque_correspondances',
    'releve_operations',
    'releves',
    'paiement_evenements',
    'paiement_sessions',
  );
  await db.schema.dropIndex('facture_paiements_cle_idx').execute();
  await db.schema.alterTable('facture_paiements').dropColumn('cle').execute();
  await db.schema.alterTable('facture_paiements').dropColumn('reference').execute();
  await db.schema.alterTable('devis').dropColumn('acomptePourcent').execute();
}
