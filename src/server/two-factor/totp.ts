import { randomInt } from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Auth } from '#server/accounts/auth.ts';
import type { Db } from '#server/db/index.ts';
import { claimTotpStep } from './repository.ts';

/**
 * The rows of better-auth's two-factor plugin (`twoFactor`: the encrypted secret and backup
 * codes; `user.twoFactorEnabled`), written here in the plugin's own formats so that its
 * endpoints (verify-totp, verify-backup-code at sign-in) read them unchanged:
 * - the secret is stored as `base32:<BASE32>`, encrypted with the server's secret (the form
 *   the plugin documents for secrets imported from elsewhere, which is what the command's
 *   `--totp-secret` does, so every secret has one form);
 * - the backup codes are a JSON array of `xxxxx-xxxxx`, encrypted the same way.
 */

// What these functions use of better-auth's context: the one of `auth.$context` or of a hook's `ctx.context`.
type AuthContext = Pick<Awaited<Auth['$context']>, 'adapter' | 'internalAdapter' | 'secretConfig'>;

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD = 30;
export const BACKUP_CODE_COUNT = 10;
const BASE32_PREFIX = 'base32:';
const BASE32 = /^[A-Z2-7]{16,128}$/;

export type TwoFactorRow = { id: string; userId: string; secret: string; backupCodes: string; verified: boolean | null };

/** A secret typed on a command line: upper case, without spaces or padding; null when it is not base32. */
export function normaliseBase32(secret: string): string | null {
  const compact = secret.replace(/[\s=-]/g, '').toUpperCase();
  return BASE32.test(compact) ? compact : null;
}

export const newBase32Secret = () => new Secret({ size: 20 }).base32;

function totpOf(base32: string, issuer: string, label: string) {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret: Secret.fromBase32(base32) });
}

/**
 * The 30-second step `code` belongs to when it is a code of `base32` for now, or for the step
 * just before or after (clocks drift); null when it is not.
 */
function stepOfTotp(base32: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = Date.now();
  const delta = totpOf(base32, 'x', 'x').validate({ token: code, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

/**
 * A code of the account's app is accepted once (RFC 6238 §5.2): its step is recorded as it is
 * accepted, and a code of that step or an earlier one is `reused` from then on, on every
 * instance; `wrong` when it is no code of `base32` for now.
 */
export async function acceptTotpCode(db: Db, userId: string, base32: string, code: string): Promise<'accepted' | 'reused' | 'wrong'> {
  const step = stepOfTotp(base32, code);
  if (step === null) return 'wrong';
  return (await claimTotpStep(db, userId, step)) ? 'accepted' : 'reused';
}

/** What the set-up screen shows: the key as text, the otpauth:// address and its QR code (SVG data URL). */
export async function setupPayload(base32: string, issuer: string, email: string) {
  const otpauthUrl = totpOf(base32, issuer, email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return {
    secret: base32.replace(/(.{4})/g, '$1 ').trim(),
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

const BACKUP_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Ten codes of the plugin's shape (`xxxxx-xxxxx`, letters and digits). */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const encrypt = (ctx: AuthContext, data: string) => symmetricEncrypt({ key: ctx.secretConfig, data });
const decrypt = (ctx: AuthContext, data: string) => symmetricDecrypt({ key: ctx.secretConfig, data });

export const encryptSecret = (ctx: AuthContext, base32: string) => encrypt(ctx, `${BASE32_PREFIX}${base32}`);

/** The base32 secret of a row (null when it was written in another form: it can only be replaced). */
export async function secretOf(ctx: AuthContext, row: TwoFactorRow): Promise<string | null> {
  const plain = await decrypt(ctx, row.secret);
  return plain.startsWith(BASE32_PREFIX) ? plain.slice(BASE32_PREFIX.length) : null;
}

export function findTwoFactor(ctx: AuthContext, userId: string) {
  return ctx.adapter.findOne<TwoFactorRow>({ model: 'twoFactor', where: [{ field: 'userId', value: userId }] });
}

/** Writes the user's one row (replacing any) and the user's flag. */
export async function saveTwoFactor(
  ctx: AuthContext,
  userId: string,
  row: { base32: string; backupCodes: string[]; verified: boolean },
): Promise<void> {
  const data = {
    secret: await encryptSecret(ctx, row.base32),
    backupCodes: await encrypt(ctx, JSON.stringify(row.backupCodes)),
    verified: row.verified,
  };
  const existing = await findTwoFactor(ctx, userId);
  if (existing) await ctx.adapter.update({ model: 'twoFactor', where: [{ field: 'id', value: existing.id }], update: data });
  else await ctx.adapter.create({ model: 'twoFactor', data: { ...data, userId } });
  await ctx.internalAdapter.updateUser(userId, { twoFactorEnabled: row.verified });
}

/** The row's secret and codes encrypted, for repository.ts to write inside a transaction (nothing but SQL happens there). */
export type SealedTwoFactor = { secret: string; backupCodes: string };

export async function sealTwoFactor(ctx: AuthContext, row: { base32: string; backupCodes: string[] }): Promise<SealedTwoFactor> {
  return { secret: await encryptSecret(ctx, row.base32), backupCodes: await sealBackupCodes(ctx, row.backupCodes) };
}

export const sealBackupCodes = (ctx: AuthContext, codes: string[]) => encrypt(ctx, JSON.stringify(codes));
