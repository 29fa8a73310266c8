import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expensesRoutes, paymentsRoutes, routeKey } from '#domain/api-paths.ts';
import type { BankOverview, Operation } from '#domain/schemas/payments.ts';
import { bankPageTexts as t } from '#domain/texts/payments.ts';
import { fakeApi, renderAt, requestOf } from '#client/test/render.tsx';
import { BankView } from './bank-view.tsx';

const credit = (overrides: Partial<Operation>): Operation => ({
  id: 'o1',
  date: '2026-11-25',
  montantCentimes: 45_050,
  contrepartie: 'M. DURAND PAUL',
  libelle: 'Convoyage Lyon',
  referenceBanque: 'BQ-002',
  statut: 'proposée',
  factureId: 'f2',
  paiementId: null,
  depenseId: null,
  ...overrides,
});

const overview = (aTraiter: Operation[]): BankOverview => ({
  correspondance: null,
  releves: [],
  aTraiter,
  debits: [],
  rapprochees: [],
  factures: [
    { id: 'f1', numero: 'F-2026-0001', clientNom: 'Claire Martin', resteCentimes: 45_050, dateEcheance: null },
    { id: 'f2', numero: 'F-2026-0002', clientNom: 'Paul Durand', resteCentimes: 45_050, dateEcheance: null },
  ],
});

describe('the bank page', () => {
  it('prefills a proposed match, lets the administrator pick another invoice, and sends the one he chose', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      [routeKey(paymentsRoutes.bank)]: { body: overview([credit({})]) },
      [routeKey(paymentsRoutes.matchOperation)]: { body: credit({ statut: 'rapprochée', factureId: 'f1', paiementId: 'p1' }) },
    });
    renderAt(<BankView />, '/admin/banque');
    const select = await screen.findByRole('combobox', { name: t.invoice });
    expect(select).toHaveValue('f2');
    expect(screen.getByText(/Convoyage Lyon/)).toHaveTextContent(t.proposed);

    await user.selectOptions(select, 'f1');
    await user.click(screen.getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const match = calls.find((call) => call.method === 'POST');
    expect(match && `${match.method} ${match.path}`).toBe(requestOf(paymentsRoutes.matchOperation, { id: 'o1' }));
    expect(match?.body).toEqual({ factureId: 'f1' });
  });

  it('cannot record a credit no invoice is chosen for', async () => {
    fakeApi({ [routeKey(paymentsRoutes.bank)]: { body: overview([credit({ statut: 'à traiter', factureId: null })]) } });
    renderAt(<BankView />, '/admin/banque');
    expect(await screen.findByRole('combobox', { name: t.invoice })).toHaveValue('');
    expect(screen.getByRole('button', { name: t.confirm })).toBeDisabled();
  });

  it('records a debit as an expense in one tap with the category its label names, and says which debits already are', async () => {
    const user = userEvent.setup();
    const debit = credit({
      id: 'd1',
      montantCentimes: -2_340,
      contrepartie: 'APRR',
      libelle: 'CB PEAGE VILLEFRANCHE',
      statut: 'débit',
      factureId: null,
    });
    const done = credit({
      id: 'd2',
      montantCentimes: -3_840,
      contrepartie: 'SNCF',
      libelle: 'CB SNCF',
      statut: 'débit',
      factureId: null,
      depenseId: 'e2',
    });
    const { calls } = fakeApi({
      [routeKey(paymentsRoutes.bank)]: { body: { ...overview([]), debits: [debit, done] } },
      [routeKey(expensesRoutes.fromDebit)]: { status: 201, body: null },
    });
    renderAt(<BankView missions={[{ id: 'q1', label: 'Devis n° 12 – Lyon → Paris' }]} />, '/admin/banque');
    expect(await screen.findByRole('combobox', { name: t.debitCategory })).toHaveValue('peage');
    expect(screen.getByText(/23,40/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(t.isExpense))).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: t.toExpense })).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: t.debitMission }), 'q1');
    await user.click(screen.getByRole('button', { name: t.toExpense }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent && `${sent.method} ${sent.path}`).toBe(requestOf(expensesRoutes.fromDebit, { id: 'd1' }));
    expect(sent?.body).toEqual({ categorie: 'peage', devisId: 'q1' });
  });
});
