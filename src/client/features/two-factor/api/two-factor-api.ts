import { api } from '#client/lib/api.ts';

/** The second factor's endpoints (server/two-factor/ and better-auth's two-factor plugin through our bridge). */

export type TwoFactorStatus = { active: boolean; requise: boolean };
export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrCode: string };
export type BackupCodes = { codesSecours: string[] };

const BASE = '/api/comptes/double-authentification';

export const fetchTwoFactorStatus = () => api<TwoFactorStatus>(BASE);
export const beginTwoFactorSetup = () => api<TwoFactorSetup>(`${BASE}/configuration`, { method: 'POST' });
export const confirmTwoFactorSetup = (code: string) => api<BackupCodes>(`${BASE}/activation`, { method: 'POST', body: { code } });
export const disableTwoFactor = () => api<null>(BASE, { method: 'DELETE' });
export const regenerateBackupCodes = () => api<BackupCodes>(`${BASE}/codes-secours`, { method: 'POST' });

/** The second step of a sign-in: a code of the app, or a backup code (single use). */
export const verifySignInCode = (kind: 'totp' | 'backup', code: string) =>
  api<{ token: string }>(kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code', {
    method: 'POST',
    body: { code },
  });
