import type { Db } from '#server/db/index.ts';

/** The customer's switches: status news by e-mail, tracking by SMS; each yes unless he said no. */
export async function findPreferences(db: Db, uid: string): Promise<{ statusUpdates: boolean; smsUpdates: boolean }> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['statusUpdates', 'smsUpdates'])
    .where('uid', '=', uid)
    .executeTakeFirst();
  return { statusUpdates: row ? Boolean(row.statusUpdates) : true, smsUpdates: row ? Boolean(row.smsUpdates) : true };
}

/** Whether the customer gets the e-mails that are not essential (status news); yes unless he said no. */
export async function wantsStatusUpdates(db: Db, uid: string): Promise<boolean> {
  return (await findPreferences(db, uid)).statusUpdates;
}

export async function savePreferences(
  db: Db,
  uid: string,
  { statusUpdates, smsUpdates }: { statusUpdates: boolean; smsUpdates: boolean },
): Promise<void> {
  const updatedAt = new Date().toISOString();
  const values = { statusUpdates: statusUpdates ? 1 : 0, smsUpdates: smsUpdates ? 1 : 0, updatedAt };
  await db
    .insertInto('notification_preferences')
    .values({ uid, ...values })
    .onConflict((oc) => oc.column('uid').doUpdateSet(values))
    .execute();
}

export async function setStatusUpdates(db: Db, uid: string, on: boolean): Promise<void> {
  await savePreferences(db, uid, { statusUpdates: on, smsUpdates: (await findPreferences(db, uid)).smsUpdates });
}
