import {
  CATEGORIES_DEPENSE,
  expectedFuelCostCentimes,
  expectedMarginCentimes,
  expectedReturnCostCentimes,
  extraCostsBillable,
  extraKmBillable,
  kmDifferenceRatio,
  kmDriven,
  marginOf,
  ratePerKmCents,
  REBILLED_CATEGORIES,
  rebilledCategoriesOf,
  RETURN_CATEGORIES,
  type CategorieDepense,
} from '#domain/expenses.ts';
import { formatDay, formatKm } from '#domain/format.ts';
import type { Margins, MissionCosts, MissionMargin, ProposedLine } from '#domain/schemas/expenses.ts';
import { expenseApiMessages as msg, expenseLineTexts as t } from '#domain/texts/expenses.ts';
import type { Db } from '#server/db/index.ts';
import { notFound } from '#server/errors.ts';
import { invoicedCentimesOf, issuedInvoicesBetween } from '#server/invoices/service.ts';
import { odometersOf } from '#server/missions/odometers.ts';
import { findQuoteById, rowToDevis } from '#server/quotes/service.ts';
import { listExpenses as listExpenseRows, listExpensesOf, setInvoiceOf, sumExpensesPerMission, type DepenseRow } from './repository.ts';
import { getExpense, type ExpenseDeps } from './service.ts';

/**
 * What a mission really cost and brought in (issue 30): the kilometres driven against the
 * estimate, the hours, the margin; the lines its final invoice draft is proposed (the costs the
 * customer agreed to pay at cost, and the seed's two clauses); a year's margin per month.
 */

const sumOf = (rows: readonly Pick<DepenseRow, 'montantCentimes'>[]) => rows.reduce((total, row) => total + row.montantCentimes, 0);

/** The average return cost per km of past missions (their train, bus, taxi over their estimate), excluding one. */
async function returnHistory(db: Db, exceptDevisId?: string): Promise<{ centimes: number; km: number }> {
  const perMission = await sumExpensesPerMission(db, RETURN_CATEGORIES, exceptDevisId);
  let centimes = 0;
  let km = 0;
  for (const mission of perMission) {
    const quote = mission.devisId ? await findQuoteById(db, mission.devisId) : undefined;
    if (!quote || quote.distanceKm <= 0) continue;
    centimes += Number(mission.centimes);
    km += quote.distanceKm;
  }
  return { centimes, km };
}

type Quote = ReturnType<typeof rowToDevis>;

/**
 * The final invoice's lines from the mission's costs, one clearly named step that the invoice
 * draft composes with its own (the convoy) and the payments' (deposits): the re-billed costs
 * agreed at confirmation, one line per kind with the receipts' dates, at the amount paid; the
 * extra kilometres of the 5 % clause at the quote's own rate per km; the real costs above the
 * plan of the 10 % clause on a trip over 800 km. Nothing without the agreement or the clause.
 */
export function proposeLines(input: {
  quote: Quote;
  expenses: readonly DepenseRow[];
  drivenKm: number | null;
  plannedCostsCentimes: number;
  /** The expenses that may be re-billed: by default those on no invoice yet (not proposed twice). */
  isOpen?: (expense: DepenseRow) => boolean;
}): ProposedLine[] {
  const { quote, expenses, isOpen = (expense) => expense.factureId === null } = input;
  const lines: ProposedLine[] = [];
  const agreed = quote.clauses?.refacturation ?? [];
  const open = expenses.filter(isOpen);
  for (const kind of agreed) {
    const taken = open.filter((expense) => REBILLED_CATEGORIES[kind].includes(expense.categorie as CategorieDepense));
    if (taken.length === 0) continue;
    const dates = [...new Set(taken.map((expense) => formatDay(expense.date)))].join(', ');
    lines.push({
      kind: 'refacturation',
      description: t.rebilled(kind, dates),
      quantiteCentiemes: 100,
      prixUnitaireCentimes: sumOf(taken),
      depenseIds: taken.map((expense) => expense.id),
    });
  }
  const prixCentimes = Math.round(quote.prix * 100);
  const extraKm = extraKmBillable({ hasClause: Boolean(quote.clauses?.km), estimateKm: quote.distanceKm, drivenKm: input.drivenKm });
  if (extraKm > 0) {
    lines.push({
      kind: 'km-supplementaires',
      description: t.extraKm(formatKm(input.drivenKm!), formatKm(quote.distanceKm)),
      quantiteCentiemes: extraKm * 100,
      prixUnitaireCentimes: ratePerKmCents(prixCentimes, quote.distanceKm),
      depenseIds: [],
    });
  }
  const rebilled = rebilledCategoriesOf(agreed);
  const extraCosts = extraCostsBillable({
    hasClause: Boolean(quote.clauses?.longDistance),
    distanceKm: quote.distanceKm,
    prixCentimes,
    realCostsCentimes: sumOf(expenses.filter((expense) => !rebilled.has(expense.categorie as CategorieDepense))),
    plannedCostsCentimes: input.plannedCostsCentimes,
  });
  if (extraCosts > 0) {
    lines.push({
      kind: 'frais-supplementaires',
      description: t.extraCosts(formatKm(quote.distanceKm)),
      quantiteCentiemes: 100,
      prixUnitaireCentimes: extraCosts,
      depenseIds: [],
    });
  }
  return lines;
}

