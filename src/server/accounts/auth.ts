import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { paths } from '#domain/paths.ts';
import { apiErrorMessages } from '#domain/texts.ts';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { resetPasswordMail, verificationMail } from '#server/mail/templates.ts';
import { enqueueMail } from '#server/outbox/outbox.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { clearThrottle, hitThrottle, LIMITS, throttleKeys } from './throttle.ts';

/** The header our Fastify bridge sets to the client IP that Fastify resolved (trustProxy). */
export const CLIENT_IP_HEADER = 'x-convoyage-client-ip';

/** `outbox` wakes the worker once a message is queued (the admin command has none: its messages wait for the server). */
type AuthDeps = { config: Config; database: DatabaseHandle; outbox: Pick<OutboxWorker, 'kick'> };

/** How long a verification link stays valid (seconds); the e-mail says "24 heures". */
export const VERIFICATION_EXPIRES_IN = 60 * 60 * 24;

/** The verification link of our e-mails: our route checks it, then lands on /connexion. */
export const verificationUrl = (config: Config, token: string) =>
  `${config.publicUrl}/api/comptes/verification-email?token=${encodeURIComponent(token)}`;

const resetPasswordUrl = (config: Config, token: string) =>
  `${config.publicUrl}${paths.reinitialiserMotDePasse}?token=${encodeURIComponent(token)}`;

const SIGN_IN_PATH = '/sign-in/email';

function bodyEmail(body: unknown): string | null {
  if (typeof body !== 'object' || !body || !('email' in body) || typeof body.email !== 'string') return null;
  return body.email.trim().toLowerCase();
}

export function createAuth({ config, database, outbox }: AuthDeps) {
  return betterAuth({
    appName: config.business.name,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: { db: database.db, type: database.engine },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // better-auth writes the token without a transaction we could join: the message is
      // queued right after it, and a crash in between only means the customer asks again.
      async sendResetPassword({ user, token }) {
        const mail = resetPasswordMail({ name: user.name, url: resetPasswordUrl(config, token), config });
        await enqueueMail(database.db, { kind: 'password-reset', to: user.email, ...mail });
        outbox.kick();
      },
      // A locked-out customer gets back in by resetting the password.
      async onPasswordReset({ user }) {
        await clearThrottle(database.db, throttleKeys.signIn(user.email.toLowerCase()));
      },
    },
    emailVerification: {
      // Our sign-up route sends it once the profile is written (accounts/service.ts).
      sendOnSignUp: false,
      sendOnSignIn: false,
      expiresIn: VERIFICATION_EXPIRES_IN,
      async sendVerificationEmail({ user, token }) {
        const mail = verificationMail({ name: user.name, url: verificationUrl(config, token), config });
        await enqueueMail(database.db, { kind: 'verification', to: user.email, ...mail });
        outbox.kick();
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        // '/sign-up/email' is not reachable from outside: POST /api/comptes/inscription
        // replaces it and keeps its own per-IP and per-e-mail counts (throttle.ts).
        '/send-verification-email': { window: 60, max: 3 },
        '/request-password-reset': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 10 },
      },
    },
    hooks: {
      // Per-account limit on sign-in, whatever the IP: every attempt is counted here, in one
      // atomic upsert, before its password is checked, so parallel guesses from many
      // addresses cannot all slip through; a success clears the count (after).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== SIGN_IN_PATH) return;
        const email = bodyEmail(ctx.body);
        if (!email) return;
        const state = await hitThrottle(database.db, throttleKeys.signIn(email), LIMITS.signInPerAccount);
        if (state.isBlocked) {
          throw new APIError(
            'TOO_MANY_REQUESTS',
            { code: 'ACCOUNT_LOCKED', message: apiErrorMessages.account_locked },
            { 'retry-after': String(state.retryAfterSeconds) },
          );
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== SIGN_IN_PATH) return;
        const email = bodyEmail(ctx.body);
        if (!email) return;
        const returned = ctx.context.returned;
        // A refusal for an unverified e-mail comes after a right password: not a guess.
        const isGuess = isAPIError(returned) && returned.statusCode !== 403;
        if (!isGuess) await clearThrottle(database.db, throttleKeys.signIn(email));
      }),
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'convoyage',
    },
    telemetry: { enabled: false },
    // Its warnings ("User not found" on every failed sign-in) are noise; errors still show.
    // (Setting `level` instead would also print every refused request as an error.)
    logger: {
      log(level, message, ...args) {
        if (level === 'error') console.error(`[better-auth] ${message}`, ...args);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export function isAdminEmail(config: Config, email: string | null | undefined): boolean {
  return !!email && email.trim().toLowerCase() === config.adminEmail;
}
