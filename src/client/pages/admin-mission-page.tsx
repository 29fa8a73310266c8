import { useParams } from 'react-router';
import { paths } from '#domain/paths.ts';
import { expenseTexts as e } from '#domain/texts/expenses.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { MissionExpenses } from '#client/features/expenses/components/mission-expenses.tsx';
import { useWaitingExpenses } from '#client/features/expenses/offline/use-waiting-expenses.ts';
import { MissionOverview } from '#client/features/missions/components/mission-overview.tsx';
import { missionUrl, useMission } from '#client/features/missions/api/use-mission.ts';
import { OFFLINE_DATA_URLS } from '#client/features/missions/api/use-planning.ts';
import { PositionSharing } from '#client/features/tracking/components/position-sharing.tsx';
import { useWaitingPositions } from '#client/features/tracking/offline/use-waiting-positions.ts';
import { useOfflineReady, useOnline } from '#client/lib/use-offline-ready.ts';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';
import { SyncBar } from '#client/ui/sync-bar.tsx';

/**
 * /admin/missions/{id}: one mission — its trip and inspections, the live tracking while it is
 * under way, then its expenses (recorded offline too: the page and the mission are kept by the
 * service worker), kilometres and margin. One sync bar at the top says all that this phone holds
 * for the mission and the server does not have yet: its expenses and its positions (these may
 * still wait after the delivery, when the position panel is gone).
 */
export function AdminMissionPage() {
  const id = useParams().id ?? '';
  const query = useMission(id);
  const readiness = useOfflineReady([paths.adminMission(id), missionUrl(id), ...OFFLINE_DATA_URLS]);
  const online = useOnline();
  const expenses = useWaitingExpenses();
  const positions = useWaitingPositions(id);
  const mission = query.data;
  if (!mission) {
    return (
      <Page title={m.planningTitle}>
        {query.isPending ? <p role="status">{m.loading}</p> : <Message kind="error">{query.error?.message ?? m.notFound}</Message>}
      </Page>
    );
  }
  const title = m.missionPageTitle(mission.numeroDevis);
  const waitingExpenses = expenses.waiting.filter((expense) => expense.body.devisId === mission.id);
  const waiting = [
    waitingExpenses.length > 0 ? e.waiting(waitingExpenses.length) : null,
    positions.waiting > 0 ? k.pending(positions.waiting) : null,
  ].filter((line): line is string => line !== null);
  // The position is shared only between the pickup and the delivery of a mission in progress.
  const isSharing = mission.peutInspecter && mission.priseEnCharge && !mission.livraison;
  return (
    <Page title={title}>
      <SyncBar
        online={online}
        readiness={readiness}
        waiting={waiting}
        isSending={expenses.isSending}
        sessionExpired={expenses.sessionExpired}
      />
      <MissionOverview mission={mission} />
      {isSharing ? (
        <PositionSharing devisId={mission.id} refusal={positions.refusal} />
      ) : positions.refusal ? (
        // Positions read before the delivery and sent after it: the server refused them, and says why.
        <Message kind="info">{positions.refusal}</Message>
      ) : null}
      <MissionExpenses
        mission={{ id: mission.id, label: m.missionHeading(mission.numeroDevis, `${mission.adresseDepart} → ${mission.adresseArrivee}`) }}
        waiting={waitingExpenses}
        onPhone={expenses.onPhone}
      />
    </Page>
  );
}
