import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expensesRoutes, routeKey } from '#domain/api-paths.ts';
import { paths } from '#domain/paths.ts';
import type { Margins } from '#domain/schemas/expenses.ts';
import { marginTexts as t } from '#domain/texts/expenses.ts';
import { fakeApi, renderAt } from '#client/test/render.tsx';
import { MarginView } from './margin-view.tsx';

// happy-dom has no canvas for uPlot: the chart is drawn in Chromium (e2e/invoices.spec.ts), its figures are the table's.
vi.mock('#client/ui/month-chart.tsx', () => ({ MonthChart: () => null }));

const month = (mois: number, overrides: Partial<Margins['mois'][number]> = {}): Margins['mois'][number] => ({
  mois,
  recettesCentimes: 0,
  depensesCentimes: 0,
  margeCentimes: 0,
  parCategorie: [],
  ...overrides,
});

const margins: Margins = {
  annee: 2026,
  recettesCentimes: 45_050,
  depensesCentimes: 6_130,
  margeCentimes: 38_920,
  parCategorie: [
    { categorie: 'train', totalCentimes: 3_790 },
    { categorie: 'peage', totalCentimes: 2_340 },
  ],
  mois: Array.from({ length: 12 }, (_, index) =>
    index === 10
      ? month(11, {
          recettesCentimes: 45_050,
          depensesCentimes: 2_340,
          margeCentimes: 42_710,
          parCategorie: [{ categorie: 'peage', totalCentimes: 2_340 }],
        })
      : month(index + 1),
  ),
  moinsRentables: [
    {
      devisId: 'q1',
      numeroDevis: 12,
      prixCentimes: 45_050,
      recettesCentimes: 45_050,
      depensesCentimes: 6_130,
      margeCentimes: 38_920,
      kmParcourus: 497,
      heures: 6.5,
      centimesParKm: 78,
      centimesParHeure: 5_988,
    },
  ],
};

describe('the margin page', () => {
  it('shows the year, a month’s expenses by category when one is chosen, and each mission with its figures and link', async () => {
    const user = userEvent.setup();
    fakeApi({ [routeKey(expensesRoutes.margins)]: { body: margins } });
    renderAt(<MarginView />, '/admin/rentabilite');
    expect(await screen.findByTestId('margin-total')).toHaveTextContent('389,20');
    expect(screen.getByRole('heading', { name: t.byCategory('2026') }).parentElement).toHaveTextContent(/Train\s*37,90/);

    await user.selectOptions(screen.getByRole('combobox', { name: t.period }), '11');
    expect(screen.getByTestId('margin-total')).toHaveTextContent('427,10');
    const november = screen.getByRole('heading', { name: t.byCategory('novembre') }).parentElement!;
    expect(november).toHaveTextContent(/Péage\s*23,40/);
    expect(november).not.toHaveTextContent('Train');

    const mission = within(screen.getByTestId('least-profitable')).getByRole('listitem');
    expect(within(mission).getByRole('link', { name: t.mission(12) })).toHaveAttribute('href', paths.adminMission('q1'));
    expect(mission).toHaveTextContent(/497/);
    expect(mission).toHaveTextContent(/6,5\s*h/);
    expect(mission).toHaveTextContent(/0,78/);
    expect(mission).toHaveTextContent(/59,88/);
  });
});
