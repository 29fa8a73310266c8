import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { invoicesRoutes, routeKey } from '#domain/api-paths.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { fakeApi, renderAt } from '#client/test/render.tsx';
import { InvoiceList } from './invoice-list.tsx';

const empty = { items: [], totaux: { factureCentimes: 0, avoirsCentimes: 0, payeCentimes: 0, resteCentimes: 0 } };

describe('the invoice list’s filters', () => {
  it('ask the server for what is chosen, and the empty choice removes a filter', async () => {
    const user = userEvent.setup();
    const queries: string[] = [];
    fakeApi({
      [routeKey(invoicesRoutes.list)]: ({ url }) => {
        queries.push(url.searchParams.toString());
        return { body: empty };
      },
    });
    renderAt(<InvoiceList />);
    await waitFor(() => expect(queries).toEqual(['']));

    await user.selectOptions(screen.getByLabelText(t.filterEtat), 'En retard');
    await user.selectOptions(screen.getByLabelText(t.filterType), 'Avoir');
    fireEvent.change(screen.getByLabelText(t.filterFrom), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText(t.filterTo), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(queries.at(-1)).toBe('etat=en+retard&type=avoir&du=2026-01-01&au=2026-03-31'));

    await user.selectOptions(screen.getByLabelText(t.filterEtat), t.filterAll);
    await waitFor(() => expect(queries.at(-1)).toBe('type=avoir&du=2026-01-01&au=2026-03-31'));
    expect(screen.getByLabelText(t.filterEtat)).toHaveValue('');
  });
});
