import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { missionsRoutes } from '#domain/api-paths.ts';
import { feedStateSchema } from '#domain/schemas/missions.ts';
import { api } from '#client/lib/api.ts';
import { missionKeys } from './keys.ts';

/** The calendar feed's state; a new link (shown once) replaces the previous one. */
export function useFeed() {
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: missionKeys.feed,
    queryFn: ({ signal }) => api(missionsRoutes.feedState, { signal, answer: feedStateSchema }),
  });
  const regenerate = useMutation({
    mutationFn: () => api(missionsRoutes.regenerateFeed, { body: {}, answer: feedStateSchema }),
    onSuccess: (made) => queryClient.setQueryData(missionKeys.feed, { actif: made.actif, creeLe: made.creeLe }),
  });
  return { state, regenerate };
}
