import { isAPIError, type createAuthMiddleware } from 'better-auth/api';
import type { AuditKind } from '#domain/audit.ts';
import { formatParisDateAtTime } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import { securityMailTexts as m } from '#domain/texts/sessions.ts';
import { hasSignedInBefore, recordAudit } from '#server/audit/service.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import { accountNoticeMail } from '#server/mail/templates.ts';
import { enqueueMail } from '#server/outbox/outbox.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { findUserByEmail } from './repository.ts';
import { describeUserAgent } from './service.ts';

/**
 * What authentication tells the journal and the account's owner (issue 18): every sign-in,
 * failed sign-in, sign-out and second-factor event is journalled; the owner is e-mailed on a
 * sign-in from a new browser, a password change and a lock. Called from the hooks of
 * accounts/sign-in-guard.ts, by path, so the second factor's paths are handled once its plugin is on.
 */

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type User = { id: string; email: string; name: string };
export type AuthEventDeps = { config: Config; database: DatabaseHandle; outbox: Pick<OutboxWorker, 'kick'>; clientIpHeader: string };

const TWO_FACTOR_EVENTS: Record<string, { ok: AuditKind; failed?: AuditKind }> = {
  '/two-factor/verify-totp': { ok: 'auth.two_factor_verified', failed: 'auth.two_factor_failed' },
  '/two-factor/verify-backup-code': { ok: 'auth.backup_code_used', failed: 'auth.backup_code_failed' },
};
/** Paths that end a second-factor sign-in: their success opens the session. */
const SECOND_STEP = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

const ipOf = (deps: AuthEventDeps, request?: Request) => request?.headers.get(deps.clientIpHeader) ?? null;
const userAgentOf = (request?: Request) => request?.headers.get('user-agent') ?? null;
const errorCodeOf = (value: unknown) =>
  isAPIError(value) ? String((value.body as { code?: unknown } | undefined)?.code ?? value.status) : null;
const loginUrl = (config: Config) => `${config.publicUrl}${paths.connexion}`;
const resetUrl = (config: Config) => `${config.publicUrl}${paths.motDePasseOublie}`;

/** A security e-mail to the account's owner, queued in the transaction of what it tells. */
async function enqueueAccountNotice(
  trx: Db,
  config: Config,
  user: Pick<User, 'email' | 'name'>,
  { kind, ...notice }: { kind: string; subject: string; paragraphs: string[]; link: { intro: string; url: string } },
): Promise<void> {
  const mail = accountNoticeMail({ name: user.name, config, ...notice });
  await enqueueMail(trx, { kind, to: user.email, ...mail });
}

/**
 * A session was opened. Journalled; and, when this browser has no device cookie for the
 * account (accounts/device-cookie.ts) and the account has signed in before, its owner is
 * told. The very first sign-in of an account (just after the e-mail was verified, or the
 * first one here of an imported account) tells nothing new and sends nothing.
 */
export async function recordSignIn(
  deps: AuthEventDeps,
  { user, isKnownBrowser, request, via }: { user: User; isKnownBrowser: boolean; request?: Request; via: string },
): Promise<void> {
  const ip = ipOf(deps, request);
  const now = new Date();
  await withWriteTransaction(deps.database, async (trx) => {
    const isFirst = !(await hasSignedInBefore(trx, user.id));
    await recordAudit(trx, {
      kind: 'auth.sign_in',
      actorId: user.id,
      actorEmail: user.email,
      compteId: user.id,
      ip,
      details: { nouveauNavigateur: !isKnownBrowser, via },
      at: now,
    });
    if (isKnownBrowser || isFirst) return;
    const browser = describeUserAgent(userAgentOf(request));
    const label = [browser.navigateur, browser.systeme].filter(Boolean).join(', ') || m.unknownBrowser;
    await enqueueAccountNotice(trx, deps.config, user, {
      kind: 'security-new-device',
      subject: m.newDevice.subject,
      paragraphs: [m.newDevice.intro, m.newDevice.details(label, ip ?? '—', formatParisDateAtTime(now)), m.newDevice.ifYou],
      link: { intro: m.newDevice.ifNotYou, url: loginUrl(deps.config) },
    });
  });
  deps.outbox.kick();
}

/** A refused sign-in: journalled with the address tried (and its account, when there is one). */
export async function recordFailedSignIn(
  deps: AuthEventDeps,
  { email, reason, request }: { email: string; reason: string | null; request?: Request },
) {
  const userId = (await findUserByEmail(deps.database.db, email))?.id ?? null;
  await recordAudit(deps.database.db, {
    kind: 'auth.sign_in_failed',
    actorId: userId,
    actorEmail: email,
    compteId: userId,
    ip: ipOf(deps, request),
    details: { raison: reason },
  });
}

/**
 * A sign-in refused because the account's shared counter is over its limit. The attempt that
 * crossed it (`isFirstRefusal`) locks the account: journalled once, and the owner e-mailed
 * once, in one transaction; the refusals after it are journalled as failed sign-ins.
 */
export async function recordLockedSignIn(
  deps: AuthEventDeps,
  {
    email,
    isFirstRefusal,
    retryAfterSeconds,
    request,
  }: { email: string; isFirstRefusal: boolean; retryAfterSeconds: number; request?: Request },
): Promise<void> {
  if (!isFirstRefusal) return recordFailedSignIn(deps, { email, reason: 'ACCOUNT_LOCKED', request });
  const user = await findUserByEmail(deps.database.db, email);
  await withWriteTransaction(deps.database, async (trx) => {
    await recordAudit(trx, {
      kind: 'auth.account_locked',
      actorId: user?.id,
      actorEmail: email,
      compteId: user?.id,
      ip: ipOf(deps, request),
      details: { dureeSecondes: retryAfterSeconds },
    });
    if (!user) return;
    await enqueueAccountNotice(trx, deps.config, user, {
      kind: 'security-account-locked',
      subject: m.accountLocked.subject,
      paragraphs: [m.accountLocked.intro(Math.max(1, Math.ceil(retryAfterSeconds / 60))), m.accountLocked.knownDevices],
      link: { intro: m.accountLocked.ifNotYou, url: resetUrl(deps.config) },
    });
  });
  deps.outbox.kick();
}

