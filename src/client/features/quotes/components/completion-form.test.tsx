import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { apiErrorMessages } from '#domain/texts/errors.ts';
import { completionMessages, quoteTexts as t } from '#domain/texts/quotes.ts';
import { ApiError } from '#client/lib/api.ts';
import { renderAt } from '#client/test/render.tsx';
import { CompletionForm } from './completion-form.tsx';

const DRAFT_KEY = 'devis-completion-draft:d1';
const defaults = { nom: 'Hélène Lefèvre', email: 'helene@exemple.fr', telephone: '06 12 34 56 78' };

/**
 * The choices of the valid completion's lists. (happy-dom does not show a list's value that
 * react-hook-form sets as the form starts: the test chooses them as the customer would.)
 */
async function chooseFromLists(user: ReturnType<typeof userEvent.setup>) {
  const completion = validCompletion();
  await user.selectOptions(screen.getByLabelText(t.clientType), completion.clientType);
  await user.selectOptions(screen.getByLabelText(t.lavageLabel), completion.options.lavage);
  const dates = screen.getByRole('group', { name: t.datesTitle });
  const [pickupStart, deliveryStart] = within(dates).getAllByLabelText(t.startTime);
  const [pickupEnd, deliveryEnd] = within(dates).getAllByLabelText(t.endTime);
  await user.selectOptions(pickupStart!, completion.priseInfo.debut);
  await user.selectOptions(pickupEnd!, completion.priseInfo.fin);
  await user.selectOptions(deliveryStart!, completion.livraisonInfo.debut);
  await user.selectOptions(deliveryEnd!, completion.livraisonInfo.fin);
  await user.selectOptions(screen.getByLabelText(t.motorisation), completion.infosVehicule.motorisation);
}

function renderForm(onSubmit: (completion: unknown) => Promise<unknown> = async () => null) {
  const view = renderAt(<CompletionForm devisId="d1" defaults={defaults} isSubmitting={false} onSubmit={onSubmit} />);
  return {
    unmount: view.unmount,
    client: screen.getByRole('group', { name: t.clientInfo }),
    vehicle: screen.getByRole('group', { name: t.vehicleInfo }),
    departure: screen.getByRole('group', { name: t.contactDepart }),
  };
}

describe('the completion form', () => {
  it('starts from the account, keeps what is typed as a draft and brings it back, saying so', async () => {
    const user = userEvent.setup();
    const first = renderForm();
    expect(screen.queryByText(t.draftRestored)).toBeNull();
    expect(within(first.client).getByLabelText(t.clientNom)).toHaveValue(defaults.nom);
    // The phone given at sign-up, from the profile.
    expect(within(first.client).getByLabelText(t.telephone)).toHaveValue(defaults.telephone);
    await user.type(within(first.departure).getByLabelText(t.nom), 'Garage du Capitole');
    await user.type(within(first.vehicle).getByLabelText(t.marque), 'Peugeot');
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_KEY)!)).toMatchObject({
      contactDepart: { nom: 'Garage du Capitole' },
      infosVehicule: { marque: 'Peugeot' },
    });
    first.unmount();

    const again = renderForm();
    expect(screen.getByText(t.draftRestored)).toBeInTheDocument();
    expect(within(again.departure).getByLabelText(t.nom)).toHaveValue('Garage du Capitole');
    expect(within(again.vehicle).getByLabelText(t.marque)).toHaveValue('Peugeot');
    // What the draft did not hold keeps its starting value.
    expect(within(again.client).getByLabelText(t.clientNom)).toHaveValue(defaults.nom);
  });

  it('asks for a SIRET only for a company, and forgets it when the customer is a private person', async () => {
    const user = userEvent.setup();
    const { client } = renderForm();
    expect(within(client).queryByLabelText(t.siret)).toBeNull();
    await user.selectOptions(within(client).getByLabelText(t.clientType), 'entreprise');
    await user.type(within(client).getByLabelText(t.siret), '732 829 320 00074');
    await user.selectOptions(within(client).getByLabelText(t.clientType), 'particulier');
    expect(within(client).queryByLabelText(t.siret)).toBeNull();
    await user.selectOptions(within(client).getByLabelText(t.clientType), 'entreprise');
    expect(within(client).getByLabelText(t.siret)).toHaveValue('');
  });

  it("shows the server's refusals on the fields they name, and keeps the draft", async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(validCompletion()));
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, 'validation', apiErrorMessages.validation, [
        { path: 'infosVehicule.immatriculation', message: completionMessages.plate },
        { path: 'contactDepart.telephone', message: completionMessages.phone },
      ]);
    });
    const { vehicle, departure } = renderForm(onSubmit);
    await chooseFromLists(user);
    await user.click(screen.getByRole('button', { name: t.completeSubmit }));

    expect(onSubmit).toHaveBeenCalledOnce();
    const plate = within(vehicle).getByLabelText(t.immatriculation);
    expect(plate).toHaveAttribute('aria-invalid', 'true');
    expect(plate).toHaveAccessibleDescription(expect.stringContaining(completionMessages.plate));
    expect(within(departure).getByLabelText(t.telephone)).toHaveAccessibleDescription(completionMessages.phone);
    expect(within(vehicle).getByLabelText(t.marque)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent(apiErrorMessages.validation);
    expect(window.sessionStorage.getItem(DRAFT_KEY)).not.toBeNull();
  });

  it('sends the completion once valid and forgets the draft', async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(validCompletion()));
    const onSubmit = vi.fn(async () => null);
    renderForm(onSubmit);
    await chooseFromLists(user);
    await user.click(screen.getByRole('button', { name: t.completeSubmit }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ typeConvoyage: 'Livraison', clientType: 'entreprise' }));
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});
