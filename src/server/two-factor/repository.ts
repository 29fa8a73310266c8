import type { Db } from '#server/db/index.ts';

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
