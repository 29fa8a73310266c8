import { describe, expect, it } from 'vitest';
import {
  categoryOfDebit,
  categoryOfPurchase,
  expectedFuelCostCentimes,
  expectedMarginCentimes,
  expensesByMonth,
  expensesMatchingDebits,
  extraKmBillable,
  paymentMeansOfDebit,
  paymentMeansCodeToKeep,
  paymentMeansOfInvoice,
} from './expenses.ts';

describe('the expenses page’s months', () => {
  it('groups the expenses by month, the latest first, each with its total', () => {
    const months = expensesByMonth([
      { id: 'a', date: '2026-11-30', montantCentimes: 1_000 },
      { id: 'b', date: '2026-12-02', montantCentimes: 4_790 },
      { id: 'c', date: '2026-12-14', montantCentimes: 1_250 },
    ]);
    expect(months.map(({ mois, totalCentimes, depenses }) => [mois, totalCentimes, depenses.map((d) => d.id)])).toEqual([
      ['2026-12', 6_040, ['c', 'b']],
      ['2026-11', 1_000, ['a']],
    ]);
    expect(expensesByMonth([])).toEqual([]);
  });
});

describe('the 5 % clause', () => {
  it('bills the kilometres beyond the estimate, at most 5 % of it rounded down, and nothing without the clause', () => {
    expect(extraKmBillable({ hasClause: true, estimateKm: 465, drivenKm: 497 })).toBe(23);
    expect(extraKmBillable({ hasClause: true, estimateKm: 465, drivenKm: 475 })).toBe(10);
    expect(extraKmBillable({ hasClause: true, estimateKm: 465, drivenKm: 460 })).toBe(0);
    expect(extraKmBillable({ hasClause: false, estimateKm: 465, drivenKm: 497 })).toBe(0);
    expect(extraKmBillable({ hasClause: true, estimateKm: 465, drivenKm: null })).toBe(0);
  });
});

describe('the expected margin at confirmation', () => {
  it('takes the return trip and the fuel off the price, each only while the customer does not pay it', () => {
    // 465 km at 11 cents: 51,15 € of fuel.
    const figures = { prixCentimes: 45_050, retourPrevuCentimes: 5_580, carburantPrevuCentimes: expectedFuelCostCentimes(465, 11) };
    expect(figures.carburantPrevuCentimes).toBe(5_115);
    expect(expectedMarginCentimes({ ...figures, refacturation: [] })).toBe(45_050 - 5_580 - 5_115);
    expect(expectedMarginCentimes({ ...figures, refacturation: ['carburant'] })).toBe(45_050 - 5_580);
    expect(expectedMarginCentimes({ ...figures, refacturation: ['billetRetour', 'peage'] })).toBe(45_050 - 5_115);
    expect(expectedMarginCentimes({ ...figures, prixCentimes: 50_000, refacturation: [] })).toBe(50_000 - 5_580 - 5_115);
  });
});

describe('a bank debit as an expense', () => {
  it('guesses the category from the label and the payment means from its first word', () => {
    expect(categoryOfDebit('CB PEAGE VILLEFRANCHE APRR')).toBe('peage');
    expect(categoryOfDebit('CB SNCF INTERNET 26/11')).toBe('train');
    expect(categoryOfDebit('CB TOTAL ENERGIES A6')).toBe('carburant');
    expect(categoryOfDebit('CB IONITY AIRE DE BEAUNE')).toBe('recharge');
    expect(categoryOfDebit('CB INDIGO PARKING GARE')).toBe('parking');
    expect(categoryOfDebit('CB UBER TRIP')).toBe('taxi');
    expect(categoryOfDebit('CB LIBRAIRIE DU CENTRE')).toBe('autre');
    expect(paymentMeansOfDebit('VIR SEPA SNCF')).toBe('virement');
    expect(paymentMeansOfDebit('PRLV FREE MOBILE')).toBe('virement');
    expect(paymentMeansOfDebit('CHQ 1234567')).toBe('cheque');
    expect(paymentMeansOfDebit('CB PEAGE')).toBe('carte');
  });

  it('takes the brands and station words as whole words only', () => {
    const expected = {
      'CB ESSO EXPRESS A7': 'carburant',
      'CB STATION U MACON': 'carburant',
      'CB NORAUTO ACCESSOIRES': 'autre',
      'PRLV PRESTATION COMPTABLE': 'autre',
      'CB STATIONNEMENT VILLE DE LYON': 'parking',
    };
    expect(Object.fromEntries(Object.keys(expected).map((label) => [label, categoryOfDebit(label)]))).toEqual(expected);
  });
});

