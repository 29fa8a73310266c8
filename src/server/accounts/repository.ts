import { sql } from 'kysely';
import type { Utilisateur } from '#domain/schemas/accounts.ts';
import type { DatabaseHandle, Db, DbEngine } from '#server/db/index.ts';

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const row = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

export async function findAuthUser(db: Db, id: string) {
  const row = await db.selectFrom('user').select(['id', 'email', 'name', 'emailVerified']).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, emailVerified: Boolean(row.emailVerified) } : null;
}

/** A customer's profile, as given at sign-up (its type was checked against CLIENT_TYPES when written). */
export async function findUtilisateur(db: Db, uid: string): Promise<Utilisateur | null> {
  const row = await db.selectFrom('utilisateurs').selectAll().where('uid', '=', uid).executeTakeFirst();
  return row ? (row as Utilisateur) : null;
}

export async function insertUtilisateur(db: Db, profile: Utilisateur): Promise<void> {
  await db.insertInto('utilisateurs').values(profile).execute();
}

/** Removes an account and what better-auth hangs on it (sessions, accounts cascade). */
export async function deleteAuthUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('account').where('userId', '=', id).execute();
  await db.deleteFrom('user').where('id', '=', id).execute();
}

/** How old an unverified account without profile must be before a new sign-up may replace it. */
const ABANDONED_SIGN_UP_AFTER_MS = 10 * 60 * 1000;

/**
 * Removes the account a crashed sign-up left behind (see docs/decisions/, "Sign-up is our
 * route…"): unverified, without profile, and older than any sign-up still under way. Returns
 * whether it did; any other account is left alone.
 */
export async function removeAbandonedSignUp(db: Db, id: string, now = Date.now()): Promise<boolean> {
  const user = await db.selectFrom('user').select(['emailVerified', 'createdAt']).where('id', '=', id).executeTakeFirst();
  if (!user || Boolean(user.emailVerified)) return false;
  if (now - new Date(user.createdAt).getTime() < ABANDONED_SIGN_UP_AFTER_MS) return false;
  const profile = await db.selectFrom('utilisateurs').select('uid').where('uid', '=', id).executeTakeFirst();
  if (profile) return false;
  // Unverified: it never had a session, and its verification link is a signed token, not a row.
  await deleteAuthUser(db, id);
  return true;
}

/**
 * Removes every password-reset link of a user still waiting in better-auth's `verification`
 * table (identifier `reset-password:<token>`, value the user id): once one link has been
 * used, the others sent before it no longer work.
 */
export async function deleteResetTokensOf(db: Db, userId: string): Promise<void> {
  await sql`delete from ${sql.table('verification')} where ${sql.ref('identifier')} like ${'reset-password:%'} and ${sql.ref('value')} = ${userId}`.execute(
    db,
  );
}

/** The password hash of the account's e-mail-and-password login (better-auth's `account` row); null without one. */
export async function findCredentialPassword(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return row?.password ?? null;
}

/** better-auth's dates: a Date on PostgreSQL, ISO text on SQLite. */
const authDate = (engine: DbEngine, date: Date) => (engine === 'postgres' ? date : date.toISOString());

/**
 * Replaces an imported Firebase hash by ours, once the password has just been checked
 * against it: only if the account still has that hash (a reset meanwhile wins).
 */
export async function replaceImportedHash(
  handle: Pick<DatabaseHandle, 'db' | 'engine'>,
  args: { userId: string; previous: string; next: string },
): Promise<boolean> {
  const result = await handle.db
    .updateTable('account')
    .set({ password: args.next, updatedAt: authDate(handle.engine, new Date()) } as never)
    .where('userId', '=', args.userId)
    .where('providerId', '=', 'credential')
    .where('password', '=', args.previous)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
