import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Devis } from '#domain/schemas/devis.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { fakeApi, renderAt } from '#client/test/render.tsx';
import { ActiveQuotes } from './active-quotes.tsx';
import { ArchivedQuotes } from './archived-quotes.tsx';

const quote = (numeroDevis: number, statut = 'en attente') =>
  ({
    id: `d${numeroDevis}`,
    numeroDevis,
    statut,
    adresseDepart: 'Nantes (44000)',
    adresseArrivee: 'Rennes (35000)',
    typeVehicule: 'Citadine',
    distanceKm: 110,
    prix: 120,
    dateSimulation: '2026-11-21T10:00:00.000Z',
    devisSigneURL: null,
  }) as unknown as Devis;

/** The customer's quotes on a fake server that deletes for real (or refuses to, with a 500). */
function quotesServer(list: Devis[], { isDeleteRefused = false } = {}) {
  let quotes = [...list];
  const { calls } = fakeApi({
    'GET /api/devis': () => ({ body: { devis: quotes.filter((devis) => devis.statut !== 'archivé') } }),
    'GET /api/devis/archives': () => ({ body: { devis: quotes.filter((devis) => devis.statut === 'archivé') } }),
    'DELETE /api/devis/:id': ({ params }) => {
      if (isDeleteRefused) return { status: 500, body: { error: 'internal', message: 'Erreur' } };
      quotes = quotes.filter((devis) => devis.id !== params.id);
      return { status: 204 };
    },
  });
  return { deletions: () => calls.filter((call) => call.method === 'DELETE').map((call) => call.path) };
}

const card = (numero: number) => screen.findByRole('article', { name: t.quoteNumber(numero) });

describe('deleting a quote', () => {
  it('asks first: cancelling keeps the quote, confirming deletes it and says so', async () => {
    const user = userEvent.setup();
    const { deletions } = quotesServer([quote(12), quote(13)]);
    renderAt(<ActiveQuotes />);
    await user.click(within(await card(12)).getByRole('button', { name: new RegExp(`^${t.delete}`) }));
    const dialog = screen.getByRole('dialog', { name: t.confirmDelete });
    expect(dialog).toHaveTextContent(t.quoteNumber(12));

    await user.click(within(dialog).getByRole('button', { name: t.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletions()).toEqual([]);

    await user.click(within(await card(12)).getByRole('button', { name: new RegExp(`^${t.delete}`) }));
    await user.click(within(screen.getByRole('dialog', { name: t.confirmDelete })).getByRole('button', { name: t.delete }));
    expect(await screen.findByText(t.deleted)).toBeInTheDocument();
    expect(deletions()).toEqual(['/api/devis/d12']);
    await waitFor(() => expect(screen.queryByRole('article', { name: t.quoteNumber(12) })).toBeNull());
    expect(await card(13)).toBeInTheDocument();
  });

  it('says when the server refuses, and keeps the quote listed', async () => {
    const user = userEvent.setup();
    quotesServer([quote(12)], { isDeleteRefused: true });
    renderAt(<ActiveQuotes />);
    await user.click(within(await card(12)).getByRole('button', { name: new RegExp(`^${t.delete}`) }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: t.delete }));
    expect(await screen.findByText(t.deleteFailure)).toBeInTheDocument();
    expect(await card(12)).toBeInTheDocument();
  });

  it('asks its own question for an archived quote', async () => {
    const user = userEvent.setup();
    const { deletions } = quotesServer([quote(20, 'archivé')]);
    renderAt(<ArchivedQuotes />);
    await user.click(within(await card(20)).getByRole('button', { name: new RegExp(`^${t.delete}`) }));
    await user.click(within(screen.getByRole('dialog', { name: t.confirmDeleteArchived })).getByRole('button', { name: t.delete }));
    expect(await screen.findByText(texts.noArchivedQuotes)).toBeInTheDocument();
    expect(deletions()).toEqual(['/api/devis/d20']);
  });
});
