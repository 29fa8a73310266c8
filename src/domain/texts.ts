/**
 * Every user-facing text of the product, word for word from the specification where it
 * names one. Tests assert these strings; pages and the server import them from here.
 */
export const texts = {
  appName: 'Convoyage Pro',
  notFoundTitle: '404 - Page non trouvée',
  notFoundBody: "La page que vous cherchez n'existe pas ou a été déplacée.",
  backHome: "Retour à l'accueil",
  loading: 'Chargement...',
  checkingPermissions: 'Vérification des autorisations en cours...',
  loadingUser: "Chargement de l'utilisateur...",
  loadingQuotes: 'Chargement des devis...',
  noActiveQuotes: 'Aucun devis actif trouvé.',
  noArchivedQuotes: 'Aucun devis archivé trouvé.',
  quoteNotFound: 'Devis introuvable',
  notSpecified: 'Non spécifiée',
  none: 'Aucun',

  // Simulator (spec sections 5, 8, 9)
  simulatorRequired: 'Veuillez remplir tous les champs.',
  simulatorFailure: 'Erreur lors du calcul. Vérifiez les adresses.',
  simulatorTooFar:
    'Distance supérieure à 1200 km – veuillez nous contacter pour un devis personnalisé.',
  distanceEstimee: (km: string) => `Distance estimée : ${km} km`,
  prixEstime: (euros: string) => `Prix estimé TTC : ${euros} €`,

  // Accounts
  signupSuccess: '✅ Compte créé avec succès ! Vérifiez votre email (vérifiez aussi les spams).',
  signupFailure: (codeOrMessage: string) => `❌ Erreur : ${codeOrMessage}`,
  passwordMismatch: '⚠️ Les mots de passe ne correspondent pas.',
  invalidUser: 'Utilisateur invalide.',
  loginFailureHome: (code: string) => `❌ Connexion échouée : ${code}`,
  loginFailurePage: 'Échec de connexion. Vérifiez vos identifiants.',
  unknownError: 'Erreur inconnue',
  emailNotVerified:
    '❌ Veuillez vérifier votre adresse email (y compris le dossier spam) avant de continuer.',
  stayLoggedIn: 'Rester connecté sur ce navigateur',

  // Customer quotes
  confirmDelete: 'Voulez-vous vraiment supprimer ce devis ?',
  confirmDeleteArchived: 'Voulez-vous vraiment supprimer ce devis archivé ?',
  deleteFailure: 'Erreur lors de la suppression.',
  completeTitle: 'Compléter le devis',
  completeSubmit: 'Valider les informations',
  completeSuccess: 'Devis complété avec succès.',

  // Admin
  adminEditTitle: 'Édition et confirmation du devis',
  prixFinalLabel: 'Prix final (€)',
  clauseKm: "Jusqu'à 5% de kilomètres supplémentaires peuvent être facturés.",
  clauseLongDistance: "Jusqu'à 10% de frais supplémentaires sur les trajets de plus de 800 km.",
  confirmQuote: 'Confirmer le devis',
  clientEmailMissing: "L'adresse e-mail du client est manquante.",
  confirmSuccess: 'Le devis a été confirmé et envoyé par email au client.',
  confirmFailure: "Erreur lors de la confirmation ou de l'envoi du devis.",
  confirmSigned: 'Confirmer devis signé',
  finishMission: 'Terminer la mission',
  uploadTitle: 'Téléversement du devis signé',
  uploadButton: 'Téléverser',
  uploadInProgress: 'Téléversement en cours...',
  uploadNoFile: 'Veuillez sélectionner un fichier.',
  uploadSuccess: 'Fichier téléversé avec succès.',
  uploadFailure: 'Une erreur est survenue.',
  clientInconnu: 'client-inconnu',

  // Legal
  vatNote: 'TVA non applicable, art. 293 B du CGI',
} as const;

