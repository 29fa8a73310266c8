import type { SignUpInput } from '#domain/schemas/accounts.ts';
import { paths } from '#domain/paths.ts';
import { api } from '#client/lib/api.ts';

/** One function per account endpoint; errors arrive as ApiError with a French message. */

export const signUp = (input: SignUpInput) =>
  api<{ email: string; message: string }>('/api/comptes/inscription', { method: 'POST', body: input });

/** Signed in, or (`twoFactorRedirect`) the password was right and a code is asked next (/connexion/code). */
export const signIn = (input: { email: string; password: string; rememberMe: boolean }) =>
  api<{ user?: { id: string; email: string }; twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { method: 'POST', body: input });

export const resendVerification = (email: string) =>
  api<{ status: boolean }>('/api/auth/send-verification-email', { method: 'POST', body: { email } });

export const requestPasswordReset = (email: string) =>
  api<{ status: boolean }>('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: paths.reinitialiserMotDePasse },
  });

export const resetPassword = (input: { token: string; newPassword: string }) =>
  api<{ status: boolean }>('/api/auth/reset-password', { method: 'POST', body: input });

/** The "rester connecté" choice made at sign-up becomes the default of the login form. */
const STAY_KEY = 'convoyage.resterConnecte';

export function rememberStayLoggedIn(value: boolean): void {
  try {
    window.localStorage.setItem(STAY_KEY, value ? '1' : '0');
  } catch {
    // Private browsing without storage: the checkbox simply starts unchecked.
  }
}

export function preferredStayLoggedIn(): boolean {
  try {
    return window.localStorage.getItem(STAY_KEY) === '1';
  } catch {
    return false;
  }
}
