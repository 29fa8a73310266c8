// Part of the text catalogue (texts.ts): what only the server says, so that no browser bundle
// carries it: refusals that have no stable code of their own, e-mails, the quote's PDF, the
// operator's commands.
import type { Seller } from '../public-config.ts';
import { texts } from './common.ts';

/** Refusals of the API that come with a message of their own (the code's message is in texts.ts). */
export const serverMessages = {
  crossOrigin: 'Requête refusée : elle ne provient pas de ce site.',
  tooManyRequests: (seconds: number) => `Trop de demandes. Veuillez patienter ${seconds} secondes avant de réessayer.`,
  tooDeep: 'Les données envoyées sont trop profondément imbriquées.',
  distanceUnavailable: 'Le calcul de distance est momentanément indisponible. Veuillez réessayer dans un instant.',
} as const;

/** The page a server without its front-end build answers. */
export const notBuiltPage = { title: 'Application non construite', body: 'Lancez' } as const;

/** The seller at the foot of every e-mail and document: trade name, name with « EI », SIRET, address. */
export const identityLine = (seller: Pick<Seller, 'tradeName' | 'legalName' | 'siret' | 'address'>) =>
  `${seller.tradeName} – ${seller.legalName} – SIRET ${seller.siret} – ${seller.address}`;

/** The lines at the foot of every e-mail: who sells, the VAT franchise, how to reach him. */
export const sellerFooter = (seller: Seller) => [identityLine(seller), texts.vatNote, `${seller.email} – ${seller.phone}`];

/** Account e-mails (sign-up verification, password reset). */
export const mailTexts = {
  greeting: (name: string) => `Bonjour ${name},`,
  verification: {
    subject: 'Confirmez votre adresse e-mail',
    intro: 'Merci pour votre inscription. Pour activer votre compte, ouvrez ce lien :',
    introHtml: 'Merci pour votre inscription. Pour activer votre compte, cliquez sur le lien ci-dessous :',
    link: 'Confirmer mon adresse e-mail',
    outro: 'Ce lien est valable 24 heures. Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message.',
  },
  resetPassword: {
    subject: 'Réinitialisation de votre mot de passe',
    intro: 'Pour choisir un nouveau mot de passe, ouvrez ce lien :',
    introHtml: 'Pour choisir un nouveau mot de passe, cliquez sur le lien ci-dessous :',
    link: 'Choisir un nouveau mot de passe',
    outro: 'Ce lien est valable 1 heure. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
  },
} as const;

/** The e-mail that carries a confirmed quote for signature; parts may be HTML the caller escaped. */
export const quoteMailTexts = {
  anonymous: 'Madame, Monsieur',
  confirmed: (numero: number, route: string, prix: string) =>
    `Votre devis de convoyage n° ${numero} (${route}) est confirmé au prix de ${prix}.`,
  attached: 'Vous le trouverez en pièce jointe au format PDF.',
  signOnline: 'Pour lancer la mission, signez-le en ligne, sur votre téléphone ou votre ordinateur, sans rien imprimer :',
  signOnlineLink: 'Signer le devis en ligne',
  orOnPaper: (mention: string, email: string) =>
    `Vous pouvez aussi l’imprimer, le signer en ajoutant la mention « ${mention} » et nous le renvoyer en réponse à ce message ou à ${email}.`,
  follow: (url: string) => `Vous pouvez suivre votre devis dans votre espace client : ${url}`,
  followLink: 'Suivre mon devis dans mon espace client',
  regards: 'Cordialement,',
} as const;

/** The quote sent for signature (PDF); its field labels are the customer area's (quoteTexts). */
export const pdfTexts = {
  subject: 'Devis de convoyage',
  cgvReference: 'La signature de ce devis vaut acceptation des conditions générales de vente, consultables sur le site (page CGV).',
  siret: (siret: string) => `SIRET : ${siret}`,
  quoteDate: (date: string) => `Date du devis : ${date}`,
  simulationDate: (date: string) => `Simulation du ${date}`,
  statut: (label: string) => `Statut : ${label}`,
  slotBetween: (start: string, end: string) => `, entre ${start} et ${end}`,
  slotFrom: (start: string) => `, à partir de ${start}`,
  priceHeading: 'Prix',
  prixFinal: (prix: string) => `Prix final : ${prix}`,
  signatureInstructions: (mention: string) => `Date, nom et signature du client, précédés de la mention « ${mention} »`,
  returnTo: 'Devis à retourner signé à',
} as const;

