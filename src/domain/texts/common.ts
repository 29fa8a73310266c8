/**
 * Every user-facing text of the product, word for word from the specification where it
 * names one. Tests assert these strings; pages and the server import them from here.
 */
/** One word or the other by a count: « 1 devis », « 2 devis » are the caller's; `plural(n, 'e-mail', 'e-mails')`. */
export const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);

export const texts = {
  appName: 'Convoyage Pro',
  notFoundTitle: '404 - Page non trouvée',
  notFoundBody: 'La page que vous cherchez n’existe pas ou a été déplacée.',
  backHome: 'Retour à l’accueil',
  loading: 'Chargement...',
  checkingPermissions: 'Vérification des autorisations en cours...',
  loadingUser: "Chargement de l'utilisateur...",
  loadingQuotes: 'Chargement des devis...',
  noActiveQuotes: 'Aucun devis actif trouvé.',
  noArchivedQuotes: 'Aucun devis archivé trouvé.',
  quoteNotFound: 'Devis introuvable',
  notSpecified: 'Non spécifiée',
  none: 'Aucun',
  confirm: 'Confirmer',
  cancel: 'Annuler',
  closeMessage: 'Fermer le message',
  loadingForm: 'Chargement du formulaire…',
  networkError: 'Connexion au serveur impossible. Vérifiez votre réseau et réessayez.',
  invalidAnswer: 'Le serveur a envoyé une réponse inattendue. Rechargez la page ; si le problème persiste, contactez-nous.',
  routeErrorTitle: 'Erreur',
  routeErrorHeading: 'Une erreur est survenue',
  routeErrorBody: 'La page n’a pas pu s’afficher. Rechargez-la ; si le problème persiste, contactez-nous.',
  reloadPage: 'Recharger la page',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  pageOf: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  /** « 23/11/2026 à 14:05 » */
  dateAtTime: (day: string, time: string) => `${day} à ${time}`,

  // Simulator (spec sections 5, 8, 9)
  simulatorRequired: 'Veuillez remplir tous les champs.',
  simulatorFailure: 'Erreur lors du calcul. Vérifiez les adresses.',

  // Accounts
  signupSuccess: '✅ Compte créé avec succès ! Vérifiez votre email (vérifiez aussi les spams).',
  signupFailure: (codeOrMessage: string) => `❌ Erreur : ${codeOrMessage}`,
  passwordMismatch: '⚠️ Les mots de passe ne correspondent pas.',
  invalidUser: 'Utilisateur invalide.',
  loginFailureHome: (code: string) => `❌ Connexion échouée : ${code}`,
  loginFailurePage: 'Échec de connexion. Vérifiez vos identifiants.',
  unknownError: 'Erreur inconnue',
  emailNotVerified: '❌ Veuillez vérifier votre adresse email (y compris le dossier spam) avant de continuer.',
  stayLoggedIn: 'Rester connecté sur ce navigateur',
  ...accountTexts(),

  // Customer quotes

  // Admin
  clauseKm: "Jusqu'à 5% de kilomètres supplémentaires peuvent être facturés.",
  clauseLongDistance: "Jusqu'à 10% de frais supplémentaires sur les trajets de plus de 800 km.",
  clientEmailMissing: "L'adresse e-mail du client est manquante.",
  confirmFailure: "Erreur lors de la confirmation ou de l'envoi du devis.",
  uploadNoFile: 'Veuillez sélectionner un fichier.',
  clientInconnu: 'client-inconnu',

  // Legal
  vatNote: 'TVA non applicable, art. 293 B du CGI',
} as const;

/** Messages of the rules every text field shares (schemas/text.ts). */
export const textRuleMessages = {
  invalidCharacters: 'Caractères non autorisés : retirez les caractères invisibles ou de contrôle.',
  invalidId: 'Identifiant invalide.',
  tooLong: (max: number) => `${max} caractères au plus.`,
} as const;

/** The e-mail sent to an address that already has an account when someone signs up with it. */
export const signUpAttemptMailTexts = {
  subject: 'Tentative de création de compte avec votre adresse e-mail',
  greeting: (name: string) => `Bonjour ${name},`,
  intro:
    'Quelqu’un, peut-être vous, vient d’essayer de créer un compte avec votre adresse e-mail. Votre compte existe déjà : aucun nouveau compte n’a été créé.',
  login: 'Pour vous connecter :',
  forgotten: 'Mot de passe oublié ? Choisissez-en un nouveau ici :',
  notYou: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre compte n’a pas été modifié.',
} as const;

