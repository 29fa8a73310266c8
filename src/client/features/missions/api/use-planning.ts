import { useQuery } from '@tanstack/react-query';
import { accountsRoutes, missionsRoutes } from '#domain/api-paths.ts';
import { planningResponseSchema } from '#domain/schemas/missions.ts';
import { missionTexts } from '#domain/texts/missions.ts';
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

/** The planning's missions as choices of a select (« Devis n° 12 – Lyon → Paris »): an expense's or a debit's mission. */
export function useMissionChoices(): { id: string; label: string }[] {
  const planning = usePlanning();
  return (planning.data?.groupes ?? []).flatMap((group) =>
    group.missions.map((mission) => ({
      id: mission.id,
      label: missionTexts.missionHeading(mission.numeroDevis, `${mission.adresseDepart} → ${mission.adresseArrivee}`),
    })),
  );
}
