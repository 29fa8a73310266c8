import { accountsRoutes, authRoutes } from '#domain/api-paths.ts';
import type { SignUpInput, SignUpResponse } from '#domain/schemas/accounts.ts';
import { paths } from '#domain/paths.ts';
import { api, trusted } from '#client/lib/api.ts';

/**
 * One function per account endpoint; errors arrive as ApiError with a French message. The
 * answers are typed, not parsed: these forms are on public pages, which load no zod; the
 * sign-in's answers are better-auth's own.
 */

export const signUp = (input: SignUpInput) => api(accountsRoutes.signUp, { body: input, answer: trusted<SignUpResponse>() });

/** Signed in, or (`twoFactorRedirect`) the password was right and a code is asked next (/connexion/code). */
export const signIn = (input: { email: string; password: string; rememberMe: boolean }) =>
  api(authRoutes.signIn, { body: input, answer: trusted<{ user?: { id: string; email: string }; twoFactorRedirect?: boolean }>() });

const done = trusted<{ status: boolean }>();

export const resendVerification = (email: string) => api(authRoutes.sendVerificationEmail, { body: { email }, answer: done });

export const requestPasswordReset = (email: string) =>
  api(authRoutes.requestPasswordReset, { body: { email, redirectTo: paths.reinitialiserMotDePasse }, answer: done });

export const resetPassword = (input: { token: string; newPassword: string }) =>
  api(authRoutes.resetPassword, { body: input, answer: done });

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
