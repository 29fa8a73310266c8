import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { einvoicingRoutes, invoicesRoutes, paymentsRoutes, routeKey } from '#domain/api-paths.ts';
import type { Facture } from '#domain/schemas/invoices.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { useAdminInvoices } from '#client/features/invoices/api/use-invoices.ts';
import { urlOf } from '#client/lib/api.ts';
import { makeDraft } from '#client/test/factories.ts';
import { fakeApi, held, renderRoutes, requestOf } from '#client/test/render.tsx';
import { AdminFacturePage } from './admin-facture-page.tsx';

const draft = makeDraft();

const issued: Facture = {
  ...draft,
  statut: 'émise',
  etat: 'à payer',
  numero: 'F-2026-0007',
  dateEmission: '2026-11-23',
  dateEcheance: '2026-12-23',
  pdfUrl: urlOf(invoicesRoutes.pdf, { params: { id: 'f1' } }),
};

/** Another invoice query on the screen: every change of an invoice refetches it too. */
function OpenInvoicesCount() {
  const list = useAdminInvoices({ etat: 'à payer' });
  return <p>{list.data ? `${list.data.items.length} à payer` : null}</p>;
}

describe('issuing a draft on /admin/factures/{id}', () => {
  it('says the invoice was issued even when the issued view replaces the editor before the request settles', async () => {
    const user = userEvent.setup();
    let current = draft;
    // The refetches after the issue: the invoice comes back at once (the editor gives way to the
    // issued view), the list is held, so the issue settles only once its editor is gone.
    const list = held<{ body: unknown }>();
    const { calls } = fakeApi({
      [routeKey(invoicesRoutes.get)]: () => ({ body: current }),
      [routeKey(invoicesRoutes.list)]: () =>
        current === issued
          ? list.promise
          : { body: { items: [], totaux: { factureCentimes: 0, avoirsCentimes: 0, payeCentimes: 0, resteCentimes: 0 } } },
      [routeKey(invoicesRoutes.updateDraft)]: () => ({ body: current }),
      [routeKey(invoicesRoutes.issue)]: () => {
        current = issued;
        return { body: issued };
      },
      // No approved platform configured: its panel shows nothing.
      [routeKey(einvoicingRoutes.invoicePlatform)]: { body: { enabled: false, plateforme: null, annuaire: null } },
      [routeKey(paymentsRoutes.reminders)]: { body: { arretees: false, envoyees: [] } },
    });
    renderRoutes(
      [
        {
          path: '/admin/factures/:id',
          element: (
            <>
              <AdminFacturePage />
              <OpenInvoicesCount />
            </>
          ),
        },
      ],
      { path: '/admin/factures/f1' },
    );

    await user.click(await screen.findByRole('button', { name: t.issue }));
    expect(await screen.findByRole('heading', { level: 1, name: t.detailTitle('facture', 'F-2026-0007') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.issue })).toBeNull();

    list.release({
      body: { items: [issued], totaux: { factureCentimes: 45_000, avoirsCentimes: 0, payeCentimes: 0, resteCentimes: 45_000 } },
    });
    // The toast: its invoice number is a span of its own, kept on one line.
    await waitFor(() => expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(`${t.issued('F-2026-0007')}×`));
    expect(screen.getByText('1 à payer')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual([
      requestOf(invoicesRoutes.updateDraft, { id: 'f1' }),
      requestOf(invoicesRoutes.issue, { id: 'f1' }),
    ]);
  });
});

describe('editing a draft on /admin/factures/{id}', () => {
  it('checks the form with the API’s schema: says which number does not read and sends nothing, then saves the French numbers as the API takes them', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      [routeKey(invoicesRoutes.get)]: { body: draft },
      [routeKey(invoicesRoutes.updateDraft)]: () => ({ body: draft }),
    });
    renderRoutes([{ path: '/admin/factures/:id', element: <AdminFacturePage /> }], { path: '/admin/factures/f1' });
    const description = await screen.findByLabelText(t.lineDescription);
    const quantity = screen.getByLabelText(t.lineQuantity);
    const price = screen.getByLabelText(t.lineUnitPrice);

    await user.clear(quantity);
    await user.type(quantity, 'deux');
    await user.click(screen.getByRole('button', { name: t.saveDraft }));
    expect(await screen.findByText(t.invalidQuantity)).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.clear(description);
    await user.type(description, '  Convoyage Lyon → Paris ');
    await user.clear(quantity);
    await user.type(quantity, '1,5');
    await user.clear(price);
    await user.type(price, '1 250,50');
    expect(screen.getByText(/1\s875,75\s€/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.saveDraft }));
    expect(await screen.findByText(t.draftSaved)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'PUT',
        path: urlOf(invoicesRoutes.updateDraft, { params: { id: 'f1' } }),
        query: '',
        body: {
          lignes: [{ description: 'Convoyage Lyon → Paris', quantite: 1.5, prixUnitaireCentimes: 125_050 }],
          datePrestation: '2026-11-20',
          client: { nom: 'Hélène Lefèvre', adresse: '3 rue des Lilas, 69003 Lyon', siret: null },
        },
      },
    ]);
  });
});
