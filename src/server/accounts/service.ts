import type { FastifyBaseLogger } from 'fastify';
import { createEmailVerificationToken, isAPIError } from 'better-auth/api';
import type { z } from 'zod';
import type { signUpSchema, Utilisateur, VerificationOutcome } from '#domain/schemas/accounts.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle } from '#server/db/index.ts';
import { texts } from '#domain/texts.ts';
import { AppError, unprocessable } from '#server/errors.ts';
import { verificationMail } from '#server/mail/templates.ts';
import { enqueueMail } from '#server/outbox/outbox.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { isAdminEmail, VERIFICATION_EXPIRES_IN, verificationUrl, type Auth } from './auth.ts';
import { toAppError } from './auth-errors.ts';
import { deleteAuthUser, findAuthUser, findUserIdByEmail, insertUtilisateur, removeAbandonedSignUp } from './repository.ts';
import { hitThrottle, LIMITS, pruneThrottle, throttleKeys } from './throttle.ts';

export type AccountDeps = { config: Config; database: DatabaseHandle; auth: Auth; outbox: OutboxWorker; log: FastifyBaseLogger };
type SignUpData = z.output<typeof signUpSchema>;

const rateLimited = (retryAfterSeconds: number) => new AppError('rate_limited', undefined, { details: { retryAfterSeconds } });

/**
 * Creates a customer: the better-auth account (hashed password, unverified) and its
 * profile in `utilisateurs`, then sends the verification e-mail. If the profile cannot be
 * written the account is removed before answering, so no account exists without a
 * profile (see docs/decisions.md, "Sign-up is our route; better-auth's own sign-up endpoint is hidden").
 */
export async function registerCustomer(deps: AccountDeps, input: SignUpData, clientIp: string): Promise<Utilisateur> {
  const { config, database, auth } = deps;
  const db = database.db;
  const email = input.email;

  await pruneThrottle(db);
  const byIp = await hitThrottle(db, throttleKeys.signUpIp(clientIp), LIMITS.signUpPerIp);
  if (byIp.isBlocked) throw rateLimited(byIp.retryAfterSeconds);
  const byEmail = await hitThrottle(db, throttleKeys.signUpEmail(email), LIMITS.signUpPerAccount);
  if (byEmail.isBlocked) throw rateLimited(byEmail.retryAfterSeconds);

  if (isAdminEmail(config, email)) throw new AppError('email_reserved');
  const existing = await findUserIdByEmail(db, email);
  if (existing && !(await removeAbandonedSignUp(db, existing))) throw new AppError('user_already_exists');

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
    const { secret } = await auth.$context;
    const token = await createEmailVerificationToken(secret, email, undefined, VERIFICATION_EXPIRES_IN, { userId });
    const mail = verificationMail({ name: input.nom, url: verificationUrl(config, token), config });
    await withWriteTransaction(database, async (trx) => {
      await insertUtilisateur(trx, profile);
      await enqueueMail(trx, { kind: 'verification', to: email, ...mail });
    });
  } catch (error) {
    await deleteAuthUser(db, userId);
    throw error;
  }
  deps.outbox.kick();
  return profile;
}

/** The e-mail inside a verification token, read without trusting it (better-auth checks it). */
function emailInToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown };
    return typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
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
