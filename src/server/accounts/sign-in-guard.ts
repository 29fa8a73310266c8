import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { apiErrorMessages } from '#domain/texts/errors.ts';
import { isAdminEmail, type Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import {
  errorCodeOf,
  recordFailedSignIn,
  recordLockedSignIn,
  recordPasswordChange,
  recordSignIn,
  recordSignOut,
  recordTwoFactorEvent,
  recordTwoFactorRefusal,
  type AuthEventDeps,
} from '#server/sessions/auth-events.ts';
import { acceptTotpCode, findTwoFactor, secretOf } from '#server/two-factor/totp.ts';
import { issueDeviceCookie, readDeviceCookie } from './device-cookie.ts';
import { completeImportedSignIn } from './imported-sign-in.ts';
import { deleteResetTokensOf } from './repository.ts';
import { clearThrottle, forgiveThrottleHit, hitThrottle, LIMITS, throttleKeys } from './throttle.ts';

const SIGN_IN_PATH = '/sign-in/email';
/** The second step of a sign-in (two-factor plugin): a code from the app, or a backup code. */
const VERIFY_TOTP_PATH = '/two-factor/verify-totp';
const TWO_FACTOR_PATHS = new Set([VERIFY_TOTP_PATH, '/two-factor/verify-backup-code']);
/** Whether better-auth's `path` is the code step of a sign-in (the session it opens has both factors). */
export const isTwoFactorStep = (path: string) => TWO_FACTOR_PATHS.has(path);
const RESET_PASSWORD_PATH = '/reset-password';
const SIGN_OUT_PATH = '/sign-out';
const CHANGE_PASSWORD_PATH = '/change-password';

/** The account whose password a request has just reset, for the after hook (same request). */
const passwordResets = new WeakMap<Request, string>();
/** The throttle key a sign-in attempt was counted on, for the after hook (same request). */
const countedOn = new WeakMap<Request, string>();
/** The account of the pending sign-in a code was given for, for the after hook's journal entry. */
const pendingOn = new WeakMap<Request, { userId: string; email: string }>();
const remember = (ctx: { request?: Request }, key: string) => {
  if (ctx.request) countedOn.set(ctx.request, key);
};

function bodyEmail(body: unknown): string | null {
  if (typeof body !== 'object' || !body || !('email' in body) || typeof body.email !== 'string') return null;
  return body.email.trim().toLowerCase();
}

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * What better-auth runs around a sign-in (docs/security.md, 2.4 to 2.6): the counts per browser
 * and per account taken before a password or a code is checked, the refusal of a code already
 * used, the journal and the owner's security e-mails, the device cookie once both factors are
 * given, and the first sign-in of an account imported from Firebase. `createAuth` (auth.ts)
 * plugs in its `hooks` and `onPasswordReset`.
 */
export function signInGuard({ config, database, events }: { config: Config; database: DatabaseHandle; events: AuthEventDeps }) {
  /**
   * The code of a pending sign-in, counted like a password before it is checked: on the
   * browser's own count when it completed a sign-in before, else on the account's (429 over
   * it); the key it was counted on.
   */
  async function countTwoFactorCode(ctx: AuthMiddlewareContext, email: string): Promise<string> {
    const device = await readDeviceCookie(ctx, email);
    if (device) {
      const deviceKey = throttleKeys.twoFactorDevice(device);
      const byDevice = await hitThrottle(database.db, deviceKey, LIMITS.twoFactorPerDevice);
      if (!byDevice.isBlocked) return deviceKey;
    }
    const accountKey = throttleKeys.twoFactor(email);
    const state = await hitThrottle(database.db, accountKey, LIMITS.twoFactorPerAccount);
    if (state.isBlocked) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        { code: 'TWO_FACTOR_LOCKED', message: 'too many codes' },
        { 'retry-after': String(state.retryAfterSeconds) },
      );
    }
    return accountKey;
  }

  /**
   * Whether the code of this sign-in is a code of the account's app that was already used. A
   * code not used yet has its step recorded here, before the plugin checks it again and opens
   * the session; a wrong code is left to the plugin, which refuses and counts it.
   */
  async function isReplayedTotpCode(ctx: AuthMiddlewareContext, userId: string): Promise<boolean> {
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    const row = typeof code === 'string' ? await findTwoFactor(ctx.context, userId) : null;
    const base32 = row ? await secretOf(ctx.context, row) : null;
    return !!base32 && (await acceptTotpCode(database.db, userId, base32, code as string)) === 'reused';
  }

  return {
    /** emailAndPassword's `onPasswordReset`: a locked-out customer gets back in by resetting the password. */
    async onPasswordReset({ user }: { user: { id: string; email: string; name: string } }, request: Request | undefined) {
      const email = user.email.toLowerCase();
      // The other links sent before this one stop working: only the latest use counts.
      await deleteResetTokensOf(database.db, user.id);
      await clearThrottle(database.db, throttleKeys.signIn(email));
      if (request) passwordResets.set(request, email);
      await recordPasswordChange(events, { user, kind: 'auth.password_reset', request });
    },
    hooks: {
      // Per-account limit on sign-in, whatever the IP (docs/decisions/, "The administrator
      // cannot be locked out"). A browser that signed in before presents its device cookie
      // and is counted on its own; any other attempt is counted on the account's shared
      // counter. Every attempt is counted here, in one atomic upsert, before its password is
      // checked, so parallel guesses from many addresses cannot all slip through.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === SIGN_OUT_PATH) return recordSignOut(events, ctx);
        if (TWO_FACTOR_PATHS.has(ctx.path)) {
          // The code of a pending sign-in: counted like a password, before it is checked.
          const pending = await pendingSignIn(ctx);
          if (!pending) throw new APIError('UNAUTHORIZED', { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'no pending sign-in' });
          if (ctx.request) pendingOn.set(ctx.request, pending);
          remember(ctx, await countTwoFactorCode(ctx, pending.email));
          // A code of the app is accepted once: one already used (its 30-second step, or an
          // earlier one, was accepted before) is refused as a wrong code would be.
          if (ctx.path === VERIFY_TOTP_PATH && (await isReplayedTotpCode(ctx, pending.userId))) {
            await recordTwoFactorRefusal(events, { ...pending, path: ctx.path, reason: 'CODE_ALREADY_USED', request: ctx.request });
            throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: 'code already used' });
          }
          return;
        }
        if (ctx.path !== SIGN_IN_PATH) return;
        const email = bodyEmail(ctx.body);
        if (!email) return;
        const device = await readDeviceCookie(ctx, email);
        if (device) {
          const deviceKey = throttleKeys.signInDevice(device);
          const byDevice = await hitThrottle(database.db, deviceKey, LIMITS.signInPerDevice);
          if (!byDevice.isBlocked) return remember(ctx, deviceKey);
          // Too many wrong passwords from this browser: it is treated as unknown.
        }
        const accountKey = throttleKeys.signIn(email);
        const state = await hitThrottle(database.db, accountKey, LIMITS.signInPerAccount);
        if (state.isBlocked) {
          // The attempt that crossed the limit locks the account: told once, not at every refusal.
          const isFirstRefusal = state.hits === LIMITS.signInPerAccount.max + 1;
          await recordLockedSignIn(events, { email, isFirstRefusal, retryAfterSeconds: state.retryAfterSeconds, request: ctx.request });
          throw new APIError(
            'TOO_MANY_REQUESTS',
            { code: 'ACCOUNT_LOCKED', message: apiErrorMessages.account_locked },
            { 'retry-after': String(state.retryAfterSeconds) },
          );
        }
        remember(ctx, accountKey);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await recordTwoFactorEvent(
          events,
          ctx,
          async (email) => (await readDeviceCookie(ctx, email)) !== null,
          ctx.request ? pendingOn.get(ctx.request) : undefined,
        );
        if (ctx.path === CHANGE_PASSWORD_PATH) {
          const user = ctx.context.session?.user;
          if (user && !isAPIError(ctx.context.returned))
            await recordPasswordChange(events, { user, kind: 'auth.password_changed', request: ctx.request });
          return;
        }
        if (TWO_FACTOR_PATHS.has(ctx.path)) {
          const user = ctx.context.newSession?.user;
          if (isAPIError(ctx.context.returned) || !user) return;
          // Both factors given: this browser's code count starts again (or the account's takes
          // the attempt back), and so does its password count; the browser is known from now on.
          const email = user.email.toLowerCase();
          const device = await readDeviceCookie(ctx, email);
          const counted = ctx.request ? countedOn.get(ctx.request) : undefined;
          if (counted?.startsWith('two-factor:device:')) await clearThrottle(database.db, counted);
          else if (counted) await forgiveThrottleHit(database.db, counted);
          if (device) await clearThrottle(database.db, throttleKeys.signInDevice(device));
          else await forgiveThrottleHit(database.db, throttleKeys.signIn(email));
          await issueDeviceCookie(ctx, email, device);
          return;
        }
        if (ctx.path === RESET_PASSWORD_PATH) {
          // The link came to the account's mailbox: this browser is the owner's from now on.
          const email = ctx.request ? passwordResets.get(ctx.request) : undefined;
          if (email && !isAPIError(ctx.context.returned)) await issueDeviceCookie(ctx, email);
          return;
        }
        if (ctx.path !== SIGN_IN_PATH) return;
        const email = bodyEmail(ctx.body);
        if (!email) return;
        if (isAPIError(ctx.context.returned)) {
          await recordFailedSignIn(events, { email, reason: errorCodeOf(ctx.context.returned), request: ctx.request });
          return;
        }
        // The password was right but a code is still to come (the plugin's hook, after this
        // one, turns the answer into a second step): nothing is forgiven nor remembered yet,
        // so someone who knows only the password gains neither a fresh count nor a known browser
        // (and the sign-in is journalled once the code is given: recordTwoFactorEvent).
        if (ctx.context.newSession?.user.twoFactorEnabled) return;
        // Signed in: the attempt was no guess. This browser's own count starts again, or the
        // account's shared count takes the attempt back (and only it: an attacker's guesses
        // stay counted). The browser is known from now on.
        const counted = ctx.request ? countedOn.get(ctx.request) : undefined;
        if (counted?.startsWith('sign-in:device:')) await clearThrottle(database.db, counted);
        else if (counted) await forgiveThrottleHit(database.db, counted);
        const device = await readDeviceCookie(ctx, email);
        await issueDeviceCookie(ctx, email, device);
        const signedIn = ctx.context.newSession?.user;
        if (signedIn)
          await recordSignIn(events, { user: signedIn, isKnownBrowser: device !== null, request: ctx.request, via: 'password' });
        // An account of the original app: its Firebase hash replaced, its imported quotes attached.
        const userId = ctx.context.newSession?.user.id;
        const password = (ctx.body as { password?: unknown }).password;
        if (userId && typeof password === 'string') {
          await completeImportedSignIn(database, {
            userId,
            email,
            password,
            isAdmin: isAdminEmail(config, email),
            hash: (value) => ctx.context.password.hash(value),
          });
        }
      }),
    },
  };
}

/** The account of the sign-in waiting for its second factor in this browser (two-factor plugin's cookie). */
async function pendingSignIn(ctx: AuthMiddlewareContext): Promise<{ userId: string; email: string } | null> {
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!verification || verification.expiresAt < new Date()) return null;
  const user = await ctx.context.internalAdapter.findUserById(verification.value);
  return user ? { userId: user.id, email: user.email.toLowerCase() } : null;
}
