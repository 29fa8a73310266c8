import { betterAuth } from 'better-auth';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resetPasswordMail, verificationMail } from '../mail/templates.ts';

/** The header our Fastify bridge sets to the client IP that Fastify resolved (trustProxy). */
export const CLIENT_IP_HEADER = 'x-convoyage-client-ip';

type AuthDeps = { config: Config; database: DatabaseHandle; mailer: Mailer };

export function createAuth({ config, database, mailer }: AuthDeps) {
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
      async sendResetPassword({ user, url }) {
        await mailer.send({ to: user.email, ...resetPasswordMail({ name: user.name, url, config }) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({ to: user.email, ...verificationMail({ name: user.name, url, config }) });
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
        '/sign-up/email': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 3 },
        '/request-password-reset': { window: 60, max: 3 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'convoyage',
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export function isAdminEmail(config: Config, email: string | null | undefined): boolean {
  return !!email && email.trim().toLowerCase() === config.adminEmail;
}
