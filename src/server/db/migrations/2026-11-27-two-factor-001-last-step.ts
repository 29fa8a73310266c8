/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { required } from './lib.ts';

/**
 * A time-based code is accepted once (RFC 6238 §5.2): `totp_last_step` keeps, per account, the
 * 30-second step of the last code accepted (sign-in, re-authentication, set-up), and a code of
 * that step or an earlier one is refused. In the database, so that it holds across instances.
 * No foreign key to better-auth's `user` table: its migrator runs after ours, so on an empty
 * database that table does not exist yet; the row goes with the account (privacy/).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('totp_last_step')
    .addColumn('userId', 'varchar(64)', (col) => col.primaryKey())
    .$call(required('bigint', 'step'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('totp_last_step').execute();
}
