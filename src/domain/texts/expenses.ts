// Part of the text catalogue (texts.ts), in its own module so that only the expense and margin
// pages, the server's expense routes and the invoice draft load it.
import type { CategorieDepense, MoyenPaiementDepense, Refacturation } from '../expenses.ts';

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
  apiDocs: {
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
