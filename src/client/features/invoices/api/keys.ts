import type { FactureListQuery } from '#domain/schemas/invoices.ts';

/** Query keys of invoices; every change invalidates `invoiceKeys.all`. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: FactureListQuery) => ['invoices', 'list', query] as const,
  one: (id: string) => ['invoices', 'one', id] as const,
  mine: ['invoices', 'mine'] as const,
  revenue: (year: number) => ['invoices', 'revenue', year] as const,
};
