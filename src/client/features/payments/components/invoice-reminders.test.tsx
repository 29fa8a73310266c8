import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paymentsRoutes, routeKey } from '#domain/api-paths.ts';
import { invoiceRemindersTexts as t } from '#domain/texts/payments.ts';
import { fakeApi, renderAt, requestOf } from '#client/test/render.tsx';
import { InvoiceReminders } from './invoice-reminders.tsx';

describe('the automatic reminders of an invoice, in the back office', () => {
  it('lists those sent, stops the others on one tap and lets them go again', async () => {
    const user = userEvent.setup();
    const sent = [{ etape: 'avant-echeance', envoyeeLe: '2026-12-20T08:00:00.000Z' }];
    const { calls } = fakeApi({
      [routeKey(paymentsRoutes.reminders)]: { body: { arretees: false, envoyees: sent } },
      [routeKey(paymentsRoutes.setReminders)]: ({ body }) => ({ body: { ...(body as { arretees: boolean }), envoyees: sent } }),
    });
    renderAt(<InvoiceReminders factureId="f1" />, '/admin/factures/f1');
    const section = await screen.findByRole('region', { name: t.title });
    expect(await within(section).findByText(t.active)).toBeVisible();
    expect(within(section).getByRole('listitem')).toHaveTextContent(t.sentOn(t.steps['avant-echeance'], '20/12/2026'));

    await user.click(within(section).getByRole('button', { name: t.stop }));
    expect(await within(section).findByText(t.stopped)).toBeVisible();
    expect(screen.getByText(t.stoppedDone)).toBeVisible();

    await user.click(within(section).getByRole('button', { name: t.resume }));
    expect(await within(section).findByText(t.active)).toBeVisible();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [`${call.method} ${call.path}`, call.body])).toEqual([
      [requestOf(paymentsRoutes.setReminders, { id: 'f1' }), { arretees: true }],
      [requestOf(paymentsRoutes.setReminders, { id: 'f1' }), { arretees: false }],
    ]);
  });
});
