import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { einvoicingRoutes, routeKey } from '#domain/api-paths.ts';
import type { Achat, Plateforme } from '#domain/schemas/einvoicing.ts';
import { einvoicingTexts, lifecycleLabels, purchaseTexts as t, reasonLabels } from '#domain/texts/einvoicing.ts';
import { CATEGORIE_LABELS, MOYEN_DEPENSE_LABELS } from '#domain/texts/expenses.ts';
import { urlOf } from '#client/lib/api.ts';
import { fakeApi, renderRoutes, requestOf } from '#client/test/render.tsx';
import { InvoicePlatform } from './invoice-platform.tsx';
import { PurchaseList } from './purchase-list.tsx';

const received: Achat = {
  id: 'a1',
  fournisseurNom: 'Garage Müller',
  fournisseurSiren: '732829320',
  numero: 'GM-2026-118',
  dateFacture: '2026-11-20',
  totalHtCentimes: 12_000,
  tvaCentimes: 2_400,
  totalTtcCentimes: 14_400,
  devise: 'EUR',
  statut: 'reçue',
  motifRefus: null,
  depenseId: null,
  devisId: null,
  categorieSuggeree: 'autre',
  moyenPaiementSuggere: 'virement',
  recuLe: '2026-11-21T08:00:00.000Z',
  fichierUrl: urlOf(einvoicingRoutes.purchaseFile, { params: { id: 'a1' } }),
};

const page = (items: Achat[]) => ({
  body: { enabled: true, depensesDisponibles: false, items, total: items.length, page: 1, parPage: 50 },
});

describe('supplier invoices on /admin/achats', () => {
  it('refuses one only with a reason of the list, then sends the reason and the comment', async () => {
    const user = userEvent.setup();
    let current = received;
    const { calls } = fakeApi({
      [routeKey(einvoicingRoutes.purchases)]: () => page([current]),
      [routeKey(einvoicingRoutes.refusePurchase)]: ({ body }) => {
        current = {
          ...received,
          statut: 'refusée',
          motifRefus: `${reasonLabels.TX_TVA_ERR} – ${(body as { commentaire: string }).commentaire}`,
        };
        return { body: current };
      },
    });
    renderRoutes([{ path: '/admin/achats', element: <PurchaseList /> }], { path: '/admin/achats' });
    const card = (await screen.findByRole('heading', { name: /GM-2026-118/ })).closest('li')!;
    expect(within(card).getByText(t.statuses.reçue!)).toBeInTheDocument();
    expect(screen.getByText(t.expensesUnavailable)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: t.refuse }));
    await user.click(within(card).getByRole('button', { name: t.confirmRefusal }));
    expect(await screen.findByText(t.refusalReasonRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.selectOptions(within(card).getByLabelText(t.refusalReason), reasonLabels.TX_TVA_ERR!);
    await user.type(within(card).getByLabelText(t.refusalComment), 'TVA facturée à tort');
    await user.click(within(card).getByRole('button', { name: t.confirmRefusal }));
    expect(await screen.findByText(t.refused)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => [`${call.method} ${call.path}`, call.body])).toEqual([
      [requestOf(einvoicingRoutes.refusePurchase, { id: 'a1' }), { motif: 'TX_TVA_ERR', commentaire: 'TVA facturée à tort' }],
    ]);
    expect(await within(card).findByText(t.statuses.refusée!)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: t.approve })).toBeNull();
  });

  it('approves one without an expense while the mission costs are not there', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      [routeKey(einvoicingRoutes.purchases)]: () => page([received]),
      [routeKey(einvoicingRoutes.approvePurchase)]: { body: { ...received, statut: 'approuvée' } },
    });
    renderRoutes([{ path: '/admin/achats', element: <PurchaseList /> }], { path: '/admin/achats' });
    await user.click(await screen.findByRole('button', { name: t.approve }));
    expect(await screen.findByText(t.approved)).toBeInTheDocument();
    expect(screen.queryByLabelText(t.category)).toBeNull();
    expect(screen.queryByLabelText(t.paymentMeans)).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ depense: false, devisId: null }]);
  });

  it('approves one as the expense of the mission chosen, or as a general expense', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      [routeKey(einvoicingRoutes.purchases)]: () => ({ body: { ...page([received]).body, depensesDisponibles: true } }),
      [routeKey(einvoicingRoutes.approvePurchase)]: { body: { ...received, statut: 'approuvée', depenseId: 'd1', devisId: 'q1' } },
    });
    const missions = [{ id: 'q1', label: 'Devis n° 12 – Lyon → Paris' }];
    renderRoutes([{ path: '/admin/achats', element: <PurchaseList missions={missions} /> }], { path: '/admin/achats' });
    const mission = await screen.findByLabelText(t.mission);
    expect(
      within(mission)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([t.noMission, missions[0]!.label]);
    await user.selectOptions(mission, missions[0]!.label);
    await user.click(screen.getByRole('button', { name: t.approve }));
    expect(await screen.findByText(t.expenseCreated)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { depense: true, devisId: 'q1', categorie: 'autre', moyenPaiement: 'virement' },
    ]);

    await user.click(screen.getByLabelText(t.toExpense));
    expect(screen.queryByLabelText(t.mission)).toBeNull();
    expect(screen.queryByLabelText(t.category)).toBeNull();
    expect(screen.queryByLabelText(t.paymentMeans)).toBeNull();
  });

  it('preselects the category and the payment means the invoice suggests, and sends the ones the operator chose', async () => {
    const user = userEvent.setup();
    const fuel: Achat = {
      ...received,
      fournisseurNom: 'TotalEnergies Marketing France',
      categorieSuggeree: 'carburant',
      moyenPaiementSuggere: 'carte',
    };
    const { calls } = fakeApi({
      [routeKey(einvoicingRoutes.purchases)]: () => ({ body: { ...page([fuel]).body, depensesDisponibles: true } }),
      [routeKey(einvoicingRoutes.approvePurchase)]: { body: { ...fuel, statut: 'approuvée', depenseId: 'd1' } },
    });
    renderRoutes([{ path: '/admin/achats', element: <PurchaseList /> }], { path: '/admin/achats' });
    const category = await screen.findByLabelText(t.category);
    expect(category).toHaveDisplayValue(CATEGORIE_LABELS.carburant);
    expect(within(category).getAllByRole('option')).toHaveLength(Object.keys(CATEGORIE_LABELS).length);
    await user.selectOptions(category, CATEGORIE_LABELS.peage);
    const means = screen.getByLabelText(t.paymentMeans);
    expect(means).toHaveDisplayValue(MOYEN_DEPENSE_LABELS.carte);
    expect(
      within(means)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(Object.values(MOYEN_DEPENSE_LABELS));
    await user.selectOptions(means, MOYEN_DEPENSE_LABELS.especes);
    await user.click(screen.getByRole('button', { name: t.approve }));
    expect(await screen.findByText(t.expenseCreated)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { depense: true, devisId: null, categorie: 'peage', moyenPaiement: 'especes' },
    ]);
  });
});

