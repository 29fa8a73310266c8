import { useQuery } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

export function useAdminQuote(id: string) {
  return useQuery({
    queryKey: adminKeys.quote(id),
    queryFn: ({ signal }) => api(quotesRoutes.adminGet, { params: { id }, signal, answer: devisSchema }),
    retry: false,
    // While its e-mail waits, the page follows it until it is sent or has failed.
    refetchInterval: (query) => (query.state.data?.envoi?.etat === 'en attente' ? 3000 : false),
  });
}
