// Part of the text catalogue (texts.ts), in its own module so that only the pages that
// use it load it: « Mes appareils », the security e-mails and the audit journal (issue 18).
import type { AuditKind } from '../audit.ts';

export const sessionTexts = {
  title: 'Mes appareils',
  intro: 'Les appareils et navigateurs connectés à votre compte. Déconnectez ceux que vous ne reconnaissez pas.',
  thisDevice: 'Cet appareil',
  unknownBrowser: 'Navigateur inconnu',
  unknownSystem: 'système inconnu',
  ip: (ip: string) => `Adresse IP : ${ip}`,
  unknownIp: 'Adresse IP inconnue',
  lastActivity: (date: string) => `Dernière activité : ${date}`,
  signedInAt: (date: string) => `Connecté le ${date}`,
  disconnect: 'Déconnecter',
  disconnectOthers: 'Déconnecter tous les autres appareils',
  disconnected: 'L’appareil a été déconnecté.',
  othersDisconnected: (count: number) =>
    count === 0
      ? 'Aucun autre appareil n’était connecté.'
      : count === 1
        ? 'Un autre appareil a été déconnecté.'
        : `${count} autres appareils ont été déconnectés.`,
  noOtherDevice: 'Aucun autre appareil n’est connecté.',
  loading: 'Chargement des appareils…',
  loadError: 'Impossible de charger la liste des appareils.',
  actionError: 'La déconnexion a échoué. Réessayez.',
  apiDocs: {
    list: 'Les sessions ouvertes du compte (Mes appareils)',
    revoke: 'Déconnecte une session du compte',
    revokeOthers: 'Déconnecte toutes les autres sessions du compte',
    journal: 'Le journal d’audit (administrateur)',
  },
};

/** The e-mails that tell the account's owner about its security. */
export const securityMailTexts = {
  newDevice: {
    subject: 'Nouvelle connexion à votre compte',
    intro: 'Une connexion à votre compte vient d’avoir lieu depuis un navigateur que nous ne connaissions pas :',
    details: (browser: string, ip: string, date: string) => `${browser} — adresse IP ${ip} — le ${date}`,
    ifYou: 'Si c’était vous, vous n’avez rien à faire.',
    ifNotYou:
      'Sinon, changez votre mot de passe (« Mot de passe oublié ? » sur la page de connexion) et déconnectez les appareils que vous ne reconnaissez pas dans « Mes appareils » :',
  },
  passwordChanged: {
    subject: 'Votre mot de passe a été modifié',
    intro: (date: string) => `Le mot de passe de votre compte a été modifié le ${date}. Les autres appareils ont été déconnectés.`,
    ifNotYou: 'Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe sans attendre :',
  },
  accountLocked: {
    subject: 'Connexion à votre compte bloquée temporairement',
    intro: (minutes: number) =>
      `Plusieurs tentatives de connexion à votre compte ont échoué avec un mauvais mot de passe. Par sécurité, les connexions depuis un navigateur inconnu sont bloquées pendant ${minutes} minutes.`,
    knownDevices: 'Les navigateurs où vous vous êtes déjà connecté ne sont pas bloqués.',
    ifNotYou: 'Si ce n’était pas vous, quelqu’un essaie peut-être de deviner votre mot de passe. Vous pouvez en choisir un nouveau :',
  },
  twoFactorChanged: {
    subject: 'Double authentification modifiée sur votre compte',
    intro: {
      'auth.two_factor_enabled': (date: string) =>
        `La double authentification a été activée sur votre compte le ${date}. Un code de votre application vous sera demandé à chaque connexion.`,
      'auth.two_factor_disabled': (date: string) =>
        `La double authentification a été désactivée sur votre compte le ${date}. Votre mot de passe suffit désormais pour vous connecter.`,
      'auth.backup_codes_renewed': (date: string) =>
        `De nouveaux codes de secours ont été créés pour votre compte le ${date}. Les anciens ne fonctionnent plus.`,
      'auth.two_factor_reset': (date: string) =>
        `La double authentification de votre compte a été retirée depuis le serveur le ${date}, et vos appareils ont été déconnectés.`,
      'auth.two_factor_secret_set': (date: string) =>
        `Une nouvelle clé de double authentification a été installée sur votre compte depuis le serveur le ${date}.`,
    },
    ifNotYou:
      'Si vous n’êtes pas à l’origine de ce changement, choisissez sans attendre un nouveau mot de passe et déconnectez les appareils que vous ne reconnaissez pas dans « Mes appareils » :',
  },
  unknownBrowser: 'Navigateur inconnu',
};

