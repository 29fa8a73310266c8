import type { AccountActionDeps } from '#server/accounts/action-deps.ts';
import type { Viewer } from '#server/viewer.ts';
import { isAccountPassword } from '#server/accounts/service.ts';
import { clearThrottle, hitThrottle, LIMITS, throttleKeys } from '#server/accounts/throttle.ts';
import { recordAudit } from '#server/audit/service.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import { AppError } from '#server/errors.ts';
import { recordTwoFactorChange } from '#server/sessions/auth-events.ts';
import {
  acceptTotpCode,
  findTwoFactor,
  newBackupCodes,
  newBase32Secret,
  saveTwoFactor,
  sealBackupCodes,
  sealTwoFactor,
  secretOf,
  setupPayload,
} from './totp.ts';
import { forgetLastStepIn, removeTwoFactorIn, storeBackupCodesIn, storeVerifiedTwoFactorIn } from './repository.ts';

export type TwoFactorDeps = AccountActionDeps;
type SessionRef = { id: string; token: string };

/** Counts one attempt of this session on `key`; over the limit, 429 until the window ends. */
async function countAttempt(deps: TwoFactorDeps, key: string, limit: { max: number; windowMs: number }) {
  const state = await hitThrottle(deps.database.db, key, limit);
  if (state.isBlocked) throw new AppError('rate_limited', undefined, { details: { retryAfterSeconds: state.retryAfterSeconds } });
}

export async function twoFactorStatus(deps: TwoFactorDeps, viewer: Viewer) {
  return { active: viewer.twoFactorEnabled, requise: viewer.role === 'admin' };
}

/**
 * Starts (or starts again) the set-up: a new secret, not yet in force, shown once as a QR code
 * and as text. The sign-in keeps asking for the password alone until a first code confirms it.
 */
export async function beginSetup(deps: TwoFactorDeps, viewer: Viewer) {
  if (viewer.twoFactorEnabled) throw new AppError('two_factor_already_enabled');
  const ctx = await deps.auth.$context;
  const base32 = newBase32Secret();
  await saveTwoFactor(ctx, viewer.id, { base32, backupCodes: [], verified: false });
  await forgetLastStepIn(deps.database.db, viewer.id);
  deps.log.info({ userId: viewer.id }, 'two-factor set-up started');
  return setupPayload(base32, deps.config.seller.tradeName, viewer.email);
}

/** Confirms the set-up with a first code: the second factor is in force, ten backup codes are returned once. */
export async function confirmSetup(deps: TwoFactorDeps, viewer: Viewer, session: SessionRef, code: string) {
  if (viewer.twoFactorEnabled) throw new AppError('two_factor_already_enabled');
  const key = throttleKeys.twoFactorSetup(session.id);
  await countAttempt(deps, key, LIMITS.twoFactorSetupPerSession);
  const ctx = await deps.auth.$context;
  const row = await findTwoFactor(ctx, viewer.id);
  const base32 = row ? await secretOf(ctx, row) : null;
  if (!row || !base32) throw new AppError('two_factor_setup_missing');
  if ((await acceptTotpCode(deps.database.db, viewer.id, base32, code)) !== 'accepted') throw new AppError('invalid_two_factor_code');
  const codesSecours = newBackupCodes();
  const sealed = await sealTwoFactor(ctx, { base32, backupCodes: codesSecours });
  // This session has given a code: it stays open once the second factor is in force (the
  // account's other sessions, opened with the password alone, end: accounts/guards.ts). Marked
  // first, so that no request of its own finds it unmarked in between. The code was just given,
  // too: a sensitive action right after needs no second proof.
  const now = new Date();
  await ctx.internalAdapter.updateSession(session.token, { twoFactorVerifiedAt: now, reauthenticatedAt: now });
  await withWriteTransaction(deps.database, async (trx) => {
    await storeVerifiedTwoFactorIn(trx, deps.database.engine, viewer.id, sealed);
    await recordTwoFactorChange(trx, deps.config, { user: viewer, kind: 'auth.two_factor_enabled', ip: deps.ip });
  });
  deps.outbox.kick();
  await clearThrottle(deps.database.db, key);
  deps.log.info({ userId: viewer.id }, 'two-factor enabled');
  return { codesSecours };
}

/** A customer turns the second factor off; the administrator cannot. */
export async function disableTwoFactor(deps: TwoFactorDeps, viewer: Viewer) {
  if (viewer.role === 'admin') throw new AppError('two_factor_required');
  if (!viewer.twoFactorEnabled) throw new AppError('two_factor_not_enabled');
  await withWriteTransaction(deps.database, async (trx) => {
    await removeTwoFactorIn(trx, deps.database.engine, viewer.id);
    await recordTwoFactorChange(trx, deps.config, { user: viewer, kind: 'auth.two_factor_disabled', ip: deps.ip });
  });
  deps.outbox.kick();
  deps.log.info({ userId: viewer.id }, 'two-factor disabled');
}

/** Ten new backup codes replace the old ones (all of them, used or not). */
export async function regenerateBackupCodes(deps: TwoFactorDeps, viewer: Viewer) {
  const ctx = await deps.auth.$context;
  const row = viewer.twoFactorEnabled ? await findTwoFactor(ctx, viewer.id) : null;
  if (!row) throw new AppError('two_factor_not_enabled');
  const codesSecours = newBackupCodes();
  const sealedCodes = await sealBackupCodes(ctx, codesSecours);
  await withWriteTransaction(deps.database, async (trx) => {
    await storeBackupCodesIn(trx, viewer.id, sealedCodes);
    await recordTwoFactorChange(trx, deps.config, { user: viewer, kind: 'auth.backup_codes_renewed', ip: deps.ip });
  });
  deps.outbox.kick();
  deps.log.info({ userId: viewer.id }, 'two-factor backup codes replaced');
  return { codesSecours };
}

/**
 * The password, or a code of the account's app, given again before a sensitive action. A few
 * wrong tries per session, then a delay: the account itself is never locked by it.
 */
export async function reauthenticate(
  deps: TwoFactorDeps,
  viewer: Viewer,
  session: SessionRef,
  proof: { motDePasse?: string; code?: string },
) {
  const key = throttleKeys.reauth(session.id);
  await countAttempt(deps, key, LIMITS.reauthPerSession);
  const ctx = await deps.auth.$context;
  let isValid = false;
  if (proof.motDePasse) {
    isValid = await isAccountPassword(deps, viewer.id, proof.motDePasse);
  } else if (proof.code && viewer.twoFactorEnabled) {
    const row = await findTwoFactor(ctx, viewer.id);
    const base32 = row ? await secretOf(ctx, row) : null;
    isValid = !!base32 && (await acceptTotpCode(deps.database.db, viewer.id, base32, proof.code)) === 'accepted';
  }
  const journal = { actorId: viewer.id, actorEmail: viewer.email, compteId: viewer.id, ip: deps.ip };
  const method = { moyen: proof.motDePasse ? 'password' : 'totp' };
  if (!isValid) {
    deps.log.warn({ userId: viewer.id }, 're-authentication failed');
    await recordAudit(deps.database.db, { kind: 'auth.reauthentication_failed', ...journal, details: method });
    throw new AppError('reauthentication_failed');
  }
  await recordAudit(deps.database.db, { kind: 'auth.reauthenticated', ...journal, details: method });
  await clearThrottle(deps.database.db, key);
  await ctx.internalAdapter.updateSession(session.token, { reauthenticatedAt: new Date() });
}
