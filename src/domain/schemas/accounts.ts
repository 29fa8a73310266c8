import { z } from 'zod';
import { isValidPhone } from '../phone.ts';
import { apiErrorMessages, texts } from '../texts.ts';
import { CLIENT_TYPES } from './devis.ts';

const viewerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['customer', 'admin']),
  emailVerified: z.boolean(),
});

export const viewerResponseSchema = z.object({ user: viewerSchema.nullable() });

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

/** Lower-cased and trimmed: the form in which e-mails are stored and compared. */
const normalizeEmail = (email: string) => email.trim().toLowerCase();

const requiredText = (max: number) => z.string({ error: texts.required }).trim().min(1, texts.required).max(max);
const emailField = z
  .string({ error: texts.required })
  .trim()
  .min(1, texts.required)
  .pipe(z.email(texts.invalidEmail))
  .transform(normalizeEmail);
const passwordField = z
  .string({ error: texts.required })
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
    confirmation: z.string({ error: texts.required }).min(1, texts.required),
    resterConnecte: z.boolean().default(true),
  })
  .refine((value) => value.motDePasse === value.confirmation, {
    path: ['confirmation'],
    message: texts.passwordMismatch,
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const signUpResponseSchema = z.object({ email: z.string(), message: z.string() });

export const loginSchema = z.object({
  email: emailField,
  motDePasse: z.string({ error: texts.required }).min(1, texts.required),
  resterConnecte: z.boolean(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ motDePasse: passwordField, confirmation: z.string().min(1, texts.required) })
  .refine((value) => value.motDePasse === value.confirmation, {
    path: ['confirmation'],
    message: texts.passwordMismatch,
  });

/** The customer's profile (table utilisateurs, spec section 3). */
export type Utilisateur = {
  uid: string;
  nom: string;
  telephone: string;
  email: string;
  type: (typeof CLIENT_TYPES)[number];
  adresse: string;
  dateInscription: string;
};

/** Where the verification link lands: /connexion?verification=… */
export { VERIFICATION_OUTCOMES, type VerificationOutcome } from '../verification.ts';
