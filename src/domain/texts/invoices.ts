// Part of the text catalogue (texts.ts), in its own module so that only the invoice pages,
// the invoice PDF and its e-mails load it.
import type { EtatFacture, FactureType, MoyenPaiement } from '../invoices.ts';

export const ETAT_LABELS: Record<EtatFacture, string> = {
  brouillon: 'Brouillon',
  'à payer': 'À payer',
  'partiellement payée': 'Partiellement payée',
  payée: 'Payée',
  'en retard': 'En retard',
  annulée: 'Annulée par avoir',
};

export const MOYEN_LABELS: Record<MoyenPaiement, string> = {
  virement: 'Virement',
  chèque: 'Chèque',
  espèces: 'Espèces',
  carte: 'Carte',
};

export const TYPE_LABELS: Record<FactureType, string> = { facture: 'Facture', avoir: 'Avoir' };

/** The invoice document (PDF) and its legal mentions (French micro-entrepreneur selling services). */
export const invoicePdfTexts = {
  title: (type: FactureType, numero: string) => (type === 'facture' ? `Facture n° ${numero}` : `Avoir n° ${numero}`),
  depositTitle: (numero: string) => `Facture d’acompte n° ${numero}`,
  depositDeducted: (numero: string, date: string) => `Acompte facturé n° ${numero} du ${date}`,
  amountDue: 'Reste à payer',
  totalService: 'Total de la prestation',
  depositsNote: (list: string) => `Acomptes déduits : ${list}.`,
  qrCaption: 'Payer par virement : scannez ce code avec l’application de votre banque.',
  transferDetails: (iban: string, bic: string | null, reference: string) =>
    `IBAN ${iban}${bic ? ` – BIC ${bic}` : ''} – référence à indiquer : ${reference}`,
  seller: 'Prestataire',
  buyer: 'Client',
  siret: (siret: string) => `SIRET : ${siret}`,
  siren: (siren: string) => `SIREN : ${siren}`,
  operationNature: 'Nature de l’opération : prestation de services',
  vatId: (id: string) => `N° de TVA intracommunautaire : ${id}`,
  issueDate: 'Date d’émission',
  serviceDate: 'Date de la prestation',
  dueDate: 'Date d’échéance',
  quoteRef: (numero: number) => `Devis n° ${numero}`,
  creditRef: (numero: string, date: string) => `Avoir relatif à la facture n° ${numero} du ${date}`,
  reason: 'Motif',
  description: 'Désignation',
  quantity: 'Quantité',
  unitPrice: 'Prix unitaire',
  amount: 'Montant',
  total: 'Total à payer',
  totalCredit: 'Total de l’avoir',
  totalHt: 'Total HT',
  vat: 'TVA',
  vatNote: 'TVA non applicable, art. 293 B du CGI',
  paymentTerms: (days: number) =>
    days === 0
      ? 'Conditions de paiement : à réception de la facture.'
      : `Conditions de paiement : à ${days} jours à compter de la date d’émission.`,
  paymentMeans: 'Règlement par virement, chèque, espèces ou carte.',
  bank: (iban: string, bic: string | null) => `Coordonnées bancaires : IBAN ${iban}${bic ? ` – BIC ${bic}` : ''}`,
  latePenalty: (rate: string) =>
    `En cas de retard de paiement, pénalités de retard au taux de ${rate}, exigibles dès le lendemain de l’échéance.`,
  recoveryIndemnity:
    'Pour les clients professionnels, indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 et D441-5 du Code de commerce).',
  noDiscount: 'Pas d’escompte pour paiement anticipé.',
  creditNoteRefund: 'Le montant de cet avoir est déduit de la facture d’origine, ou remboursé s’il a déjà été payé.',
  facturX: 'Facture électronique Factur-X (EN 16931) : les données structurées sont jointes à ce PDF.',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
} as const;

/** What only the invoice's structured data (Factur-X) says, beside what the PDF prints. */
export const facturXTexts = {
  /** The recovery-indemnity note (subject PMT) that French e-invoices carry, for a customer who is not a business. */
  noRecoveryIndemnity: 'Client non professionnel : pas d’indemnité forfaitaire pour frais de recouvrement.',
} as const;

