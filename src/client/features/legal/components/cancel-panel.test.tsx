import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { legalRoutes, routeKey } from '#domain/api-paths.ts';
import { formatDay, parisToday } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { makeDevis } from '#client/test/factories.ts';
import { fakeApi, renderAt, requestOf } from '#client/test/render.tsx';
import { CancelPanel } from './cancel-panel.tsx';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const signed = (overrides: Partial<Devis> = {}) =>
  makeDevis({
    numeroDevis: 7,
    statut: 'en cours',
    clientType: 'entreprise',
    datePriseEnCharge: { start: `${addDays(parisToday(), 3)}T08:30`, end: `${addDays(parisToday(), 3)}T10:00` },
    historique: [
      { fromStatut: 'envoyé', toStatut: 'en cours', byRole: 'customer', at: daysAgo(2), event: 'signé en ligne', byName: 'Garage Müller' },
    ],
    ...overrides,
  });
// Testing Library folds no-break spaces into plain ones.
const fold = (text: string) => text.replace(/\s/g, ' ');

describe('« Demander l’annulation » of a signed mission (general terms, article 13)', () => {
  it('says the deposit stays with the business 3 days before the pickup, then sends the request and says when it was made', async () => {
    const user = userEvent.setup();
    const now = new Date().toISOString();
    const { calls } = fakeApi({
      [routeKey(legalRoutes.requestCancellation)]: {
        body: signed({
          historique: [
            ...signed().historique!,
            {
              fromStatut: 'en cours',
              toStatut: 'en cours',
              byRole: 'customer',
              at: now,
              event: 'annulation demandée',
              byName: 'Garage Müller',
            },
          ],
        }),
      },
    });
    renderAt(<CancelPanel devis={signed()} />);
    await user.click(screen.getByRole('button', { name: l.cancelButton }));
    expect(screen.getByText(fold(l.cancelIntro(7, formatDay(addDays(parisToday(), 3)), false)))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: l.cancelConfirm }));
    expect(await screen.findByText(l.cancelRequested(formatDay(parisToday())))).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([requestOf(legalRoutes.requestCancellation, { id: 'd7' })]);
  });

  it('says the deposit is given back 10 days before the pickup', async () => {
    const user = userEvent.setup();
    const pickup = addDays(parisToday(), 10);
    renderAt(<CancelPanel devis={signed({ datePriseEnCharge: { start: `${pickup}T08:30`, end: null } })} />);
    await user.click(screen.getByRole('button', { name: l.cancelButton }));
    expect(screen.getByText(fold(l.cancelIntro(7, formatDay(pickup), true)))).toBeInTheDocument();
  });

  it('is not offered to a consumer who may still withdraw, on a quote not signed, nor once the vehicle is picked up; once asked, says when', () => {
    const consumer = renderAt(<CancelPanel devis={signed({ clientType: 'particulier' })} />);
    expect(screen.queryByRole('button', { name: l.cancelButton })).toBeNull();
    consumer.unmount();
    const unsigned = renderAt(<CancelPanel devis={signed({ statut: 'envoyé' })} />);
    expect(screen.queryByRole('button', { name: l.cancelButton })).toBeNull();
    unsigned.unmount();
    const pickedUp = {
      fromStatut: 'en cours',
      toStatut: 'en cours',
      byRole: 'admin',
      at: daysAgo(0),
      event: 'Véhicule pris en charge',
      byName: null,
    };
    const started = renderAt(<CancelPanel devis={signed({ historique: [...signed().historique!, pickedUp] })} />);
    expect(screen.queryByRole('button', { name: l.cancelButton })).toBeNull();
    started.unmount();
    const asked = daysAgo(1);
    renderAt(
      <CancelPanel
        devis={signed({
          historique: [
            ...signed().historique!,
            {
              fromStatut: 'en cours',
              toStatut: 'en cours',
              byRole: 'customer',
              at: asked,
              event: 'annulation demandée',
              byName: 'Garage Müller',
            },
          ],
        })}
      />,
    );
    expect(screen.getByText(l.cancelRequested(formatDay(parisToday(new Date(asked)))))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: l.cancelButton })).toBeNull();
  });
});
