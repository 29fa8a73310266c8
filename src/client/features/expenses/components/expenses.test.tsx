import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expensesRoutes, routeKey } from '#domain/api-paths.ts';
import { parisToday } from '#domain/format.ts';
import type { Depense } from '#domain/schemas/expenses.ts';
import { expenseApiMessages as msg, expenseTexts as t } from '#domain/texts/expenses.ts';
import { fakeApi, renderAt, requestOf } from '#client/test/render.tsx';
import { ExpenseForm } from './expense-form.tsx';
import { ExpenseList } from './expense-list.tsx';
import { ExpensesView } from './expenses-view.tsx';
import { WaitingExpenses } from './waiting-expenses.tsx';
import { forgetWaitingExpense, listWaitingExpenses, saveWaitingExpense, type WaitingExpense } from '../offline/store.ts';

const stored = (overrides: Partial<Depense> = {}): Depense => ({
  id: 'd1',
  devisId: 'devis-1',
  numeroDevis: 12,
  categorie: 'peage',
  montantCentimes: 3_500,
  tvaCentimes: 583,
  date: '2026-12-01',
  moyenPaiement: 'carte',
  note: '',
  justificatif: null,
  factureId: null,
  verrouillee: false,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  ...overrides,
});

/** In the form of a toll paid by card, a new amount. */
async function changeAmount(user: ReturnType<typeof userEvent.setup>, amount: HTMLElement, value: string) {
  // happy-dom does not show a select's value set by react-hook-form's default (Chromium does): chosen again here.
  await user.selectOptions(screen.getByRole('combobox', { name: t.category }), 'peage');
  await user.selectOptions(screen.getByRole('combobox', { name: t.paymentMeans }), 'carte');
  await user.clear(amount);
  await user.type(amount, value);
}

/** Opens the edit form of the one expense shown (35,00 € before), sets its amount to `value` and saves. */
async function changeShownAmount(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.click(screen.getByRole('button', { name: t.edit }));
  const amount = screen.getByRole('textbox', { name: t.amount });
  expect(amount).toHaveValue('35,00');
  await changeAmount(user, amount, value);
  await user.click(screen.getByRole('button', { name: t.saveChanges }));
}

describe('« Ajouter une dépense »', () => {
  it('reads the amounts typed in French, says what is wrong in French, and sends the expense for its mission', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ [routeKey(expensesRoutes.create)]: { status: 201, body: stored() } });
    renderAt(<ExpenseForm mission={{ id: 'devis-1', label: 'Devis n° 12 – Bayonne → Limoges' }} />);

    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(msg.categoryUnknown)).toBeVisible();
    expect(screen.getByRole('textbox', { name: t.amount })).toHaveAccessibleDescription(t.amountTyped);

    await user.selectOptions(screen.getByRole('combobox', { name: t.category }), 'train');
    await user.type(screen.getByRole('textbox', { name: t.amount }), '47,90');
    await user.type(screen.getByRole('textbox', { name: t.vat }), '50');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(msg.vatRange)).toBeVisible();
    expect(calls).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: t.vat }));
    await user.type(screen.getByRole('textbox', { name: t.vat }), '4,35');
    await user.type(screen.getByRole('textbox', { name: t.note }), 'Limoges → Bayonne');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.savedOnPhone)).toBeVisible();
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([requestOf(expensesRoutes.create)]));
    expect(calls[0]!.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      devisId: 'devis-1',
      categorie: 'train',
      montantCentimes: 4_790,
      tvaCentimes: 435,
      date: parisToday(),
      moyenPaiement: 'carte',
      note: 'Limoges → Bayonne',
    });
    // Ready for the next receipt: empty, under a new id.
    expect(screen.getByRole('textbox', { name: t.amount })).toHaveValue('');
  });
});

