import type { DatabaseHandle } from '#server/db/index.ts';
import { claimImportedQuotes } from '#server/quotes/service.ts';
import { isFirebaseHash } from './password-hashing.ts';
import { findCredentialPassword, replaceImportedHash } from './repository.ts';

/**
 * What a successful sign-in completes for an account that came from the original app (called
 * by better-auth's after hook, accounts/sign-in-guard.ts), cheap for every other account:
 * - its Firebase hash, just checked against the password typed, is replaced by ours, so the
 *   Firebase hash is gone after the first sign-in;
 * - imported quotes that carry its address and have no owner become its own (a customer who
 *   signs in has a verified mailbox). Never the administrator's: his address is no customer's.
 */
export async function completeImportedSignIn(
  database: Pick<DatabaseHandle, 'db' | 'engine'>,
  args: { userId: string; email: string; password: string; isAdmin: boolean; hash: (password: string) => Promise<string> },
): Promise<void> {
  const stored = await findCredentialPassword(database.db, args.userId);
  if (isFirebaseHash(stored))
    await replaceImportedHash(database, { userId: args.userId, previous: stored, next: await args.hash(args.password) });
  if (!args.isAdmin) await claimImportedQuotes(database.db, { id: args.userId, email: args.email });
}
