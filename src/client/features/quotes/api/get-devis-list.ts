import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import { devisListSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** The caller's active quotes, newest first, filtered by the server (`q`). */
export const fetchDevisList = (q: string, signal?: AbortSignal) =>
  api(quotesRoutes.list, { query: { q: q.trim() }, signal, answer: devisListSchema });

export function useDevisList(q: string) {
  return useQuery({
    queryKey: devisKeys.list(q.trim()),
    queryFn: ({ signal }) => fetchDevisList(q, signal),
    // Keep the previous results on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
}
