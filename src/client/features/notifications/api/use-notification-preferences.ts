import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';

export type NotificationPreferences = { suiviParEmail: boolean };
const key = ['notifications', 'preferences'] as const;

/** GET /api/comptes/notifications: whether the customer gets the status news by e-mail. */
export function useNotificationPreferences() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api<NotificationPreferences>('/api/comptes/notifications', { signal }) });
}

/** PUT /api/comptes/notifications. */
export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) => api<NotificationPreferences>('/api/comptes/notifications', { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
