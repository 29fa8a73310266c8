/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import { sql, type Kysely } from 'kysely';
import {
  dropTables,
  id,
  INVOICE_FROZEN_COLUMNS,
  isPostgres,
  issuedInvoiceGuard,
  optional,
  quoteNamed,
  reference,
  required,
  timestamps,
} from './lib.ts';

/**
 * Invoices and credit notes (issue 16), one table for both (`type`), their lines, their
 * payments and the counters of their numbers (one row per kind and year, `F-2026`).
 *
 * An invoice has no foreign key to its quote: like the signature evidence it outlives a quote
 * deleted later, and it carries what it says (customer, seller, lines) as written when issued.
 *
 * Triggers refuse, whatever the caller, to delete an issued document or its lines, and to
 * change what an issued document says: only its PDF's key and SHA-256 (written once), its last
 * reminder and its updatedAt may still move.
 */
/** An issued invoice's statut (FACTURE_STATUTS), written here as it was when this migration was made. */
const ISSUED = 'émise';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('factures')
    .$call(id)
    .$call(required('varchar(16)', 'type', 'statut'))
    .addColumn('numero', 'varchar(32)', (col) => col.unique())
    .$call(quoteNamed)
    .$call(optional('varchar(64)', 'uid', 'factureOrigineId'))
    .addColumn('motif', 'text')
    .$call(required('varchar(10)', 'datePrestation'))
    .$call(optional('varchar(10)', 'dateEmission', 'dateEcheance'))
    .addColumn('emiseLe', 'text')
    .$call(required('text', 'clientNom', 'clientAdresse'))
    .addColumn('clientEmail', 'text')
    .$call(required('varchar(16)', 'clientType'))
    .addColumn('clientSiret', 'varchar(14)')
    .$call(optional('text', 'vendeurNom', 'vendeurEnseigne', 'vendeurAdresse'))
    .addColumn('vendeurSiret', 'varchar(14)')
    .addColumn('vendeurTva', 'varchar(20)')
    .addColumn('iban', 'varchar(34)')
    .addColumn('bic', 'varchar(11)')
    .addColumn('delaiPaiementJours', 'integer')
    .addColumn('tauxPenalites', 'text')
    .$call(required('integer', 'totalCentimes'))
    .addColumn('pdfKey', 'text')
    .addColumn('pdfSha256', 'varchar(64)')
    .addColumn('derniereRelance', 'text')
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('factures_devis_idx').on('factures').column('devisId').execute();
  await db.schema.createIndex('factures_uid_idx').on('factures').column('uid').execute();
  await db.schema.createIndex('factures_origine_idx').on('factures').column('factureOrigineId').execute();

  await db.schema
    .createTable('facture_lignes')
    .$call(id)
    .$call(reference('factureId', 'factures.id', 'cascade'))
    .$call(required('integer', 'position'))
    .$call(required('text', 'description'))
    .$call(required('integer', 'quantiteCentiemes', 'prixUnitaireCentimes', 'montantCentimes'))
    .execute();
  await db.schema.createIndex('facture_lignes_facture_idx').on('facture_lignes').columns(['factureId', 'position']).execute();

  await db.schema
    .createTable('facture_paiements')
    .$call(id)
    .$call(reference('factureId', 'factures.id'))
    .$call(required('varchar(10)', 'date'))
    .$call(required('integer', 'montantCentimes'))
    .$call(required('varchar(16)', 'moyen'))
    .addColumn('byUserId', 'varchar(64)')
    .$call(required('text', 'createdAt'))
    .execute();
  await db.schema.createIndex('facture_paiements_facture_idx').on('facture_paiements').column('factureId').execute();
  await db.schema.createIndex('facture_paiements_date_idx').on('facture_paiements').column('date').execute();

  await db.schema
    .createTable('facture_compteurs')
    .addColumn('name', 'varchar(16)', (col) => col.primaryKey())
    .$call(required('integer', 'value'))
    .execute();

  const guard = issuedInvoiceGuard(INVOICE_FROZEN_COLUMNS);

  if (isPostgres(db)) {
    await sql.raw(guard.postgresFunction).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER factures_emises_immuables BEFORE UPDATE OR DELETE ON factures FOR EACH ROW EXECUTE FUNCTION factures_emises_immuables()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE FUNCTION facture_lignes_emises_immuables() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM factures WHERE id = COALESCE(NEW."factureId", OLD."factureId") AND statut = '${ISSUED}')
     OR (TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM factures WHERE id = OLD."factureId" AND statut = '${ISSUED}')) THEN
    RAISE EXCEPTION 'issued invoice: lines are immutable';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER facture_lignes_emises_immuables BEFORE INSERT OR UPDATE OR DELETE ON facture_lignes FOR EACH ROW EXECUTE FUNCTION facture_lignes_emises_immuables()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE TRIGGER factures_emises_sans_suppression BEFORE DELETE ON factures WHEN OLD.statut = '${ISSUED}'
BEGIN SELECT RAISE(ABORT, 'issued invoice: deletion refused'); END`,
    )
    .execute(db);
  await sql.raw(guard.sqliteUpdateTrigger).execute(db);
  for (const [event, ref] of [
    ['INSERT', 'NEW'],
    ['UPDATE', 'OLD'],
    ['DELETE', 'OLD'],
  ] as const) {
    await sql
      .raw(
        `CREATE TRIGGER facture_lignes_emises_${event.toLowerCase()} BEFORE ${event} ON facture_lignes
WHEN (SELECT statut FROM factures WHERE id = ${ref}."factureId") = '${ISSUED}'
BEGIN SELECT RAISE(ABORT, 'issued invoice: lines are immutable'); END`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'facture_compteurs', 'facture_paiements', 'facture_lignes', 'factures');
  if (isPostgres(db)) {
    await sql.raw('DROP FUNCTION IF EXISTS factures_emises_immuables()').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS facture_lignes_emises_immuables()').execute(db);
  }
}
