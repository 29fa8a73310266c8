import { authRoutes } from '#domain/api-paths.ts';
import { api, trusted } from '#client/lib/api.ts';

/**
 * The second step of a sign-in: a code of the app, or a backup code (single use). Apart from
 * auth-api.ts so that the login's chunks stay as they were until a code is asked.
 */
export const verifySignInCode = (kind: 'totp' | 'backup', code: string) =>
  api(kind === 'totp' ? authRoutes.verifyTotp : authRoutes.verifyBackupCode, { body: { code }, answer: trusted<{ token: string }>() });
