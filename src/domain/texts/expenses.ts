// Part of the text catalogue (texts.ts), in its own module so that only the expense and margin
// pages, the server's expense routes and the invoice draft load it.
import type { CategorieDepense, MoyenPaiementDepense, Refacturation } from '../expenses.ts';
import { plural } from './common.ts';

export const CATEGORIE_LABELS: Record<CategorieDepense, string> = {
  train: 'Train',
  bus: 'Bus',
  carburant: 'Carburant',
  recharge: 'Recharge',
  peage: 'Péage',
  parking: 'Parking',
  taxi: 'Taxi',
  repas: 'Repas',
  hebergement: 'Hébergement',
  autre: 'Autre',
};

export const MOYEN_DEPENSE_LABELS: Record<MoyenPaiementDepense, string> = {
  carte: 'Carte',
  especes: 'Espèces',
  virement: 'Virement',
  cheque: 'Chèque',
  autre: 'Autre',
};

/** The agreements of the confirmation, as the quote PDF and the signing page state them. */
export const REFACTURATION_LABELS: Record<Refacturation, string> = {
  peage: 'Péages refacturés au réel',
  carburant: 'Carburant refacturé au réel',
  billetRetour: 'Billet de retour refacturé',
};

/** The pages: expenses, a mission's costs, the margin. */
export const expenseTexts = {
  rebilledLegend: 'Frais refacturés au client',
  /** Beside the final price, recomputed as it is typed (the return trip and fuel the customer does not pay taken off). */
  expectedMarginAtConfirmation: (amount: string) => `Marge prévue : ${amount}`,

  // /admin/depenses
  title: 'Dépenses',
  intro: 'Ce que coûtent les missions et l’activité : billets de retour, carburant, péages, repas… avec leurs justificatifs.',
  loading: 'Chargement des dépenses…',
  filters: 'Filtrer les dépenses',
  year: 'Année',
  allYears: 'Toutes les années',
  mission: 'Mission',
  allMissions: 'Toutes les missions',
  noMission: 'Sans mission (frais généraux)',
  missionNumber: (numero: number) => `Devis n° ${numero}`,
  /** An expense of a mission whose quote the administrator deleted since: it stays in the books. */
  missionDeleted: 'Mission supprimée',
  /** An expense on the phone whose mission the list no longer offers. */
  itsMission: 'Sa mission actuelle',
  category: 'Catégorie',
  allCategories: 'Toutes les catégories',
  empty: 'Aucune dépense enregistrée.',
  listOffline: 'La liste des dépenses s’affichera au retour du réseau ; vous pouvez en ajouter dès maintenant.',
  total: (amount: string) => `Total : ${amount}`,
  /** While changes or removals wait on the phone: the total of the expenses listed by month, without those. */
  totalWithoutWaiting: (amount: string) => `Total : ${amount} (hors dépenses en attente d’envoi)`,
  monthTotal: (month: string, amount: string) => `${month} – ${amount}`,
  csv: (year: number) => `Télécharger les dépenses ${year} pour le comptable (CSV)`,

  // The form
  add: 'Ajouter une dépense',
  addTitle: 'Nouvelle dépense',
  editTitle: 'Modifier la dépense',
  chooseCategory: 'Choisissez…',
  amount: 'Montant payé TTC (€)',
  vat: 'Dont TVA indiquée sur le justificatif (€)',
  vatHint: 'Pour information : laissez vide s’il n’y en a pas.',
  date: 'Date',
  paymentMeans: 'Moyen de paiement',
  note: 'Note',
  receipt: 'Justificatif (photo ou PDF)',
  receiptHint: 'Photographiez le ticket avec l’appareil du téléphone, ou choisissez un PDF.',
  receiptChosen: (name: string) => `Justificatif choisi : ${name}`,
  receiptReplace: 'Remplacer le justificatif (photo ou PDF)',
  amountTyped: 'Saisissez un montant en euros, par exemple 47,90.',
  save: 'Enregistrer la dépense',
  saveChanges: 'Enregistrer les modifications',
  cancel: 'Fermer',
  preparing: 'Préparation du justificatif…',
  receiptUnreadable: 'Cette photo n’a pas pu être lue : reprenez-la ou choisissez un PDF.',
  savedOnPhone: 'Dépense enregistrée sur ce téléphone : elle part dès que le réseau le permet.',
  changed: 'Dépense modifiée.',
  changedOnPhone: 'Dépense modifiée sur ce téléphone : la modification part dès que le réseau le permet.',

  // One expense
  withReceipt: 'Voir le justificatif',
  noReceipt: 'Sans justificatif',
  vatOf: (amount: string) => `dont TVA ${amount}`,
  edit: 'Modifier',
  remove: 'Supprimer',
  confirmRemove: 'Confirmer la suppression',
  removed: 'Dépense supprimée (le journal la garde).',
  removedOnPhone: 'Suppression enregistrée sur ce téléphone : elle part dès que le réseau le permet.',
  locked: 'Refacturée sur une facture émise : elle ne peut plus être modifiée ni supprimée.',
  rebilledOnDraft: 'Reprise sur le brouillon de la facture finale.',

  // What waits on the phone
  waitingTitle: 'En attente d’envoi',
  waiting: (count: number) => `${count} ${plural(count, 'dépense en attente d’envoi', 'dépenses en attente d’envoi')}`,
  refused: (reason: string) => `Refusée : ${reason}`,
  receiptRefused: (reason: string) => `Justificatif refusé : ${reason}`,
  discard: 'Retirer de ce téléphone',
  changeOfStored: 'Modification d’une dépense déjà enregistrée',

  // The mission page's section
  costsTitle: 'Coûts et marge',
  costsOffline: 'Les coûts et la marge s’afficheront au retour du réseau.',
  kmDriven: (driven: string, estimate: string, change: string) => `${driven} parcourus pour ${estimate} estimés (${change})`,
  kmEstimate: (estimate: string) => `${estimate} estimés ; le kilométrage parcouru viendra des deux états des lieux.`,
  kilometres: 'Kilomètres',
  hours: 'Durée',
  hoursValue: (hours: string) => `${hours} h de la prise en charge à la livraison`,
  revenue: 'Recettes',
  expensesTotal: 'Dépenses',
  margin: 'Marge',
  perKm: 'Par kilomètre',
  perHour: 'Par heure',
  expectedMargin: (amount: string, returnTrip: string) => `Marge prévue à la confirmation : ${amount} (retour estimé à ${returnTrip})`,
  proposedTitle: 'Proposé pour la facture finale',
  missionExpenses: 'Dépenses de la mission',
  noMissionExpenses: 'Aucune dépense pour cette mission.',
};

