import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paymentsRoutes, routeKey } from '#domain/api-paths.ts';
import { placeholderPublicConfig } from '#domain/public-config.ts';
import type { PaymentPage } from '#domain/schemas/payments.ts';
import { paymentPageTexts as t } from '#domain/texts/payments.ts';
import { fakeApi, renderAt, requestOf } from '#client/test/render.tsx';
import { PaymentView } from './payment-view.tsx';

const page = (overrides: Partial<PaymentPage> = {}, facture: Partial<PaymentPage['facture']> = {}): PaymentPage => ({
  facture: {
    id: 'f1',
    numero: 'F-2026-0003',
    acompte: true,
    numeroDevis: 42,
    dateEmission: '2026-11-27',
    dateEcheance: '2026-11-27',
    totalCentimes: 12_615,
    acomptesCentimes: 0,
    resteCentimes: 12_615,
    annuleeParAvoir: null,
    ...facture,
  },
  enLigne: true,
  virement: {
    iban: 'FR76 3000 6000 0112 3456 7890 189',
    bic: 'AGRIFRPP',
    beneficiaire: 'Hélène Dupré EI',
    reference: 'F-2026-0003',
    montantCentimes: 12_615,
    qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  },
  derniereTentative: null,
  remboursements: [],
  enTropCentimes: 0,
  ...overrides,
});

