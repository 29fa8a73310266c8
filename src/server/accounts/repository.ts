import type { Utilisateur } from '../../domain/schemas/accounts.ts';
import type { Db } from '../db/index.ts';

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const row = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

export async function findAuthUser(db: Db, id: string) {
  const row = await db.selectFrom('user').select(['id', 'email', 'name', 'emailVerified']).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, emailVerified: Boolean(row.emailVerified) } : null;
}

export async function insertUtilisateur(db: Db, profile: Utilisateur): Promise<void> {
  await db.insertInto('utilisateurs').values(profile).execute();
}

/** Removes an account and what better-auth hangs on it (sessions, accounts cascade). */
export async function deleteAuthUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('account').where('userId', '=', id).execute();
  await db.deleteFrom('user').where('id', '=', id).execute();
}

export async function findUtilisateur(db: Db, uid: string): Promise<Utilisateur | null> {
  const row = await db.selectFrom('utilisateurs').selectAll().where('uid', '=', uid).executeTakeFirst();
  return row ? (row as Utilisateur) : null;
}

export async function listUtilisateurs(db: Db): Promise<Utilisateur[]> {
  const rows = await db.selectFrom('utilisateurs').selectAll().orderBy('dateInscription', 'desc').execute();
  return rows as Utilisateur[];
}
