/** TanStack Query keys of the customer's quotes; invalidating `all` refreshes every view. */
export const devisKeys = {
  all: ['devis'] as const,
  list: (q: string) => ['devis', 'list', q] as const,
  archives: ['devis', 'archives'] as const,
  detail: (id: string) => ['devis', 'detail', id] as const,
};