describe('the payment page of an invoice', () => {
  it('offers « Payer en ligne » and the transfer with its QR code; a refusal of the server is said in French', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      [routeKey(paymentsRoutes.page)]: { body: page() },
      [routeKey(paymentsRoutes.startOnline)]: { status: 409, body: { error: 'conflict', message: 'Cette facture est déjà réglée.' } },
    });
    renderAt(<PaymentView id="f1" />, '/factures/f1/paiement');
    expect(await screen.findByRole('heading', { level: 1, name: t.title('F-2026-0003', true) })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: t.qrAlt('F-2026-0003') })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByText('FR76 3000 6000 0112 3456 7890 189')).toBeInTheDocument();
    expect(screen.queryByText(t.confirming)).toBeNull();

    await user.click(screen.getByRole('button', { name: t.payOnline }));
    expect(await screen.findByText('Cette facture est déjà réglée.')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(requestOf(paymentsRoutes.startOnline, { id: 'f1' }));
  });

  it('copies the IBAN (without its spaces) and the reference for the bank’s app, and says it did', async () => {
    const user = userEvent.setup();
    fakeApi({ [routeKey(paymentsRoutes.page)]: { body: page() } });
    renderAt(<PaymentView id="f1" />, '/factures/f1/paiement');
    await user.click(await screen.findByRole('button', { name: t.copyLabel(t.iban) }));
    expect(await navigator.clipboard.readText()).toBe('FR7630006000011234567890189');
    expect(screen.getByRole('button', { name: t.copied })).toHaveTextContent(t.copied);
    await user.click(screen.getByRole('button', { name: t.copyLabel(t.reference) }));
    expect(await navigator.clipboard.readText()).toBe('F-2026-0003');
  });

  it('back from the provider, says the payment is being confirmed until the notification has recorded it', async () => {
    fakeApi({ [routeKey(paymentsRoutes.page)]: { body: page() } });
    renderAt(<PaymentView id="f1" />, '/factures/f1/paiement?retour=1');
    expect(await screen.findByText(t.confirming)).toBeInTheDocument();
    expect(screen.queryByText(t.settled)).toBeNull();
  });

  it('once paid, thanks the customer and offers no payment; without a provider, no « Payer en ligne »', async () => {
    fakeApi({ [routeKey(paymentsRoutes.page)]: { body: page({ enLigne: false, virement: null }, { resteCentimes: 0 }) } });
    renderAt(<PaymentView id="f1" />, '/factures/f1/paiement?retour=1');
    expect(await screen.findByText(t.settled)).toBeInTheDocument();
    expect(screen.queryByText(t.confirming)).toBeNull();
    expect(screen.queryByRole('button', { name: t.payOnline })).toBeNull();
    expect(screen.queryByRole('heading', { name: t.transferTitle })).toBeNull();
    expect(screen.queryByRole('heading', { name: t.otherMeansTitle })).toBeNull();
  });

  it('cancelled by a credit note, says so and that nothing is to pay, never « réglée »', async () => {
    fakeApi({
      [routeKey(paymentsRoutes.page)]: {
        body: page({ enLigne: false, virement: null }, { resteCentimes: 0, annuleeParAvoir: 'A-2026-0001' }),
      },
    });
    renderAt(<PaymentView id="f1" />, '/factures/f1/paiement');
    // Testing Library folds the no-break space after « n° » into a plain one.
    expect(await screen.findByText(t.cancelled('A-2026-0001').replace(/\s/g, ' '))).toBeInTheDocument();
    expect(screen.queryByText(t.settled)).toBeNull();
    expect(screen.queryByText(t.due)).toBeNull();
    expect(screen.queryByRole('heading', { name: t.otherMeansTitle })).toBeNull();
  });

  it('says where each refund stands, and whom to ask about money received beyond what is owed', async () => {
    fakeApi({
      [routeKey(paymentsRoutes.page)]: {
        body: page(
          {
            enLigne: false,
            virement: null,
            remboursements: [
              { montantCentimes: 12_615, moyen: 'virement', statut: 'à faire', date: '2026-12-14' },
              { montantCentimes: 6_900, moyen: 'carte', statut: 'en cours', date: '2026-11-30' },
              { montantCentimes: 2_000, moyen: 'carte', statut: 'effectué', date: '2026-11-29' },
            ],
            enTropCentimes: 7_257,
          },
          { resteCentimes: 0, annuleeParAvoir: 'A-2026-0001' },
        ),
      },
    });
    renderAt(<PaymentView id="f1" />, '/factures/f1/paiement');
    const section = within(await screen.findByRole('region', { name: t.refundsTitle }));
    const items = section.getAllByRole('listitem').map((item) => item.textContent);
    // Testing Library folds the no-break spaces of the amounts; the DOM keeps them.
    const fold = (text: string) => text.replace(/\s/g, ' ');
    expect(items.map((item) => fold(item ?? ''))).toEqual([
      fold(t.refund['à faire']('126,15 €', t.refundMeans.virement, '14/12/2026')),
      fold(t.refund['en cours']('69,00 €', t.refundMeans.carte, '30/11/2026')),
      fold(t.refund.effectué('20,00 €', t.refundMeans.carte, '29/11/2026')),
    ]);
    expect(section.getByText(t.cardRefundDelay)).toBeInTheDocument();
    expect(section.getByText(fold(t.excess('72,57 €')), { exact: false })).toBeInTheDocument();
    expect(section.getByRole('link', { name: placeholderPublicConfig.contact.email })).toHaveAttribute(
      'href',
      `mailto:${placeholderPublicConfig.contact.email}`,
    );
  });

  it('shows no refund section when nothing was given back or is held', async () => {
    fakeApi({ [routeKey(paymentsRoutes.page)]: { body: page({ enLigne: false, virement: null }, { resteCentimes: 0 }) } });
    renderAt(<PaymentView id="f1" />, '/factures/f1/paiement');
    expect(await screen.findByText(t.settled)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t.refundsTitle })).toBeNull();
  });

  it('with neither card nor bank details configured, tells whom to ask instead of showing no way to pay', async () => {
    fakeApi({ [routeKey(paymentsRoutes.page)]: { body: page({ enLigne: false, virement: null }, { acompte: false }) } });
    renderAt(<PaymentView id="f1" />, '/factures/f1/paiement');
    expect(await screen.findByRole('heading', { level: 1, name: t.title('F-2026-0003', false) })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: t.otherMeansTitle });
    expect(section).toHaveTextContent(t.otherMeans.replace(/\s/g, ' '));
    expect(within(section).getByRole('link', { name: placeholderPublicConfig.contact.email })).toHaveAttribute(
      'href',
      `mailto:${placeholderPublicConfig.contact.email}`,
    );
    expect(within(section).getByRole('link', { name: placeholderPublicConfig.contact.phone })).toHaveAttribute('href', 'tel:0612345678');
    expect(screen.queryByRole('button', { name: t.payOnline })).toBeNull();
  });
});
