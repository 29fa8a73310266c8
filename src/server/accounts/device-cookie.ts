import { createHmac, randomBytes } from 'node:crypto';
import type { createAuthMiddleware } from 'better-auth/api';

/**
 * OWASP's "device cookies" against slow brute force: a browser in which an account has
 * signed in (or reset its password from the e-mailed link) gets a signed cookie naming that
 * account. Sign-in attempts that present it are counted per device, not on the account's
 * shared counter, so anonymous guessing from any number of addresses can lock out the
 * anonymous clients of an account, never the owner's own browsers (accounts/sign-in-guard.ts).
 *
 * One cookie per account and browser: its name is derived from the e-mail with the server's
 * secret (the cookie jar does not show which accounts were used), its value is a random nonce
 * and the e-mail, signed (HMAC-SHA-256) with the same secret. It grants nothing by itself:
 * the password is still checked.
 */

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** How long a browser stays known after its last sign-in (browsers cap cookies at 400 days). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

const NONCE = /^[A-Za-z0-9_-]{22}$/;

function cookieOf(ctx: AuthContext, email: string) {
  const suffix = createHmac('sha256', ctx.context.secret).update(`device:${email}`).digest('base64url').slice(0, 16);
  return ctx.context.createAuthCookie(`device_${suffix}`, { maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
}

/** The nonce of this browser's device cookie for `email`, when it presents a genuine one. */
export async function readDeviceCookie(ctx: AuthContext, email: string): Promise<string | null> {
  const value = await ctx.getSignedCookie(cookieOf(ctx, email).name, ctx.context.secret);
  if (!value) return null;
  const separator = value.indexOf('|');
  const nonce = value.slice(0, separator);
  return separator > 0 && value.slice(separator + 1) === email && NONCE.test(nonce) ? nonce : null;
}

/** Gives this browser a device cookie for `email` (a new nonce, or the one it already has). */
export async function issueDeviceCookie(ctx: AuthContext, email: string, nonce?: string | null): Promise<void> {
  const cookie = cookieOf(ctx, email);
  const value = `${nonce ?? randomBytes(16).toString('base64url')}|${email}`;
  await ctx.setSignedCookie(cookie.name, value, ctx.context.secret, cookie.attributes);
}
