import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';

/**
 * Ends the session. `leave` runs first (navigate home), then the session is refetched, so
 * the admin guard never sees a logged-out user on an admin page.
 */
export function useSignOut(leave: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: async () => {
      leave();
      queryClient.removeQueries({ queryKey: ['admin'] });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
