import { useQuery } from '@tanstack/react-query';
import { accountsRoutes } from '#domain/api-paths.ts';
import { utilisateurSchema } from '#domain/schemas/accounts.ts';
import { api, ApiError } from '#client/lib/api.ts';

export const profileQueryKey = ['profil'] as const;

/**
 * GET /api/comptes/profil: what the customer gave at sign-up (name, phone, address…), to
 * fill forms with. The administrator has no profile (404); a form then starts empty.
 */
export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => api(accountsRoutes.profile, { signal, answer: utilisateurSchema }),
    staleTime: 5 * 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
