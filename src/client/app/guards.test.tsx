import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountsRoutes, routeKey } from '#domain/api-paths.ts';
import { texts } from '#domain/texts/common.ts';
import { admin, customer, fakeApi, held, renderRoutes } from '#client/test/render.tsx';
import { RequireAdmin, RequireUser } from './guards.tsx';

function Connexion() {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return <p>connexion, back to {from}</p>;
}

const routes = [
  { path: '/', element: <p>accueil</p> },
  { path: '/connexion', element: <Connexion /> },
  {
    element: <RequireUser />,
    children: [
      { path: '/espace-client', element: <p>espace client</p> },
      // As in the route table: the set-up sits behind RequireUser (RequireAdmin sends there).
      { path: '/admin/securite', element: <p>double authentification</p> },
    ],
  },
  { element: <RequireAdmin />, children: [{ path: '/admin', element: <p>administration</p> }] },
];

describe('the guards', () => {
  it('say they are checking while the session loads, then let a logged-in customer in', async () => {
    const session = held<{ body: unknown }>();
    fakeApi({ [routeKey(accountsRoutes.me)]: () => session.promise });
    renderRoutes(routes, { path: '/espace-client' });
    expect(screen.getByText(texts.checkingPermissions)).toBeInTheDocument();
    session.release({ body: { user: customer } });
    expect(await screen.findByText('espace client')).toBeInTheDocument();
  });

  it('send a visitor to /connexion, remembering the page asked for', async () => {
    fakeApi({ [routeKey(accountsRoutes.me)]: { body: { user: null } } });
    renderRoutes(routes, { path: '/admin' });
    expect(await screen.findByText('connexion, back to /admin')).toBeInTheDocument();
  });

  it('send a customer away from the back office to the home page, and let the administrator in', async () => {
    fakeApi({ [routeKey(accountsRoutes.me)]: { body: { user: customer } } });
    const { unmount } = renderRoutes(routes, { path: '/admin' });
    expect(await screen.findByText('accueil')).toBeInTheDocument();
    unmount();

    fakeApi({ [routeKey(accountsRoutes.me)]: { body: { user: admin } } });
    renderRoutes(routes, { path: '/admin' });
    expect(await screen.findByText('administration')).toBeInTheDocument();
  });

  it('keep the administrator on the set-up of his second factor until it is done', async () => {
    fakeApi({ [routeKey(accountsRoutes.me)]: { body: { user: { ...admin, twoFactorEnabled: false, twoFactorSetupRequired: true } } } });
    renderRoutes(routes, { path: '/admin' });
    expect(await screen.findByText('double authentification')).toBeInTheDocument();
    expect(screen.queryByText('administration')).not.toBeInTheDocument();
  });
});
