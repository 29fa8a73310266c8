import type { FactureListQuery } from '#domain/schemas/invoices.ts';
import { invoiceQueryRoot } from '#client/lib/invoice-query-root.ts';

/** Query keys of invoices; every change invalidates `invoiceKeys.all`. */
export const invoiceKeys = {
  all: invoiceQueryRoot,
  list: (query: FactureListQuery) => [...invoiceQueryRoot, 'list', query] as const,
  one: (id: string) => [...invoiceQueryRoot, 'one', id] as const,
  mine: [...invoiceQueryRoot, 'mine'] as const,
  revenue: (year: number) => [...invoiceQueryRoot, 'revenue', year] as const,
};
