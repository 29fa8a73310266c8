import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { getMigrations } from 'better-auth/db/migration';
import { AUTH_BASE_PATH, apiPath, apiRoutes } from '#domain/api-paths.ts';
import { paths } from '#domain/paths.ts';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { resetPasswordMail, verificationMail } from '#server/mail/templates.ts';
import { enqueueMail } from '#server/outbox/outbox.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { passwordHashing, testPasswordHashing } from './password-hashing.ts';
import { isTwoFactorStep, signInGuard } from './sign-in-guard.ts';

/** The header our Fastify bridge sets to the client IP that Fastify resolved (trustProxy). */
export const CLIENT_IP_HEADER = 'x-convoyage-client-ip';

/** `outbox` wakes the worker once a message is queued (the admin command has none: its messages wait for the server). */
type AuthDeps = { config: Config; database: DatabaseHandle; outbox: Pick<OutboxWorker, 'kick'> };

/** How long a verification link stays valid (seconds); the e-mail says "24 heures". */
export const VERIFICATION_EXPIRES_IN = 60 * 60 * 24;

/** The verification link of our e-mails: our route checks it, then lands on /connexion. */
export const verificationUrl = (config: Config, token: string) =>
  `${config.publicUrl}${apiPath(apiRoutes.accounts.verifyEmail, {}, { token })}`;

const resetPasswordUrl = (config: Config, token: string) =>
  `${config.publicUrl}${paths.reinitialiserMotDePasse}?token=${encodeURIComponent(token)}`;

export function createAuth({ config, database, outbox }: AuthDeps) {
  // The journal and the owner's security e-mails (sessions/auth-events.ts).
  const guard = signInGuard({ config, database, events: { config, database, outbox, clientIpHeader: CLIENT_IP_HEADER } });
  return betterAuth({
    appName: config.seller.tradeName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: { db: database.db, type: database.engine },
    emailAndPassword: {
      enabled: true,
      // Ours for every new password; also checks the hashes imported from Firebase (password-hashing.ts).
      // The tests' configuration hashes at a token cost (docs/decisions/0057).
      password: config.nodeEnv === 'test' ? testPasswordHashing : passwordHashing,
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
      // A locked-out customer gets back in by resetting the password (sign-in-guard.ts).
      onPasswordReset: guard.onPasswordReset,
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
      additionalFields: {
        /** The last request of an administrator's session, for its idle timeout (accounts/guards.ts). */
        lastActivityAt: { type: 'date', required: false, input: false },
        /** The last time the password or a code was given again for a sensitive action (two-factor/). */
        reauthenticatedAt: { type: 'date', required: false, input: false },
        /**
         * When this session's sign-in gave the second factor (or its set-up's first code): an
         * account with a second factor in force is served only by sessions that have one
         * (accounts/guards.ts), so a session opened with the password alone before the factor
         * was set never becomes a full one.
         */
        twoFactorVerifiedAt: { type: 'date', required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // The session the code step opens (verify-totp, verify-backup-code) is marked as it is
          // written, not after.
          async before(session, ctx) {
            if (!ctx || !isTwoFactorStep(ctx.path)) return;
            return { data: { ...session, twoFactorVerifiedAt: new Date() } };
          },
        },
      },
    },
    plugins: [
      twoFactor({
        issuer: config.seller.tradeName,
        // Our own limits replace the plugin's per-account lock (which an attacker who knows the
        // password could trip to lock the real administrator out): per pending sign-in (the
        // plugin's 5 codes per challenge), per known browser, then per account (hooks below).
        accountLockout: { enabled: false },
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        twoFactorCookieMaxAge: 10 * 60,
      }),
    ],
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
        // '/request-password-reset' is answered by our bridge before better-auth sees it,
        // with its own per-IP and per-address counts (accounts/service.ts).
        '/reset-password': { window: 60, max: 10 },
        // Per IP; the codes themselves are counted per sign-in, browser and account (hooks).
        '/two-factor/verify-totp': { window: 60, max: 20 },
        '/two-factor/verify-backup-code': { window: 60, max: 20 },
      },
    },
    // The counts, journal, device cookie and imported accounts around each sign-in (sign-in-guard.ts).
    hooks: guard.hooks,
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

/** better-auth's own tables brought up to date by its migrator, for db/migrate.ts `migrateAll`. */
export const authMigrations = (auth: Auth) => async () => {
  await (await getMigrations(auth.options)).runMigrations();
};
