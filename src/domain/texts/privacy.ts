/**
 * Texts of the customer's rights (RGPD): the export, the account deletion, its last e-mail
 * and the API's summaries. Part of the catalogue of src/domain/texts/common.ts. The privacy page's
 * long texts are in texts/privacy-page.ts, loaded with that page only.
 */

/** A quote that keeps the account open, as the refusal names it. */
export type BlockingQuote = { numeroDevis: number; statut: 'envoyé' | 'en cours' };

const blockingReason: Record<BlockingQuote['statut'], string> = {
  envoyé: 'envoyé, en attente de votre signature',
  'en cours': 'en cours de réalisation',
};

export const privacyTexts = {
  // The customer's area
  sectionTitle: 'Mes données personnelles',
  sectionIntro:
    'Vous pouvez télécharger toutes les données que nous détenons sur votre compte, ou supprimer votre compte. La politique de confidentialité explique ce que nous conservons et pourquoi.',
  policyLink: 'Politique de confidentialité',
  download: 'Télécharger mes données',
  downloading: 'Préparation du fichier…',
  downloadFailed: 'Le téléchargement de vos données a échoué. Veuillez réessayer.',
  deleteAccount: 'Supprimer mon compte',
  deleteTitle: 'Supprimer votre compte ?',
  deleteWarning:
    'Votre compte, votre profil et vos sessions seront supprimés définitivement, et vos devis anonymisés. Les factures et les documents signés que la loi nous oblige à garder sont conservés (voir la politique de confidentialité). Cette action est irréversible.',
  deletePasswordLabel: 'Votre mot de passe, pour confirmer',
  deleteConfirm: 'Supprimer définitivement mon compte',
  deleting: 'Suppression en cours…',
  cancel: 'Annuler',
  /** Shown on the login page once the account is gone. */
  deleted: '✅ Votre compte a été supprimé. Un dernier e-mail de confirmation vous a été envoyé.',

  // The API's refusals
  wrongPassword: 'Mot de passe incorrect : votre compte n’a pas été supprimé.',
  adminCannotBeDeleted: 'Le compte administrateur ne peut pas être supprimé depuis l’espace client.',
  activeQuotesDefault: 'Votre compte ne peut pas être supprimé tant qu’un devis est envoyé ou en cours.',
  activeQuotes: (quotes: readonly BlockingQuote[]) =>
    `Votre compte ne peut pas être supprimé tant qu’un devis est envoyé ou en cours : ${quotes
      .map((quote) => `devis n° ${quote.numeroDevis} (${blockingReason[quote.statut]})`)
      .join(', ')}. Attendez la fin de la mission, ou contactez-nous pour l’annuler.`,

  // The export file
  exportNotice:
    'Toutes les données que nous détenons sur votre compte, au jour de l’export. Les documents (PDF, photos) sont listés sans leur contenu : téléchargez-les depuis votre espace client.',
  documentKinds: {
    devisEnvoye: 'Devis envoyé pour signature',
    devisSigne: 'Devis signé',
    pv: 'Procès-verbal d’état des lieux',
    photo: 'Photo d’état des lieux',
    facture: 'Facture',
    avoir: 'Avoir',
  },

  // The last e-mail
  farewellMail: {
    subject: 'Votre compte a été supprimé',
    greeting: (name: string) => `Bonjour ${name},`,
    intro:
      'Comme vous l’avez demandé, votre compte client a été supprimé : votre profil, vos sessions et vos accès n’existent plus, et vos devis ont été anonymisés.',
    kept: 'Nous conservons uniquement ce que la loi nous oblige à garder : les factures et avoirs (10 ans), et pour une mission réalisée, le devis signé et les états des lieux (5 ans), sans votre adresse e-mail ni votre téléphone.',
    notYou: 'Si vous n’êtes pas à l’origine de cette suppression, contactez-nous au plus vite :',
    goodbye: 'Merci de nous avoir fait confiance.',
  },

  // OpenAPI summaries
  apiExport: 'Toutes les données du compte connecté, en JSON (droit d’accès et de portabilité)',
  apiDelete: 'Supprime le compte connecté après vérification du mot de passe (droit à l’effacement)',
} as const;
