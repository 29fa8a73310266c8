import { sql } from 'kysely';
import type { Db } from '#server/db/index.ts';

/** The account an address names, however it is written (better-auth's `user` table), for the journal and the owner's e-mails. */
export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'name'])
    .where(sql<string>`lower(${sql.ref('email')})`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The sessions of an account, newest activity first (better-auth's `session` table). */
export async function listSessionsOf(db: Db, userId: string) {
  return db
    .selectFrom('session')
    .select(['id', 'userId', 'expiresAt', 'createdAt', 'updatedAt', 'ipAddress', 'userAgent', 'lastActivityAt'])
    .where('userId', '=', userId)
    .execute();
}

/** Ends one session of the account; false when it has no such session (another's, or gone). */
export async function deleteSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom('session').where('id', '=', sessionId).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the account but `keepId`; returns how many ended. */
export async function deleteOtherSessionsOf(db: Db, userId: string, keepId: string): Promise<number> {
  const result = await db.deleteFrom('session').where('userId', '=', userId).where('id', '!=', keepId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
