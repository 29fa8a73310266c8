import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import type { Etape, InspectionView, MissionView } from '#domain/schemas/missions.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { formatDay, formatParisDateTime } from '#domain/format.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';
import { missionUrl, useMission } from '../api/use-mission.ts';
import { OFFLINE_DATA_URLS } from '../api/use-planning.ts';
import { useInspectionDraft } from '../offline/use-inspection-draft.ts';
import { useOfflineReady, useOnline } from '#client/lib/use-offline-ready.ts';
import { InspectionForm } from './inspection-form.tsx';
import { SyncStatus } from './sync-status.tsx';
import styles from './missions.module.css';

function Completed({ inspection, etape, mission }: { inspection: InspectionView; etape: Etape; mission: MissionView }) {
  return (
    <>
      <Message kind="success">{m.completedOn(formatParisDateTime(inspection.termineeLe))}</Message>
      <p className={styles.actions}>
        <a href={inspection.pvUrl} download>
          {m.downloadPv[etape]}
        </a>
        {etape === 'prise-en-charge' && !mission.livraison && mission.peutInspecter ? (
          <Link to={paths.adminLivraison(mission.id)}>{m.startDelivery}</Link>
        ) : null}
      </p>
    </>
  );
}

/**
 * The inspection page of one step (/admin/devis/{id}/prise-en-charge or …/livraison): the
 * mission's data (kept by the service worker), the form (kept in IndexedDB), what waits to be
 * sent. Opened once with signal, it opens again without.
 */
export function InspectionScreen({ id, etape }: { id: string; etape: Etape }) {
  const query = useMission(id);
  const mission = query.data;
  const { business } = usePublicConfig();
  const online = useOnline();
  const here = etape === 'prise-en-charge' ? paths.adminPriseEnCharge(id) : paths.adminLivraison(id);
  const readiness = useOfflineReady([here, missionUrl(id), ...OFFLINE_DATA_URLS]);
  // The driver is the operator: his name, without what follows it in the legal line (« Jean Dupont, entrepreneur individuel »).
  const draftApi = useInspectionDraft(mission, etape, business.owner.split(',')[0]!.trim());
  const title = m.pageTitle[etape];
  const back = (
    <p>
      <Link to={paths.adminMissions}>{m.backToPlanning}</Link>
    </p>
  );

  if (!mission) {
    return (
      <Page title={title}>
        {back}
        {query.isPending ? <p role="status">{m.loading}</p> : <Message kind="error">{query.error?.message ?? m.notFound}</Message>}
      </Page>
    );
  }
  const done = etape === 'prise-en-charge' ? mission.priseEnCharge : mission.livraison;
  const blocked = done
    ? null
    : !mission.peutInspecter
      ? m.notInProgress
      : etape === 'livraison' && !mission.priseEnCharge
        ? m.pickupFirst
        : null;
  return (
    <Page title={title} heading={m.heading(etape, mission.numeroDevis)}>
      {back}
      <p className={styles.info}>
        {mission.adresseDepart} → {mission.adresseArrivee}
        {mission.infosVehicule
          ? ` · ${mission.infosVehicule.marque} ${mission.infosVehicule.modele} · ${mission.infosVehicule.immatriculation}`
          : ''}
      </p>
      {done ? (
        <>
          <Message kind="success">{m.completed[etape]}</Message>
          <Completed inspection={done} etape={etape} mission={mission} />
        </>
      ) : blocked ? (
        <Message kind="info">{blocked}</Message>
      ) : (
        <>
          {etape === 'prise-en-charge' && mission.pasAvantLe ? (
            <Message kind="error">{legalTexts.notBeforeWarning(formatDay(mission.pasAvantLe))}</Message>
          ) : null}
          <SyncStatus
            online={online}
            readiness={readiness}
            pendingPhotos={draftApi.pendingPhotos}
            reportPending={Boolean(draftApi.draft?.submitted)}
            isSending={draftApi.isSending}
            isSaving={draftApi.isSaving}
            sessionExpired={draftApi.sessionExpired}
          />
          <InspectionForm mission={mission} etape={etape} draftApi={draftApi} />
        </>
      )}
    </Page>
  );
}