describe('an invoice at the approved platform', () => {
  const rejected: Plateforme = {
    etat: '213',
    libelle: lifecycleLabels['213'],
    motif: reasonLabels.InvalidSchema!,
    historique: [
      {
        code: '213',
        libelle: lifecycleLabels['213'],
        motif: reasonLabels.InvalidSchema!,
        date: '2026-11-23T09:00:00.000Z',
        source: 'plateforme',
      },
    ],
    envoi: { statut: 'sent', tentatives: 1, erreur: null, referenceEnvoi: 'F-2026-0007', flowId: 'flux-1' },
  };

  it('shows a rejection with its reason in French and how to correct it', async () => {
    fakeApi({ [routeKey(einvoicingRoutes.invoicePlatform)]: { body: { enabled: true, plateforme: rejected, annuaire: null } } });
    renderRoutes([{ path: '/f', element: <InvoicePlatform factureId="f1" /> }], { path: '/f' });
    expect(await screen.findByTestId('statut-plateforme')).toHaveTextContent('Rejetée');
    expect(screen.getByText(einvoicingTexts.rejectedAdvice)).toBeInTheDocument();
    expect(screen.getAllByText(reasonLabels.InvalidSchema!, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: einvoicingTexts.retry })).toBeNull();
  });

  it('shows nothing when no platform is configured', async () => {
    const { calls } = fakeApi({
      [routeKey(einvoicingRoutes.invoicePlatform)]: { body: { enabled: false, plateforme: null, annuaire: null } },
    });
    const { container } = renderRoutes([{ path: '/f', element: <InvoicePlatform factureId="f1" /> }], { path: '/f' });
    await expect.poll(() => calls.length).toBe(1);
    expect(container.querySelector('section')).toBeNull();
  });
});