/** The default lines of an invoice drafted from a quote. */
export const invoiceDraftTexts = {
  convoy: (typeVehicule: string, depart: string, arrivee: string, km: string) =>
    `Convoyage d’un véhicule (${typeVehicule}) de ${depart} à ${arrivee}, ${km} km`,
  vehicle: (description: string) => `Véhicule : ${description}`,
  options: (list: string) => `Options : ${list}`,
  documentation: 'documents de bord',
  lavage: { exterieur: 'lavage extérieur', complet: 'lavage complet' } as Record<string, string>,
  sansCarburant: 'sans carburant',
  wGarage: 'plaque W garage',
  creditAll: (numero: string) => `Annulation de la facture n° ${numero}`,
  deposit: (pourcent: number, numeroDevis: number, prix: string) =>
    `Acompte de ${pourcent} % à la signature du devis n° ${numeroDevis} (prix de la prestation : ${prix})`,
} as const;

/** The API's refusals. */
export const invoiceApiMessages = {
  notFound: 'Facture introuvable.',
  quoteNotInvoiceable: 'Une facture s’établit pour une mission en cours ou terminée.',
  alreadyInvoiced: (numero: string | null) =>
    numero
      ? `Ce devis a déjà sa facture (n° ${numero}). Pour la corriger, établissez un avoir.`
      : 'Ce devis a déjà une facture en brouillon.',
  issuedIsFinal: 'Une facture émise ne peut plus être modifiée ni supprimée : corrigez-la ou annulez-la par un avoir.',
  nothingToIssue: 'Ajoutez au moins une ligne de montant positif avant d’émettre la facture.',
  clientMissing: 'Indiquez le nom et l’adresse du client avant d’émettre la facture.',
  creditOnIssuedOnly: 'Un avoir se rattache à une facture émise.',
  creditTooLarge: (max: string) => `Le montant de l’avoir dépasse ce qui reste de la facture (${max} au plus).`,
  creditEmpty: 'Le montant de l’avoir doit être positif.',
  paymentOnIssuedOnly: 'Un paiement s’enregistre sur une facture émise.',
  paymentTooLarge: (max: string) => `Ce paiement dépasse le reste à payer (${max}).`,
  refundTooLarge: (max: string) => `Ce remboursement dépasse le trop-perçu (${max}).`,
  paymentZero: 'Le montant du paiement ne peut pas être nul.',
  paymentInFuture: 'La date du paiement ne peut pas être dans le futur.',
  noReminder: 'Cette facture n’attend aucun paiement : pas de relance à envoyer.',
  pdfFailure: 'La facture n’a pas pu être mise en PDF. Veuillez réessayer dans quelques instants.',
  badPeriod: 'La période demandée n’est pas valide.',
} as const;

/** The e-mails of invoices. */
export const invoiceMailTexts = {
  issuedSubject: (numero: string) => `Votre facture n° ${numero}`,
  issuedBody: (numero: string, numeroDevis: number, total: string, due: string) =>
    `Veuillez trouver ci-joint la facture n° ${numero} de la mission du devis n° ${numeroDevis}, d’un montant de ${total}, à régler avant le ${due}.`,
  creditSubject: (numero: string) => `Votre avoir n° ${numero}`,
  creditBody: (numero: string, factureNumero: string, total: string) =>
    `Veuillez trouver ci-joint l’avoir n° ${numero} de ${total}, relatif à la facture n° ${factureNumero}.`,
  reminderSubject: (numero: string) => `Rappel : facture n° ${numero}`,
  reminderBody: (numero: string, reste: string, due: string, late: boolean) =>
    late
      ? `Sauf erreur de notre part, la facture n° ${numero} arrivée à échéance le ${due} n’est pas entièrement réglée : il reste ${reste} à payer. Elle est jointe à ce message.`
      : `Pour rappel, la facture n° ${numero} est à régler avant le ${due} : il reste ${reste} à payer. Elle est jointe à ce message.`,
  bankLine: (iban: string) => `Règlement par virement : IBAN ${iban}.`,
  depositSubject: (numero: string) => `Votre facture d’acompte n° ${numero}`,
  depositBody: (numero: string, numeroDevis: number, total: string, due: string) =>
    `Votre devis n° ${numeroDevis} est signé : veuillez trouver ci-joint la facture d’acompte n° ${numero}, d’un montant de ${total}, à régler avant le ${due}.`,
  transferLine: (iban: string, bic: string | null, reference: string) =>
    `Pour payer par virement, scannez le code joint avec l’application de votre banque, ou indiquez : IBAN ${iban}${bic ? `, BIC ${bic}` : ''}, référence ${reference}.`,
  payOnline: 'Payer en ligne',
  latePenalties: (rate: string) =>
    `Conformément aux articles L441-10 et D441-5 du Code de commerce, des pénalités de retard au taux de ${rate} sont exigibles depuis le lendemain de l’échéance, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40 €.`,
  payPage: 'Voir la facture et la régler',
  link: 'Retrouver mes factures dans mon espace client',
} as const;

