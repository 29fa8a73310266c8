import { getMigrations } from 'better-auth/db/migration';
import type { Auth } from '#server/accounts/auth.ts';
import { migrateToLatest, withMigrationLock, type DatabaseHandle } from './index.ts';

/**
 * Brings the whole schema up to date, ours (Kysely migrations) then better-auth's (its own
 * migrator), one instance at a time on PostgreSQL. Run by the server at start-up and by
 * `npm run admin`.
 */
export async function migrateAll(database: DatabaseHandle, auth: Auth): Promise<void> {
  await withMigrationLock(database, async () => {
    await migrateToLatest(database.db);
    await (await getMigrations(auth.options)).runMigrations();
  });
}