/**
 * The message shown when an answer carries none (a proxy's error page, a network failure): the
 * browser imports this one constant; the table of the API's error messages (texts/errors.ts)
 * stays out of the home page's first bundle.
 */
export const internalErrorMessage = 'Une erreur interne est survenue. Veuillez réessayer plus tard.';

/** Texts of the account screens that the specification does not name (sign-up, login, reset). */
function accountTexts() {
  return {
    signupTitle: 'Créer un compte',
    signupSubmit: 'Créer mon compte',
    loginTitle: 'Connexion',
    loginSubmit: 'Se connecter',
    logout: 'Se déconnecter',
    fieldNom: 'Nom et prénom ou raison sociale',
    fieldTelephone: 'Téléphone',
    fieldEmail: 'E-mail',
    fieldAdresse: 'Adresse complète',
    fieldType: 'Vous êtes',
    typeParticulier: 'Particulier',
    typeEntreprise: 'Entreprise',
    fieldMotDePasse: 'Mot de passe',
    fieldConfirmation: 'Confirmation du mot de passe',
    passwordHint: 'Au moins 8 caractères.',
    required: 'Ce champ est obligatoire.',
    invalidEmail: 'Adresse e-mail invalide.',
    invalidPhone: 'Numéro de téléphone invalide.',
    resendVerification: 'Renvoyer l’e-mail de vérification',
    verificationResent: (email: string) => `📧 Un nouvel e-mail de vérification a été envoyé à ${email} (vérifiez aussi les spams).`,
    verificationOk: '✅ Votre adresse e-mail est vérifiée. Vous pouvez maintenant vous connecter.',
    verificationReused: 'ℹ️ Ce lien de vérification a déjà été utilisé : votre adresse e-mail est vérifiée. Vous pouvez vous connecter.',
    verificationExpired:
      '❌ Ce lien de vérification a expiré. Connectez-vous avec votre e-mail et votre mot de passe pour en recevoir un nouveau.',
    verificationInvalid:
      '❌ Ce lien de vérification n’est pas valide. Connectez-vous avec votre e-mail et votre mot de passe pour en recevoir un nouveau.',
    forgotPasswordLink: 'Mot de passe oublié ?',
    forgotPasswordTitle: 'Mot de passe oublié',
    forgotPasswordIntro: 'Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
    forgotPasswordSubmit: 'Envoyer le lien',
    forgotPasswordSent:
      '📧 Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient d’être envoyé (vérifiez aussi les spams). Le lien est valable 1 heure.',
    /** Too many account or reset e-mails asked for one address (counted whether it has an account or not). */
    tooManyMails: 'Trop d’e-mails ont déjà été envoyés à cette adresse. Réessayez dans une heure.',
    /** The API's answer to a reset request, the same whether the address has an account or not. */
    resetRequestAccepted:
      'Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient d’être envoyé. Le lien est valable 1 heure.',
    resetPasswordTitle: 'Nouveau mot de passe',
    resetPasswordSubmit: 'Enregistrer le nouveau mot de passe',
    resetPasswordInvalid: '❌ Ce lien de réinitialisation n’est pas valide ou a expiré. Demandez-en un nouveau.',
    resetPasswordDone: '✅ Votre mot de passe a été modifié. Vous pouvez vous connecter avec le nouveau mot de passe.',
    askNewLink: 'Demander un nouveau lien',
    noAccountYet: 'Pas encore de compte ?',
    loggedInAs: 'Vous êtes connecté en tant que',
    goToAdmin: 'Aller à l’administration',
    goToEspaceClient: 'Aller à mon espace client',
    headerAdmin: 'Administration',
    headerEspaceClient: 'Mon espace',
  } as const;
}
/**
 * Texts of the public site: menu, home page, information pages and legal notices. The
 * business identity (name, owner, SIRET, address, host, contact) is not here: it comes from
 * the configuration (PublicConfig) and is interpolated by the pages.
 */
