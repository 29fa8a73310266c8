import { twoFactorRoutes } from '#domain/api-paths.ts';
import { backupCodesSchema, twoFactorSetupSchema, twoFactorStatusSchema } from '#domain/schemas/two-factor.ts';
import { api } from '#client/lib/api.ts';

/** A sensitive request: the password or a code asked again if needed (the dialog's module loads on first use). */
const withReauthentication = <T>(request: () => Promise<T>) =>
  import('#client/lib/reauth-dialog.tsx').then((module) => module.withReauthentication(request));

/** The second factor's endpoints (server/two-factor/ and better-auth's two-factor plugin through our bridge). */

export const fetchTwoFactorStatus = () => api(twoFactorRoutes.status, { answer: twoFactorStatusSchema });
// Changing the second factor is sensitive: the password or a code again if the last one is old.
export const beginTwoFactorSetup = () => withReauthentication(() => api(twoFactorRoutes.beginSetup, { answer: twoFactorSetupSchema }));
export const confirmTwoFactorSetup = (code: string) => api(twoFactorRoutes.activate, { body: { code }, answer: backupCodesSchema });
export const disableTwoFactor = () => withReauthentication(() => api(twoFactorRoutes.disable));
export const regenerateBackupCodes = () =>
  withReauthentication(() => api(twoFactorRoutes.regenerateBackupCodes, { answer: backupCodesSchema }));
