import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsRoutes } from '#domain/api-paths.ts';
import { notificationPreferencesSchema, type NotificationPreferences } from '#domain/schemas/notifications.ts';
import { api } from '#client/lib/api.ts';

const key = ['notifications', 'preferences'] as const;

/** Whether the customer gets the status news by e-mail. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(notificationsRoutes.preferences, { signal, answer: notificationPreferencesSchema }),
  });
}

export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) => api(notificationsRoutes.setPreferences, { body, answer: notificationPreferencesSchema }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
