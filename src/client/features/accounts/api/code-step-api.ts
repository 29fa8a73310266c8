import { api } from '#client/lib/api.ts';

/**
 * The second step of a sign-in: a code of the app, or a backup code (single use). Apart from
 * auth-api.ts so that the login's chunks stay as they were until a code is asked.
 */
export const verifySignInCode = (kind: 'totp' | 'backup', code: string) =>
  api<{ token: string }>(kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code', {
    method: 'POST',
    body: { code },
  });
