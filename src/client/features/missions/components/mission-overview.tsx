import { Link } from 'react-router';
import { formatParisDateTime } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import type { MissionView } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { InspectionLinks, vehicleOf } from './mission-parts.tsx';
import styles from './missions.module.css';

/** The head of a mission's page: the trip, the vehicle, where its two inspections stand and the way to them. */
export function MissionOverview({ mission }: { mission: MissionView }) {
  return (
    <>
      <p>
        <Link to={paths.adminMissions}>{m.backToPlanning}</Link>
      </p>
      <p className={styles.info}>
        {mission.adresseDepart} → {mission.adresseArrivee}
      </p>
      <p className={styles.info}>
        {m.vehicle}&nbsp;: {vehicleOf(mission)}
      </p>
      <p className={styles.state}>
        <strong>{m.inspectionsState}</strong> :{' '}
        {mission.priseEnCharge ? m.pickupDone(formatParisDateTime(mission.priseEnCharge.termineeLe)) : m.pickupToDo}
        {' · '}
        {mission.livraison ? m.deliveryDone(formatParisDateTime(mission.livraison.termineeLe)) : m.deliveryToDo}
      </p>
      {mission.peutInspecter ? <InspectionLinks missionId={mission.id} isPickupDone={!!mission.priseEnCharge} variant="secondary" /> : null}
    </>
  );
}
