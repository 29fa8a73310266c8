import type { Db } from '#server/db/index.ts';

/**
 * Forgets the 30-second step of the account's last accepted code, as waiting for the app's
 * next code would. A code is accepted once (two-factor/), and tests, journeys and benches sign
 * in many times a minute with codes computed from a known secret.
 */
export async function forgetLastTotpStep(db: Db, email: string): Promise<void> {
  await db
    .deleteFrom('totp_last_step')
    .where('userId', 'in', db.selectFrom('user').select('id').where('email', '=', email.toLowerCase()))
    .execute();
}
