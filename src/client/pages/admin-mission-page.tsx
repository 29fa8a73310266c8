import { useParams } from 'react-router';
import { paths } from '#domain/paths.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { MissionExpenses } from '#client/features/expenses/components/mission-expenses.tsx';
import { MissionOverview } from '#client/features/missions/components/mission-overview.tsx';
import { missionUrl, useMission } from '#client/features/missions/api/use-mission.ts';
import { OFFLINE_DATA_URLS } from '#client/features/missions/api/use-planning.ts';
import { useOfflineReady } from '#client/lib/use-offline-ready.ts';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';

/**
 * /admin/missions/{id}: one mission — its trip and inspections, then its expenses (recorded
 * offline too: the page and the mission are kept by the service worker), kilometres and margin.
 */
export function AdminMissionPage() {
  const id = useParams().id ?? '';
  const query = useMission(id);
  const readiness = useOfflineReady([paths.adminMission(id), missionUrl(id), ...OFFLINE_DATA_URLS]);
  const mission = query.data;
  if (!mission) {
    return (
      <Page title={m.planningTitle}>
        {query.isPending ? <p role="status">{m.loading}</p> : <Message kind="error">{query.error?.message ?? m.notFound}</Message>}
      </Page>
    );
  }
  const title = m.missionPageTitle(mission.numeroDevis);
  return (
    <Page title={title}>
      <MissionOverview mission={mission} />
      <MissionExpenses
        mission={{ id: mission.id, label: m.missionHeading(mission.numeroDevis, `${mission.adresseDepart} → ${mission.adresseArrivee}`) }}
        readiness={readiness}
      />
    </Page>
  );
}
