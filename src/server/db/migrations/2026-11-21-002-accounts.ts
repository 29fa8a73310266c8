/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { required } from './lib.ts';

/**
 * Counters of sign-in failures and sign-up attempts, per e-mail and per client IP, in a
 * fixed window. They live in the database so that every app instance sees the same counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'varchar(400)', (col) => col.primaryKey())
    .$call(required('integer', 'hits'))
    .$call(required('bigint', 'windowStart'))
    .execute();
  await db.schema.createIndex('auth_throttle_window_idx').on('auth_throttle').column('windowStart').execute();
  await db.schema.createIndex('utilisateurs_email_idx').on('utilisateurs').column('email').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('utilisateurs_email_idx').execute();
  await db.schema.dropTable('auth_throttle').execute();
}
