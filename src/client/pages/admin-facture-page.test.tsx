import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Facture } from '#domain/schemas/invoices.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { useAdminInvoices } from '#client/features/invoices/api/use-invoices.ts';
import { fakeApi, held, renderRoutes } from '#client/test/render.tsx';
import { AdminFacturePage } from './admin-facture-page.tsx';

const draft: Facture = {
  id: 'f1',
  type: 'facture',
  statut: 'brouillon',
  etat: null,
  numero: null,
  devisId: 'q1',
  numeroDevis: 12,
  dateEmission: null,
  dateEcheance: null,
  datePrestation: '2026-11-20',
  client: { nom: 'Hélène Lefèvre', adresse: '3 rue des Lilas, 69003 Lyon', email: 'helene@exemple.fr', type: 'particulier', siret: null },
  lignes: [{ description: 'Convoyage Lyon → Paris', quantite: 1, prixUnitaireCentimes: 45_000, montantCentimes: 45_000 }],
  totalCentimes: 45_000,
  avoirsCentimes: 0,
  payeCentimes: 0,
  resteCentimes: 45_000,
  paiements: [],
  avoirs: [],
  factureOrigine: null,
  motif: null,
  pdfUrl: null,
  derniereRelance: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  plateforme: null,
};

const issued: Facture = {
  ...draft,
  statut: 'émise',
  etat: 'à payer',
  numero: 'F-2026-0007',
  dateEmission: '2026-11-23',
  dateEcheance: '2026-12-23',
  pdfUrl: '/api/admin/factures/f1/pdf',
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
      'GET /api/admin/factures/:id': () => ({ body: current }),
      'GET /api/admin/factures': () =>
        current === issued
          ? list.promise
          : { body: { items: [], totaux: { factureCentimes: 0, avoirsCentimes: 0, payeCentimes: 0, resteCentimes: 0 } } },
      'PUT /api/admin/factures/:id': () => ({ body: current }),
      'POST /api/admin/factures/:id/emettre': () => {
        current = issued;
        return { body: issued };
      },
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
    expect(await screen.findByText(t.issued('F-2026-0007'))).toBeInTheDocument();
    expect(screen.getByText('1 à payer')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/admin/factures/f1',
      'POST /api/admin/factures/f1/emettre',
    ]);
  });
});
