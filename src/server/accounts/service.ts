import type { FastifyBaseLogger } from 'fastify';
import { createEmailVerificationToken, isAPIError } from 'better-auth/api';
import type { z } from 'zod';
import type { signUpSchema, Utilisateur, VerificationOutcome } from '#domain/schemas/accounts.ts';
import { isEmailAddress, TOKEN_PATTERN } from '#domain/schemas/text.ts';
import { isAdminEmail, type Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle } from '#server/db/index.ts';
import { texts } from '#domain/texts/common.ts';
import { AppError, notFound, unprocessable } from '#server/errors.ts';
import { signUpAttemptMail, verificationMail } from '#server/mail/templates.ts';
import { enqueueMail } from '#server/outbox/outbox.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import type { BackgroundTasks } from '#server/tasks/background.ts';
import { VERIFICATION_EXPIRES_IN, verificationUrl, type Auth } from './auth.ts';
import { toAppError } from './auth-errors.ts';
import {
  deleteAuthUser,
  findAuthUser,
  findCredentialPassword,
  findUserIdByEmail,
  findUtilisateur,
  insertUtilisateur,
  removeAbandonedSignUp,
} from './repository.ts';
import { hitThrottle, LIMITS, pruneThrottle, throttleKeys } from './throttle.ts';

/** The customer's profile (`utilisateurs`), or null: for the capabilities that show or anonymise it. */
export { findUtilisateur } from './repository.ts';

export type AccountDeps = {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  outbox: OutboxWorker;
  background: BackgroundTasks;
  log: FastifyBaseLogger;
};
type SignUpData = z.output<typeof signUpSchema>;

const rateLimited = (retryAfterSeconds: number) => new AppError('rate_limited', undefined, { details: { retryAfterSeconds } });
const tooManyMails = (retryAfterSeconds: number) => new AppError('rate_limited', texts.tooManyMails, { details: { retryAfterSeconds } });

/** What the customer gave at sign-up; the administrator, who has no profile, gets 404. */
export async function getProfile(database: DatabaseHandle, userId: string): Promise<Utilisateur> {
  const profile = await findUtilisateur(database.db, userId);
  if (!profile) throw notFound();
  return profile;
}

/**
 * Signs a customer up. The answer is the same whether the address is new, already has an
 * account, or is the administrator's, so that sign-up tells nobody which addresses exist:
 * - a new address gets the better-auth account (hashed password, unverified), its profile in
 *   `utilisateurs` and the verification e-mail; if the profile cannot be written the account
 *   is removed before answering, so no account exists without a profile (docs/decisions/,
 *   "Sign-up is our route; better-auth's own sign-up endpoint is hidden");
 * - an address with an account changes nothing; its owner is told by e-mail that someone
 *   tried (a new verification e-mail instead, if the account is not verified yet);
 * - the administrator's address never gets a customer account.
 * Every path hashes the password, the slow part of a sign-up, so none answers faster.
 */
export async function registerCustomer(deps: AccountDeps, input: SignUpData, clientIp: string): Promise<void> {
  const { config, database, auth } = deps;
  const db = database.db;
  const email = input.email;

  await pruneThrottle(db);
  const byIp = await hitThrottle(db, throttleKeys.signUpIp(clientIp), LIMITS.signUpPerIp);
  if (byIp.isBlocked) throw rateLimited(byIp.retryAfterSeconds);
  const byAddress = await hitThrottle(db, throttleKeys.accountMails(email), LIMITS.accountMailsPerAddress);
  if (byAddress.isBlocked) throw tooManyMails(byAddress.retryAfterSeconds);

  let existing = await findUserIdByEmail(db, email);
  if (existing && (await removeAbandonedSignUp(db, existing))) existing = null;
  if (existing) return tellExistingOwner(deps, existing, input.motDePasse);
  if (isAdminEmail(config, email)) {
    await (await auth.$context).password.hash(input.motDePasse);
    return;
  }

  let userId: string;
  try {
    const result = await auth.api.signUpEmail({ body: { name: input.nom, email, password: input.motDePasse } });
    userId = result.user.id;
  } catch (error) {
    throw toAppError(error);
  }
  // With e-mail verification on, better-auth answers a duplicate (a concurrent sign-up
  // for the same address) with a made-up user rather than an error: the spec's
  // "Utilisateur invalide." case.
  const created = await findAuthUser(db, userId);
  if (!created || created.email !== email) throw unprocessable(texts.invalidUser);

  const profile: Utilisateur = {
    uid: userId,
    nom: input.nom,
    telephone: input.telephone,
    email,
    type: input.type,
    adresse: input.adresse,
    dateInscription: new Date().toISOString(),
  };
  // The profile and the verification e-mail are written together (the token is stateless).
  try {
    const mail = await verificationMailFor(deps, { id: userId, email, name: input.nom });
    await withWriteTransaction(database, async (trx) => {
      await insertUtilisateur(trx, profile);
      await enqueueMail(trx, { kind: 'verification', to: email, ...mail });
    });
  } catch (error) {
    await deleteAuthUser(db, userId);
    throw error;
  }
  deps.outbox.kick();
}

