import { migrateToLatest, withMigrationLock, type DatabaseHandle } from './index.ts';

/**
 * Brings the whole schema up to date, ours (Kysely migrations) then the others given (better-
 * auth's: `authMigrations` of accounts/auth.ts), one instance at a time on PostgreSQL. Run by
 * the server at start-up and by the command-line tools.
 */
export async function migrateAll(database: DatabaseHandle, ...others: (() => Promise<void>)[]): Promise<void> {
  await withMigrationLock(database, async () => {
    await migrateToLatest(database.db);
    for (const migrate of others) await migrate();
  });
}
