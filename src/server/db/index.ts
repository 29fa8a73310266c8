import BetterSqlite3 from './sqlite-driver.ts';
import {
  HandleEmptyInListsPlugin,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  replaceWithNoncontingentExpression,
  sql,
  type Migration,
} from 'kysely';
import pg from 'pg';
import type { Config } from '#server/config.ts';
import * as initial from './migrations/2026-11-21-001-initial.ts';
import * as accounts from './migrations/2026-11-21-002-accounts.ts';
import * as admin from './migrations/2026-11-21-003-admin.ts';
import * as outbox from './migrations/2026-11-23-outbox-001.ts';
import * as jsonAndVersion from './migrations/2026-11-23-quotes-001-json-version.ts';
import * as signature from './migrations/2026-11-23-signature-001.ts';
import * as firebaseImport from './migrations/2026-11-23-import-001-firebase.ts';
import * as missions from './migrations/2026-11-23-missions-001.ts';
import * as invoices from './migrations/2026-11-23-invoices-001.ts';
import * as auditJournal from './migrations/2026-11-23-audit-001-journal.ts';
import * as totpLastStep from './migrations/2026-11-27-two-factor-001-last-step.ts';
import * as adminHomeIndexes from './migrations/2026-11-27-admin-home-001-indexes.ts';
import * as einvoicingFlows from './migrations/2026-11-27-einvoicing-001-flows.ts';
import * as legal from './migrations/2026-11-27-legal-001-cgv-withdrawal-validity.ts';
import * as expensesDepenses from './migrations/2026-11-27-expenses-001-depenses.ts';
import * as payments from './migrations/2026-11-27-payments-001-deposits-and-payments.ts';
import * as trackingPositions from './migrations/2026-11-27-tracking-001-positions.ts';
import * as purchaseLinesAndMeans from './migrations/2026-11-28-einvoicing-002-purchase-lines-and-means.ts';
import * as oneDebitPerExpense from './migrations/2026-11-28-payments-002-one-debit-per-expense.ts';
import * as cardRefunds from './migrations/2026-11-30-payments-003-card-refunds.ts';
import { JsonColumnsPlugin } from './json-columns.ts';
import type { Database } from './schema.ts';

export type DbEngine = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  engine: DbEngine;
  close: () => Promise<void>;
};

/** Migrations in order; names are timestamps so the order never depends on the file system. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-initial': initial,
  '2026-11-21-002-accounts': accounts,
  '2026-11-21-003-admin': admin,
  '2026-11-23-outbox-001': outbox,
  '2026-11-23-quotes-001-json-version': jsonAndVersion,
  '2026-11-23-signature-001': signature,
  '2026-11-23-import-001-firebase': firebaseImport,
  '2026-11-23-missions-001': missions,
  '2026-11-23-invoices-001': invoices,
  '2026-11-23-audit-001-journal': auditJournal,
  '2026-11-27-two-factor-001-last-step': totpLastStep,
  '2026-11-27-admin-home-001-indexes': adminHomeIndexes,
  '2026-11-27-einvoicing-001-flows': einvoicingFlows,
  '2026-11-27-legal-001-cgv-withdrawal-validity': legal,
  '2026-11-27-expenses-001-depenses': expensesDepenses,
  '2026-11-27-payments-001-deposits-and-payments': payments,
  '2026-11-27-tracking-001-positions': trackingPositions,
  '2026-11-28-einvoicing-002-purchase-lines-and-means': purchaseLinesAndMeans,
  '2026-11-28-payments-002-one-debit-per-expense': oneDebitPerExpense,
  '2026-11-30-payments-003-card-refunds': cardRefunds,
};

type ErrorLogger = { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };

/**
 * Every query goes through: the JSON columns (json-columns.ts), and `in ()` over an empty list
 * made `1 = 0` (`not in ()`: `1 = 1`) by Kysely's own plugin, so that a list query over no ids
 * reads nothing on both engines (PostgreSQL refuses `in ()`, SQLite accepts it: a forgotten
 * guard would only fail in production). Repositories pass their lists as they are.
 */
const plugins = (logger?: ErrorLogger) => [
  new JsonColumnsPlugin(logger),
  new HandleEmptyInListsPlugin({ strategy: replaceWithNoncontingentExpression }),
];

export function openDatabase(database: Config['database'], logger?: ErrorLogger): DatabaseHandle {
  if (database.kind === 'postgres') {
    // int8 (COUNT(*), bigint) as number: our counts stay far below 2^53.
    pg.types.setTypeParser(20, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the
    // process: the pool replaces it on the next query.
    pool.on('error', (error) => logger?.warn({ err: error }, 'idle PostgreSQL connection lost'));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: plugins(logger) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const sqlite = new BetterSqlite3(database.file);
  // An acknowledged write must survive a crash (ARCHITECTURE.md, "Rules").
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins: plugins(logger) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Branches built side by side add migrations of the same day whose names sort before one a
    // database may have run already (import-001 before signature-001): they still run.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, {
      cause: error,
    });
  }
}

/** Any fixed number: the key of the PostgreSQL advisory lock that migrations hold. */
const MIGRATION_LOCK_KEY = 7_461_302;

/**
 * Runs `fn` while this process holds PostgreSQL's session advisory lock `key`, waiting for it
 * (on a connection of its own, released even when `fn` fails): one instance at a time. SQLite
 * serves a single instance.
 */
export async function withAdvisoryLock<T>(handle: Pick<DatabaseHandle, 'db' | 'engine'>, key: number, fn: () => Promise<T>): Promise<T> {
  if (handle.engine !== 'postgres') return fn();
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/**
 * Runs the schema migrations (`fn`) one instance at a time: several instances started
 * together on an empty PostgreSQL database would otherwise all create better-auth's tables
 * and all but one fail.
 */
export const withMigrationLock = <T>(handle: Pick<DatabaseHandle, 'db' | 'engine'>, fn: () => Promise<T>) =>
  withAdvisoryLock(handle, MIGRATION_LOCK_KEY, fn);

/**
 * Runs `fn` in a write transaction that takes the write lock up front: BEGIN IMMEDIATE on
 * SQLite (several processes may share the file), an ordinary transaction on PostgreSQL
 * where `UPDATE … RETURNING` row locks serialise the writers that matter.
 */
export async function withWriteTransaction<T>(handle: Pick<DatabaseHandle, 'db' | 'engine'>, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (handle.engine === 'postgres') return handle.db.transaction().execute(fn);
  return handle.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
