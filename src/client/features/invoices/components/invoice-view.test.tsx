import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invoicesRoutes } from '#domain/api-paths.ts';
import { formatCentimes } from '#domain/format.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { urlOf } from '#client/lib/api.ts';
import { makeDraft } from '#client/test/factories.ts';
import { renderAt } from '#client/test/render.tsx';
import { InvoiceView } from './invoice-view.tsx';

/** The invoice of 450 €, issued, paid by transfer, then cancelled by a credit note and its money given back. */
const refunded = makeDraft({
  statut: 'émise',
  etat: 'annulée',
  numero: 'F-2026-0001',
  dateEmission: '2026-11-29',
  dateEcheance: '2026-11-29',
  avoirsCentimes: 45_000,
  resteCentimes: 0,
  paiements: [
    { id: 'p1', date: '2026-11-29', montantCentimes: 45_000, moyen: 'virement' },
    { id: 'p2', date: '2026-11-30', montantCentimes: -45_000, moyen: 'virement' },
  ],
  avoirs: [{ id: 'a1', numero: 'A-2026-0002', totalCentimes: 45_000, dateEmission: '2026-11-29' }],
  pdfUrl: urlOf(invoicesRoutes.pdf, { params: { id: 'f1' } }),
});

describe('an invoice’s page in the back office', () => {
  it('lists a refund among the payments as the amount given back, not as a negative payment', () => {
    renderAt(<InvoiceView facture={refunded} />, '/admin/factures/f1');
    const lines = screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '));
    const amount = formatCentimes(45_000).replace(/\s/g, ' ');
    expect(lines).toContain(`29/11/2026 – Virement – ${amount}`);
    expect(lines).toContain(`30/11/2026 – Virement – ${t.refundLine(formatCentimes(45_000)).replace(/\s/g, ' ')}`);
    expect(lines.some((line) => line?.includes(`-${amount}`))).toBe(false);
  });

  it('says what it holds beyond what it is owed, where « Reste à payer » would read 0,00 €', () => {
    const held = { ...refunded, payeCentimes: 45_000, resteCentimes: -45_000, paiements: refunded.paiements.slice(0, 1) };
    renderAt(<InvoiceView facture={held} />, '/admin/factures/f1');
    expect(screen.getByText(t.excess).nextElementSibling?.textContent?.replace(/\s/g, ' ')).toBe(
      formatCentimes(45_000).replace(/\s/g, ' '),
    );
    expect(screen.queryByText(t.remaining)).toBeNull();
  });
});
