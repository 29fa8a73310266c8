import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountsRoutes, authRoutes, routeKey } from '#domain/api-paths.ts';
import { texts } from '#domain/texts/common.ts';
import { apiErrorMessages } from '#domain/texts/errors.ts';
import { useSession } from '#client/lib/use-session.ts';
import { admin, customer, fakeApi, held, renderRoutes } from '#client/test/render.tsx';
import { LoginForm } from './login-form.tsx';

function Landed() {
  return <p>landed on {useLocation().pathname}</p>;
}

const routes = [
  { path: '/connexion', element: <LoginForm variant="page" /> },
  { path: '*', element: <Landed /> },
];

/** The server: a sign-in that succeeds, after which /api/me says who is logged in. */
function serverFor(user: typeof customer | typeof admin) {
  let isLoggedIn = false;
  return fakeApi({
    [routeKey(accountsRoutes.me)]: () => ({ body: { user: isLoggedIn ? user : null } }),
    [routeKey(authRoutes.signIn)]: () => {
      isLoggedIn = true;
      return { body: { user } };
    },
  });
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(texts.fieldEmail), 'quelqu.un@exemple.fr');
  await user.type(screen.getByLabelText(texts.fieldMotDePasse), 'mot-de-passe-solide');
  await user.click(screen.getByRole('button', { name: texts.loginSubmit }));
}

describe('logging in', () => {
  it('takes a customer to the customer area and the administrator to the back office', async () => {
    serverFor(customer);
    const first = renderRoutes(routes, { path: '/connexion' });
    await logIn();
    expect(await screen.findByText('landed on /espace-client')).toBeInTheDocument();
    first.unmount();

    serverFor(admin);
    renderRoutes(routes, { path: '/connexion' });
    await logIn();
    expect(await screen.findByText('landed on /admin')).toBeInTheDocument();
  });

  it('goes back to the page a guard sent the visitor away from, when the role may open it', async () => {
    serverFor(customer);
    const first = renderRoutes(routes, { path: '/connexion', state: { from: '/devis/42/completer' } });
    await logIn();
    expect(await screen.findByText('landed on /devis/42/completer')).toBeInTheDocument();
    first.unmount();

    // A customer is not sent into the back office, whatever the address remembered.
    serverFor(customer);
    renderRoutes(routes, { path: '/connexion', state: { from: '/admin/devis-archives' } });
    await logIn();
    expect(await screen.findByText('landed on /espace-client')).toBeInTheDocument();
  });

  it('stays on the form and says why when the password is wrong', async () => {
    const { calls } = fakeApi({
      [routeKey(accountsRoutes.me)]: { body: { user: null } },
      [routeKey(authRoutes.signIn)]: {
        status: 401,
        body: { error: 'invalid_credentials', message: apiErrorMessages.invalid_credentials },
      },
    });
    renderRoutes(routes, { path: '/connexion' });
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.loginFailurePage);
    expect(calls.filter((call) => call.path === authRoutes.signIn.path)).toHaveLength(1);
    expect(screen.queryByText(/landed on/)).toBeNull();
  });

  it('reads the session afresh after the login, even while a read started before it is still under way', async () => {
    // The page read the session as the visitor arrived; that read answers "nobody" after the login.
    let isLoggedIn = false;
    let reads = 0;
    const firstRead = held<void>();
    fakeApi({
      [routeKey(accountsRoutes.me)]: async () => {
        const user = isLoggedIn ? customer : null;
        if (reads++ === 0) await firstRead.promise;
        return { body: { user } };
      },
      [routeKey(authRoutes.signIn)]: () => {
        isLoggedIn = true;
        return { body: { user: customer } };
      },
    });
    function PageReadingTheSession() {
      useSession();
      return <LoginForm variant="page" />;
    }
    renderRoutes(
      [
        { path: '/connexion', element: <PageReadingTheSession /> },
        { path: '*', element: <Landed /> },
      ],
      { path: '/connexion', state: { from: '/devis/42/signer' } },
    );
    await logIn();
    firstRead.release();
    expect(await screen.findByText('landed on /devis/42/signer')).toBeInTheDocument();
  });
});
