/**
 * What a mission costs (issue 30): the expenses' categories and means of payment, the costs the
 * customer agreed to pay at cost, and the two clauses of the seed applied to what the mission
 * really took (kilometres driven, real costs). Pure rules, used by the server to propose the
 * final invoice's lines and by the pages to show them. Money in integer cents.
 */
import { addDays, daysBetween } from './invoices.ts';

export const CATEGORIES_DEPENSE = [
  'train',
  'bus',
  'carburant',
  'recharge',
  'peage',
  'parking',
  'taxi',
  'repas',
  'hebergement',
  'autre',
] as const;
export type CategorieDepense = (typeof CATEGORIES_DEPENSE)[number];

export const MOYENS_PAIEMENT_DEPENSE = ['carte', 'especes', 'virement', 'cheque', 'autre'] as const;
export type MoyenPaiementDepense = (typeof MOYENS_PAIEMENT_DEPENSE)[number];

/** The costs a customer may agree to pay at cost, at confirmation, and the expenses each one takes. */
export const REFACTURATIONS = ['peage', 'carburant', 'billetRetour'] as const;
export type Refacturation = (typeof REFACTURATIONS)[number];
export const REBILLED_CATEGORIES: Record<Refacturation, readonly CategorieDepense[]> = {
  peage: ['peage'],
  carburant: ['carburant', 'recharge'],
  billetRetour: ['train', 'bus'],
};

/** The expenses of the way back: what the return-trip estimate learns from. */
export const RETURN_CATEGORIES: readonly CategorieDepense[] = ['train', 'bus', 'taxi'];

/** The categories an agreement re-bills, for a set of agreements. */
export function rebilledCategoriesOf(agreed: readonly Refacturation[]): Set<CategorieDepense> {
  return new Set(agreed.flatMap((kind) => REBILLED_CATEGORIES[kind]));
}

/** The seed's clause « Jusqu'à 5% de kilomètres supplémentaires… »: its cap, in whole kilometres (rounded down). */
export const EXTRA_KM_RATE_PERCENT = 5;
/** The seed's clause « Jusqu'à 10% de frais supplémentaires sur les trajets de plus de 800 km. »: its rate and threshold. */
export const EXTRA_COSTS_RATE_PERCENT = 10;
export const LONG_DISTANCE_KM = 800;

/** The kilometres driven from the two odometers, or null when one is missing or they go backwards. */
export function kmDriven(pickupOdometer: number | null | undefined, deliveryOdometer: number | null | undefined): number | null {
  if (pickupOdometer == null || deliveryOdometer == null || deliveryOdometer < pickupOdometer) return null;
  return deliveryOdometer - pickupOdometer;
}

/**
 * The extra kilometres the 5 % clause lets the operator bill: the kilometres driven beyond the
 * estimate, at most 5 % of the estimate, in whole kilometres rounded down; 0 without the clause,
 * without both odometers, or within the estimate. 465 km estimated, 497 driven: min(32, 23) = 23.
 */
export function extraKmBillable(input: { hasClause: boolean; estimateKm: number; drivenKm: number | null }): number {
  if (!input.hasClause || input.drivenKm === null || input.estimateKm <= 0) return 0;
  const extra = Math.floor(input.drivenKm - input.estimateKm);
  if (extra <= 0) return 0;
  return Math.min(extra, Math.floor((input.estimateKm * EXTRA_KM_RATE_PERCENT) / 100));
}

/** The quote's own rate per kilometre, in cents (its price over its estimate), rounded to the cent. */
export function ratePerKmCents(prixCentimes: number, estimateKm: number): number {
  return estimateKm > 0 ? Math.round(prixCentimes / estimateKm) : 0;
}

/**
 * The real costs above what was planned that the 10 % clause lets the operator bill on a trip
 * over 800 km: the costs not already re-billed beyond the planned ones, at most 10 % of the price
 * (rounded down to the cent); 0 without the clause, on a shorter trip, or within the plan.
 */
export function extraCostsBillable(input: {
  hasClause: boolean;
  distanceKm: number;
  prixCentimes: number;
  realCostsCentimes: number;
  plannedCostsCentimes: number;
}): number {
  if (!input.hasClause || input.distanceKm <= LONG_DISTANCE_KM) return 0;
  const above = input.realCostsCentimes - input.plannedCostsCentimes;
  if (above <= 0) return 0;
  return Math.min(above, Math.floor((input.prixCentimes * EXTRA_COSTS_RATE_PERCENT) / 100));
}

