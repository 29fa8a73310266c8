import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPgDatabase, ENGINES, type Engine } from '#server/test/helpers.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './index.ts';

/**
 * What our migrations build, compared with the snapshot committed beside this file
 * (docs/decisions/0069): a change to a migration, or to a helper of migrations/lib.ts, that
 * changes the schema fails here. A new migration changes it on purpose: update the snapshot
 * (`npx vitest run src/server/db/schema-snapshot.test.ts -u`) and read its diff.
 * Kysely's own tables (`kysely_migration…`) and better-auth's are not ours and are left out.
 */
async function sqliteSchema(database: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ type: string; name: string; sql: string }>`
    select type, name, sql from sqlite_master
    where sql is not null and name not like 'kysely_%'
    order by name`.execute(database.db);
  return rows.map((row) => `-- ${row.type} ${row.name}\n${row.sql};\n`).join('\n');
}

async function postgresSchema(database: DatabaseHandle): Promise<string> {
  const { rows: columns } = await sql<{ line: string }>`
    select format('%s.%s %s%s%s', table_name, column_name, data_type,
      coalesce('(' || character_maximum_length || ')', ''),
      case when is_nullable = 'NO' then ' not null' else '' end
      || coalesce(' default ' || column_default, '')) as line
    from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'
    order by table_name, ordinal_position`.execute(database.db);
  const { rows: constraints } = await sql<{ line: string }>`
    select format('%s %s: %s', rel.relname, con.conname, pg_get_constraintdef(con.oid)) as line
    from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    where ns.nspname = 'public' and rel.relname not like 'kysely_%'
    order by rel.relname, con.conname`.execute(database.db);
  const { rows: indexes } = await sql<{ line: string }>`
    select indexdef as line from pg_indexes
    where schemaname = 'public' and tablename not like 'kysely_%'
    order by tablename, indexname`.execute(database.db);
  const { rows: triggers } = await sql<{ line: string }>`
    select pg_get_triggerdef(tg.oid) as line
    from pg_trigger tg
    join pg_class rel on rel.oid = tg.tgrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    where ns.nspname = 'public' and not tg.tgisinternal
    order by rel.relname, tg.tgname`.execute(database.db);
  const { rows: functions } = await sql<{ line: string }>`
    select pg_get_functiondef(p.oid) as line
    from pg_proc p
    join pg_namespace ns on ns.oid = p.pronamespace
    where ns.nspname = 'public'
    order by p.proname`.execute(database.db);
  const section = (title: string, rows: { line: string }[]) => `-- ${title}\n${rows.map((row) => row.line).join('\n')}\n`;
  return [
    section('columns', columns),
    section('constraints', constraints),
    section('indexes', indexes),
    section('triggers', triggers),
    section('functions', functions),
  ].join('\n');
}

async function migratedSchema(engine: Engine): Promise<string> {
  if (engine === 'postgres') {
    const pg = await createPgDatabase();
    const database = openDatabase({ kind: 'postgres', url: pg.url });
    try {
      await migrateToLatest(database.db);
      return await postgresSchema(database);
    } finally {
      await database.close();
      await pg.drop();
    }
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-schema-'));
  const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'convoyage.sqlite') });
  try {
    await migrateToLatest(database.db);
    return await sqliteSchema(database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(ENGINES)('the schema the migrations build on %s', (engine) => {
  it('is the committed snapshot, to the letter', async () => {
    await expect(await migratedSchema(engine)).toMatchFileSnapshot(`./schema-snapshot/${engine}.snap`);
  });
});