/** /admin/rentabilite: a year's margin, per month, by category, the least profitable missions. */
export const marginTexts = {
  title: 'Rentabilité',
  intro:
    'Ce que rapporte l’activité une fois les dépenses payées : recettes (factures émises, avoirs déduits), dépenses par catégorie, marge.',
  year: 'Année',
  period: 'Période',
  wholeYear: 'Toute l’année',
  loading: 'Chargement de la rentabilité…',
  csv: (year: number) => `Dépenses ${year} pour le comptable (CSV)`,
  revenue: 'Recettes',
  expenses: 'Dépenses',
  margin: 'Marge',
  chartTitle: 'Recettes, dépenses et marge par mois',
  chartLegend: 'Barres larges : recettes ; barres étroites : dépenses ; ligne : marge.',
  months: 'Par mois',
  month: 'Mois',
  byCategory: (period: string) => `Dépenses par catégorie – ${period}`,
  noExpenses: 'Aucune dépense sur cette période.',
  worstTitle: 'Les dix missions les moins rentables',
  noMissions: 'Aucune mission facturée ni dépense cette année.',
  mission: (numero: number) => `Devis n° ${numero}`,
  price: 'Prix',
  km: 'Km parcourus',
  hours: 'Durée',
  hoursValue: (hours: string) => `${hours} h`,
  perKm: '€/km',
  perHour: '€/h',
  unknown: '—',
};