/** The return trip's expected cost: the history's average per km when there is one, else the configured default. */
export function expectedReturnCostCentimes(
  distanceKm: number,
  history: { centimes: number; km: number },
  defaultPerKmCents: number,
): number {
  const perKm = history.km > 0 ? history.centimes / history.km : defaultPerKmCents;
  return Math.round(distanceKm * perKm);
}

/** The fuel (or charge) a trip is expected to burn, at the configured cost per km (FUEL_COST_PER_KM_CENTS). */
export const expectedFuelCostCentimes = (distanceKm: number, perKmCents: number) => Math.round(distanceKm * perKmCents);

/**
 * The margin expected at confirmation: the price less the expected return trip and fuel, each
 * left out when the customer agrees to pay it at cost (« Billet de retour refacturé »,
 * « Carburant refacturé au réel »: then it is on both sides of the margin). The confirm form
 * recomputes it as the price is typed and the boxes change; the server gives the same figure.
 */
export function expectedMarginCentimes(input: {
  prixCentimes: number;
  retourPrevuCentimes: number;
  carburantPrevuCentimes: number;
  refacturation: readonly Refacturation[];
}): number {
  const returnTrip = input.refacturation.includes('billetRetour') ? 0 : input.retourPrevuCentimes;
  const fuel = input.refacturation.includes('carburant') ? 0 : input.carburantPrevuCentimes;
  return input.prixCentimes - returnTrip - fuel;
}

/** The difference between driven and estimated kilometres, as a ratio (0.069 for 497 vs 465). */
export const kmDifferenceRatio = (drivenKm: number, estimateKm: number) => (estimateKm > 0 ? (drivenKm - estimateKm) / estimateKm : 0);

/** A mission's margin: what it brought in (re-billed costs included) less every cost (re-billed ones included). */
export function marginOf(input: { revenueCentimes: number; expensesCentimes: number; km: number | null; hours: number | null }) {
  const margeCentimes = input.revenueCentimes - input.expensesCentimes;
  return {
    margeCentimes,
    centimesParKm: input.km ? Math.round(margeCentimes / input.km) : null,
    centimesParHeure: input.hours ? Math.round(margeCentimes / input.hours) : null,
  };
}

/** Expenses by month (`AAAA-MM`, the latest first), each month with its total and its expenses, the latest first. */
export function expensesByMonth<E extends { date: string; montantCentimes: number }>(
  expenses: readonly E[],
): { mois: string; totalCentimes: number; depenses: E[] }[] {
  const months = new Map<string, E[]>();
  for (const expense of [...expenses].sort((a, b) => b.date.localeCompare(a.date))) {
    const month = expense.date.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), expense]);
  }
  return [...months].map(([mois, depenses]) => ({
    mois,
    totalCentimes: depenses.reduce((total, expense) => total + expense.montantCentimes, 0),
    depenses,
  }));
}

/** How a bank statement's debit was paid, from its label: a transfer or direct debit, a cheque, else the card. */
export function paymentMeansOfDebit(libelle: string): MoyenPaiementDepense {
  if (/^\s*(VIR|PRLV|PRELEVEMENT)/i.test(libelle)) return 'virement';
  if (/^\s*(CHQ|CHEQUE)/i.test(libelle)) return 'cheque';
  return 'carte';
}

/** The words of a debit's label that name its category (a toll company, a railway, a fuel brand…). */
const DEBIT_CATEGORY_WORDS: [CategorieDepense, RegExp][] = [
  ['peage', /P[EÉ]AGE|AUTOROUTE|APRR|SANEF|\bASF\b|COFIROUTE|ESCOTA/i],
  ['train', /SNCF|\bTGV|OUIGO|\bTER\b|TRENITALIA|EUROSTAR/i],
  ['bus', /FLIXBUS|BLABLACAR\s*BUS|\bBUS\b/i],
  ['recharge', /IONITY|RECHARGE|ELECTRA|CHARGEMAP|FASTNED/i],
  // Brands and station words as whole words: « prestation », « accessoires », « sous-total », « totale » are not fuel.
  [
    'carburant',
    /CARBU|GAZOLE|GASOIL|DIESEL|SANS[ -]PLOMB|\bSP ?9[58]\b|\bE(10|85)\b|ADBLUE|(?<!-)\bTOTAL(ENERGIES)?\b|\bESSO\b|\bBP\b|\bSHELL\b|\bAVIA\b|\bSTATIONS?\b|INTERMARCHE|LECLERC/i,
  ],
  ['parking', /PARKING|STATIONNEMENT|INDIGO|EFFIA|ONEPARK/i],
  ['taxi', /TAXI|\bUBER|\bG7\b|BOLT|HEETCH/i],
];

