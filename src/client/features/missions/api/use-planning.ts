import { useQuery } from '@tanstack/react-query';
import { accountsRoutes, missionsRoutes } from '#domain/api-paths.ts';
import { planningResponseSchema } from '#domain/schemas/missions.ts';
import { api, urlOf } from '#client/lib/api.ts';
import { missionKeys } from './keys.ts';

/** What every page of the missions needs kept for use without network: the session and the planning. */
export const OFFLINE_DATA_URLS = [urlOf(accountsRoutes.me), urlOf(missionsRoutes.planning)];

/** Answered by the service worker's copy when there is no network. */
export function usePlanning() {
  return useQuery({
    queryKey: missionKeys.planning,
    queryFn: ({ signal }) => api(missionsRoutes.planning, { signal, answer: planningResponseSchema }),
    networkMode: 'offlineFirst',
  });
}