const hoursBetween = (from: string, to: string) => Math.round(((Date.parse(to) - Date.parse(from)) / 3_600_000) * 100) / 100;

async function costsOf(db: Db, config: ExpenseDeps['config'], devisId: string) {
  const row = await findQuoteById(db, devisId);
  if (!row) throw notFound(msg.missionNotFound);
  const quote = rowToDevis(row);
  const [expenses, odometers, invoiced, history] = await Promise.all([
    listExpenseRows(db, { devisId }),
    odometersOf(db, [devisId]),
    invoicedCentimesOf(db, [devisId]),
    returnHistory(db, devisId),
  ]);
  const { pickup, delivery } = odometers.get(devisId)!;
  const drivenKm = kmDriven(pickup?.km, delivery?.km);
  const plannedReturn = expectedReturnCostCentimes(quote.distanceKm, history, config.invoicing.returnCostPerKmCents);
  const plannedFuel = expectedFuelCostCentimes(quote.distanceKm, config.invoicing.fuelCostPerKmCents);
  return { row, quote, expenses, pickup, delivery, drivenKm, invoiced: invoiced.get(devisId), plannedReturn, plannedFuel };
}

/** A mission's costs page: expenses, kilometres and hours, margin, expected margin, proposed lines. */
export async function getMissionCosts(deps: ExpenseDeps, devisId: string): Promise<MissionCosts> {
  const db = deps.database.db;
  const costs = await costsOf(db, deps.config, devisId);
  const { quote, expenses, drivenKm, pickup, delivery } = costs;
  const prixCentimes = Math.round(quote.prix * 100);
  const revenue = costs.invoiced ?? prixCentimes;
  const spent = sumOf(expenses);
  const hours = pickup && delivery ? hoursBetween(pickup.at, delivery.at) : null;
  const margin = marginOf({ revenueCentimes: revenue, expensesCentimes: spent, km: drivenKm ?? quote.distanceKm, hours });
  return {
    devisId,
    numeroDevis: costs.row.numeroDevis,
    estimationKm: quote.distanceKm,
    kmParcourus: drivenKm,
    ecartKm: drivenKm === null ? null : kmDifferenceRatio(drivenKm, quote.distanceKm),
    heures: hours,
    recettesCentimes: revenue,
    depensesCentimes: spent,
    margeCentimes: margin.margeCentimes,
    centimesParKm: margin.centimesParKm,
    centimesParHeure: margin.centimesParHeure,
    margePrevueCentimes: expectedMarginCentimes({
      prixCentimes,
      retourPrevuCentimes: costs.plannedReturn,
      carburantPrevuCentimes: costs.plannedFuel,
      refacturation: quote.clauses?.refacturation ?? [],
    }),
    retourPrevuCentimes: costs.plannedReturn,
    carburantPrevuCentimes: costs.plannedFuel,
    depenses: await Promise.all(expenses.map((expense) => getExpense(deps, expense.id))),
    lignesProposees: proposeLines({ quote, expenses, drivenKm, plannedCostsCentimes: costs.plannedReturn }),
  };
}

/**
 * For the invoice draft (invoices/drafts.ts), in its transaction: the lines the mission's costs
 * add to its final invoice, and the expenses they re-bill marked as carried by that invoice (an
 * expense on an issued invoice can no longer be deleted).
 */
export async function addCostLinesToDraft(
  trx: Db,
  config: ExpenseDeps['config'],
  devisId: string,
): Promise<{ lines: ProposedLine[]; attach: (factureId: string) => Promise<void> }> {
  const costs = await costsOf(trx, config, devisId);
  const lines = proposeLines({
    quote: costs.quote,
    expenses: costs.expenses,
    drivenKm: costs.drivenKm,
    plannedCostsCentimes: costs.plannedReturn,
  });
  return {
    lines,
    attach: (factureId) =>
      setInvoiceOf(
        trx,
        factureId,
        lines.flatMap((line) => line.depenseIds),
      ),
  };
}

/**
 * The cost lines a draft may carry, each one a box in its editor: those of the expenses it
 * carries and the clauses', then the re-billed costs free again (a line unticked earlier), so
 * that ticking it brings it back.
 */
function linesOfDraft(input: Omit<Parameters<typeof proposeLines>[0], 'isOpen'>, factureId: string): ProposedLine[] {
  const carried = proposeLines({ ...input, isOpen: (expense) => expense.factureId === factureId });
  const free = proposeLines({ ...input, isOpen: (expense) => expense.factureId === null }).filter(
    (line) => line.kind === 'refacturation' && !carried.some((other) => other.description === line.description),
  );
  return [...carried, ...free];
}

