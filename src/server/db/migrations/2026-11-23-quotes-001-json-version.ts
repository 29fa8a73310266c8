/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './lib.ts';

const JSON_COLUMNS = [
  'clientDetails',
  'contactDepart',
  'contactArrivee',
  'priseInfo',
  'livraisonInfo',
  'options',
  'infosVehicule',
  'clauses',
];

/**
 * Quotes get an integer `version`, one more at every write, for compare-and-set (a
 * millisecond timestamp lets two writes in the same millisecond pass for one); the admin
 * search text follows it instead of `updatedAt`. On PostgreSQL the nested objects become
 * jsonb: a text that is not JSON is kept as a JSON string (nothing is lost, and reading it
 * logs it as corrupt) rather than stopping the migration. SQLite keeps JSON as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('devis')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('devis_version_idx').on('devis').column('version').execute();

  await db.schema
    .alterTable('devis_search')
    .addColumn('sourceVersion', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('devis_search_updated_idx').execute();
  await db.schema.alterTable('devis_search').dropColumn('sourceUpdatedAt').execute();

  if (!isPostgres(db)) return;
  await sql`create function pg_temp.convoyage_to_jsonb(value text) returns jsonb language plpgsql immutable as $$
    begin
      return value::jsonb;
    exception when others then
      return to_jsonb(value);
    end $$`.execute(db);
  await sql`alter table devis ${sql.join(
    JSON_COLUMNS.map((column) => sql`alter column ${sql.ref(column)} type jsonb using pg_temp.convoyage_to_jsonb(${sql.ref(column)})`),
  )}`.execute(db);
  await sql`drop function pg_temp.convoyage_to_jsonb(text)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('devis_search')
    .addColumn('sourceUpdatedAt', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('devis_search_updated_idx').on('devis_search').column('sourceUpdatedAt').execute();
  await db.schema.alterTable('devis_search').dropColumn('sourceVersion').execute();
  await db.schema.dropIndex('devis_version_idx').execute();
  await db.schema.alterTable('devis').dropColumn('version').execute();
}
