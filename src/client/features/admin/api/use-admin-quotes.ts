import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import { adminListResponseSchema, type StatutFilter } from '#domain/schemas/admin.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

export const GROUPS_PER_PAGE = 20;

/** One page of client groups; the previous page stays on screen while the next one loads. */
export function useAdminQuotes(params: { q: string; statut: StatutFilter; page: number }) {
  return useQuery({
    queryKey: adminKeys.list(params),
    queryFn: ({ signal }) =>
      api(quotesRoutes.adminList, { query: { ...params, groupsPerPage: GROUPS_PER_PAGE }, signal, answer: adminListResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

/** Every quote of one group, when it has more than the list shows. */
export function useAdminGroup(params: { q: string; statut: StatutFilter; groupe: string }, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.group(params),
    queryFn: ({ signal }) => api(quotesRoutes.adminList, { query: params, signal, answer: adminListResponseSchema }),
    enabled,
  });
}
