import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionsRoutes } from '#domain/api-paths.ts';
import { deviceSessionsResponseSchema, revokeOthersResponseSchema } from '#domain/schemas/sessions.ts';
import { api } from '#client/lib/api.ts';

const key = ['comptes', 'sessions'] as const;

/** The account's open sessions, this one first. */
export function useDevices() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(sessionsRoutes.list, { signal, answer: deviceSessionsResponseSchema }).then((data) => data.sessions),
  });
}

/** « Déconnecter » one device. */
export function useRevokeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(sessionsRoutes.revoke, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Every device but this one. */
export function useRevokeOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(sessionsRoutes.revokeOthers, { answer: revokeOthersResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