/** The password was reset (from the e-mailed link) or changed: journalled, and the owner told. */
export async function recordPasswordChange(
  deps: AuthEventDeps,
  { user, kind, request }: { user: User; kind: 'auth.password_reset' | 'auth.password_changed'; request?: Request },
): Promise<void> {
  const now = new Date();
  await withWriteTransaction(deps.database, async (trx) => {
    await recordAudit(trx, { kind, actorId: user.id, actorEmail: user.email, compteId: user.id, ip: ipOf(deps, request), at: now });
    await enqueueAccountNotice(trx, deps.config, user, {
      kind: 'security-password-changed',
      subject: m.passwordChanged.subject,
      paragraphs: [m.passwordChanged.intro(formatParisDateAtTime(now))],
      link: { intro: m.passwordChanged.ifNotYou, url: resetUrl(deps.config) },
    });
  });
  deps.outbox.kick();
}

/** The changes of a second factor that its owner is told of by e-mail. */
export type TwoFactorChange =
  | 'auth.two_factor_enabled'
  | 'auth.two_factor_disabled'
  | 'auth.backup_codes_renewed'
  | 'auth.two_factor_reset'
  | 'auth.two_factor_secret_set';

/**
 * A second factor set up, turned off, its backup codes renewed, or reset or set from the
 * server's shell: journalled and its owner e-mailed, in the transaction of the change (the
 * caller wakes the outbox once it has committed).
 */
export async function recordTwoFactorChange(
  trx: Db,
  config: Config,
  {
    user,
    kind,
    ip,
    at = new Date(),
    notify = true,
  }: {
    user: User;
    kind: TwoFactorChange;
    ip: string | null;
    at?: Date;
    /** False when no second factor was in force before (the command provisioning a first key): journalled only. */
    notify?: boolean;
  },
): Promise<void> {
  await recordAudit(trx, { kind, actorId: user.id, actorEmail: user.email, compteId: user.id, ip, at });
  if (!notify) return;
  await enqueueAccountNotice(trx, config, user, {
    kind: 'security-two-factor-changed',
    subject: m.twoFactorChanged.subject,
    paragraphs: [m.twoFactorChanged.intro[kind](formatParisDateAtTime(at))],
    link: { intro: m.twoFactorChanged.ifNotYou, url: resetUrl(config) },
  });
}

/** Before a sign-out: the session it ends, journalled while it still names its account. */
export async function recordSignOut(deps: AuthEventDeps, ctx: AuthContext): Promise<void> {
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (!token) return;
  const found = await ctx.context.internalAdapter.findSession(token);
  if (!found) return;
  await recordAudit(deps.database.db, {
    kind: 'auth.sign_out',
    actorId: found.user.id,
    actorEmail: found.user.email,
    compteId: found.user.id,
    ip: ipOf(deps, ctx.request),
  });
}

/**
 * After the second factor's endpoints (better-auth's twoFactor plugin): each outcome
 * journalled; a code that completes a sign-in counts as the sign-in (`readKnownBrowser` says
 * whether this browser presents the account's device cookie).
 */
export async function recordTwoFactorEvent(
  deps: AuthEventDeps,
  ctx: AuthContext,
  readKnownBrowser: (email: string) => Promise<boolean>,
  /** The account whose pending sign-in the code was for (a refused code opens no session to name it). */
  pending?: { userId: string; email: string },
): Promise<void> {
  const event = TWO_FACTOR_EVENTS[ctx.path];
  if (!event) return;
  const returned = ctx.context.returned;
  const failed = isAPIError(returned);
  if (failed && !event.failed) return;
  const user = (ctx.context.newSession?.user ?? ctx.context.session?.user) as User | undefined;
  const actor = user ? { id: user.id, email: user.email } : pending ? { id: pending.userId, email: pending.email } : undefined;
  await recordAudit(deps.database.db, {
    kind: failed ? event.failed! : event.ok,
    actorId: actor?.id,
    actorEmail: actor?.email,
    compteId: actor?.id,
    ip: ipOf(deps, ctx.request),
    details: failed ? { raison: errorCodeOf(returned) } : {},
  });
  if (!failed && SECOND_STEP.has(ctx.path) && ctx.context.newSession) {
    const signedIn = ctx.context.newSession.user as User;
    await recordSignIn(deps, {
      user: signedIn,
      isKnownBrowser: await readKnownBrowser(signedIn.email.toLowerCase()),
      request: ctx.request,
      via: ctx.path,
    });
  }
}

/**
 * A code refused before the second factor's endpoint ran (our hook in accounts/sign-in-guard.ts: a code
 * of the app used before), journalled as the endpoint's own refusals are.
 */
export async function recordTwoFactorRefusal(
  deps: AuthEventDeps,
  refusal: { userId: string; email: string; path: string; reason: string; request?: Request },
): Promise<void> {
  const failed = TWO_FACTOR_EVENTS[refusal.path]?.failed;
  if (!failed) return;
  await recordAudit(deps.database.db, {
    kind: failed,
    actorId: refusal.userId,
    actorEmail: refusal.email,
    compteId: refusal.userId,
    ip: ipOf(deps, refusal.request),
    details: { raison: refusal.reason },
  });
}

export { errorCodeOf };
