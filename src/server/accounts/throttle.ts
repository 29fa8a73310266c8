import { sql } from 'kysely';
import type { Db } from '#server/db/index.ts';

type Limit = { max: number; windowMs: number };

const MINUTE = 60_000;

/**
 * Our own limits, on top of better-auth's per-IP limits (auth.ts rateLimit): those are
 * keyed on IP + path only, and an attacker spreading a password guess over many IPs must
 * still be stopped per account.
 */
export const LIMITS = {
  /**
   * Sign-in attempts for one e-mail from browsers it has never signed in from, whatever their
   * number of addresses, before such browsers are refused for the rest of the window.
   */
  signInPerAccount: { max: 5, windowMs: 15 * MINUTE },
  /** Failed sign-ins from one browser that signed in before (device cookie) before it counts as unknown. */
  signInPerDevice: { max: 10, windowMs: 15 * MINUTE },
  /**
   * Wrong second-factor codes for one account from browsers that have never completed a
   * sign-in (each pending sign-in also allows only 5 codes: the two-factor plugin).
   */
  twoFactorPerAccount: { max: 5, windowMs: 15 * MINUTE },
  /** Wrong codes from one browser that completed a sign-in before, before it counts as unknown. */
  twoFactorPerDevice: { max: 10, windowMs: 15 * MINUTE },
  /** Re-authentications (password or code) tried by one session before a delay. */
  reauthPerSession: { max: 5, windowMs: 15 * MINUTE },
  /** Codes tried by one session to confirm a second factor being set up. */
  twoFactorSetupPerSession: { max: 10, windowMs: 15 * MINUTE },
  /** Sign-up attempts from one client IP. */
  signUpPerIp: { max: 10, windowMs: 15 * MINUTE },
  /**
   * E-mails about an account that one address may be sent, whoever asks and from wherever
   * (counted for every address, with an account or not, so the count tells nothing): a sign-up
   * (a verification e-mail, or the notice that the address already has an account) or a new
   * verification e-mail asked from the login form.
   */
  accountMailsPerAddress: { max: 3, windowMs: 60 * MINUTE },
  /** Password-reset e-mails one address may be sent (same rule). */
  resetMailsPerAddress: { max: 3, windowMs: 60 * MINUTE },
  /** Password-reset requests from one client IP (better-auth's own limit, kept now that we answer them). */
  resetRequestsPerIp: { max: 3, windowMs: MINUTE },
} satisfies Record<string, Limit>;

export const throttleKeys = {
  signIn: (email: string) => `sign-in:email:${email}`,
  signInDevice: (nonce: string) => `sign-in:device:${nonce}`,
  twoFactor: (email: string) => `two-factor:email:${email}`,
  twoFactorDevice: (nonce: string) => `two-factor:device:${nonce}`,
  reauth: (sessionId: string) => `reauth:session:${sessionId}`,
  twoFactorSetup: (sessionId: string) => `two-factor-setup:session:${sessionId}`,
  signUpIp: (ip: string) => `sign-up:ip:${ip}`,
  accountMails: (email: string) => `mail:account:${email}`,
  resetMails: (email: string) => `mail:reset:${email}`,
  resetRequestIp: (ip: string) => `reset:ip:${ip}`,
};

/** `hits`: the attempts counted in the window so far (this one included). */
type ThrottleState = { isBlocked: boolean; retryAfterSeconds: number; hits: number };

function stateOf(row: { hits: number; windowStart: number | string } | undefined, limit: Limit, now: number): ThrottleState {
  if (!row) return { isBlocked: false, retryAfterSeconds: 0, hits: 0 };
  const windowEnd = Number(row.windowStart) + limit.windowMs;
  if (windowEnd <= now) return { isBlocked: false, retryAfterSeconds: 0, hits: 0 };
  const hits = Number(row.hits);
  const isBlocked = hits > limit.max;
  return { isBlocked, retryAfterSeconds: isBlocked ? Math.ceil((windowEnd - now) / 1000) : 0, hits };
}

/**
 * Counts one attempt for `key` in one statement (an upsert, atomic on both engines, so
 * concurrent requests on several instances never lose a hit) and says whether this attempt
 * went over the limit. A window that has ended starts again at 1.
 */
export async function hitThrottle(db: Db, key: string, limit: Limit, now = Date.now()): Promise<ThrottleState> {
  const cutoff = now - limit.windowMs;
  const windowStart = sql.ref('auth_throttle.windowStart');
  const row = await db
    .insertInto('auth_throttle')
    .values({ key, hits: 1, windowStart: now })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when ${windowStart} <= ${cutoff} then 1 else ${sql.ref('auth_throttle.hits')} + 1 end`,
        windowStart: sql<number>`case when ${windowStart} <= ${cutoff} then ${now} else ${windowStart} end`,
      }),
    )
    .returning(['hits', 'windowStart'])
    .executeTakeFirstOrThrow();
  return stateOf(row, limit, now);
}

/** Takes back one attempt counted by hitThrottle (one that turned out not to be a guess). */
export async function forgiveThrottleHit(db: Db, key: string): Promise<void> {
  await db
    .updateTable('auth_throttle')
    .set({ hits: sql<number>`${sql.ref('hits')} - 1` })
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}

/** Forgets windows that ended long ago so the table stays small. */
export async function pruneThrottle(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('auth_throttle')
    .where('windowStart', '<', now - 24 * 60 * MINUTE)
    .execute();
}