/** For the draft editor: the cost lines this draft may carry (none once its quote is gone). */
export async function proposedLinesOfDraft(
  db: Db,
  config: ExpenseDeps['config'],
  factureId: string,
  devisId: string,
): Promise<ProposedLine[]> {
  if (!(await findQuoteById(db, devisId))) return [];
  const costs = await costsOf(db, config, devisId);
  return linesOfDraft(
    { quote: costs.quote, expenses: costs.expenses, drivenKm: costs.drivenKm, plannedCostsCentimes: costs.plannedReturn },
    factureId,
  );
}

/**
 * When a draft's lines change: the expenses whose line the administrator removed (unticked) are
 * no longer carried by it, those whose line he ticked again are. `descriptions` are the draft's
 * lines as saved.
 */
export async function keepCostLinesOfDraft(trx: Db, factureId: string, devisId: string, descriptions: readonly string[]): Promise<void> {
  const expenses = await listExpensesOf(trx, [devisId]);
  const row = await findQuoteById(trx, devisId);
  if (!row) return;
  const proposed = linesOfDraft({ quote: rowToDevis(row), expenses, drivenKm: null, plannedCostsCentimes: 0 }, factureId);
  const kept = proposed.filter((line) => descriptions.includes(line.description)).flatMap((line) => line.depenseIds);
  await setInvoiceOf(trx, factureId, kept);
}

/** A draft deleted: the expenses it carried are free to be proposed again. */
export async function releaseCostLinesOfDraft(trx: Db, factureId: string): Promise<void> {
  await setInvoiceOf(trx, factureId, []);
}

/** Each category's total, in the catalogue's order, categories without any left out. */
const byCategory = (rows: readonly Pick<DepenseRow, 'categorie' | 'montantCentimes'>[]) =>
  CATEGORIES_DEPENSE.map((categorie) => ({
    categorie,
    totalCentimes: sumOf(rows.filter((expense) => expense.categorie === categorie)),
  })).filter((entry) => entry.totalCentimes > 0);

/** A year's margin: revenue (issued invoices net of credit notes, by issue month), expenses by category and month, least profitable missions. */
export async function getMargins(deps: ExpenseDeps, year: number): Promise<Margins> {
  const db = deps.database.db;
  const [from, to] = [`${year}-01-01`, `${year}-12-31`];
  const [invoices, expenses] = await Promise.all([issuedInvoicesBetween(db, from, to), listExpenseRows(db, { du: from, au: to })]);
  const monthOf = (day: string) => Number(day.slice(5, 7));
  const months = Array.from({ length: 12 }, (_, index) => {
    const mois = index + 1;
    const spent = expenses.filter((expense) => monthOf(expense.date) === mois);
    const recettesCentimes = invoices
      .filter((invoice) => monthOf(invoice.dateEmission) === mois)
      .reduce((total, invoice) => total + invoice.netCentimes, 0);
    const depensesCentimes = sumOf(spent);
    return {
      mois,
      recettesCentimes,
      depensesCentimes,
      margeCentimes: recettesCentimes - depensesCentimes,
      parCategorie: byCategory(spent),
    };
  });

  const missionIds = [...new Set([...invoices.map((invoice) => invoice.devisId), ...expenses.flatMap((expense) => expense.devisId ?? [])])];
  const [allExpenses, odometers] = await Promise.all([listExpensesOf(db, missionIds), odometersOf(db, missionIds)]);
  const missions: MissionMargin[] = [];
  for (const devisId of missionIds) {
    const row = await findQuoteById(db, devisId);
    if (!row) continue;
    const billed = invoices.filter((invoice) => invoice.devisId === devisId);
    const revenue = billed.length ? billed.reduce((total, invoice) => total + invoice.netCentimes, 0) : row.prixCentimes;
    const spent = sumOf(allExpenses.filter((expense) => expense.devisId === devisId));
    const { pickup, delivery } = odometers.get(devisId) ?? {};
    const driven = kmDriven(pickup?.km, delivery?.km);
    const hours = pickup && delivery ? hoursBetween(pickup.at, delivery.at) : null;
    missions.push({
      devisId,
      numeroDevis: row.numeroDevis,
      prixCentimes: row.prixCentimes,
      recettesCentimes: revenue,
      depensesCentimes: spent,
      kmParcourus: driven,
      heures: hours,
      ...marginOf({ revenueCentimes: revenue, expensesCentimes: spent, km: driven ?? row.distanceKm, hours }),
    });
  }
  missions.sort((a, b) => a.margeCentimes - b.margeCentimes || a.numeroDevis - b.numeroDevis);
  const recettes = months.reduce((total, month) => total + month.recettesCentimes, 0);
  const depenses = sumOf(expenses);
  return {
    annee: year,
    recettesCentimes: recettes,
    depensesCentimes: depenses,
    margeCentimes: recettes - depenses,
    parCategorie: byCategory(expenses),
    mois: months,
    moinsRentables: missions.slice(0, 10),
  };
}
