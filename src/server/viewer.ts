import type { Role } from '#domain/statuses.ts';

/**
 * Who is asking: the account a guard let through (accounts/guards.ts makes it from the
 * session). Services take it to decide what the caller owns; it sits in the kernel so that any
 * capability can name it without depending on accounts/.
 */
export type Viewer = {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  /** Whether the account signs in with a code from an authenticator app as well. */
  twoFactorEnabled: boolean;
  /** The administrator without a second factor yet: only the set-up routes answer him. */
  twoFactorSetupRequired: boolean;
};
