/**
 * French messages of the API's stable error codes: part of the catalogue of texts.ts, in a
 * module of its own so that the home page's first bundle does not carry them (the browser shows
 * the message each answer brings; the forms that validate passwords and links load lazily).
 */
import { internalErrorMessage } from './common.ts';

export const apiErrorMessages = {
  not_found: 'Ressource introuvable.',
  route_not_found: 'Cette adresse de l’API n’existe pas.',
  validation: 'Les données envoyées sont invalides.',
  invalid_json: 'Le corps de la requête n’est pas un JSON valide.',
  payload_too_large: 'Les données envoyées sont trop volumineuses.',
  unsupported_media_type: 'Ce type de contenu n’est pas accepté.',
  unauthenticated: 'Vous devez être connecté pour effectuer cette action.',
  forbidden: 'Vous n’avez pas les droits nécessaires pour effectuer cette action.',
  conflict: 'Cette action n’est pas possible dans l’état actuel du devis.',
  rate_limited: 'Trop de tentatives. Veuillez patienter avant de réessayer.',
  // Accounts (better-auth's English errors are translated to these, see server/accounts/auth-errors.ts)
  invalid_credentials: 'E-mail ou mot de passe incorrect.',
  email_not_verified: 'Veuillez vérifier votre adresse email (y compris le dossier spam) avant de continuer.',
  user_already_exists: 'Un compte existe déjà avec cette adresse e-mail.',
  email_reserved: 'Cette adresse e-mail ne peut pas être utilisée pour créer un compte.',
  password_too_short: 'Le mot de passe doit contenir au moins 8 caractères.',
  password_too_long: 'Le mot de passe ne doit pas dépasser 128 caractères.',
  invalid_token: 'Ce lien n’est pas valide ou a déjà été utilisé.',
  token_expired: 'Ce lien a expiré. Demandez-en un nouveau.',
  account_locked: 'Trop de tentatives de connexion pour ce compte. Réessayez dans 15 minutes ou réinitialisez votre mot de passe.',
  internal: internalErrorMessage,
  unavailable: 'Le service est momentanément indisponible. Veuillez réessayer plus tard.',
} as const;

export type ApiErrorCode = keyof typeof apiErrorMessages;
