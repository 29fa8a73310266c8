import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceSession } from '#domain/audit.ts';
import { api } from '#client/lib/api.ts';

const key = ['comptes', 'sessions'] as const;

/** GET /api/comptes/sessions: the account's open sessions, this one first. */
export function useDevices() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<{ sessions: DeviceSession[] }>('/api/comptes/sessions', { signal }).then((data) => data.sessions),
  });
}

/** DELETE /api/comptes/sessions/:id: « Déconnecter » one device. */
export function useRevokeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/comptes/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** POST /api/comptes/sessions/deconnecter-autres: every device but this one. */
export function useRevokeOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ deconnectees: number }>('/api/comptes/sessions/deconnecter-autres', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
