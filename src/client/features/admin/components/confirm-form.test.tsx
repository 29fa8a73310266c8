import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { quotesRoutes, routeKey } from '#domain/api-paths.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { expenseTexts, REFACTURATION_LABELS } from '#domain/texts/expenses.ts';
import { bankTexts, depositTexts } from '#domain/texts/payments.ts';
import { makeDevis } from '#client/test/factories.ts';
import { fakeApi, renderAt, requestOf } from '#client/test/render.tsx';
import { ConfirmForm } from './confirm-form.tsx';

const quote = makeDevis({ id: 'q9', statut: 'en attente de confirmation', prix: 420.5, acompteParDefaut: 30 });

describe('the deposit at confirmation', () => {
  it('is prefilled from the setting, shows the line the customer will read as it is typed, and is sent with the price', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ [routeKey(quotesRoutes.confirm)]: { body: quote } });
    renderAt(<ConfirmForm devis={quote} />);
    const field = screen.getByRole('textbox', { name: depositTexts.label });
    expect(field).toHaveValue('30');
    expect(field).toHaveAccessibleDescription(/^Acompte\sà\sla\ssignature\s:\s126,15\s€\s\(30\s%\)$/);

    await user.clear(field);
    await user.type(field, '0');
    expect(screen.getByText(depositTexts.fieldHint)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '150');
    await user.click(screen.getByRole('button', { name: adminTexts.confirmQuote }));
    expect(await screen.findByText(bankTexts.depositInvalid)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(field);
    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: adminTexts.confirmQuote }));
    await screen.findByText(adminTexts.confirmSuccess);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([requestOf(quotesRoutes.confirm, { id: 'q9' })]);
    expect(calls[0]!.body).toMatchObject({ prixFinal: '420,50', acomptePourcent: 40 });
  });
});

describe('the expected margin beside the final price', () => {
  it('rises as a higher price is typed and as the customer agrees to pay the fuel or the ticket back', async () => {
    const user = userEvent.setup();
    fakeApi({});
    // 420,50 € less 55,80 € back by train and 51,15 € of fuel.
    renderAt(<ConfirmForm devis={quote} expectedCosts={{ retourPrevuCentimes: 5_580, carburantPrevuCentimes: 5_115 }} />);
    const price = screen.getByRole('textbox', { name: adminTexts.prixFinalLabel });
    const margin = (amount: string) => new RegExp(`^${expenseTexts.expectedMarginAtConfirmation(amount).replace(/\s/g, '\\s')}$`);
    expect(price).toHaveAccessibleDescription(margin('313,55 €'));

    await user.clear(price);
    await user.type(price, '500');
    expect(price).toHaveAccessibleDescription(margin('393,05 €'));

    await user.click(screen.getByRole('checkbox', { name: REFACTURATION_LABELS.carburant }));
    expect(price).toHaveAccessibleDescription(margin('444,20 €'));
    await user.click(screen.getByRole('checkbox', { name: REFACTURATION_LABELS.billetRetour }));
    expect(price).toHaveAccessibleDescription(margin('500,00 €'));
  });
});
