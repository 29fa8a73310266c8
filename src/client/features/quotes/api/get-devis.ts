import { useQuery } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { api, ApiError } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** One of the caller's quotes with its status history. */
export const fetchDevis = (id: string, signal?: AbortSignal) => api(quotesRoutes.get, { params: { id }, signal, answer: devisSchema });

export function useDevis(id: string) {
  return useQuery({
    queryKey: devisKeys.detail(id),
    queryFn: ({ signal }) => fetchDevis(id, signal),
    // A 404 will not turn into a quote by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
