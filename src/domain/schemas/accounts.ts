import { z } from 'zod';
import { isValidPhone } from '../phone.ts';
import { texts, textRuleMessages } from '../texts/common.ts';
import { apiErrorMessages } from '../texts/errors.ts';
import { CLIENT_TYPES } from '../devis-values.ts';
import { emailAddress, storableString, TOKEN_PATTERN } from './text.ts';

export { normalizeEmail } from './text.ts';

const viewerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['customer', 'admin']),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** The administrator before his second factor is set up: only its set-up page is open to him. */
  twoFactorSetupRequired: z.boolean(),
});

export const viewerResponseSchema = z.object({ user: viewerSchema.nullable() });

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

const requiredText = (max: number) =>
  storableString({ error: texts.required, trim: true }).min(1, texts.required).max(max, textRuleMessages.tooLong(max));
const emailField = emailAddress({ required: texts.required, invalid: texts.invalidEmail });
/** A new password: never stored as typed (only its hash), but a single line like any other field. */
const passwordField = storableString({ error: texts.required })
  .min(1, texts.required)
  .min(PASSWORD_MIN_LENGTH, apiErrorMessages.password_too_short)
  .max(PASSWORD_MAX_LENGTH, apiErrorMessages.password_too_long);

/** Sign-up form and POST /api/comptes/inscription: the same rules on both sides. */
export const signUpSchema = z
  .object({
    nom: requiredText(120),
    telephone: requiredText(30).refine(isValidPhone, texts.invalidPhone),
    email: emailField,
    adresse: requiredText(300),
    type: z.enum(CLIENT_TYPES, { error: texts.required }),
    motDePasse: passwordField,
    confirmation: z.string({ error: texts.required }).min(1, texts.required).max(PASSWORD_MAX_LENGTH),
    resterConnecte: z.boolean().default(true),
  })
  .refine((value) => value.motDePasse === value.confirmation, {
    path: ['confirmation'],
    message: texts.passwordMismatch,
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const signUpResponseSchema = z.object({ email: z.string(), message: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** Longer than any password we accept, so a typed one is never cut, short enough to hash cheaply. */
const SIGN_IN_PASSWORD_MAX_LENGTH = 1024;

export const loginSchema = z.object({
  email: emailField,
  motDePasse: z.string({ error: texts.required }).min(1, texts.required).max(SIGN_IN_PASSWORD_MAX_LENGTH),
  resterConnecte: z.boolean(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ motDePasse: passwordField, confirmation: z.string().min(1, texts.required).max(PASSWORD_MAX_LENGTH) })
  .refine((value) => value.motDePasse === value.confirmation, {
    path: ['confirmation'],
    message: texts.passwordMismatch,
  });

/**
 * The bodies of the better-auth endpoints the product exposes (accounts/auth-bridge.ts),
 * checked by our bridge before better-auth sees them, with the same rules as our own routes:
 * nothing unbounded or unstorable reaches its queries or our throttle keys.
 */
export const authBodySchemas = {
  signIn: z.object({
    email: emailField,
    password: z.string({ error: texts.required }).min(1, texts.required).max(SIGN_IN_PASSWORD_MAX_LENGTH),
    rememberMe: z.boolean().optional(),
  }),
  requestPasswordReset: z.object({
    email: emailField,
    redirectTo: storableString().max(2048).optional(),
  }),
  sendVerificationEmail: z.object({
    email: emailField,
    callbackURL: storableString().max(2048).optional(),
  }),
  resetPassword: z.object({
    token: z.string({ error: apiErrorMessages.invalid_token }).regex(TOKEN_PATTERN, apiErrorMessages.invalid_token),
    newPassword: passwordField,
  }),
} as const;

/** The customer's profile (table utilisateurs, spec section 3), as GET /api/comptes/profil answers it. */
export const utilisateurSchema = z.object({
  uid: z.string(),
  nom: z.string(),
  telephone: z.string(),
  email: z.string(),
  type: z.enum(CLIENT_TYPES),
  adresse: z.string(),
  dateInscription: z.string(),
});
export type Utilisateur = z.infer<typeof utilisateurSchema>;

/** Where the verification link lands: /connexion?verification=… */
export { VERIFICATION_OUTCOMES, type VerificationOutcome } from '../verification.ts';
