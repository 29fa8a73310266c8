import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { quotesRoutes, routeKey } from '#domain/api-paths.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { urlOf } from '#client/lib/api.ts';
import { makeDevis } from '#client/test/factories.ts';
import { fakeApi, renderAt } from '#client/test/render.tsx';
import { ActiveQuotes } from './active-quotes.tsx';
import { ArchivedQuotes } from './archived-quotes.tsx';

const quote = (numeroDevis: number, statut: Devis['statut'] = 'en attente') =>
  makeDevis({ numeroDevis, statut, archive: statut === 'archivé' });

/** The customer's quotes on a fake server that deletes for real (or refuses to, with a 500, or cannot be reached). */
function quotesServer(list: Devis[], { isDeleteRefused = false, isUnreachable = false } = {}) {
  let quotes = [...list];
  const { calls } = fakeApi({
    [routeKey(quotesRoutes.list)]: () => ({ body: { devis: quotes.filter((devis) => devis.statut !== 'archivé') } }),
    [routeKey(quotesRoutes.listArchived)]: () => ({ body: { devis: quotes.filter((devis) => devis.statut === 'archivé') } }),
    [routeKey(quotesRoutes.delete)]: ({ params }) => {
      if (isUnreachable) throw new TypeError('Failed to fetch');
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
    expect(deletions()).toEqual([urlOf(quotesRoutes.delete, { params: { id: 'd12' } })]);
    await waitFor(() => expect(screen.queryByRole('article', { name: t.quoteNumber(12) })).toBeNull());
    expect(await card(13)).toBeInTheDocument();
  });

  // The toast's whole text: a refusal says the action failed; without network, why as well.
  it.each([
    { when: 'the server refuses', server: { isDeleteRefused: true }, message: t.deleteFailure },
    { when: 'the network is gone', server: { isUnreachable: true }, message: `${t.deleteFailure} ${texts.networkError}` },
  ])('says so when $when, and keeps the quote listed', async ({ server, message }) => {
    const user = userEvent.setup();
    quotesServer([quote(12)], server);
    renderAt(<ActiveQuotes />);
    await user.click(within(await card(12)).getByRole('button', { name: new RegExp(`^${t.delete}`) }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: t.delete }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await card(12)).toBeInTheDocument();
  });

  it('asks its own question for an archived quote', async () => {
    const user = userEvent.setup();
    const { deletions } = quotesServer([quote(20, 'archivé')]);
    renderAt(<ArchivedQuotes />);
    await user.click(within(await card(20)).getByRole('button', { name: new RegExp(`^${t.delete}`) }));
    await user.click(within(screen.getByRole('dialog', { name: t.confirmDeleteArchived })).getByRole('button', { name: t.delete }));
    expect(await screen.findByText(texts.noArchivedQuotes)).toBeInTheDocument();
    expect(deletions()).toEqual([urlOf(quotesRoutes.delete, { params: { id: 'd20' } })]);
  });

  it('offers neither « Restaurer » nor « Supprimer » for a signed contract in the archives (a withdrawal), only « Voir »', async () => {
    const signed = makeDevis({
      id: 'd21',
      numeroDevis: 21,
      statut: 'archivé',
      archive: true,
      devisSigneURL: urlOf(quotesRoutes.signedPdf, { params: { id: 'd21' } }),
    });
    quotesServer([signed, quote(22, 'archivé')]);
    renderAt(<ArchivedQuotes />);
    const kept = await card(21);
    expect(within(kept).getByRole('link', { name: new RegExp(`^${t.view}`) })).toBeInTheDocument();
    expect(within(kept).queryByRole('button')).toBeNull();
    expect(within(await card(22)).getByRole('button', { name: new RegExp(`^${t.restore}`) })).toBeInTheDocument();
  });
});
