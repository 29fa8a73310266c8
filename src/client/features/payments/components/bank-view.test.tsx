import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paymentsRoutes, routeKey } from '#domain/api-paths.ts';
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
});
