import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import { adminListResponseSchema, type AdminListResponse, type StatutFilter } from '#domain/schemas/admin.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

export const GROUPS_PER_PAGE = 20;

/** While a quote of the page is « Confirmé » (its e-mail on its way), how soon to ask again. */
const WHILE_SENDING_MS = 3_000;

/** Whether a quote shown is confirmed and its e-mail not given up: it becomes « Envoyé » once the outbox has sent it. */
const isSending = (data: AdminListResponse | undefined) =>
  data?.groups.some((group) => group.devis.some((devis) => devis.statut === 'confirmé' && !devis.envoiEchoue)) ?? false;

/**
 * One page of client groups; the previous page stays on screen while the next one loads. It
 * follows the changes made elsewhere without a reload: asked again when the page comes back to
 * the front, and every few seconds while a quote of the page waits for its e-mail to leave.
 */
export function useAdminQuotes(params: { q: string; statut: StatutFilter; page: number }) {
  return useQuery({
    queryKey: adminKeys.list(params),
    queryFn: ({ signal }) =>
      api(quotesRoutes.adminList, { query: { ...params, groupsPerPage: GROUPS_PER_PAGE }, signal, answer: adminListResponseSchema }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (isSending(query.state.data) ? WHILE_SENDING_MS : false),
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
