import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountsRoutes, addressesRoutes, quotesRoutes, routeKey } from '#domain/api-paths.ts';
import { texts } from '#domain/texts/common.ts';
import { simulatorTexts as t } from '#domain/texts/simulator.ts';
import { customer, fakeApi, held, renderAt } from '#client/test/render.tsx';
import { Simulator } from './simulator.tsx';

const result = { distanceKm: 465, prix: 418, devis: null };

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('combobox', { name: t.adresseDepart }), 'Paris');
  await user.type(screen.getByRole('combobox', { name: t.adresseArrivee }), 'Lyon');
  await user.selectOptions(screen.getByLabelText(t.typeVehicule), 'Citadine');
  await user.click(screen.getByRole('button', { name: t.submit }));
}

const form = () => screen.getByRole('form', { name: t.formLabel });
const addresses = { [routeKey(addressesRoutes.suggest)]: { body: [] } };

describe('the simulator', () => {
  it('keeps the suggestions closed when they arrive after Escape', async () => {
    const suggestions = held<{ body: unknown }>();
    fakeApi({ [routeKey(accountsRoutes.me)]: { body: { user: null } }, [routeKey(addressesRoutes.suggest)]: () => suggestions.promise });
    renderAt(<Simulator />);
    const user = userEvent.setup();
    const arrival = screen.getByRole('combobox', { name: t.adresseArrivee });
    await user.type(arrival, 'Lyo');
    await user.keyboard('{Escape}');
    suggestions.release({ body: [{ label: 'Lyon (69000)', postcode: '69000', city: 'Lyon', lat: 45.76, lon: 4.84 }] });
    // Once the suggestion is there (in the list, which stays hidden), the list is still closed.
    const list = document.getElementById(arrival.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(within(list).getAllByRole('option', { hidden: true })).toHaveLength(1));
    expect(arrival).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option', { name: 'Lyon (69000)' })).toBeNull();
    // The arrow key opens it again.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Lyon (69000)' })).toBeVisible();
  });

  it('asks for every field before asking the server', async () => {
    const { calls } = fakeApi({ [routeKey(accountsRoutes.me)]: { body: { user: null } }, ...addresses });
    renderAt(<Simulator />);
    await userEvent.setup().click(screen.getByRole('button', { name: t.submit }));
    expect(within(form()).getByRole('alert')).toHaveTextContent(texts.simulatorRequired);
    expect(calls.some((call) => call.path === quotesRoutes.simulate.path)).toBe(false);
  });

  it('says it is calculating, then shows the distance and the price, and invites a visitor to sign up', async () => {
    const answer = held<{ body: unknown }>();
    fakeApi({
      [routeKey(accountsRoutes.me)]: { body: { user: null } },
      ...addresses,
      [routeKey(quotesRoutes.simulate)]: () => answer.promise,
    });
    renderAt(<Simulator />);
    await fillAndSubmit();
    expect(within(form()).getByRole('button', { name: t.submitting })).toBeDisabled();
    answer.release({ body: result });
    const status = await within(form()).findByRole('status');
    // (The matcher reads non-breaking spaces as spaces.)
    expect(status).toHaveTextContent(t.distanceEstimee('465').replace(/\s/g, ' '));
    expect(status).toHaveTextContent(t.prixEstime('418').replace(/\s/g, ' '));
    expect(within(status).getByRole('link', { name: t.toSave.signUp })).toHaveAttribute('href', '/#creer-compte');
    expect(within(status).getByRole('link', { name: t.toSave.logIn })).toHaveAttribute('href', '/connexion');
  });

  it('tells a customer the quote is saved under « Mes devis »', async () => {
    fakeApi({
      [routeKey(accountsRoutes.me)]: { body: { user: customer } },
      ...addresses,
      [routeKey(quotesRoutes.simulate)]: { body: { ...result, devis: { id: 'd9', numeroDevis: 57 } } },
    });
    renderAt(<Simulator />);
    await fillAndSubmit();
    const status = await within(form()).findByRole('status');
    expect(status).toHaveTextContent(t.saved(57));
    expect(within(status).queryByRole('link')).toBeNull();
  });

  it('gives no price beyond 1200 km', async () => {
    fakeApi({
      [routeKey(accountsRoutes.me)]: { body: { user: null } },
      ...addresses,
      [routeKey(quotesRoutes.simulate)]: { body: { distanceKm: 1310, prix: null } },
    });
    renderAt(<Simulator />);
    await fillAndSubmit();
    expect(await within(form()).findByRole('alert')).toHaveTextContent(t.tooFar);
    expect(form()).not.toHaveTextContent('Prix estimé');
  });

  it('blames the addresses when the server cannot calculate, but says to wait when it refuses for the rate', async () => {
    const tooMany = 'Trop de demandes. Veuillez patienter 30 secondes avant de réessayer.';
    let status = 422;
    fakeApi({
      [routeKey(accountsRoutes.me)]: { body: { user: null } },
      ...addresses,
      [routeKey(quotesRoutes.simulate)]: () => ({
        status,
        body: { error: status === 429 ? 'rate_limited' : 'validation', message: tooMany },
      }),
    });
    renderAt(<Simulator />);
    await fillAndSubmit();
    expect(await within(form()).findByRole('alert')).toHaveTextContent(texts.simulatorFailure);
    status = 429;
    await userEvent.setup().click(screen.getByRole('button', { name: t.submit }));
    expect(await within(form()).findByText(tooMany)).toBeInTheDocument();
  });

  describe('a visitor who signs up or logs in after a price', () => {
    /** A price as a visitor on the home page, gone when he signs up. */
    async function priceAsVisitor() {
      fakeApi({
        [routeKey(accountsRoutes.me)]: { body: { user: null } },
        ...addresses,
        [routeKey(quotesRoutes.simulate)]: { body: result },
      });
      const home = renderAt(<Simulator />);
      await fillAndSubmit();
      await within(form()).findByRole('status');
      home.unmount();
    }
    /** The server of a logged-in customer, whose simulations save quote n° 58. */
    const asCustomer = () =>
      fakeApi({
        [routeKey(accountsRoutes.me)]: { body: { user: customer } },
        ...addresses,
        [routeKey(quotesRoutes.simulate)]: { body: { ...result, devis: { id: 'd9', numeroDevis: 58 } } },
      });

    it('finds it filled in and saved in the customer area, once', async () => {
      await priceAsVisitor();

      const { calls } = asCustomer();
      const area = renderAt(<Simulator savesPending />);
      expect(await within(form()).findByRole('status')).toHaveTextContent(t.saved(58));
      expect(screen.getByRole('combobox', { name: t.adresseDepart })).toHaveValue('Paris');
      expect(screen.getByLabelText(t.typeVehicule)).toHaveValue('Citadine');
      const saves = calls.filter((call) => call.path === quotesRoutes.simulate.path);
      expect(saves).toEqual([
        expect.objectContaining({ body: { adresseDepart: 'Paris', adresseArrivee: 'Lyon', typeVehicule: 'Citadine' } }),
      ]);
      area.unmount();

      // Shown again (another visit of the customer area), it is not saved twice.
      renderAt(<Simulator savesPending />);
      await waitFor(() => expect(screen.getByRole('combobox', { name: t.adresseDepart })).toHaveValue(''));
      expect(calls.filter((call) => call.path === quotesRoutes.simulate.path)).toHaveLength(1);
    });

    it('is left to the customer area by the home page, and forgotten after a day', async () => {
      await priceAsVisitor();

      // The home page of a logged-in customer leaves it to the customer area.
      let { calls } = asCustomer();
      const again = renderAt(<Simulator />);
      await waitFor(() => expect(calls.some((call) => call.path === accountsRoutes.me.path)).toBe(true));
      expect(calls.some((call) => call.path === quotesRoutes.simulate.path)).toBe(false);
      again.unmount();

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
      ({ calls } = asCustomer());
      renderAt(<Simulator savesPending />);
      await waitFor(() => expect(calls.some((call) => call.path === accountsRoutes.me.path)).toBe(true));
      expect(screen.getByRole('combobox', { name: t.adresseDepart })).toHaveValue('');
      expect(calls.some((call) => call.path === quotesRoutes.simulate.path)).toBe(false);
      vi.useRealTimers();
    });
  });
});