describe('a supplier invoice as an expense', () => {
  it('guesses the category from the supplier’s name, else from the lines’ labels', () => {
    const invoices: [string, string | null, string][] = [
      ['TotalEnergies Marketing France', 'Prestation de service', 'carburant'],
      ['APRR', null, 'peage'],
      ['SNCF Voyageurs', 'Billet Lyon – Paris\nFrais de dossier', 'train'],
      ['Carrefour Hypermarchés', 'Gazole B7\nLavage', 'carburant'],
      ['Garage Müller', 'Prestation de convoyage\nSous-total pièces', 'autre'],
      ['Garage Müller', null, 'autre'],
    ];
    expect(invoices.map(([supplier, lines]) => categoryOfPurchase(supplier, lines))).toEqual(invoices.map(([, , category]) => category));
  });

  it('reads the payment means from its code (UNTDID 4461), a transfer when it says none', () => {
    const codes = ['48', '54', '55', '10', '20', '30', '58', '59', null, 'ZZZ'];
    expect(codes.map(paymentMeansOfInvoice)).toEqual([
      'carte',
      'carte',
      'carte',
      'especes',
      'cheque',
      'virement',
      'virement',
      'virement',
      'virement',
      'virement',
    ]);
  });

  it('keeps the first payment means code it knows of several, else the first one', () => {
    expect(paymentMeansCodeToKeep(['58', '48'])).toBe('58');
    expect(paymentMeansCodeToKeep(['1', 'ZZZ', '48', '10'])).toBe('48');
    expect(paymentMeansCodeToKeep(['97', 'ZZZ'])).toBe('97');
    expect(paymentMeansCodeToKeep([])).toBeNull();
  });
});

describe('the expense a bank debit pays', () => {
  const expense = (id: string, date: string, montantCentimes: number, createdAt = `${date}T10:00:00.000Z`) => ({
    id,
    date,
    montantCentimes,
    createdAt,
  });
  const debit = (id: string, date: string, montantCentimes: number) => ({ id, date, montantCentimes });

  it('proposes the expense of the same amount, from 60 days before the debit to 3 days after it', () => {
    const toll = debit('d1', '2026-11-04', -3_500);
    expect(expensesMatchingDebits([toll], [expense('e1', '2026-11-02', 3_500)]).get('d1')?.id).toBe('e1');
    expect(expensesMatchingDebits([toll], [expense('e1', '2026-09-05', 3_500)]).get('d1')?.id).toBe('e1');
    expect(expensesMatchingDebits([toll], [expense('e1', '2026-09-04', 3_500)]).has('d1')).toBe(false);
    expect(expensesMatchingDebits([toll], [expense('e1', '2026-11-07', 3_500)]).get('d1')?.id).toBe('e1');
    expect(expensesMatchingDebits([toll], [expense('e1', '2026-11-08', 3_500)]).has('d1')).toBe(false);
    expect(expensesMatchingDebits([toll], [expense('e1', '2026-11-02', 3_501)]).has('d1')).toBe(false);
  });

  it('takes the closest day, then the first recorded, and proposes an expense for one debit only', () => {
    const candidates = [
      expense('far', '2026-10-20', 3_500),
      expense('late', '2026-11-03', 3_500, '2026-11-03T18:00:00.000Z'),
      expense('early', '2026-11-03', 3_500, '2026-11-03T08:00:00.000Z'),
    ];
    const proposed = expensesMatchingDebits([debit('d1', '2026-11-04', -3_500), debit('d2', '2026-11-05', -3_500)], candidates);
    // The latest debit first: it takes the closest; the other the next closest.
    expect(proposed.get('d2')?.id).toBe('early');
    expect(proposed.get('d1')?.id).toBe('late');
    expect(expensesMatchingDebits([debit('credit', '2026-11-04', 3_500)], candidates).size).toBe(0);
  });
});
