import { useQuery } from '@tanstack/react-query';
import type { Facture, FactureClient, FactureList, FactureListQuery, Revenue } from '#domain/schemas/invoices.ts';
import { api } from '#client/lib/api.ts';
import { invoiceKeys } from './keys.ts';

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** GET /api/admin/factures: invoices and credit notes, filtered, with totals. */
export function useAdminInvoices(filter: FactureListQuery, { enabled = true } = {}) {
  return useQuery({
    queryKey: invoiceKeys.list(filter),
    queryFn: ({ signal }) => api<FactureList>(`/api/admin/factures${query(filter)}`, { signal }),
    enabled,
  });
}

/** GET /api/admin/factures/{id} */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKeys.one(id),
    queryFn: ({ signal }) => api<Facture>(`/api/admin/factures/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

/** GET /api/factures: the customer's issued invoices and credit notes. */
export function useMyInvoices() {
  return useQuery({ queryKey: invoiceKeys.mine, queryFn: ({ signal }) => api<FactureClient[]>('/api/factures', { signal }) });
}

/** GET /api/admin/chiffre-affaires?annee= */
export function useRevenue(year: number) {
  return useQuery({
    queryKey: invoiceKeys.revenue(year),
    queryFn: ({ signal }) => api<Revenue>(`/api/admin/chiffre-affaires${query({ annee: year })}`, { signal }),
  });
}

export const revenueCsvUrl = (year: number) => `/api/admin/chiffre-affaires.csv${query({ annee: year })}`;
