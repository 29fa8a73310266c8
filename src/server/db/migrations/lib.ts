/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import { PostgresAdapter, type ColumnDataType, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * The column shapes our migrations share, added to a `createTable` with Kysely's `$call`:
 *
 *     db.schema.createTable('outbox').$call(id).$call(required('text', 'recipient', 'subject'))…
 *
 * Frozen like the migrations themselves (docs/decisions/0069): what a helper builds never
 * changes, since migrations that ran on production databases use it; the schema snapshot test
 * (db/schema-snapshot.test.ts) fails if it does. A new shape gets a new helper.
 */
type Table = CreateTableBuilder<any, any>;
type Columns = (table: Table) => Table;

/** `id varchar(64) primary key`: the random id the server gives most rows. */
export const id: Columns = (table) => table.addColumn('id', 'varchar(64)', (col) => col.primaryKey());

/** Columns of one type, `not null`, in the order given. */
export const required =
  (type: ColumnDataType, ...names: string[]): Columns =>
  (table) =>
    names.reduce((built, name) => built.addColumn(name, type, (col) => col.notNull()), table);

/** Columns of one type that may be null, in the order given (a single one is a plain `addColumn(name, type)`). */
export const optional =
  (type: ColumnDataType, ...names: string[]): Columns =>
  (table) =>
    names.reduce((built, name) => built.addColumn(name, type), table);

/** `createdAt` and `updatedAt`: ISO 8601 texts, `not null`. */
export const timestamps: Columns = required('text', 'createdAt', 'updatedAt');

/**
 * A `varchar(64) not null` column naming a row of another table (`'devis.id'`), with what
 * deleting that row does (`cascade`: the row goes with it; none given: the deletion is refused).
 */
export const reference =
  (name: string, target: string, onDelete?: 'cascade'): Columns =>
  (table) =>
    table.addColumn(name, 'varchar(64)', (col) => {
      const referencing = col.notNull().references(target);
      return onDelete ? referencing.onDelete(onDelete) : referencing;
    });

/**
 * A queue row's claim (outbox/lease-queue.ts): `status`, `attempts` (0 at first), `nextAttemptAt`,
 * then the lease and the last error, which may be null.
 */
export const claimColumns: Columns = (table) =>
  table
    .$call(required('varchar(16)', 'status'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(required('text', 'nextAttemptAt'))
    .$call(optional('text', 'leaseUntil', 'lastError'));

/** A document kept in the file store: its key (`text not null`) and its SHA-256 (`varchar(64) not null`). */
export const storedFile =
  (key: string, sha256: string): Columns =>
  (table) =>
    table.$call(required('text', key)).$call(required('varchar(64)', sha256));

/**
 * `devisId varchar(64) not null` and `numeroDevis integer not null`, without a foreign key: a
 * record about a quote that outlives it (an inspection, a signature's evidence, an invoice).
 */
export const quoteNamed: Columns = (table) => table.$call(required('varchar(64)', 'devisId')).$call(required('integer', 'numeroDevis'));

/** A `down` dropping tables in the order given (those that reference others first). */
export async function dropTables(db: Kysely<any>, ...tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}

/** Whether the migration runs on PostgreSQL (else SQLite): for the types and triggers that differ. */
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** An `id` numbered by the database: `bigserial` on PostgreSQL, `integer … autoincrement` on SQLite. */
export const serialId =
  (db: Kysely<any>): Columns =>
  (table) =>
    isPostgres(db)
      ? table.addColumn('id', 'bigserial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

/** The columns of an issued invoice that never change again, as 2026-11-23-invoices-001 froze them (later migrations add theirs). */
export const INVOICE_FROZEN_COLUMNS: readonly string[] = [
  'type',
  'statut',
  'numero',
  'devisId',
  'numeroDevis',
  'uid',
  'factureOrigineId',
  'motif',
  'datePrestation',
  'dateEmission',
  'dateEcheance',
  'emiseLe',
  'clientNom',
  'clientAdresse',
  'clientEmail',
  'clientType',
  'clientSiret',
  'vendeurNom',
  'vendeurEnseigne',
  'vendeurAdresse',
  'vendeurSiret',
  'vendeurTva',
  'iban',
  'bic',
  'delaiPaiementJours',
  'tauxPenalites',
  'totalCentimes',
];

/**
 * The guard of issued invoices over their `frozen` columns and their PDF once recorded
 * (2026-11-23-invoices-001, widened by later migrations): PostgreSQL's trigger function
 * (`replace`: a later migration's new version of it) and SQLite's update trigger.
 */
export function issuedInvoiceGuard(frozen: readonly string[], { replace = false } = {}) {
  const issued = 'émise';
  const changed = frozen.map((column) => `NEW."${column}" IS DISTINCT FROM OLD."${column}"`).join(' OR ');
  const pdfRewritten = `(OLD."pdfKey" IS NOT NULL AND NEW."pdfKey" IS DISTINCT FROM OLD."pdfKey") OR (OLD."pdfSha256" IS NOT NULL AND NEW."pdfSha256" IS DISTINCT FROM OLD."pdfSha256")`;
  // SQLite: IS NOT compares NULLs as values, like IS DISTINCT FROM.
  const sqlite = (condition: string) => condition.replaceAll('IS DISTINCT FROM', 'IS NOT');
  return {
    postgresFunction: `CREATE ${replace ? 'OR REPLACE ' : ''}FUNCTION factures_emises_immuables() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.statut = '${issued}' THEN RAISE EXCEPTION 'issued invoice: deletion refused'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.statut = '${issued}' AND (${changed} OR ${pdfRewritten}) THEN
    RAISE EXCEPTION 'issued invoice: change refused';
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql`,
    sqliteUpdateTrigger: `CREATE TRIGGER factures_emises_sans_modification BEFORE UPDATE ON factures
WHEN OLD.statut = '${issued}' AND (${sqlite(changed)} OR ${sqlite(pdfRewritten)})
BEGIN SELECT RAISE(ABORT, 'issued invoice: change refused'); END`,
  };
}
