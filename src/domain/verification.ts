/**
 * Outcomes of an e-mail verification link, as /connexion?verification=… shows them. Kept out
 * of the zod schemas so that the login page loads without the validation library.
 */
export const VERIFICATION_OUTCOMES = ['ok', 'deja-utilise', 'expire', 'invalide'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];