/** The final invoice draft's lines made from the mission's costs and the clauses. */
export const expenseLineTexts = {
  /** « Frais de péage – refacturés au réel (12/12/2026, 13/12/2026) » */
  rebilled: (kind: Refacturation, dates: string) =>
    `${{ peage: 'Frais de péage', carburant: 'Frais de carburant', billetRetour: 'Billet de retour' }[kind]} – refacturés au réel${dates ? ` (${dates})` : ''}`,
  extraKm: (driven: string, estimate: string) =>
    `Kilomètres supplémentaires (clause des 5 %) : ${driven} km parcourus pour ${estimate} km estimés`,
  extraCosts: (distance: string) => `Frais supplémentaires réels (clause des 10 %, trajet de ${distance} km)`,
};

/** The API's refusals and documentation of the expense routes. */
export const expenseApiMessages = {
  notFound: 'Cette dépense n’existe pas.',
  missionNotFound: 'Cette mission n’existe pas.',
  idTaken: 'Cet identifiant de dépense est déjà pris par une autre dépense.',
  rebilledIsFinal: 'Cette dépense est refacturée sur une facture émise : elle ne peut plus être supprimée ni modifiée.',
  receiptUnsupported: 'Le justificatif doit être une photo (JPEG, PNG, WebP) ou un PDF.',
  receiptTooLarge: 'Le justificatif dépasse la taille autorisée (10 Mo).',
  receiptMissing: 'Cette dépense n’a pas de justificatif.',
  receiptFailure: 'Le justificatif n’a pas pu être enregistré. Réessayez dans un instant.',
  amountPositive: 'Le montant doit être un nombre entier de centimes positif.',
  vatRange: 'La TVA doit être un nombre entier de centimes, entre 0 et le montant payé.',
  categoryUnknown: 'Choisissez une catégorie de dépense.',
  paymentMeansUnknown: 'Choisissez un moyen de paiement.',
  dayExpected: 'Date attendue au format AAAA-MM-JJ.',
  debitNotFound: 'Ce débit n’existe pas sur les relevés importés.',
  debitTaken: 'Ce débit est déjà enregistré comme une autre dépense.',
  debitAmountDiffers: 'Ce débit n’a pas le montant de cette dépense : enregistrez-le comme une nouvelle dépense.',
  expenseHasDebit: 'Cette dépense est déjà rattachée à un autre débit du relevé.',
  apiDocs: {
    fromDebit: 'Enregistrer un débit d’un relevé bancaire comme dépense (catégorie, mission facultative), une seule fois',
    debitProposals:
      'Pour les débits des relevés qui ne sont pas encore une dépense : la dépense déjà enregistrée que chacun paie probablement (même montant, de 60 jours avant à 3 jours après le débit)',
    linkDebit: 'Rattacher un débit d’un relevé à la dépense déjà enregistrée qu’il paie (même montant), sans en créer une seconde',
    list: 'Les dépenses (filtre par mission, année ou mois)',
    create: 'Enregistrer une dépense sous l’identifiant que la page a fait (envoyée deux fois : enregistrée une fois)',
    get: 'Une dépense',
    update: 'Modifier une dépense',
    delete: 'Supprimer une dépense (refusé une fois refacturée sur une facture émise ; le journal la garde)',
    receipt: 'Le justificatif d’une dépense (photo ou PDF, vérifié et réencodé)',
    receiptGet: 'Télécharger le justificatif d’une dépense',
    receiptBody: 'Le justificatif (JPEG ou PDF)',
    csv: 'Les dépenses d’une année pour le comptable (CSV, « ; », virgule décimale, UTF-8 avec BOM)',
    csvBody: 'Le fichier CSV des dépenses',
    margins: 'La rentabilité d’une année : recettes, dépenses par catégorie, marge par mois, missions les moins rentables',
    mission: 'Les coûts d’une mission : dépenses, kilomètres parcourus, marge, lignes proposées pour la facture finale',
  },
};

/** The expenses CSV for the accountant (same format as the receipts book). */
export const expenseCsvTexts = {
  header: ['Date', 'Catégorie', 'Mission', 'Moyen de paiement', 'Montant TTC', 'Dont TVA', 'Note', 'Justificatif'],
  filename: (year: number) => `depenses-${year}.csv`,
  hasReceipt: 'oui',
  noReceipt: 'non',
};
