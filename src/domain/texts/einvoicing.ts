// Part of the text catalogue: e-invoicing through an approved platform (the invoice pages, the
// purchases page, the e-reporting page, the server's refusals).
import type { DirectoryAnswer, LifecycleCode, SendingState } from '../einvoicing.ts';

/** The statuses' official labels (DGFiP, external specifications v3.2, « Tableau 8 »). */
export const lifecycleLabels: Record<LifecycleCode, string> = {
  '200': 'Déposée',
  '201': 'Émise par la plateforme',
  '202': 'Reçue par la plateforme',
  '203': 'Mise à disposition',
  '204': 'Prise en charge',
  '205': 'Approuvée',
  '206': 'Approuvée partiellement',
  '207': 'En litige',
  '208': 'Suspendue',
  '209': 'Complétée',
  '210': 'Refusée',
  '211': 'Paiement transmis',
  '212': 'Encaissée',
  '213': 'Rejetée',
};

export const sendingLabels: Record<SendingState, string> = {
  'en attente': 'En attente d’envoi',
  'non conforme': 'Non envoyée : non conforme',
  échec: 'Envoi en échec',
};

/** A platform state's label (the filter of /admin/factures). */
export const platformStateLabel = (etat: LifecycleCode | SendingState): string =>
  etat in lifecycleLabels ? lifecycleLabels[etat as LifecycleCode] : sendingLabels[etat as SendingState];

/**
 * Reasons a platform or a buyer gives (DGFiP, annex 7 v1.9, « Tableau des motifs de refus »), and
 * the reasons of a platform's technical acknowledgement (XP Z12-013 as the open clients list them).
 */
export const reasonLabels: Record<string, string> = {
  TX_TVA_ERR: 'Taux de TVA erroné',
  MONTANTTOTAL_ERR: 'Montant total erroné',
  CALCUL_ERR: 'Erreur de calcul de la facture',
  NON_CONFORME: 'Mention légale manquante',
  DOUBLON: 'Facture en doublon (déjà émise ou reçue)',
  DEST_ERR: 'Erreur de destinataire',
  DEST_INC: 'Destinataire inconnu : il n’existe pas dans l’annuaire',
  TRANSAC_INC: 'Transaction inconnue : la facture ne correspond à aucune prestation livrée',
  EMMET_INC: 'Émetteur inconnu du destinataire',
  CONTRAT_TERM: 'Contrat terminé',
  DOUBLE_FACT: 'Données réglementaires en doublon',
  CMD_ERR: 'Numéro de commande incorrect ou manquant',
  ADR_ERR: 'Adresse de facturation électronique du destinataire absente ou erronée',
  REF_CT_ABSENT: 'Référence contractuelle manquante',
  SIRET_ERR: 'SIRET erroné ou absent',
  ROUTAGE_ERR: 'Erreur de routage',
  COORD_BANC_ERR: 'Erreur de coordonnées bancaires',
  JUSTIF_ABS: 'Justificatif absent ou insuffisant',
  REJ_SEMAN: 'Facture non conforme aux règles de gestion',
  REJ_UNI: 'Facture en doublon',
  REJ_COH: 'Données incohérentes',
  REJ_ADR: 'Adresse de facturation électronique erronée',
  AUTRE: 'Autre motif',
  InvalidSchema: 'Fichier non conforme au format (schéma)',
  OtherTechnicalError: 'Erreur technique de la plateforme',
  EmptyFlow: 'Fichier vide',
  EmptyAttachement: 'Pièce jointe vide',
  AttachmentTypeError: 'Type de pièce jointe refusé',
  FileSizeExceeded: 'Fichier trop volumineux',
  FlowTypeError: 'Type de flux refusé',
  AlreadyExistingFlow: 'Flux déjà déposé',
  VirusFound: 'Fichier infecté',
  ChecksumMismatch: 'Empreinte du fichier incorrecte',
};

/** The reason of a status in French: the label of its code, the platform's own words, or both. */
export function reasonText(reasonCode: string | null, reason: string | null): string | null {
  const label = reasonCode ? reasonLabels[reasonCode] : undefined;
  if (label && reason && reason !== label) return `${label} (${reason})`;
  return label ?? reason ?? reasonCode;
}

export const directoryLabels: Record<DirectoryAnswer, string> = {
  oui: 'Reçoit ses factures par plateforme agréée',
  bientôt: 'Recevra bientôt ses factures par plateforme agréée',
  non: 'Ne reçoit pas ses factures par plateforme agréée',
  inconnu: 'Réception par plateforme agréée inconnue',
};

export const einvoicingTexts = {
  platform: 'Plateforme agréée',
  platformStatus: 'Statut plateforme',
  allPlatformStatuses: 'Tous les statuts plateforme',
  notSent: 'Non concernée',
  history: 'Historique plateforme',
  trackingId: 'Référence d’envoi',
  rejectedAdvice: 'La facture reste émise : corrigez-la par un avoir puis une nouvelle facture.',
  invalidAdvice: 'Nos contrôles ont trouvé des écarts aux règles que les plateformes appliquent ; la facture n’a pas été envoyée.',
  retry: 'Renvoyer à la plateforme',
  checkedOn: (date: string) => `vérifié le ${date}`,
  checkDirectory: 'Vérifier dans l’annuaire',
  directoryUnavailable: 'Annuaire indisponible pour le moment.',
  directoryLoading: 'Consultation de l’annuaire…',
  disabled: 'La plateforme agréée n’est pas configurée : les factures partent par e-mail.',
} as const;