/** A sign-up with an address that has an account: its owner hears of it, nothing else changes. */
async function tellExistingOwner(deps: AccountDeps, userId: string, password: string): Promise<void> {
  const { auth, database } = deps;
  await (await auth.$context).password.hash(password);
  const user = await findAuthUser(database.db, userId);
  if (!user) return;
  const message = user.emailVerified
    ? { kind: 'sign-up-attempt', ...signUpAttemptMail({ name: user.name, config: deps.config }) }
    : { kind: 'verification', ...(await verificationMailFor(deps, user)) };
  await withWriteTransaction(database, (trx) => enqueueMail(trx, { ...message, to: user.email }));
  deps.outbox.kick();
}

async function verificationMailFor(deps: AccountDeps, user: { id: string; email: string; name: string }) {
  const { secret } = await deps.auth.$context;
  const token = await createEmailVerificationToken(secret, user.email, undefined, VERIFICATION_EXPIRES_IN, { userId: user.id });
  return verificationMail({ name: user.name, url: verificationUrl(deps.config, token), config: deps.config });
}

/**
 * « Mot de passe oublié » : counted per client IP and per address (known or not), then
 * answered at once; the lookup, the token and the e-mail happen after the answer, so its
 * time cannot tell whether the address has an account.
 */
export async function requestPasswordReset(deps: AccountDeps, input: { email: string; redirectTo?: string }, clientIp: string) {
  const db = deps.database.db;
  const byIp = await hitThrottle(db, throttleKeys.resetRequestIp(clientIp), LIMITS.resetRequestsPerIp);
  if (byIp.isBlocked) throw rateLimited(byIp.retryAfterSeconds);
  const byAddress = await hitThrottle(db, throttleKeys.resetMails(input.email), LIMITS.resetMailsPerAddress);
  if (byAddress.isBlocked) throw tooManyMails(byAddress.retryAfterSeconds);
  deps.background.run('password reset request', () =>
    deps.auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: input.redirectTo } }),
  );
}

/** A new verification e-mail asked from the login form: counted per address with the sign-ups' e-mails. */
export async function countVerificationRequest(deps: AccountDeps, email: string): Promise<void> {
  const byAddress = await hitThrottle(deps.database.db, throttleKeys.accountMails(email), LIMITS.accountMailsPerAddress);
  if (byAddress.isBlocked) throw tooManyMails(byAddress.retryAfterSeconds);
}

/** The e-mail inside a verification token, read without trusting it (better-auth checks it). */
function emailInToken(token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown };
    if (typeof payload.email !== 'string') return null;
    const email = payload.email.toLowerCase();
    return isEmailAddress(email) ? email : null;
  } catch {
    return null;
  }
}

/**
 * Follows a verification link. better-auth's tokens are stateless, so a second click is
 * accepted by it; we tell it apart by looking at the account before verifying.
 */
export async function verifyEmailLink(deps: AccountDeps, token: string): Promise<VerificationOutcome> {
  const email = emailInToken(token);
  if (!email) return 'invalide';
  const userId = await findUserIdByEmail(deps.database.db, email);
  const before = userId ? await findAuthUser(deps.database.db, userId) : null;
  try {
    await deps.auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    if (isAPIError(error) && (error.body as { code?: string } | undefined)?.code === 'TOKEN_EXPIRED') return 'expire';
    if (isAPIError(error)) return 'invalide';
    throw error;
  }
  return before?.emailVerified ? 'deja-utilise' : 'ok';
}

/**
 * Whether `password` is the account's own (before a sensitive action: deleting the account,
 * re-authenticating). An account without a password spends the time of a hash all the same.
 */
export async function isAccountPassword(
  deps: { database: DatabaseHandle; auth: Auth },
  userId: string,
  password: string,
): Promise<boolean> {
  const hash = await findCredentialPassword(deps.database.db, userId);
  const ctx = await deps.auth.$context;
  if (!hash) {
    await ctx.password.hash(password);
    return false;
  }
  return ctx.password.verify({ hash, password });
}
