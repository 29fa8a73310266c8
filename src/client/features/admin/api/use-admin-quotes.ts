import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminListResponse, StatutFilter } from '#domain/schemas/admin.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

export const GROUPS_PER_PAGE = 20;

function listUrl(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const query = search.toString();
  return `/api/admin/devis${query ? `?${query}` : ''}`;
}

/** One page of client groups; the previous page stays on screen while the next one loads. */
export function useAdminQuotes(params: { q: string; statut: StatutFilter; page: number }) {
  return useQuery({
    queryKey: adminKeys.list(params),
    queryFn: ({ signal }) => api<AdminListResponse>(listUrl({ ...params, groupsPerPage: GROUPS_PER_PAGE }), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every quote of one group, when it has more than the list shows. */
export function useAdminGroup(params: { q: string; statut: StatutFilter; groupe: string }, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.group(params),
    queryFn: ({ signal }) => api<AdminListResponse>(listUrl(params), { signal }),
    enabled,
  });
}