export const purchaseTexts = {
  title: 'Achats',
  intro: 'Les factures de vos fournisseurs reçues par votre plateforme agréée.',
  empty: 'Aucune facture fournisseur reçue.',
  supplier: 'Fournisseur',
  number: 'N°',
  date: 'Date',
  totalExcl: 'Total HT',
  vat: 'TVA',
  totalIncl: 'Total TTC',
  pdf: 'PDF',
  status: 'Statut',
  statuses: { reçue: 'Reçue', approuvée: 'Approuvée', refusée: 'Refusée' } as Record<string, string>,
  approve: 'Approuver',
  refuse: 'Refuser',
  toExpense: 'En faire une dépense',
  mission: 'Mission',
  noMission: 'Dépense générale',
  category: 'Catégorie',
  paymentMeans: 'Moyen de paiement',
  refusalReason: 'Motif du refus',
  refusalComment: 'Commentaire',
  approved: 'Approuvée, statut envoyé à la plateforme.',
  refused: 'Refusée, statut envoyé à la plateforme.',
  expenseCreated: 'Approuvée, statut envoyé à la plateforme ; dépense enregistrée.',
  expensesUnavailable: 'Les dépenses ne sont pas encore disponibles dans cette version : la facture est approuvée sans dépense.',
  loading: 'Chargement des factures fournisseurs…',
  chooseReason: 'Choisir un motif',
  confirmRefusal: 'Refuser la facture',
  refusalReasonRequired: 'Choisissez le motif du refus.',
  previous: 'Page précédente',
  next: 'Page suivante',
} as const;

export const ereportingTexts = {
  title: 'E-reporting',
  intro:
    'Les ventes aux particuliers (B2C) et les encaissements sont transmis à l’administration par votre plateforme agréée, par période de deux mois civils (régime de la franchise en base de TVA).',
  period: (start: string, end: string) => `Du ${start} au ${end}`,
  dueBy: (date: string) => `À transmettre au plus tard le ${date}`,
  transactions: 'Ventes aux particuliers',
  payments: 'Encaissements',
  nothing: 'Aucune opération : rien à transmettre (pas d’e-reporting « à blanc »).',
  send: 'Transmettre',
  sent: 'Transmis',
  loading: 'Chargement de l’e-reporting…',
  notYetMandatory: 'Avant l’obligation (1er septembre 2027) : rien n’est transmis d’office.',
  salesCount: (count: number) => (count <= 1 ? `${count} vente` : `${count} ventes`),
  sendingStatus: {
    pending: 'En attente d’envoi',
    sending: 'Envoi en cours',
    sent: 'Transmis',
    failed: 'Envoi en échec',
    invalid: 'Non conforme, non envoyé',
  } as Record<string, string>,
  exemptionsTitle: 'Ce qui s’applique à une micro-entreprise en franchise de TVA',
  exemptions: [
    'Ventes aux entreprises françaises : facturées électroniquement par la plateforme, pas d’e-reporting à part.',
    'Ventes aux particuliers : montants agrégés par jour, transmis tous les deux mois (DGFiP, spécifications externes v3.2, § 3.7 et tableau 13).',
    'Pas de transmission quand il n’y a eu aucune opération dans la période (§ 2.3.3).',
    'Données de paiement : seulement pour les prestations de services (art. 290 A du CGI) ; transmises ici par précaution, la franchise n’étant pas exemptée par les textes.',
    'Ventes et achats internationaux : sans objet pour cette activité en France.',
  ],
} as const;

/** The server's refusals and the errors it records (French: they are shown to the administrator). */
export const einvoicingApiMessages = {
  notConfigured: 'La plateforme agréée n’est pas configurée.',
  notFound: 'Introuvable.',
  purchaseNotFound: 'Facture fournisseur introuvable.',
  alreadyDecided: 'Cette facture a déjà été approuvée ou refusée.',
  refusalReasonRequired: 'Choisissez le motif du refus.',
  badPeriod: 'Période inconnue.',
  periodNotOver: 'La période n’est pas terminée.',
  nothingToRetry: 'Rien à renvoyer pour cette facture.',
  businessWithoutSiren:
    'Client professionnel sans SIRET valide : la plateforme refuserait la facture. Complétez son SIRET avant d’émettre.',
  badSignature: 'Signature invalide.',
  invalidDocument: (rules: string) => `Non conforme aux règles des plateformes : ${rules}`,
  noFacturX: 'Le PDF ne contient pas de données Factur-X.',
} as const;

/** The API's documentation (/api/docs). */
export const einvoicingApiDocs = {
  invoicePlatform:
    'Où en est une facture auprès de la plateforme agréée (statut, historique) et si son client reçoit ses factures par plateforme',
  retryInvoice: 'Renvoyer à la plateforme une facture dont l’envoi a échoué ou qui a été jugée non conforme',
  directory: 'L’annuaire de la plateforme pour un SIREN : reçoit-il ses factures par plateforme agréée ? (réponse mise en cache, datée)',
  purchases: 'Les factures fournisseurs reçues par la plateforme agréée',
  purchaseFile: 'Le fichier d’une facture fournisseur reçue (PDF, ou XML)',
  purchaseFileBody: 'application/pdf ou application/xml',
  approvePurchase:
    'Approuver une facture fournisseur (statut « Approuvée » envoyé), et en faire une dépense si possible, de la catégorie et du moyen de paiement choisis (sans eux : ceux que suggère la facture, « categorieSuggeree » et « moyenPaiementSuggere »)',
  refusePurchase: 'Refuser une facture fournisseur avec un motif (statut « Refusée » envoyé)',
  ereporting: 'L’e-reporting des dernières périodes : ventes aux particuliers, encaissements, envois',
  reportPeriod: 'Transmettre maintenant l’e-reporting d’une période terminée',
  webhook: 'Appel de la plateforme agréée (signé) : l’application relit la plateforme',
} as const;
