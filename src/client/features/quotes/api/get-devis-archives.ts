import { useQuery } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import { devisListSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** The caller's archived quotes, by number. */
export const fetchDevisArchives = (signal?: AbortSignal) => api(quotesRoutes.listArchived, { signal, answer: devisListSchema });

export function useDevisArchives({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: devisKeys.archives, queryFn: ({ signal }) => fetchDevisArchives(signal), enabled });
}
