import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbEngine } from '#server/db/index.ts';
import type { SealedTwoFactor } from './totp.ts';

/**
 * better-auth's two-factor rows (`twoFactor`, `user.twoFactorEnabled`) written with Kysely
 * inside the caller's transaction, so that a change of the second factor, its journal entry and
 * the e-mail to its owner are written together or not at all (better-auth's adapter cannot join
 * our transactions). The values come encrypted (totp.ts `sealTwoFactor`).
 */

/** A boolean column as each engine stores it (better-sqlite3 binds no booleans). */
const flag = (engine: DbEngine, value: boolean) => (engine === 'sqlite' ? Number(value) : value);

async function setEnabledFlag(trx: Db, engine: DbEngine, userId: string, enabled: boolean) {
  await sql`update ${sql.table('user')} set ${sql.ref('twoFactorEnabled')} = ${flag(engine, enabled)} where ${sql.ref('id')} = ${userId}`.execute(
    trx,
  );
}

/** Replaces the user's row with a second factor in force. */
export async function storeVerifiedTwoFactorIn(trx: Db, engine: DbEngine, userId: string, sealed: SealedTwoFactor): Promise<void> {
  await sql`delete from ${sql.table('twoFactor')} where ${sql.ref('userId')} = ${userId}`.execute(trx);
  await sql`insert into ${sql.table('twoFactor')} (${sql.join([
    sql.ref('id'),
    sql.ref('secret'),
    sql.ref('backupCodes'),
    sql.ref('userId'),
    sql.ref('verified'),
    sql.ref('failedVerificationCount'),
  ])}) values (${randomUUID()}, ${sealed.secret}, ${sealed.backupCodes}, ${userId}, ${flag(engine, true)}, ${0})`.execute(trx);
  await setEnabledFlag(trx, engine, userId, true);
}

/** Replaces the backup codes of the user's second factor. */
export async function storeBackupCodesIn(trx: Db, userId: string, sealedCodes: string): Promise<void> {
  await sql`update ${sql.table('twoFactor')} set ${sql.ref('backupCodes')} = ${sealedCodes} where ${sql.ref('userId')} = ${userId}`.execute(
    trx,
  );
}

/** Removes the user's second factor. */
export async function removeTwoFactorIn(trx: Db, engine: DbEngine, userId: string): Promise<void> {
  await sql`delete from ${sql.table('twoFactor')} where ${sql.ref('userId')} = ${userId}`.execute(trx);
  await forgetLastStepIn(trx, userId);
  await setEnabledFlag(trx, engine, userId, false);
}

/**
 * The last accepted step belongs to a secret: a new secret (or none) starts afresh, or the first
 * code of a secret set up within 30 seconds of the old one's last use would be refused as used.
 * Called where a secret is made or removed, not where a confirmed one is stored (the set-up's
 * first code has claimed its step by then).
 */
export async function forgetLastStepIn(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('totp_last_step').where('userId', '=', userId).execute();
}

/**
 * Records `step` as the 30-second step of the account's last accepted code, unless a code of
 * that step or a later one was accepted before; whether it was recorded. One statement (an
 * upsert whose update only moves forward), so two requests carrying the same code, on one
 * instance or two, cannot both be accepted.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .insertInto('totp_last_step')
    .values({ userId, step })
    .onConflict((conflict) =>
      conflict
        .column('userId')
        .doUpdateSet((eb) => ({ step: eb.ref('excluded.step') }))
        .where((eb) => eb('totp_last_step.step', '<', eb.ref('excluded.step'))),
    )
    .returning('userId')
    .executeTakeFirst();
  return claimed !== undefined;
}
