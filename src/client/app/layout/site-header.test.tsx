import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsRoutes, routeKey } from '#domain/api-paths.ts';
import { publicTexts, texts } from '#domain/texts/common.ts';
import { customer, fakeApi, held, renderAt } from '#client/test/render.tsx';
import { SiteHeader } from './site-header.tsx';

const nav = publicTexts.nav;
const menu = () => within(screen.getByRole('navigation', { name: nav.mainMenu }));

describe('the site header', () => {
  it('shows a logged-in customer the way to their area and out, once the session is read', async () => {
    const session = held<{ body: unknown }>();
    fakeApi({ [routeKey(accountsRoutes.me)]: () => session.promise });
    renderAt(<SiteHeader />);
    // Until the session is known (as on the server): the visitors' menu.
    expect(menu().getByRole('link', { name: nav.creerCompte })).toBeInTheDocument();
    expect(menu().queryByRole('link', { name: texts.headerEspaceClient })).toBeNull();
    session.release({ body: { user: customer } });
    expect(await menu().findByRole('link', { name: texts.headerEspaceClient })).toHaveAttribute('href', '/espace-client');
    // « Se déconnecter » stands beside it at once (its code comes later): nothing moves under a finger.
    expect(menu().getByRole('button', { name: texts.logout })).toBeInTheDocument();
    await waitFor(() => expect(menu().getByRole('button', { name: texts.logout })).toBeEnabled());
    expect(menu().queryByRole('link', { name: nav.creerCompte })).toBeNull();
    expect(menu().queryByRole('link', { name: nav.connexion })).toBeNull();
  });
});
