import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { invoicesRoutes, quotesRoutes, twoFactorRoutes, routeKey } from '#domain/api-paths.ts';
import { securityErrorMessages, twoFactorTexts as t } from '#domain/texts/security.ts';
import { fakeApi, requestOf } from '#client/test/render.tsx';
import { api } from './api.ts';
import { withReauthentication } from './reauth-dialog.tsx';

const refusal = { status: 403, body: { error: 'reauthentication_required', message: securityErrorMessages.reauthentication_required } };

describe('re-authentication before a sensitive action', () => {
  it('asks for the password when the server wants it, says a wrong one, then sends the action again', async () => {
    let deletions = 0;
    const { calls } = fakeApi({
      [routeKey(quotesRoutes.adminDelete)]: () => (++deletions === 1 ? refusal : { status: 204 }),
      [routeKey(twoFactorRoutes.reauthenticate)]: ({ body }) =>
        (body as { motDePasse?: string }).motDePasse === 'le-bon'
          ? { status: 204 }
          : { status: 401, body: { error: 'reauthentication_failed', message: securityErrorMessages.reauthentication_failed } },
    });
    const done = withReauthentication(() => api(quotesRoutes.adminDelete, { params: { id: 'd1' } }));

    const dialog = await screen.findByRole('dialog', { name: t.reauthTitle });
    expect(dialog).toHaveTextContent(t.reauthIntro);
    await userEvent.type(screen.getByLabelText(t.reauthPassword), 'le-mauvais');
    await userEvent.click(screen.getByRole('button', { name: t.reauthSubmit }));
    expect(await screen.findByText(securityErrorMessages.reauthentication_failed)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(t.reauthPassword));
    await userEvent.type(screen.getByLabelText(t.reauthPassword), 'le-bon');
    await userEvent.click(screen.getByRole('button', { name: t.reauthSubmit }));

    await expect(done).resolves.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      requestOf(quotesRoutes.adminDelete, { id: 'd1' }),
      requestOf(twoFactorRoutes.reauthenticate),
      requestOf(twoFactorRoutes.reauthenticate),
      requestOf(quotesRoutes.adminDelete, { id: 'd1' }),
    ]);
  });

  it('keeps the refusal when the user cancels, and sends nothing more', async () => {
    const { calls } = fakeApi({ [routeKey(invoicesRoutes.issue)]: refusal });
    const outcome = withReauthentication(() => api(invoicesRoutes.issue, { params: { id: 'f1' } })).catch((error: unknown) => error);
    await userEvent.click(await screen.findByRole('button', { name: t.reauthCancel }));
    expect(await outcome).toMatchObject({ code: 'reauthentication_required' });
    expect(calls).toHaveLength(1);
  });
});
