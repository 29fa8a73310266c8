import { useQuery } from '@tanstack/react-query';
import { invoicesRoutes } from '#domain/api-paths.ts';
import { factureClientSchema, factureListSchema, factureSchema, revenueSchema, type FactureListQuery } from '#domain/schemas/invoices.ts';
import { api, urlOf } from '#client/lib/api.ts';
import { invoiceKeys } from './keys.ts';

/** Invoices and credit notes, filtered, with totals. */
export function useAdminInvoices(filter: FactureListQuery, { enabled = true } = {}) {
  return useQuery({
    queryKey: invoiceKeys.list(filter),
    queryFn: ({ signal }) => api(invoicesRoutes.list, { query: filter, signal, answer: factureListSchema }),
    enabled,
  });
}

export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKeys.one(id),
    queryFn: ({ signal }) => api(invoicesRoutes.get, { params: { id }, signal, answer: factureSchema }),
    retry: false,
  });
}

/** The customer's issued invoices and credit notes. */
export function useMyInvoices() {
  return useQuery({
    queryKey: invoiceKeys.mine,
    queryFn: ({ signal }) => api(invoicesRoutes.mine, { signal, answer: factureClientSchema.array() }),
  });
}

/** The money collected in a year, per month and quarter. */
export function useRevenue(year: number) {
  return useQuery({
    queryKey: invoiceKeys.revenue(year),
    queryFn: ({ signal }) => api(invoicesRoutes.revenue, { query: { annee: year }, signal, answer: revenueSchema }),
  });
}

export const revenueCsvUrl = (year: number) => urlOf(invoicesRoutes.revenueCsv, { query: { annee: year } });
