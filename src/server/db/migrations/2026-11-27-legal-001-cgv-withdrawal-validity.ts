/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { required } from './lib.ts';

/**
 * Selling within the law (issue 28, docs/decisions/0060):
 * - `cgv_versions`: every distinct text of the terms of sale ever in force, numbered, dated and
 *   hashed; rows are only ever added (a signature names its version);
 * - `signatures` records the CGV version and SHA-256 accepted, and the consumer's answer to the
 *   early-start question (null: not asked);
 * - `devis.valableJusquAu`: the last day ("YYYY-MM-DD", Paris) a quote sent may be signed;
 * - `retractations`: a consumer's withdrawal, with its time (the receipt's proof). No foreign key,
 *   like the signature's evidence: it outlives the quote.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cgv_versions')
    .addColumn('version', 'integer', (col) => col.primaryKey())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull().unique())
    .$call(required('text', 'date', 'texte'))
    .execute();

  await db.schema.alterTable('signatures').addColumn('cgvVersion', 'integer').execute();
  await db.schema.alterTable('signatures').addColumn('cgvSha256', 'varchar(64)').execute();
  await db.schema.alterTable('signatures').addColumn('earlyStartRequested', 'integer').execute();

  await db.schema.alterTable('devis').addColumn('valableJusquAu', 'varchar(10)').execute();

  await db.schema
    .createTable('retractations')
    .addColumn('devisId', 'varchar(64)', (col) => col.primaryKey())
    .$call(required('integer', 'numeroDevis'))
    .$call(required('varchar(64)', 'userId'))
    .$call(required('text', 'nom', 'at', 'ipAddress'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retractations').execute();
  await db.schema.alterTable('devis').dropColumn('valableJusquAu').execute();
  await db.schema.alterTable('signatures').dropColumn('earlyStartRequested').execute();
  await db.schema.alterTable('signatures').dropColumn('cgvSha256').execute();
  await db.schema.alterTable('signatures').dropColumn('cgvVersion').execute();
  await db.schema.dropTable('cgv_versions').execute();
}
