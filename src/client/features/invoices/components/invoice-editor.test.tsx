import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { invoicesRoutes, routeKey } from '#domain/api-paths.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { makeDraft } from '#client/test/factories.ts';
import { fakeApi, renderAt } from '#client/test/render.tsx';
import { InvoiceEditor } from './invoice-editor.tsx';

const convoy = { description: 'Convoyage Lyon → Paris', quantite: 1, prixUnitaireCentimes: 45_050 };
const toll = { description: 'Frais de péage – refacturés au réel (01/12/2026)', quantite: 1, prixUnitaireCentimes: 3_500 };
const extraKm = {
  description: 'Kilomètres supplémentaires (clause des 5 %) : 497 km parcourus pour 465 km estimés',
  quantite: 23,
  prixUnitaireCentimes: 97,
};
const withAmount = (line: typeof convoy) => ({ ...line, montantCentimes: Math.round(line.quantite * line.prixUnitaireCentimes) });

const total = 45_050 + 3_500 + 2_231;
const draft = makeDraft({
  datePrestation: '2026-12-01',
  lignes: [convoy, toll, extraKm].map(withAmount),
  lignesProposees: [toll, extraKm],
  totalCentimes: total,
  resteCentimes: total,
});

const lineGroup = (index: number) => screen.getByRole('group', { name: `${t.linesSection} ${index}` });

describe('the cost lines of a draft, each with its box « Facturer cette ligne »', () => {
  it('unticked, the line leaves the draft as it is saved; ticked again, it is saved back', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ [routeKey(invoicesRoutes.updateDraft)]: () => ({ body: draft }) });
    renderAt(<InvoiceEditor facture={draft} />);
    const saved = () =>
      calls.filter((call) => call.method === 'PUT').map((call) => (call.body as { lignes: { description: string }[] }).lignes);

    // The convoy is the operator's own line: no box. The toll and the extra km are ticked.
    expect(within(lineGroup(1)).queryByRole('checkbox')).toBeNull();
    const tollBox = within(lineGroup(2)).getByRole('checkbox', { name: t.billLine });
    expect(tollBox).toBeChecked();
    expect(within(lineGroup(3)).getByRole('checkbox', { name: t.billLine })).toBeChecked();

    await user.click(tollBox);
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toEqual([convoy, extraKm]);
    expect(screen.getByText(/472,81\s€/)).toBeInTheDocument();
    const offered = screen.getByRole('group', { name: toll.description });
    expect(within(offered).getByText(/35,00\s€/)).toBeInTheDocument();

    await user.click(within(offered).getByRole('checkbox', { name: t.billLine }));
    await waitFor(() => expect(saved()).toHaveLength(2));
    expect(saved()[1]).toEqual([convoy, extraKm, toll]);
    expect(screen.queryByRole('group', { name: toll.description })).toBeNull();
    expect(within(lineGroup(3)).getByRole('checkbox', { name: t.billLine })).toBeChecked();
    expect(screen.getByText(/507,81\s€/)).toBeInTheDocument();
  });
});