describe('the list of expenses', () => {
  it('groups them by month with totals; one re-billed on an issued invoice cannot be deleted, another is deleted after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ [routeKey(expensesRoutes.delete)]: { status: 204 } });
    renderAt(
      <ExpenseList
        showMission
        depenses={[
          stored({ id: 'd1', verrouillee: true, factureId: 'f1' }),
          stored({ id: 'd2', categorie: 'train', montantCentimes: 4_790, tvaCentimes: 0, date: '2026-12-03', numeroDevis: 12 }),
          stored({ id: 'd3', categorie: 'repas', montantCentimes: 1_450, date: '2026-11-28', devisId: null, numeroDevis: null }),
          // Its mission's quote was deleted since: the expense stays, and says so.
          stored({
            id: 'd4',
            categorie: 'carburant',
            montantCentimes: 1_000,
            tvaCentimes: 0,
            date: '2026-11-20',
            devisId: 'devis-gone',
            numeroDevis: null,
          }),
        ]}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      t.monthTotal('décembre 2026', '82,90\u00a0€'),
      t.monthTotal('novembre 2026', '24,50\u00a0€'),
    ]);
    const locked = screen.getByText(t.locked).closest('li')!;
    expect(locked).toHaveTextContent('Péage');
    expect(locked.querySelector('button')).toBeNull();

    expect(screen.getByText('Carburant').closest('li')).toHaveTextContent(t.missionDeleted);
    expect(screen.getByText('Repas').closest('li')).not.toHaveTextContent(t.missionDeleted);
    const train = screen.getByText('Train').closest('li')!;
    expect(train).toHaveTextContent(t.missionNumber(12));
    await user.click(within(train).getByRole('button', { name: t.remove }));
    expect(calls).toEqual([]);
    await user.click(within(train).getByRole('button', { name: t.confirmRemove }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([requestOf(expensesRoutes.delete, { id: 'd2' })]),
    );
    expect(await screen.findByText(t.removed)).toBeVisible();
  });

  it('changes an expense the server has, with the network, and says so', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ [routeKey(expensesRoutes.update)]: { body: stored({ montantCentimes: 3_650 }) } });
    renderAt(<ExpenseList depenses={[stored()]} />);
    await changeShownAmount(user, '36,50');
    expect(await screen.findByText(t.changed)).toBeVisible();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([requestOf(expensesRoutes.update, { id: 'd1' })]);
    expect(calls[0]!.body).toEqual({
      devisId: 'devis-1',
      categorie: 'peage',
      montantCentimes: 3_650,
      tvaCentimes: 583,
      date: '2026-12-01',
      moyenPaiement: 'carte',
      note: '',
    });
  });

  it('keeps a change on the phone when the network does not answer, to be sent as a change', async () => {
    const user = userEvent.setup();
    const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
    fakeApi({ [routeKey(expensesRoutes.update)]: noNetwork });
    renderAt(<ExpenseList depenses={[stored()]} />);
    await changeShownAmount(user, '36,50');
    expect(await screen.findByText(t.changedOnPhone)).toBeVisible();
    expect(await listWaitingExpenses()).toMatchObject([
      { id: 'd1', created: true, revision: 1, sentRevision: 0, body: { id: 'd1', devisId: 'devis-1', montantCentimes: 3_650 } },
    ]);
    await forgetWaitingExpense('d1');
  });

  it('keeps a removal on the phone when the network does not answer', async () => {
    const user = userEvent.setup();
    fakeApi({ [routeKey(expensesRoutes.delete)]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderAt(<ExpenseList depenses={[stored()]} />);
    await user.click(screen.getByRole('button', { name: t.remove }));
    await user.click(screen.getByRole('button', { name: t.confirmRemove }));
    expect(await screen.findByText(t.removedOnPhone)).toBeVisible();
    expect(await listWaitingExpenses()).toMatchObject([{ id: 'd1', created: true, removed: true, body: { montantCentimes: 3_500 } }]);
    await forgetWaitingExpense('d1');
  });

  it('lists an expense the phone holds a change of with those waiting only, without saying the list is empty', () => {
    fakeApi({});
    renderAt(<ExpenseList depenses={[stored(), stored({ id: 'd2', categorie: 'repas' })]} onPhone={new Set(['d1'])} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('listitem')).toHaveTextContent('Repas');
    renderAt(<ExpenseList depenses={[stored()]} onPhone={new Set(['d1'])} />);
    expect(screen.queryByText(t.empty)).toBeNull();
  });

  it('says a refusal of a change and keeps nothing on the phone', async () => {
    const user = userEvent.setup();
    fakeApi({ [routeKey(expensesRoutes.update)]: { status: 409, body: { error: 'conflict', message: msg.rebilledIsFinal } } });
    renderAt(<ExpenseList depenses={[stored()]} />);
    await changeShownAmount(user, '36,50');
    expect(await screen.findByText(msg.rebilledIsFinal)).toBeVisible();
    expect(await listWaitingExpenses()).toEqual([]);
  });

  /** Opens the edit form of `depense` in a list offering one mission: the mission select and its choices. */
  async function editWithOneMissionOffered(user: ReturnType<typeof userEvent.setup>, depense: Depense) {
    renderAt(<ExpenseList depenses={[depense]} missions={[{ id: 'devis-1', label: 'Devis n° 12' }]} />);
    await user.click(screen.getByRole('button', { name: t.edit }));
    const mission = screen.getByRole('combobox', { name: t.mission });
    return {
      mission,
      choices: within(mission)
        .getAllByRole('option')
        .map((option) => option.textContent),
    };
  }

  it('keeps the mission of an expense whose quote was deleted when it is corrected', async () => {
    const user = userEvent.setup();
    const fuel = stored({ categorie: 'carburant', montantCentimes: 35_000, tvaCentimes: 0, devisId: 'devis-gone', numeroDevis: null });
    const { calls } = fakeApi({ [routeKey(expensesRoutes.update)]: { body: { ...fuel, montantCentimes: 3_500 } } });
    const { mission, choices } = await editWithOneMissionOffered(user, fuel);
    expect(choices).toEqual([t.noMission, 'Devis n° 12', t.missionDeleted]);
    // happy-dom does not show a select's default value from react-hook-form: chosen again, as the browser shows it.
    await user.selectOptions(mission, t.missionDeleted);
    await changeAmount(user, screen.getByRole('textbox', { name: t.amount }), '35,00');
    await user.click(screen.getByRole('button', { name: t.saveChanges }));
    expect(await screen.findByText(t.changed)).toBeVisible();
    expect(calls[0]!.body).toMatchObject({ devisId: 'devis-gone', montantCentimes: 3_500 });
  });

  it('offers the mission of an expense whose finished mission the planning no longer shows, by its number', async () => {
    fakeApi({});
    const { choices } = await editWithOneMissionOffered(userEvent.setup(), stored({ devisId: 'devis-7', numeroDevis: 7 }));
    expect(choices).toEqual([t.noMission, 'Devis n° 12', t.missionNumber(7)]);
  });
});

