import { useQuery } from '@tanstack/react-query';
import type { MissionView } from '#domain/schemas/missions.ts';
import { api } from '#client/lib/api.ts';
import { missionKeys } from './keys.ts';

export const missionUrl = (id: string) => `/api/admin/missions/${encodeURIComponent(id)}`;

/** GET /api/admin/missions/{id}: read even offline (the service worker keeps the last answer). */
export function useMission(id: string) {
  return useQuery({
    queryKey: missionKeys.mission(id),
    queryFn: ({ signal }) => api<MissionView>(missionUrl(id), { signal }),
    networkMode: 'offlineFirst',
    retry: false,
  });
}
