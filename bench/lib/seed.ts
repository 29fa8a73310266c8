import type { Insertable } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Db } from '#server/db/index.ts';

/** Inserts `rows` into `table` `size` at a time: one statement stays under both engines' parameter limits. */
export async function insertInBatches<Table extends keyof Database & string>(
  db: Db,
  table: Table,
  rows: readonly Insertable<Database[Table]>[],
  size = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
}

/** The environment of an app a benchmark builds in-process: production mode, silent, on 127.0.0.1:`port`, its files in `dataDir`. */
export function benchEnv(port: number, dataDir: string, adminEmail: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: adminEmail,
    LOG_LEVEL: 'silent',
  };
}