/** The category a bank debit most likely is, from its label and payee (« Enregistrer en dépense » proposes it). */
export function categoryOfDebit(text: string): CategorieDepense {
  return DEBIT_CATEGORY_WORDS.find(([, words]) => words.test(text))?.[0] ?? 'autre';
}

/**
 * The category a supplier invoice received through the platform most likely is: from the
 * supplier's name by the debits' words, else from its lines' labels (a generic supplier's
 * « Gazole » line). « Approuver » on /admin/achats proposes it; the server takes it when the
 * operator sends none.
 */
export function categoryOfPurchase(supplierName: string, lineLabels: string | null): CategorieDepense {
  const bySupplier = categoryOfDebit(supplierName);
  return bySupplier === 'autre' && lineLabels ? categoryOfDebit(lineLabels) : bySupplier;
}

/**
 * The payment means codes (EN 16931 BT-81, UNTDID 4461) that say how an expense was paid: cash,
 * cheque, a card (bank, credit, debit), a transfer or a direct debit (credit transfer, SEPA, …).
 * Any other code (« not defined », clearing, ZZZ…) says nothing we can record.
 */
const PAYMENT_MEANS_BY_CODE = new Map<string, MoyenPaiementDepense>([
  ['10', 'especes'],
  ['20', 'cheque'],
  ...(['48', '54', '55'] as const).map((code) => [code, 'carte'] as const),
  ...(['30', '31', '42', '49', '58', '59'] as const).map((code) => [code, 'virement'] as const),
]);

/**
 * The one of an invoice's payment means codes (it may give several: a transfer and a card) to
 * keep: the first we know, else the first given, else none.
 */
export function paymentMeansCodeToKeep(codes: readonly string[]): string | null {
  return codes.find((code) => PAYMENT_MEANS_BY_CODE.has(code)) ?? codes[0] ?? null;
}

/**
 * How a supplier invoice is paid, from its payment means code (EN 16931 BT-81, UNTDID 4461):
 * cash, cheque, a card, else (a transfer, a direct debit, no code or one we do not know) a transfer.
 */
export function paymentMeansOfInvoice(code: string | null): MoyenPaiementDepense {
  return PAYMENT_MEANS_BY_CODE.get(code?.trim() ?? '') ?? 'virement';
}

/**
 * How far a statement's debit may stand from the expense it pays: a card payment shows a few days
 * after the receipt (up to 3 days before it, for a receipt dated late), a supplier invoice is paid
 * within its terms (up to 60 days after it).
 */
export const DEBIT_MATCH_DAYS_BEFORE = 60;
export const DEBIT_MATCH_DAYS_AFTER = 3;

export type DebitToMatch = { id: string; date: string; montantCentimes: number };
export type ExpenseToMatch = { id: string; date: string; montantCentimes: number; createdAt: string };

/** The days an expense of a debit may bear: from 60 days before the debit's day to 3 days after it. */
export const debitMatchWindow = (day: string) => ({
  du: addDays(day, -DEBIT_MATCH_DAYS_BEFORE),
  au: addDays(day, DEBIT_MATCH_DAYS_AFTER),
});

/**
 * For each debit (a negative amount), the expense already recorded that it very likely pays, so
 * that the bank page proposes to link them rather than record the cost twice: the same amount,
 * dated within `debitMatchWindow`, the closest day first, then the first recorded. An expense is
 * proposed for one debit only (the debits taken latest first, as the page lists them); the
 * expenses given must be those no debit is linked to yet.
 */
export function expensesMatchingDebits<E extends ExpenseToMatch>(debits: readonly DebitToMatch[], expenses: readonly E[]): Map<string, E> {
  const proposed = new Map<string, E>();
  const taken = new Set<string>();
  const latestFirst = [...debits].sort((a, b) => b.date.localeCompare(a.date));
  for (const debit of latestFirst) {
    if (debit.montantCentimes >= 0) continue;
    const window = debitMatchWindow(debit.date);
    const best = expenses
      .filter(
        (expense) =>
          !taken.has(expense.id) &&
          expense.montantCentimes === -debit.montantCentimes &&
          expense.date >= window.du &&
          expense.date <= window.au,
      )
      .sort(
        (a, b) =>
          Math.abs(daysBetween(debit.date, a.date)) - Math.abs(daysBetween(debit.date, b.date)) || a.createdAt.localeCompare(b.createdAt),
      )[0];
    if (best) {
      proposed.set(debit.id, best);
      taken.add(best.id);
    }
  }
  return proposed;
}