/** The screens: /admin/factures, one invoice, the revenue page, the customer's area. */
export const invoiceTexts = {
  listTitle: 'Factures et avoirs',
  filterEtat: 'État',
  filterType: 'Type',
  filterAll: 'Tous',
  filterFrom: 'Du',
  filterTo: 'Au',
  filterApply: 'Filtrer',
  loading: 'Chargement des factures...',
  empty: 'Aucune facture ne correspond.',
  colNumero: 'Numéro',
  colDate: 'Date',
  colClient: 'Client',
  colTotal: 'Montant',
  colPaid: 'Payé',
  colRemaining: 'Reste',
  colEtat: 'État',
  draftNumber: 'Brouillon',
  totals: 'Totaux',
  totalInvoiced: 'Facturé',
  totalCredited: 'Avoirs',
  totalPaid: 'Encaissé',
  totalRemaining: 'Reste à encaisser',
  view: 'Voir',
  remind: 'Relancer',
  reminded: 'Relance envoyée.',
  lastReminder: (date: string) => `Dernière relance : ${date}`,
  // From the quote
  createFromQuote: 'Établir la facture',
  openInvoice: (numero: string | null) => (numero ? `Facture n° ${numero}` : 'Facture en brouillon'),
  // One invoice
  detailTitle: (type: FactureType, numero: string | null) =>
    numero ? `${TYPE_LABELS[type]} n° ${numero}` : `${TYPE_LABELS[type]} en brouillon`,
  backToList: 'Retour aux factures',
  quoteLink: (numero: number) => `Devis n° ${numero}`,
  clientSection: 'Client',
  clientNom: 'Nom ou raison sociale',
  clientAdresse: 'Adresse',
  clientSiret: 'SIRET',
  serviceDate: 'Date de la prestation',
  issueDate: 'Date d’émission',
  dueDate: 'Échéance',
  linesSection: 'Lignes',
  lineDescription: 'Désignation',
  lineQuantity: 'Quantité',
  lineUnitPrice: 'Prix unitaire (€)',
  lineAmount: 'Montant',
  addLine: 'Ajouter une ligne',
  removeLine: (index: number) => `Retirer la ligne ${index}`,
  /** The box of a cost line the mission proposes (re-billed costs, the clauses): unticked, the line leaves the draft. */
  billLine: 'Facturer cette ligne',
  total: 'Total',
  saveDraft: 'Enregistrer le brouillon',
  draftSaved: 'Brouillon enregistré.',
  issue: 'Émettre la facture',
  issueConfirm:
    'Une fois émise, la facture reçoit son numéro définitif et ne pourra plus être modifiée. Elle est envoyée au client par e-mail.',
  issued: (numero: string) => `Facture n° ${numero} émise et envoyée au client.`,
  deleteDraft: 'Supprimer le brouillon',
  draftDeleted: 'Brouillon supprimé.',
  download: 'Télécharger le PDF',
  paymentsSection: 'Paiements',
  noPayments: 'Aucun paiement enregistré.',
  paymentDate: 'Date',
  paymentAmount: 'Montant (€)',
  paymentMeans: 'Moyen',
  paymentRefund: 'Remboursement (montant rendu au client)',
  /** A refund among the invoice's payments (a negative payment): the amount given back, positive. */
  refundLine: (amount: string) => `Remboursement de ${amount}`,
  recordPayment: 'Enregistrer le paiement',
  paymentRecorded: 'Paiement enregistré.',
  remaining: 'Reste à payer',
  /** In place of « Reste à payer » when the invoice holds more than it is owed. */
  excess: 'Reçu en trop',
  paid: 'Payé',
  creditSection: 'Avoirs',
  creditReason: 'Motif de l’avoir',
  creditAmount: 'Montant de l’avoir (€), vide pour annuler tout le reste',
  issueCredit: 'Émettre un avoir',
  creditIssued: (numero: string) => `Avoir n° ${numero} émis et envoyé au client.`,
  originInvoice: (numero: string) => `Facture d’origine : n° ${numero}`,
  invalidAmount: 'Saisissez un montant en euros, par exemple 125,50.',
  invalidQuantity: 'Saisissez une quantité positive, au plus deux décimales.',
  requiredField: 'Ce champ est obligatoire.',
  // Customer's area
  customerInvoices: 'Mes factures',
  customerDownload: (type: FactureType, numero: string) => `Télécharger ${type === 'facture' ? 'la facture' : 'l’avoir'} n° ${numero}`,
  // Revenue
  revenueTitle: 'Chiffre d’affaires encaissé',
  revenueIntro:
    'Les sommes effectivement encaissées (paiements reçus, remboursements déduits), à déclarer chaque mois ou chaque trimestre à l’Urssaf.',
  year: 'Année',
  month: 'Mois',
  quarter: 'Trimestre',
  quarterLabel: (q: number) => `${q}ᵉ trimestre`,
  amount: 'Encaissé',
  yearToDate: 'Total de l’année',
  ceiling: (amount: string) => `Plafond annuel des prestations de services : ${amount}`,
  ceilingShare: (percent: string) => `${percent} du plafond`,
  ceilingSource: 'Plafond du régime micro-entreprise (art. 50-0 du CGI), revalorisé tous les trois ans : 83 600 € pour 2026 à 2028.',
  exportCsv: 'Exporter le livre des recettes (CSV)',
  chartTitle: 'Encaissements par mois',
  months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
} as const;

