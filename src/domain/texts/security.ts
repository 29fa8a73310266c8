// Part of the text catalogue (texts.ts), in its own module so that only the second-factor
// screens, the re-authentication dialog and the server load it (the home bundle does not).

/** The refusals of the second factor and of re-authentication: stable code → French message. */
export const securityErrorMessages = {
  two_factor_setup_required:
    'Pour protéger le compte administrateur, configurez d’abord la double authentification (application d’authentification).',
  two_factor_required: 'La double authentification est obligatoire pour le compte administrateur : elle ne peut pas être désactivée.',
  two_factor_already_enabled: 'La double authentification est déjà activée sur ce compte.',
  two_factor_not_enabled: 'La double authentification n’est pas activée sur ce compte.',
  two_factor_setup_missing: 'Commencez la configuration de la double authentification avant de saisir un code.',
  invalid_two_factor_code: 'Code incorrect. Saisissez le code à 6 chiffres affiché par votre application d’authentification.',
  invalid_backup_code: 'Code de secours incorrect ou déjà utilisé.',
  two_factor_expired: 'La vérification a expiré ou a été interrompue. Reconnectez-vous avec votre e-mail et votre mot de passe.',
  two_factor_too_many_attempts: 'Trop de codes incorrects. Reconnectez-vous avec votre e-mail et votre mot de passe.',
  two_factor_locked: 'Trop de codes incorrects pour ce compte. Réessayez dans 15 minutes.',
  reauthentication_required:
    'Pour cette action sensible, confirmez votre identité : saisissez à nouveau votre mot de passe ou un code de votre application d’authentification.',
  reauthentication_failed: 'Mot de passe ou code incorrect.',
} as const;

export type SecurityErrorCode = keyof typeof securityErrorMessages;

/** HTTP status of each refusal above. */
export const securityErrorStatus: Record<SecurityErrorCode, number> = {
  two_factor_setup_required: 403,
  two_factor_required: 403,
  two_factor_already_enabled: 409,
  two_factor_not_enabled: 409,
  two_factor_setup_missing: 409,
  invalid_two_factor_code: 401,
  invalid_backup_code: 401,
  two_factor_expired: 401,
  two_factor_too_many_attempts: 401,
  two_factor_locked: 429,
  reauthentication_required: 403,
  reauthentication_failed: 401,
};

/** Screens of the second factor: the login's second step, the set-up, the customer's choice, the dialog. */
export const twoFactorTexts = {
  codeStepTitle: 'Vérification en deux étapes',
  codeStepIntro: 'Saisissez le code à 6 chiffres affiché par votre application d’authentification.',
  backupStepIntro: 'Saisissez l’un de vos codes de secours (chacun ne sert qu’une fois).',
  fieldCode: 'Code à 6 chiffres',
  fieldBackupCode: 'Code de secours',
  codeSubmit: 'Valider',
  useBackupCode: 'Utiliser un code de secours',
  useAppCode: 'Utiliser le code de l’application',
  backToLogin: 'Revenir à la connexion',
  codeRequired: 'Saisissez le code.',
  codeFormat: 'Le code comporte 6 chiffres.',

  setupTitle: 'Double authentification',
  setupRequiredIntro:
    'Le compte administrateur donne accès à toutes les données des clients : une application d’authentification (Google Authenticator, Microsoft Authenticator, FreeOTP, Aegis…) est obligatoire en plus du mot de passe.',
  setupStart: 'Configurer la double authentification',
  setupScan: '1. Scannez ce QR code avec votre application d’authentification.',
  setupManual: 'Ou saisissez cette clé dans l’application :',
  setupSecretLabel: 'Clé secrète',
  setupConfirm: '2. Saisissez le code à 6 chiffres affiché par l’application pour confirmer.',
  setupConfirmSubmit: 'Activer la double authentification',
  qrAlt: 'QR code à scanner avec votre application d’authentification',
  backupCodesTitle: 'Vos codes de secours',
  backupCodesIntro:
    'Conservez ces dix codes en lieu sûr (hors de votre téléphone) : chacun permet une seule connexion si vous n’avez plus accès à votre application. Ils ne seront plus affichés.',
  backupCodesDone: 'J’ai conservé mes codes',
  enabledStatus: '✅ La double authentification est activée sur votre compte.',
  disabledStatus:
    'La double authentification n’est pas activée. Elle est facultative et protège votre compte si votre mot de passe est découvert.',
  disable: 'Désactiver la double authentification',
  disabled: 'La double authentification est désactivée.',
  regenerateCodes: 'Générer de nouveaux codes de secours',

  reauthTitle: 'Confirmez votre identité',
  reauthIntro: 'Cette action est sensible : saisissez à nouveau votre mot de passe, ou un code de votre application d’authentification.',
  reauthPassword: 'Mot de passe',
  reauthCode: 'Ou code à 6 chiffres',
  reauthSubmit: 'Confirmer',
  reauthCancel: 'Annuler',
  reauthMissing: 'Saisissez votre mot de passe ou un code.',
} as const;

/** The server's side: summaries of the routes (OpenAPI) and the command's messages. */
export const twoFactorServerTexts = {
  routeStatus: 'État de la double authentification du compte connecté',
  routeSetup: 'Commence la configuration de la double authentification (nouvelle clé, QR code)',
  routeActivate: 'Active la double authentification avec un premier code ; renvoie les dix codes de secours',
  routeDisable: 'Désactive la double authentification (clients seulement)',
  routeBackupCodes: 'Remplace les codes de secours par dix nouveaux',
  routeReauthenticate: 'Confirme l’identité (mot de passe ou code) avant une action sensible',
  cliResetDone: (email: string) => `Double authentification supprimée pour ${email} : elle sera à configurer à la prochaine connexion.`,
  cliSecretDone: (email: string) =>
    `Double authentification activée pour ${email} avec la clé fournie. Codes de secours (affichés une seule fois) :`,
  cliInvalidSecret: 'Clé TOTP invalide : attendue en base32 (lettres A à Z et chiffres 2 à 7), au moins 16 caractères.',
  cliNoAccount: (email: string) => `Aucun compte pour ${email}.`,
} as const;
