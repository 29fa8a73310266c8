import { useQuery } from '@tanstack/react-query';
import type { PlanningResponse } from '#domain/schemas/missions.ts';
import { api } from '#client/lib/api.ts';
import { missionKeys } from './keys.ts';

/** GET /api/admin/missions; answered by the service worker's copy when there is no network. */
export function usePlanning() {
  return useQuery({
    queryKey: missionKeys.planning,
    queryFn: ({ signal }) => api<PlanningResponse>('/api/admin/missions', { signal }),
    networkMode: 'offlineFirst',
  });
}
