import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedState } from '#domain/schemas/missions.ts';
import { api } from '#client/lib/api.ts';
import { missionKeys } from './keys.ts';

/** The calendar feed's state; a new link (shown once) replaces the previous one. */
export function useFeed() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: missionKeys.feed, queryFn: ({ signal }) => api<FeedState>('/api/admin/planning/agenda', { signal }) });
  const regenerate = useMutation({
    mutationFn: () => api<FeedState>('/api/admin/planning/agenda', { method: 'POST', body: {} }),
    onSuccess: (made) => queryClient.setQueryData(missionKeys.feed, { actif: made.actif, creeLe: made.creeLe }),
  });
  return { state, regenerate };
}