/** The journal's page in the back office (/admin/journal) and a quote's own entries. */
export const journalTexts = {
  title: 'Journal d’audit',
  intro: 'Toutes les modifications faites dans l’administration et toutes les connexions, les plus récentes d’abord.',
  quoteTitle: 'Journal du devis',
  filterQuote: 'Devis (numéro)',
  filterAccount: 'Compte (e-mail)',
  filterKind: 'Type',
  allKinds: 'Tous',
  apply: 'Filtrer',
  reset: 'Effacer les filtres',
  colDate: 'Date',
  colKind: 'Événement',
  colActor: 'Par',
  colQuote: 'Devis',
  colIp: 'IP',
  colDetails: 'Détails',
  quoteNumber: (numero: number) => `n° ${numero}`,
  empty: 'Aucune entrée ne correspond.',
  loading: 'Chargement du journal…',
  loadError: 'Impossible de charger le journal.',
  total: (count: number) => `${count} entrée${count > 1 ? 's' : ''}`,
  pagination: 'Pagination du journal',
  /** The details' names and known values in French; anything else is shown as stored. */
  detailNames: {
    nouveauNavigateur: 'Nouveau navigateur',
    via: 'Par',
    raison: 'Raison',
    dureeSecondes: 'Blocage (secondes)',
    cetAppareil: 'Cet appareil',
    sessions: 'Sessions',
    moyen: 'Preuve',
    devis: 'Devis',
    etape: 'Étape',
    photoId: 'Photo',
    factureId: 'Facture (id)',
    numeroFacture: 'Facture',
    sessionId: 'Session',
  } as Record<string, string>,
  detailValues: {
    true: 'oui',
    false: 'non',
    password: 'mot de passe',
    totp: 'code de l’application',
    '/two-factor/verify-totp': 'mot de passe et code de l’application',
    '/two-factor/verify-backup-code': 'mot de passe et code de secours',
    INVALID_EMAIL_OR_PASSWORD: 'mauvais mot de passe ou compte inconnu',
    ACCOUNT_LOCKED: 'compte bloqué',
    EMAIL_NOT_VERIFIED: 'e-mail non vérifié',
    INVALID_CODE: 'code incorrect',
    CODE_ALREADY_USED: 'code déjà utilisé',
    INVALID_BACKUP_CODE: 'code de secours incorrect',
    TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'trop de codes, mot de passe à redonner',
    TWO_FACTOR_LOCKED: 'trop de codes, réessayer plus tard',
    'prise-en-charge': 'prise en charge',
    livraison: 'livraison',
  } as Record<string, string>,
  kinds: {
    'auth.sign_in': 'Connexion',
    'auth.sign_in_failed': 'Connexion refusée',
    'auth.sign_out': 'Déconnexion',
    'auth.account_locked': 'Compte bloqué (trop de tentatives)',
    'auth.password_reset': 'Mot de passe réinitialisé',
    'auth.password_changed': 'Mot de passe modifié',
    'auth.two_factor_enabled': 'Double authentification activée',
    'auth.two_factor_disabled': 'Double authentification désactivée',
    'auth.two_factor_verified': 'Code de double authentification accepté',
    'auth.two_factor_failed': 'Code de double authentification refusé',
    'auth.backup_code_used': 'Code de secours utilisé',
    'auth.backup_code_failed': 'Code de secours refusé',
    'auth.backup_codes_renewed': 'Codes de secours renouvelés',
    'auth.two_factor_reset': 'Double authentification réinitialisée (serveur)',
    'auth.two_factor_secret_set': 'Clé de double authentification installée (serveur)',
    'auth.reauthenticated': 'Identité confirmée',
    'auth.reauthentication_failed': 'Confirmation d’identité refusée',
    'account.deleted': 'Compte supprimé par son titulaire',
    'session.revoked': 'Appareil déconnecté',
    'session.revoked_others': 'Autres appareils déconnectés',
    'quote.confirm': 'Devis confirmé',
    'quote.mail_resent': 'E-mail du devis renvoyé',
    'quote.extend': 'Validité du devis prolongée',
    'quote.confirm_signed': 'Devis signé confirmé',
    'quote.finish': 'Mission terminée',
    'quote.archive': 'Devis archivé',
    'quote.restore': 'Devis restauré',
    'quote.delete': 'Devis supprimé',
    'quote.upload_signed': 'Devis signé téléversé',
    'mission.photo_stored': 'Photo enregistrée',
    'mission.photo_deleted': 'Photo supprimée',
    'mission.inspection_completed': 'État des lieux enregistré',
    'planning.feed_regenerated': 'Lien de l’agenda régénéré',
    'invoice.draft_created': 'Brouillon de facture créé',
    'invoice.draft_updated': 'Brouillon de facture modifié',
    'invoice.draft_deleted': 'Brouillon de facture supprimé',
    'invoice.issued': 'Facture émise',
    'invoice.credit_note_issued': 'Avoir émis',
    'invoice.payment_recorded': 'Paiement enregistré',
    'invoice.reminder_sent': 'Relance envoyée',
    'einvoicing.invoice_resent': 'Facture renvoyée à la plateforme agréée',
    'einvoicing.purchase_approved': 'Facture fournisseur approuvée',
    'einvoicing.purchase_refused': 'Facture fournisseur refusée',
    'einvoicing.period_reported': 'E-reporting transmis',
  } satisfies Record<AuditKind, string>,
};
