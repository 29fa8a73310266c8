import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator } from '@playwright/test';
import { formatCentimes, formatDay, parisToday } from '#domain/format.ts';
import type { Margins } from '#domain/schemas/expenses.ts';
import { adminHomeTexts, adminNavLabels } from '#domain/texts/admin-home.ts';
import { CATEGORIE_LABELS, expenseTexts, marginTexts as t } from '#domain/texts/expenses.ts';
import { bankPageTexts as bank } from '#domain/texts/payments.ts';
import { journalTexts } from '#domain/texts/sessions.ts';
import { camt053Xml } from '#server/payments/statements/test-factories.ts';
import { expect, finishAndInvoice, signedMission, test } from './fixtures.ts';

/** The value beside `term` in a list of figures (`Definitions`: a `dt` and its `dd`). */
const figure = (scope: Locator, term: string) =>
  scope
    .locator('div', {
      has: scope
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${term}$`) }),
    })
    .getByRole('definition');

const marginsOf = async (adminApi: APIRequestContext, year: number) =>
  (await (await adminApi.get(`/api/admin/rentabilite?annee=${year}`)).json()) as Margins;

/**
 * Issue 30's proof, its last step: « the margin page shows the mission ». A mission invoiced at
 * 150,00 € whose return cost 170,00 € (a train ticket and a taxi, recorded through the API): the
 * operator opens « Plus » → « Rentabilité » and sees the year's revenue, expenses and margin grow
 * by exactly those amounts, and the mission among the least profitable with its loss. Then a
 * statement's debit (the train ticket of another trip, paid by card) becomes an expense in one
 * tap on the bank page, and the expenses page lists it; another (the taxi, recorded already) is
 * proposed as that expense and linked to it in one tap, with no second expense. Deleting the
 * first expense shows in the journal with the debit it frees, which the bank page offers again.
 */
test(
  'the margin page shows an invoiced mission’s revenue, expenses and loss; a statement’s debit becomes an expense in one tap',
  { tag: '@phone-only' },
  async ({ page, customers, adminApi, logInAsAdmin }) => {
    const today = parisToday();
    const year = Number(today.slice(0, 4));
    // What the year held before (the worker's server is shared with the other journeys).
    const before = await marginsOf(adminApi, year);

    const customer = await customers.create();
    const quote = await signedMission(
      customer,
      adminApi,
      { adresseDepart: 'Lyon', adresseArrivee: 'Grenoble', typeVehicule: 'Citadine' },
      { prixFinal: '150,00', acomptePourcent: 0, clauses: { km: false, longDistance: false } },
    );
    for (const [categorie, montantCentimes] of [
      ['train', 9_840],
      ['taxi', 7_160],
    ] as const) {
      const created = await adminApi.post('/api/admin/depenses', {
        data: { id: randomUUID(), devisId: quote.id, categorie, montantCentimes, tvaCentimes: 0, date: today, moyenPaiement: 'carte' },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    await finishAndInvoice(adminApi, quote.id);

    // « Plus » → « Rentabilité », as the operator gets there.
    await logInAsAdmin(page);
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: adminHomeTexts.navLabel });
    await nav.getByRole('button', { name: adminHomeTexts.moreLabel }).click();
    await nav.getByRole('link', { name: adminNavLabels.adminRentabilite, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/rentabilite$/);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

    const totals = page.locator('dl', { has: page.getByTestId('margin-total') });
    await expect(figure(totals, t.revenue)).toHaveText(formatCentimes(before.recettesCentimes + 15_000));
    await expect(figure(totals, t.expenses)).toHaveText(formatCentimes(before.depensesCentimes + 17_000));
    await expect(figure(totals, t.margin)).toHaveText(formatCentimes(before.margeCentimes - 2_000));

    const mission = page
      .getByTestId('least-profitable')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: t.mission(quote.numeroDevis) }) });
    await expect(figure(mission, t.price)).toHaveText(formatCentimes(15_000));
    await expect(figure(mission, t.expenses)).toHaveText(formatCentimes(17_000));
    await expect(figure(mission, t.margin)).toHaveText(formatCentimes(-2_000));

    // The bank statement of the day: two debits, a train ticket of another trip and the taxi recorded above, paid by card.
    const motif = `CB SNCF VOYAGEURS ${randomUUID().slice(0, 8).toUpperCase()}`;
    const taxiMotif = `CB TAXI ${randomUUID().slice(0, 8).toUpperCase()}`;
    await page.goto('/admin/banque');
    await page.getByLabel(bank.file).setInputFiles({
      name: 'releve.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(
        camt053Xml([
          { montant: '63.20', sens: 'DBIT', date: today, nom: 'SNCF', motif, reference: randomUUID() },
          { montant: '71.60', sens: 'DBIT', date: today, nom: 'TAXI', motif: taxiMotif, reference: randomUUID() },
        ]),
      ),
    });
    await page.getByRole('button', { name: bank.import }).click();
    await expect(page.getByText(bank.imported(2, 0, 0, 2))).toBeVisible();

    // The taxi is an expense already: the page proposes it, and one tap links them, with no second expense.
    const taxi = page.getByTestId('debit').filter({ hasText: taxiMotif });
    await expect(taxi).toContainText(bank.alreadyRecorded(formatDay(today), CATEGORIE_LABELS.taxi, formatCentimes(7_160), ''));
    await taxi.getByRole('button', { name: bank.linkToExpense }).click();
    await expect(taxi).toContainText(bank.isExpense);
    await expect(taxi.getByRole('button')).toHaveCount(0);
    expect((await marginsOf(adminApi, year)).depensesCentimes).toBe(before.depensesCentimes + 17_000);

    const debit = page.getByTestId('debit').filter({ hasText: motif });
    await expect(debit).toContainText(formatCentimes(6_320));
    await debit.getByRole('button', { name: bank.toExpense }).click();
    await expect(debit).toContainText(bank.isExpense);
    await debit.getByRole('link', { name: bank.seeExpenses }).click();

    await expect(page).toHaveURL(/\/admin\/depenses$/);
    await expect(page.getByRole('heading', { level: 1, name: expenseTexts.title })).toBeVisible();
    const expense = page.getByRole('listitem').filter({ hasText: motif });
    await expect(expense).toContainText(CATEGORIE_LABELS.train);
    await expect(expense).toContainText(formatCentimes(6_320));

    // Deleted by mistake: the journal names the expense and the debit it frees, and the bank page offers that debit again.
    await expense.getByRole('button', { name: expenseTexts.remove }).click();
    await expense.getByRole('button', { name: expenseTexts.confirmRemove }).click();
    await expect(page.getByText(expenseTexts.removed)).toBeVisible();
    await page.goto('/admin/journal?type=expense.deleted');
    const entry = page.locator('tbody tr').filter({ hasText: motif });
    await expect(entry).toContainText(journalTexts.kinds['expense.deleted']);
    await expect(entry).toContainText(`${journalTexts.detailNames.depense} : ${CATEGORIE_LABELS.train} – ${formatCentimes(6_320)}`);
    await expect(entry).toContainText(`${journalTexts.detailNames.debitLibere} : ${formatDay(today)} – SNCF – ${motif}`);
    await page.goto('/admin/banque');
    await expect(page.getByTestId('debit').filter({ hasText: motif }).getByRole('button', { name: bank.toExpense })).toBeVisible();
  },
);
