import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invoicesRoutes } from '#domain/api-paths.ts';
import { formatCentimes } from '#domain/format.ts';
import type { Facture } from '#domain/schemas/invoices.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { urlOf } from '#client/lib/api.ts';
import { renderAt } from '#client/test/render.tsx';
import { InvoiceView } from './invoice-view.tsx';

/** A deposit invoice of 147,00 €, paid by transfer, credited after a withdrawal and its money given back. */
const refunded: Facture = {
  id: 'f1',
  type: 'facture',
  statut: 'émise',
  etat: 'annulée',
  numero: 'F-2026-0001',
  devisId: 'q1',
  numeroDevis: 1,
  dateEmission: '2026-11-29',
  dateEcheance: '2026-11-29',
  datePrestation: '2026-11-29',
  client: { nom: 'Léa Martin', adresse: '3 rue Crébillon, 44000 Nantes', email: 'lea.martin@exemple.fr', type: 'particulier', siret: null },
  lignes: [{ description: 'Acompte de 30 %', quantite: 1, prixUnitaireCentimes: 14_700, montantCentimes: 14_700 }],
  totalCentimes: 14_700,
  avoirsCentimes: 14_700,
  payeCentimes: 0,
  resteCentimes: 0,
  paiements: [
    { id: 'p1', date: '2026-11-29', montantCentimes: 14_700, moyen: 'virement' },
    { id: 'p2', date: '2026-11-30', montantCentimes: -14_700, moyen: 'virement' },
  ],
  avoirs: [{ id: 'a1', numero: 'A-2026-0002', totalCentimes: 14_700, dateEmission: '2026-11-29' }],
  factureOrigine: null,
  motif: null,
  pdfUrl: urlOf(invoicesRoutes.pdf, { params: { id: 'f1' } }),
  derniereRelance: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  plateforme: null,
};

describe('an invoice’s page in the back office', () => {
  it('lists a refund among the payments as the amount given back, not as a negative payment', () => {
    renderAt(<InvoiceView facture={refunded} />, '/admin/factures/f1');
    const lines = screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '));
    const amount = formatCentimes(14_700).replace(/\s/g, ' ');
    expect(lines).toContain(`29/11/2026 – Virement – ${amount}`);
    expect(lines).toContain(`30/11/2026 – Virement – ${t.refundLine(formatCentimes(14_700)).replace(/\s/g, ' ')}`);
    expect(lines.some((line) => line?.includes(`-${amount}`))).toBe(false);
  });
});
