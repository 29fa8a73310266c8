import type { StatutFilter } from '#domain/schemas/admin.ts';

/** Query keys of the back office; every change invalidates `adminKeys.all`. */
export const adminKeys = {
  all: ['admin'] as const,
  list: (params: { q: string; statut: StatutFilter; page: number }) => ['admin', 'list', params] as const,
  group: (params: { q: string; statut: StatutFilter; groupe: string }) => ['admin', 'group', params] as const,
  quote: (id: string) => ['admin', 'quote', id] as const,
  archives: ['admin', 'archives'] as const,
};
