import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { privacyRoutes, routeKey } from '#domain/api-paths.ts';
import { privacyTexts as p } from '#domain/texts/privacy.ts';
import { urlOf } from '#client/lib/api.ts';
import { fakeApi, renderAt } from '#client/test/render.tsx';
import { DELETED_LANDING, PrivacySection } from './privacy-section.tsx';

describe('« Mes données personnelles »', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the export from its own address', async () => {
    fakeApi({});
    renderAt(<PrivacySection />);
    const link = screen.getByRole('link', { name: p.download });
    expect(link).toHaveAttribute('href', urlOf(privacyRoutes.exportData));
    expect(link).toHaveAttribute('download');
  });

  it('asks for the password, shows the server’s refusal in the dialog, and leaves for the login page once deleted', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let attempts = 0;
    const { calls } = fakeApi({
      [routeKey(privacyRoutes.deleteAccount)]: () =>
        ++attempts === 1
          ? { status: 403, body: { error: 'wrong_password', message: p.wrongPassword } }
          : { status: 200, body: { message: p.deleted } },
    });
    renderAt(<PrivacySection />);

    await user.click(screen.getByRole('button', { name: p.deleteAccount }));
    const dialog = screen.getByRole('dialog', { name: p.deleteTitle });
    expect(dialog).toHaveTextContent(p.deleteWarning);
    await user.type(within(dialog).getByLabelText(p.deletePasswordLabel), 'pas-le-bon');
    await user.click(within(dialog).getByRole('button', { name: p.deleteConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(p.wrongPassword);
    expect(assign).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText(p.deletePasswordLabel));
    await user.type(within(dialog).getByLabelText(p.deletePasswordLabel), 'le-bon-mot-de-passe{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(DELETED_LANDING));
    expect(calls.map((call) => call.body)).toEqual([{ motDePasse: 'pas-le-bon' }, { motDePasse: 'le-bon-mot-de-passe' }]);
  });
});
