import { useQuery } from '@tanstack/react-query';
import { missionsRoutes } from '#domain/api-paths.ts';
import { missionViewSchema } from '#domain/schemas/missions.ts';
import { api, urlOf } from '#client/lib/api.ts';
import { missionKeys } from './keys.ts';

export const missionUrl = (id: string) => urlOf(missionsRoutes.get, { params: { id } });

/** Read even offline (the service worker keeps the last answer, perhaps of an earlier version: it is checked). */
export function useMission(id: string) {
  return useQuery({
    queryKey: missionKeys.mission(id),
    queryFn: ({ signal }) => api(missionsRoutes.get, { params: { id }, signal, answer: missionViewSchema }),
    networkMode: 'offlineFirst',
    retry: false,
  });
}
