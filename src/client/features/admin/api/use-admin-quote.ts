import { useQuery } from '@tanstack/react-query';
import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

export function useAdminQuote(id: string) {
  return useQuery({
    queryKey: adminKeys.quote(id),
    queryFn: ({ signal }) => api<Devis>(`/api/admin/devis/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}
