import { useQuery } from '@tanstack/react-query';
import type { Devis } from '#domain/schemas/devis.ts';
import { api, ApiError } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** GET /api/devis/:id: one of the caller's quotes with its status history. */
export function fetchDevis(id: string, signal?: AbortSignal): Promise<Devis> {
  return api<Devis>(`/api/devis/${encodeURIComponent(id)}`, { signal });
}

export function useDevis(id: string) {
  return useQuery({
    queryKey: devisKeys.detail(id),
    queryFn: ({ signal }) => fetchDevis(id, signal),
    // A 404 will not turn into a quote by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
