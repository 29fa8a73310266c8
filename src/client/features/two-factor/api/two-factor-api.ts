import { api } from '#client/lib/api.ts';

/** A sensitive request: the password or a code asked again if needed (the dialog's module loads on first use). */
const withReauthentication = <T>(request: () => Promise<T>) =>
  import('#client/lib/reauth-dialog.tsx').then((module) => module.withReauthentication(request));

/** The second factor's endpoints (server/two-factor/ and better-auth's two-factor plugin through our bridge). */

export type TwoFactorStatus = { active: boolean; requise: boolean };
export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrCode: string };
export type BackupCodes = { codesSecours: string[] };

const BASE = '/api/comptes/double-authentification';

export const fetchTwoFactorStatus = () => api<TwoFactorStatus>(BASE);
// Changing the second factor is sensitive: the password or a code again if the last one is old.
export const beginTwoFactorSetup = () => withReauthentication(() => api<TwoFactorSetup>(`${BASE}/configuration`, { method: 'POST' }));
export const confirmTwoFactorSetup = (code: string) => api<BackupCodes>(`${BASE}/activation`, { method: 'POST', body: { code } });
export const disableTwoFactor = () => withReauthentication(() => api<null>(BASE, { method: 'DELETE' }));
export const regenerateBackupCodes = () => withReauthentication(() => api<BackupCodes>(`${BASE}/codes-secours`, { method: 'POST' }));