/** Columns of the receipts book exported for the accountant (CSV). */
export const revenueCsvTexts = {
  header: ['Date d’encaissement', 'N° de facture', 'Client', 'Nature de la prestation', 'Mode de règlement', 'Montant (€)'],
  nature: 'Prestation de services (convoyage)',
  refund: (numero: string) => `Remboursement – ${numero}`,
  filename: (year: number) => `livre-des-recettes-${year}.csv`,
} as const;

/** The summaries of the invoice routes in the API's documentation (/api/docs). */
export const invoiceApiDocs = {
  createDraft: 'Établir la facture d’une mission en cours ou terminée (un brouillon, modifiable avant émission)',
  list: 'Factures et avoirs, filtrés par état, type, période ou devis, avec leurs totaux',
  get: 'Une facture ou un avoir, ses lignes, paiements et avoirs',
  updateDraft: 'Modifier un brouillon (lignes, date de la prestation, client) ; refusé sur une facture émise',
  deleteDraft: 'Supprimer un brouillon ; refusé sur une facture émise',
  issue: 'Émettre le brouillon : numéro définitif, PDF Factur-X, e-mail au client',
  creditNote: 'Émettre un avoir sur une facture émise (tout le reste, ou un montant), avec son motif',
  payment: 'Enregistrer un paiement (date, montant en centimes, moyen), ou un remboursement (montant négatif)',
  reminder: 'Envoyer une relance au client, facture jointe',
  revenue: 'Chiffre d’affaires encaissé de l’année, par mois et par trimestre, face au plafond annuel',
  revenueCsv: 'Le livre des recettes de l’année en CSV (séparateur « ; », virgule décimale, UTF-8 avec BOM)',
  customerList: 'Mes factures et avoirs émis (le client), à télécharger',
  customerPdf: 'Le PDF Factur-X d’une facture ou d’un avoir émis (le client concerné ou l’administrateur)',
  revenueCsvBody: 'Le fichier CSV du livre des recettes',
  pdfBody: 'Le PDF Factur-X (PDF/A-3 avec sa facture XML jointe)',
};

/** The late-payment penalty printed on invoices when INVOICE_LATE_PENALTY_RATE is not set. */
export const DEFAULT_LATE_PENALTY_RATE = 'trois fois le taux d’intérêt légal';
