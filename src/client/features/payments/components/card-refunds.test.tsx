import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paymentsRoutes, routeKey } from '#domain/api-paths.ts';
import { formatCentimes, formatDay } from '#domain/format.ts';
import type { CardRefunds as CardRefundsAnswer } from '#domain/schemas/payments.ts';
import { cardRefundApiMessages, cardRefundTexts as t } from '#domain/texts/payments.ts';
import { fakeApi, renderAt, requestOf } from '#client/test/render.tsx';
import { CardRefunds } from './card-refunds.tsx';

const owed = { paiementId: 'p1', motif: 'rétractation', date: '2026-11-29', montantCentimes: 12_615, statut: null, majLe: null } as const;
const answer = (refund: Partial<CardRefundsAnswer['remboursements'][number]> = {}, fournisseur = true): CardRefundsAnswer => ({
  fournisseur,
  remboursements: [{ ...owed, ...refund }],
});
// Amounts are written with no-break spaces: compare the words.
const words = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('a withdrawal’s refund on the card that paid, on the invoice’s back-office page', () => {
  it('shows what goes back and, on one tap, asks the provider and says where it is', async () => {
    const user = userEvent.setup();
    let stored = answer();
    const { calls } = fakeApi({
      [routeKey(paymentsRoutes.cardRefunds)]: () => ({ body: stored }),
      [routeKey(paymentsRoutes.makeCardRefund)]: () => {
        stored = answer({ statut: 'effectué', majLe: '2026-11-30T09:00:00.000Z' });
        return { body: stored };
      },
    });
    renderAt(<CardRefunds factureId="f1" />, '/admin/factures/f1');
    const section = await screen.findByRole('region', { name: t.title });
    expect(await within(section).findByText(t.intro)).toBeVisible();
    expect(words(within(section).getByRole('listitem').textContent)).toContain(
      words(t.line(formatCentimes(12_615), formatDay('2026-11-29'))),
    );
    expect(within(section).getByText(t.toDo(formatDay('2026-12-13')))).toBeVisible();

    await user.click(within(section).getByRole('button', { name: (name) => words(name) === words(t.make(formatCentimes(12_615))) }));
    expect(await within(section).findByText(t.states.effectué('30/11/2026'))).toBeVisible();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(screen.getByText(t.madeDone)).toBeVisible();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [`${call.method} ${call.path}`, call.body])).toEqual([
      [requestOf(paymentsRoutes.makeCardRefund, { id: 'f1' }), { paiementId: 'p1' }],
    ]);
  });

  it('says the provider’s refusal in French and keeps the button; without a provider, says where to refund', async () => {
    const user = userEvent.setup();
    fakeApi({
      [routeKey(paymentsRoutes.cardRefunds)]: { body: answer({ statut: 'échoué', majLe: '2026-11-30T09:00:00.000Z' }) },
      [routeKey(paymentsRoutes.makeCardRefund)]: {
        status: 409,
        body: { error: 'conflict', message: cardRefundApiMessages.providerRefused },
      },
    });
    renderAt(<CardRefunds factureId="f1" />, '/admin/factures/f1');
    const section = await screen.findByRole('region', { name: t.title });
    expect(await within(section).findByText(t.states.échoué('30/11/2026'))).toBeVisible();
    await user.click(within(section).getByRole('button'));
    expect(await within(section).findByRole('alert')).toHaveTextContent(cardRefundApiMessages.providerRefused);
    expect(within(section).getByRole('button')).toBeEnabled();
  });

  it('offers no button when no card provider is configured, and says to refund from its dashboard', async () => {
    fakeApi({ [routeKey(paymentsRoutes.cardRefunds)]: { body: answer({}, false) } });
    renderAt(<CardRefunds factureId="f1" />, '/admin/factures/f1');
    const section = await screen.findByRole('region', { name: t.title });
    expect(await within(section).findByText(t.noProvider)).toBeVisible();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('offers to give back money received in excess as the operator’s choice, with no deadline', async () => {
    fakeApi({
      [routeKey(paymentsRoutes.cardRefunds)]: { body: answer({ paiementId: 'carte1', motif: 'trop-perçu', date: '2026-11-28' }) },
    });
    renderAt(<CardRefunds factureId="f1" />, '/admin/factures/f1');
    const section = await screen.findByRole('region', { name: t.title });
    expect(await within(section).findByText(t.excessIntro)).toBeVisible();
    expect(within(section).queryByText(t.intro)).toBeNull();
    expect(words(within(section).getByRole('listitem').textContent)).toContain(
      words(`${t.excessLine(formatCentimes(12_615), formatDay('2026-11-28'))}${t.excessToDo}`),
    );
    expect(within(section).queryByText(/avant le/)).toBeNull();
    expect(within(section).getByRole('button', { name: (name) => words(name) === words(t.make(formatCentimes(12_615))) })).toBeEnabled();
  });
});
