/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import { sql, type Kysely } from 'kysely';
import { dropTables, id, isPostgres, optional, required, serialId } from './lib.ts';

/**
 * The audit journal (audit/): one row per change made by the administrator and per
 * authentication event. It has no foreign key, so that it outlives the quote or the account
 * it names.
 *
 * Append-only, whatever the caller: triggers refuse every UPDATE, and every DELETE except the
 * retention purge's. The purge (audit/service.ts `purgeAuditLog`) first writes, in its own
 * transaction, a row in `audit_log_purge` naming its cutoff; a DELETE is accepted only for a
 * row older than such a cutoff, and the purge removes its permission before committing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .$call(serialId(db))
    .$call(required('text', 'at'))
    .$call(required('varchar(64)', 'kind'))
    .addColumn('actorId', 'varchar(64)')
    .addColumn('actorEmail', 'text')
    .addColumn('devisId', 'varchar(64)')
    .addColumn('numeroDevis', 'integer')
    .$call(optional('varchar(64)', 'compteId', 'ip'))
    .addColumn('details', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_devis_idx').on('audit_log').columns(['devisId', 'at']).execute();
  await db.schema.createIndex('audit_log_compte_idx').on('audit_log').columns(['compteId', 'at']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actorId', 'at']).execute();
  await db.schema.createIndex('audit_log_kind_idx').on('audit_log').columns(['kind', 'at']).execute();

  await db.schema.createTable('audit_log_purge').$call(id).$call(required('text', 'cutoff')).execute();

  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM audit_log_purge WHERE OLD.at < cutoff) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit log: % refused', lower(TG_OP);
END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit log: update refused'); END`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
WHEN NOT EXISTS (SELECT 1 FROM audit_log_purge WHERE OLD.at < cutoff)
BEGIN SELECT RAISE(ABORT, 'audit log: delete refused'); END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'audit_log', 'audit_log_purge');
  if (isPostgres(db)) {
    await sql.raw('DROP FUNCTION IF EXISTS audit_log_append_only()').execute(db);
  }
}
