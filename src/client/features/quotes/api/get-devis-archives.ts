import { useQuery } from '@tanstack/react-query';
import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** GET /api/devis/archives: the caller's archived quotes, by number. */
export function fetchDevisArchives(signal?: AbortSignal): Promise<{ devis: Devis[] }> {
  return api<{ devis: Devis[] }>('/api/devis/archives', { signal });
}

export function useDevisArchives({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: devisKeys.archives, queryFn: ({ signal }) => fetchDevisArchives(signal), enabled });
}