export const publicTexts = {
  nav: {
    skipLink: 'Aller au contenu',
    mainMenu: 'Menu principal',
    menu: 'Menu',
    closeMenu: 'Fermer le menu',
    footerMenu: 'Informations',
    accueil: 'Accueil',
    simuler: 'Simuler un prix',
    creerCompte: 'Créer un compte',
    connexion: 'Connexion',
    contact: 'Contact',
    quiSommesNous: 'Qui sommes-nous',
    commentCaMarche: 'Comment ça marche',
    faq: 'FAQ',
    mentionsLegales: 'Mentions légales',
    confidentialite: 'Confidentialité',
    cgv: 'CGV',
  },
  footer: {
    microEntreprise: 'micro-entreprise',
    siret: (siret: string) => `SIRET ${siret}`,
  },
  home: {
    heroTitle: 'Convoyage de véhicules partout en France',
    heroLead: 'Un chauffeur professionnel déplace votre voiture ou votre utilitaire de A à B. Obtenez votre prix en quelques secondes.',
    heroCta: 'Simuler un prix',
    heroSecondaryCta: 'Créer un compte',
    heroHighlights: ['Assurance incluse', 'Partout en France', 'Devis signé en ligne'],
    pauseSlideshow: 'Mettre en pause le défilement des images',
    simulerTitle: 'Simuler un prix',
    simulerLead: 'Indiquez l’adresse de départ, l’adresse d’arrivée et le type de véhicule : le prix estimé s’affiche aussitôt.',
    creerCompteTitle: 'Créer un compte',
    creerCompteLead: 'Un compte client pour enregistrer vos devis, les compléter et suivre vos convoyages.',
    connexionTitle: 'Connexion',
    connexionLead: 'Déjà client ? Connectez-vous pour retrouver vos devis.',
    contactTitle: 'Contact',
    contactLead: 'Une question, un convoyage particulier ? Écrivez-nous ou appelez-nous.',
    contactEmail: 'E-mail',
    contactPhone: 'Téléphone',
    contactAddress: 'Adresse',
  },
  notFound: {
    otherPages: 'Vous cherchiez peut-être :',
  },
} as const;

/** Title and description of each public page, by route name (src/domain/paths.ts: pages, server-rendered head, sitemap). */
export type PageMeta = { title: string; description: string };

export const publicPageMeta = {
  home: {
    title: 'convoyage de véhicules par chauffeur professionnel',
    description:
      'Convoyage de voitures et d’utilitaires par un chauffeur professionnel, partout en France : prix immédiat en ligne, devis signé, suivi dans votre espace client.',
  },
  quiSommesNous: {
    title: 'Qui sommes-nous',
    description:
      'Un convoyeur professionnel indépendant qui conduit votre véhicule à votre place, partout en France, avec assurance et état des lieux.',
  },
  commentCaMarche: {
    title: 'Comment ça marche',
    description:
      'Simulation, création de compte, confirmation du devis signé, prise en charge, livraison et finalisation : le convoyage en six étapes.',
  },
  faq: {
    title: 'Questions fréquentes',
    description:
      'Assurance, zones desservies, nettoyage, remise du véhicule, documents, plaque W garage : les réponses à vos questions sur le convoyage.',
  },
  mentionsLegales: {
    title: 'Mentions légales',
    description: 'Éditeur, hébergement, données personnelles et cookies du site de convoyage de véhicules.',
  },
  cgv: {
    title: 'Conditions générales de vente',
    description: 'Commande, prix, acompte, paiement, assurance, délais, dommages, rétractation et médiation : les conditions du convoyage.',
  },
  retractation: {
    title: 'Formulaire de rétractation',
    description: 'Le modèle de formulaire de rétractation, à imprimer, et la rétractation en ligne depuis votre espace client.',
  },
  confidentialite: {
    title: 'Politique de confidentialité',
    description: 'Données collectées, durées de conservation, sous-traitants et vos droits (RGPD).',
  },
  connexion: {
    title: 'Connexion',
    description: 'Connectez-vous à votre espace client pour retrouver, compléter et suivre vos devis de convoyage.',
  },
} as const satisfies Record<string, PageMeta>;

/** "FAQ | Convoyage Pro"; the home page reads "Convoyage Pro – convoyage de véhicules…". */
export function pageTitle(title: string, businessName: string, isHome = false): string {
  return isHome ? `${businessName} – ${title}` : `${title} | ${businessName}`;
}
