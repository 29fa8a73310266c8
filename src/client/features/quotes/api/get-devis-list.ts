import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** GET /api/devis?q=…: the caller's active quotes, newest first, filtered by the server. */
export function fetchDevisList(q: string, signal?: AbortSignal): Promise<{ devis: Devis[] }> {
  const query = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
  return api<{ devis: Devis[] }>(`/api/devis${query}`, { signal });
}

export function useDevisList(q: string) {
  return useQuery({
    queryKey: devisKeys.list(q.trim()),
    queryFn: ({ signal }) => fetchDevisList(q, signal),
    // Keep the previous results on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
}