/** The operator's commands: npm run admin, backup and restore. */
export const cliTexts = {
  adminName: 'Administrateur',
  adminUsage: [
    'Usage : npm run admin -- --email admin@exemple.fr [--password "mot de passe"]',
    'Sans --password, le mot de passe est lu dans la variable ADMIN_PASSWORD, sinon sur l’entrée standard',
    '(sa première ligne, ou une saisie masquée dans un terminal).',
    '        npm run admin -- --email admin@exemple.fr --reset-2fa',
    '  supprime la double authentification du compte (à reconfigurer à la prochaine connexion).',
    '        npm run admin -- --email admin@exemple.fr --totp-secret BASE32',
    '  active la double authentification avec cette clé (base32).',
  ].join('\n'),
  passwordTooShort: 'Le mot de passe doit contenir au moins 8 caractères.',
  passwordPrompt: 'Mot de passe de l’administrateur : ',
  passwordConfirmPrompt: 'Confirmez le mot de passe : ',
  passwordMismatch: 'Les deux saisies ne correspondent pas ; l’administrateur n’a pas été modifié.',
  adminSaved: (created: boolean, email: string) => `${created ? 'Administrateur créé' : 'Administrateur mis à jour'} : ${email}`,
  adminEmailDiffers: (adminEmail: string) =>
    `Attention : ADMIN_EMAIL vaut ${adminEmail} ; l’application reconnaît l’administrateur par cette variable.`,
  cancelled: 'Annulé.',
  backupUsage: 'Usage : npm run backup [-- --out DOSSIER] | npm run restore -- --from DOSSIER',
  backupDone: (engine: string, withFiles: boolean, out: string) =>
    `Sauvegarde terminée (${engine}${withFiles ? ', fichiers inclus' : ''}) : ${out}`,
  restoreDone: (createdAt: string) => `Restauration terminée depuis la sauvegarde du ${createdAt}.`,
  noDatabase: (file: string) => `Aucune base de données à sauvegarder dans ${file} (vérifiez DATA_DIR ou DATABASE_URL).`,
  noBackup: (dir: string) => `Aucune sauvegarde dans ${dir} : manifest.json est introuvable. Rien n’a été modifié.`,
  otherEngine: (backup: string, configured: string) =>
    `Cette sauvegarde est une base ${backup}, mais la base configurée est ${configured} (DATABASE_URL). Rien n’a été modifié.`,
} as const;

/** The API's own documentation (OpenAPI, served at /api/docs), in French like the product. */
export const apiDocs = {
  description: 'API JSON du service de devis de convoyage de véhicules.',
  systemTag: 'système',
  health: 'État du service (200 dès que la base de données répond)',
  config: 'Identité de l’entreprise et coordonnées de contact',
  robots: 'Consignes pour les robots d’indexation',
  sitemap: 'Plan du site : les pages publiques',
  me: 'L’utilisateur connecté et son rôle (user: null pour un visiteur)',
  signUp:
    'Créer un compte client (profil utilisateurs compris) et envoyer l’e-mail de vérification ; même réponse pour une adresse déjà inscrite, dont le titulaire est prévenu par e-mail',
  profile: 'Le profil du client connecté (nom, téléphone, e-mail, type, adresse)',
  verificationLink: 'Lien de vérification de l’e-mail : vérifie puis redirige vers /connexion?verification=…',
  suggestions: (max: number) => `Suggestions d’adresses pour l’autocomplétion (${max} au plus)`,
  distance: 'Distance routière estimée entre deux adresses, en km',
  simulation: 'Simuler un prix ; enregistre le devis pour un client connecté',
  myQuotes: 'Mes devis actifs (hors archivés), du plus récent au plus ancien',
  myQuotesSearch:
    'Recherche `q` par trajet (adresses), numéro de devis ou date (« 21/11/2026 », « 11/2026 »), sans tenir compte des accents ni de la casse.',
  myArchives: 'Mes devis archivés, par numéro croissant',
  myQuote: 'Un de mes devis, avec l’historique de ses statuts',
  complete: 'Compléter un devis en attente (passe en attente de confirmation)',
  archive: 'Archiver un devis en attente',
  restore: 'Restaurer un devis archivé (repasse en attente)',
  delete: 'Supprimer définitivement un devis en attente ou archivé',
  deleted: 'Devis supprimé',
  signedDownload: 'Télécharger le devis signé (le client propriétaire ou l’administrateur)',
  signingPage: 'La page de signature de mon devis : prix, clauses, PDF envoyé et son empreinte, signataire prérempli',
  sentPdfDownload: 'Le PDF du devis tel qu’il a été envoyé pour signature (le client propriétaire ou l’administrateur)',
  sentPdf: 'Le PDF envoyé',
  sign: 'Signer en ligne le devis envoyé (consentement, nom, signature dessinée) : il passe en cours, signé et scellé',
  statusUpdatesField: 'Recevoir les e-mails de suivi (mission en cours, terminée, devis archivé ou supprimé)',
  myNotificationPreferences: 'Mes préférences d’e-mails de suivi',
  setNotificationPreferences: 'Activer ou couper les e-mails de suivi (les e-mails indispensables restent envoyés)',
  signedPdf: 'Le PDF signé',
  admin: {
    list: 'Devis regroupés par e-mail client (recherche, filtre par statut, pagination des groupes)',
    archives: 'Tous les devis archivés, par numéro croissant',
    quote: 'Un devis avec son historique de statuts',
    confirm: 'Confirmer le devis (prix final et clauses) et l’envoyer au client par e-mail avec le PDF',
    retryMail: 'Envoyer maintenant l’e-mail du devis confirmé (en attente ou en échec)',
    extend: 'Prolonger un devis envoyé dont la date de validité est passée : nouvel exemplaire envoyé au client',
    confirmSigned: 'Confirmer le devis signé (envoyé → en cours)',
    finish: 'Terminer la mission (en cours → terminé)',
    archive: 'Archiver le devis',
    restore: 'Restaurer un devis archivé (→ en attente)',
    delete:
      'Supprimer définitivement le devis et son PDF signé ; l’acompte d’une mission signée est annulé par un avoir, ou conservé avec ?acompte=conserver (article 13 des CGV)',
    upload: 'Téléverser le devis signé (un seul fichier PDF, 10 Mo au plus) : le devis passe en cours',
  },
} as const;