describe('the expenses page’s total', () => {
  it('leaves out an expense whose change waits on the phone, as its month does, and says so', async () => {
    const toll = stored();
    const train = stored({ id: 'd2', categorie: 'train', montantCentimes: 4_790, tvaCentimes: 0, date: '2026-12-03' });
    fakeApi({
      [routeKey(expensesRoutes.list)]: { body: { depenses: [toll, train], totalCentimes: 8_290 } },
      // No network: the change stays on the phone.
      [routeKey(expensesRoutes.update)]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { devisId, categorie, tvaCentimes, date, moyenPaiement, note } = toll;
    await saveWaitingExpense({
      id: toll.id,
      body: { id: toll.id, devisId, categorie, montantCentimes: 3_650, tvaCentimes, date, moyenPaiement, note },
      receipt: null,
      created: true,
      error: null,
      savedAt: toll.updatedAt,
      revision: 1,
      sentRevision: 0,
    });
    renderAt(<ExpensesView missions={[]} />, '/admin/depenses?annee=2026');

    const total = await screen.findByText(/hors dépenses en attente d’envoi/);
    expect(total.textContent).toBe(t.totalWithoutWaiting('47,90\u00a0€'));
    expect(screen.getByRole('heading', { level: 3, name: t.monthTotal('décembre 2026', '47,90\u00a0€') })).toBeVisible();
    await forgetWaitingExpense(toll.id);
  });
});

describe('the expenses still on the phone', () => {
  const onPhone = (): WaitingExpense => ({
    id: crypto.randomUUID(),
    body: { ...stored({ id: 'x' }), id: crypto.randomUUID(), devisId: null, note: 'Péage de Vienne' },
    receipt: null,
    created: false,
    error: null,
    savedAt: '2026-12-01T10:00:00.000Z',
  });

  it('are changed on the phone with the form, and the change is what the sender sends', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ [routeKey(expensesRoutes.create)]: { status: 201, body: stored() } });
    const toll = onPhone();
    toll.id = toll.body.id;
    await saveWaitingExpense(toll);
    renderAt(<WaitingExpenses waiting={[toll]} missions={[{ id: 'devis-1', label: 'Devis n° 12' }]} />);

    await changeShownAmount(user, '53,00');
    expect(await screen.findByText(t.changedOnPhone)).toBeVisible();
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([requestOf(expensesRoutes.create)]));
    expect(calls[0]!.body).toMatchObject({ id: toll.id, montantCentimes: 5_300, note: 'Péage de Vienne' });
  });

  it('are removed after a confirmation, and never sent', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({});
    const toll = onPhone();
    toll.id = toll.body.id;
    await saveWaitingExpense(toll);
    renderAt(<WaitingExpenses waiting={[toll]} />);

    await user.click(screen.getByRole('button', { name: t.remove }));
    expect((await listWaitingExpenses()).find((expense) => expense.id === toll.id)?.removed).toBeUndefined();
    await user.click(screen.getByRole('button', { name: t.confirmRemove }));
    await waitFor(async () => expect((await listWaitingExpenses()).some((expense) => expense.id === toll.id)).toBe(false));
    expect(calls).toEqual([]);
  });
});