/** French messages of the API's stable error codes. */
export const apiErrorMessages = {
  not_found: 'Ressource introuvable.',
  route_not_found: "Cette adresse de l'API n'existe pas.",
  validation: 'Les données envoyées sont invalides.',
  invalid_json: "Le corps de la requête n'est pas un JSON valide.",
  payload_too_large: 'Les données envoyées sont trop volumineuses.',
  unsupported_media_type: "Ce type de contenu n'est pas accepté.",
  unauthenticated: 'Vous devez être connecté pour effectuer cette action.',
  forbidden: "Vous n'avez pas les droits nécessaires pour effectuer cette action.",
  conflict: "Cette action n'est pas possible dans l'état actuel du devis.",
  rate_limited: 'Trop de tentatives. Veuillez patienter avant de réessayer.',
  internal: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  unavailable: 'Le service est momentanément indisponible. Veuillez réessayer plus tard.',
} as const;

export type ApiErrorCode = keyof typeof apiErrorMessages;

/** Admin back office texts that the specification leaves open (issue 7). */
export const adminTexts = {
  adminTitle: 'Administration des devis',
  archivesTitle: 'Devis archivés',
  archivesLink: 'Devis archivés',
  logout: 'Se déconnecter',
  searchLabel: 'Rechercher (e-mail, nom ou téléphone)',
  statusFilterLabel: 'Statut',
  statusAll: 'Tous',
  groupCount: (count: number) => `${count} devis`,
  lastActivity: (date: string) => `Dernière activité : ${date}`,
  noGroups: 'Aucun devis ne correspond à la recherche.',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  pageOf: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  showAllOfGroup: (count: number) => `Afficher les ${count} devis du client`,
  editAndConfirm: 'Éditer et confirmer',
  archive: 'Archiver',
  restore: 'Restaurer',
  view: 'Voir',
  delete: 'Supprimer',
  uploadSigned: 'Téléverser le devis signé',
  downloadSigned: 'Télécharger le devis signé',
  deleteTitle: 'Supprimer ce devis ?',
  deleteWarning: 'Cette action est irréversible : le devis, son historique et le devis signé éventuel seront définitivement supprimés.',
  deleteDone: 'Le devis a été supprimé.',
  archiveDone: 'Le devis a été archivé.',
  restoreDone: 'Le devis a été restauré.',
  confirmSignedDone: 'Le devis signé a été confirmé : la mission est en cours.',
  finishDone: 'La mission est terminée.',
  actionFailure: "L'action n'a pas pu être effectuée.",
  prixFinalInvalid: 'Le prix final doit être un nombre positif avec au plus deux décimales.',
  prixFinalTooHigh: 'Le prix final ne peut pas dépasser 1 000 000 €.',
  clausesLegend: 'Clauses du devis',
  historyTitle: 'Historique',
  historyEntry: (from: string, to: string) => `${from} → ${to}`,
  historyCreated: (to: string) => `Création : ${to}`,
  byAdmin: 'administrateur',
  byCustomer: 'client',
  uploadPickerLabel: 'Devis signé (PDF)',
  uploadProgressLabel: 'Progression du téléversement',
  uploadNotPdf: "Le fichier n'est pas un PDF valide.",
  uploadEmpty: 'Le fichier est vide.',
  uploadTooLarge: 'Le fichier dépasse la taille maximale de 10 Mo.',
  uploadTooManyFiles: 'Un seul fichier peut être téléversé à la fois.',
  signedFileMissing: "Aucun devis signé n'est disponible pour ce devis.",
  backToAdmin: "Retour à l'administration",
  sectionClient: 'Informations client',
  sectionGeneral: 'Informations générales',
  sectionTimes: 'Horaires',
  sectionContacts: 'Contacts sur place',
  sectionOptions: 'Options',
  sectionVehicle: 'Véhicule',
  sectionComments: 'Commentaires',
  sectionConfirm: 'Prix et clauses',
  // PDF and e-mail
  pdfTitle: (numero: number) => `Devis n° ${numero}`,
  signatureBlock: 'Bon pour accord',
  mailSubject: (numero: number) => `Votre devis de convoyage n° ${numero} à signer`,
} as const;
