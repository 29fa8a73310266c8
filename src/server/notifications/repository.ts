import type { Db } from '#server/db/index.ts';

/** Whether the customer gets the e-mails that are not essential (status news); yes unless he said no. */
export async function wantsStatusUpdates(db: Db, uid: string): Promise<boolean> {
  const row = await db.selectFrom('notification_preferences').select('statusUpdates').where('uid', '=', uid).executeTakeFirst();
  return row ? Boolean(row.statusUpdates) : true;
}

export async function setStatusUpdates(db: Db, uid: string, on: boolean): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('notification_preferences')
    .values({ uid, statusUpdates: on ? 1 : 0, updatedAt })
    .onConflict((oc) => oc.column('uid').doUpdateSet({ statusUpdates: on ? 1 : 0, updatedAt }))
    .execute();
}
